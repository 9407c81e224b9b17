"""Computer players for Raja (raja-2004): legal, blind to hidden values, reproducible."""

from __future__ import annotations

import functools
from random import Random

import msgspec
import pytest

from engine.bots import LEVELS, Budget, choose_intent, raja_eval, raja_policy
from engine.bots.evaluator import evaluator_for
from engine.bots.match import bot_seat, decision_rng, play_game
from engine.core.game import Game, copy_state
from engine.core.ruleset import Seat
from engine.raja import RULESET, preset
from engine.raja import intents as it
from engine.raja.scoring import city_points
from engine.raja.state import Phase

from .seeded import assert_seeded, ranking

NAMES = ("Ana", "Ben", "Cy", "Dee", "Eve")
TINY = Budget.fixed(2)


def new_game(players: int, seed: int, options=None) -> Game:
    return Game(RULESET, [Seat(NAMES[n]) for n in range(players)],
                options or preset("Basic"), seed)


def advance(game: Game, until) -> Game:
    """Play greedy (medium) moves from each seat's own view until ``until(state)``."""
    for _ in range(3000):
        if until(game.state) or not game.to_move():
            return game
        seat = game.to_move()[0]
        view = raja_eval.determinise(game.view(seat), seat, Random(0))
        game.play(seat, raja_policy.best(view, seat))
    raise AssertionError("the condition was never reached")


def test_raja_has_an_evaluator() -> None:
    assert evaluator_for("raja-2004") is not None


@pytest.mark.parametrize(("players", "options"), [
    (2, preset("Basic")),
    (3, preset("Advanced I")),
    (4, preset("Advanced II", auction=True)),
    (5, preset("Basic", short_game=True, yogi_tokens=True)),
    (2, preset("Advanced II", home_city=True, hidden_gold=False)),
])
def test_every_level_chooses_legal_intents(players: int, options) -> None:
    game = new_game(players, seed=players, options=options)
    planned: set[str] = set()
    for n in range(80):
        movers = game.to_move()
        if not movers:
            break
        seat = movers[0]
        legal = game.legal_intents(seat)
        level = LEVELS[(seat + n // 20) % len(LEVELS)]
        if game.state.phase == Phase.SELECT and level in planned:
            # A plan costs every level 0.1-1 s (each plan's turn is played out) and is
            # always a SelectActions: once a level has planned in this game, later plans
            # are drawn at random so the decisions go to the setup and turn steps,
            # whose intents vary (as many kinds of (level, intent) are checked).
            game.play(seat, Random(n).choice(legal))
            continue
        if game.state.phase == Phase.SELECT:
            planned.add(level)
        intent = choose_intent(RULESET, game.view(seat), seat, legal, level,
                               Random(n), budget=TINY)
        assert intent in legal, (level, intent)
        game.play(seat, intent)
    assert game.state.round >= 1  # past the setup: characters, auction, houses


@pytest.fixture(scope="module")
def finished() -> Game:
    seats = [bot_seat("a", "medium"), bot_seat("b", "easy")]
    return play_game(RULESET, seats, preset("Basic"), seed=11)


def test_a_medium_game_finishes_with_palaces_built(finished: Game) -> None:
    assert finished.is_over()
    assert max(raja_eval.palaces(finished.state)) >= 4


@functools.cache
def select_with_secret(round_: int, seed: int = 5) -> Game:
    """Round ``round_``'s selection, seat 1 selected (hidden), seat 0 to select.
    Read-only: one greedy walk shared by the tests here and in test_advice that ask for
    it (the bots only read a view; tests copy the state before changing it)."""
    game = advance(new_game(2, seed), lambda s: s.phase == Phase.SELECT and s.round == round_)
    game.play(1, it.SelectActions(first="PALACE_HOUSE", second="GOLD"))
    assert game.to_move() == (0,)
    return game


def with_secrets(state, plan: list[str], gold: int):
    other = copy_state(state)
    other.players[1].plan = plan
    other.players[1].gold = gold
    return other


@pytest.mark.parametrize("level", LEVELS)
def test_choice_ignores_the_other_seats_plan_and_gold(level: str) -> None:
    game = select_with_secret(2)
    legal = game.legal_intents(0)
    choices = []
    for plan, gold in [(["PALACE_HOUSE", "GOLD"], 3), (["GOVERNOR", "QUARRY"], 40),
                       (["HOUSE", "HOUSE"], 0)]:
        view = RULESET.view(with_secrets(game.state, plan, gold), 0)
        assert view.players[1].plan == [] and view.players[1].gold == -1
        choices.append(choose_intent(RULESET, view, 0, legal, level, Random(3),
                                     budget=Budget.fixed(6)))
    assert choices[0] == choices[1] == choices[2]


@functools.cache
def turn_in_round_2() -> Game:
    """A turn of round 2 under way: read-only, shared by the three levels' tests. Three
    players: which rival leads turns on their gold, so here every level's choice changes
    with gold it can see (in a 2-player turn it did not: a check there could not fail)."""
    return advance(new_game(3, seed=9), lambda s: s.phase == Phase.TURNS and s.round == 2
                   and s.turn is not None)


@pytest.mark.parametrize("level", LEVELS)
def test_turn_steps_ignore_the_hidden_gold(level: str) -> None:
    """R-INFO-1: the others' gold, hidden, moves no choice. The same golds shown in the
    view do move it here, so a view that leaked them would fail this test."""
    game = turn_in_round_2()
    seat = game.to_move()[0]
    legal = game.legal_intents(seat)

    def choice(golds: tuple[int, ...], *, leaked: bool) -> str:
        full = copy_state(game.state)
        for other, player in enumerate(full.players):
            if other != seat:
                player.gold = golds[other]
        view = RULESET.view(full, seat)
        if leaked:
            for other, player in enumerate(view.players):
                player.gold = full.players[other].gold
        return repr(choose_intent(RULESET, view, seat, legal, level, Random(4), budget=TINY))

    golds = [(0, 0, 0), (17, 2, 30), (60, 40, 0)]
    assert len({choice(g, leaked=True) for g in golds}) > 1  # seen, the gold matters here
    assert len({choice(g, leaked=False) for g in golds}) == 1


@pytest.mark.parametrize("level", LEVELS)
def test_the_view_is_not_modified(level: str) -> None:
    game = select_with_secret(2)
    view = game.view(0)
    before = msgspec.msgpack.encode(view)
    choose_intent(RULESET, view, 0, game.legal_intents(0), level, Random(1),
                  budget=Budget.fixed(4))
    assert msgspec.msgpack.encode(view) == before


def test_hard_is_reproducible_with_a_fixed_budget() -> None:
    """The whole search, not its pick: here the pick was the same for every seed."""
    game = select_with_secret(3)
    assert_seeded(lambda seed: ranking(game, 0, decision_rng(seed, 0, len(game.steps)),
                                       Budget.fixed(8)), 42, 43)


# 40 decisions of hard and easy played twice (~2-3 CPU-s) in the slow job; the default run
# keeps hard's whole search from decision_rng checked against another seed
# (test_hard_is_reproducible_with_a_fixed_budget).
@pytest.mark.slow
def test_a_game_replays_identically_from_its_seed() -> None:
    def record(seed: int) -> list:
        game = new_game(2, seed)
        chosen = []
        for _ in range(40):
            seat = game.to_move()[0]
            level = ("hard", "easy")[seat]
            intent = choose_intent(RULESET, game.view(seat), seat, game.legal_intents(seat),
                                   level, decision_rng(seed, seat, len(game.steps)),
                                   budget=Budget.fixed(3))
            chosen.append(intent)
            game.play(seat, intent)
        return chosen

    assert record(21) == record(21)


def test_city_points_agree_with_the_rules() -> None:
    game = advance(new_game(3, seed=4, options=preset("Advanced I")),
                   lambda s: s.phase == Phase.TURNS and s.round == 2)
    state = game.state
    for city in state.cities:
        rules = city_points(state, city)
        assert raja_eval.city_points(state, city, True) == [rules[s] for s in range(3)]


def test_value_prefers_the_winner_at_the_end(finished: Game) -> None:
    state = finished.state
    winner = state.ranking[0]
    assert raja_eval.value(state, winner) > 0 > raja_eval.value(state, 1 - winner)


@pytest.mark.parametrize("short", [True, False])
def test_rounds_left_knows_the_short_games_round_cap(short: bool) -> None:
    """R-VAR-SHORT-2: in a short game round 8 is the last whatever the track says, so
    a bot in round 7 counts one scoring after this one, not the track's distance."""
    game = advance(new_game(3, 2, msgspec.structs.replace(preset("Basic"), short_game=short)),
                   lambda s: s.phase == Phase.SELECT)
    state = copy_state(game.state)
    state.round = 7
    for city in state.governors:  # governor moves kept the track low
        state.governors[city] = min(state.governors[city], 9)
    top = max(state.governors.values())
    assert raja_eval.rounds_left(state) == (1 if short else 17 - top)  # printed 10: index 17
