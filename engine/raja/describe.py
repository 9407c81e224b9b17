"""One line per event for the move log, as (text, role) segments the UI colours."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.describe import EVERYONE, Description, Segment, concern, desc
from engine.core.words import counted
from engine.raja import components as C
from engine.raja import events as ev
from engine.raja.board import board
from engine.raja.state import BUILDER_SLOT, State


def _seat(seat: int) -> Segment:
    return (C.COLOUR_NAMES[seat].capitalize(), f"seat:{seat}")


def _place(place: str) -> Segment:
    network = board()
    if place in network.cities:
        return (network.cities[place].name, "city")
    return (place, "village")


def _gold(amount: int) -> Segment:
    return (f"{amount} gold", "coins")


def _card(card: int) -> Segment:
    return (f"the {C.CHARACTERS[card]} ({card})", "character")


def _via(state: State, seat: int, slot: int) -> str:
    if slot == BUILDER_SLOT:
        return " (Builder)"
    turn = state.turn
    if turn is None or not 0 <= slot < len(turn.slots):
        return ""
    return f" ({C.ACTION_NAMES[turn.slots[slot].action]})"


def _actions(actions: tuple[str, ...]) -> str:
    return " + ".join(C.ACTION_NAMES[a] for a in actions) if actions else "two hidden actions"


def _governor(e: ev.GovernorMoved, s: State) -> Description:
    # The Maharaja's next city is the lowest governor's (R-ROUND-1): say when that changes.
    def lowest(track: dict[str, int]) -> str:
        return min(track, key=track.__getitem__) if track else ""

    after = {**s.governors, **dict(e.moves)}
    changed = lowest(after) != lowest(s.governors)
    return desc(_seat(e.seat), " moves governor ", _place(e.city), " down 2",
                (", now the Maharaja's next city", "concern") if changed else ("", ""))


def _pairs(pairs: ev.Pairs) -> list[str | Segment]:
    out: list[str | Segment] = []
    for i, (seat, gold) in enumerate(pairs):
        out += [", " if i else "", _seat(seat), " +", _gold(gold)]
    return out


TEXT: dict[type, Callable[[Any, State], Description]] = {
    ev.SetupDealt: lambda e, s: desc(
        "Governors placed: ", " ".join(e.track),
        f"; {counted(e.neutral, 'neutral palace')} per city"),
    ev.CardPicked: lambda e, s: desc(_seat(e.seat), " takes ", _card(e.card)),
    ev.AuctionOpened: lambda e, s: desc(_seat(e.opener), " opens an auction for a character"),
    ev.BidMade: lambda e, s: desc(_seat(e.seat), " bids ", _gold(e.amount)),
    ev.BidPassed: lambda e, s: desc(_seat(e.seat), " passes"),
    ev.AuctionWon: lambda e, s: desc(
        _seat(e.seat), " chooses last, for free" if e.alone else " wins the auction for ",
        *(() if e.alone else (_gold(e.price),))),
    ev.CharactersChosen: lambda e, s: desc("Characters chosen; setup houses next"),
    ev.SetupHousePlaced: lambda e, s: desc(_seat(e.seat), " places a house on ", _place(e.village)),
    ev.ReservesFilled: lambda e, s: desc(
        f"Every player moves {counted(e.count, 'house')} to the reserve"),
    ev.RoundStarted: lambda e, s: desc(
        (f"Round {e.round}", "round"), ": the Maharaja goes to ", _place(e.city),
        " (last round)" if e.ends else ""),
    ev.ActionsSelected: lambda e, s: desc(_seat(e.seat), " selects ", _actions(e.actions)),
    ev.TurnStarted: lambda e, s: desc(_seat(e.seat), "'s turn: ", _actions(e.actions)),
    ev.MerchantPaid: lambda e, s: desc(_seat(e.seat), " receives ", _gold(e.gold), " (Merchant)"),
    ev.YogiToken: lambda e, s: desc(
        _seat(e.seat), " takes an action token (Yogi)" if e.received else " finds no token left"),
    ev.GoldTaken: lambda e, s: desc(_seat(e.seat), " takes ", _gold(e.gold)),
    ev.ArchitectMoved: lambda e, s: desc(
        _seat(e.seat), " travels from ", _place(e.start), " to ", _place(e.to),
        *((", tolls: ", *_pairs(e.tolls), " (paid by the bank)" if e.bank_pays else "")
          if e.tolls else ())),
    ev.HouseBuilt: lambda e, s: desc(
        _seat(e.seat), " builds a house in ", _place(e.place), " for ", _gold(e.cost),
        _via(s, e.seat, e.slot)),
    ev.HouseMoved: lambda e, s: desc(
        _seat(e.seat), " moves a house from ", _place(e.source), " to ", _place(e.dest),
        _via(s, e.seat, e.slot)),
    ev.QuarryTaken: lambda e, s: desc(
        _seat(e.seat), f" takes {counted(e.count, 'house')} from the quarry"),
    ev.PalaceBuilt: lambda e, s: desc(
        _seat(e.seat), " builds the central palace" if e.central else " builds an outer palace",
        " in ", _place(e.city), " for ", _gold(e.cost), " (last palace!)" if e.last else ""),
    ev.GovernorMoved: _governor,
    ev.CharacterTaken: lambda e, s: desc(
        _seat(e.seat), " takes ", _card(e.card),
        *((" from ", _seat(e.source), concern(e.source)) if e.source >= 0
          else (" from the bank",))),
    ev.AttractAsked: lambda e, s: desc(_seat(e.seat), " attracts a card from ", _seat(e.target)),
    ev.CardGiven: lambda e, s: desc(_seat(e.seat), " gives ", _card(e.card), " to ", _seat(e.to)),
    ev.TokenUsed: lambda e, s: desc(
        _seat(e.seat), " uses an action token for ", C.ACTION_NAMES[e.action]),
    ev.TurnEnded: lambda e, s: desc(
        _seat(e.seat), " ends the turn",
        *((" (+", _gold(e.gold), " untaken)") if e.gold else ()),
        "; forfeit: every other player receives 2 gold" if e.penalty_to else ""),
    ev.CityScored: lambda e, s: desc(
        _place(e.city), " is scored: ", *(_pairs(e.rewards) or ["nobody scores"]),
        " (monopoly)" if e.monopoly >= 0 else "", EVERYONE),
    ev.GameEnded: lambda e, s: desc(
        "Game over. ", _seat(e.ranking[0]), " wins"),
}


def describe(event: Any, state: State) -> Description:
    return TEXT[type(event)](event, state)
