"""legal_intents: every intent a seat may send now.

Candidates are generated cheaply and each is passed through ``decide`` so the list
can never disagree with the rules, except the house parts (most of a turn's
candidates), listed straight from the rules ``decide`` applies; a property test holds
them equal to the trial listing. Architect routes are priced once per (seat,
start, houses on villages) and cached, because pricing every simple path is the
only expensive part and it changes only when a village changes.

``legal_groups`` lists them by what they share (the move, each open part of the
selected actions, tokens); a group's candidates are generated and checked when it
is iterated. Groups read the live state: iterate them before it changes.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cache, lru_cache, partial
from itertools import product
from typing import Any

from engine.core.errors import Refused
from engine.core.ruleset import LegalGroup, flatten
from engine.family.travel import priced_paths
from engine.raja import components as C
from engine.raja import intents as it
from engine.raja.board import board
from engine.raja.flow import to_move
from engine.raja.queries import holds, house_cost, village_has_room
from engine.raja.rules import active_turn, chooser, decide
from engine.raja.state import BUILDER_SLOT, Phase, State

SELECTIONS = tuple(product(C.ACTIONS, repeat=2))  # the order fixes slot 0 and slot 1


def legal_intents(state: State, seat: int) -> list[Any]:
    return flatten(legal_groups(state, seat))


def legal_groups(state: State, seat: int) -> Iterator[LegalGroup[Any]]:
    if seat not in to_move(state):
        return
    pending = state.pending
    if pending is not None:
        if pending.seat != seat:
            return
        if pending.kind == "pick":
            yield LegalGroup("pick", lambda: [it.PickCard(card=card) for card in state.bank])
        else:
            yield LegalGroup("give", lambda: [it.GiveCard(card=card)
                                              for card in state.players[seat].cards])
        return
    if state.phase == Phase.CHOOSE:
        if chooser(state) == seat:
            yield LegalGroup("pick", lambda: [it.PickCard(card=card) for card in state.bank])
        return
    if state.phase == Phase.AUCTION:
        yield LegalGroup("bid", lambda: _auction(state, seat))
        return
    if state.phase == Phase.HOUSES:
        yield LegalGroup("setup-house", lambda: _filter(
            state, seat, (it.PlaceSetupHouse(village=v) for v in state.villages)))
        return
    if state.phase == Phase.SELECT:
        if not state.players[seat].selected:
            yield LegalGroup("select", lambda: [it.SelectActions(first=a, second=b)
                                                for a, b in SELECTIONS])
        return
    try:
        active_turn(state, seat)
    except Refused:
        return
    yield LegalGroup("end-turn", lambda: [it.EndTurn()])
    yield LegalGroup("move", lambda: _moves(state, seat))
    yield from _step_groups(state, seat)


def _filter(state: State, seat: int, candidates: Iterable[Any]) -> list[Any]:
    legal = []
    for intent in candidates:
        try:
            decide(state, seat, intent)
        except Refused:
            continue
        legal.append(intent)
    return legal


def _auction(state: State, seat: int) -> list[Any]:
    auction = state.auction
    if auction is None or auction.next != seat or len(auction.bidders) < 2:
        return []
    bids: list[Any] = [it.Bid(amount=n) for n in range(auction.high + 1,
                                                      state.players[seat].gold + 1)]
    if auction.high_bidder >= 0:
        bids.append(it.Pass())
    return bids


def _moves(state: State, seat: int) -> list[Any]:
    network = board()
    key = tuple(map(tuple, map(state.villages.__getitem__, network.villages)))
    listed, costs, dearest = _priced_routes(seat, state.players[seat].architect, key)
    if dearest <= state.players[seat].gold or holds(state, seat, C.MONK):
        return list(listed)  # every route is affordable (R-MOVE-6: the bank pays the Monk's)
    gold = state.players[seat].gold
    return [move for move, cost in zip(listed, costs, strict=True) if cost <= gold]


@lru_cache(maxsize=4096)
def _priced_routes(seat: int, start: str, houses: tuple[tuple[int, ...], ...]
                   ) -> tuple[tuple[it.MoveArchitect, ...], tuple[int, ...], int]:
    """One route per (destination, toll breakdown), the shortest, with the total tolls
    and the dearest. The intents are frozen, so every state that asks shares them."""
    listed, costs = priced_paths(board(), start, seat, houses, per_piece=True,  # R-MOVE-4
                                 labels=_path_intents(start))  # the intents themselves
    return listed, costs, max(costs, default=0)


@cache
def _path_intents(start: str) -> tuple[it.MoveArchitect, ...]:
    """One move intent per simple path from ``start``: the labels ``priced_paths`` lists."""
    return tuple(it.MoveArchitect(to=path.end, roads=path.roads)
                 for path in board().paths_from[start])


def _step_groups(state: State, seat: int) -> Iterator[LegalGroup[Any]]:
    """One group per open part of the turn's actions (and the Builder's), then tokens."""
    turn = state.turn
    assert turn is not None
    player = state.players[seat]
    refs = [(s, p, kind) for s, slot in enumerate(turn.slots)
            for p, (kind, done) in enumerate(zip(C.ACTION_PARTS[slot.action], slot.done,
                                                 strict=True)) if not done]
    if holds(state, seat, C.BUILDER) and not turn.builder_used:
        refs += [(BUILDER_SLOT, 0, C.P_HOUSE), (BUILDER_SLOT, 0, C.P_MOVE)]
    for s, p, kind in refs:
        yield LegalGroup(f"slot {s} part {p} {kind}", partial(_part, state, seat, s, p, kind))
    if state.options.yogi_tokens and player.tokens and not turn.token_used:
        yield LegalGroup("token", lambda: _filter(
            state, seat, (it.UseToken(action=a) for a in C.ACTIONS)))


def _part(state: State, seat: int, s: int, p: int, kind: str) -> list[Any]:
    if kind in (C.P_HOUSE, C.P_MOVE):
        return _houses(state, seat, s, p, kind)
    return _filter(state, seat, _part_steps(state, seat, s, p, kind))


def _houses(state: State, seat: int, s: int, p: int, kind: str) -> list[Any]:
    """A house part listed straight from the rules ``decide`` applies (``_build_house``,
    ``_move_house``): most of a turn's candidates, so no trial ``decide`` for each. The
    part itself is open (``_step_groups`` lists only those); what remains is R-BUILD-1
    (room, filtered below), R-BUILD-3 (the architect's city), R-ACT-1 (two houses: one
    village at most), and for a build R-BUILD-6 and R-TURN-5 (reserve, gold)."""
    player = state.players[seat]
    here = player.architect
    if kind == C.P_HOUSE:
        cost = house_cost(s)
        if player.reserve < 1 or player.gold < cost:
            return []
    villages_allowed = s == BUILDER_SLOT or (
        state.turn is not None and state.turn.slots[s].village_houses
        < C.VILLAGE_LIMIT.get(state.turn.slots[s].action, 9))
    places = [v for v in state.villages if village_has_room(state, v)] if villages_allowed \
        else []
    if here in state.cities:
        places.append(here)
    if kind == C.P_HOUSE:
        return [it.BuildHouse(place=place, slot=s, part=p) for place in places]
    sources = [v for v, owners in state.villages.items() if seat in owners]
    sources += [c for c, city in state.cities.items() if seat in city.houses]
    return [it.MoveHouse(source=src, dest=dst, slot=s, part=p) for src in sources
            for dst in places if dst != src]


def _part_steps(state: State, seat: int, s: int, p: int, kind: str) -> Iterator[Any]:
    """Candidates for one part (slot ``s``, part ``p``); ``_filter`` keeps the legal ones."""
    here = state.players[seat].architect
    if kind == C.P_GOLD:
        yield it.TakeGold(slot=s, part=p)
    elif kind in (C.P_HOUSE, C.P_MOVE):
        places = [v for v in state.villages if village_has_room(state, v)]
        if here in state.cities:
            places.append(here)
        if kind == C.P_HOUSE:
            yield from (it.BuildHouse(place=place, slot=s, part=p) for place in places)
        else:
            sources = [v for v, owners in state.villages.items() if seat in owners]
            sources += [c for c, city in state.cities.items() if seat in city.houses]
            yield from (it.MoveHouse(source=src, dest=dst, slot=s, part=p) for src in sources
                        for dst in places)
    elif kind == C.P_QUARRY:
        yield it.TakeQuarry(slot=s, part=p)
    elif kind == C.P_PALACE:
        yield from (it.BuildPalace(central=True, slot=s, part=p),
                    it.BuildPalace(central=False, slot=s, part=p))
    elif kind == C.P_GOVERNOR:
        yield from (it.MoveGovernor(city=city, slot=s, part=p) for city in state.governors)
    elif kind == C.P_CHARACTER:
        yield from _characters(state, seat, s, p)


def _characters(state: State, seat: int, s: int, p: int) -> Any:
    cards = list(state.bank) + [c for q in state.players for c in q.cards]
    own = state.players[seat].cards
    if state.options.multi_character and not state.bank:
        for card in cards:
            yield from (it.TakeCharacter(card=card, slot=s, part=p, give=give) for give in own)
        yield from (it.AttractCharacter(target=t, slot=s, part=p) for t in range(state.seats))
    else:
        yield from (it.TakeCharacter(card=card, slot=s, part=p) for card in cards)
