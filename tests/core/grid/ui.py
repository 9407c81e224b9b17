"""Three in a Row on screen: its own board widget and adapter, added beside the game.

Nothing here is known to the screens: the GameSpec names ``GridAdapter``, whose
panels put ``GridBoard`` in the board region and a ``PlayerBoard`` per seat; the
board posts the generic ``PlaceSelected`` when a cell is picked.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from textual.binding import Binding
from textual.reactive import reactive

from maharaja_tui.games.base import GameAdapter, MenuEntry, Panel, ScoreTable, SpecAdapter, cell
from maharaja_tui.widgets.player_board import BoardData, PlayerBoard
from maharaja_tui.widgets.segments import Segments
from maharaja_tui.widgets.selection import PlaceSelected
from maharaja_tui.widgets.tracks import SegmentWidget
from tests.core.grid.rules import CELLS, DRAW, EMPTY, SIZE, GridOptions, GridState, Phase, Place


@dataclass(frozen=True)
class GridData:
    cells: Mapping[str, Segments] = field(default_factory=dict)  # cell -> what stands there
    targets: frozenset[str] = frozenset()  # cells that may be picked now


class GridBoard(SegmentWidget, can_focus=True):
    """A square grid of cells; arrows move a cursor over the pickable ones, Enter picks."""

    BINDINGS = [Binding("left", "move(-1, 0)", show=False),
                Binding("right", "move(1, 0)", show=False),
                Binding("up", "move(0, -1)", show=False),
                Binding("down", "move(0, 1)", show=False),
                Binding("enter", "pick", "Pick cell")]

    data: reactive[GridData] = reactive(GridData, layout=True)
    cursor: reactive[int] = reactive(0)

    def action_move(self, dx: int, dy: int) -> None:
        x, y = self.cursor % SIZE, self.cursor // SIZE
        self.cursor = min(SIZE - 1, max(0, y + dy)) * SIZE + min(SIZE - 1, max(0, x + dx))

    def action_pick(self) -> None:
        if CELLS[self.cursor] in self.data.targets:
            self.post_message(PlaceSelected(self, CELLS[self.cursor]))

    def rows(self, width: int) -> list[Segments]:
        out: list[Segments] = []
        for row in range(SIZE):
            line: list[tuple[str, str]] = []
            for col in range(SIZE):
                n = row * SIZE + col
                shown = self.data.cells.get(CELLS[n]) or ((CELLS[n], "dim"),)
                role = "cursor" if n == self.cursor and self.has_focus else (
                    "target" if CELLS[n] in self.data.targets else "")
                line += [(" ", ""), *((t, f"{r}+{role}" if r and role else r or role)
                                      for t, r in shown)]
            out.append(tuple(line))
        return out


class GridAdapter(SpecAdapter[GridState, Place]):
    ruleset_id: ClassVar[str] = "grid-test"
    legend: ClassVar[str] = "## The grid\n\nCells a1–c3; a letter is that player's stone.\n"

    def panels(self, view: GridState, viewer: int | None, to_move: Sequence[int],
               intents: Sequence[Place]) -> tuple[Panel, ...]:
        stones = {c: ((self.letter(view, s), f"seat:{s}"), (" ", ""))
                  for c, s in view.cells.items() if s != EMPTY}
        targets = frozenset(i.cell for i in intents)
        boards = tuple(Panel(f"board-{s}", "seats", PlayerBoard, BoardData(
            seat=s, letter=self.letter(view, s), name=self.name(view, s),
            active=s in to_move, you=s == viewer, computer=not self.seats[s].is_human))
            for s in range(view.seats))
        return (Panel("grid", "board", GridBoard, GridData(stones, targets)), *boards)

    def status(self, view: GridState, viewer: int | None, to_move: Sequence[int]) -> Segments:
        if view.phase == Phase.OVER:
            return (("Game over", "strong"),)
        return (self.who(view, view.next), ("'s turn", ""))

    def heading(self, view: GridState, viewer: int | None,
                to_move: Sequence[int]) -> tuple[Segments, ...]:
        if viewer is not None and viewer in to_move:
            return ((("Place a stone", "strong"), (" (GR-1)", "dim")),)
        return ()

    def menu(self, view: GridState, seat: int, intents: Sequence[Place]) -> list[MenuEntry]:
        return [MenuEntry(self.label(view, seat, i), (i,)) for i in intents]

    def selected(self, view: GridState, seat: int, place: str,
                 intents: Sequence[Place]) -> MenuEntry | None:
        here = tuple(i for i in intents if i.cell == place)
        return MenuEntry((), here, f"{place}:") if here else None

    def label(self, view: GridState, seat: int, intent: Place) -> Segments:
        return (("Place a stone on ", ""), (intent.cell, "strong"))

    def final_table(self, view: GridState) -> ScoreTable:
        winner = "A draw (GR-3)" if view.winner == DRAW else (
            f"{self.seat_title(view, view.winner)} wins (GR-2)")
        rows = tuple((*self.player_cell(view, s),
                      cell(str(sum(1 for o in view.cells.values() if o == s))))
                     for s in range(view.seats))
        return ScoreTable("Final", ("Player", "Stones"), rows, (cell(winner, "strong"),))

    def is_over(self, view: GridState) -> bool:
        return view.phase == Phase.OVER

    @classmethod
    def make_options(cls, values: dict[str, Any], colours: tuple[str, ...],
                     *, first_game: bool = False) -> GridOptions:
        return GridOptions()


# mypy holds the adapter to the screens' contract (GameAdapter, games/base.py)
_CONTRACT: type[GameAdapter[GridState, Place]] = GridAdapter
