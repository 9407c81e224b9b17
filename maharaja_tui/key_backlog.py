"""App mixin: a key held down (or a cat on the keyboard) never queues more work than
the app does in a moment.

Textual hands every key it reads on at once, however far behind the app is. A key that
plays a move takes tens of milliseconds, a terminal repeats a held key thirty times a
second, and 3,000 Enters read at once kept the app busy for half a minute with ctrl+q
waiting behind them. Here a key that repeats the one read before it is dropped once the
app is behind: read more than ``LAG`` seconds ago when its turn comes (at the app, or
back at the app before its bindings run), or read while ``IN_FLIGHT`` keys are still on
their way to the screens. The app then works through at most ``LAG`` of a flood and is
idle again; a held arrow stops where it is let go instead of running on.

Only repeats are dropped: keys typed ahead (``m`` then ``1``, a name over a slow SSH
link) differ from one another, and reach the widget they were meant for
(``keys_follow_focus``) however long the app takes. A key bound with priority by the
app (ctrl+q) is never dropped: it quits however busy the app is.
"""

from __future__ import annotations

import sys
import time
import weakref
from functools import cached_property
from typing import Any, NamedTuple

from textual import events

from maharaja_tui.keys_follow_focus import KeysFollowFocus

LAG = 0.4  # seconds a repeated key may wait for its turn before it is dropped
IN_FLIGHT = 32  # repeated keys handed on and not yet done with
# The clock Textual stamps every message with (``Message.time``): monotonic, and
# perf_counter on Windows, where the monotonic clock ticks every 15 ms.
clock = time.perf_counter if sys.platform == "win32" else time.monotonic


class Flight(NamedTuple):
    handed_at: float  # when the app handed it on (its own clock)
    repeat: bool  # the same key as the one read before it


class KeyBacklog(KeysFollowFocus):
    """``KeysFollowFocus`` that drops a flood's repeats once the app falls behind."""

    keys_dropped = 0  # repeats dropped so far (for the settle measurements)
    _last_key: str | None = None  # the key read before this one
    _priority_keys: frozenset[str] | None = None

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and not event.is_forwarded and self.screen_stack:
            repeat = event.key == self._last_key
            self._last_key = event.key
            if repeat and (self._late(event) or self._crowded()) \
                    and not self._has_priority(event.key):
                self.keys_dropped += 1
                return  # handed to nobody
            self._in_flight[event] = Flight(time.monotonic(), repeat)
        await super().on_event(event)

    def on_key(self, event: events.Key) -> None:
        """A key back at the app, before its bindings run (an action may play a move).
        Textual calls every class's ``on_key`` in turn: KeysFollowFocus's comes next."""
        flight = self._in_flight.get(event)
        if flight is not None and flight.repeat and self._late(event):
            self.keys_dropped += 1
            event.prevent_default()  # no binding, and not handed on again

    def handing_on(self, key: events.Key, copy: events.Key) -> None:
        # A key handed on again to a new focus (keys_follow_focus) is still in flight.
        flight = self._in_flight.get(key)
        self._in_flight[copy] = Flight(time.monotonic(), flight is not None and flight.repeat)

    def _late(self, event: events.Key) -> bool:
        return clock() - event.time > LAG

    def _crowded(self) -> bool:
        now = time.monotonic()
        return sum(1 for f in self._in_flight.values()
                   if f.repeat and now - f.handed_at < LAG) >= IN_FLIGHT

    def _has_priority(self, key: str) -> bool:
        """``key`` is one of the app's own priority bindings (ctrl+q), which Textual looks
        up before any screen's, a modal dialog's included. Read from the bottom screen,
        whose bindings are the app's (a dialog's ``active_bindings`` stop at the dialog),
        once per keymap."""
        keys = self._priority_keys
        if keys is None:
            bottom = self.screen_stack[0]
            keys = self._priority_keys = frozenset(
                k for k, active in bottom.active_bindings.items()
                if active.binding.priority and active.node is self)
        return key in keys

    def set_keymap(self, keymap: Any) -> None:
        super().set_keymap(keymap)
        self._priority_keys = None

    @cached_property
    def _in_flight(self) -> weakref.WeakKeyDictionary[events.Key, Flight]:
        """Each key handed on and still alive. A key is freed once every handler is
        done with it; one kept alive longer stops counting after ``LAG``."""
        return weakref.WeakKeyDictionary()
