"""How good a Maharaja position is for one seat, in estimated final prestige points.

``estimate`` adds the PP a seat holds to what its pieces and coins are likely to be
worth by the end: 3 PP per statue on the map and the final city majorities (as the
final scoring counts them), coins at a rate that falls from "buys part of a statue"
to "1 PP per 5", and the city scorings still to come, where the seat's current CP
rank would pay coins and a reward tile. ``value`` is that estimate minus the best
opponent's, which is what a bot maximises. Only the state given is read: bots pass
their own view, determinised.

The CP counts are recomputed here in one pass over the cities (the rules'
``scoring`` module answers one city and seat at a time, which is too slow for a
search); a test checks both agree.
"""

from __future__ import annotations

from functools import cache
from random import Random
from typing import NamedTuple

from engine.core import draw
from engine.maharaja import components as C
from engine.maharaja.queries import board
from engine.maharaja.scoring import tile_points
from engine.maharaja.state import (
    PHASE_ACTIONS,
    PHASE_CHARACTERS,
    PHASE_OVER,
    PHASE_PLANNING,
    PHASE_SETUP,
    PHASE_START_SHRINES,
    State,
)
from engine.maharaja.views import HIDDEN, deal_solo

# PP-equivalents; tuned by self-play tournaments (scripts/tournament.py).
COIN_LATE, COIN_EARLY = 0.2, 0.34  # 1 PP per 5 coins at the end; a statue share early on
SHRINE_ON_BOARD = 0.3  # a shrine ready to build
SHRINES_USEFUL = 6  # more shrines on the board than this rarely get built
VILLAGE_SHRINE = 0.35  # a village shrine: cheaper travel, tolls from others, open roads
TOKEN = 0.7  # an extra action
REWARD_FIRST, REWARD_LATER = 2.2, 1.5  # a reward tile chosen first / later in a scoring
# how surely the current CP ranking in a city will still hold when it is scored:
# this round's city, next round's, then later ones
SCORING_WEIGHT = (1.0, 0.55, 0.3, 0.2)

BEFORE_ROUNDS = (PHASE_SETUP, PHASE_CHARACTERS, PHASE_START_SHRINES)
IN_ROUND = (PHASE_PLANNING, PHASE_ACTIONS)

# What holding a character is worth per round still to play (PP-equivalent).
CHARACTER_ROUND_VALUE = {
    1: 0.0, 2: 0.3, 3: 0.35, 4: 0.25, 5: 0.35, 6: 0.8, 7: 0.3, 8: 0.45,
    9: 0.3, 10: 0.2, 11: 0.6, 12: 0.5, 13: 0.4, 14: 0.55, 15: 0.9, 16: 0.6,
}


class CityCP(NamedTuple):
    """One city's CP per seat: ``final`` as the final scoring counts it (no characters),
    ``scoring`` as a city scoring does (characters 5, 7 and 8)."""

    final: list[int]
    scoring: list[int]


def abilities(state: State, seat: int) -> set[int]:
    """Characters whose effect the seat has: its tile and its Maharani tokens (MJ-REW-8)."""
    if state.phase == PHASE_OVER:
        return set()
    held = {state.players[seat].character}
    held.update(m.character for m in state.maharanis if m.seat == seat)
    return held


SCORING_CHARACTERS = frozenset({5, 7, 8})  # characters that change a city scoring's CP


def city_table(state: State, powers: list[set[int]]) -> dict[str, CityCP]:
    """MJ-SCORE-1 and MJ-END-2 for every city and seat at once."""
    seats = range(state.seats)
    outer = C.CP_OUTER_R2 if "R2" in state.options.special_rules else C.CP_OUTER
    priests = [p.priest for p in state.players]
    scorers = [s for s in seats if powers[s] & SCORING_CHARACTERS]
    centre = C.CP_CENTRE
    table = {}
    for name, city in state.cities.items():
        final = list(city.shrines)
        slots = city.slots
        if slots[0] >= 0:
            final[slots[0]] += centre
        for owner in slots[1:]:
            if owner >= 0:
                final[owner] += outer
        if name in priests:
            for s in seats:
                if priests[s] == name:
                    final[s] += 1
        scoring = final
        if scorers:
            scoring = list(final)
            for s in scorers:
                if 5 in powers[s] and priests[s] == name:
                    scoring[s] += 1
                if 7 in powers[s]:
                    scoring[s] += city.shrines[s] // 2
                if 8 in powers[s]:
                    scoring[s] += 1
        table[name] = CityCP(final, scoring)
    return table


def ranking(state: State, cps: list[int]) -> list[int]:
    """MJ-SCORE-2: seats with at least 1 CP, best first, ties to the lower character."""
    ranked = [s for s in range(state.seats) if cps[s] >= 1]
    return sorted(ranked, key=lambda s: (-cps[s], state.players[s].character))


def majority_pp(state: State, table: dict[str, CityCP]) -> list[int]:
    """MJ-END-2 / MJ-VAR-F1: PP for the most CP in each city (shared when tied)."""
    win, tie = (3, 2) if state.options.final_scoring == "F1" else (2, 1)
    out = [0] * state.seats
    for cp in table.values():
        best = max(cp.final)
        if best < 1:
            continue
        top = [s for s, n in enumerate(cp.final) if n == best]
        for s in top:
            out[s] += win if len(top) == 1 else tie
    return out


def rounds_left(state: State) -> int:
    """Rounds after the current one."""
    if state.phase in BEFORE_ROUNDS:
        return C.ROUNDS
    return max(0, C.ROUNDS - state.round)


def coin_rate(left: int) -> float:
    return COIN_LATE + (COIN_EARLY - COIN_LATE) * min(left, 3) / 3


def estimates(state: State) -> list[float]:
    """Estimated final PP of every seat."""
    if state.phase == PHASE_OVER:  # the final scoring is in the PP already (MJ-END-2)
        return [float(p.pp) for p in state.players]
    players = state.players
    # (the hard search asks this of every option of every step it plays out: what it
    # does not need is skipped, and Maharani tokens are looked at only where lent)
    lent = state.maharanis
    if lent:
        powers = [abilities(state, s) for s in range(state.seats)]
    else:
        powers = [{p.character} for p in players]
    table = city_table(state, powers)
    majority = majority_pp(state, table)
    left = rounds_left(state)
    rate = coin_rate(left)
    ahead = scorings_ahead(state, table, powers, left, rate)
    ends_soon = False
    for p in players:
        if p.statues == 0:
            ends_soon = True
            break
    future = 0.0 if ends_soon else min(left, 3) / 3
    tile = state.options.final_scoring
    villages = [0.0] * state.seats
    worths = _village_worths()
    for village, held in state.villages.items():
        if held:
            worth = worths[village]
            for s in held:
                villages[s] += worth
    out = []
    for seat, player in enumerate(players):
        value = float(player.pp) + 3 * (C.STATUES_PER_COLOUR - player.statues)
        value += majority[seat] + ahead[seat] + rate * player.coins
        if tile not in (None, "F1"):
            value += tile_points(state, seat, tile)
        value += future * (
            SHRINE_ON_BOARD * min(player.shrines, SHRINES_USEFUL, player.statues + 3)
            + TOKEN * player.tokens + villages[seat]
        )
        if not ends_soon:
            value += left * _character_value(state, seat)
        out.append(value)
    return out


def estimate(state: State, seat: int) -> float:
    """Estimated final PP of ``seat``."""
    return estimates(state)[seat]


@cache
def village_worth(village: str) -> float:
    """A village shrine on a road from START is passed early and often; a road's only
    village opens that road by itself."""
    net = board()
    road = net.roads[net.road_of[village]]
    worth = VILLAGE_SHRINE
    if net.start in (road.a, road.b):
        worth += 0.15
    if len(road.villages) == 1:
        worth += 0.1
    return worth


@cache
def _village_worths() -> dict[str, float]:
    return {village: village_worth(village) for village in board().road_of}


def _character_value(state: State, seat: int) -> float:
    own = CHARACTER_ROUND_VALUE.get(state.players[seat].character, 0.0)
    if not state.maharanis:
        return own
    lent = sum(CHARACTER_ROUND_VALUE.get(m.character, 0.0) * 0.5
               for m in state.maharanis if m.seat == seat)
    return own + lent


def scorings_ahead(state: State, table: dict[str, CityCP], powers: list[set[int]],
                   left: int, rate: float) -> list[float]:
    """Per seat: coins and reward tiles its current CP rank would earn in coming scorings."""
    cities: list[str] = []
    if state.phase in IN_ROUND and state.maharaja is not None:
        cities.append(state.maharaja)
    if not any(p.statues == 0 for p in state.players):
        cities += [f for f in state.flags if f is not None][:left]
    amounts = C.RANK_COINS[state.seats]
    r1 = "R1" in state.options.special_rules
    doubled = [16 in power for power in powers]
    out = [0.0] * state.seats
    for weight, city in zip(SCORING_WEIGHT, cities, strict=False):
        cps = table[city].scoring
        for seat in range(state.seats):
            if cps[seat] == 0:
                out[seat] += weight * C.NO_CP_COINS * rate
        for place, seat in enumerate(ranking(state, cps)):
            gain = amounts[place] * rate + (REWARD_FIRST if place == 0 else REWARD_LATER)
            if place == 0 and r1:
                gain += 1
            if doubled[seat]:
                gain += REWARD_LATER
            out[seat] += weight * gain
    return out


def value(state: State, seat: int) -> float:
    """The seat's estimate minus the strongest opponent's: what a bot maximises."""
    all_ = estimates(state)
    others = [v for s, v in enumerate(all_) if s != seat]
    return all_[seat] - max(others) if others else all_[seat]


def determinise(view: State, seat: int, rng: Random) -> State:
    """Fill the view's hidden PP totals with a guess, in place (plans are handled by search).

    Another seat's PP is unknown (MJ-HIDE-1); guessing it near the seat's own total
    keeps comparisons between the seat's options unaffected by the guess.
    """
    own = view.players[seat].pp
    for other, player in enumerate(view.players):
        if other != seat and player.pp == HIDDEN:
            player.pp = max(0, own + draw.randint(rng, -2, 2))
    if view.solo is not None and not view.solo.deck:
        deal_solo(view, rng)
    return view

