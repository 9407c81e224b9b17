"""The Maharaja coach's words: the things a seat counts (PP, statues, shrines, coins,
action tokens, city majorities, its place in a city's scoring, its character), each
worth roughly what ``maharaja_eval`` credits for it in PP, so the coach says the
weightiest first. Only the seat's own things are read: its PP is its own secret
(MJ-HIDE-1), the board and the characters are public.
"""

from __future__ import annotations

from engine.bots.coach import Thing
from engine.bots.maharaja_eval import (
    COIN_EARLY,
    REWARD_LATER,
    SHRINE_ON_BOARD,
    TOKEN,
    abilities,
    city_table,
    ranking,
)
from engine.maharaja import components as C
from engine.maharaja.queries import board
from engine.maharaja.state import Phase, State

THINGS = {
    "pp": Thing("PP", 1.0, mass=True),
    "statue": Thing("statue", 3.0),
    "shrine": Thing("shrine", 2 * SHRINE_ON_BOARD),  # on the map: CP, tolls, open roads
    "coin": Thing("coin", COIN_EARLY),
    "token": Thing("action token", TOKEN),
    "majority": Thing("city majority", 2.0, many="city majorities"),  # MJ-END-2
    "place": Thing("place", REWARD_LATER, kind="place"),  # MJ-SCORE-2
    "character": Thing("character", 1.0, kind="holding"),
}


class MaharajaWords:
    things = THINGS

    def count(self, state: State, seat: int) -> dict[str, float]:
        player = state.players[seat]
        shrines = sum(city.shrines[seat] for city in state.cities.values())
        shrines += sum(holders.count(seat) for holders in state.villages.values())
        out = {
            "pp": float(player.pp),
            "statue": float(C.STATUES_PER_COLOUR - player.statues),
            "shrine": float(shrines),
            "coin": float(player.coins),
            "token": float(player.tokens),
        }
        if player.character:
            out[f"character:{player.character}"] = 1.0
        if state.phase == Phase.OVER:
            return out
        powers = [abilities(state, s) for s in range(state.seats)]
        table = city_table(state, powers)
        majorities = 0
        for cp in table.values():
            best = max(cp.final)
            majorities += best >= 1 and cp.final[seat] == best
        out["majority"] = float(majorities)
        city = state.maharaja
        if city is not None and state.phase in (Phase.PLANNING, Phase.ACTIONS):
            ranked = ranking(state, table[city].scoring)  # were it scored now
            out[f"place:{city}"] = float(ranked.index(seat) + 1 if seat in ranked else 0)
        if state.scored is not None:  # the last city scored: the place the seat took there
            _, city, ranked_then = state.scored
            out.setdefault(f"place:{city}",
                           float(ranked_then.index(seat) + 1 if seat in ranked_then else 0))
        return out

    def detail(self, name: str, detail: str) -> str:
        if name == "place":
            return f"in {board().cities[detail].name}'s scoring"
        if name == "character":
            return character_name(int(detail))
        return detail

    def horizon(self, view: State, seat: int) -> str:
        return "by the round's end"


def character_name(number: int) -> str:
    """"Cheaper statues (15)": a character as a hint names it."""
    return f"{C.CHARACTERS[number].name} ({number})"


WORDS = MaharajaWords()
