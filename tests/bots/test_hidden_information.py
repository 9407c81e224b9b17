"""Bots decide from their seat's view only: hidden values never change their choice."""

from __future__ import annotations

import functools
from random import Random

import msgspec
import pytest

from engine.bots import LEVELS, Budget, choose_intent
from engine.core.game import Game, copy_state
from engine.maharaja import RULESET
from engine.maharaja import intents as it

from .conftest import advance, new_game


@functools.cache
def planning_with_secret(round_: int) -> Game:
    """Round ``round_``'s planning, seat 1 committed, seat 0 to plan. Read-only: one
    greedy walk per round is shared by every test here and in test_advice that asks for
    it (the bots never modify a view; tests copy the state before changing it)."""
    game = advance(new_game(2, seed=7), lambda s: s.phase == "planning" and s.round == round_)
    game.play(1, it.CommitPlan(first=1, second=5))
    assert game.to_move() == (0,)
    return game


def with_secrets(state, plan: tuple[int, int], pp: int):
    other = copy_state(state)
    other.players[1].plan = plan
    other.players[1].pp = pp
    return other


@pytest.mark.parametrize("level", LEVELS)
def test_choice_ignores_the_other_seats_plan_and_pp(level: str) -> None:
    game = planning_with_secret(2)
    legal = game.legal_intents(0)
    choices = []
    for plan, pp in [((1, 5), 4), ((7, 7), 30), ((3, 9), 0)]:
        full = with_secrets(game.state, plan, pp)
        view = RULESET.view(full, 0)
        assert view.players[1].plan is None and view.players[1].pp == -1
        choices.append(choose_intent(RULESET, view, 0, legal, level, Random(3),
                                     budget=Budget.fixed(3)))
    assert choices[0] == choices[1] == choices[2]


def test_views_hide_what_the_bot_must_not_read() -> None:
    game = planning_with_secret(3)
    a = RULESET.view(with_secrets(game.state, (1, 1), 2), 0)
    b = RULESET.view(with_secrets(game.state, (9, 9), 50), 0)
    assert msgspec.msgpack.encode(a) == msgspec.msgpack.encode(b)


@pytest.mark.parametrize("level", LEVELS)
def test_the_view_is_not_modified(level: str) -> None:
    game = planning_with_secret(2)
    view = game.view(0)
    before = msgspec.msgpack.encode(view)
    choose_intent(RULESET, view, 0, game.legal_intents(0), level, Random(1),
                  budget=Budget.fixed(2))
    assert msgspec.msgpack.encode(view) == before


def test_solo_deck_and_stack_stay_hidden() -> None:
    from engine.core.ruleset import Seat
    from engine.maharaja import Options

    game = Game(RULESET, [Seat("Solo")], Options(mode="solo", difficulty="hard"), 9)
    game = advance(game, lambda s: s.phase == "planning" and s.round == 2)
    legal = game.legal_intents(0)
    choices = []
    for shuffle_seed in (1, 2):
        full = copy_state(game.state)
        Random(shuffle_seed).shuffle(full.solo.deck)
        view = RULESET.view(full, 0)
        assert view.solo.deck == []
        choices.append(choose_intent(RULESET, view, 0, legal, "hard", Random(5),
                                     budget=Budget.fixed(3)))
    assert choices[0] == choices[1]


def test_solo_deal_never_makes_the_check_tile_the_face_down_one() -> None:
    """MJ-BOT-R2 / MJ-HIDE-3: after Brahmabot's turn an unused face-down tile stays
    hidden; a bot guessing it never guesses the check tile, which is the deck's top."""
    from engine.bots.maharaja_eval import determinise
    from engine.core.ruleset import Seat
    from engine.maharaja import Options

    game = Game(RULESET, [Seat("Solo")], Options(mode="solo", difficulty="hard"), 4)
    game = advance(game, lambda s: s.phase == "actions" and s.solo.used
                   and s.solo.face_down == 2)
    view = RULESET.view(game.state, 0)
    assert view.solo.drawn[2] == "" and view.solo.check
    for seed in range(40):
        dealt = determinise(copy_state(view), 0, Random(seed)).solo
        assert dealt.drawn[2] != dealt.check and dealt.deck[0] == dealt.check
        assert sorted([*dealt.drawn, *dealt.deck, *dealt.removed]) == sorted(
            [*game.state.solo.drawn, *game.state.solo.deck, *game.state.solo.removed])
