"""A game's decisions searched again as the hard computer would, a round at a time:
what an analysis (``analysis``) and its child processes (``analysis_worker``) both
run, so each imports it and neither imports the other's half.

A decision's cost is the best candidate's score minus the played one's, on the same
sampled world; its reason compares what the seat held at the end of the two playouts,
in the game's coach vocabulary.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from random import Random
from typing import Any

from engine.bots.advice import turn_plan
from engine.bots.budget import Budget
from engine.bots.coach import Vocabulary, gained
from engine.bots.evaluator import evaluator_for
from engine.bots.search import Candidate, search_ranked
from engine.core.game import AnyGame, copy_state
from engine.core.replay import Replay

WIDTH = 3  # the judgement's best two and the move played
MIN_COST = 0.1  # a difference below this is noise, not a mistake

Decided = list[tuple[int, int]]  # (step index, replay position just before it)


@dataclass(frozen=True)
class Mistake:
    step: int  # index of the decision in the game's steps
    position: int  # replay position just before it
    seat: int
    played: Any
    preferred: Any
    cost: float  # in the evaluator's unit
    reason: str = ""  # what the preferred move would have gained, in the game's words


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
