"""Segments: ``(text, role)`` pairs, the engine's description format, used by every widget.

A role names what a piece of text is (a seat, a city, coins...). Widgets turn roles
into styles through component classes, so the look lives in the .tcss files and
the words never depend on colour (each seat also has its letter).
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

Segment = tuple[str, str]
Segments = tuple[Segment, ...]

ROLES = ("city", "village", "coins", "pp", "character", "action", "round", "reward",
         "dim", "target", "cursor", "maharaja", "strong", "hidden", "warning")
COLOURS = ("red", "yellow", "green", "blue")
COMPONENT_CLASSES = frozenset(
    {f"role--{r}" for r in ROLES} | {f"colour--{c}" for c in COLOURS}
)


def seg(*parts: str | Segment) -> Segments:
    return tuple((p, "") if isinstance(p, str) else p for p in parts)


class Painter:
    """Maps roles to Rich styles for one widget; ``seat:N`` roles use that seat's colour."""

    def __init__(self, widget: Widget, colours: Iterable[str]) -> None:
        self.widget = widget
        self.colours = tuple(colours)
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
        if role.startswith("seat:"):
            seat = int(role[5:])
            colour = self.colours[seat] if 0 <= seat < len(self.colours) else ""
            name = f"colour--{colour}"
        else:
            name = f"role--{role}"
        try:
            return self.widget.get_component_rich_style(name, partial=True)
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

