"""The medium bot's judgement of Maharaja choices: one step ahead, plans by their turn.

Every legal intent is scored by ``maharaja_eval.value`` of the state it leads to.
Moving the priest or spending a token only pays off through what follows, so those
are scored by the best follow-up too. A plan (the two secret actions) is scored by
playing the seat's own turn greedily with it on a copy, as if it were next to play.
"""

from __future__ import annotations

from typing import Any

from engine.bots.maharaja_eval import value
from engine.bots.simulate import after
from engine.core.game import copy_state, snapshot
from engine.maharaja import RULESET
from engine.maharaja import events as ev
from engine.maharaja import intents as it
from engine.maharaja.legal import PLANS, legal_intents
from engine.maharaja.queries import board
from engine.maharaja.state import Phase, State

Scored = list[tuple[float, Any]]

ENABLING = (it.MovePriest, it.SpendToken)  # worth only what they make possible
FOLLOW_UPS = (it.BuildStatue, it.BuildShrine, it.DoAction, it.UseAbility, it.MoveFlag,
              it.ChangeCharacter)
ACTIONS_PAIRED = 5
TURN_STEPS = 12
DETOUR = 0.01  # a greedy turn never needs more decisions than this


def rank(state: State, seat: int, legal: list[Any], *, lookahead: bool = True) -> Scored:
    """Legal intents with their scores, best first (ties keep the legal order)."""
    if state.phase == Phase.PLANNING:
        return plan_scores(state, seat)
    frozen = snapshot(state)
    scored = [(score(state, seat, intent, lookahead=lookahead, frozen=frozen), intent)
              for intent in distinct(state, seat, legal)]
    scored.sort(key=lambda pair: -pair[0])
    return scored


PLAIN_SLOTS = range(3, 7)  # outer slots without a bonus: any free one is as good as another


def distinct(state: State, seat: int, legal: list[Any]) -> list[Any]:
    """Drop intents that differ in nothing the evaluation sees: other plain statue
    slots of the same city, and dearer routes to a destination already reached
    (legal lists routes cheapest first). Tolls paid to different seats are ignored.
    A move straight after a move is dropped too (MJ-MOVE-1)."""
    out: list[Any] = []
    seen: set[tuple[Any, ...]] = set()
    # Straight after a move, another is never needed (one route does the same): without
    # this, two cities a free road apart could each look the better place to stand, and
    # a computer moved its priest between them forever.
    travelled = state.turn is not None and state.turn.travelled
    for intent in legal:
        key: tuple[Any, ...] | None = None
        if isinstance(intent, it.BuildStatue) and intent.slot in PLAIN_SLOTS:
            key = ("statue", intent.city, intent.task)
        elif isinstance(intent, it.MovePriest):
            if travelled:
                continue
            key = ("move", destination(state.players[seat].priest, intent.route))
        if key is not None:
            if key in seen:
                continue
            seen.add(key)
        out.append(intent)
    return out


def destination(here: str, route: tuple[str, ...]) -> str:
    return board().walk(here, route).end


def score(state: State, seat: int, intent: Any, *, lookahead: bool = True,
          frozen: bytes | None = None) -> float:
    """``frozen``: ``snapshot(state)``, when the caller has it."""
    nxt = after(RULESET, state, seat, intent, frozen)
    best = value(nxt, seat)
    if isinstance(intent, ENABLING):
        if lookahead:
            then = snapshot(nxt)
            for follow in legal_intents(nxt, seat):
                if isinstance(follow, FOLLOW_UPS):
                    best = max(best, value(after(RULESET, nxt, seat, follow, then), seat))
        # Doing a thing here beats travelling to do the same thing (and never loops).
        best -= DETOUR
    return best


def best(state: State, seat: int, *, lookahead: bool = True) -> Any | None:
    legal = legal_intents(state, seat)
    if not legal:
        return None
    return rank(state, seat, legal, lookahead=lookahead)[0][1]


def plan_scores(state: State, seat: int) -> Scored:
    """Plans worth considering with the value of playing them at once, best first.

    Each action is first tried doubled (both arrows on it); only pairs of the
    ACTIONS_PAIRED best actions are then tried, which keeps a plan choice to about
    twenty simulated turns instead of forty-five.
    """
    doubles = [(plan_value(state, seat, p), p) for p in PLANS if p.first == p.second]
    doubles.sort(key=lambda pair: -pair[0])
    top = sorted(p.first for _, p in doubles[:ACTIONS_PAIRED])
    pairs = [it.CommitPlan(first=a, second=b) for i, a in enumerate(top) for b in top[i + 1:]]
    scored = doubles + [(plan_value(state, seat, p), p) for p in pairs]
    scored.sort(key=lambda pair: -pair[0])
    return scored


def plan_value(state: State, seat: int, plan: it.CommitPlan) -> float:
    sim = copy_state(state)
    for other, player in enumerate(sim.players):
        if not player.planned:
            mine = (plan.first, plan.second) if other == seat else (5, 5)
            RULESET.apply(sim, ev.PlanCommitted(seat=other, plan=mine))
    RULESET.apply(sim, ev.TurnStarted(seat=seat, plan=(plan.first, plan.second)))
    play_turn(sim, seat)
    return value(sim, seat)


def play_turn(state: State, seat: int, *, lookahead: bool = False) -> None:
    """Play the seat's started turn greedily on ``state``, in place, up to ending it."""
    for _ in range(TURN_STEPS):
        choice = best(state, seat, lookahead=lookahead)
        if choice is None or isinstance(choice, it.EndTurn):
            return
        for event in RULESET.decide(state, seat, choice):
            RULESET.apply(state, event)
