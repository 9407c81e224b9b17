"""Every recorded game still replays, event for event, to its stored final scores.

record.load re-decides every intent with the current rules and checks each step
produces exactly the recorded events, so a rules change that alters history fails
here. Regenerate with ``python scripts/make_recordings.py`` only when the change is
intended.
"""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from engine import rulesets
from engine.core import record

RECORDINGS = Path(__file__).resolve().parent.parent / "recordings"
GAMES = sorted(p for p in RECORDINGS.glob("*.json") if not p.name.endswith(".expected.json"))


class Expected(msgspec.Struct):
    final_pp: list[int]
    winners: list[int]


def test_the_required_recordings_exist() -> None:
    names = {p.stem for p in GAMES}
    assert {"two-players", "three-players", "four-players", "variants-R1-R2-F3",
            "solo-easy", "solo-medium", "solo-hard"} <= names


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_recording_replays_to_its_final_scores(path: Path) -> None:
    game = record.load(path, rulesets(), validate=True)
    assert game.is_over()
    expected = msgspec.json.decode(path.with_suffix(".expected.json").read_bytes(),
                                   type=Expected)
    state = game.state
    totals = [p.pp + f.total for p, f in zip(state.players, state.final, strict=True)]
    assert totals == expected.final_pp
    assert list(state.winners) == expected.winners
