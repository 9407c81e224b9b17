"""What a board widget and the game screen say to each other about its places.

A board (a road map, a tile grid, an area map) posts ``PlaceSelected`` with the id
of the place picked; the game screen asks the game's adapter what that place means
now (which intents) and never learns what kind of board it was. As its cursor
moves, a board asks its ``status_of`` (given by the screen) what Enter would do at
the place under it, or why it cannot (the engine's refusal), for its status line.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

from textual.message import Message
from textual.widget import Widget

from maharaja_tui.widgets.segments import Segments


class PlaceSelected(Message):
    """A place was picked on a board widget (Enter, or a click on a pickable place)."""

    def __init__(self, board: Widget, place: str) -> None:
        super().__init__()
        self.board = board
        self.place = place

    @property
    def control(self) -> Widget:
        return self.board


StatusOf = Callable[[str], Segments]  # a place Enter would pick -> what Enter does there


@runtime_checkable
class TellsStatus(Protocol):
    """A board with a status line: the screen gives it ``status_of``, asked as its
    cursor moves (at once, so the status comes in the same frame as the cursor)."""

    status_of: StatusOf | None


@runtime_checkable
class PointsAt(Protocol):
    """A board whose cursor the screen may put on a place: the board's window follows
    its cursor, so a place it has drawn out of sight (at 80x24) comes into view. A
    guided game's step points at the place it asks for."""

    def point_at(self, place: str) -> bool:
        """The cursor on ``place``; False (and nothing moves) when the board has none."""
        ...
