"""decide: turn a seat's intent into events, or refuse it with the rule it breaks.

Nothing here mutates the state. Every refusal raises a Refused citing an R- id.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.errors import Forbidden, OutOfTurn
from engine.raja import components as C
from engine.raja import events as ev
from engine.raja import intents as it
from engine.raja.board import board
from engine.raja.queries import (
    bank_pays_tolls,
    forfeits,
    holds,
    house_cost,
    move_tolls,
    palace_cost,
    untaken_gold,
    village_has_room,
)
from engine.raja.state import BUILDER_SLOT, Phase, Slot, State, Turn


def refuse(rule: str, reason: str) -> Forbidden:
    return Forbidden(rule, reason)


# ------------------------------------------------------------------ setup decisions
def _pick(state: State, seat: int, intent: it.PickCard) -> list[Any]:
    pending = state.pending
    if pending is not None:
        if pending.seat != seat or pending.kind != "pick":
            raise OutOfTurn("R-ACT-4", "another player must choose a card first")
    elif state.phase == Phase.CHOOSE:
        if seat != chooser(state):
            raise OutOfTurn("R-SETUP-7", "it is not your turn to choose a character")
    else:
        raise OutOfTurn("R-SETUP-7", "you have no card to choose now")
    if intent.card not in state.bank:
        raise refuse("R-SETUP-7", f"card {intent.card} is not in the bank")
    return [ev.CardPicked(seat=seat, card=intent.card)]


def chooser(state: State) -> int | None:
    """R-SETUP-7: seat 0 first, then clockwise; the first seat still without a card."""
    for seat, player in enumerate(state.players):
        if not player.cards:
            return seat
    return None


def _auction_turn(state: State, seat: int) -> None:
    auction = state.auction
    if state.phase != Phase.AUCTION or auction is None or state.pending is not None:
        raise OutOfTurn("R-VAR-AUCTION-2", "no auction is waiting for a bid")
    if auction.next != seat:
        raise OutOfTurn("R-VAR-AUCTION-2", "it is not your turn to bid")


def _bid(state: State, seat: int, intent: it.Bid) -> list[Any]:
    _auction_turn(state, seat)
    assert state.auction is not None
    if intent.amount <= state.auction.high or intent.amount < 0:
        raise refuse("R-VAR-AUCTION-2", f"a bid must be above {max(state.auction.high, -1)}")
    if intent.amount > state.players[seat].gold:
        raise refuse("R-VAR-AUCTION-2", "you cannot bid more gold than you have")
    return [ev.BidMade(seat=seat, amount=intent.amount)]


def _pass(state: State, seat: int, intent: it.Pass) -> list[Any]:
    _auction_turn(state, seat)
    assert state.auction is not None
    if state.auction.high_bidder < 0:
        raise refuse("R-AMB-14", "the opener must bid (0 is allowed)")
    return [ev.BidPassed(seat=seat)]


def _setup_house(state: State, seat: int, intent: it.PlaceSetupHouse) -> list[Any]:
    if state.phase != Phase.HOUSES or state.setup_order[state.houses_placed] != seat:
        raise OutOfTurn("R-SETUP-8", "it is not your turn to place a setup house")
    if intent.village not in state.villages:
        raise refuse("R-AMB-19", "setup houses go only on villages")
    if not village_has_room(state, intent.village):
        raise refuse("R-BUILD-1", f"village {intent.village} is full")
    return [ev.SetupHousePlaced(seat=seat, village=intent.village)]


def _select(state: State, seat: int, intent: it.SelectActions) -> list[Any]:
    if state.phase != Phase.SELECT or state.players[seat].selected:
        raise refuse("R-ROUND-3", "you cannot select actions now")
    for action in (intent.first, intent.second):
        if action not in C.ACTION_PARTS:
            raise refuse("R-ACT-1", f"{action!r} is not an action of the disc")
    return [ev.ActionsSelected(seat=seat, actions=(intent.first, intent.second))]


# ------------------------------------------------------------------ turn helpers
def active_turn(state: State, seat: int) -> Turn:
    turn = state.turn
    if state.phase != Phase.TURNS or turn is None or turn.seat != seat:
        raise OutOfTurn("R-MOVE-1", "it is not your turn")
    if state.pending is not None:
        raise OutOfTurn("R-ACT-4", "another player must choose a card first")
    return turn


def _part(
    state: State, turn: Turn, slot: int, part: int, kinds: tuple[str, ...]
) -> Slot | None:
    """The slot whose pending part a step fulfils; None for the Builder's power."""
    if slot == BUILDER_SLOT:
        if C.P_HOUSE not in kinds and C.P_MOVE not in kinds:
            raise refuse("R-CHAR-5", "the Builder only builds or moves a house")
        if not holds(state, turn.seat, C.BUILDER):
            raise refuse("R-CHAR-5", "you do not hold the Builder")
        if turn.builder_used:
            raise refuse("R-CHAR-5", "you already used the Builder this turn")
        if part != 0:  # one spelling per step, as legal_intents lists it
            raise refuse("R-CHAR-5", "the Builder's house is not a part of an action (part 0)")
        return None
    if not 0 <= slot < len(turn.slots):
        raise refuse("R-TURN-3", "name one of your selected actions")
    chosen = turn.slots[slot]
    parts = C.ACTION_PARTS[chosen.action]
    if not 0 <= part < len(parts) or parts[part] not in kinds:
        raise refuse("R-TURN-3", f"{C.ACTION_NAMES[chosen.action]} has no such part")
    if chosen.done[part]:
        raise refuse("R-TURN-3", "that part is already done")
    return chosen


def _destination(state: State, seat: int, place: str, chosen: Slot | None) -> bool:
    """Check a house may go to ``place``; True when it is a village."""
    if place in state.villages:
        if not village_has_room(state, place):
            raise refuse("R-BUILD-1", f"village {place} is full")
        if chosen is not None and chosen.village_houses >= C.VILLAGE_LIMIT.get(chosen.action, 9):
            raise refuse("R-ACT-1", "two houses: at least one must go in a city")
        return True
    if place in state.cities:
        if state.players[seat].architect != place:
            raise refuse("R-BUILD-3", f"your architect is not in {board().cities[place].name}")
        return False
    raise refuse("R-BUILD-2", f"{place!r} is neither a village nor a city")


def _spend(state: State, seat: int, cost: int, rule: str = "R-TURN-5") -> None:
    if state.players[seat].gold < cost:
        raise refuse(rule, f"you need {cost} gold and have {state.players[seat].gold}")


# ------------------------------------------------------------------ turn steps
def _move(state: State, seat: int, intent: it.MoveArchitect) -> list[Any]:
    active_turn(state, seat)
    network = board()
    start = state.players[seat].architect
    if not intent.roads:
        raise refuse("R-MOVE-2", "a move takes at least one road")
    try:
        stops, _ = network.walk(start, intent.roads)
    except ValueError as problem:
        raise refuse("R-MOVE-2", str(problem)) from None
    for n, road in enumerate(intent.roads, start=1):
        if not network.is_open(road, state.villages.__getitem__):
            raise refuse("R-MOVE-3", f"road {road} is blocked by an empty village")
        if stops[n] in stops[:n]:
            raise refuse("R-MOVE-2", "one move visits each junction once; make two moves")
    here = stops[-1]
    if here != intent.to:
        raise refuse("R-MOVE-2", f"those roads lead to {here}, not {intent.to}")
    owed = move_tolls(state, seat, intent.roads)
    monk = bank_pays_tolls(state, seat)
    if not monk:
        _spend(state, seat, sum(coins for _, coins in owed), "R-MOVE-5")
    return [ev.ArchitectMoved(seat=seat, start=start, to=here, roads=tuple(intent.roads),
                             tolls=owed, bank_pays=monk)]


def _gold(state: State, seat: int, intent: it.TakeGold) -> list[Any]:
    turn = active_turn(state, seat)
    _part(state, turn, intent.slot, intent.part, (C.P_GOLD,))
    return [ev.GoldTaken(seat=seat, slot=intent.slot, part=intent.part, gold=C.GOLD_ACTION)]


def _build_house(state: State, seat: int, intent: it.BuildHouse) -> list[Any]:
    turn = active_turn(state, seat)
    chosen = _part(state, turn, intent.slot, intent.part, (C.P_HOUSE,))
    if state.players[seat].reserve < 1:
        raise refuse("R-BUILD-6", "you have no house in your reserve")
    cost = house_cost(intent.slot)  # chosen is None for the Builder's slot alone
    _spend(state, seat, cost)
    village = _destination(state, seat, intent.place, chosen)
    return [ev.HouseBuilt(seat=seat, place=intent.place, slot=intent.slot, part=intent.part,
                         cost=cost, village=village)]


def _move_house(state: State, seat: int, intent: it.MoveHouse) -> list[Any]:
    turn = active_turn(state, seat)
    chosen = _part(state, turn, intent.slot, intent.part, (C.P_MOVE,))
    source = state.villages.get(intent.source)
    if source is None and intent.source in state.cities:
        source = state.cities[intent.source].houses
    if source is None or seat not in source:
        raise refuse("R-ACT-1", f"you have no house in {intent.source}")
    if intent.dest == intent.source:
        raise refuse("R-ACT-1", "move the house to a different place")
    _destination(state, seat, intent.dest, chosen)
    return [ev.HouseMoved(seat=seat, source=intent.source, dest=intent.dest, slot=intent.slot,
                         part=intent.part)]


def _quarry(state: State, seat: int, intent: it.TakeQuarry) -> list[Any]:
    turn = active_turn(state, seat)
    _part(state, turn, intent.slot, intent.part, (C.P_QUARRY,))
    left = state.players[seat].quarry
    if left < 1:
        raise refuse("R-ACT-1", "your quarry is empty")
    count = min(C.QUARRY_TAKE, left)
    return [ev.QuarryTaken(seat=seat, count=count, slot=intent.slot, part=intent.part,
                          complete=count == C.QUARRY_TAKE)]


def _palace(state: State, seat: int, intent: it.BuildPalace) -> list[Any]:
    turn = active_turn(state, seat)
    _part(state, turn, intent.slot, intent.part, (C.P_PALACE,))
    player = state.players[seat]
    if player.architect not in state.cities:
        raise refuse("R-BUILD-3", "your architect is not in a city")
    if player.supply < 1:
        raise refuse("R-BUILD-6", "you have no palace left in your supply")
    city = state.cities[player.architect]
    if intent.central and city.central is not None:
        raise refuse("R-BUILD-4", "the central site is taken")
    if not intent.central and len(city.outer) >= C.OUTER_SITES:
        raise refuse("R-BUILD-4", "every outer site of this city is taken")
    cost = palace_cost(state, seat)
    _spend(state, seat, cost)
    return [ev.PalaceBuilt(seat=seat, city=player.architect, central=intent.central,
                          slot=intent.slot, part=intent.part, cost=cost,
                          last=player.supply == 1)]


def governor_moves(governors: dict[str, int], city: str) -> tuple[tuple[str, int], ...]:
    """R-ACT-3 / R-AMB-4: the governors at p-1 then p-2 each move up one; X goes to p-2."""
    p = governors[city]
    at = {index: c for c, index in governors.items()}
    moves: list[tuple[str, int]] = []
    for below in (p - 1, p - 2):
        if below in at:
            moves.append((at[below], below + 1))
    moves.append((city, p - C.GOVERNOR_STEP))
    return tuple(moves)


def _governor(state: State, seat: int, intent: it.MoveGovernor) -> list[Any]:
    turn = active_turn(state, seat)
    _part(state, turn, intent.slot, intent.part, (C.P_GOVERNOR,))
    index = state.governors.get(intent.city)
    if index is None:
        raise refuse("R-ACT-3", f"no governor {intent.city!r}")
    if index < C.MIN_GOVERNOR_INDEX:
        raise refuse("R-AMB-3", "that governor cannot move 2 spaces down")
    moves = governor_moves(state.governors, intent.city)
    return [ev.GovernorMoved(seat=seat, city=intent.city, slot=intent.slot, part=intent.part,
                            moves=moves)]


def holder(state: State, card: int) -> int:
    """Seat holding ``card``; -1 for the bank; -2 when the card is not in this game."""
    if card in state.bank:
        return -1
    for seat, player in enumerate(state.players):
        if card in player.cards:
            return seat
    return -2


def _character(state: State, seat: int, intent: it.TakeCharacter) -> list[Any]:
    turn = active_turn(state, seat)
    _part(state, turn, intent.slot, intent.part, (C.P_CHARACTER,))
    own = state.players[seat].cards
    source = holder(state, intent.card)
    if source == -2:
        raise refuse("R-ACT-4", f"card {intent.card} is not in this game")
    if source == seat:
        raise refuse("R-AMB-18", "take a different card from the one you hold")

    def taken(source: int, returned: int, handed: int) -> ev.CharacterTaken:
        return ev.CharacterTaken(seat=seat, card=intent.card, source=source, returned=returned,
                                handed=handed, slot=intent.slot, part=intent.part)

    if not state.options.multi_character:  # R-ACT-4
        if intent.give:
            raise refuse("R-ACT-4", "your old card goes back to the bank")
        return [taken(source, own[0], 0)]
    if state.bank:  # R-VAR-MULTI-2: take from the bank, give nothing
        if source >= 0 or intent.give:
            raise refuse("R-VAR-MULTI-2", "while the bank holds cards, take one from it")
        return [taken(-1, 0, 0)]
    if intent.give not in own:  # exchange: the active player chooses what to give
        raise refuse("R-VAR-MULTI-2", "name one of your cards to give in exchange")
    return [taken(source, 0, intent.give)]


def _attract(state: State, seat: int, intent: it.AttractCharacter) -> list[Any]:
    turn = active_turn(state, seat)
    _part(state, turn, intent.slot, intent.part, (C.P_CHARACTER,))
    if not state.options.multi_character or state.bank:
        raise refuse("R-VAR-MULTI-2", "attract only with several characters and an empty bank")
    if not 0 <= intent.target < state.seats or intent.target == seat:
        raise refuse("R-VAR-MULTI-2", "attract from another player")
    if len(state.players[seat].cards) >= len(state.players[intent.target].cards):
        raise refuse("R-VAR-MULTI-2", "you may attract only from a player with more cards")
    return [ev.AttractAsked(seat=seat, target=intent.target, slot=intent.slot, part=intent.part)]


def _give(state: State, seat: int, intent: it.GiveCard) -> list[Any]:
    pending = state.pending
    if pending is None or pending.seat != seat or pending.kind != "give":
        raise refuse("R-VAR-MULTI-2", "nobody asked you for a card")
    if intent.card not in state.players[seat].cards:
        raise refuse("R-VAR-MULTI-2", f"you do not hold card {intent.card}")
    return [ev.CardGiven(seat=seat, to=pending.to, card=intent.card)]


def _token(state: State, seat: int, intent: it.UseToken) -> list[Any]:
    turn = active_turn(state, seat)
    if not state.options.yogi_tokens:
        raise refuse("R-VAR-TOKEN-1", "action tokens are not in this game")
    if state.players[seat].tokens < 1:
        raise refuse("R-VAR-TOKEN-1", "you hold no action token")
    if turn.token_used:
        raise refuse("R-VAR-TOKEN-1", "only one token per turn")
    if intent.action not in C.ACTION_PARTS or intent.action in C.TOKEN_FORBIDDEN:
        raise refuse("R-VAR-TOKEN-1", "a token gives any disc action except Character")
    return [ev.TokenUsed(seat=seat, action=intent.action)]


def _end(state: State, seat: int, intent: it.EndTurn) -> list[Any]:
    turn = active_turn(state, seat)
    forfeited = bool(forfeits(turn))
    others = tuple(s for s in range(state.seats) if s != seat) if forfeited else ()
    return [ev.TurnEnded(seat=seat, gold=untaken_gold(turn), penalty_to=others)]


DECIDERS: dict[type, Callable[[State, int, Any], list[Any]]] = {
    it.PickCard: _pick,
    it.Bid: _bid,
    it.Pass: _pass,
    it.PlaceSetupHouse: _setup_house,
    it.SelectActions: _select,
    it.MoveArchitect: _move,
    it.TakeGold: _gold,
    it.BuildHouse: _build_house,
    it.MoveHouse: _move_house,
    it.TakeQuarry: _quarry,
    it.BuildPalace: _palace,
    it.MoveGovernor: _governor,
    it.TakeCharacter: _character,
    it.AttractCharacter: _attract,
    it.GiveCard: _give,
    it.UseToken: _token,
    it.EndTurn: _end,
}


def decide(state: State, seat: int, intent: Any) -> list[Any]:
    handler = DECIDERS.get(type(intent))
    if handler is None:
        raise OutOfTurn("R-TURN-2", f"not a Raja intent: {type(intent).__name__}")
    return handler(state, seat, intent)

