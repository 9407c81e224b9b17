"""Below the smallest usable terminal, one clear screen says which size the app needs.

Every screen is laid out for ``MIN_SIZE`` and up; smaller, tracks would be dropped,
names cut and villages merged. ``MinimumSize`` (an app mixin) covers the app with a
``TooSmallScreen`` while the terminal is smaller, keeps it on top of any screen pushed
meanwhile (a computer's move may bring a scoring screen), and takes it away as soon as
the terminal is large enough again; nothing underneath changes or is lost.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import ComposeResult
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Static

from maharaja_tui.screens.closing import Closing

MIN_SIZE = Size(80, 24)  # issue 13 item 11: every screen is fully usable at 80×24


def too_small_text(size: Size) -> str:
    return (f"This terminal is {size.width}×{size.height}; the game needs at least "
            f"{MIN_SIZE.width}×{MIN_SIZE.height}.\nEnlarge the window (or make the font "
            "smaller) and the game comes back as it was.\nctrl+q quits.")


class TooSmallScreen(Closing, Screen[None]):
    DEFAULT_CSS = """
    TooSmallScreen { align: center middle; }
    TooSmallScreen #too-small { width: auto; max-width: 100%; height: auto;
                                text-align: center; text-style: bold; }
    """

    def compose(self) -> ComposeResult:
        yield Static(too_small_text(self.app.size), id="too-small", markup=False)

    def on_resize(self, event: events.Resize) -> None:
        self.query_one("#too-small", Static).update(too_small_text(event.size))


def is_too_small(size: Size) -> bool:
    return size.width < MIN_SIZE.width or size.height < MIN_SIZE.height


if TYPE_CHECKING:  # a mixin of App: checked as one, while at run time it adds no base
    from textual.app import App

    _App = App[Any]
else:
    _App = object


class MinimumSize(_App):
    """App mixin: the ``TooSmallScreen`` over everything while the terminal is too small."""

    def on_resize(self, event: events.Resize) -> None:
        self.check_size(event.size)  # self.size is still the old one here

    def check_size(self, size: Size) -> None:
        covered = isinstance(self.screen, TooSmallScreen)
        if is_too_small(size) and not covered:
            super().push_screen(TooSmallScreen())
        elif covered and not is_too_small(size):
            super().pop_screen()

    def push_screen(self, screen: Any, *args: Any, **kwargs: Any) -> Any:
        """A screen pushed while the terminal is too small goes under the cover."""
        if isinstance(screen, TooSmallScreen):
            return super().push_screen(screen, *args, **kwargs)
        if isinstance(self.screen_stack[-1] if self.screen_stack else None,
                      TooSmallScreen):
            super().pop_screen()
        result = super().push_screen(screen, *args, **kwargs)
        if is_too_small(self.size):
            super().push_screen(TooSmallScreen())
        return result

    def _covering(self) -> bool:
        """The cover is up over a screen of the app's (not over the bare default one)."""
        return isinstance(self.screen, TooSmallScreen) and is_too_small(self.size) \
            and len(self.screen_stack) > 2

    def under_cover(self) -> Screen[Any]:
        """The screen on top: the one under the cover while it is up."""
        if self._covering():
            return self.screen_stack[-2]
        return self.screen

    def pop_screen(self) -> Any:
        """A screen closed while covered is the one under the cover."""
        if self._covering():
            super().pop_screen()
            result = super().pop_screen()
            super().push_screen(TooSmallScreen())
            return result
        return super().pop_screen()

    def switch_screen(self, screen: Any) -> Any:
        """A screen replaced while covered is the one under the cover (a waiting room
        becomes its game): the cover stays on top."""
        if self._covering():
            super().pop_screen()
            result = super().switch_screen(screen)
            super().push_screen(TooSmallScreen())
            return result
        return super().switch_screen(screen)
