"""A text field that takes its keys in the order they were typed.

Textual's ``Input`` writes a printable key as it takes it, but leaves its other keys
(Backspace, Delete, the arrows, Home and End) to its bindings, which the app looks up
once the key has bubbled back up to it. Keys typed together (an SSH read, a quick
typist, a paste of keys) reach the field one after the other, so the printable ones
after such a key were written before it acted: "Backspace 4" in the players field of
a new table left "24" instead of "4", and with a Tab after them, the Backspace acted on
the next field, the focus by then. Here a key the field's own bindings name acts as
the field takes it, in its turn.
"""

from __future__ import annotations

from functools import cache

from textual import events
from textual.binding import Binding
from textual.widgets import Input


class TextField(Input):
    """An ``Input`` whose own bindings act in the order its keys were typed."""

    async def on_key(self, event: events.Key) -> None:
        action = bound_action(self, event.key)
        if action is None:
            return  # a character (Input writes it) or a key for the screen or the app
        event.stop()  # acted on here, in its turn: not again from the app
        event.prevent_default()
        await self.run_action(action)


def bound_action(field: Input, key: str) -> str | None:
    """The action ``field``'s own bindings give ``key``, or None."""
    return _own_bindings(type(field)).get(key)


@cache
def _own_bindings(kind: type[Input]) -> dict[str, str]:
    """Key -> action of a field class's ``BINDINGS`` (a subclass's first), read once a
    class: asked at every key a field takes."""
    actions: dict[str, str] = {}
    for cls in reversed(kind.__mro__):  # a subclass's binding replaces its base's
        for binding in cls.__dict__.get("BINDINGS", ()):
            keys, action = (binding.key, binding.action) if isinstance(binding, Binding) \
                else (binding[0], binding[1])
            for name in keys.split(","):
                actions[name.strip()] = action
    return actions
