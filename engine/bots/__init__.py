"""Computer players: choose an intent for a seat from what that seat may see.

``choose_intent`` is the one entry point (the UI, the server and the tournament
call it). Levels:

- ``easy``: samples among the greedy judgement's best moves, with noise;
- ``medium``: the greedy judgement's best move (plans scored by a simulated turn);
- ``hard``: determinised Monte Carlo search (``engine.bots.search``) within a budget.

A bot receives only the seat's view and a seeded ``random.Random``, so it cannot
read another seat's secrets, and with an iteration budget its play is reproducible.
Nothing here holds mutable module state: calls from several threads are safe.
"""

from __future__ import annotations

from random import Random
from typing import Any

from engine.bots import easy
from engine.bots.budget import Budget
from engine.bots.evaluator import evaluator_for
from engine.bots.search import search
from engine.core import draw
from engine.core.ruleset import AnyRuleset
from engine.levels import LEVELS

# hard: 0.85 CPU s of its thread a decision, 2 s of wall clock at most (budget.py)
DEFAULT_BUDGET = Budget()
END_TURN_CHANCE = 0.25  # the random player's chance to end its turn when it may


def choose_intent(
    ruleset: AnyRuleset,
    view: Any,
    seat: int,
    legal_intents: list[Any],
    level: str,
    rng: Random,
    *,
    budget: Budget | None = None,
) -> Any:
    """One legal intent for ``seat`` at ``level``, from the seat's ``view`` only.

    ``view`` is not modified. ``budget`` applies to ``hard`` (default: ``DEFAULT_BUDGET``).
    """
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")
    if not legal_intents:
        raise ValueError(f"seat {seat} has no legal intent to choose from")
    if len(legal_intents) == 1:
        return legal_intents[0]
    evaluator = evaluator_for(ruleset.id)
    if evaluator is None or level == "easy":
        return easy.choose(evaluator, _copy(view), seat, legal_intents, rng)
    if level == "medium":
        state = evaluator.determinise(_copy(view), seat, rng)
        return evaluator.rank(state, seat, legal_intents)[0][1]
    return search(ruleset, evaluator, view, seat, legal_intents, rng, budget or DEFAULT_BUDGET)


def choose(ruleset: AnyRuleset, view: Any, seat: int, legal_intents: list[Any], level: str,
           rng: Random) -> Any:
    """The one computer player every table uses (``engine.core.table.Chooser``):
    ``choose_intent`` at its levels, a random legal intent at any other (``random``)."""
    if level in LEVELS:
        return choose_intent(ruleset, view, seat, legal_intents, level, rng)
    return random_choice(legal_intents, rng)


def random_choice(legal_intents: list[Any], rng: Random) -> Any:
    """Any legal intent, ending a turn now and then so turns finish (priests may move
    any number of times, MJ-MOVE-1)."""
    ends = [i for i in legal_intents if type(i).__name__ == "EndTurn"]
    others = [i for i in legal_intents if type(i).__name__ != "EndTurn"]
    if ends and (not others or rng.random() < END_TURN_CHANCE):
        return ends[0]
    return draw.choice(rng, others)


def _copy(view: Any) -> Any:
    from engine.core.game import copy_state

    return copy_state(view)


__all__ = ["LEVELS", "Budget", "choose", "choose_intent", "random_choice"]
