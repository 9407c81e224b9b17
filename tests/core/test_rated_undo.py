"""Undo at rated tables (Board Game Arena's policy): only within the undoing seat's own
turn, never past another player's decision, a draw or a secret revealed. A step that
ran events nobody decided (a draw, a reveal, a scoring) is the barrier; unrated tables
and local games keep the undo that asks the others to agree."""

from __future__ import annotations

import random

import pytest

from engine.core.errors import IllegalIntent
from engine.core.game import Game
from engine.core.ruleset import HUMAN, Seat
from engine.core.table import LocalTable
from engine.registry import rulesets


def table(game_id: str, undo: str, seed: int = 4) -> LocalTable:
    rules = rulesets()[game_id]
    return LocalTable(Game(rules, [Seat(n, HUMAN) for n in ("Asha", "Bodhi")], None, seed),
                      undo=undo)


def test_maharanis_bag_draw_cannot_be_peeked_at_by_undo_at_a_rated_table() -> None:
    """Placing the turn's last tile refills the turntable from the bag: at a rated
    table that placement stands (the tiles drawn were seen); the first placement of the
    turn, which drew nothing, may be taken back."""
    rated, friendly = table("maharani", "own-turn"), table("maharani", "agree")
    rng = random.Random(2)
    seen = {"undone": 0, "drew": 0}
    for _ in range(40):
        game = rated.game
        seat = game.to_move()[0]
        intent = rng.choice(game.legal_intents(seat))
        rated.play(seat, intent)
        friendly.play(seat, intent)
        index = len(game.steps) - 1
        if game.drew(index):
            with pytest.raises(IllegalIntent, match="CORE-UNDO-4"):
                rated.undo(seat)
            seen["drew"] += 1
            # Unrated: today's undo, the draw taken back too (and redone as it was).
            assert friendly.undo(seat) is None and len(friendly.game.steps) == index
            friendly.redo(seat)
        else:
            assert rated.undo(seat) is None and len(game.steps) == index
            rated.redo(seat)
            seen["undone"] += 1
        assert rated.game.steps == friendly.game.steps
    assert seen["drew"] and seen["undone"]


def test_no_undo_past_another_players_decision_at_a_rated_table() -> None:
    rated = table("maharani", "own-turn")
    game = rated.game
    first = game.to_move()[0]
    while game.to_move() == (first,):
        rated.play(first, game.legal_intents(first)[0])
    other = game.to_move()[0]
    rated.play(other, game.legal_intents(other)[0])
    with pytest.raises(IllegalIntent, match="CORE-UNDO-3"):
        rated.undo(first)


def test_a_maharaja_move_within_the_turn_is_taken_back_at_a_rated_table() -> None:
    """A decision that drew nothing and left the seat to move may be taken back."""
    rated = table("maharaja-2020", "own-turn", seed=7)
    game = rated.game
    rng = random.Random(1)
    for _ in range(200):
        seat = game.to_move()[0]
        rated.play(seat, rng.choice(game.legal_intents(seat)))
        index = len(game.steps) - 1
        if seat in game.to_move() and not game.drew(index):
            assert rated.undo(seat) is None and len(game.steps) == index
            return
    pytest.fail("no decision of a seat's own turn to take back in 200 steps")
