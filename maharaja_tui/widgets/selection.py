"""The messages a board widget sends about its places.

A board (a road map, a tile grid, an area map) posts ``PlaceSelected`` with the id
of the place picked; the game screen asks the game's adapter what that place means
now (which intents) and never learns what kind of board it was. As its cursor
moves, a board posts ``PlaceHighlighted`` with the id Enter would pick there; the
screen answers with the board's ``say(place, status)``: what Enter would do, or why
it cannot (the engine's refusal), for the board's status line.
"""

from __future__ import annotations

from typing import Protocol

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


class Board(Protocol):
    """What a board that posts ``PlaceHighlighted`` takes back."""

    def say(self, place: str, status: Segments) -> None: ...


class PlaceHighlighted(Message):
    """The cursor of a focused board came to ``place`` (the id Enter would pick)."""

    def __init__(self, board: Board, place: str) -> None:
        super().__init__()
        self.board = board
        self.place = place
