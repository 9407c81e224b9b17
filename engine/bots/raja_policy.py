"""The medium bot's judgement of Raja choices: one step ahead, plans by their turn.

Every legal intent is scored by ``raja_eval.value`` of the state it leads to.
Moving the architect or declaring a token only pays off through what follows, so
those are scored by the best follow-up too. Taking another seat's card is scored
after that seat picks its replacement. A plan (the two secret actions) is scored by
playing the seat's own turn greedily with it on a copy, as if it were next to play,
forfeits included. Setup houses go where roads start from the architects and lead
to the first cities the Maharaja visits; auction bids follow what the best card
left is worth over the one the seat would get anyway.
"""

from __future__ import annotations

from random import Random
from typing import Any

from engine.bots.raja_eval import CARD_ROUND, rounds_left, upcoming, value
from engine.bots.simulate import after
from engine.core.errors import Refused
from engine.core.game import copy_state, snapshot
from engine.raja import RULESET
from engine.raja import components as C
from engine.raja import events as ev
from engine.raja import intents as it
from engine.raja.board import board
from engine.raja.legal import legal_intents
from engine.raja.queries import move_tolls
from engine.raja.state import BUILDER_SLOT, Phase, State

Scored = list[tuple[float, Any]]

ENABLING = (it.MoveArchitect, it.UseToken)  # worth only what they make possible
DETOUR = 0.05  # doing a thing here beats travelling to do the same thing (and never loops)
TURN_STEPS = 14  # a greedy turn never needs more decisions than this
VILLAGES_KEPT = 2  # village destinations worth comparing for one house part
ACTIONS_PAIRED = 5  # plans tried: every doubled action, then pairs of the best few
AUCTION_SHARE = 0.5  # of the best card's edge over the worst one a seat will bid


# ------------------------------------------------------------------ entry points
def rank(state: State, seat: int, legal: list[Any], *, lookahead: bool = True) -> Scored:
    """Legal intents (plans: the ones worth considering) with scores, best first."""
    if state.phase == Phase.SELECT and state.pending is None:
        return plan_scores(state, seat)
    if state.phase == Phase.AUCTION and state.pending is None:
        return auction_scores(state, seat, legal)
    if state.phase == Phase.HOUSES and state.pending is None:
        return setup_house_scores(state, seat, legal)
    frozen = snapshot(state)
    scored = [(score(state, seat, intent, lookahead=lookahead, frozen=frozen), intent)
              for intent in distinct(state, seat, legal)]
    scored.sort(key=lambda pair: -pair[0])
    return scored


def best(state: State, seat: int, *, lookahead: bool = True) -> Any | None:
    legal = legal_intents(state, seat)
    if not legal:
        return None
    return rank(state, seat, legal, lookahead=lookahead)[0][1]


# ------------------------------------------------------------------ turn steps
def distinct(state: State, seat: int, legal: list[Any]) -> list[Any]:
    """Drop intents the evaluation cannot tell apart or that are rarely worth it:
    more than a couple of village sites for one house part, houses moved to villages,
    dearer routes to a junction already reached."""
    out: list[Any] = []
    villages: dict[tuple[int, int], int] = {}
    seen_moves: set[str] = set()
    for intent in sorted(legal, key=lambda i: _order(state, seat, i)):
        if isinstance(intent, it.BuildHouse) and intent.place in state.villages:
            key = (intent.slot, intent.part)
            if villages.get(key, 0) >= VILLAGES_KEPT:
                continue
            villages[key] = villages.get(key, 0) + 1
        elif isinstance(intent, it.MoveHouse) and intent.dest in state.villages:
            continue
        elif isinstance(intent, it.MoveArchitect):
            if intent.to in seen_moves:
                continue
            seen_moves.add(intent.to)
        out.append(intent)
    return out


def _order(state: State, seat: int, intent: Any) -> tuple[float, ...]:
    """Sort key: villages by how useful a house there is; routes by toll, then length."""
    if isinstance(intent, it.BuildHouse) and intent.place in state.villages:
        return (0.0, -village_use(state, seat, intent.place))
    if isinstance(intent, it.MoveArchitect):
        return (0.0, _toll(state, seat, intent), len(intent.roads))
    return (0.0,)


def _toll(state: State, seat: int, intent: it.MoveArchitect) -> float:
    return sum(gold for _, gold in move_tolls(state, seat, intent.roads))  # Monk or not


def score(state: State, seat: int, intent: Any, *, lookahead: bool = True,
          frozen: bytes | None = None) -> float:
    """``frozen``: ``snapshot(state)``, when the caller has it."""
    nxt = after(RULESET, state, seat, intent, frozen)
    _resolve_pending(nxt)
    if isinstance(intent, ENABLING):
        # Worth no more than ending the turn there (forfeits counted): a move must not
        # look good merely because it puts off the end of the turn.
        blob = snapshot(nxt)
        best_ = value(after(RULESET, nxt, seat, it.EndTurn(), blob), seat)
        if lookahead:
            for follow in follow_ups(nxt, seat):
                try:
                    then = after(RULESET, nxt, seat, follow, blob)
                except Refused:
                    continue
                best_ = max(best_, value(then, seat))
        return best_ - DETOUR
    return value(nxt, seat)


def follow_ups(state: State, seat: int) -> list[Any]:
    """What a move to a city is for: the pending palace, house and house-move parts
    done there (candidates only; the caller checks them against the rules)."""
    turn = state.turn
    here = state.players[seat].architect
    if turn is None or here not in state.cities:
        return []
    sources = [v for v, owners in state.villages.items() if seat in owners]
    sources += [c for c, city in state.cities.items() if c != here and seat in city.houses]
    out: list[Any] = []
    refs = [(s, p, kind) for s, slot in enumerate(turn.slots)
            for p, (kind, done) in enumerate(zip(C.ACTION_PARTS[slot.action], slot.done,
                                                 strict=True)) if not done]
    if C.BUILDER in state.players[seat].cards and not turn.builder_used:
        refs += [(BUILDER_SLOT, 0, C.P_HOUSE), (BUILDER_SLOT, 0, C.P_MOVE)]
    for s, p, kind in refs:
        if kind == C.P_PALACE:
            out += [it.BuildPalace(central=True, slot=s, part=p), it.BuildPalace(central=False,
                                                                               slot=s, part=p)]
        elif kind == C.P_HOUSE:
            out.append(it.BuildHouse(place=here, slot=s, part=p))
        elif kind == C.P_MOVE:
            out += [it.MoveHouse(source=src, dest=here, slot=s, part=p) for src in sources]
    return out


def _resolve_pending(state: State) -> None:
    """Play another seat's forced card choice (R-ACT-4 step 3, R-VAR-MULTI-2) greedily."""
    pending = state.pending
    if pending is None:
        return
    if pending.kind == "pick" and state.bank:
        card = max(state.bank, key=lambda c: (CARD_ROUND.get(c, 0.0), -c))
        RULESET.apply(state, ev.CardPicked(seat=pending.seat, card=card))
    elif pending.kind == "give" and state.players[pending.seat].cards:
        card = min(state.players[pending.seat].cards, key=lambda c: (CARD_ROUND.get(c, 0.0), c))
        RULESET.apply(state, ev.CardGiven(seat=pending.seat, to=pending.to, card=card))


# ------------------------------------------------------------------ plans
def plan_scores(state: State, seat: int, paired: int = ACTIONS_PAIRED) -> Scored:
    """Plans worth considering with the value of playing them at once, best first.

    Each action is first tried doubled (both arrows on it); only pairs of the
    ``paired`` best actions are then tried.
    """
    doubles = [(plan_value(state, seat, a, a), it.SelectActions(first=a,
                                                               second=a)) for a in C.ACTIONS]
    doubles.sort(key=lambda pair: -pair[0])
    top = [plan.first for _, plan in doubles[:paired]]
    top.sort(key=C.ACTIONS.index)
    pairs = [it.SelectActions(first=a, second=b) for i, a in enumerate(top) for b in top[i + 1:]]
    scored = doubles + [(plan_value(state, seat, p.first, p.second), p) for p in pairs]
    scored.sort(key=lambda pair: -pair[0])
    return scored


def plan_value(state: State, seat: int, first: str, second: str) -> float:
    sim = copy_state(state)
    for other, player in enumerate(sim.players):
        if not player.selected:
            mine = (first, second) if other == seat else (C.GOLD, C.GOLD)
            RULESET.apply(sim, ev.ActionsSelected(seat=other, actions=mine))
    RULESET.apply(sim, ev.TurnStarted(seat=seat, actions=(first, second)))
    _settle(sim)
    play_turn(sim, seat)
    return value(sim, seat)


def _settle(state: State) -> None:
    for _ in range(8):
        more = RULESET.automatic(state, _NO_RNG)
        if not more:
            return
        for event in more:
            RULESET.apply(state, event)


_NO_RNG = Random(0)  # automatic events inside a turn draw nothing


def play_turn(state: State, seat: int, *, lookahead: bool = True) -> None:
    """Play the seat's started turn greedily on ``state``, in place, to its end."""
    for _ in range(TURN_STEPS):
        if state.turn is None or state.turn.seat != seat:
            return
        choice = best(state, seat, lookahead=lookahead)
        if choice is None:
            return
        for event in RULESET.decide(state, seat, choice):
            RULESET.apply(state, event)
        _resolve_pending(state)
        _settle(state)
        if isinstance(choice, it.EndTurn):
            return
    if state.turn is not None and state.turn.seat == seat:
        for event in RULESET.decide(state, seat, it.EndTurn()):
            RULESET.apply(state, event)


# ------------------------------------------------------------------ setup
def village_use(state: State, seat: int, village: str) -> float:
    """How useful a house on ``village`` is: it opens roads out of where the architects
    stand and into the next cities scored, and collects tolls there."""
    net = board()
    road = net.roads[net.road_of[village]]
    ends = (road.a, road.b)
    use = 0.0
    here = {p.architect for p in state.players}
    if any(e in here for e in ends):
        use += 1.0
    if state.governors:
        left = rounds_left(state)
        for city, weight, _ in upcoming(state, left)[:4]:
            if city in ends:
                use += weight
    empty_others = sum(1 for v in road.villages if v != village and not state.villages[v])
    if empty_others == 0:
        use += 0.3  # the road is open once this house stands
    return use


def setup_house_scores(state: State, seat: int, legal: list[Any]) -> Scored:
    scored = [(village_use(state, seat, i.village), i) for i in legal]
    scored.sort(key=lambda pair: -pair[0])
    return scored


def auction_scores(state: State, seat: int, legal: list[Any]) -> Scored:
    """Raise by one while the price is below the seat's limit, else pass."""
    auction = state.auction
    assert auction is not None
    values = sorted((CARD_ROUND.get(c, 0.0) for c in state.bank), reverse=True)
    rounds = 10 if not state.options.short_game else 8
    edge = (values[0] - values[-1]) * rounds if values else 0.0
    limit = int(AUCTION_SHARE * edge)
    scored: Scored = []
    for intent in legal:
        if isinstance(intent, it.Pass):
            scored.append((0.0, intent))
        else:
            scored.append((limit - intent.amount - 0.01 * (intent.amount - auction.high - 1),
                           intent))
    scored.sort(key=lambda pair: -pair[0])
    return scored

