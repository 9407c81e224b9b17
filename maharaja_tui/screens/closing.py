"""Screens that may close before they have opened.

A key or a table's notice can close a screen while it is still opening: Escape pressed
as a dialog comes up, ctrl+n as a game appears, a game that starts while its waiting
room opens. Textual then takes the screen off the stack and prunes its widgets, but
its mount still runs, and every query there failed (NoMatches: the app crashed). A
worker's, a timer's or a table's callback may likewise come after the screen closed.

Every screen of the app and the server derives from ``Closing`` and its mount is
``@while_open`` (tests/tui/test_closed_before_mount.py holds them to it); so are the
callbacks that may come late. They do nothing once the screen has left the app's screen
stack. ``Closing.dismiss`` closes the screen only while it is the one on top (under the
size cover, when that is up): Textual's pops whichever screen is on top, so a late close
(a notice, a callback) closed another screen.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar

from textual.await_complete import AwaitComplete
from textual.screen import Screen

P = ParamSpec("P")
R = TypeVar("R")
S = TypeVar("S", bound=Screen[Any])


def is_open(screen: Screen[Any]) -> bool:
    """On the app's screen stack (on top or under another): not closed, maybe not yet
    mounted. A closed screen is off the stack at once, attached until it is removed."""
    return screen.is_attached and screen in screen.app.screen_stack


def while_open(method: Callable[Concatenate[S, P], R]) -> Callable[Concatenate[S, P], R | None]:
    """A screen's mount or callback that does nothing (returns None) once the screen
    has closed, perhaps before it was mounted."""

    @functools.wraps(method)  # keeps the signature Textual reads to pass the event or not
    def guarded(screen: S, *args: P.args, **kwargs: P.kwargs) -> R | None:
        if not is_open(screen):
            return None
        return method(screen, *args, **kwargs)

    return guarded  # type: ignore[return-value]  # functools.wraps types it as _Wrapped


if TYPE_CHECKING:  # a mixin of Screen: checked as one, while at run time it adds no base
    _Screen = Screen[Any]
else:
    _Screen = object


class Closing(_Screen):
    """Screen mixin (before ``Screen`` in the bases): closes only itself."""

    def dismiss(self, result: Any = None) -> AwaitComplete:
        if top_screen(self.app) is not self:  # closed already, or another one on top
            return AwaitComplete()
        return super().dismiss(result)


def on_top(screen: Screen[Any]) -> bool:
    """``screen`` is the one on top (under the size cover, when that is up): the one
    a player's key or click was meant for. A key read before a dialog opened over a
    screen may reach that screen afterwards; it must not act there a second time."""
    return screen.is_attached and top_screen(screen.app) is screen


def top_screen(app: Any) -> Screen[Any]:
    """The screen on top: under the size cover while it is up (the app's pop closes
    that one then, minimum_size.MinimumSize)."""
    under_cover = getattr(app, "under_cover", None)
    return under_cover() if under_cover is not None else app.screen  # type: ignore[no-any-return]
