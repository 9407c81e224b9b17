"""A trusted load and the replay built on it do only what showing one position needs
(the replay-from-file figure): the fold stores no snapshot on the way (undo stores them as it folds
again), and the replay decodes no state until it shows one."""

from __future__ import annotations

from random import Random
from typing import Any

import msgspec
import pytest

from engine.core import autoplay, record
from engine.core import game as core_game
from engine.core import replay as core_replay
from engine.core.game import SNAPSHOT_EVERY, Game
from engine.core.replay import Replay
from engine.core.ruleset import Computer, Seat
from engine.registry import rulesets


def saved(steps: int = 90) -> bytes:
    rules = rulesets()["maharaja-2020"]
    game = Game(rules, [Seat(f"P{s}", Computer(level="random")) for s in range(3)], None, 5)
    return record.encode(autoplay.play_randomly(game, Random(5), max_steps=steps))


def state_of(game: Game) -> bytes:
    return msgspec.msgpack.encode(game.state)


def test_a_trusted_load_stores_no_snapshot_and_undo_folds_as_a_checked_load() -> None:
    data = saved()
    trusted = record.decode(data, rulesets(), validate=False)
    checked = record.decode(data, rulesets(), validate=True)
    assert set(trusted.stored_snapshots()) == {0}  # only the start
    assert state_of(trusted) == state_of(checked)
    for _ in range(SNAPSHOT_EVERY + 3):  # back past a snapshot's step
        assert trusted.undo() == checked.undo()
        assert state_of(trusted) == state_of(checked)
    # the first undo folded again from the start and kept what it passed
    kept = set(trusted.stored_snapshots())
    assert {n for n in range(0, len(trusted.steps) + 1, SNAPSHOT_EVERY)} <= kept
    for count in kept:
        assert trusted.stored_snapshots()[count] == checked.stored_snapshots()[count]
    for _ in range(5):
        assert trusted.redo() == checked.redo()
    assert state_of(trusted) == state_of(checked)


def test_a_replay_decodes_no_state_until_it_shows_one(monkeypatch: pytest.MonkeyPatch) -> None:
    game = record.decode(saved(), rulesets(), validate=False)
    decoded = []

    def counted(data: bytes, state_type: type[Any]) -> Any:
        decoded.append(len(data))
        return msgspec.msgpack.decode(data, type=state_type)

    for module in (core_game, core_replay):  # copy_state decodes through core_game's
        monkeypatch.setattr(module, "restore", counted)
    replay = Replay(game)
    assert decoded == []
    replay.seek(1)  # where the replay screen opens: from the start's snapshot
    assert len(decoded) == 1
    assert replay.seek(replay.length) is replay.state
    assert msgspec.msgpack.encode(replay.state) == state_of(game)
    assert replay.step_of == [i for i, step in enumerate(game.steps) for _ in step.events]
