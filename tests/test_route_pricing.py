"""Route pricing (MJ-MOVE-3/4, R-MOVE-3/4) walks each junction's path tree and prunes
at closed roads; it must list exactly what pricing every simple path one by one does."""

from __future__ import annotations

from random import Random

from engine.family.network import Network
from engine.family.travel import Occupancy, priced_paths, tolls
from engine.maharaja.queries import board as maharaja_board
from engine.raja.board import board as raja_board


def reference(network: Network, here: str, mover: int, occupancy: Occupancy,
              per_piece: bool, free: bool) -> tuple[tuple[str, tuple[str, ...], int], ...]:
    """Every simple path from ``here`` over open roads, priced on its own; per destination
    and toll breakdown the path with the fewest roads (then the lowest road ids)."""
    pieces = dict(zip(network.villages, occupancy, strict=True))
    best: dict[tuple[str, tuple[tuple[int, int], ...]], tuple[str, ...]] = {}
    for path in network.paths_from[here]:
        if any(not pieces[v] for v in path.villages):
            continue  # MJ-MOVE-2: a road with an empty village is closed
        owed = () if free else tolls(path.villages, pieces.__getitem__, mover,
                                     per_piece=per_piece)
        key = (path.end, owed)
        known = best.get(key)
        if known is None or (len(path.roads), path.roads) < (len(known), known):
            best[key] = path.roads
    routes = [(end, roads, sum(c for _, c in owed)) for (end, owed), roads in best.items()]
    return tuple(sorted(routes, key=lambda r: (r[0], r[2], len(r[1]), r[1])))


def test_pruned_pricing_lists_what_pricing_each_path_lists() -> None:
    rng = Random(15)
    for network in (maharaja_board(), raja_board()):
        for _ in range(300):
            fill = rng.random()
            occupancy = tuple(
                tuple(rng.sample(range(4), rng.choice((1, 1, 2)))) if rng.random() < fill else ()
                for _ in network.villages)
            here, mover = rng.choice(network.junctions), rng.randrange(4)
            per_piece, free = rng.random() < 0.5, rng.random() < 0.2
            priced = priced_paths(network, here, mover, occupancy, per_piece=per_piece,
                                  free=free, labels=network.paths_from[here])
            listed = tuple((path.end, path.roads, total)
                           for path, total in zip(*priced, strict=True))
            assert listed == reference(network, here, mover, occupancy, per_piece, free)
