"""A computer never moves its priest twice running (MJ-MOVE-1 allows any number of moves):
one route does what two moves do, and with a free road between two cities each could look the
better place to stand, so hard moved its priest between them forever (seed 5059 of a hard
against medium tournament never ended)."""

from __future__ import annotations

from random import Random

from engine.bots import Budget, choose_intent, maharaja_policy
from engine.core.game import Game
from engine.maharaja import intents as it

from .conftest import advance, new_game


def moved_priest() -> tuple[Game, int]:
    """A two-player game where the player to move has just moved their priest."""
    game = advance(new_game(2, seed=9), lambda s: s.phase == "actions" and s.round == 3)
    seat = game.to_move()[0]
    move = next(i for i in game.legal_intents(seat) if isinstance(i, it.MovePriest))
    game.play(seat, move)
    return game, seat


def test_the_turn_knows_its_last_step_was_a_move() -> None:
    game, seat = moved_priest()
    assert game.state.turn is not None and game.state.turn.travelled
    other = next(i for i in game.legal_intents(seat)
                 if not isinstance(i, it.MovePriest | it.EndTurn))
    game.play(seat, other)
    if game.state.turn is not None:  # (the turn may have ended with the last task)
        assert not game.state.turn.travelled


def test_no_computer_moves_twice_running() -> None:
    game, seat = moved_priest()
    legal = game.legal_intents(seat)
    assert any(isinstance(i, it.MovePriest) for i in legal)  # the rules allow it (MJ-MOVE-1)
    view = game.view(seat)
    assert not any(isinstance(i, it.MovePriest)
                   for i in maharaja_policy.distinct(view, seat, legal))
    for level, budget in (("medium", None), ("hard", Budget.fixed(6))):
        choice = choose_intent(game.ruleset, view, seat, legal, level, Random(3), budget=budget)
        assert not isinstance(choice, it.MovePriest), level
