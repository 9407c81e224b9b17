"""Every recorded game still replays, event for event, to its stored final figures.

record.load re-decides every intent with the current rules and checks each step
produces exactly the recorded events, so a rules change that alters history fails
here. The final figures are the game's own (its GameSpec ``outcome``), so this test
knows no game. Regenerate with ``python scripts/make_recordings.py`` only when the
change is intended.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import pytest

from engine import rulesets
from engine.core import record
from engine.registry import spec_of

# Not marked slow: every change to the rules must meet it (about 4 s of one core).

RECORDINGS = Path(__file__).resolve().parent.parent / "maharaja_tui" / "recordings"
GAMES = sorted(p for p in RECORDINGS.glob("*.json") if not p.name.endswith(".expected.json"))


class Expected(msgspec.Struct):
    game: str
    outcome: dict[str, Any]


def expected(path: Path) -> Expected:
    return msgspec.json.decode(path.with_suffix(".expected.json").read_bytes(), type=Expected)


def test_the_required_recordings_exist() -> None:
    names = {p.stem for p in GAMES}
    assert {"two-players", "three-players", "four-players", "variants-R1-R2-F3",
            "solo-easy", "solo-medium", "solo-hard"} <= names
    # Raja: every player count (R-COMP-4) and every preset (R-MODE-3).
    raja = [expected(p) for p in GAMES if p.stem.startswith("raja-")]
    assert {len(e.outcome["ranking"]) for e in raja} == {2, 3, 4, 5}
    assert {p.stem.split("-", 2)[2] for p in GAMES if p.stem.startswith("raja-")} == {
        "basic", "advanced-i", "advanced-ii"}


def test_every_game_with_an_outcome_has_recordings() -> None:
    recorded = {expected(p).game for p in GAMES}
    assert {game for game in rulesets() if spec_of(game).outcome} <= recorded


def test_every_outcome_names_its_winners() -> None:
    """The tournament and any other game-agnostic judge read the winners from it."""
    for path in GAMES:
        winners = expected(path).outcome["winners"]
        assert winners and all(isinstance(seat, int) for seat in winners), path.name


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_recording_replays_to_its_final_figures(path: Path) -> None:
    want = expected(path)
    game = record.load(path, rulesets(), validate=True)
    assert game.ruleset.id == want.game
    assert game.is_over()
    outcome = spec_of(want.game).load_outcome()
    assert msgspec.to_builtins(outcome(game.state)) == want.outcome
