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


def priced_paths(
    network: Network, here: str, mover: int, occupancy: Occupancy, *, per_piece: bool,
    free: bool = False,
) -> tuple[tuple[int, int], ...]:
    """One route per destination and distinct toll breakdown, as ``(path, total)``:
    ``path`` indexes ``network.paths_from[here]``, so a caller keeps one object per
    path (an intent) instead of rebuilding it.

    Among routes with the same breakdown the one with the fewest roads (then the lowest
    road ids) is kept; the result is sorted by destination id, then cheapest. Roads are
    open when every village on them holds a piece (MJ-MOVE-2, R-MOVE-3). ``free``
    routes owe nothing.
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
    end_id: tuple[str, ...]  # the destination's id
    by_rank: tuple[int, ...]  # the path of each rank
    place: tuple[int, ...]  # the destination's position among the junction ids sorted


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
        end_id=tuple(p.end for p in paths),
        by_rank=tuple(order),
        place=tuple(sorted(network.junctions).index(p.end) for p in paths),
    )


@lru_cache(maxsize=8192)
def _priced(
    network: Network, here: str, mover: int, occupancy: Occupancy, per_piece: bool, free: bool
) -> tuple[tuple[int, int], ...]:
    """``(path, total)`` per (destination, breakdown), sorted by destination id, total,
    then rank (the order ``priced_paths`` promises)."""
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
    # per (destination, breakdown) the lowest rank: fewest roads, then road ids
    tree = _path_tree(network, here)
    roads, depths, skips, ends, ranks = tree.road, tree.depth, tree.skip, tree.end, tree.rank
    bits = len(network.junctions).bit_length()  # a key: breakdown << bits | destination
    best: dict[int, int] = {}  # key -> the lowest rank seen
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
        rank = ranks[k]
        if best.get(key, size) > rank:
            best[key] = rank
        k += 1
    # Sort on one int per route, (destination place, total, rank) packed, unpacked after.
    by_rank, place = tree.by_rank, tree.place
    rank_bits = size.bit_length()
    order = sorted(
        ((place[by_rank[rank]] << 16 | _unpacked_total(key >> bits)) << rank_bits | rank)
        for key, rank in best.items())
    rank_mask = (1 << rank_bits) - 1
    return tuple((by_rank[n & rank_mask], n >> rank_bits & 0xFFFF) for n in order)


def _unpacked_total(packed: int) -> int:
    return sum(packed.to_bytes(8, "little"))  # the seats' 8-bit counts (at most 8 seats)
