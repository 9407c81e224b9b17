"""City scoring (R-SCORE) and the final ranking (R-END-2)."""

from __future__ import annotations

from typing import NamedTuple

from engine.family.ranking import payouts, rank
from engine.raja import components as C
from engine.raja import events as ev
from engine.raja.board import board, home_of
from engine.raja.queries import holds, lowest_card, palaces_on_board
from engine.raja.state import State


class Sources(NamedTuple):
    """One seat's points in a city by source (R-SCORE-1)."""

    architect: int
    houses: int
    palaces: int  # neutral palaces (NEUTRAL) never score
    home: int  # R-VAR-HOME

    @property
    def total(self) -> int:
        return self.architect + self.houses + self.palaces + self.home


def city_sources(state: State, city_id: str, seat: int) -> Sources:
    """R-SCORE-1 for one seat, from the cards held now (R-SCORE-2)."""
    city = state.cities[city_id]
    player = state.players[seat]
    home = home_of(board()).get(city_id) if state.options.home_city else None
    outer = C.SADHU_OUTER_POINTS if holds(state, seat, C.SADHU) else C.OUTER_POINTS
    return Sources(
        C.ARCHITECT_POINTS * (player.architect == city_id),
        C.HOUSE_POINTS * city.houses.count(seat),
        outer * city.outer.count(seat) + C.CENTRAL_POINTS * (city.central == seat),
        C.HOME_POINTS * (home is not None and holds(state, seat, home)),
    )


def city_points(state: State, city_id: str) -> dict[int, int]:
    """R-SCORE-1 for every seat."""
    return {seat: city_sources(state, city_id, seat).total for seat in range(state.seats)}


def score_city(state: State) -> ev.CityScored:
    city = state.maharaja
    points = city_points(state, city)
    tiebreak = {seat: lowest_card(state, seat) for seat in points}
    ranking = rank(points, tiebreak)  # R-SCORE-3: at least 1 point, ties to the lower card
    rewards = payouts(ranking, C.REWARDS[state.seats])  # R-SCORE-4, R-SCORE-5
    monopoly = ranking[0] if len(ranking) == 1 else -1  # R-SCORE-6
    if monopoly >= 0:
        rewards[monopoly] += C.MONOPOLY_BONUS
    return ev.CityScored(
        city=city,
        points=tuple((seat, points[seat]) for seat in ranking),
        rewards=tuple((seat, rewards[seat]) for seat in ranking if seat in rewards),
        monopoly=monopoly,
    )


def final_ranking(state: State) -> tuple[int, ...]:
    """R-END-2: palaces on the board, then gold, then the lower card."""
    return tuple(sorted(
        range(state.seats),
        key=lambda s: (-palaces_on_board(state, s), -state.players[s].gold, lowest_card(state, s)),
    ))


def outcome(state: State) -> dict[str, list[int]]:
    """What a finished game is judged by (recordings check it): the ranking (R-END-2),
    its first as the winner, and the palaces and gold it was made from."""
    return {"ranking": list(state.ranking), "winners": list(state.ranking[:1]),
            "palaces": [palaces_on_board(state, s) for s in range(state.seats)],
            "gold": [p.gold for p in state.players]}
