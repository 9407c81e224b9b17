"""A contrast floor for every cell on screen, in every theme and under NO_COLOR.

The players' colours are fixed (a game's spec declares them), the themes are Textual's
and NO_COLOR turns everything grey: some pairs meet badly (yellow on a light theme,
a character number grey on grey). ``MinimumContrast`` is a line filter, the last one,
so it sees the colours the terminal will get: text whose foreground is too close to
its background is moved toward white or black (keeping its hue as far as it can)
until it meets the floor, as terminals' own "minimum contrast" settings do. Faint
(dim) text is drawn as an explicit blended colour first, so its contrast is known.

What counts is what the terminal shows (``shown_colours``): a colour goes out in the
terminal's colour system (a 256-colour terminal gets the nearest of its palette: a
grey that met the floor as #7d7d7d was shown as 243, #767676, 4.1:1 on 233), bold text
in one of the 8 basic colours is shown in its bright variant (xterm's "bold is bright"),
and a faint colour blended toward the background. The floor picks a colour that still
meets it once shown so.

The floors are WCAG 2's: 4.5:1 for text (1.4.3, level AA), 3:1 for graphics (1.4.11):
the map's roads, box and block characters.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from rich.color import Color as RichColor
from rich.color import ColorSystem, ColorType
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
# third less of the launch's first frame (~5M instructions).
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


Quantize = Callable[[tuple[int, int, int]], tuple[int, int, int]]


def _same(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    return colour


def readable(fg: tuple[int, int, int], bg: tuple[int, int, int],
             floor: float, shown: Quantize = _same) -> tuple[int, int, int]:
    """``fg``, or the nearest colour toward white or black that meets ``floor`` on ``bg``
    as the terminal shows it (``shown``: the colour it draws for one it is sent; a
    256-colour terminal's nearest is not always the same colour again, so the colour
    returned is the one to send)."""
    if contrast(shown(fg), bg) >= floor:
        return fg
    dark_bg = luminance(bg) < 0.18
    for target in ((255, 255, 255), (0, 0, 0)) if dark_bg else ((0, 0, 0), (255, 255, 255)):
        if contrast(shown(target), bg) < floor:
            continue
        low, high = 0.0, 1.0  # the least move that meets the floor
        for _ in range(12):
            mid = (low + high) / 2
            if contrast(shown(blend(fg, target, mid)), bg) >= floor:
                high = mid
            else:
                low = mid
        return blend(fg, target, high)
    return (255, 255, 255) if dark_bg else (0, 0, 0)  # the best there is


SYSTEMS = {"standard": ColorSystem.STANDARD, "256": ColorSystem.EIGHT_BIT,
           "truecolor": ColorSystem.TRUECOLOR, "windows": ColorSystem.WINDOWS}


def terminal_rgb(colour: RichColor, terminal: TerminalTheme, system: ColorSystem | None, *,
                 foreground: bool, bold: bool = False) -> tuple[int, int, int]:
    """What the terminal shows for ``colour``: in its colour system, a bold foreground
    of the 8 basic colours in its bright variant, read from its palette."""
    if colour.is_default:
        return tuple(terminal.foreground_color if foreground  # type: ignore[return-value]
                     else terminal.background_color)
    if system is not None and system != ColorSystem.TRUECOLOR:
        colour = colour.downgrade(system)
    if foreground and bold and colour.type == ColorType.STANDARD and (colour.number or 0) < 8:
        colour = RichColor.from_ansi((colour.number or 0) + 8)
    return tuple(colour.get_truecolor(terminal, foreground=foreground))  # type: ignore[return-value]


def shown_colours(style: Style, background: tuple[int, int, int] | None,
                  terminal: TerminalTheme, system: ColorSystem | None
                  ) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """The foreground and background a cell of ``style`` shows (``background``: the
    widget's own when the style has none; None, the terminal's): reverse swaps them,
    bold and the colour system as ``terminal_rgb``, faint blended toward the background."""
    fg, bg = style.color, style.bgcolor
    if bg is None and background is not None:
        bg = RichColor.from_rgb(*background)  # the widget's, in the terminal's colours too
    # bold brightens the foreground colour, which reverse then draws as the background
    front: tuple[int, int, int] = (
        terminal_rgb(fg, terminal, system, foreground=True, bold=bool(style.bold))
        if fg is not None else tuple(terminal.foreground_color))  # type: ignore[assignment]
    back: tuple[int, int, int] = (
        terminal_rgb(bg, terminal, system, foreground=False) if bg is not None
        else tuple(terminal.background_color))  # type: ignore[assignment]
    if style.reverse:
        front, back = back, front
    if style.dim:
        front = blend(back, front, DIM_FACTOR)
    return front, back


def is_graphic(text: str) -> bool:
    """Box drawing, blocks and geometric shapes only (roads, rules, scrollbars)."""
    return all(ch == " " or "\u2500" <= ch <= "\u25ff" for ch in text)


def fixed_style(style: Style, background: tuple[int, int, int] | None, graphic: bool,
                terminal: TerminalTheme, system: ColorSystem | None = None) -> Style:
    """``style`` with its shown foreground meeting the floor on its shown background
    (``shown_colours``). The terminal's own colours (default and the 16 ANSI ones) are
    read from ``terminal``, the app's estimate of the terminal's palette (what its ANSI
    themes draw with); ``system``: the terminal's colour system (None: true colour)."""
    front, back = shown_colours(style, background, terminal, system)
    floor = GRAPHICS_FLOOR if graphic else TEXT_FLOOR
    if not style.dim and contrast(front, back) >= floor:
        return style
    # The colour to send, from the style's own (the terminal's nearest of a colour it
    # shows is not always that colour again): faint blended as the terminal would.
    own = style.bgcolor if style.reverse else style.color
    sent: tuple[int, int, int]
    if own is not None:
        sent = terminal_rgb(own, terminal, None, foreground=not style.reverse)
    else:
        sent = tuple(terminal.background_color if style.reverse  # type: ignore[assignment]
                     else terminal.foreground_color)
    if style.dim:
        sent = blend(back, sent, DIM_FACTOR)
    bold = bool(style.bold) and not style.reverse  # a reversed cell's front is no text colour

    def drawn(colour: tuple[int, int, int]) -> tuple[int, int, int]:
        return terminal_rgb(RichColor.from_rgb(*colour), terminal, system, foreground=True,
                            bold=bold)

    better = readable(sent, back, floor, drawn)
    colour = RichColor.from_rgb(*better)
    change = Style(bgcolor=colour) if style.reverse else Style(color=colour)
    return style + change + Style(dim=False)


def rgb(colour: RichColor, terminal: TerminalTheme, *, foreground: bool) -> tuple[int, int, int]:
    return terminal_rgb(colour, terminal, None, foreground=foreground)


# Each style's floor as drawn on a background, for a palette (the terminal theme object
# itself, Textual's own: every app of the process shares them) and colour system. Kept
# for the whole process, not one app: a server's sessions draw the same game screens
# with the same styles, and each session's first frame worked them all out again.
# ``SAME``: the style passes as it is (each app's styles are objects of their own, equal
# to another's: the app's own is given back, not the first app's).
FIXED: dict[tuple[Style, tuple[int, int, int] | None, bool, TerminalTheme,
                  ColorSystem | None], Style] = {}
SAME = Style()


def floored(style: Style, back: tuple[int, int, int] | None, graphic: bool,
            terminal: TerminalTheme, system: ColorSystem | None) -> Style:
    """``fixed_style``, remembered in ``FIXED``: ``style`` itself when it passes."""
    key = (style, back, graphic, terminal, system)
    fixed = FIXED.get(key)
    if fixed is None:
        if len(FIXED) > 8192:
            FIXED.clear()
        fixed = fixed_style(style, back, graphic, terminal, system)
        FIXED[key] = SAME if fixed is style else fixed
        return fixed
    return style if fixed is SAME else fixed


class MinimumContrast(LineFilter):
    """The contrast floor, applied to every line the app draws (see the module).
    ``terminal`` gives the terminal's palette as the app estimates it now."""

    def __init__(self, terminal: Callable[[], TerminalTheme],
                 system: Callable[[], ColorSystem | None] = lambda: None) -> None:
        super().__init__()
        self.terminal = terminal
        self.system = system

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        # An ANSI background is the terminal's own colour: ``terminal`` knows it.
        back = background.rgb if background.a and background.ansi is None else None
        terminal = self.terminal()
        system = self.system()
        out = []
        for segment in segments:
            text, style, control = segment
            if style is None or control:
                out.append(segment)
                continue
            fixed = floored(style, back, False, terminal, system)
            if fixed is not style and (not text.strip() or is_graphic(text)):
                # most styles pass as they are; only those that do not ask what the text is
                fixed = floored(style, back, True, terminal, system)
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
            floor = self.__dict__["_contrast_floor"] = MinimumContrast(
                self._terminal_palette, self._colour_system)
        return [*super().get_line_filters(), floor]

    def _colour_system(self) -> ColorSystem | None:
        """The terminal's colour system (None: true colour, or not known yet)."""
        return SYSTEMS.get(self.console.color_system or "")

    def _terminal_palette(self) -> TerminalTheme:
        """``ansi_theme``, asked for at every line drawn: Textual looks the current theme
        up each time (a merge of every theme's table), more than half the floor's cost
        (the launch figure). Kept until the app's CSS is invalidated, as a change of theme or of
        the ANSI palettes does at once."""
        count = self._css_update_count
        kept: tuple[int, TerminalTheme] | None = self.__dict__.get("_kept_palette")
        if kept is None or kept[0] != count:
            kept = self.__dict__["_kept_palette"] = (count, self.ansi_theme)
        return kept[1]
