"""The road network: junctions (START and cities) joined by roads of villages.

Loaded from a board data file and validated. Every simple path from a junction is
enumerated once, when first asked for (the graph is small; the launch draws the board
before any route is priced), so a game only filters them by which roads are open and
prices them.
"""

# No ``from __future__ import annotations``: msgspec reads the board file's Structs'
# annotations to decode it at launch, and strings it must compile first (the launch).
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

import msgspec

from engine.core.errors import RecordError


class City(msgspec.Struct, frozen=True):
    id: str
    name: str
    pos: tuple[int, int]
    # Game-specific attributes (flag colour, statue-slot bonuses, home character...).
    extra: dict[str, Any] = {}


class Road(msgspec.Struct, frozen=True):
    id: str
    a: str
    b: str
    villages: tuple[str, ...]


class Path_(msgspec.Struct, frozen=True):
    """A simple path: the junctions it visits and the roads it takes, in order."""

    stops: tuple[str, ...]
    roads: tuple[str, ...]
    villages: tuple[str, ...]
    mask: int  # bit i set when road i of the network is used
    road_index: tuple[int, ...] = ()  # positions of the roads in Network.road_ids

    @property
    def end(self) -> str:
        return self.stops[-1]


class Walk(NamedTuple):
    """Where a route leads: the junctions it visits (its start first) and the villages it
    passes, in the order a traveller meets them."""

    stops: tuple[str, ...]
    villages: tuple[str, ...]

    @property
    def end(self) -> str:
        return self.stops[-1]


WALKS_KEPT = 8192  # walks remembered per network (a few thousand simple paths)
HasPiece = Callable[[str], object]  # village -> truthy when a piece stands there


class _BoardFile(msgspec.Struct):
    id: str
    name: str
    start: dict[str, Any]
    cities: list[dict[str, Any]]
    roads: list[Road]
    reconstruction: bool = False


class Network:
    """A validated board graph. Junction ids: ``start`` plus the city ids."""

    def __init__(
        self,
        board_id: str,
        name: str,
        start: str,
        start_pos: tuple[int, int],
        cities: list[City],
        roads: list[Road],
    ) -> None:
        self.id = board_id
        self.name = name
        self.start = start
        self.start_pos = start_pos
        self.cities = {c.id: c for c in cities}
        self.city_ids = tuple(c.id for c in cities)
        self.roads = {r.id: r for r in roads}
        self.road_ids = tuple(r.id for r in roads)
        self.road_bit = {r.id: 1 << i for i, r in enumerate(roads)}
        self.junctions = (start, *self.city_ids)
        self.villages = tuple(v for r in roads for v in r.villages)
        self.road_of = {v: r.id for r in roads for v in r.villages}
        self.roads_at: dict[str, tuple[str, ...]] = {
            j: tuple(r.id for r in roads if j in (r.a, r.b)) for j in self.junctions
        }
        self._walks: dict[tuple[str, tuple[str, ...]], Walk] = {}
        self.paths_from: dict[str, tuple[Path_, ...]] = _PathsFrom(self)

    def position(self, junction: str) -> tuple[int, int]:
        return self.start_pos if junction == self.start else self.cities[junction].pos

    def other_end(self, road: str, junction: str) -> str:
        r = self.roads[road]
        return r.b if r.a == junction else r.a

    def walk(self, start: str, roads: Sequence[str]) -> Walk:
        """Follow ``roads`` from ``start``. A road that is unknown or does not leave the
        junction reached so far raises ValueError naming it (the rules say which rule)."""
        key = (start, tuple(roads))
        known = self._walks.get(key)
        if known is None:
            if len(self._walks) >= WALKS_KEPT:
                self._walks.clear()  # routes from outside may be long and many: bounded
            known = self._walks[key] = self._walk(start, roads)  # every move asks again
        return known

    def _walk(self, start: str, roads: Sequence[str]) -> Walk:
        stops = [start]
        villages: list[str] = []
        for road in roads:
            r = self.roads.get(road)
            if r is None or stops[-1] not in (r.a, r.b):
                raise ValueError(f"road {road} does not leave {stops[-1]}")
            villages += self.villages_from(road, stops[-1])
            stops.append(r.b if r.a == stops[-1] else r.a)
        return Walk(tuple(stops), tuple(villages))

    def is_open(self, road: str, has_piece: HasPiece) -> bool:
        """MJ-MOVE-2, R-MOVE-3: a road is usable when every village on it holds a piece."""
        return all(has_piece(v) for v in self.roads[road].villages)

    def open_roads(self, has_piece: HasPiece) -> frozenset[str]:
        return frozenset(r for r in self.road_ids if self.is_open(r, has_piece))

    def villages_from(self, road: str, junction: str) -> tuple[str, ...]:
        """The road's villages in the order a traveller leaving ``junction`` meets them."""
        r = self.roads[road]
        return r.villages if r.a == junction else tuple(reversed(r.villages))

    def _simple_paths(self, source: str) -> Iterable[Path_]:
        stack: list[tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], int]] = [
            ((source,), (), (), 0)
        ]
        while stack:
            stops, roads, villages, mask = stack.pop()
            if roads:
                index = tuple(self.road_ids.index(r) for r in roads)
                yield Path_(stops, roads, villages, mask, index)
            here = stops[-1]
            for road in self.roads_at[here]:
                there = self.other_end(road, here)
                if there in stops:
                    continue
                stack.append((
                    (*stops, there),
                    (*roads, road),
                    villages + self.villages_from(road, here),
                    mask | self.road_bit[road],
                ))

    def open_paths(self, source: str, open_mask: int) -> Iterable[Path_]:
        """Simple paths from ``source`` using only roads in ``open_mask``."""
        for path in self.paths_from[source]:
            if path.mask & ~open_mask == 0:
                yield path

    def open_mask(self, has_piece: HasPiece) -> int:
        """The open roads (``is_open``) as a bit mask for ``open_paths``."""
        mask = 0
        for road in self.road_ids:
            if self.is_open(road, has_piece):
                mask |= self.road_bit[road]
        return mask


class _PathsFrom(dict[str, tuple[Path_, ...]]):
    """A network's simple paths by junction, each junction's enumerated on first use."""

    def __init__(self, network: Network) -> None:
        super().__init__()
        self.network = network

    def __missing__(self, junction: str) -> tuple[Path_, ...]:
        if junction not in self.network.roads_at:
            raise KeyError(junction)
        paths = self[junction] = tuple(self.network._simple_paths(junction))
        return paths


def load_network(path: Path, *, expected_villages: int | None = None) -> Network:
    """Load and check a board file; a malformed one raises RecordError naming it."""
    name = str(path)
    try:
        # msgspec decodes and checks in one pass; the json module is not imported at
        # launch for this one file.
        data = msgspec.json.decode(path.read_bytes(), type=_BoardFile)
        cities = [
            City(
                id=c["id"], name=c["name"], pos=tuple(c["pos"]),
                extra={k: v for k, v in c.items() if k not in ("id", "name", "pos")},
            )
            for c in data.cities
        ]
        start_id, start_pos = data.start["id"], tuple(data.start["pos"])
    except (OSError, ValueError, KeyError, TypeError, msgspec.ValidationError) as exc:
        raise RecordError(f"board file {name}: cannot be read ({exc})") from None
    problems = check_network(start_id, cities, data.roads, expected_villages)
    if problems:
        raise RecordError(f"board file {name}: " + "; ".join(problems))
    return Network(data.id, data.name, start_id, start_pos, cities, data.roads)


def check_network(
    start: str, cities: list[City], roads: list[Road], expected_villages: int | None
) -> list[str]:
    problems: list[str] = []
    junctions = [start, *(c.id for c in cities)]
    if len(set(junctions)) != len(junctions):
        problems.append("junction ids repeat")
    if len(cities) != 7:
        problems.append(f"expected 7 cities, found {len(cities)}")
    seen_villages: set[str] = set()
    road_ids: set[str] = set()
    for road in roads:
        if road.id in road_ids:
            problems.append(f"road {road.id} is declared twice")
        road_ids.add(road.id)
        if road.a not in junctions or road.b not in junctions:
            problems.append(f"road {road.id} joins an unknown junction")
        if road.a == road.b:
            problems.append(f"road {road.id} joins {road.a} to itself")
        if not 1 <= len(road.villages) <= 2:
            problems.append(f"road {road.id} must carry 1 or 2 villages")
        for v in road.villages:
            if v in seen_villages:
                problems.append(f"village {v} lies on more than one road")
            seen_villages.add(v)
    if expected_villages is not None and len(seen_villages) != expected_villages:
        problems.append(f"expected {expected_villages} villages, found {len(seen_villages)}")
    # connectivity
    reach = {start}
    frontier = [start]
    while frontier:
        here = frontier.pop()
        for road in roads:
            for a, b in ((road.a, road.b), (road.b, road.a)):
                if a == here and b not in reach:
                    reach.add(b)
                    frontier.append(b)
    if set(junctions) - reach:
        problems.append(f"not connected: {', '.join(sorted(set(junctions) - reach))} unreachable")
    return problems
