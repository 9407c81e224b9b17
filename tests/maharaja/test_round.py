"""Round structure (maharaja.md §4): Maharaja, planning, actions, scoring, end of round."""

from __future__ import annotations

from engine.maharaja import components as C
from engine.maharaja import events as ev
from engine.maharaja import intents as it
from engine.maharaja.state import Maharani
from tests.maharaja.helpers import (
    at_turn,
    finish_round,
    mover,
    new_game,
    plan_all,
    refused,
    through_setup,
)


def test_maharaja_goes_to_leftmost_flag_which_moves_to_next_numbered_position() -> None:
    """MJ-ROUND-1: the Maharaja visits the city of the leftmost pre-visit flag; that
    flag goes to n1 in round 1, n2 in round 2."""
    game = new_game(3, 7)
    flags = list(game.state.flags)
    through_setup(game)
    assert game.state.round == 1
    assert game.state.maharaja == flags[2] and game.state.visited == [flags[2]]
    assert flags[2] not in game.state.flags
    finish_round(game)
    assert game.state.round == 2
    assert game.state.maharaja == flags[3] and game.state.visited == [flags[2], flags[3]]


def test_planning_is_simultaneous_secret_and_final() -> None:
    """MJ-ROUND-2: all seats plan in any order, both arrows may match, and a
    committed plan cannot be changed; others cannot see it (MJ-HIDE-2)."""
    game = through_setup(new_game(3, 2))
    assert game.state.phase == "planning" and set(game.to_move()) == {0, 1, 2}
    game.play(2, it.CommitPlan(first=7, second=7))
    refused(game, 2, it.CommitPlan(first=5, second=5), "CORE-1")
    import pytest

    from engine.core.errors import IllegalIntent
    from engine.maharaja.rules import decide

    with pytest.raises(IllegalIntent) as info:
        decide(game.state, 2, it.CommitPlan(first=5, second=5))
    assert info.value.rule == "MJ-ROUND-2"
    assert game.state.players[2].plan == (7, 7)
    assert game.view(0).players[2].plan is None
    refused(game, 0, it.CommitPlan(first=0, second=5), "MJ-ACT-1")
    game.play(0, it.CommitPlan(first=1, second=9))
    assert set(game.to_move()) == {1}
    game.play(1, it.CommitPlan(first=5, second=6))
    assert game.state.phase == "actions"


def test_turns_in_ascending_character_number() -> None:
    """MJ-ROUND-3 / MJ-CHAR-1: turns go by character number, lowest first; the
    plan is revealed as the turn starts; the turn ends when the player says so."""
    game = at_turn(4, chars=(9, 3, 14, 6))
    order = []
    while game.state.phase == "actions":
        seat = mover(game)
        order.append(seat)
        assert game.state.turn.seat == seat
        assert [t.action for t in game.state.turn.tasks] == [5, 5]
        refused(game, (seat + 1) % 4, it.EndTurn(), "CORE-1")
        game.play(seat, it.EndTurn())
    assert order == [1, 3, 0, 2]


def test_planned_actions_are_optional_and_in_any_order() -> None:
    """MJ-ROUND-3: the two planned actions in any order; any may be skipped."""
    game = at_turn(3, plans={0: (7, 5)})
    game.play(0, it.DoAction(task=1))  # take 3 coins first
    game.play(0, it.DoAction(task=0))  # then buy prestige
    assert (game.state.players[0].coins, game.state.players[0].pp) == (15, 5)
    game.play(0, it.EndTurn())
    seat = mover(game)
    game.play(seat, it.EndTurn())  # skipping both: no penalty
    assert game.state.players[seat].coins == 15 and game.state.players[seat].pp == 3


def test_change_character_turn_order_player_who_lost_tile_unplayed() -> None:
    """MJ-ROUND-4: after a change, those who have not played go by their new
    character numbers; the one who changed still finishes their turn."""
    game = at_turn(4, chars=(1, 2, 3, 4), plans={0: (8, 5)})
    game.play(0, it.ChangeCharacter(number=3, task=0))  # take seat 2's tile 3
    assert game.to_move() == (2,)  # seat 2 lost its tile: chooses at once
    game.play(2, it.ChooseCharacter(number=1))  # the returned tile is allowed
    assert mover(game) == 0  # seat 0 finishes its turn
    game.play(0, it.DoAction(task=1))
    game.play(0, it.EndTurn())
    order = []
    while game.state.phase == "actions":
        order.append(mover(game))
        game.play(order[-1], it.EndTurn())
    assert order == [2, 1, 3]


def test_change_character_players_who_played_do_not_play_again() -> None:
    """MJ-ROUND-4: taking the tile of someone who already played does not give
    them a second turn."""
    game = at_turn(3, chars=(1, 2, 3), plans={2: (8, 5)})
    game.play(0, it.EndTurn())
    game.play(1, it.EndTurn())
    game.play(2, it.ChangeCharacter(number=1, task=0))
    game.play(0, it.ChooseCharacter(number=3))
    events = game.play(2, it.EndTurn())
    assert not any(isinstance(e, ev.TurnStarted) for e in events)
    assert any(isinstance(e, ev.CityScored) for e in events)
    assert [p.character for p in game.state.players] == [3, 2, 1]


def test_city_scoring_follows_the_last_turn() -> None:
    """MJ-ROUND-5: once everyone played, the Maharaja's city is scored (§8)."""
    game = at_turn(2)
    game.play(0, it.EndTurn())
    events = game.play(1, it.EndTurn())
    scored = [e for e in events if isinstance(e, ev.CityScored)]
    assert len(scored) == 1 and scored[0].city == game.state.visited[0]


def test_end_of_round_closes_flag_gaps_slides_rewards_expires_maharanis() -> None:
    """MJ-ROUND-6 (a) flags slide right, contiguous up to p8, order kept; (b) reward
    tiles slide down, order kept; (c) Maharani tokens expire after the next round."""
    game = at_turn(2, plans={0: (9, 5)})
    state = game.state
    before = [f for f in state.flags if f is not None]  # p3..p8
    game.play(0, it.MoveFlag(city=state.flags[6], task=0))  # p6 -> p3 (slides)
    moved = [f for f in state.flags if f is not None]
    state.flags[2], state.flags[3] = state.flags[3], None  # force a gap at p3
    gapped = [f for f in state.flags if f is not None]
    assert moved != before
    state.maharanis = [Maharani(1, 16, expires=1), Maharani(0, 15, expires=2)]
    state.rewards = [3, None, 5, 1, None, 2, 4, 6, 7, 8, None, None]
    state.players[0].priest = state.players[1].priest = "START"
    game.play(0, it.EndTurn())
    game.play(1, it.EndTurn())
    while game.state.pending:
        seat = mover(game)
        game.play(seat, it.PassReward() if game.state.pending[0].kind != "reward"
                  else game.legal_intents(seat)[0])
    state = game.state
    assert state.round == 2
    # round 2's Maharaja left with the leftmost flag; the rest are contiguous to p8
    left = [f for f in state.flags if f is not None]
    assert state.flags[9 - len(left) - 1:] == [None, *left] or state.flags[-len(left):] == left
    assert [state.maharaja, *left] == gapped
    assert all(t is not None for t in state.rewards[:8]) and state.rewards[8:] == [None] * 4
    assert [m.character for m in state.maharanis] == [15]


def test_game_ends_after_round_seven() -> None:
    """MJ-ROUND-7: the game ends after round 7, then final scoring."""
    game = through_setup(new_game(2, 3))
    for _ in range(6):
        finish_round(game)
    assert game.state.round == 7 and not game.is_over()
    finish_round(game)
    assert game.is_over() and game.state.round == 7 and len(game.state.final) == 2
    assert len(game.state.visited) == 7


def test_game_ends_after_round_with_seventh_statue() -> None:
    """MJ-ROUND-7: the round in which someone places their 7th statue is the last."""
    game = at_turn(3, plans={0: (1, 5)})
    state = game.state
    state.players[0].statues = 1
    state.players[0].priest = "LAH"
    game.play(0, it.BuildStatue(city="LAH", slot=5, task=0))
    assert state.players[0].statues == 0 and not game.is_over()
    finish_round(game)
    assert game.is_over() and game.state.round == 1


def test_plan_all_helper_reaches_actions() -> None:
    game = plan_all(through_setup(new_game(3, 1)))
    assert game.state.phase == "actions" and len(C.ACTIONS) == 9
