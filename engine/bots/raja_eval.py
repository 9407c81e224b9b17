"""How good a Raja position is for one seat, in gold-equivalents of the final standing.

The final ranking (R-END-2) is lexicographic: palaces on the board first, gold only
breaks ties, then the lower card. ``estimates`` folds that into one number per seat:
gold, plus a palace worth more than its price (12) and more the fewer rounds remain
(gold left at the end only breaks ties; a palace decides), plus what the seat's
position is likely to earn before the end: the rewards its current rank would pay
in the Maharaja's city now and, with falling weights, in the cities the governor
track sends him to next (R-SCORE-4, R-SCORE-6), its characters' powers for the
rounds left, houses in stock and on villages (tolls, open roads), action tokens.
``value`` is that estimate minus the best opponent's, which is what a bot maximises.

Only the state given is read: bots pass their own view, determinised (other seats'
hidden gold guessed from what is public).
"""

from __future__ import annotations

from functools import cache
from random import Random

from engine.core import draw
from engine.raja import components as C
from engine.raja.board import board, home_of
from engine.raja.queries import end_index, lowest_card
from engine.raja.state import Phase, State
from engine.raja.views import HIDDEN_GOLD

# Gold-equivalents; tuned by self-play tournaments (scripts/tournament.py).
PALACE_EARLY = 15.0  # a palace with many rounds left: its price and a little more
PALACE_LATE = 35.0  # extra worth as the end nears: gold then only breaks ties
END_PALACE = 60.0  # in a finished game a palace outweighs any gold difference seen
WIN_BONUS = 30.0  # ranking first in a finished game
POINT = 0.3  # per point in a city still to be scored (a margin others must beat)
RESERVE_HOUSE = 0.8  # a house ready to build
RESERVE_USEFUL = 6
QUARRY_HOUSE = 0.15
VILLAGE_HOUSE = 0.25  # per round left: tolls, and the roads it keeps open
TOKEN = 3.0  # an extra action
# how surely the current ranking in a city will hold when it is scored: the
# Maharaja's city now, then the next cities on the governor track
CURRENT_WEIGHT = 0.9
FUTURE_WEIGHTS = (0.5, 0.35, 0.25, 0.2, 0.15, 0.1, 0.1, 0.1, 0.1)
# What holding a character is worth per round still to play (gold-equivalent).
CARD_ROUND = {
    C.MOGUL: 0.4, C.MERCHANT: 1.0, C.SADHU: 0.5, C.MONK: 0.8, C.BUILDER: 1.6,
    C.CRAFTSMAN: 1.4, C.YOGI: 1.5,
}


def palaces(state: State) -> list[int]:
    out = [0] * state.seats
    for city in state.cities.values():
        if city.central is not None:
            out[city.central] += 1
        for owner in city.outer:
            if owner >= 0:
                out[owner] += 1
    return out


def rounds_left(state: State) -> int:
    """Scorings after the current round's (after the next one's between rounds)."""
    if state.end_triggered:
        return 0
    if not state.governors:
        return end_index(state) - C.TRACK_FIRST_NUMBERED
    top = max(state.governors.values())
    current = state.phase in (Phase.SELECT, Phase.TURNS)
    if current:
        left = end_index(state) - top
    else:  # the next round has not started: its governor is not placed yet
        left = end_index(state) - top - 1
    if state.options.short_game:  # R-VAR-SHORT-2: round 8 is the last in any case
        left = min(left, C.ROUNDS_SHORT - state.round - (0 if current else 1))
    if any(p.supply == 0 for p in state.players):
        left = 0
    return max(0, left)


def palace_worth(left: int) -> float:
    return PALACE_EARLY + PALACE_LATE / (1 + left)


def upcoming(state: State, left: int) -> list[tuple[str, float, bool]]:
    """(city, weight, current) for the scorings to come, in governor-track order."""
    out: list[tuple[str, float, bool]] = []
    order = sorted(state.governors, key=state.governors.__getitem__)
    if state.phase in (Phase.SELECT, Phase.TURNS):
        out.append((state.maharaja, CURRENT_WEIGHT, True))
        order = [c for c in order if c != state.maharaja] + [state.maharaja]
        count = left
    else:
        count = left + 1
    for n in range(min(count, len(FUTURE_WEIGHTS))):
        out.append((order[n % len(order)], FUTURE_WEIGHTS[n], False))
    return out


def upcoming_weights(state: State, left: int) -> dict[tuple[str, bool], float]:
    """The summed weight of each (city, current) among the scorings to come (a city
    that comes round twice in the horizon is judged once, with both weights)."""
    weights: dict[tuple[str, bool], float] = {}
    for city, weight, current in upcoming(state, left):
        weights[city, current] = weights.get((city, current), 0.0) + weight
    return weights


def city_points(state: State, city_id: str, architects: bool) -> list[int]:
    """R-SCORE-1 for every seat (architects only for the city being scored now)."""
    city = state.cities[city_id]
    points = [0] * state.seats
    for owner in city.houses:
        points[owner] += 1
    if city.central is not None:
        points[city.central] += C.CENTRAL_POINTS
    for seat, player in enumerate(state.players):
        n = city.outer.count(seat)
        if n:
            points[seat] += n * (C.SADHU_OUTER_POINTS if C.SADHU in player.cards else 1)
        if architects and player.architect == city_id:
            points[seat] += 1
    if state.options.home_city:
        home = _homes().get(city_id)
        for seat, player in enumerate(state.players):
            if home in player.cards:
                points[seat] += 1
    return points


@cache
def _homes() -> dict[str, int]:
    return home_of(board())


def rewards(state: State, points: list[int]) -> list[float]:
    """R-SCORE-3..6 for one city's points."""
    ranked = sorted((s for s in range(state.seats) if points[s] >= 1),
                    key=lambda s: (-points[s], lowest_card(state, s)))
    out = [0.0] * state.seats
    for amount, seat in zip(C.REWARDS[state.seats], ranked, strict=False):
        out[seat] = float(amount)
    if len(ranked) == 1:
        out[ranked[0]] += C.MONOPOLY_BONUS
    return out


def estimates(state: State) -> list[float]:
    """Estimated final standing of every seat, in gold-equivalents."""
    built = palaces(state)
    if state.phase == Phase.OVER:
        out = [END_PALACE * built[s] + p.gold for s, p in enumerate(state.players)]
        if state.ranking:
            out[state.ranking[0]] += WIN_BONUS
        return out
    left = rounds_left(state)
    worth = palace_worth(left)
    out = [float(p.gold) + worth * built[s] for s, p in enumerate(state.players)]
    if state.governors:
        for (city, current), weight in upcoming_weights(state, left).items():
            points = city_points(state, city, current)
            paid = rewards(state, points)
            for s in range(state.seats):
                out[s] += weight * (paid[s] + POINT * points[s])
    rounds = left + (1 if state.phase in (Phase.SELECT, Phase.TURNS) else 0)
    villages = [0] * state.seats
    for owners in state.villages.values():
        for owner in owners:
            villages[owner] += 1
    for s, player in enumerate(state.players):
        out[s] += RESERVE_HOUSE * min(player.reserve + player.setup_houses, RESERVE_USEFUL)
        out[s] += QUARRY_HOUSE * player.quarry * min(rounds, 4) / 4
        out[s] += VILLAGE_HOUSE * villages[s] * min(rounds, 5)
        out[s] += TOKEN * player.tokens * (rounds > 0)
        # the same for the whole round, so ending a turn never looks like a loss
        out[s] += rounds * sum(CARD_ROUND.get(c, 0.0) for c in player.cards)
    return out


def value(state: State, seat: int) -> float:
    """The seat's estimate minus the strongest opponent's: what a bot maximises."""
    all_ = estimates(state)
    others = [v for s, v in enumerate(all_) if s != seat]
    return all_[seat] - max(others) if others else all_[seat]


def guess_gold(state: State, seat: int) -> int:
    """A public-information guess at a seat's hidden gold: what it started with, what
    the scorings so far paid on average, less what its buildings cost."""
    rounds = max(0, state.round - (0 if state.phase == Phase.SCORED else 1))
    income = sum(C.REWARDS[state.seats]) / state.seats + 1.5
    built = palaces(state)[seat]
    houses = sum(c.houses.count(seat) for c in state.cities.values())
    houses += sum(v.count(seat) for v in state.villages.values())
    houses -= C.SETUP_HOUSES - state.players[seat].setup_houses
    return max(0, round(C.START_GOLD + rounds * income - 11 * built - houses))


def determinise(view: State, seat: int, rng: Random) -> State:
    """Fill the view's hidden gold with a guess, in place (plans are handled by search).

    Another seat's gold is unknown (R-INFO-1): guessed from what is public, with noise.
    """
    for other, player in enumerate(view.players):
        if other != seat and player.gold == HIDDEN_GOLD:
            player.gold = max(0, guess_gold(view, other) + draw.randint(rng, -3, 3))
    return view

