"""automatic and to_move: the parts of a round nobody decides (R-ROUND, R-SETUP).

``automatic`` returns at most one event per call; the core calls it again until it
returns nothing, so each event sees the state the previous one left.
"""

from __future__ import annotations

from random import Random
from typing import Any

from engine.core import draw
from engine.raja import components as C
from engine.raja import events as ev
from engine.raja.board import board, home_of
from engine.raja.queries import holds, last_round, lowest_card, next_turn_seat
from engine.raja.rules import chooser
from engine.raja.scoring import final_ranking, score_city
from engine.raja.state import Phase, State


def automatic(state: State, rng: Random) -> list[Any]:
    if state.phase == Phase.SETUP:
        track = list(board().city_ids)
        draw.shuffle(rng, track)  # R-SETUP-4
        neutral = C.COLOURS - state.seats if state.options.neutral_palaces else 0
        return [ev.SetupDealt(track=tuple(track), neutral=neutral)]
    if state.pending is not None:
        return []
    if state.phase == Phase.CHOOSE:
        return [_chosen(state)] if chooser(state) is None else []
    if state.phase == Phase.AUCTION:
        return _auction(state)
    if state.phase == Phase.HOUSES:
        if state.houses_placed == len(state.setup_order):
            return [ev.ReservesFilled(count=C.RESERVE_AFTER_SETUP)]  # R-SETUP-9
        return []
    if state.phase == Phase.SCORED:
        if state.end_triggered:
            return [ev.GameEnded(ranking=final_ranking(state))]  # R-END-1
        return [_round(state)]
    if state.phase == Phase.TURNS:
        return _turns(state)
    return []


def _chosen(state: State) -> ev.CharactersChosen:
    order = sorted(range(state.seats), key=lambda s: lowest_card(state, s))  # R-SETUP-8
    homes: tuple[str, ...] = ()
    if state.options.home_city:  # R-SETUP-7a, R-VAR-HOME-2
        city_of = {card: city for city, card in home_of(board()).items()}
        homes = tuple(city_of[p.cards[0]] for p in state.players)
    return ev.CharactersChosen(order=tuple(order) * C.SETUP_PASSES, homes=homes)


def _auction(state: State) -> list[Any]:
    auction = state.auction
    if auction is not None:
        if len(auction.bidders) == 1:  # R-VAR-AUCTION-3
            return [ev.AuctionWon(seat=auction.high_bidder, price=auction.high)]
        return []
    without = [s for s, p in enumerate(state.players) if not p.cards]
    if not without:
        return [_chosen(state)]
    if len(without) == 1:  # R-VAR-AUCTION-4
        return [ev.AuctionWon(seat=without[0], price=0, alone=True)]
    return [ev.AuctionOpened(opener=without[0], bidders=tuple(without))]  # R-VAR-AUCTION-1


def _round(state: State) -> ev.RoundStarted:
    city = min(state.governors, key=state.governors.__getitem__)  # R-ROUND-1
    to = max(state.governors.values()) + 1  # R-ROUND-2
    number = state.round + 1
    return ev.RoundStarted(round=number, city=city, governor_to=to,
                          ends=last_round(state, number, to))


def _turns(state: State) -> list[Any]:
    turn = state.turn
    if turn is None:
        seat = next_turn_seat(state)  # R-ROUND-6
        if seat is None:
            return [score_city(state)]  # R-ROUND-5
        return [ev.TurnStarted(seat=seat, actions=tuple(state.players[seat].plan))]
    # R-AMB-7: once per turn, at the first moment the active player holds the card.
    if not turn.merchant_paid and holds(state, turn.seat, C.MERCHANT):
        return [ev.MerchantPaid(seat=turn.seat, gold=C.MERCHANT_GOLD)]
    if not turn.yogi_paid and holds(state, turn.seat, C.YOGI):
        return [ev.YogiToken(seat=turn.seat, received=state.tokens > 0)]
    return []


def to_move(state: State) -> tuple[int, ...]:
    if state.pending is not None:
        return (state.pending.seat,)
    if state.phase == Phase.CHOOSE:
        seat = chooser(state)
        return () if seat is None else (seat,)
    if state.phase == Phase.AUCTION:
        auction = state.auction
        return (auction.next,) if auction is not None and len(auction.bidders) > 1 else ()
    if state.phase == Phase.HOUSES:
        if state.houses_placed < len(state.setup_order):
            return (state.setup_order[state.houses_placed],)
        return ()
    if state.phase == Phase.SELECT:
        return tuple(s for s, p in enumerate(state.players) if not p.selected)
    if state.phase == Phase.TURNS and state.turn is not None:
        return (state.turn.seat,)
    return ()
