"""The one message a board widget sends when the player picks something on it.

A board (a road map, a tile grid, an area map) posts ``PlaceSelected`` with the id
of the place picked; the game screen asks the game's adapter what that place means
now (which intents) and never learns what kind of board it was.
"""

from __future__ import annotations

from textual.message import Message
from textual.widget import Widget


class PlaceSelected(Message):
    """A place was picked on a board widget (Enter, or a click on a pickable place)."""

    def __init__(self, board: Widget, place: str) -> None:
        super().__init__()
        self.board = board
        self.place = place

    @property
    def control(self) -> Widget:
        return self.board
