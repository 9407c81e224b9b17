"""Playing intents forward on a private copy of a state, with the ruleset's own functions.

This is what ``Game.play`` does without the log, snapshots or validation of whose
turn it is: the bots only ever call it on determinised copies of their own view.
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import Any

from engine.core.game import copy_state, restore
from engine.core.ruleset import AnyRuleset

MAX_AUTOMATIC = 64  # guard against a ruleset that never stops producing events


def step(ruleset: AnyRuleset, state: Any, seat: int, intent: Any, rng: Random) -> None:
    """Decide ``intent`` for ``seat`` and fold its events and the automatic ones, in place."""
    for event in ruleset.decide(state, seat, intent):
        ruleset.apply(state, event)
    settle(ruleset, state, rng)


def settle(ruleset: AnyRuleset, state: Any, rng: Random) -> None:
    """Fold automatic events until the game waits for a decision."""
    for _ in range(MAX_AUTOMATIC):
        more = ruleset.automatic(state, rng)
        if not more:
            return
        for event in more:
            ruleset.apply(state, event)


def after(ruleset: AnyRuleset, state: Any, seat: int, intent: Any,
          frozen: bytes | None = None) -> Any:
    """A copy of ``state`` with only the intent's own events folded (no automatic ones).

    Cheap one-step lookahead for evaluators: what the seat's choice changes at once.
    ``frozen`` is ``snapshot(state)`` when the caller tries several intents on one state
    (encoding it once halves the copying).
    """
    out = copy_state(state) if frozen is None else restore(frozen, type(state))
    for event in ruleset.decide(out, seat, intent):
        ruleset.apply(out, event)
    return out


def play_out(ruleset: AnyRuleset, evaluator: Any, start: Any, state: Any, rng: Random,
             steps: int, choose: Callable[[Any, int], Any] | None = None) -> None:
    """Every seat plays the evaluator's fast rollout policy (or ``choose``) from ``state``
    (in place) until its horizon, seen from ``start``, the game's end or ``steps``
    decisions."""
    policy = choose or evaluator.rollout_choice
    for _ in range(steps):
        if evaluator.horizon(start, state):
            return
        movers = ruleset.to_move(state)
        if not movers:
            return
        mover = movers[0]
        step(ruleset, state, mover, policy(state, mover), rng)
