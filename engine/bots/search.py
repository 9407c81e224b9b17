"""The hard level: determinised Monte Carlo search over the seat's own options.

Information-set Monte Carlo, one level deep. A world is a full state consistent
with the seat's view: hidden PP guessed, the other seats' secret plans drawn from a
model of how they plan (the medium judgement's best plans for them), Brahmabot's
unseen tiles dealt. In each world every candidate intent (the greedy judgement's
best few) is played, then every seat continues with the evaluator's ``search_choice``
if it has one (Maharaja: the medium judgement itself), else its fast greedy policy,
until the evaluator's horizon (Maharaja: the end of the round, its city scored), and
the result is scored for the seat. Using the same worlds for all candidates (common
random numbers) measures their differences on equal terms; the best total wins.

Only the view and the seeded ``rng`` are read, so a fixed iteration budget makes
the choice reproducible; a time budget (the thread's CPU time, under a wall-clock
ceiling, ``budget``) makes it depend on the machine.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from random import Random
from typing import Any

from engine.bots.budget import Allowance, Budget
from engine.bots.evaluator import Evaluator
from engine.bots.simulate import play_out, settle, step
from engine.core.errors import Refused
from engine.core.game import copy_state
from engine.core.ruleset import AnyRuleset

CANDIDATES = 6  # the best intents by the greedy judgement that the search compares
MIN_WIDTH = 2  # a world too dear for more compares the judgement's best two
CANDIDATES_LIMIT = 1 << 30
ROLLOUT_STEPS = 200  # a guard: a round never needs this many decisions
# Worlds that all separate the candidates by the same gaps (to SAME) cannot change the
# order: after this many the search stops (a reward chosen at the round's end, where
# nothing hidden matters, took the whole budget for thousands of identical rollouts).
# Two suffice: in a two-player Maharaja every world is the same (the one hidden value,
# the other's PP, moves every candidate alike, and its plan is modelled as one), so a
# third only repeated the first two, a third of the search's time.
SETTLED_WORLDS, SAME = 2, 1e-9


def search(
    ruleset: AnyRuleset,
    evaluator: Evaluator,
    view: Any,
    seat: int,
    legal: list[Any],
    rng: Random,
    budget: Budget,
) -> Any:
    """The intent the search prefers, from ``legal`` (plans: from the evaluator's own)."""
    return search_ranked(ruleset, evaluator, view, seat, legal, rng, budget)[0].intent


@dataclass(frozen=True)
class Candidate:
    """One intent the search compared: its mean result for the seat (the evaluator's
    ``value``: its margin over the best rival), how many worlds it was played in, and
    what the seat held at the horizon on average, as the caller's ``explain`` counts it
    (``{}`` when nothing was asked or simulated): the coach's words compare these."""

    intent: Any
    score: float
    worlds: int
    things: dict[str, float] = field(default_factory=dict)


def search_ranked(
    ruleset: AnyRuleset,
    evaluator: Evaluator,
    view: Any,
    seat: int,
    legal: list[Any],
    rng: Random,
    budget: Budget,
    stop: Callable[[], bool] | None = None,
    include: Any = None,
    width: int | None = None,
    explain: Callable[[Any, int], dict[str, float]] | None = None,
) -> list[Candidate]:
    """The candidates the search compared, best first; the first is what ``search`` plays.

    Where the search is not used (one candidate, an unsearched phase) the greedy
    judgement's scores rank them. ``stop`` ends the search early (a hint cancelled):
    the worlds completed so far decide. ``include``: an intent compared in any case
    (an analysis weighs the move played against the best), in the last place's stead;
    ``width``: how many of the judgement's best are compared (default: the evaluator's
    ``search_width`` if it has one, else ``CANDIDATES``; the deadline still cuts a world
    to what fits, ``_afford``), the same for a move, a hint and a tournament;
    ``explain``: counts the seat's things at the end of every playout (a hint, an
    analysis), averaged into each candidate's ``things``.
    """
    allowance = budget.start()
    started = allowance.now()
    root = evaluator.determinise(copy_state(view), seat, Random(rng.getrandbits(64)))
    ranked = evaluator.rank(root, seat, legal)
    judged = allowance.now() - started  # seconds to judge the seat's own options
    if len(ranked) == 1 or not evaluator.searchable(root) or allowance.expired():
        # (out of time: the greedy judgement, no world begun late)
        return [Candidate(intent, score, 0) for score, intent in ranked]
    if width is None:
        wide = getattr(evaluator, "search_width", None)
        width = CANDIDATES if wide is None else wide(root)
    if budget.iterations is not None:
        width = max(1, min(width, budget.iterations))
    candidates = [intent for _, intent in ranked[:width]]
    if include is not None and include not in candidates:
        scores = [score for score, intent in ranked if intent == include]
        if scores:  # not among the intents the judgement would consider: not compared
            candidates[-1] = include
            ranked = ranked[: len(candidates) - 1] + [(scores[0], include)]
    # The others' likeliest choices, modelled one seat at a time while the time allows.
    # (modelling a seat is judging its options as the seat's own were just judged: a
    # first model that would not fit is not begun)
    modelling = allowance.pacer(expect=judged)
    model = evaluator.model_opponents(root, seat, modelling)
    if modelling.stopped or allowance.expired():
        return [Candidate(intent, score, 0) for score, intent in ranked]
    totals = [0.0] * len(candidates)
    held: list[dict[str, float]] = [{} for _ in candidates]
    rollouts = allowance.pacer()
    worlds, longest = 0, 0.0  # complete worlds, the longest one's seconds
    first_gaps: list[float] | None = None  # the first world's scores less its first one's
    settled = True  # every world so far gave the candidates those same gaps
    # An evaluator that knows every world compares the candidates alike (two-player
    # Maharaja) lets one world settle the search: a second would only repeat it.
    alike = getattr(evaluator, "worlds_alike", None)
    enough = 1 if alike is not None and alike(root) else SETTLED_WORLDS
    while stop is None or not stop():
        if worlds and allowance.remaining() < longest:
            break  # a world the clock would cut short is thrown away: don't begin it
        began = allowance.now()
        world = rng.getrandbits(64)
        results: list[tuple[float, dict[str, float]]] = []
        for intent in list(candidates):
            if len(results) == len(candidates):
                break  # (narrowed below)
            if not allowance.spend() or not rollouts():
                break
            sample = Random(world)
            state = evaluator.determinise(copy_state(view), seat, sample)
            score = _simulate(ruleset, evaluator, state, seat, intent, model, sample)
            results.append((score, explain(state, seat) if explain is not None else {}))
            if not worlds and len(results) == 1 and include is None:
                # The first rollout says how many of the judgement's best one world can
                # afford before the deadline: compare those (at least two) rather than
                # run out of time in the first world and compare none.
                afford = _afford(allowance, allowance.now() - began)
                if afford < len(candidates):
                    del candidates[afford:], totals[afford:], held[afford:]
        if len(results) < len(candidates):
            break  # a world the budget cut short would compare candidates unequally
        worlds, longest = worlds + 1, max(longest, allowance.now() - began)
        for index, (score, things) in enumerate(results):
            totals[index] += score
            for name, amount in things.items():
                held[index][name] = held[index].get(name, 0.0) + amount
        gaps = [score - results[0][0] for score, _ in results]
        if first_gaps is None:
            first_gaps = gaps
        elif any(abs(a - b) > SAME for a, b in zip(gaps, first_gaps, strict=True)):
            settled = False
        if settled and worlds >= enough:
            break  # every world told the same story (e.g. nothing hidden matters): no more
    # Ties (and no complete world) keep the greedy order.
    order = sorted(range(len(candidates)), key=lambda i: (-totals[i], i))
    if not worlds:
        greedy = [score for score, _ in ranked]
        return [Candidate(candidates[i], greedy[i], 0) for i in order]
    return [Candidate(candidates[i], totals[i] / worlds, worlds,
                      {k: v / worlds for k, v in held[i].items()}) for i in order]


def _afford(allowance: Allowance, first: float) -> int:
    """Rollouts like the first (``first`` seconds, the world's set-up included) that fit
    in one world with the time left: itself and those after it, at least ``MIN_WIDTH``;
    no limit without a deadline (an iteration budget stays reproducible)."""
    left = allowance.remaining()
    if left == float("inf") or first <= 0:
        return CANDIDATES_LIMIT
    return max(MIN_WIDTH, 1 + int(left / first))


def _simulate(
    ruleset: AnyRuleset,
    evaluator: Evaluator,
    state: Any,
    seat: int,
    intent: Any,
    model: Any,
    rng: Random,
) -> float:
    start = copy_state(state)
    evaluator.complete(state, seat, model, rng)
    try:
        step(ruleset, state, seat, intent, rng)
        settle(ruleset, state, rng)
        # (an evaluator may give the search a dearer, truer policy than its fast one)
        play_out(ruleset, evaluator, start, state, rng, ROLLOUT_STEPS,
                 getattr(evaluator, "search_choice", None))
    except Refused:
        # A guessed hidden value made the line impossible (e.g. a guessed PP total too
        # small for an ability): score what was reached.
        pass
    return evaluator.value(state, seat)
