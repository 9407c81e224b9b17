"""Cult points, city scoring and final scoring (MJ-SCORE, MJ-END, MJ-VAR-F)."""

from __future__ import annotations

from engine.family.ranking import majority, rank
from engine.maharaja import components as C
from engine.maharaja.queries import board, has_ability
from engine.maharaja.state import NOBODY, Final, State


def statue_cp(state: State, city: str, seat: int) -> int:
    outer = C.CP_OUTER_R2 if state.options.has("R2") else C.CP_OUTER  # MJ-VAR-R2
    slots = state.cities[city].slots
    return sum(
        (C.CP_CENTRE if slot == C.CENTRE else outer)
        for slot, owner in enumerate(slots) if owner == seat
    )


def base_cp(state: State, city: str, seat: int) -> int:
    """Statues, shrines and priest, without any character (MJ-SCORE-1, MJ-END-2)."""
    cp = statue_cp(state, city, seat) + state.cities[city].shrines[seat]
    if state.players[seat].priest == city:
        cp += 1
    return cp


def city_cp(state: State, city: str, seat: int) -> int:
    """MJ-SCORE-1 with the scoring characters 5, 7 and 8."""
    cp = base_cp(state, city, seat)
    if has_ability(state, seat, 5) and state.players[seat].priest == city:
        cp += 1
    if has_ability(state, seat, 7):
        cp += state.cities[city].shrines[seat] // 2
    if has_ability(state, seat, 8):
        cp += 1
    return cp


def city_ranking(state: State, city: str) -> tuple[list[int], list[int]]:
    """CP per seat and the ranking of seats with ≥1 CP (MJ-SCORE-2)."""
    cps = [city_cp(state, city, seat) for seat in range(state.seats)]
    order = rank(dict(enumerate(cps)),
                 {s: state.players[s].character for s in range(state.seats)})
    return cps, order


def city_coins(state: State, cps: list[int], order: list[int]) -> list[int]:
    """MJ-SCORE-3: coins by rank; a seat with 0 CP takes 3 coins."""
    amounts = C.RANK_COINS[state.seats]
    coins = [C.NO_CP_COINS if cp == 0 else 0 for cp in cps]
    for place, seat in enumerate(order):
        coins[seat] = amounts[place]
    return coins


def statues_on_map(state: State, seat: int) -> int:
    return sum(slots.count(seat) for slots in (c.slots for c in state.cities.values()))


def final_scores(state: State) -> list[Final]:
    """MJ-END-1/2 and the final-scoring tile (MJ-VAR-F1..F5). Characters do not count."""
    tile = state.options.final_scoring
    majority_pp = {seat: 0 for seat in range(state.seats)}
    for city in state.cities:
        top = majority({seat: base_cp(state, city, seat) for seat in range(state.seats)})
        win, tie = (3, 2) if tile == "F1" else (2, 1)
        for seat in top:
            majority_pp[seat] += win if len(top) == 1 else tie
    out = []
    for seat in range(state.seats):
        player = state.players[seat]
        statues = 3 * statues_on_map(state, seat)
        coins = player.coins // 5
        extra = tile_points(state, seat, tile)
        total = statues + coins + majority_pp[seat] + extra
        out.append(Final(statues=statues, coins=coins, cities=majority_pp[seat], tile=extra,
                         total=total))
    return out


def tile_points(state: State, seat: int, tile: str | None) -> int:
    if tile == "F2":
        return sum(
            1 for c in state.cities.values() if seat in c.slots or c.shrines[seat] > 0
        )
    if tile == "F3":
        return 2 * sum(
            1 for road in board().roads.values()
            if len(road.villages) == 2 and all(seat in state.villages[v] for v in road.villages)
        )
    if tile == "F4":
        return 2 * sum(1 for c in state.cities.values() if c.slots.count(seat) >= 2)
    if tile == "F5":
        return -state.players[seat].supply
    return 0


def winners(state: State, final: list[Final]) -> list[int]:
    """MJ-END-3: most PP; then most statues built; then most coins; else shared."""
    def key(seat: int) -> tuple[int, int, int]:
        player = state.players[seat]
        built = C.STATUES_PER_COLOUR - player.statues
        return (player.pp + final[seat].total, built, player.coins)

    best = max(key(seat) for seat in range(state.seats))
    return [seat for seat in range(state.seats) if key(seat) == best]


def game_should_end(state: State) -> bool:
    """MJ-ROUND-7: after round 7, or a round in which someone placed their 7th statue."""
    return state.round >= C.ROUNDS or any(p.statues == 0 for p in state.players)


def outcome(state: State) -> dict[str, list[int]]:
    """What a finished game is judged by (recordings check it): each player's PP after
    final scoring (MJ-END-2) and the winners."""
    # The fold has already added the final scoring into each player's PP (GameEnded).
    return {"final_pp": [p.pp for p in state.players], "winners": list(state.winners)}


__all__ = ["NOBODY", "city_cp", "city_ranking", "final_scores", "outcome", "winners"]
