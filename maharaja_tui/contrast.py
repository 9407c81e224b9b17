"""A contrast floor for every cell on screen, in every theme and under NO_COLOR.

The players' colours are fixed (a game's spec declares them), the themes are Textual's
and NO_COLOR turns everything grey: some pairs meet badly (yellow on a light theme,
a character number grey on grey). ``MinimumContrast`` is a line filter, the last one,
so it sees the colours the terminal will get: text whose foreground is too close to
its background is moved toward white or black (keeping its hue as far as it can)
until it meets the floor, as terminals' own "minimum contrast" settings do. Faint
(dim) text is drawn as an explicit blended colour first, so its contrast is known.

The floors are WCAG 2's: 4.5:1 for text (1.4.3, level AA), 3:1 for graphics (1.4.11):
the map's roads, box and block characters.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from rich.color import Color as RichColor
from rich.segment import Segment
from rich.style import Style
from rich.terminal_theme import TerminalTheme
from textual.color import Color
from textual.filter import LineFilter

TEXT_FLOOR = 4.5
GRAPHICS_FLOOR = 3.0
DIM_FACTOR = 0.66  # a faint colour is this much of the way from the background


# Every style drawn asks for the luminance of its colours and of the same few
# backgrounds, and ``readable`` searches through blends: remembered, the floor cost a
# third less of the launch's first frame (issue 15: ~5M instructions).
@lru_cache(maxsize=4096)
def luminance(rgb: tuple[int, int, int]) -> float:
    """WCAG 2 relative luminance."""
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = rgb
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """WCAG 2 contrast ratio, 1 to 21."""
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def blend(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    """``a`` moved a fraction ``t`` of the way to ``b``."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


def readable(fg: tuple[int, int, int], bg: tuple[int, int, int],
             floor: float) -> tuple[int, int, int]:
    """``fg``, or the nearest colour toward white or black that meets ``floor`` on ``bg``."""
    if contrast(fg, bg) >= floor:
        return fg
    dark_bg = luminance(bg) < 0.18
    for target in ((255, 255, 255), (0, 0, 0)) if dark_bg else ((0, 0, 0), (255, 255, 255)):
        if contrast(target, bg) < floor:
            continue
        low, high = 0.0, 1.0  # the least move that meets the floor
        for _ in range(12):
            mid = (low + high) / 2
            if contrast(blend(fg, target, mid), bg) >= floor:
                high = mid
            else:
                low = mid
        return blend(fg, target, high)
    return (255, 255, 255) if dark_bg else (0, 0, 0)  # the best there is


def is_graphic(text: str) -> bool:
    """Box drawing, blocks and geometric shapes only (roads, rules, scrollbars)."""
    return all(ch == " " or "\u2500" <= ch <= "\u25ff" for ch in text)


def fixed_style(style: Style, background: tuple[int, int, int] | None, graphic: bool,
                terminal: TerminalTheme) -> Style:
    """``style`` with its visible foreground meeting the floor on its visible background.
    The terminal's own colours (default and the 16 ANSI ones) are read from ``terminal``,
    the app's estimate of the terminal's palette (what its ANSI themes draw with)."""
    fg, bg = style.color, style.bgcolor
    if style.reverse:
        fg, bg = bg, fg
    if fg is not None:
        front = rgb(fg, terminal, foreground=True)
    else:  # the terminal's own foreground
        front = tuple(terminal.foreground_color)  # type: ignore[assignment]
    if bg is not None:
        back = rgb(bg, terminal, foreground=False)
    else:
        back = background or tuple(terminal.background_color)  # type: ignore[assignment]
    if style.dim:
        front = blend(back, front, DIM_FACTOR)
    better = readable(front, back, GRAPHICS_FLOOR if graphic else TEXT_FLOOR)
    if better == front and not style.dim:
        return style
    colour = RichColor.from_rgb(*better)
    change = Style(bgcolor=colour) if style.reverse else Style(color=colour)
    return style + change + Style(dim=False)


def rgb(colour: RichColor, terminal: TerminalTheme, *, foreground: bool) -> tuple[int, int, int]:
    if colour.is_default:
        return tuple(terminal.foreground_color if foreground  # type: ignore[return-value]
                     else terminal.background_color)
    return tuple(colour.get_truecolor(terminal, foreground=foreground))  # type: ignore[return-value]


class MinimumContrast(LineFilter):
    """The contrast floor, applied to every line the app draws (see the module).
    ``terminal`` gives the terminal's palette as the app estimates it now."""

    def __init__(self, terminal: Callable[[], TerminalTheme]) -> None:
        super().__init__()
        self.terminal = terminal
        self._cache: dict[tuple[Style, Any, bool, int], Style] = {}

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        # An ANSI background is the terminal's own colour: ``terminal`` knows it.
        back = background.rgb if background.a and background.ansi is None else None
        terminal = self.terminal()
        cache = self._cache
        if len(cache) > 8192:
            cache.clear()
        out = []
        for segment in segments:
            text, style, control = segment
            if style is None or control:
                out.append(segment)
                continue
            key = (style, back, False, id(terminal))
            fixed = cache.get(key)
            if fixed is None:
                fixed = cache[key] = fixed_style(style, back, False, terminal)
            if fixed is not style and (not text.strip() or is_graphic(text)):
                # most styles pass as they are; only those that do not ask what the text is
                key = (style, back, True, id(terminal))
                fixed = cache.get(key)
                if fixed is None:
                    fixed = cache[key] = fixed_style(style, back, True, terminal)
            # most segments pass as they are: the same (immutable) segment, not a copy
            out.append(segment if fixed is style else Segment(text, fixed, control))
        return out


if TYPE_CHECKING:  # a mixin of App: checked as one, while at run time it adds no base
    from textual.app import App

    _App = App[Any]
else:
    _App = object


class ContrastFloor(_App):
    """App mixin: ``MinimumContrast`` after Textual's own filters (NO_COLOR, ANSI)."""

    def get_line_filters(self) -> list[LineFilter]:
        floor = self.__dict__.get("_contrast_floor")
        if floor is None:
            floor = self.__dict__["_contrast_floor"] = MinimumContrast(self._terminal_palette)
        return [*super().get_line_filters(), floor]

    def _terminal_palette(self) -> TerminalTheme:
        """``ansi_theme``, asked for at every line drawn: Textual looks the current theme
        up each time (a merge of every theme's table), more than half the floor's cost
        (issue 15). Kept until the app's CSS is invalidated, as a change of theme or of
        the ANSI palettes does at once."""
        count = self._css_update_count
        kept: tuple[int, TerminalTheme] | None = self.__dict__.get("_kept_palette")
        if kept is None or kept[0] != count:
            kept = self.__dict__["_kept_palette"] = (count, self.ansi_theme)
        return kept[1]
