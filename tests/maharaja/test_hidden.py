"""Hidden information (maharaja.md §14) and the generic core: undo, redo,
refusals, CORE-1 and replay seeking."""

from __future__ import annotations

from random import Random

import pytest

from engine.core.errors import IllegalIntent
from engine.core.replay import Replay
from engine.maharaja import events as ev
from engine.maharaja import intents as it
from tests.maharaja.helpers import (
    RULES,
    at_turn,
    encoded,
    fold,
    new_game,
    plan_all,
    random_steps,
    refused,
    through_setup,
)


def test_pp_secret_from_other_seats() -> None:
    """MJ-HIDE-1: another seat's PP is hidden in views and in PP events."""
    game = at_turn(3, plans={0: (7, 5)})
    events = game.play(0, it.DoAction(task=0))
    assert game.view(1).players[0].pp == -1 and game.view(None).players[0].pp == -1
    assert game.view(0).players[0].pp == 5
    gained = next(e for e in events if isinstance(e, ev.Gained))
    assert RULES.redact(gained, 1).pp == 0 and RULES.redact(gained, 1).hidden
    assert RULES.redact(gained, 0).pp == 2


def test_plan_secret_until_its_turn() -> None:
    """MJ-HIDE-2: a plan is hidden until its owner's turn starts."""
    game = through_setup(new_game(3, 3))
    game.play(1, it.CommitPlan(first=9, second=2))
    assert game.view(0).players[1].plan is None
    assert game.view(1).players[1].plan == (9, 2)
    committed = game.steps[-1].events[0]
    assert RULES.redact(committed, 0).plan is None
    for seat in (0, 2):
        game.play(seat, it.CommitPlan(first=5, second=5))
    while game.state.turn.seat != 1:
        game.play(game.state.turn.seat, it.EndTurn())
    assert game.view(0).players[1].plan == (9, 2)


def test_public_information_in_views() -> None:
    """MJ-HIDE-4: coins, map pieces, characters, tracks and tokens are public."""
    game = at_turn(3)
    game.state.players[2].tokens = 1
    view = game.view(0)
    state = game.state
    for mine, real in zip(view.players, state.players, strict=True):
        assert (mine.coins, mine.character, mine.tokens, mine.priest) == (
            real.coins, real.character, real.tokens, real.priest)
    assert (view.flags, view.rewards, view.villages, view.display) == (
        state.flags, state.rewards, state.villages, state.display)


def test_randomness_fixed_by_seed_and_undo_never_draws_again() -> None:
    """MJ-HIDE-5: the same seed gives the same draws; undo then replay the same
    intent gives the same events (a round start after undo included)."""
    assert new_game(4, 11).steps[0].events == new_game(4, 11).steps[0].events
    assert new_game(4, 11).steps[0].events != new_game(4, 12).steps[0].events
    game = plan_all(through_setup(new_game(2, 8)))  # no edits: undo rebuilds from the log
    game.play(game.state.turn.seat, it.EndTurn())
    last = game.play(game.state.turn.seat, it.EndTurn())
    assert any(isinstance(e, ev.RoundStarted) for e in last)
    step = game.undo()
    assert game.play(step.seat, it.EndTurn()) == last


def test_undo_to_earlier_decisions_and_redo() -> None:
    """Core: undo goes back decision by decision to exactly the earlier states;
    redo re-applies the same steps; a new intent clears the redo list."""
    game = new_game(3, 21)
    states = [encoded(game.state)]
    random_steps(game, Random(21), 40)
    game2 = new_game(3, 21)
    for step in game.steps[1:]:
        game2.play(step.seat, step.intent)
        states.append(encoded(game2.state))
    for back in range(len(game.steps) - 1, 0, -1):
        game.undo()
        assert encoded(game.state) == states[back - 1]
    with pytest.raises(IllegalIntent) as info:
        game.undo()
    assert info.value.rule == "CORE-2"
    for forward in range(1, 11):
        game.redo()
        assert encoded(game.state) == states[forward]
    seat = game.to_move()[0]
    game.play(seat, game.legal_intents(seat)[-1])
    assert not game.can_redo()
    with pytest.raises(IllegalIntent) as info:
        game.redo()
    assert info.value.rule == "CORE-3"


def test_refusal_leaves_game_untouched_and_wrong_seat_is_core_1() -> None:
    """Core: a refused intent changes nothing; a seat not to move gets CORE-1."""
    game = at_turn(3, plans={0: (1, 1)})
    refused(game, 0, it.BuildStatue(city="LAH", slot=0, task=0), "MJ-STAT-3")
    refused(game, 2, it.EndTurn(), "CORE-1")
    refused(game, 7, it.EndTurn(), "CORE-1")
    assert game.can_redo() is False


def test_replay_seek_by_event_turn_round_matches_folding() -> None:
    """Core replay: seeking to any event, turn or round start gives the state
    that folding that many events gives."""
    game = random_steps(new_game(3, 5), Random(5), 260)
    replay = Replay(game)
    events = [e for _, e in game.events()]
    assert replay.length == len(events)

    def folded(count: int) -> bytes:
        state = RULES.new_state(game.options, game.seats)
        for event in events[:count]:
            RULES.apply(state, event)
        return encoded(state)

    for position in (0, 1, 37, 64, 65, replay.length // 2, replay.length):
        assert encoded(replay.seek(position)) == folded(position)
    for position in (replay.length, 3, 90, 10):  # backwards and forwards
        assert encoded(replay.seek(position)) == folded(position)
    rounds = replay.starts("round")
    assert rounds and all(isinstance(events[p], ev.RoundStarted) for p in rounds)
    assert replay.round_start(1) == rounds[0]
    turns = replay.starts("turn")
    assert set(rounds) <= set(turns)
    replay.seek(0)
    replay.step("turn")
    assert replay.position == turns[0]
    assert encoded(replay.state) == folded(turns[0])
    replay.step("round")
    assert replay.position == rounds[1] if len(rounds) > 1 else replay.length
    replay.step("turn", -1)
    assert replay.position == max(p for p in turns if p < (rounds[1] if len(rounds) > 1
                                                             else replay.length))
    replay.seek(replay.length)
    assert encoded(replay.state) == encoded(fold(game)) == encoded(game.state)


@pytest.mark.parametrize("seed", [3, 17, 29])
def test_pp_amounts_hidden_coin_payments_public(seed: int) -> None:
    """MJ-HIDE-6: events and the move log hide every PP amount of another seat (gains,
    trades, rewards), but coin payments stay public, even those that buy PP: folding
    the events as a seat sees them gives every seat's true coins."""
    game = random_steps(new_game(4, seed), Random(seed), 1200)
    events = [event for _, event in game.events()]
    bought = [e for e in events if isinstance(e, ev.Gained) and e.pp and e.coins]
    assert bought, "no coins-for-PP payment in this game: the test would prove nothing"
    for seat in (0, 2, None):
        state = RULES.new_state(game.options, game.seats)
        for event in events:
            shown = RULES.redact(event, seat)
            if isinstance(event, ev.Gained) and event.seat != seat:
                assert shown.pp == 0 and shown.hidden == bool(event.pp)
                assert shown.coins == event.coins  # a payment is public
                line = "".join(text for text, _ in RULES.describe(shown, state))
                assert "PP (secret)" in line or not event.pp
                assert event.coins == 0 or f"{abs(event.coins)} coin" in line
            RULES.apply(state, event)
        folded = RULES.new_state(game.options, game.seats)
        for event in events:
            RULES.apply(folded, RULES.redact(event, seat))
        assert [p.coins for p in folded.players] == [p.coins for p in game.state.players]
