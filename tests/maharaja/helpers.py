"""Shared helpers for the Maharaja rules tests: games at a known point."""

from __future__ import annotations

from random import Random
from typing import Any

import msgspec

from engine.core.game import Game
from engine.core.ruleset import Seat
from engine.maharaja import RULESET
from engine.maharaja import intents as it
from engine.maharaja.options import Options
from engine.maharaja.state import State

RULES = RULESET


def seats(n: int) -> list[Seat]:
    return [Seat(f"P{i}") for i in range(n)]


def new_game(n: int = 4, seed: int = 1, **options: Any) -> Game:
    return Game(RULES, seats(n), Options(**options), seed)


def encoded(state: State) -> bytes:
    return msgspec.msgpack.encode(state)


def fold(game: Game) -> State:
    state = RULES.new_state(game.options, game.seats)
    for _, event in game.events():
        RULES.apply(state, event)
    return state


def through_setup(game: Game) -> Game:
    """Choose the lowest character and the first open village until round 1 begins."""
    while game.state.phase in ("characters", "start-shrines"):
        seat = game.to_move()[0]
        game.play(seat, game.legal_intents(seat)[0])
    return game


def plan_all(game: Game, plans: dict[int, tuple[int, int]] | None = None) -> Game:
    """Commit a plan for each seat (default: take 3 coins twice)."""
    plans = plans or {}
    for seat in range(len(game.seats)):
        first, second = plans.get(seat, (5, 5))
        game.play(seat, it.CommitPlan(first=first, second=second))
    return game


def random_steps(game: Game, rng: Random, count: int) -> Game:
    for _ in range(count):
        movers = game.to_move()
        if not movers:
            break
        seat = rng.choice(movers)
        game.play(seat, rng.choice(game.legal_intents(seat)))
    return game


def edit(game: Game, **changes: Any) -> Game:
    """Adjust the live state for a focused rule test (tests only; never the UI)."""
    for key, value in changes.items():
        setattr(game.state, key, value)
    return game


# ---------------------------------------------------------------- rule scenarios
def clear_villages(game: Game) -> Game:
    """Take every shrine off the villages back onto its owner's board (tests only)."""
    for village, holders in game.state.villages.items():
        for seat in holders:
            game.state.players[seat].shrines += 1
        game.state.villages[village] = []
    return game


def put(game: Game, village: str, *holders: int) -> Game:
    """Set who holds a shrine in ``village`` (taken from / returned to their boards)."""
    state = game.state
    for seat in state.villages[village]:
        state.players[seat].shrines += 1
    for seat in holders:
        state.players[seat].shrines -= 1
    state.villages[village] = list(holders)
    return game


def at_turn(
    n: int = 4,
    chars: tuple[int, ...] | None = None,
    plans: dict[int, tuple[int, int]] | None = None,
    seed: int = 1,
    *,
    clear: bool = True,
    **options: Any,
) -> Game:
    """A game in round 1's action phase: characters ``chars[seat]`` (default 1..n),
    empty villages (unless ``clear`` is False), the first turn started."""
    game = through_setup(new_game(n, seed, **options))
    state = game.state
    chars = chars or tuple(range(1, n + 1))
    for seat, number in enumerate(chars):
        state.players[seat].character = number
    state.display = [c for c in range(1, 17) if c not in chars][:3]
    if clear:
        clear_villages(game)
    return plan_all(game, plans)


def mover(game: Game) -> int:
    (seat,) = game.to_move()
    return seat


def refused(game: Game, seat: int, intent: Any, rule: str) -> None:
    """The intent is refused citing ``rule`` and the game is left untouched."""
    import pytest

    from engine.core.errors import IllegalIntent

    before = encoded(game.state)
    steps = len(game.steps)
    with pytest.raises(IllegalIntent) as info:
        game.play(seat, intent)
    assert info.value.rule == rule, str(info.value)
    assert encoded(game.state) == before
    assert len(game.steps) == steps


def finish_round(game: Game, plan: tuple[int, int] = (5, 5)) -> Game:
    """Play the current round to its end: plans ``plan``, every turn ended at once,
    the first listed reward (or pass) for every pending choice."""
    start = game.state.round
    while not game.is_over() and not (
        game.state.round > start and game.state.phase == "planning"
    ):
        seat = game.to_move()[0]
        state = game.state
        if state.pending:
            game.play(seat, game.legal_intents(seat)[0])
        elif state.phase == "planning":
            game.play(seat, it.CommitPlan(first=plan[0], second=plan[1]))
        else:
            game.play(seat, it.EndTurn())
    return game


def end_turns(game: Game) -> Game:
    """End turns (and settle pendings with their first choice) until scoring is done."""
    round_ = game.state.round
    while not game.is_over() and game.state.round == round_ and game.state.phase != "planning":
        seat = game.to_move()[0]
        if game.state.pending:
            game.play(seat, game.legal_intents(seat)[0])
        else:
            game.play(seat, it.EndTurn())
    return game


def holding(character: int, n: int = 3, plan: tuple[int, int] = (5, 5), **kw: Any) -> Game:
    """Seat 0 in its turn holding ``character``; the others hold the next free numbers."""
    game = at_turn(n, plans={0: plan}, **kw)
    others = [c for c in range(1, 17) if c != character]
    state = game.state
    state.players[0].character = character
    for seat in range(1, n):
        state.players[seat].character = others[seat - 1]
    state.display = others[n - 1: n + 2]
    return game


def at_reward(n: int = 3, rewards: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8),
              character: int = 1, **kw: Any) -> Game:
    """Round 1's city scoring with only seat 0 ranked (its priest in the Maharaja's
    city): seat 0 is about to choose a reward tile from ``rewards`` (bottom first)."""
    game = holding(character, n, **kw)
    state = game.state
    state.rewards = list(rewards) + [None] * (12 - len(rewards))
    state.players[0].priest = state.maharaja
    while not state.pending:
        game.play(mover(game), it.EndTurn())
        state = game.state
    assert state.pending[0].seat == 0 and state.pending[0].kind == "reward"
    return game
