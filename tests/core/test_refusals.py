"""Refusals by kind (engine.core.errors): what was refused is told by the type, as
python-chess tells an illegal move from a malformed one, and the rule id stays on it."""

from __future__ import annotations

import pickle

import pytest

from engine.core.errors import (
    KINDS,
    Forbidden,
    IllegalIntent,
    NotAllowed,
    NothingToUndo,
    OutOfTurn,
    Refused,
    refusal,
)
from engine.core.game import Game
from engine.core.ruleset import Seat
from engine.core.table import LocalTable
from engine.registry import rulesets
from tests.core.test_table import ME, OTHER, Add, race

GAMES = sorted(rulesets())  # every registered game, so a new one is held to this too


def test_every_kind_is_a_refused_value_error_keeping_its_rule() -> None:
    for kind in (Forbidden, OutOfTurn, NothingToUndo, NotAllowed):
        error = kind("X-RULE-1", "plain words")
        assert isinstance(error, Refused) and isinstance(error, ValueError)
        assert (error.rule, error.reason, str(error)) == ("X-RULE-1", "plain words",
                                                          "X-RULE-1: plain words")
    assert IllegalIntent is Refused  # the former name catches every kind


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_refusal_sent_as_text_or_pickled_comes_back_of_its_kind(kind: str) -> None:
    sent = KINDS[kind]("X-RULE-2", "why")
    again = refusal(type(sent).__name__, sent.rule, sent.reason)
    assert type(again) is type(sent) and (again.rule, again.reason) == ("X-RULE-2", "why")
    unpickled = pickle.loads(pickle.dumps(sent))
    assert type(unpickled) is type(sent) and str(unpickled) == str(sent)
    assert type(refusal("SomethingNewer", "X-RULE-3", "why")) is Refused


def new_game(ruleset_id: str) -> Game:
    rules = rulesets()[ruleset_id]
    for count in range(max(2, rules.min_seats), rules.max_seats + 1):
        seats = [Seat(f"P{n}") for n in range(count)]
        try:
            rules.check_options(rules.Options(), seats)
        except Refused:
            continue
        return Game(rules, seats, rules.Options(), 1)
    raise AssertionError(f"{ruleset_id}: no player count makes a game")


@pytest.mark.parametrize("ruleset_id", GAMES)
def test_a_seat_not_to_move_is_out_of_turn(ruleset_id: str) -> None:
    game = new_game(ruleset_id)
    waiting = next(s for s in range(len(game.seats)) if s not in game.to_move())
    intent = game.legal_intents(game.to_move()[0])[0]
    with pytest.raises(OutOfTurn, match="CORE-1"):
        game.play(waiting, intent)


@pytest.mark.parametrize("ruleset_id", GAMES)
def test_a_decision_of_no_game_is_out_of_turn(ruleset_id: str) -> None:
    """Malformed: not one of the game's intents at all (the rules are not asked)."""
    game = new_game(ruleset_id)

    class Nonsense:
        pass

    with pytest.raises(OutOfTurn):
        game.ruleset.decide(game.state, game.to_move()[0], Nonsense())


@pytest.mark.parametrize("ruleset_id", GAMES)
def test_too_many_players_are_forbidden_by_the_rules(ruleset_id: str) -> None:
    rules = rulesets()[ruleset_id]
    with pytest.raises(Forbidden):
        rules.check_options(rules.Options(),
                            [Seat(f"P{n}") for n in range(rules.max_seats + 1)])


@pytest.mark.parametrize("ruleset_id", GAMES)
def test_a_new_game_has_nothing_to_undo_or_redo(ruleset_id: str) -> None:
    game = new_game(ruleset_id)
    with pytest.raises(NothingToUndo, match="CORE-2"):
        game.undo()
    with pytest.raises(NothingToUndo, match="CORE-3"):
        game.redo()


def test_the_table_tells_nothing_to_take_back_from_a_question_not_asked() -> None:
    table: LocalTable = race(ME, OTHER)
    with pytest.raises(NothingToUndo, match="CORE-UNDO-1"):
        table.undo(0)
    table.play(0, Add(1))
    with pytest.raises(NothingToUndo, match="CORE-REDO-1"):
        table.redo(0)
    with pytest.raises(OutOfTurn, match="CORE-UNDO-2"):
        table.answer_undo(1, True)


def test_a_rule_the_game_breaks_is_forbidden() -> None:
    table = race(ME, OTHER)
    with pytest.raises(Forbidden, match="RACE-1"):
        table.play(0, Add(3))
