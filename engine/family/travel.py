"""Tolls along a path of villages, shared by the family's road networks.

In both games a traveller passing a village where they own no piece pays the
owners of the pieces there; the games differ only in how much (1 coin per owner
in Maharaja, MJ-MOVE-3; 1 gold per house in Raja, R-MOVE-4).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import NamedTuple

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


class _Tree(NamedTuple):
    """A junction's simple paths in preorder (a path before its extensions, each path's
    extensions right after it), as parallel columns for a tight loop."""

    road: tuple[int, ...]  # index in Network.road_ids of each path's last road
    depth: tuple[int, ...]  # roads before the last one
    skip: tuple[int, ...]  # index of the first path after this path's extensions
    end: tuple[int, ...]  # index of the path's destination in Network.junctions
    rank: tuple[int, ...]  # position among the paths by (number of roads, road ids)
    roads: tuple[tuple[str, ...], ...]


@lru_cache(maxsize=64)
def _path_tree(network: Network, here: str) -> _Tree:
    """``network.paths_from[here]`` (already in preorder) with each subtree's extent, so a
    closed road prunes every path through it at once."""
    paths = network.paths_from[here]
    order = sorted(range(len(paths)), key=lambda k: (len(paths[k].roads), paths[k].roads))
    rank = {k: n for n, k in enumerate(order)}
    skips = []
    for k, path in enumerate(paths):
        skip = k + 1
        while skip < len(paths) and len(paths[skip].roads) > len(path.roads):
            skip += 1
        skips.append(skip)
    return _Tree(
        road=tuple(p.road_index[-1] for p in paths),
        depth=tuple(len(p.roads) - 1 for p in paths),
        skip=tuple(skips),
        end=tuple(network.junctions.index(p.end) for p in paths),
        rank=tuple(rank[k] for k in range(len(paths))),
        roads=tuple(p.roads for p in paths),
    )


@lru_cache(maxsize=8192)
def _priced(
    network: Network, here: str, mover: int, occupancy: Occupancy, per_piece: bool, free: bool
) -> tuple[tuple[str, tuple[str, ...], int], ...]:
    # Each open road's toll breakdown packed in one int, 8 bits a seat, so a path's
    # breakdown is its parent path's plus its last road's; a closed road is None.
    road_toll: list[int | None] = []
    at = 0
    for road_id in network.road_ids:
        packed: int | None = 0
        for _ in network.roads[road_id].villages:
            owners = occupancy[at]
            at += 1
            if not owners:
                packed = None  # MJ-MOVE-2, R-MOVE-3: an empty village closes the road
            elif packed is not None and not free and mover not in owners:
                for owner in owners if per_piece else set(owners):
                    packed += 1 << (8 * owner)
        road_toll.append(packed)
    # per (destination, breakdown) the path of the lowest rank: fewest roads, then road ids
    tree = _path_tree(network, here)
    roads, depths, skips, ends, ranks = tree.road, tree.depth, tree.skip, tree.end, tree.rank
    bits = len(network.junctions).bit_length()  # a key: breakdown << bits | destination
    best: dict[int, int] = {}  # key -> the path
    sums = [0] * (len(network.road_ids) + 1)  # the breakdown of the path at each depth
    k, size = 0, len(roads)
    while k < size:
        toll = road_toll[roads[k]]
        if toll is None:
            k = skips[k]  # no path through a closed road is open
            continue
        depth = depths[k]
        total = sums[depth + 1] = sums[depth] + toll
        key = total << bits | ends[k]
        known = best.get(key)
        if known is None or ranks[k] < ranks[known]:
            best[key] = k
        k += 1
    junctions = network.junctions
    routes = [(junctions[key & (1 << bits) - 1], tree.roads[k], _unpacked_total(key >> bits))
              for key, k in best.items()]
    return tuple(sorted(routes, key=lambda r: (r[0], r[2], len(r[1]), r[1])))


def _unpacked_total(packed: int) -> int:
    total = 0
    while packed:
        total += packed & 0xFF
        packed >>= 8
    return total
