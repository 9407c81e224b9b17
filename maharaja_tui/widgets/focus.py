"""Moving the focus at once, so the next key typed goes where the player expects.

Textual's ``Widget.focus()`` moves the focus later: it queues a callback on the app
behind the keys already read. A terminal (or an SSH link) delivers keys typed together
in one read, so ``m1`` gave the palace grid the focus but sent the ``1`` to the action
list. Our keys are all bindings, and Textual looks a binding up from the focused widget
when the key reaches the app (after the key before it): with the focus set at once,
the ``1`` finds the grid's binding.
"""

from __future__ import annotations

from textual.binding import Binding
from textual.widget import Widget

# A form's Tab and shift+Tab, looked up as the key is read (priority): the focus moves
# before the keys read with it are handed on. Textual's own are looked up once the key
# comes back from the text field that had the focus, and by then the keys after it had
# gone there too: "3", Tab, "2" typed together (an SSH read, a quick typist) made 32
# players and no computer. Only for screens where no widget reads Tab itself (the
# boards' Tab moves their cursor to the next target).
FORM_KEYS = [Binding("tab", "app.focus_next", show=False, priority=True, id="form.next"),
             Binding("shift+tab", "app.focus_previous", show=False, priority=True,
                     id="form.previous")]


def focus_now(widget: Widget) -> None:
    """Give ``widget`` the focus of its screen now, not a message later."""
    widget.screen.set_focus(widget)
