"""The map, the nations and the cards of Maharadjah, loaded from data and checked.

The printed board is missing from the source, so the map is our reconstruction
(W-MAP-1): a corrected board replaces ``data/map.json`` without touching code.
Every file is validated at load; a bad one raises RecordError naming the file
and each problem.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from engine.core.errors import RecordError

DATA = Path(__file__).parent / "data"
REGIONS = ("HIMALAYA", "NORTH", "SOUTH", "CEYLON")
REGION_SIZES = {"HIMALAYA": 4, "NORTH": 18, "SOUTH": 12, "CEYLON": 2}  # W-MAP-2 item 1
SCOPES = REGIONS + ("ALL",)
GAME_TYPES = ("3p", "4p", "5p", "short")


@dataclass(frozen=True)
class Territory:
    id: str
    name: str
    region: str
    rough: bool
    seas: tuple[str, ...]
    post_site: bool
    barbarians: tuple[str, ...]
    layout: tuple[int, int]


@dataclass(frozen=True)
class Sea:
    id: str
    name: str
    adjacent_seas: tuple[str, ...]
    layout: tuple[int, int]


@dataclass(frozen=True)
class Board:
    territories: dict[str, Territory]
    seas: dict[str, Sea]
    barbarians: dict[str, str]  # id -> name
    land: dict[str, frozenset[str]]  # territory -> adjacent territories (strait included)
    strait: frozenset[frozenset[str]]
    coasts: dict[str, frozenset[str]]  # sea -> coastal territories
    borders: dict[str, frozenset[str]]  # barbarian land -> territories it borders

    def name(self, space: str) -> str:
        if space in self.territories:
            return self.territories[space].name
        if space in self.seas:
            return self.seas[space].name
        return self.barbarians.get(space, space)

    def is_strait(self, a: str, b: str) -> bool:
        return frozenset((a, b)) in self.strait


@dataclass(frozen=True)
class Leader:
    id: str
    name: str
    nation: str
    turn: int
    with_invaders: bool
    removed: dict[str, int]  # {} = start of its nation's next sequence (W-LEAD-5)


@dataclass(frozen=True)
class Nation:
    id: str
    name: str
    order: int  # W-ORDER-1, from 0
    colonial: bool
    armies: int
    assign: dict[str, str | None]
    colour: str
    boats: frozenset[int]
    posts: int
    raj: bool
    no_growth: frozenset[int]
    south_only: frozenset[int]
    submit: tuple[dict[str, Any], ...]


@dataclass(frozen=True)
class Rules:
    """Nations, leaders, the event table and the cards."""

    nations: dict[str, Nation]
    order: tuple[str, ...]
    leaders: dict[str, Leader]
    turns: dict[int, dict[str, Any]]
    setup: dict[str, dict[str, Any]]
    cards: dict[str, dict[str, Any]] = field(default_factory=dict)

    def leaders_of(self, nation: str) -> list[Leader]:
        return [lead for lead in self.leaders.values() if lead.nation == nation]


def _read(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise RecordError(f"data file {path}: cannot be read ({exc})") from None
    if not isinstance(data, dict):
        raise RecordError(f"data file {path}: expected an object at the top")
    return data


def _fail(path: Path, problems: list[str]) -> None:
    if problems:
        raise RecordError(f"data file {path}: " + "; ".join(problems[:12]))


def load_map(path: Path = DATA / "map.json") -> Board:
    """W-MAP-1..9: load the map and check its facts (W-MAP-2) and its symmetry."""
    data = _read(path)
    problems: list[str] = []
    try:
        seas = {s["id"]: Sea(s["id"], s["name"], tuple(s["adjacent_seas"]), tuple(s["layout"]))
                for s in data["seas"]}
        barbarians = {b["id"]: b["name"] for b in data["barbarian_lands"]}
        territories = {
            t["id"]: Territory(t["id"], t["name"], t["region"], bool(t["rough"]), tuple(t["seas"]),
                               bool(t["post_site"]), tuple(t["barbarians"]), tuple(t["layout"]))
            for t in data["territories"]
        }
        land_edges = [tuple(e) for e in data["land_edges"]]
        strait_edges = [tuple(e) for e in data["strait_edges"]]
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(f"data file {path}: missing or malformed field ({exc})") from None
    if len(territories) != 36:
        problems.append(f"{len(territories)} territories (expected 36, W-GEN-2)")
    for region, size in REGION_SIZES.items():
        count = sum(t.region == region for t in territories.values())
        if count != size:
            problems.append(f"region {region} has {count} territories (expected {size})")
    if len(seas) != 3 or len(barbarians) != 6:
        problems.append("expected 3 sea zones and 6 barbarian lands (W-GEN-2)")
    land: dict[str, set[str]] = {t: set() for t in territories}
    for a, b in land_edges + strait_edges:
        if a not in territories or b not in territories or a == b:
            problems.append(f"edge {a}-{b} names an unknown territory")
            continue
        land[a].add(b)
        land[b].add(a)
    for t in territories.values():
        if t.region not in REGIONS:
            problems.append(f"{t.id}: unknown region {t.region}")
        for s in t.seas:
            if s not in seas:
                problems.append(f"{t.id}: unknown sea zone {s}")
        for b in t.barbarians:
            if b not in barbarians:
                problems.append(f"{t.id}: unknown barbarian land {b}")
        if t.post_site and not t.seas:
            problems.append(f"{t.id}: a post site must be coastal (W-POST-2)")
    for sea in seas.values():
        for other in sea.adjacent_seas:
            if other not in seas or sea.id not in seas[other].adjacent_seas:
                problems.append(f"sea {sea.id}-{other} is not symmetric")
    if sum(t.post_site for t in territories.values()) != 12:
        problems.append("expected 12 post sites (W-POST-2)")
    _fail(path, problems)
    coasts = {s: frozenset(t.id for t in territories.values() if s in t.seas) for s in seas}
    borders = {b: frozenset(t.id for t in territories.values() if b in t.barbarians)
               for b in barbarians}
    return Board(territories, seas, barbarians, {k: frozenset(v) for k, v in land.items()},
                 frozenset(frozenset(e) for e in strait_edges), coasts, borders)


def _turn_list(key: str) -> list[int]:
    return [int(k) for k in key.split(",")]


def load_rules(path: Path = DATA / "nations.json", cards_path: Path = DATA / "cards.json",
               board: Board | None = None) -> Rules:
    """Nations (W-COMP-1, W-ASSIGN-1), leaders, event table (W-EVT-1) and cards (W-CARD-2)."""
    board = board or the_board()
    data = _read(path)
    problems: list[str] = []
    try:
        nations = {}
        for i, n in enumerate(data["nations"]):
            growth = n["growth"]
            nations[n["id"]] = Nation(
                n["id"], n["name"], i, bool(n["colonial"]), int(n["armies"]), dict(n["assign"]),
                n["colour"], frozenset(n["boats"]), int(n["posts"]), bool(n["raj"]),
                frozenset(growth.get("none", [])), frozenset(growth.get("south_only", [])),
                tuple(n["submit"]))
        leaders = {
            x["id"]: Leader(x["id"], x["name"], x["nation"], int(x["turn"]),
                            bool(x.get("with_invaders", False)), dict(x.get("removed", {})))
            for x in data["leaders"]
        }
        turns = {int(k): v for k, v in data["turns"].items()}
        setup = data["setup"]
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(f"data file {path}: missing or malformed field ({exc})") from None
    if len(nations) != 17:
        problems.append(f"{len(nations)} nations (expected 17, W-GEN-1)")
    if sum(n.colonial for n in nations.values()) != 4:
        problems.append("expected 4 colonial powers (W-GEN-1)")
    if len(leaders) != 16:
        problems.append(f"{len(leaders)} leaders (expected 16, W-COMP-2)")
    if sorted(turns) != list(range(1, 17)):
        problems.append("the event table must list turns 1-16 (W-EVT-1)")
    spaces = set(board.territories) | set(board.seas) | set(board.barbarians)
    for lead in leaders.values():
        if lead.nation not in nations:
            problems.append(f"leader {lead.id}: unknown nation {lead.nation}")
    for game_type in GAME_TYPES:
        for n in nations.values():
            seat = n.assign.get(game_type)
            if seat is not None and seat not in "ABCDE":
                problems.append(f"{n.id}: bad player letter {seat!r} for {game_type}")
    for turn, row in turns.items():
        for group in row.get("arrivals", []) + row.get("top_up", []):
            if group["nation"] not in nations or group["space"] not in spaces:
                problems.append(f"turn {turn}: bad arrival {group}")
        great = row.get("great")
        if great is not None and great not in nations:
            problems.append(f"turn {turn}: unknown great invader {great}")
    for kind in ("standard", "short"):
        for nation, places in setup.get(kind, {}).get("armies", {}).items():
            if nation not in nations or any(p not in board.territories for p in places):
                problems.append(f"setup {kind}: bad placement for {nation}")
    _fail(path, problems)
    cards = load_cards(cards_path, nations, leaders, board)
    order = tuple(sorted(nations, key=lambda k: nations[k].order))
    return Rules(nations, order, leaders, turns, setup, cards)


def load_cards(path: Path, nations: dict[str, Nation], leaders: dict[str, Leader],
               board: Board) -> dict[str, dict[str, Any]]:
    """W-CARD-1: check every card against the schema; turn keys like "4,7" are expanded."""
    raw = _read(path).get("cards")
    problems: list[str] = []
    if not isinstance(raw, dict) or sorted(raw) != sorted(nations):
        raise RecordError(f"data file {path}: expected one card per nation (W-CARD-2)")
    cards: dict[str, dict[str, Any]] = {}
    for nation, card in raw.items():
        out: dict[str, Any] = {"any_time": [], "end_of_turn": {}, "raid": {},
                               "colonial": bool(card.get("each_turn_colonial", False)),
                               "raj": bool(card.get("raj", False))}
        for line in card.get("any_time", []):
            for key in ("kill_armies", "destroy_posts"):
                if key in line and line[key] not in nations:
                    problems.append(f"{nation}: {key} names unknown nation {line[key]}")
            for lead in line.get("kill_leaders", []):
                if lead not in leaders:
                    problems.append(f"{nation}: unknown leader {lead}")
            for tag in line.get("only_in", []) + line.get("not_in", []):
                if tag not in GAME_TYPES:
                    problems.append(f"{nation}: unknown game type {tag}")
            out["any_time"].append(line)
        for kind in ("end_of_turn", "raid"):
            for key, entry in card.get(kind, {}).items():
                for name, vp in entry.items():
                    if name == "other":
                        if any(s not in SCOPES for s in vp["scope"]) or int(vp["vp"]) <= 0:
                            problems.append(f"{nation}: bad 'other' in {kind} {key}")
                    elif name not in board.territories or int(vp) <= 0:
                        problems.append(f"{nation}: bad entry {name}: {vp} in {kind} {key}")
                for turn in _turn_list(key):
                    if not 1 <= turn <= 16:
                        problems.append(f"{nation}: turn {turn} out of range")
                    out[kind][turn] = entry
        if out["raj"] != nations[nation].raj:
            problems.append(f"{nation}: card and nation disagree on Raj (W-RAJ-1)")
        cards[nation] = out
    _fail(path, problems)
    return cards


@cache
def the_board() -> Board:
    return load_map()


@cache
def the_rules() -> Rules:
    return load_rules()
