"""App mixin: a key typed right after one that moved the focus reaches the new focus.

Textual hands each key, as it reads it, to the widget focused at that moment. Keys
typed together (a burst, a paste, a slow SSH link) are all read before the first is
handled, so all of them go to the widget that had the focus before. A key bound to an
action finds it anyway: Textual looks bindings up when the key comes back to the app,
from the focus of that moment, and our focus moves are immediate (widgets/focus.py).
A widget that reads keys itself (a text field) gets only the keys handed to it: the
others came back to the app unused, from a widget that has lost the focus, and were
lost. Such a key is handed on to the widget focused now, once (the copy is an
ordinary key from then on, bindings included).
"""

from __future__ import annotations

import weakref
from functools import cached_property
from typing import TYPE_CHECKING

from textual import events
from textual.widget import Widget

from maharaja_tui.compat import hand_on

if TYPE_CHECKING:
    from textual.app import App

    _App = App[None]
else:
    _App = object


class KeysFollowFocus(_App):
    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and not event.is_forwarded and self.screen_stack:
            # Where Textual hands it (the screen itself when nothing has the focus).
            self._handed_to[event] = self.focused or self.screen
        await super().on_event(event)

    def on_key(self, event: events.Key) -> None:
        """A key back at the app, before its bindings are looked up."""
        first = self._handed_to.pop(event, None)
        focused = self.focused
        if first is None or focused is None or focused is first:
            return  # handed to the focus it has now: Textual's own way
        event.prevent_default()  # no bindings for this one: its copy gets them
        # As Textual hands a key on (marked forwarded: the app takes it as read already).
        copy = events.Key(event.key, event.character)
        copy.time = event.time  # read then, not now (a cover lifts only for keys typed after it)
        self.handing_on(event, copy)
        hand_on(focused, copy)

    def handing_on(self, key: events.Key, copy: events.Key) -> None:
        """``copy`` of ``key`` is about to be handed to the focus (key_backlog counts it
        as a key in flight)."""

    @cached_property
    def _handed_to(self) -> weakref.WeakKeyDictionary[events.Key, Widget]:
        """Each key read and not yet back at the app -> the widget it was handed to."""
        return weakref.WeakKeyDictionary()
