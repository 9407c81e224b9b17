"""Fuzzing the loader and the autosave list: a few thousand truncated,
bit-flipped, re-encoded, deeply nested and type-confused saves, made from the recordings
and fresh random games of both games; every outcome is a short RecordError naming the
file or a game that works. ``python scripts/fuzz_saves.py`` runs many more."""

from __future__ import annotations

from pathlib import Path
from random import Random

import pytest

from engine.core import record
from engine.core.errors import RecordError
from engine.registry import rulesets
from tests.saves_fuzzing import check_game, check_load, mutate, sources

pytestmark = pytest.mark.slow  # thousands of damaged saves loaded

LOADS = 2500  # each loaded validated and as a fold: about 10 s of one core
LIST_ROUNDS = 40  # autosave folders of 8 damaged files and one good one


@pytest.fixture(scope="module")
def originals() -> list[bytes]:
    return sources(seed=9)


def test_fuzzed_saves_are_a_record_error_or_a_working_game(originals: list[bytes]) -> None:
    rng = Random(20261122)
    outcomes: dict[str, int] = {}
    for number in range(LOADS):
        data = mutate(rng.choice(originals), rng)
        try:
            outcome = check_load(data)
        except Exception as exc:
            raise AssertionError(f"input {number} (seed 20261122): {exc!r}") from exc
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
    # The mutations reach every kind of outcome, not only the first parse error.
    assert set(outcomes) >= {"error/error", "error/game", "game/game"}, outcomes


def test_fuzzed_autosaves_never_block_the_list(
        originals: list[bytes], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from maharaja_tui import autosaves

    rng = Random(7)
    unfinished = [data for data in originals
                  if not record.decode(data, rulesets(), validate=False).is_over()]
    for round_number in range(LIST_ROUNDS):
        monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / f"data-{round_number}"))
        folder = autosaves.autosave_dir()
        folder.mkdir(parents=True)
        good = folder / "20000101000000-1.json"
        good.write_bytes(rng.choice(unfinished))
        for n in range(8):
            (folder / f"2030010100000{n}-{n}.json").write_bytes(mutate(rng.choice(originals), rng))
        listed = autosaves.unfinished()
        for save in listed:
            save.describe()  # what the new-game screen shows
        latest = autosaves.latest_unfinished()
        assert latest is not None
        check_game(record.load(latest, rulesets()))
        assert good in [save.path for save in autosaves.unfinished()]
        autosaves.prune(keep=3, protect=good)
        assert good.exists()
        for path in folder.glob("*.json"):  # what stays is listed or not this program's
            if autosaves.read(path) is None:
                with pytest.raises(RecordError) as info:
                    record.load(path, rulesets(), validate=False)
                assert not info.value.damaged
        autosaves.notices()
