"""The notation the road-network games share (Maharaja, Raja): places by code or
name, and a piece's move as the junctions it passes (``DEL-JAI-BIJ``)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from engine.core.notation import NotationError, fold_key, lookup
from engine.family.network import Network

START_WORD = "START"  # the start space, as the boards name it


def place_table(network: Network) -> dict[str, str]:
    """Every junction and village by the words a record may name it with: a city by
    its code (``DEL``) or name (``Delhi``), a village by its id (``v24``), the start
    space as START. Checked at load: no two places may share a word."""
    table = {START_WORD: network.start}
    for city in network.cities.values():
        if not re.fullmatch(r"[A-Z]{3}", city.id):
            raise ValueError(f"board {network.id}: a city code is three capitals, not "
                             f"{city.id!r}")
        table[city.id] = city.id
        table[city.name] = city.id
    table.update({v: v for v in network.villages})
    seen: dict[str, str] = {}
    for word, place in table.items():
        if seen.setdefault(fold_key(word), place) != place:
            raise ValueError(f"board {network.id}: the word {word!r} names two places")
    return table


def place(network: Network, table: dict[str, str], word: str) -> str:
    """The junction or village ``word`` names (``v1`` is village v01)."""
    village = re.fullmatch(r"v0*(\d{1,2})", word.strip(), re.I)
    if village:
        name = f"v{int(village.group(1)):02d}"
        if name in network.road_of:
            return name
        raise NotationError(f"there is no village {name} (v01-v{len(network.villages):02d})")
    return lookup(word, table, "place")


def city(network: Network, table: dict[str, str], word: str) -> str:
    found = place(network, table, word)
    if found not in network.cities:
        raise NotationError(f"{word!r} is no city")
    return found


def route(network: Network, table: dict[str, str], here: str, word: str,
          rule: str) -> tuple[str, ...]:
    """``DEL-JAI-BIJ`` (or ``-JAI-BIJ``, from ``here``) as the roads it takes."""
    names = word.split("-")
    if names[0] == "":
        names = names[1:]
    if "" in names:
        raise NotationError("a move names junctions between dashes: DEL-JAI-BIJ")
    stops = [place(network, table, n) for n in names]
    if stops[0] != here:
        stops.insert(0, here)
    roads = []
    for a, b in zip(stops, stops[1:], strict=False):
        road = next((r.id for r in network.roads.values() if {r.a, r.b} == {a, b}), None)
        if road is None:
            raise NotationError(f"no road runs from {a} to {b}", rule=rule)
        roads.append(road)
    if not roads:
        raise NotationError(f"the piece stands in {here} already: name where it goes")
    return tuple(roads)


def route_text(network: Network, here: str, roads: Sequence[str]) -> str:
    stops, _ = network.walk(here, roads)
    return "-".join(stops)
