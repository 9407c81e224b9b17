"""Analysis of a finished game (the lichess idea): each seat's winning chances after
every turn, and the decisions that cost a seat the most, with the alternative the
hard computer preferred and why, in the game's words.

Winning chances: at the start of every turn (and at the end) the evaluator's
``value`` of every seat (its margin over the best rival), averaged over a few fast
playouts to the evaluator's horizon, is turned into shares that add up to 1 (a
soft-max whose ``spread`` is in the game's unit: a margin of one spread is e:1,
wider early in the game, where more can change). The
game is finished, so this reads the full state; the end is who won.

Costly decisions: every decision is searched again as the hard computer would from
the deciding seat's own view then (its hidden information sampled), with the move
played always among the candidates; its cost is the best candidate's score minus the
played one's, on the same sampled world. Its reason compares what the seat held at
the end of the two playouts (the game's coach vocabulary): what the preferred move
would have gained by the end of the round (Maharaja, Raja), the next player's turn
(Maharani) or the nation's sequence (Maharadjah).

Quick: one sampled world a decision (the hidden values are guesses around what the
seat saw, which move every candidate alike), and the other seats' secret plans
modelled once a round (they were chosen once, at its planning), not at every
decision. The progress counts the work in playout steps, each decision weighed by
the steps to its horizon in the game itself, so the bar moves with the time spent.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from dataclasses import dataclass
from random import Random
from typing import Any

from engine.bots.advice import turn_plan
from engine.bots.budget import Budget
from engine.bots.coach import Vocabulary, gained
from engine.bots.evaluator import evaluator_for
from engine.bots.search import Candidate, search_ranked
from engine.bots.simulate import play_out
from engine.core.errors import Forbidden, Refused
from engine.core.game import SETUP_SEAT, AnyGame, copy_state
from engine.core.replay import Replay

WIDTH = 3  # the judgement's best two and the move played
DECISION_BUDGET = Budget.fixed(WIDTH)  # one world a decision: reproducible
PLAYOUTS = 3  # fast playouts per turn for the winning chances
PLAYOUT_STEPS = 200
SPREAD = {"PP": 3.0, "gold": 12.0}  # a margin of one spread gives odds of e:1
DEFAULT_SPREAD = 3.0
UNCERTAINTY = 2.0  # at the start the spread is this much wider, narrowing to the end
MISTAKES = 5  # the costliest decisions reported
MIN_COST = 0.1  # a difference below this is noise, not a mistake
MAX_WORKERS = 4  # processes searching an analysis's decisions at once

Progress = Callable[[int, int], None]  # (done, total)


@dataclass(frozen=True)
class Chances:
    position: int  # replay position (events applied) where they are estimated
    label: str  # "start", "3.2" (round 3, turn 2), "end"
    shares: tuple[float, ...]  # per seat, adding up to 1


@dataclass(frozen=True)
class Mistake:
    step: int  # index of the decision in the game's steps
    position: int  # replay position just before it
    seat: int
    played: Any
    preferred: Any
    cost: float  # in the evaluator's unit
    reason: str = ""  # what the preferred move would have gained, in the game's words


@dataclass(frozen=True)
class Analysis:
    unit: str
    chances: list[Chances]
    mistakes: list[Mistake]  # costliest first


class Cancelled(Exception):
    """The analysis was stopped before its end."""


class _Modelled:
    """The evaluator, modelling each seat's secret plan once a round: the search asks
    at every decision, but a plan was chosen once (``model_opponents``' ``known``)."""

    def __init__(self, evaluator: Any) -> None:
        self.evaluator = evaluator
        self.known: dict[int, Any] = {}

    def __getattr__(self, name: str) -> Any:
        return getattr(self.evaluator, name)

    def model_opponents(self, state: Any, seat: int, go_on: Callable[[], bool] = lambda: True,
                        known: dict[int, Any] | None = None) -> Any:
        return self.evaluator.model_opponents(state, seat, go_on,
                                              known=self.known if known is None else known)


def analyse(game: AnyGame, *, budget: Budget | None = None,
            progress: Progress | None = None,
            stop: Callable[[], bool] | None = None,
            workers: int | None = None) -> Analysis:
    """The analysis of ``game`` (finished or not). ``progress`` hears (done, total);
    ``stop`` returning True raises Cancelled at the next decision or turn. ``workers``:
    processes that search the decisions, a round each at a time (default: one a core,
    at most ``MAX_WORKERS``; 1 searches in this process). The result is the same
    whatever their number."""
    ruleset = game.ruleset
    evaluator = evaluator_for(ruleset.id)
    if evaluator is None:
        raise Forbidden("CORE-ANALYSIS-1", f"{ruleset.name} has no computer judgement "
                                           "to analyse with")
    unit = getattr(evaluator, "unit", "points")
    replay = Replay(game)
    turns = replay.starts("turn")
    rounds = rounds_of(game, replay)
    weights = _work_ahead(game, replay, evaluator, rounds)
    chance_work = [0.0] * (len(turns) + 1)  # a turn's chances: next to nothing
    whole = sum(chance_work) + sum(weights.values())
    total = len(chance_work) + len(weights)
    done, spent = 0, 0.0

    def tick(work: float) -> None:
        nonlocal done, spent
        if stop is not None and stop():
            raise Cancelled
        done, spent = done + 1, spent + work
        if progress is not None:
            share = spent / whole if whole > 0 else done / total
            progress(min(total, round(total * share)), total)

    spread = getattr(evaluator, "spread", SPREAD.get(unit, DEFAULT_SPREAD))
    seats = len(game.seats)
    chances = []
    for n, position in enumerate(turns):
        state = replay.seek(position)
        label = _label(state, n)
        # less is settled the more is left to play: the margins count for less
        wide = spread * (1 + UNCERTAINTY * (1 - position / max(1, replay.length)))
        chances.append(Chances(position, label, _shares(
            ruleset, evaluator, state, seats, wide, Random(f"chances/{position}"))))
        tick(chance_work[n])
    final = replay.seek(replay.length)
    chances.append(Chances(replay.length, "end", _shares(
        ruleset, evaluator, final, seats, spread, Random("chances/end"))))
    tick(chance_work[-1])
    budget = budget or DECISION_BUDGET
    count = workers if workers is not None else min(MAX_WORKERS, _cores())
    mistakes: list[Mistake] = []
    if count > 1 and len(rounds) > 1:
        mistakes = _apart(game, replay, rounds, weights, budget, count, stop, tick)
    else:
        for decided in rounds:
            mistakes += judge_round(game, replay, decided, budget, stop,
                                    lambda index, _: tick(weights[index]))
    mistakes.sort(key=lambda m: (-m.cost, m.step))
    return Analysis(unit, chances, mistakes[:MISTAKES * seats])


Decided = list[tuple[int, int]]  # (step index, replay position just before it)


def rounds_of(game: AnyGame, replay: Replay) -> list[Decided]:
    """The game's decisions, by round (where its rules mark rounds; else one by one):
    a round's secret plans are modelled once, so its decisions are searched together."""
    starts = replay.starts("round")
    first_event = _first_events(replay)
    out: list[Decided] = []
    current = None
    for index, step in enumerate(game.steps):
        if step.seat == SETUP_SEAT or not step.intent:
            continue
        position = first_event.get(index, replay.length)
        began = max((r for r in starts if r <= position), default=-1) if starts else index
        if began != current or not out:
            out.append([])
            current = began
        out[-1].append((index, position))
    return out


def judge_round(game: AnyGame, replay: Replay, decided: Decided, budget: Budget,
                stop: Callable[[], bool] | None,
                judged: Callable[[int, Mistake | None], None]) -> list[Mistake]:
    """One round's decisions searched again as the hard computer would, the secret plans
    modelled once for the round; ``judged(step index, its mistake or None)`` after each.
    Its costly ones."""
    ruleset = game.ruleset
    evaluator = evaluator_for(ruleset.id)
    assert evaluator is not None
    unit = getattr(evaluator, "unit", "points")
    words: Vocabulary | None = getattr(evaluator, "words", None)
    modelled = _Modelled(evaluator)
    out = []
    for index, position in decided:
        played = game.steps[index]
        state = replay.seek(position)
        view = ruleset.view(state, played.seat)
        legal = ruleset.legal_intents(state, played.seat)
        found = None
        if len(legal) >= 2:
            ranked = search_ranked(ruleset, modelled, view, played.seat, legal,
                                   Random(f"analysis/{index}"), budget, stop,
                                   include=played.intent, width=WIDTH,
                                   explain=words.count if words is not None else None)
            when = words.horizon(view, played.seat) if words is not None else ""
            if not ranked[0].worlds:  # not searched: judged at the end of the seat's turn
                ranked, when = _played_on(ruleset, evaluator, view, played.seat, ranked,
                                          played.intent, index)
            mine = [c for c in ranked if c.intent == played.intent]
            cost = ranked[0].score - mine[0].score if mine else 0.0
            if mine and ranked[0].intent != played.intent and cost >= MIN_COST:
                reason = ""
                if words is not None:
                    reason = gained(ranked[0].things, mine[0].things, words, when, cost, unit)
                found = Mistake(index, position, played.seat, played.intent,
                                ranked[0].intent, cost, reason)
        if found is not None:
            out.append(found)
        judged(index, found)
    return out


def _played_on(ruleset: Any, evaluator: Any, view: Any, seat: int,
               ranked: list[Candidate], played: Any, index: int
               ) -> tuple[list[Candidate], str]:
    """Where the hard computer does not search (Raja's turns, setup choices), the move
    played and the judgement's best, each played on to the end of the seat's turn by the
    judgement (as a hint judges them), best first, and when they are compared."""
    root = evaluator.determinise(copy_state(view), seat, Random(f"analysis/{index}/turn"))
    words = getattr(evaluator, "words", None)
    intents = [c.intent for c in ranked[:WIDTH]]
    if played not in intents:
        intents.append(played)
    out, longest = [], 1
    for intent in intents:
        steps, end = turn_plan(ruleset, evaluator, root, seat, intent)
        longest = max(longest, len(steps))
        things = words.count(end, seat) if words is not None else {}
        out.append(Candidate(intent, evaluator.value(end, seat), 0, things))
    out.sort(key=lambda c: -c.score)  # (stable: ties keep the judgement's order)
    return out, "by the turn's end" if longest > 1 else "at once"


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on every platform
        return os.cpu_count() or 1


def _apart(game: AnyGame, replay: Replay, rounds: list[Decided], weights: dict[int, float],
           budget: Budget, count: int, stop: Callable[[], bool] | None,
           tick: Callable[[float], None]) -> list[Mistake]:
    """The rounds searched in ``count`` child processes (``analysis_worker``), the
    heaviest first, each to the next child free. A child that fails leaves what it did
    not judge to this process; stopping ends them all."""
    from engine.bots import analysis_worker

    heaviest = sorted(rounds, key=lambda r: -sum(weights[i] for i, _ in r))
    reports = analysis_worker.start(game, heaviest, count, budget)
    mistakes: list[Mistake] = []
    judged: set[int] = set()
    try:
        for report in reports:
            if stop is not None and stop():
                raise Cancelled
            if report is None:
                continue  # nothing new yet: ask about stopping again
            judged.add(report.step)
            if report.mistake is not None:
                mistakes.append(report.mistake)
            tick(weights[report.step])
    finally:
        reports.close()
    for decided in rounds:  # what a failed child left
        left = [(i, p) for i, p in decided if i not in judged]
        if left:
            mistakes += judge_round(game, replay, left, budget, stop,
                                    lambda index, _: tick(weights[index]))
    return mistakes


def _work_ahead(game: AnyGame, replay: Replay, evaluator: Any,
                rounds: list[Decided]) -> dict[int, float]:
    """Each decision's share of the work, for an honest progress bar: its playouts run
    to the evaluator's horizon, and each of their steps weighs the moves there are to
    judge, so: the moves listed at the game's own decisions from there to the horizon,
    times how many decisions those are (a search's cost follows this within half; the
    steps alone missed by two). A decision the search leaves to the judgement costs a
    few listings of its moves."""
    decided = [(index, position) for r in rounds for index, position in r]
    states = [copy_state(replay.seek(position)) for _, position in decided]
    moves = [len(game.ruleset.legal_intents(state, game.steps[index].seat))
             for (index, _), state in zip(decided, states, strict=True)]
    out: dict[int, float] = {}
    later = 0
    for n, start in enumerate(states):
        later = max(later, n + 1)
        while later < len(states) and not evaluator.horizon(start, states[later]):
            later += 1
        if evaluator.searchable(start):
            out[decided[n][0]] = float(sum(moves[n:later]) * (later - n))
        else:  # judged at once and played on to the turn's end: a few listings
            out[decided[n][0]] = float(WIDTH * moves[n])
    return out


def _label(state: Any, n: int) -> str:
    number = getattr(state, "round", None)
    if n == 0:
        return "start"
    return f"r{number}" if isinstance(number, int) else str(n + 1)


def _first_events(replay: Replay) -> dict[int, int]:
    """Step index -> the replay position just before its first event."""
    out: dict[int, int] = {}
    for position, index in enumerate(replay.step_of):
        out.setdefault(index, position)
    return out


def _shares(ruleset: Any, evaluator: Any, state: Any, seats: int, spread: float,
            rng: Random) -> tuple[float, ...]:
    if ruleset.is_over(state):
        values = [evaluator.value(state, s) for s in range(seats)]
        best = max(values)
        top = [s for s, v in enumerate(values) if v == best]
        return tuple((1 / len(top) if s in top else 0.0) for s in range(seats))
    totals = [0.0] * seats
    for _ in range(PLAYOUTS):
        world = copy_state(state)
        start = copy_state(state)
        try:
            play_out(ruleset, evaluator, start, world, rng, PLAYOUT_STEPS)
        except Refused:
            pass  # score what was reached
        # value is a seat's margin over its best rival; min(.., 0) makes it the margin
        # to the leader (0 for the leader), so the shares compare estimates alike
        weights = [math.exp(min(evaluator.value(world, s), 0.0) / spread)
                   for s in range(seats)]
        whole = sum(weights)
        for s in range(seats):
            totals[s] += weights[s] / whole
    return tuple(t / PLAYOUTS for t in totals)
