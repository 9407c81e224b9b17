"""Segments: ``(text, role)`` pairs, the engine's description format, used by every widget.

A role names what a piece of text is. Widgets turn roles into styles through
component classes, so the look lives in the .tcss files and the words never depend
on colour. The classes have the UI's own words (``place``, ``money``, ``score``...);
a game's descriptions use the game's words (``city``, ``coins``, ``pp``) and its
GameSpec maps them onto the UI's (``roles``), carried here by the ``Palette``.
Seats are the exception: a game declares its players' colours (a ``Palette``), and
``seat:N`` draws in seat N's colour; each seat also has its letter, so nothing is
told by colour alone (NO_COLOR).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import NamedTuple

from rich.color import Color, ColorParseError
from rich.style import Style
from rich.text import Text
from textual.widget import Widget

Segment = tuple[str, str]
Segments = tuple[Segment, ...]

ROLES = ("place", "minor-place", "money", "score", "piece", "marker", "action", "round",
         "reward", "dim", "target", "cursor", "strong", "hidden", "warning", "mine")
COMPONENT_CLASSES = frozenset(f"role--{r}" for r in ROLES)


class SeatStyle(NamedTuple):
    """How one seat (or one side under a seat) is drawn."""

    name: str  # the colour's name, as the players say it ("red")
    letter: str  # the letter or glyph that stands for it without colour ("R")
    colour: str  # a colour Rich can parse ("#ff5f5f")


@dataclass(frozen=True)
class Palette:
    """The styles of a game's seats, in seat order (``seat:N``), and of the sides grouped
    under them when a game has some (``side:K``: Maharadjah's nations); ``roles`` maps
    the game's own role words onto ``ROLES``."""

    seats: tuple[SeatStyle, ...] = ()
    sides: tuple[SeatStyle, ...] = ()
    roles: Mapping[str, str] = field(default_factory=dict)

    def style(self, kind: str, index: int) -> Style:
        """A seat's or side's style; an index past the palette draws plainly."""
        styles = self.seats if kind == "seat" else self.sides
        if not 0 <= index < len(styles):
            return Style()
        return Style(color=styles[index].colour, bold=kind == "seat")

    def letter(self, seat: int) -> str:
        return self.seats[seat].letter if 0 <= seat < len(self.seats) else str(seat + 1)


def is_colour(text: str) -> bool:
    """True when Rich can draw ``text`` as a colour."""
    try:
        Color.parse(text)
    except ColorParseError:
        return False
    return True


def seg(*parts: str | Segment) -> Segments:
    return tuple((p, "") if isinstance(p, str) else p for p in parts)


class Painter:
    """Maps roles to Rich styles for one widget; ``seat:N`` and ``side:K`` come from the
    game's palette, any other role from the widget's ``role--`` component classes."""

    def __init__(self, widget: Widget, palette: Palette | None = None) -> None:
        self.widget = widget
        self.palette = palette or Palette()
        self._cache: dict[str, Style] = {}

    def style(self, role: str) -> Style:
        if not role:
            return Style()
        cached = self._cache.get(role)
        if cached is not None:
            return cached
        style = Style()
        for part in role.split("+"):
            style += self._one(part)
        self._cache[role] = style
        return style

    def _one(self, role: str) -> Style:
        kind, _, index = role.partition(":")
        if kind in ("seat", "side") and index.lstrip("-").isdigit():
            return self.palette.style(kind, int(index))
        role = self.palette.roles.get(role, role)
        try:
            return self.widget.get_component_rich_style(f"role--{role}", partial=True)
        except KeyError:  # a role this widget does not style
            return Style()

    def text(self, segments: Iterable[Segment], *, end: str = "") -> Text:
        out = Text(end="")
        for content, role in segments:
            out.append(content, self.style(role))
        if end:
            out.append(end)
        return out

    def lines(self, rows: Iterable[Iterable[Segment]]) -> Text:
        return Text("\n").join(self.text(row) for row in rows)

