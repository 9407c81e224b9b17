"""Play from here: a new game from a position, for one seat, keeping only
what that seat knew and redrawing the rest from the new seed; saved as its own game."""

from __future__ import annotations

import random

import msgspec
import pytest

from engine.core import record
from engine.core.autoplay import random_intent
from engine.core.errors import IllegalIntent
from engine.core.fork import play_from
from engine.core.game import Game, copy_state
from engine.core.ruleset import Computer, Seat
from engine.maharaja import RULESET, Options
from engine.maharaja import intents as it
from engine.raja import RULESET as RAJA
from engine.registry import rulesets
from tests.bots.test_raja_bots import select_with_secret
from tests.core.fake_game import RULESET as CLAIMS


def played(ruleset, options, until, seed: int = 5, players: int = 3) -> Game:  # noqa: ANN001
    game = Game(ruleset, [Seat(f"P{n}") for n in range(players)], options, seed)
    rng = random.Random(seed)
    for _ in range(5000):
        if until(game):
            return game
        game.play(*random_intent(game, rng))
    raise AssertionError("never reached")


def encoded(game: Game) -> bytes:
    return msgspec.msgpack.encode(game.start)


def test_a_maharaja_fork_keeps_only_what_the_seat_knew() -> None:
    """MJ-HIDE-1/2: seat 1's PP and committed plan are redrawn; two positions that differ
    only there give the same new game. Seat 0's own PP and everything public stay."""
    game = played(RULESET, Options(), lambda g: g.state.phase == "planning"
                  and g.state.round == 2 and g.to_move() == (0, 1, 2))
    game.play(1, it.CommitPlan(first=1, second=5))
    starts = []
    for plan, pp in [((1, 5), 4), ((7, 9), 30)]:
        state = copy_state(game.state)
        state.players[1].plan, state.players[1].pp = plan, pp
        fork = play_from(RULESET, state, game.seats, game.options, 0, seed=99)
        starts.append(encoded(fork))
        assert fork.state.players[0].pp == game.state.players[0].pp
        assert fork.state.players[1].planned and fork.state.players[1].plan is not None
        assert fork.seats[0].is_human and isinstance(fork.seats[1].controller, Computer)
    assert starts[0] == starts[1]
    other = play_from(RULESET, game.state, game.seats, game.options, 0, seed=100)
    assert encoded(other) != starts[0] or other.seed != 99  # a new seed redraws


def test_a_raja_fork_redraws_the_hidden_gold_and_selection() -> None:
    """R-INFO-1/2: another seat's gold and unrevealed selection are redrawn."""
    game = select_with_secret(2)  # seat 1 selected (hidden), seat 0 to select
    starts = []
    for plan, gold in [(["PALACE_HOUSE", "GOLD"], 0), (["HOUSE", "HOUSE"], 55)]:
        state = copy_state(game.state)
        state.players[1].plan, state.players[1].gold = plan, gold
        starts.append(encoded(play_from(RAJA, state, game.seats, game.options, 0, seed=7)))
    assert starts[0] == starts[1]


@pytest.mark.parametrize("ruleset_id", ["maharaja-2020", "raja-2004", "maharani",
                                        "maharadjah"])
def test_a_forked_game_plays_on_saves_and_loads_as_its_own_game(ruleset_id, tmp_path) -> None:  # noqa: ANN001
    rules = rulesets()[ruleset_id]
    players = max(rules.min_seats, 2)
    game = played(rules, rules.Options(), lambda g: len(g.steps) >= 40, players=players)
    fork = play_from(rules, game.state, game.seats, game.options, 0, seed=4242)
    rng = random.Random(1)
    for _ in range(30):
        if fork.is_over():
            break
        fork.play(*random_intent(fork, rng))
    path = tmp_path / "fork.json"
    record.save(fork, path)
    loaded = record.load(path, rulesets())  # validated: every step replayed from the start
    assert loaded.steps == fork.steps and loaded.seed == 4242
    assert msgspec.msgpack.encode(loaded.state) == msgspec.msgpack.encode(fork.state)


def test_a_game_that_cannot_redraw_refuses_in_one_line() -> None:
    game = Game(CLAIMS, [Seat("A"), Seat("B")], CLAIMS.Options(), 1)
    with pytest.raises(IllegalIntent) as refusal:
        play_from(CLAIMS, game.state, game.seats, game.options, 0, seed=1)
    assert refusal.value.rule == "CORE-FORK-1"


def test_a_finished_game_has_nothing_to_play_from() -> None:
    game = played(RULESET, Options(), lambda g: g.is_over())
    with pytest.raises(IllegalIntent) as refusal:
        play_from(RULESET, game.state, game.seats, game.options, 0, seed=1)
    assert refusal.value.rule == "CORE-FORK-3"
