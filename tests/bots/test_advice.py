"""Hints: the hard computer's ranked suggestions with reasons in the game's words, from
the seat's view only, so the other seats' secrets never change a hint or its reason
(MJ-HIDE-1, MJ-HIDE-2, R-INFO-1, M-INFO-1, W-VP-7)."""

from __future__ import annotations

import random
import re
from random import Random
from typing import Any

import msgspec
import pytest

from engine.bots import Budget, choose_intent
from engine.bots.advice import advise
from engine.bots.evaluator import evaluator_for
from engine.bots.match import bot_seat
from engine.bots.search import search, search_ranked
from engine.core.game import Game, copy_state
from engine.maharaja import RULESET
from engine.raja import RULESET as RAJA
from engine.registry import rulesets

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


def test_a_stopped_hint_still_answers_from_what_the_seat_would_play_this_turn() -> None:
    game = planning_with_secret(2)
    hints = advise(RULESET, game.view(0), 0, game.legal_intents(0), budget=SMALL,
                   stop=lambda: True)
    assert len(hints) == 3 and all(hint.reason for hint in hints)


# What a hint's reason may name: the game's things, never the evaluator's terms.
EVALUATOR_TERMS = ("estimate", "term", "terms", "rival", "value", "+", "margin")


def _words_only(reason: str) -> None:
    assert reason and not any(word in reason.split() for word in EVALUATOR_TERMS), reason


def test_maharaja_reasons_say_what_a_plan_leaves_by_the_rounds_end() -> None:
    game = planning_with_secret(2)
    hints = advise(RULESET, game.view(0), 0, game.legal_intents(0), budget=SMALL)
    for hint in hints:
        _words_only(hint.reason)
    assert "by the round's end" in hints[0].reason
    words = ("statue", "coin", "shrine", "PP", "majorit", "scoring", "token", "character")
    assert any(word in hints[0].reason for word in words), hints[0].reason


def test_raja_reasons_name_gold_and_palaces() -> None:
    game = raja_advance(raja_game(3, seed=4), lambda s: s.round == 2 and s.phase == "turns")
    seat = game.to_move()[0]
    hints = advise(RAJA, game.view(seat), seat, game.legal_intents(seat), budget=SMALL)
    assert len(hints) >= 2
    for hint in hints:
        _words_only(hint.reason)


def _mid_game(game_id: str, players: int, seed: int, decisions: int) -> tuple[Any, int]:
    """A game of medium computers ``decisions`` decisions in: (game, seat to move)."""
    game = Game(rulesets()[game_id], [bot_seat(f"m{n}", "medium") for n in range(players)],
                None, seed)
    for n in range(decisions):
        seat = game.to_move()[0]
        game.play(seat, choose_intent(game.ruleset, game.view(seat), seat,
                                      game.legal_intents(seat), "medium", Random(n)))
    return game, game.to_move()[0]


@pytest.mark.parametrize(("game_id", "decisions"), [("maharani", 9), ("maharadjah", 40)])
def test_a_hint_where_nothing_is_hidden_reads_the_view_alone(game_id: str,
                                                            decisions: int) -> None:
    """M-INFO-1, W-VP-7: all but the draws and dice to come is public, so a seat's view is
    the whole state; the hint and its reasons are the same from either, whatever the
    process's own generator holds, and leave the view as it was."""
    game, seat = _mid_game(game_id, 3, 4, decisions)
    rules = game.ruleset
    view = game.view(seat)
    assert msgspec.msgpack.encode(view) == msgspec.msgpack.encode(game.state)
    before = msgspec.msgpack.encode(view)
    hints = []
    for noise in (1, 2):
        random.seed(noise)
        hints.append(advise(rules, view, seat, game.legal_intents(seat), budget=SMALL))
    hints.append(advise(rules, copy_state(game.state), seat, game.legal_intents(seat),
                        budget=SMALL))
    assert hints[0] == hints[1] == hints[2]
    assert msgspec.msgpack.encode(view) == before
    for hint in hints[0]:
        _words_only(hint.reason)


def _a_players_guide(hints: list[Any]) -> None:
    """A hint reads as a guide for players: no judgement's decimals, no "judged", the
    best compared with the next best once, every other with the best."""
    assert hints
    for n, hint in enumerate(hints):
        _words_only(hint.reason)
        assert "judged" not in hint.reason and "overall" not in hint.reason, hint.reason
        assert not re.search(r"\d\.\d", hint.reason), hint.reason
        assert not re.search(r"character \d", hint.reason), hint.reason
        if len(hints) > 1:  # (or a better order: "doing it the other way round")
            compared = ("next best", "other way round") if n == 0 else ("the best",)
            assert sum(hint.reason.count(c) for c in compared) == 1, hint.reason


@pytest.mark.parametrize(("game_id", "decisions"), [
    ("maharaja-2020", 0), ("maharaja-2020", 40), ("raja-2004", 0), ("raja-2004", 40),
    ("maharani", 9), ("maharadjah", 40)])
def test_every_games_hints_read_as_a_guide_for_players(game_id: str, decisions: int) -> None:
    """Maharaja's and Raja's first decision is a character (MJ-SETUP-5, R-SETUP-7): the
    tile is named by what it does, the card by its name, never by a number."""
    game, seat = _mid_game(game_id, 3, 4, decisions)
    hints = advise(game.ruleset, game.view(seat), seat, game.legal_intents(seat),
                   budget=SMALL)
    _a_players_guide(hints)
    if decisions == 0:
        assert " instead of " in hints[0].reason, hints[0].reason
