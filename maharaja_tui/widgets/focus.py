"""Moving the focus at once, so the next key typed goes where the player expects.

Textual's ``Widget.focus()`` moves the focus later: it queues a callback on the app
behind the keys already read. A terminal (or an SSH link) delivers keys typed together
in one read, so ``m1`` gave the palace grid the focus but sent the ``1`` to the action
list. Our keys are all bindings, and Textual looks a binding up from the focused widget
when the key reaches the app (after the key before it): with the focus set at once,
the ``1`` finds the grid's binding.
"""

from __future__ import annotations

from textual.widget import Widget


def focus_now(widget: Widget) -> None:
    """Give ``widget`` the focus of its screen now, not a message later."""
    widget.screen.set_focus(widget)
