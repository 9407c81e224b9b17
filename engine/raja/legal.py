"""legal_intents: every intent a seat may send now.

Candidates are generated cheaply and each is passed through ``decide`` so the list
can never disagree with the rules. Architect routes are priced once per (seat,
start, houses on villages) and cached, because pricing every simple path is the
only expensive part and it changes only when a village changes.
"""

from __future__ import annotations

from itertools import product
from typing import Any

from engine.core.errors import IllegalIntent
from engine.family.travel import priced_routes
from engine.raja import components as C
from engine.raja import intents as I
from engine.raja.board import board
from engine.raja.queries import holds, village_has_room
from engine.raja.rules import active_turn, chooser, decide
from engine.raja.state import AUCTION, BUILDER_SLOT, CHOOSE, HOUSES, SELECT, RajaState

SELECTIONS = tuple(product(C.ACTIONS, repeat=2))  # the order fixes slot 0 and slot 1


def legal_intents(state: RajaState, seat: int) -> list[Any]:
    pending = state.pending
    if pending is not None:
        if pending.seat != seat:
            return []
        if pending.kind == "pick":
            return [I.PickCard(card=card) for card in state.bank]
        return [I.GiveCard(card=card) for card in state.players[seat].cards]
    if state.phase == CHOOSE:
        return [I.PickCard(card=card) for card in state.bank] if chooser(state) == seat else []
    if state.phase == AUCTION:
        return _auction(state, seat)
    if state.phase == HOUSES:
        return _filter(state, seat, (I.PlaceSetupHouse(village=v) for v in state.villages))
    if state.phase == SELECT:
        if state.players[seat].selected:
            return []
        return [I.SelectActions(first=a, second=b) for a, b in SELECTIONS]
    try:
        active_turn(state, seat)
    except IllegalIntent:
        return []
    return [I.EndTurn(), *_moves(state, seat), *_filter(state, seat, _steps(state, seat))]


def _filter(state: RajaState, seat: int, candidates: Any) -> list[Any]:
    legal = []
    for intent in candidates:
        try:
            decide(state, seat, intent)
        except IllegalIntent:
            continue
        legal.append(intent)
    return legal


def _auction(state: RajaState, seat: int) -> list[Any]:
    auction = state.auction
    if auction is None or auction.next != seat or len(auction.bidders) < 2:
        return []
    bids: list[Any] = [I.Bid(amount=n) for n in range(auction.high + 1,
                                                      state.players[seat].gold + 1)]
    if auction.high_bidder >= 0:
        bids.append(I.Pass())
    return bids


def _moves(state: RajaState, seat: int) -> list[Any]:
    network = board()
    key = tuple(tuple(state.villages[v]) for v in network.villages)
    monk = holds(state, seat, C.MONK)
    gold = state.players[seat].gold
    return [
        move for move, cost in _priced_routes(seat, state.players[seat].architect, key)
        if monk or cost <= gold
    ]


def _priced_routes(
    seat: int, start: str, houses: tuple[tuple[int, ...], ...]
) -> list[tuple[I.MoveArchitect, int]]:
    """One route per (destination, toll breakdown), the shortest; with its total toll."""
    routes = priced_routes(board(), start, seat, houses, per_piece=True)  # R-MOVE-4
    return [(I.MoveArchitect(to=end, roads=roads), total) for end, roads, total in routes]


def _steps(state: RajaState, seat: int) -> Any:
    turn = state.turn
    assert turn is not None
    player = state.players[seat]
    here = player.architect
    places = [v for v in state.villages if village_has_room(state, v)]
    if here in state.cities:
        places.append(here)
    sources = [v for v, owners in state.villages.items() if seat in owners]
    sources += [c for c, city in state.cities.items() if seat in city.houses]
    refs = [(s, p, kind) for s, slot in enumerate(turn.slots)
            for p, (kind, done) in enumerate(zip(C.ACTION_PARTS[slot.action], slot.done,
                                                 strict=True)) if not done]
    if holds(state, seat, C.BUILDER) and not turn.builder_used:
        refs += [(BUILDER_SLOT, 0, C.P_HOUSE), (BUILDER_SLOT, 0, C.P_MOVE)]
    for s, p, kind in refs:
        if kind == C.P_GOLD:
            yield I.TakeGold(slot=s, part=p)
        elif kind == C.P_HOUSE:
            yield from (I.BuildHouse(place=place, slot=s, part=p) for place in places)
        elif kind == C.P_MOVE:
            yield from (I.MoveHouse(source=src, dest=dst, slot=s,
                                    part=p) for src in sources for dst in places)
        elif kind == C.P_QUARRY:
            yield I.TakeQuarry(slot=s, part=p)
        elif kind == C.P_PALACE:
            yield from (I.BuildPalace(central=True, slot=s, part=p), I.BuildPalace(central=False,
                                                                                   slot=s, part=p))
        elif kind == C.P_GOVERNOR:
            yield from (I.MoveGovernor(city=city, slot=s, part=p) for city in state.governors)
        elif kind == C.P_CHARACTER:
            yield from _characters(state, seat, s, p)
    if state.options.yogi_tokens and player.tokens and not turn.token_used:
        yield from (I.UseToken(action=a) for a in C.ACTIONS)


def _characters(state: RajaState, seat: int, s: int, p: int) -> Any:
    cards = list(state.bank) + [c for q in state.players for c in q.cards]
    own = state.players[seat].cards
    if state.options.multi_character and not state.bank:
        for card in cards:
            yield from (I.TakeCharacter(card=card, slot=s, part=p, give=give) for give in own)
        yield from (I.AttractCharacter(target=t, slot=s, part=p) for t in range(state.seats))
    else:
        yield from (I.TakeCharacter(card=card, slot=s, part=p) for card in cards)
