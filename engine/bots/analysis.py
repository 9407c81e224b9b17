"""Analysis of a finished game (the lichess idea): each seat's winning chances after
every turn, and the decisions that cost a seat the most, with the alternative the
hard computer preferred.

Winning chances: at the start of every turn (and at the end) the evaluator's
``value`` of every seat (its margin over the best rival), averaged over a few fast
playouts to the evaluator's horizon, is turned into shares that add up to 1 (a
soft-max whose ``spread`` is in the game's unit: a margin of one spread is e:1,
wider early in the game, where more can change). The
game is finished, so this reads the full state; the end is who won.

Costly decisions: every decision is searched again as the hard computer would from
the deciding seat's own view then (its hidden information sampled), with the move
played always among the candidates; its cost is the best candidate's score minus the
played one's, on the same sampled worlds.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from random import Random
from typing import Any

from engine.bots.budget import Budget
from engine.bots.evaluator import evaluator_for
from engine.bots.search import search_ranked
from engine.bots.simulate import play_out
from engine.core.errors import IllegalIntent
from engine.core.game import SETUP_SEAT, AnyGame, copy_state
from engine.core.replay import Replay

DECISION_BUDGET = Budget.fixed(12)  # searched decisions: candidates x worlds, reproducible
WIDTH = 3  # the judgement's best two and the move played
PLAYOUTS = 3  # fast playouts per turn for the winning chances
PLAYOUT_STEPS = 200
SPREAD = {"PP": 3.0, "gold": 12.0}  # a margin of one spread gives odds of e:1
DEFAULT_SPREAD = 3.0
UNCERTAINTY = 2.0  # at the start the spread is this much wider, narrowing to the end
MISTAKES = 5  # the costliest decisions reported
MIN_COST = 0.1  # a difference below this is noise, not a mistake

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


@dataclass(frozen=True)
class Analysis:
    unit: str
    chances: list[Chances]
    mistakes: list[Mistake]  # costliest first


class Cancelled(Exception):
    """The analysis was stopped before its end."""


def analyse(game: AnyGame, *, budget: Budget | None = None,
            progress: Progress | None = None,
            stop: Callable[[], bool] | None = None) -> Analysis:
    """The analysis of ``game`` (finished or not). ``progress`` hears (done, total);
    ``stop`` returning True raises Cancelled at the next decision or turn."""
    ruleset = game.ruleset
    evaluator = evaluator_for(ruleset.id)
    if evaluator is None:
        raise IllegalIntent("CORE-ANALYSIS-1", f"{ruleset.name} has no computer judgement "
                                               "to analyse with")
    unit = getattr(evaluator, "unit", "points")
    replay = Replay(game)
    turns = replay.starts("turn")
    decisions = [i for i, s in enumerate(game.steps) if s.seat != SETUP_SEAT and s.intent]
    total = len(turns) + 1 + len(decisions)
    done = 0

    def tick() -> None:
        nonlocal done
        if stop is not None and stop():
            raise Cancelled
        done += 1
        if progress is not None:
            progress(done, total)

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
        tick()
    final = replay.seek(replay.length)
    chances.append(Chances(replay.length, "end", _shares(
        ruleset, evaluator, final, seats, spread, Random("chances/end"))))
    tick()
    first_event = _first_events(replay)
    mistakes = []
    for index in decisions:
        played = game.steps[index]
        position = first_event.get(index, replay.length)
        state = replay.seek(position)
        view = ruleset.view(state, played.seat)
        legal = ruleset.legal_intents(state, played.seat)
        tick()
        if len(legal) < 2:
            continue
        ranked = search_ranked(ruleset, evaluator, view, played.seat, legal,
                               Random(f"analysis/{index}"), budget or DECISION_BUDGET, stop,
                               include=played.intent, width=WIDTH)
        mine = [c for c in ranked if c.intent == played.intent]
        if not mine or ranked[0].intent == played.intent:
            continue
        cost = ranked[0].score - mine[0].score
        if cost >= MIN_COST:
            mistakes.append(Mistake(index, position, played.seat, played.intent,
                                    ranked[0].intent, cost))
    mistakes.sort(key=lambda m: -m.cost)
    return Analysis(unit, chances, mistakes[:MISTAKES * seats])


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
        except IllegalIntent:
            pass  # score what was reached
        # value is a seat's margin over its best rival; min(.., 0) makes it the margin
        # to the leader (0 for the leader), so the shares compare estimates alike
        weights = [math.exp(min(evaluator.value(world, s), 0.0) / spread)
                   for s in range(seats)]
        whole = sum(weights)
        for s in range(seats):
            totals[s] += weights[s] / whole
    return tuple(t / PLAYOUTS for t in totals)
