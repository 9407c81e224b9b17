"""The app's minimum size: below it, the ``TooSmallScreen`` covers every screen.

Every screen is laid out for ``MIN_SIZE`` and up; smaller, tracks would be dropped,
names cut and villages merged. ``MinimumSize`` (an app mixin) covers the app with a
``TooSmallScreen`` while the terminal is smaller, keeps it on top of any screen pushed
meanwhile (a computer's move may bring a scoring screen), and takes it away as soon as
the terminal is large enough again; nothing underneath changes or is lost.

The cover (a Textual screen: ~2.5M instructions to define its class) is imported the
first time it is needed, not at every launch; until then no screen is it.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any

from maharaja_tui.size_floor import MIN_SIZE, is_too_small

if TYPE_CHECKING:  # a mixin of App: checked as one, while at run time it adds no base
    from textual import events
    from textual.app import App
    from textual.geometry import Size
    from textual.screen import Screen

    _App = App[Any]
else:
    _App = object

__all__ = ["MIN_SIZE", "MinimumSize", "is_too_small"]
_COVER_MODULE = "maharaja_tui.screens.too_small"


def _cover() -> Screen[None]:
    from maharaja_tui.screens.too_small import TooSmallScreen

    return TooSmallScreen()


def _is_cover(screen: object) -> bool:
    """``screen`` is the cover; never before the cover's module is imported."""
    module = sys.modules.get(_COVER_MODULE)
    return module is not None and isinstance(screen, module.TooSmallScreen)


class MinimumSize(_App):
    """App mixin: the ``TooSmallScreen`` over everything while the terminal is too small."""

    def on_resize(self, event: events.Resize) -> None:
        self.check_size(event.size)  # self.size is still the old one here

    def check_size(self, size: Size) -> None:
        covered = _is_cover(self.screen)
        if is_too_small(size) and not covered:
            super().push_screen(_cover())
        elif covered and not is_too_small(size):
            super().pop_screen()

    def push_screen(self, screen: Any, *args: Any, **kwargs: Any) -> Any:
        """A screen pushed while the terminal is too small goes under the cover."""
        if _is_cover(screen):
            return super().push_screen(screen, *args, **kwargs)
        if self.screen_stack and _is_cover(self.screen_stack[-1]):
            super().pop_screen()
        result = super().push_screen(screen, *args, **kwargs)
        if is_too_small(self.size):
            super().push_screen(_cover())
        return result

    def _covering(self) -> bool:
        """The cover is up over a screen of the app's (not over the bare default one)."""
        return _is_cover(self.screen) and is_too_small(self.size) \
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
            super().push_screen(_cover())
            return result
        return super().pop_screen()

    def switch_screen(self, screen: Any) -> Any:
        """A screen replaced while covered is the one under the cover (a waiting room
        becomes its game): the cover stays on top."""
        if self._covering():
            super().pop_screen()
            result = super().switch_screen(screen)
            super().push_screen(_cover())
            return result
        return super().switch_screen(screen)
