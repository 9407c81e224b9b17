"""Scenario helpers: games whose setup draw the test chooses, driven through the core,
and small pokes that lay out a position (tiles and artisans) before a test acts."""

from __future__ import annotations

from random import Random
from typing import Any

from engine.core.game import SETUP_SEAT, Game, Step
from engine.core.ruleset import Seat
from engine.maharani import RULESET, Options
from engine.maharani import events as ev
from engine.maharani import intents as it
from engine.maharani.board import palace
from engine.maharani.state import Placed

NAMES = ("Green", "Red", "Blue", "Yellow")
SIDE = {"N": 0, "E": 1, "S": 2, "W": 3}


def seats(n: int) -> list[Seat]:
    return [Seat(NAMES[i]) for i in range(n)]


def tile_of(colour: str, kind: str, used: set[str] | None = None) -> str:
    """A tile id of ``colour`` (``BLUE`` or ``T_BLUE``) and column type, not in ``used``."""
    colour = colour if colour.startswith("T_") else f"T_{colour}"
    for tile in palace().tiles.values():
        if tile.colour == colour and tile.type == kind and tile.id not in (used or set()):
            return tile.id
    raise LookupError(f"no {colour} {kind} tile left")


def game(n: int = 4, first: int = 0, slots: tuple[str, ...] | None = None) -> Game:
    """A game at ``first``'s first turn with the turntable holding ``slots`` (tile ids, or
    (colour, type) shorthands like ``"ORANGE H1-R"``), the rest as the bag gives."""
    chosen = _tiles(slots or ("BLUE H2-P", "RED H2-P", "GREEN H2-P", "YELLOW H2-P"))
    state = RULESET.new_state(Options(), seats(n))
    setup: list[Any] = [ev.GameSetUp(first=first), ev.TurntableFilled(drawn=tuple(enumerate(chosen,
                                                                                            1)))]
    for event in setup:
        RULESET.apply(state, event)
    while more := RULESET.automatic(state, Random(0)):
        setup += more
        for event in more:
            RULESET.apply(state, event)
    return Game(RULESET, seats(n), Options(), 0, _steps=[Step(SETUP_SEAT, None, setup)])


def _tiles(specs: tuple[str, ...]) -> list[str]:
    used: set[str] = set()
    out = []
    for spec in specs:
        tile = spec if spec in palace().tiles else tile_of(*spec.split(), used=used)
        used.add(tile)
        out.append(tile)
    return out


def set_slot(g: Game, slot: int, spec: str | None) -> str | None:
    """Put a tile from the bag into ``slot`` (the old one goes back to the bag)."""
    old = g.state.slots[slot - 1]
    if old is not None:
        g.state.bag.append(old)
    tile = None
    if spec is not None:
        tile = spec if spec in palace().tiles else tile_of(*spec.split(),
                                                           used=set(_out_of_bag(g)))
        g.state.bag.remove(tile)
    g.state.slots[slot - 1] = tile
    g.state.bag.sort()
    return tile


def _out_of_bag(g: Game) -> list[str]:
    s = g.state
    return [*(t for t in s.slots if t), *(p.tile for p in s.cells.values()), *s.removed]


def put(g: Game, cell: str, spec: str, artisan: str = "", arrow: str | None = None) -> str:
    """Lay a tile (from the bag) on ``cell`` with a fitting arrow, optionally an artisan.
    ``spec``: a tile id, ``"BLUE H2-P"``, or a bare colour for any tile of it that fits."""
    if spec in palace().tiles:
        tile = spec
    elif " " in spec:
        tile = tile_of(*spec.split(), used=set(_out_of_bag(g)))
    else:
        tile = next(t for t in g.state.bag if palace().tiles[t].colour == f"T_{spec}"
                    and palace().fits(t, cell))
    fits = palace().fits(tile, cell)
    assert fits, f"{tile} does not fit {cell}"
    direction = SIDE[arrow] if arrow else fits[0]
    g.state.bag.remove(tile)
    g.state.cells[cell] = Placed(tile, direction)
    if artisan:
        g.state.artisans[cell] = artisan
        for player in g.state.players:
            if artisan in player.colours:
                player.reserve[player.colours.index(artisan)] -= 1
    return tile


def place(g: Game, slot: int, cell: str, arrow: str, artisan: str = "") -> list[Any]:
    seat = g.to_move()[0]
    return g.play(seat, it.Place(slot=slot, cell=cell, arrow=arrow, artisan=artisan))


def gold(g: Game) -> list[int]:
    return [p.gold for p in g.state.players]


def of(events: list[Any], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def fill(g: Game, cells: list[str]) -> None:
    """Lay any fitting tile from the bag on each of ``cells``, colours in turn."""
    for n, cell in enumerate(cells):
        fitting = [t for t in g.state.bag if palace().fits(t, cell)]
        pick = next((t for t in fitting if palace().tiles[t].colour
                     == palace().colours[n % 6]), fitting[0])
        put(g, cell, pick)
