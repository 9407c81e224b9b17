"""apply: fold one event into the state. The only code that mutates a State.

Events already carry every outcome, so nothing here draws or decides; it only
books what the event says.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.raja import components as C
from engine.raja import events as ev
from engine.raja.state import BUILDER_SLOT, Auction, Pending, Phase, Scoring, Slot, State, Turn


def _part_done(state: State, slot: int, part: int) -> None:
    turn = state.turn
    assert turn is not None
    if slot == BUILDER_SLOT:
        turn.builder_used = True
    else:
        turn.slots[slot].done[part] = True


def _setup(state: State, e: ev.SetupDealt) -> None:
    state.governors = {city: C.TRACK_START + i for i, city in enumerate(e.track)}
    for city in state.cities.values():
        city.outer = [C.NEUTRAL] * e.neutral
    state.phase = Phase.AUCTION if state.options.auction else Phase.CHOOSE


def _card_picked(state: State, e: ev.CardPicked) -> None:
    state.bank.remove(e.card)
    state.players[e.seat].cards.append(e.card)
    if state.pending is not None and state.pending.seat == e.seat:
        state.pending = None


def _auction_opened(state: State, e: ev.AuctionOpened) -> None:
    state.auction = Auction(bidders=list(e.bidders), next=e.opener)


def _after(bidders: list[int], seat: int, seats: int) -> int:
    """The next bidder clockwise after ``seat`` (who may just have left)."""
    for step in range(1, seats + 1):
        candidate = (seat + step) % seats
        if candidate in bidders:
            return candidate
    return -1


def _bid(state: State, e: ev.BidMade) -> None:
    auction = state.auction
    assert auction is not None
    auction.high, auction.high_bidder = e.amount, e.seat
    auction.next = _after(auction.bidders, e.seat, state.seats)


def _pass(state: State, e: ev.BidPassed) -> None:
    auction = state.auction
    assert auction is not None
    auction.bidders.remove(e.seat)
    auction.next = _after(auction.bidders, e.seat, state.seats)


def _auction_won(state: State, e: ev.AuctionWon) -> None:  # also the lone last chooser
    state.players[e.seat].gold -= e.price
    state.auction = None
    state.pending = Pending(e.seat, "pick")


def _chosen(state: State, e: ev.CharactersChosen) -> None:
    for seat, home in enumerate(e.homes):
        state.players[seat].architect = home
    state.setup_order = list(e.order)
    state.houses_placed = 0
    state.phase = Phase.HOUSES


def _setup_house(state: State, e: ev.SetupHousePlaced) -> None:
    state.players[e.seat].setup_houses -= 1
    state.villages[e.village].append(e.seat)
    state.houses_placed += 1


def _reserves(state: State, e: ev.ReservesFilled) -> None:
    for player in state.players:
        player.quarry -= e.count
        player.reserve += e.count
    state.phase = Phase.SCORED  # "between rounds": the first round starts next


def _round(state: State, e: ev.RoundStarted) -> None:
    state.round = e.round
    state.maharaja = e.city
    state.governors[e.city] = e.governor_to
    state.end_triggered = state.end_triggered or e.ends
    for player in state.players:
        player.plan, player.selected, player.revealed, player.had_turn = [], False, False, False
    state.phase = Phase.SELECT


def _selected(state: State, e: ev.ActionsSelected) -> None:
    player = state.players[e.seat]
    player.plan = list(e.actions)
    player.selected = True
    if all(p.selected for p in state.players):
        state.phase = Phase.TURNS


def _turn(state: State, e: ev.TurnStarted) -> None:
    player = state.players[e.seat]
    player.plan, player.revealed = list(e.actions), True
    state.turn = Turn(
        seat=e.seat,
        slots=[Slot(a, [False] * len(C.ACTION_PARTS[a])) for a in e.actions],
    )


def _merchant(state: State, e: ev.MerchantPaid) -> None:
    state.players[e.seat].gold += e.gold
    assert state.turn is not None
    state.turn.merchant_paid = True


def _yogi(state: State, e: ev.YogiToken) -> None:
    assert state.turn is not None
    state.turn.yogi_paid = True
    if e.received:
        state.tokens -= 1
        state.players[e.seat].tokens += 1


def _gold(state: State, e: ev.GoldTaken) -> None:
    state.players[e.seat].gold += e.gold
    _part_done(state, e.slot, e.part)


def _moved(state: State, e: ev.ArchitectMoved) -> None:
    mover = state.players[e.seat]
    mover.architect = e.to
    for seat, coins in e.tolls:
        state.players[seat].gold += coins
        if not e.bank_pays:
            mover.gold -= coins


def _place(state: State, place: str) -> list[int]:
    return state.villages[place] if place in state.villages else state.cities[place].houses


def _house_built(state: State, e: ev.HouseBuilt) -> None:
    player = state.players[e.seat]
    player.reserve -= 1
    player.gold -= e.cost
    _place(state, e.place).append(e.seat)
    _part_done(state, e.slot, e.part)
    _count_village(state, e.slot, e.village)


def _count_village(state: State, slot: int, village: bool) -> None:
    if village and slot != BUILDER_SLOT:
        assert state.turn is not None
        state.turn.slots[slot].village_houses += 1


def _house_moved(state: State, e: ev.HouseMoved) -> None:
    _place(state, e.source).remove(e.seat)
    _place(state, e.dest).append(e.seat)
    _part_done(state, e.slot, e.part)


def _quarry(state: State, e: ev.QuarryTaken) -> None:
    player = state.players[e.seat]
    player.quarry -= e.count
    player.reserve += e.count
    if e.complete:
        _part_done(state, e.slot, e.part)


def _palace(state: State, e: ev.PalaceBuilt) -> None:
    player = state.players[e.seat]
    player.supply -= 1
    player.gold -= e.cost
    city = state.cities[e.city]
    if e.central:
        city.central = e.seat
    else:
        city.outer.append(e.seat)
    _part_done(state, e.slot, e.part)
    state.end_triggered = state.end_triggered or e.last


def _governor(state: State, e: ev.GovernorMoved) -> None:
    for city, index in e.moves:
        state.governors[city] = index
    _part_done(state, e.slot, e.part)


def _character(state: State, e: ev.CharacterTaken) -> None:
    taker = state.players[e.seat]
    if e.source < 0:
        state.bank.remove(e.card)
    else:
        state.players[e.source].cards.remove(e.card)
    taker.cards.append(e.card)
    if e.returned:
        taker.cards.remove(e.returned)
        state.bank.append(e.returned)
        state.bank.sort()
    if e.handed:
        taker.cards.remove(e.handed)
        state.players[e.source].cards.append(e.handed)
    elif e.source >= 0:
        state.pending = Pending(e.source, "pick")  # R-ACT-4 step 3
    _part_done(state, e.slot, e.part)


def _attract(state: State, e: ev.AttractAsked) -> None:
    state.pending = Pending(e.target, "give", e.seat)
    _part_done(state, e.slot, e.part)


def _given(state: State, e: ev.CardGiven) -> None:
    state.players[e.seat].cards.remove(e.card)
    state.players[e.to].cards.append(e.card)
    state.pending = None


def _token(state: State, e: ev.TokenUsed) -> None:
    state.players[e.seat].tokens -= 1
    state.tokens += 1
    assert state.turn is not None
    state.turn.token_used = True
    state.turn.slots.append(Slot(e.action, [False] * len(C.ACTION_PARTS[e.action])))


def _turn_ended(state: State, e: ev.TurnEnded) -> None:
    state.players[e.seat].gold += e.gold
    for seat in e.penalty_to:
        state.players[seat].gold += C.FORFEIT_PENALTY
    state.players[e.seat].had_turn = True
    state.turn = None


def _scored(state: State, e: ev.CityScored) -> None:
    for seat, gold in e.rewards:
        state.players[seat].gold += gold
    state.scorings.append(Scoring(state.round, e.city, [(s, n) for s, n in e.points],
                                  [(s, g) for s, g in e.rewards], e.monopoly))
    state.phase = Phase.SCORED


def _ended(state: State, e: ev.GameEnded) -> None:
    state.ranking = list(e.ranking)
    state.phase = Phase.OVER


FOLDS: dict[type, Callable[[State, Any], None]] = {
    ev.SetupDealt: _setup,
    ev.CardPicked: _card_picked,
    ev.AuctionOpened: _auction_opened,
    ev.BidMade: _bid,
    ev.BidPassed: _pass,
    ev.AuctionWon: _auction_won,
    ev.CharactersChosen: _chosen,
    ev.SetupHousePlaced: _setup_house,
    ev.ReservesFilled: _reserves,
    ev.RoundStarted: _round,
    ev.ActionsSelected: _selected,
    ev.TurnStarted: _turn,
    ev.MerchantPaid: _merchant,
    ev.YogiToken: _yogi,
    ev.GoldTaken: _gold,
    ev.ArchitectMoved: _moved,
    ev.HouseBuilt: _house_built,
    ev.HouseMoved: _house_moved,
    ev.QuarryTaken: _quarry,
    ev.PalaceBuilt: _palace,
    ev.GovernorMoved: _governor,
    ev.CharacterTaken: _character,
    ev.AttractAsked: _attract,
    ev.CardGiven: _given,
    ev.TokenUsed: _token,
    ev.TurnEnded: _turn_ended,
    ev.CityScored: _scored,
    ev.GameEnded: _ended,
}


def apply(state: State, event: Any) -> None:
    FOLDS[type(event)](state, event)

