"""Flags (MJ-FLAG-1) and action tokens (MJ-TOKEN-1), maharaja.md §11."""

from __future__ import annotations

from engine.maharaja import components as C
from engine.maharaja import intents as it
from tests.maharaja.helpers import at_turn, holding, refused


def flag_game(flags: list[str | None], plan=(9, 9)):
    game = at_turn(3, plans={0: plan})
    game.state.flags = list(flags)
    return game


def test_move_flag_three_left_onto_a_flag_slides_the_ones_between() -> None:
    """MJ-FLAG-1: onto an occupied position the flags from there to the old
    position slide one right, order kept."""
    game = flag_game([None, None, None, "LAH", "DEL", "VAR", "JAI", "BIJ", "HYD"])
    game.play(0, it.MoveFlag(city="JAI", task=0))
    assert game.state.flags == [None, None, None, "JAI", "LAH", "DEL", "VAR", "BIJ", "HYD"]


def test_move_flag_onto_empty_position_moves_nothing_else() -> None:
    """MJ-FLAG-1: onto an empty position no other flag moves; the leftmost flag
    may be moved too."""
    game = flag_game([None, None, None, "LAH", "DEL", "VAR", "JAI", "BIJ", "HYD"])
    game.play(0, it.MoveFlag(city="LAH", task=0))  # leftmost, p3 -> p0
    assert game.state.flags == ["LAH", None, None, None, "DEL", "VAR", "JAI", "BIJ", "HYD"]


def test_flag_needs_three_positions_to_its_left() -> None:
    """MJ-FLAG-1: a flag at p0..p2 cannot move; a visited city's flag neither;
    the action is done once."""
    game = flag_game([None, None, "MAD", "LAH", "DEL", "VAR", "JAI", "BIJ", "HYD"])
    refused(game, 0, it.MoveFlag(city="MAD", task=0), "MJ-FLAG-1")
    assert it.MoveFlag(city="MAD", task=0) not in game.legal_intents(0)
    game.state.visited = ["MAD"]
    game.state.flags[2] = None
    refused(game, 0, it.MoveFlag(city="MAD", task=0), "MJ-FLAG-1")
    game.play(0, it.MoveFlag(city="HYD", task=0))
    refused(game, 0, it.MoveFlag(city="HYD", task=0), "MJ-ACT-9")


def test_token_buys_one_extra_action_once_per_turn() -> None:
    """MJ-TOKEN-1: one token per turn for an extra action (not Change character);
    the token returns to the supply."""
    game = holding(1)
    p = game.state.players[0]
    refused(game, 0, it.SpendToken(action=5), "MJ-TOKEN-1")  # no token yet
    p.tokens, game.state.tokens = 2, 5
    refused(game, 0, it.SpendToken(action=8), "MJ-TOKEN-1")
    game.play(0, it.SpendToken(action=7))
    assert (p.tokens, game.state.tokens) == (1, 6)
    assert [t.action for t in game.state.turn.tasks] == [5, 5, 7]
    game.play(0, it.DoAction(task=2))
    assert (p.coins, p.pp) == (12, 5)
    refused(game, 0, it.SpendToken(action=5), "MJ-TOKEN-1")
    assert C.Action.CHANGE_CHARACTER not in C.TOKEN_ACTIONS
