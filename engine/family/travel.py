"""Tolls along a path of villages, shared by the family's road networks.

In both games a traveller passing a village where they own no piece pays the
owners of the pieces there; the games differ only in how much (1 coin per owner
in Maharaja, MJ-MOVE-3; 1 gold per house in Raja, R-MOVE-4).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache

from engine.family.network import Network


def tolls(
    villages: Iterable[str],
    owners: Callable[[str], Sequence[int]],
    mover: int,
    *,
    per_piece: bool,
) -> tuple[tuple[int, int], ...]:
    """Coins the mover owes, as sorted ``(seat, coins)`` pairs; ``owners(v)`` lists the
    owner of each piece in village ``v`` (a seat appears once per piece)."""
    owed: dict[int, int] = {}
    for village in villages:
        pieces = owners(village)
        if mover in pieces:
            continue
        for seat in pieces if per_piece else set(pieces):
            owed[seat] = owed.get(seat, 0) + 1
    return tuple(sorted(owed.items()))


Occupancy = tuple[tuple[int, ...], ...]  # per village of the network, the owner of each piece


def priced_routes(
    network: Network, here: str, mover: int, occupancy: Occupancy, *, per_piece: bool,
    free: bool = False,
) -> tuple[tuple[str, tuple[str, ...], int], ...]:
    """One route per destination and distinct toll breakdown: ``(end, roads, total)``.

    Among routes with the same breakdown the one with the fewest roads is kept;
    the result is sorted by destination, then cheapest. Roads are open when every
    village on them holds a piece (MJ-MOVE-2, R-MOVE-3). ``free`` routes owe nothing.
    """
    return _priced(network, here, mover, occupancy, per_piece, free)


@lru_cache(maxsize=8192)
def _priced(
    network: Network, here: str, mover: int, occupancy: Occupancy, per_piece: bool, free: bool
) -> tuple[tuple[str, tuple[str, ...], int], ...]:
    pieces = dict(zip(network.villages, occupancy, strict=True))
    # Each road's toll breakdown packed in one int, 8 bits a seat, so a path's
    # breakdown is a plain sum over its roads.
    road_toll: list[int] = []
    for road_id in network.road_ids:
        packed = 0
        for village in network.roads[road_id].villages:
            owners = pieces[village]
            if free or mover in owners:
                continue
            for owner in owners if per_piece else set(owners):
                packed += 1 << (8 * owner)
        road_toll.append(packed)
    open_mask = network.open_mask(pieces.__getitem__)
    best: dict[tuple[str, int], tuple[str, ...]] = {}
    for path in network.open_paths(here, open_mask):
        key = (path.end, sum(road_toll[i] for i in path.road_index))
        known = best.get(key)
        if known is None or (len(path.roads), path.roads) < (len(known), known):
            best[key] = path.roads
    routes = [(end, roads, _unpacked_total(packed)) for (end, packed), roads in best.items()]
    return tuple(sorted(routes, key=lambda r: (r[0], r[2], len(r[1]), r[1])))


def _unpacked_total(packed: int) -> int:
    total = 0
    while packed:
        total += packed & 0xFF
        packed >>= 8
    return total
