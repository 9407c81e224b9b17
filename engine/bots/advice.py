"""Hints: the hard computer's suggestion for a seat's decision, with its best rivals.

``advise`` runs the hard level's search (``search_ranked``) on the seat's view only,
so a hint can never use what the seat may not know: the other seats' secrets are
sampled exactly as the hard computer samples them. Each suggestion carries its
score (the evaluator's margin over the best rival, in the game's unit) and a reason
in the game's words, as a player reads it: how far ahead of the next best (the best)
or behind the best (an alternative), rounded to whole points, then what it leaves
the seat with against that one, counted by the game's vocabulary
(``engine.bots.coach``) at the end of the search's own playouts. Where the search
plays nothing out (a decision it does not search: Raja's turns, setup choices), the
judgement's best few are played on to the end of the seat's turn by the judgement
itself, and ranked and explained as they end there.

A hint is right about order too: where the seat's turn, played on from the
suggestion, holds a step that costs less done first with the same result otherwise
(Raja: take the Craftsman, then build the palace for 9 rather than 12), that step is
suggested first (``in_order``).

The generator is seeded from the view itself, so the same position always gives
the same hint under an iteration budget, whoever asks and whatever is hidden.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from random import Random
from typing import Any

import msgspec

from engine.bots.budget import Budget
from engine.bots.coach import NEXT, Vocabulary, ahead, behind, better, worse
from engine.bots.evaluator import evaluator_for
from engine.bots.search import Candidate, search_ranked
from engine.bots.simulate import settle
from engine.core.errors import Refused
from engine.core.game import copy_state
from engine.core.ruleset import AnyRuleset

# a little more thought than a hard move: 3 s of the thread's CPU, 3 s of wall at most
HINT_BUDGET = Budget(iterations=240, seconds=3.0, ceiling=3.0)
CANDIDATES = 6  # unsearched: the judgement's best played on to the end of the turn
SHOWN = 3  # the suggestion and its two best alternatives
TURN_STEPS = 10  # a seat's turn played on from a suggestion: at most this many steps
ANSWERS = 2  # another seat's answers owed in the middle of one step, at most
BETTER = 1e-6  # an order better than this (in the evaluator's unit) comes first
TURN_END = "by your turn's end"
OTHER_WAY = "doing it the other way round"


@dataclass(frozen=True)
class Advice:
    intent: Any
    score: float  # the evaluator's value: margin over the best rival (``unit``)
    reason: str


def advise(ruleset: AnyRuleset, view: Any, seat: int, legal: list[Any], *,
           budget: Budget | None = None, stop: Callable[[], bool] | None = None,
           count: int = SHOWN) -> list[Advice]:
    """The hard computer's best ``count`` intents for ``seat``, best first, each with a
    reason. Reads only ``view`` (never modified); ``stop`` cancels early."""
    if not legal:
        return []
    evaluator = evaluator_for(ruleset.id)
    rng = Random(_seed(view, seat))
    if evaluator is None:
        return [Advice(intent, 0.0, "no computer judgement exists for this game")
                for intent in legal[:count]]
    words: Vocabulary | None = getattr(evaluator, "words", None)
    ranked = search_ranked(ruleset, evaluator, view, seat, legal, rng, budget or HINT_BUDGET,
                           stop, explain=words.count if words is not None else None)
    if len(legal) == 1:
        return [Advice(legal[0], ranked[0].score, "your only choice")]
    unit = getattr(evaluator, "unit", "points")
    root = evaluator.determinise(copy_state(view), seat, Random(rng.getrandbits(64)))
    things: list[dict[str, float]]
    if all(c.worlds for c in ranked[:count]):
        shown = ranked[:count]
        things = [c.things for c in shown]
        when = words.horizon(view, seat) if words is not None else ""
    else:
        # Unsearched (the computer's judgement looks one step ahead): each of its best is
        # played on to the end of the seat's turn and judged there, so an option that
        # only looks worse at once (take the Craftsman, then build) ranks as it ends.
        ends = []
        for n, candidate in enumerate(ranked[:CANDIDATES]):
            steps, end = turn_plan(ruleset, evaluator, root, seat, candidate.intent)
            ends.append((evaluator.value(end, seat), n, candidate.intent, end, len(steps)))
        ends.sort(key=lambda e: (-e[0], e[1]))
        shown = [Candidate(intent, worth, 0) for worth, _, intent, _, _ in ends[:count]]
        things = [_count(words, end, seat) for _, _, _, end, _ in ends[:count]]
        # a choice that is the whole turn: what it changes at once
        when = TURN_END if any(steps > 1 for *_, steps in ends) else ""
    first = in_order(ruleset, evaluator, root, seat, shown[0].intent)
    if first is not None:  # a step of the turn that costs less done first
        sooner, _, end = first
        rest = [turn_plan(ruleset, evaluator, root, seat, c.intent)[1] for c in shown
                if c.intent != sooner][:count - 1]
        others = [c.intent for c in shown if c.intent != sooner][:count - 1]
        shown = [Candidate(sooner, evaluator.value(end, seat), 0)]
        shown += [Candidate(intent, evaluator.value(state, seat), 0)
                  for intent, state in zip(others, rest, strict=True)]
        things = [_count(words, state, seat) for state in (end, *rest)]
        when = TURN_END
    out = []
    for n, candidate in enumerate(shown):
        if n == 0:
            nxt = shown[1] if len(shown) > 1 else None
            gap = candidate.score - nxt.score if nxt is not None else 0.0
            # (in a better order, the next best is the same steps the other way round)
            than = OTHER_WAY if first is not None else NEXT
            if nxt is None:
                text = "the best choice here"
            elif words is None:
                text = ahead(gap, unit, than)
            else:
                text = better(things[0], things[1], words, when, gap, unit,
                              words.count(root, seat), than)
            if first is not None:
                text = f"do this first: {text}"
        else:
            gap = shown[0].score - candidate.score
            text = (worse(things[n], things[0], words, when, gap, unit) if words is not None
                    else behind(gap, unit))
        out.append(Advice(candidate.intent, candidate.score, text))
    return out


def _count(words: Vocabulary | None, state: Any, seat: int) -> dict[str, float]:
    return words.count(state, seat) if words is not None else {}


def turn_plan(ruleset: AnyRuleset, evaluator: Any, root: Any, seat: int,
              first: Any) -> tuple[list[Any], Any]:
    """``first``, then what the computer's judgement plays while the seat alone is to
    move in the same phase (its turn), on a copy of ``root``: the steps and the state
    they reach."""
    state = copy_state(root)
    plan = [first]
    phase = getattr(root, "phase", None)
    try:
        going = _play(ruleset, evaluator, state, seat, first)
        for _ in range(TURN_STEPS - 1):
            # (the next phase is another decision: Maharaja's characters, then shrines)
            legal = ruleset.legal_intents(state, seat) if going and getattr(
                state, "phase", None) == phase else []
            if not legal:
                break
            choice = evaluator.rank(state, seat, legal)[0][1]
            plan.append(choice)
            going = _play(ruleset, evaluator, state, seat, choice)
    except Refused:  # a guessed hidden value made a step impossible: stop there
        pass
    return plan, state


def _play(ruleset: AnyRuleset, evaluator: Any, state: Any, seat: int, intent: Any) -> bool:
    """Play one step of the seat's turn in place, with the answers another seat owes in
    its middle (Raja: the card a seat picks when its own is taken, R-ACT-4); True while
    the seat alone is still to move. What follows the turn (another seat's turn, whose
    secrets the view only guesses at) is left unplayed."""
    for event in ruleset.decide(state, seat, intent):
        ruleset.apply(state, event)
    for _ in range(ANSWERS):
        movers = list(ruleset.to_move(state))
        if movers == [seat]:
            settle(ruleset, state, Random(0))
            return list(ruleset.to_move(state)) == [seat]
        legal = ruleset.legal_intents(state, movers[0]) if len(movers) == 1 else []
        if not legal:
            return False
        answer = evaluator.rank(state, movers[0], legal)[0][1]
        for event in ruleset.decide(state, movers[0], answer):
            ruleset.apply(state, event)
    return False


def in_order(ruleset: AnyRuleset, evaluator: Any, root: Any, seat: int,
             first: Any) -> tuple[Any, Any, Any] | None:
    """A step of the seat's turn (played on from ``first`` by the computer's judgement)
    that, played before the others, reaches the same position but for amounts (gold,
    coins...) and is worth more to the seat: (that step, the turn's end as planned, the
    end in the better order); None when the planned order is the best."""
    plan, planned = turn_plan(ruleset, evaluator, root, seat, first)
    if len(plan) < 2:
        return None
    shape = msgspec.to_builtins(planned)
    best, found = evaluator.value(planned, seat), None
    for n in range(1, len(plan)):
        state = copy_state(root)
        try:
            for intent in [plan[n], *plan[:n], *plan[n + 1:]]:
                _play(ruleset, evaluator, state, seat, intent)
        except Refused:
            continue
        if not same_but_amounts(msgspec.to_builtins(state), shape):
            continue  # not the same steps: something else stands or moved elsewhere
        worth = evaluator.value(state, seat)
        if worth > best + BETTER:
            best, found = worth, (plan[n], planned, state)
    return found


def same_but_amounts(a: Any, b: Any) -> bool:
    """Two states (as builtins) alike but for numbers (what was paid or gained): the
    same things in the same places. A number where the other has none, a list of
    another length or a key more is a difference of shape, not of amount."""
    if isinstance(a, bool) or isinstance(b, bool):
        return bool(a == b)
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return True
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return bool(a.keys() == b.keys()) and all(same_but_amounts(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same_but_amounts(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def _seed(view: Any, seat: int) -> int:
    digest = hashlib.blake2b(msgspec.msgpack.encode(view), digest_size=8)
    digest.update(seat.to_bytes(2, "little", signed=True))
    return int.from_bytes(digest.digest(), "little")
