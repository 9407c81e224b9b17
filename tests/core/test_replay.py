"""The replay cursor reuses the game's fold: built without applying or
describing a single event, it seeks from the game's stored states and its own, and
every position gives the state folding that many events gives."""

from __future__ import annotations

from random import Random

import msgspec

from engine.core import replay as core_replay
from engine.core.autoplay import play_randomly
from engine.core.describe import marked
from engine.core.game import Game
from engine.core.replay import Replay
from engine.core.ruleset import Seat
from tests.core.fake_game import Counting, Options

SEATS = [Seat("Ann"), Seat("Bo"), Seat("Cy")]


def played(rules: Counting, steps: int = 1000) -> Game:
    # 64 claims over 65 steps, and a setup step of 42 events (ticks), longer than
    # the replay's snapshot interval
    game = Game(rules, SEATS, Options(rows=8, cols=8, runaway=40), seed=11)
    return play_randomly(game, Random(11), max_steps=steps)


def folded(game: Game, count: int) -> bytes:
    rules = game.ruleset
    state = rules.new_state(game.options, game.seats)
    for _, event in list(game.events())[:count]:
        rules.apply(state, event)
    return msgspec.msgpack.encode(state)


def test_a_replay_is_built_without_folding_the_log_again() -> None:
    rules = Counting()
    game = played(rules)
    rules.applied = rules.described = 0
    replay = Replay(game)
    assert (rules.applied, rules.described) == (0, 0)
    assert replay.position == replay.length == len(list(game.events()))
    assert msgspec.msgpack.encode(replay.state) == msgspec.msgpack.encode(game.state)


def test_every_position_is_the_fold_of_that_many_events() -> None:
    game = played(Counting())
    replay = Replay(game)
    positions = list(range(replay.length + 1))
    for position in [*positions, *reversed(positions), *Random(3).sample(positions, 40)]:
        assert msgspec.msgpack.encode(replay.seek(position)) == folded(game, position), position


def test_a_seek_applies_at_most_snapshot_every_events_once_visited() -> None:
    rules = Counting()
    game = played(rules)
    replay = Replay(game)
    replay.seek(0)
    replay.seek(replay.length)  # one pass stores a state every SNAPSHOT_EVERY events
    for position in Random(5).sample(range(replay.length + 1), 40):
        rules.applied = 0
        replay.seek(position)
        assert rules.applied <= core_replay.SNAPSHOT_EVERY


def test_the_full_log_is_described_once_on_first_use() -> None:
    rules = Counting()
    game = played(rules)
    replay = Replay(game)
    rules.described = 0
    state = rules.new_state(game.options, game.seats)
    expected = []
    for _, event in game.events():
        # unredacted (the full state), marked where a turn or round starts
        expected.append(marked(rules.describe(event, state), rules.boundary(event)))
        rules.apply(state, event)
    rules.described = 0
    assert replay.descriptions == expected
    assert replay.descriptions is replay.descriptions
    assert rules.described == replay.length


def test_the_game_going_on_leaves_the_replay_as_it_was() -> None:
    game = played(Counting(), steps=30)
    replay = Replay(game)
    length, final = replay.length, msgspec.msgpack.encode(replay.state)
    play_randomly(game, Random(2), max_steps=20)
    assert replay.length == length
    assert msgspec.msgpack.encode(replay.state) == final
    assert msgspec.msgpack.encode(replay.seek(7)) == folded(game, 7)
