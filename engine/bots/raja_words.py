"""The Raja coach's words: the things a seat counts (gold, palaces, houses on the board
and taken from the quarry, action tokens, its character cards, its place in a city's scoring),
each worth roughly what ``raja_eval`` credits for it in gold, so the coach says the
weightiest first. Only the seat's own things are read: its gold is its own secret
(R-INFO-1), the board and the cards are public.
"""

from __future__ import annotations

from engine.bots.coach import Thing
from engine.bots.raja_eval import PALACE_EARLY, RESERVE_HOUSE, TOKEN, city_points
from engine.raja import components as C
from engine.raja.board import board
from engine.raja.queries import lowest_card
from engine.raja.state import Phase, State

THINGS = {
    "gold": Thing("gold", 1.0, mass=True),
    "palace": Thing("palace", PALACE_EARLY),
    "house": Thing("house", 1.5),  # on the board: points in a city, tolls on a village
    # (houses move quarry -> reserve -> board: counting those built and those taken from
    # the quarry says both steps, where "one house in reserve fewer" priced every build)
    "quarried": Thing("house taken from the quarry", RESERVE_HOUSE,
                      many="houses taken from the quarry"),
    "token": Thing("action token", TOKEN),
    "place": Thing("place", 4.0, kind="place"),  # R-SCORE-2..4
    "card": Thing("character", 5.0, kind="holding"),
}


class RajaWords:
    things = THINGS

    def count(self, state: State, seat: int) -> dict[str, float]:
        player = state.players[seat]
        palaces = houses = 0
        for built in state.cities.values():
            palaces += (built.central == seat) + built.outer.count(seat)
            houses += built.houses.count(seat)
        houses += sum(owners.count(seat) for owners in state.villages.values())
        out = {
            "gold": float(player.gold),
            "palace": float(palaces),
            "house": float(houses),
            "quarried": float(C.QUARRY_HOUSES - player.quarry),
            "token": float(player.tokens),
        }
        for card in player.cards:
            out[f"card:{card}"] = 1.0
        if state.phase == Phase.OVER:
            return out
        city = state.maharaja
        if city in state.cities and state.phase in (Phase.SELECT, Phase.TURNS):
            points = city_points(state, city, True)  # were it scored now (R-SCORE-1, -2)
            ranked = sorted((s for s in range(state.seats) if points[s] >= 1),
                            key=lambda s: (-points[s], lowest_card(state, s)))
            out[f"place:{city}"] = float(ranked.index(seat) + 1 if seat in ranked else 0)
        if state.scorings:  # the last city scored: the place the seat took there
            last = state.scorings[-1]
            ranked = [s for s, _ in last.points]
            out.setdefault(f"place:{last.city}",
                           float(ranked.index(seat) + 1 if seat in ranked else 0))
        return out

    def detail(self, name: str, detail: str) -> str:
        if name == "place":
            return f"in {board().cities[detail].name}'s scoring"
        if name == "card":
            return f"the {C.CHARACTERS[int(detail)]}"
        return detail

    def horizon(self, view: State, seat: int) -> str:
        return "by the round's end"


WORDS = RajaWords()
