"""Maharani: Mosaic Palace on screen: a seat's view turned into the palace grid's data,
the players' boards, the action panel's entries and the score tables.

Every rule comes from the engine: the legal placements from ``legal_intents``, and
the gold a placement brings from ``decide``'s events (the state is all public,
M-INFO-1, so asking the engine about a view tells nothing a seat may not know).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, ClassVar

from engine.core.errors import Refused
from engine.maharani import RULESET, Options, State
from engine.maharani import components as C
from engine.maharani import events as E
from engine.maharani import intents as I
from engine.maharani.board import palace
from engine.maharani.queries import slot_square
from engine.maharani.state import Phase
from maharaja_tui.games.base import (
    GameAdapter,
    MenuEntry,
    Panel,
    ScoreTable,
    SpecAdapter,
    cell,
)
from maharaja_tui.widgets.palace_grid import (
    ARROWS,
    PalaceCell,
    PalaceData,
    PalaceGrid,
    Placement,
    Slot,
    TileFace,
    column_glyph,
)
from maharaja_tui.widgets.player_board import BoardData, PlayerBoard
from maharaja_tui.widgets.segments import Segment, Segments

# Tile colours as the widget draws them, and the letter that stands for each (NO_COLOR).
TILE_LOOK = {"T_BLUE": ("blue", "B"), "T_ORANGE": ("orange", "O"), "T_GREEN": ("green", "G"),
             "T_RED": ("red", "R"), "T_YELLOW": ("yellow", "Y"), "T_PURPLE": ("purple", "P")}

LEGEND = """\
## The palace

An 8×8 grid of cells in four quarters (NW NE / SW SE, split by the lines);
`▲▲▲` are the minarets, the centre is the turntable.

- An empty cell shows its columns: `●` a central column, `╵ ╶ ╷ ╴` a half column
  on its north, east, south or west edge, `│ ─` half columns on two opposite edges.
- A tile shows its colour's letter (**B**lue, **O**range, **G**reen, **R**ed,
  **Y**ellow, **P**urple) on that colour, and its arrow (`↑ → ↓ ←`). An artisan on
  it is the lowercase letter of its colour (g r b y) on black.
- The turntable: slot number, tile letter and its columns (arrow up); the arrow where
  the two lines cross is where the turntable points (the active player's side).
- A quarter's name reads `✓ scored` once it has been scored (M-EVAL-3).

Placing a tile (m puts the keys on the board): `1`-`4` or a click picks a slot and
highlights every cell it may go to; the arrows (or Tab, from one highlighted cell to
the next) or a click bring the tile onto a cell, previewed there with the gold it
brings (the zone whose gold it earns marked `+`, the gold on the line below); `r`,
space or another click turns it to the next legal rotation; Enter or `[✓ place]`
places it; Enter on a cell it cannot go to says why. Escape steps back. The action
list holds the same placements, REFRESH and ending the turn after one tile.

A player's board: gold, artisans left per colour, and the action markers by
quarter (`●` face up, `○` face down: a tile from that quarter must stay there).
"""


def face(tile_id: str, arrow: int = 0, columns: str = "") -> TileFace:
    tile = palace().tiles[tile_id]
    colour, letter = TILE_LOOK.get(tile.colour, ("blue", "?"))
    return TileFace(colour, letter, columns or tile.mask, arrow)


def colour_word(tile_id: str) -> str:
    return TILE_LOOK.get(palace().tiles[tile_id].colour, ("?", "?"))[0]


class MaharaniAdapter(SpecAdapter[State, I.Intent]):
    ruleset_id: ClassVar[str] = "maharani"
    legend: ClassVar[str] = LEGEND
    guide_rules: ClassVar[dict[str, str]] = {  # F1's r: each guide section's rules
        "The goal": "M-END-1", "The board": "M-BOARD-1", "Your turn": "M-TURN-1",
        "Placing a tile": "M-PLACE-1", "Scoring a quarter": "M-EVAL-1",
        "Players and artisans": "M-ART-1", "End of the game": "M-END-1"}

    def player_count(self, view: State) -> int:
        return view.seats

    def artisan(self, colour: str) -> Segment:
        """An artisan: its colour's lowercase letter, drawn in that colour (sides)."""
        index = C.ARTISAN_COLOURS.index(colour)
        return (colour[0].lower(), f"side:{index}")

    def colours_name(self, view: State, seat: int) -> str:
        """A seat by its artisan colours, as the log names it ("Green+Yellow", M-2P-1)."""
        if seat < len(view.players):
            return "+".join(c.capitalize() for c in view.players[seat].colours)
        return self.seat_colour(view, seat).capitalize()

    def who(self, view: State, seat: int) -> Segment:
        return (self.colours_name(view, seat), f"seat:{seat}")

    def seat_title(self, view: State, seat: int) -> str:
        name, colours = self.name(view, seat), self.colours_name(view, seat)
        return f"{colours} ({name})" if name.lower() != colours.lower() else colours

    # ------------------------------------------------------------------ panels
    def panels(self, view: State, viewer: int | None, to_move: Sequence[int],
               intents: Sequence[Any]) -> tuple[Panel, ...]:
        boards = tuple(Panel(f"board-{s}", "seats", PlayerBoard,
                             self.board(view, s, viewer, to_move), classes="board")
                       for s in range(view.seats))
        return (Panel("palace", "board", PalaceGrid, self.palace(view, viewer, intents)),
                *boards)

    def palace(self, view: State, viewer: int | None,
               intents: Sequence[Any]) -> PalaceData:
        board = palace()
        cells = []
        for cell_id, data in board.cells.items():
            placed = view.cells.get(cell_id)
            tile = None if placed is None else face(placed.tile, placed.arrow, data.mask)
            standing = view.artisans.get(cell_id)
            cells.append(PalaceCell(cell_id, data.row, data.col, data.quarter, data.mask, tile,
                                    (self.artisan(standing),) if standing else ()))
        slots = tuple(
            Slot(n, *slot_square(view.orientation, n),
                 None if tile is None else face(tile))
            for n, tile in zip(C.SLOTS, view.slots, strict=True))
        placements = self.placements(view, viewer, intents)
        hint: Segments = ()
        if placements:
            hint = (("m", "strong"), (": 1-4 slot · arrows or Tab to a cell · r turn · Enter "
                                      "place", "dim"))
        return PalaceData(tuple(cells), 8, slots, view.orientation,
                          frozenset(view.scored), placements, hint)

    def placements(self, view: State, viewer: int | None,
                   intents: Sequence[Any]) -> tuple[Placement, ...]:
        """Each legal (slot, cell, arrow) once, with the gold the engine says it brings."""
        if viewer is None:
            return ()
        seen: dict[tuple[int, str, str], Placement] = {}
        for intent in intents:
            if not isinstance(intent, I.Place):
                continue
            key = (intent.slot, intent.cell, intent.arrow)
            if key in seen:
                continue
            gains, zone = self.gains(view, viewer, intent)
            seen[key] = Placement(intent.slot, intent.cell, C.SIDES.index(intent.arrow),
                                  gains, zone)
        return tuple(seen.values())

    def gains(self, view: State, seat: int,
              intent: I.Place) -> tuple[Segments, frozenset[str]]:
        """What placing ``intent`` brings, read off the engine's events (M-GOLD)."""
        try:
            events = RULESET.decide(view, seat, intent)
        except Refused:
            return (), frozenset()
        out: list[Segment] = []
        zone: frozenset[str] = frozenset()
        for event in events:
            if isinstance(event, E.TilePlaced):
                zone = frozenset(event.zone)
                out += [(f"+{event.gold} gold", "coins"),
                        (f" ({len(event.zone)} {colour_word(event.tile)} connected)", "")]
                if event.marker:
                    out.append((f", {event.source} marker down", "dim"))
            elif isinstance(event, E.ArtisanStep):
                how = "moves" if event.source else "new"
                out += [(", artisan ", ""), self.artisan(event.colour),
                        (f" {how} ", ""), (f"+{event.gold} gold", "coins"),
                        (f" ({len(event.group)} connected)", "")]
        return tuple(out), zone

    def board(self, view: State, seat: int, viewer: int | None,
              to_move: Sequence[int]) -> BoardData:
        player = view.players[seat]
        gold: Segments = ((f"{player.gold}", "coins"), (" gold", "dim"))
        artisans: list[Segment] = []
        for colour, left in zip(player.colours, player.reserve, strict=True):
            artisans += [(" ", ""), self.artisan(colour), (f"{left}", "")]
        markers: list[Segment] = []
        for quarter in palace().quarters:
            up = player.markers[quarter]
            markers += [(" ", ""), ("●" if up else "○", "strong" if up else "dim"),
                        (quarter, "" if up else "dim")]
        side = C.SIDE_NAMES[C.SIDES[player.side]]
        wide = (("  ", ""), *gold, ("  artisans left", "dim"), *artisans, (f"  {side}", "dim"))
        narrow = (("  ", ""), *gold, *artisans)
        marker_row = (("  markers", "dim"), *markers)
        return BoardData(seat=seat, letter=self.letter(view, seat), name=self.name(view, seat),
                         active=seat in to_move, you=seat == viewer,
                         computer=seat < len(self.seats) and not self.seats[seat].is_human,
                         wide_rows=(wide, marker_row), narrow_rows=(narrow, marker_row))

    def place_ids(self) -> dict[str, str]:
        """The palace's cells by their ids (``r3c4``), as the log and the grid name them."""
        return {cell: cell for cell in palace().cells}

    # ------------------------------------------------------------------ words
    def status(self, view: State, viewer: int | None,
               to_move: Sequence[int]) -> Segments:
        if view.phase == Phase.OVER:
            return (("Game over", "strong"),)
        parts: list[Segment] = []
        if view.turn is not None:
            parts += [self.who(view, view.turn.seat), ("'s turn", "")]
            if view.turn.placed:
                parts.append((f" ({view.turn.placed} tile placed)", "dim"))
        points = C.SIDE_NAMES[C.SIDES[view.orientation]]
        parts += [(" · turntable points ", ""), (points, "strong"),
                  (f" · bag {len(view.bag)} · {len(view.cells)}/{len(palace().cells)} cells",
                   "dim")]
        return tuple(parts)

    def heading(self, view: State, viewer: int | None,
                to_move: Sequence[int]) -> tuple[Segments, ...]:
        if viewer is None or viewer not in to_move or view.turn is None:
            return ()
        if view.turn.placed:
            return ((("A second tile for 2 gold, or end the turn", "strong"),
                     (" (M-PLACE-6)", "dim")),)
        return ((("Place a tile", "strong"), (" (M-PLACE-1): m for the board, or below", "dim")),)

    def menu(self, view: State, seat: int, intents: Sequence[Any]) -> list[MenuEntry]:
        by_slot: dict[int, list[Any]] = {}
        others: list[MenuEntry] = []
        for intent in intents:
            if isinstance(intent, I.Place):
                by_slot.setdefault(intent.slot, []).append(intent)
            else:
                others.append(MenuEntry(self.label(view, seat, intent), (intent,)))
        entries = []
        for slot, members in sorted(by_slot.items()):
            tile = view.slots[slot - 1] or ""
            cells = len({i.cell for i in members})
            label: Segments = (
                (f"Slot {slot}: ", "strong"), *self.tile_words(tile),
                (f" → {cells} cell{'s' if cells > 1 else ''}", "dim"))
            entries.append(MenuEntry(label, tuple(members), f"Slot {slot}: where?", "place"))
        return entries + others

    def unavailable(self, view: State, seat: int, intents: Sequence[Any]) -> list[MenuEntry]:
        """On the seat's turn, Refresh when the rules refuse it now (after a tile, M-TURN-2;
        with every marker face up, M-REFRESH): the engine's refusal is the reason shown."""
        if not intents or any(isinstance(i, I.Refresh) for i in intents):
            return []
        return [MenuEntry(self.label(view, seat, I.Refresh()), (I.Refresh(),))]

    def tile_words(self, tile_id: str) -> Segments:
        if not tile_id:
            return (("empty", "dim"),)
        tile = palace().tiles[tile_id]
        return ((f"{colour_word(tile_id)} {column_glyph(tile.mask)}", "strong"),)

    def selected(self, view: State, seat: int, place: str,
                 intents: Sequence[Any]) -> MenuEntry | None:
        """``slot:cell:arrow`` picked on the palace grid; several intents when the
        artisan's colour is a choice (M-2P-2)."""
        slot, _, rest = place.partition(":")
        cell_id, _, arrow = rest.partition(":")
        here = tuple(i for i in intents if isinstance(i, I.Place) and str(i.slot) == slot
                     and i.cell == cell_id and i.arrow == arrow)
        if not here:
            return None
        return MenuEntry((), here, "Which artisan goes onto the tile? (M-2P-2)")

    def why_not_at(self, view: State, seat: int, place: str,
                   intents: Sequence[Any]) -> tuple[Any, ...]:
        """``slot:cell`` picked on the grid where the slot's tile cannot go: that tile
        there, each way round, for the engine to say why (its first refusal)."""
        slot, _, cell_id = place.partition(":")
        if not slot.isdigit() or not cell_id or ":" in cell_id:
            return ()
        return tuple(I.Place(slot=int(slot), cell=cell_id, arrow=side) for side in C.SIDES)

    def label(self, view: State, seat: int, intent: Any) -> Segments:
        if isinstance(intent, I.Refresh):
            return (("Refresh", "action"), (": turn all your markers face up (M-REFRESH-1)", ""))
        if isinstance(intent, I.EndTurn):
            return (("End the turn", "action"), (" without a second tile (M-PLACE-6)", ""))
        if isinstance(intent, I.Place):
            gains, _ = self.gains(view, seat, intent)
            arrow = ARROWS[C.SIDES.index(intent.arrow)]
            out: list[Segment] = [(f"{intent.cell} {arrow} ", "strong")]
            if intent.artisan:
                out += [("artisan ", ""), self.artisan(intent.artisan), (" ", "")]
            return (*out, *gains)
        return ((type(intent).__name__, ""),)

    # ------------------------------------------------------------------ scoring
    def scoring_key(self, view: State) -> Hashable | None:
        return None  # quarter scorings read in the log and on the board (✓ scored)

    def scoring_table(self, view: State) -> ScoreTable:
        return self.final_table(view)

    def final_table(self, view: State) -> ScoreTable:
        rows = tuple((*self.player_cell(view, s), cell(str(view.players[s].gold), "coins"))
                     for s in range(view.seats))
        winners = list(view.winners)
        notes: list[Segments] = []
        if winners:
            names = " and ".join(self.seat_title(view, s) for s in winners)
            verb = "win" if len(winners) > 1 else "wins"
            tail = " (a shared victory, M-END-3)" if len(winners) > 1 else " (M-END-3)"
            notes.append(cell(f"{names} {verb}{tail}", "strong"))
        if view.exceptional:
            notes.append(cell("The game ended early: no tile fitted any empty cell (M-END-2)"))
        return ScoreTable("Final scores" if view.phase == Phase.OVER else "Scores",
                          ("Player", "Gold"), rows, tuple(notes), bold=1)

    def is_over(self, view: State) -> bool:
        return view.phase == Phase.OVER

    @classmethod
    def make_options(cls, values: dict[str, Any], colours: tuple[str, ...],
                     *, first_game: bool = False) -> Options:
        return Options()


# mypy holds the adapter to the screens' contract (GameAdapter, games/base.py)
_CONTRACT: type[GameAdapter[State, I.Intent]] = MaharaniAdapter
