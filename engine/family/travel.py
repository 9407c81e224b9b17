"""Tolls along a path of villages, shared by the family's road networks.

In both games a traveller passing a village where they own no piece pays the
owners of the pieces there; the games differ only in how much (1 coin per owner
in Maharaja, MJ-MOVE-3; 1 gold per house in Raja, R-MOVE-4).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache, lru_cache
from typing import NamedTuple, TypeVar

from engine.family.network import Network

L = TypeVar("L")  # a caller's label for a path (an intent)


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
        # a seat is paid once a village where it has pieces (no set for a lone piece)
        for seat in pieces if per_piece or len(pieces) < 2 else set(pieces):
            owed[seat] = owed.get(seat, 0) + 1
    return tuple(sorted(owed.items()))


Occupancy = tuple[tuple[int, ...], ...]  # per village of the network, the owner of each piece


def priced_paths(
    network: Network, here: str, mover: int, occupancy: Occupancy, *, per_piece: bool,
    labels: Sequence[L], free: bool = False,
) -> tuple[tuple[L, ...], tuple[int, ...]]:
    """One route per destination and distinct toll breakdown, as two columns ``(paths,
    totals)``: each path is ``labels[i]``, ``i`` its index in ``network.paths_from[here]``
    (the paths themselves, or what the caller keeps one of per path: an intent, listed
    straight away instead of rebuilt: the engine's random-play figure).

    Among routes with the same breakdown the one with the fewest roads (then the lowest
    road ids) is kept; the result is sorted by destination id, then cheapest. Roads are
    open when every village on them holds a piece (MJ-MOVE-2, R-MOVE-3). ``free``
    routes owe nothing. Not cached here: each game caches its listing built from it
    under its own key (one lookup a listing instead of two).
    """
    road_toll, open_mask = _cached_road_tolls(network, mover, occupancy, per_piece, free)
    return price_open_paths(network, here, road_toll, open_mask, labels)


# A route's key packs, high to low: its destination's place among the junction ids
# sorted, its total toll, and its breakdown (8 bits a seat, at most 8 seats). Every
# road's toll carries its own total, so a path's key is its parent's plus its last road's
# plus its destination's: one addition a path, and sorting the keys sorts by (place, total).
_TOTAL_SHIFT = 64
_PLACE_SHIFT = 80
_TOTAL_MASK = (1 << (_PLACE_SHIFT - _TOTAL_SHIFT)) - 1
_SEAT_TOLL = tuple(1 << (8 * seat) | 1 << _TOTAL_SHIFT for seat in range(8))


class _Tree(NamedTuple):
    """Every path from a junction as a tree node, numbered in the order routes are
    preferred in: fewest roads first, then road ids (breadth first, each node's children
    by road id). A path's parent (itself less its last road) so comes before it, and
    among open paths the first seen of a (destination, breakdown) is the one to keep.
    Node 0 is the empty path at the root."""

    kids: tuple[tuple[tuple[int, int], ...], ...]  # per node: (child, its last road's bit)
    step: tuple[tuple[int, int, int], ...]  # per node: (last road's index in road_ids,
    #                                          parent node, destination's place << _PLACE_SHIFT)
    path: tuple[int, ...]  # per node: the path's index in Network.paths_from[here]


@lru_cache(maxsize=64)
def _tree(network: Network, here: str) -> _Tree:
    paths = network.paths_from[here]
    places = sorted(network.junctions)
    ranked = sorted(range(len(paths)), key=lambda k: (len(paths[k].roads), paths[k].roads))
    node_of = {paths[k].roads: node for node, k in enumerate(ranked, start=1)}
    node_of[()] = 0
    kids: list[list[tuple[int, int]]] = [[] for _ in range(len(paths) + 1)]
    step = [(0, 0, 0)]
    for node, k in enumerate(ranked, start=1):
        path = paths[k]
        road = path.road_index[-1]
        parent = node_of[path.roads[:-1]]
        kids[parent].append((node, 1 << road))  # in node order: by road id
        step.append((road, parent, places.index(path.end) << _PLACE_SHIFT))
    return _Tree(tuple(map(tuple, kids)), tuple(step), (0, *ranked))


@lru_cache(maxsize=256)  # roads open rarely (a village's first piece): few masks a game
def _open_nodes(network: Network, here: str, open_mask: int) -> tuple[int, ...]:
    """The tree's paths over open roads only, in node order: walked level by level and
    pruned at the first closed road, so a miss costs the open paths, not every path."""
    kids = _tree(network, here).kids
    nodes: list[int] = []
    level = [0]
    while level:
        level = [kid for node in level for kid, bit in kids[node] if open_mask & bit]
        nodes += level
    return tuple(nodes)


def price_open_paths(network: Network, here: str, road_toll: Sequence[int], open_mask: int,
                     labels: Sequence[L]) -> tuple[tuple[L, ...], tuple[int, ...]]:
    """``priced_paths`` from a mover's ``road_tolls``, for a caller that keeps those for
    an occupancy and prices from every junction its mover reaches under it. Paths and
    totals per (destination, breakdown), sorted by destination id, total, then (number
    of roads, road ids): the order ``priced_paths`` promises. Each path comes as
    ``labels[i]``, ``i`` its index in ``network.paths_from[here]``: a caller's own object
    per path (an intent), with no second pass to map them."""
    tree = _tree(network, here)
    step = tree.step
    nodes = _open_nodes(network, here, open_mask)
    # per node up to the last open one (they come in node order), its path's toll (node
    # 0: the empty path): open paths are the shallow ones, the first of a few hundred
    sums = [0] * (nodes[-1] + 1 if nodes else 1)
    best: dict[int, int] = {}  # route key -> the first node with it
    for node in nodes:
        road, parent, place = step[node]
        toll = sums[node] = sums[parent] + road_toll[road]
        best.setdefault(toll + place, node)
    # By (place, total) from the key, then node: the breakdown gives way to the node.
    node_bits = len(step).bit_length()
    order = sorted([key >> _TOTAL_SHIFT << node_bits | node for key, node in best.items()])
    path, node_mask = tree.path, (1 << node_bits) - 1
    paths, totals = [], []  # one loop for both columns (cheaper than two comprehensions)
    for n in order:
        paths.append(labels[path[n & node_mask]])
        totals.append(n >> node_bits & _TOTAL_MASK)
    return tuple(paths), tuple(totals)


def road_tolls(network: Network, mover: int, occupancy: Sequence[Sequence[int]],
               per_piece: bool, free: bool) -> tuple[tuple[int, ...], int]:
    """Each road's toll as a packed key (0 for a closed road: no open row takes it) and
    the open roads as a mask (bit n: ``network.road_ids[n]``). ``occupancy`` is an
    ``Occupancy`` or the same as lists (read only). Not cached: a caller that keeps its
    routes by occupancy keeps these with them."""
    road_toll = []
    open_mask = 0
    for n, (start, end) in enumerate(_road_spans(network)):
        pieces = occupancy[start:end]
        if not all(pieces):  # MJ-MOVE-2, R-MOVE-3: an empty village closes the road
            road_toll.append(0)
            continue
        open_mask |= 1 << n
        packed = 0
        if not free:
            for owners in pieces:
                if mover not in owners:  # a village where the mover has a piece is free
                    # each owner once (per piece: each piece); a lone piece needs no set
                    for owner in owners if per_piece or len(owners) < 2 else set(owners):
                        packed += _SEAT_TOLL[owner]
        road_toll.append(packed)
    return tuple(road_toll), open_mask


# A mover's road tolls do not depend on where the traveller stands: routes from each
# junction reached in a turn share them, until a piece is placed (a new occupancy).
_cached_road_tolls = lru_cache(maxsize=1024)(road_tolls)


@cache
def _road_spans(network: Network) -> tuple[tuple[int, int], ...]:
    """Per road (``network.road_ids`` order), its villages' slice of an occupancy."""
    spans, at = [], 0
    for road_id in network.road_ids:
        count = len(network.roads[road_id].villages)
        spans.append((at, at + count))
        at += count
    return tuple(spans)
