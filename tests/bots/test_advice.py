"""Hints (issue 13 item 7): the hard computer's ranked suggestions with reasons, from the
seat's view only, so the other seats' secrets never change a hint (MJ-HIDE-1, MJ-HIDE-2,
R-INFO-1)."""

from __future__ import annotations

from random import Random

import pytest

from engine.bots import Budget, maharaja_eval, raja_eval
from engine.bots.advice import advise
from engine.bots.evaluator import evaluator_for
from engine.bots.search import search, search_ranked
from engine.core.game import copy_state
from engine.maharaja import RULESET
from engine.raja import RULESET as RAJA

from .conftest import advance, new_game
from .test_hidden_information import planning_with_secret, with_secrets
from .test_raja_bots import advance as raja_advance
from .test_raja_bots import new_game as raja_game
from .test_raja_bots import select_with_secret
from .test_raja_bots import with_secrets as raja_secrets

SMALL = Budget.fixed(6)


def test_a_hint_is_the_same_whatever_the_other_seats_hide() -> None:
    """MJ-HIDE-1/2: seat 1's plan and PP differ, seat 0's hint does not."""
    game = planning_with_secret(2)
    legal = game.legal_intents(0)
    hints = []
    for plan, pp in [((1, 5), 4), ((7, 7), 30), ((3, 9), 0)]:
        view = RULESET.view(with_secrets(game.state, plan, pp), 0)
        hints.append(advise(RULESET, view, 0, legal, budget=SMALL))
    assert hints[0] == hints[1] == hints[2]
    assert 2 <= len(hints[0]) <= 3
    assert all(hint.reason for hint in hints[0])


def test_a_raja_hint_ignores_the_hidden_gold_and_plan() -> None:
    """R-INFO-1: another seat's gold and selected actions never reach the hint."""
    game = select_with_secret(2)
    legal = game.legal_intents(0)
    hints = [advise(RAJA, RAJA.view(raja_secrets(game.state, plan, gold), 0), 0, legal,
                    budget=SMALL)
             for plan, gold in [(["PALACE_HOUSE", "GOLD"], 3), (["HOUSE", "HOUSE"], 40)]]
    assert hints[0] == hints[1]


def test_the_hint_is_what_the_hard_computer_would_play() -> None:
    game = planning_with_secret(2)
    view, legal = game.view(0), game.legal_intents(0)
    evaluator = evaluator_for(RULESET.id)
    ranked = search_ranked(RULESET, evaluator, view, 0, legal, Random(5), SMALL)
    assert ranked[0].intent == search(RULESET, evaluator, view, 0, legal, Random(5), SMALL)
    assert [c.score for c in ranked] == sorted((c.score for c in ranked), reverse=True)


def test_a_stopped_hint_still_answers_from_the_worlds_it_finished() -> None:
    game = planning_with_secret(2)
    hints = advise(RULESET, game.view(0), 0, game.legal_intents(0), budget=SMALL,
                   stop=lambda: True)
    assert hints and " now;" in hints[0].reason  # no world simulated: greedy order


def test_reasons_name_the_evaluators_terms() -> None:
    game = planning_with_secret(2)
    hints = advise(RULESET, game.view(0), 0, game.legal_intents(0), budget=SMALL)
    names = set(maharaja_eval.terms(game.state, 0))
    assert any(name in hints[0].reason for name in names), hints[0].reason
    assert "PP" in hints[0].reason


def test_maharaja_terms_add_up_to_the_estimate() -> None:
    # One greedy game walked on through rounds 1, 3 and 6: the same three positions
    # as three walks from the start, for the price of the longest.
    game = new_game(3, seed=4)
    for round_ in (1, 3, 6):
        advance(game, lambda s, r=round_: s.round == r and s.phase == "actions")
        assert game.state.round == round_
        for seat in range(3):
            total = sum(maharaja_eval.terms(game.state, seat).values())
            assert total == pytest.approx(maharaja_eval.estimate(game.state, seat)), round_


@pytest.mark.parametrize("round_", [1, 3])
def test_raja_terms_add_up_to_the_estimate(round_: int) -> None:
    game = raja_advance(raja_game(3, seed=4), lambda s: s.round == round_)
    state = copy_state(game.state)
    for seat in range(3):
        total = sum(raja_eval.terms(state, seat).values())
        assert total == pytest.approx(raja_eval.estimates(state)[seat])
