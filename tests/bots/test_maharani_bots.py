"""Computer players for Maharani: legal, blind to the bag's order, reproducible, and the
medium judgement reads the rules' own gold (M-GOLD, M-EVAL-1, M-EOT-1)."""

from __future__ import annotations

from random import Random

import msgspec
import pytest

from engine.bots import LEVELS, Budget, choose_intent, maharani_eval, maharani_policy
from engine.bots.evaluator import evaluator_for
from engine.bots.match import bot_seat, decision_rng, play_game
from engine.bots.simulate import after
from engine.core.game import Game, copy_state
from engine.core.ruleset import Seat
from engine.maharani import RULESET
from engine.maharani import intents as it
from tests.maharani.helpers import game as scenario
from tests.maharani.helpers import put

from .seeded import assert_seeded, ranking

TINY = Budget.fixed(2)


def new_game(players: int, seed: int) -> Game:
    return Game(RULESET, [Seat(f"P{n}") for n in range(players)], None, seed)


def test_maharani_has_an_evaluator() -> None:
    assert evaluator_for("maharani") is not None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_level_chooses_legal_intents(players: int) -> None:
    game = new_game(players, seed=players)
    for n in range(60):
        if not game.to_move():
            break
        seat = game.to_move()[0]
        legal = game.legal_intents(seat)
        level = LEVELS[(seat + n // 10) % len(LEVELS)]
        intent = choose_intent(RULESET, game.view(seat), seat, legal, level, Random(n),
                               budget=TINY)
        assert intent in legal, (level, intent)
        game.play(seat, intent)


def test_a_bot_game_finishes() -> None:
    seats = [bot_seat("a", "medium"), bot_seat("b", "easy"), bot_seat("c", "hard")]
    game = play_game(RULESET, seats, None, seed=3, budget=TINY)
    assert game.is_over() and game.state.winners


def test_medium_takes_the_richest_placement() -> None:
    """M-EX-5's +8 placement is the medium bot's choice."""
    g = scenario(4, slots=("RED H2-P", "BLUE H2-X", "GREEN H2-P", "GREEN H2-P"))
    for cell, spec in (("r0c2", "BLUE H2-P"), ("r1c2", "BLUE H1-F"), ("r0c5", "BLUE H2-X")):
        put(g, cell, spec)
    put(g, "r0c3", "BLUE H2-P", artisan="GREEN")
    put(g, "r1c4", "RED H2-P", artisan="GREEN")
    pick = choose_intent(RULESET, g.view(0), 0, g.legal_intents(0), "medium", Random(0))
    assert pick == it.Place(slot=2, cell="r0c4", arrow="N", artisan="GREEN")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_policy_scores_are_the_estimate_changes(seed: int) -> None:
    """The medium score of a placement is what it adds to the seat's estimate (the
    rules' tile and artisan gold, quarter gold to come, markers, the fee), up to the
    small tie-break toward built-up cells."""
    game = new_game(2, seed)
    rng = Random(seed)
    for _ in range(30):
        seat = game.to_move()[0]
        state = game.view(seat)
        before = maharani_eval.estimates(state)[seat]
        for intent in rng.sample(game.legal_intents(seat), 5):
            if not isinstance(intent, it.Place):
                continue
            change = maharani_eval.estimates(after(RULESET, state, seat, intent))[seat] - before
            assert abs(maharani_policy.score(state, seat, intent) - change) <= 0.05
        game.play(seat, maharani_policy.best(state, seat))


@pytest.mark.parametrize("level", LEVELS)
def test_choice_ignores_the_bag_order(level: str) -> None:
    """M-INFO-1: whatever order a bag might hold, the seat's view (and so the choice)
    is the same."""
    game = new_game(2, seed=8)
    seat = game.to_move()[0]
    legal = game.legal_intents(seat)
    choices = set()
    for shuffle in range(3):
        full = copy_state(game.state)
        Random(shuffle).shuffle(full.bag)
        view = RULESET.view(full, seat)
        assert view.bag == sorted(full.bag)
        choices.add(choose_intent(RULESET, view, seat, legal, level, Random(4),
                                  budget=Budget.fixed(6)))
    assert len(choices) == 1


@pytest.mark.parametrize("level", LEVELS)
def test_the_view_is_not_modified(level: str) -> None:
    game = new_game(3, seed=4)
    seat = game.to_move()[0]
    view = game.view(seat)
    before = msgspec.msgpack.encode(view)
    choose_intent(RULESET, view, seat, game.legal_intents(seat), level, Random(1),
                  budget=Budget.fixed(6))
    assert msgspec.msgpack.encode(view) == before


def test_hard_is_reproducible_with_a_fixed_budget() -> None:
    """The whole search, not its pick: here the pick was the same for every seed."""
    game = new_game(2, seed=6)
    seat = game.to_move()[0]
    assert_seeded(lambda seed: ranking(game, seat, decision_rng(seed, seat, len(game.steps)),
                                       Budget.fixed(4)), 42, 43)


