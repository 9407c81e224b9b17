"""The new-table form's tick boxes and lists: Enter in any field of the form creates the
table (its heading says so). A tick box's Enter ticked it, a list's opened it; Space
still ticks a box and opens a list (so do Up and Down), and Enter in a list that is open
picks from it."""

from __future__ import annotations

from typing import Any

from textual.binding import Binding
from textual.widgets import Select

from maharaja_tui.widgets.tick_box import TickBox

CREATE = Binding("enter", "screen.create", "Create the table", show=False)


class FormTickBox(TickBox):
    """A tick box of the new-table form: Space ticks it, Enter creates the table."""

    BINDINGS = [CREATE]


class FormSelect(Select[Any]):
    """A list of the new-table form: Space, Up or Down open it, Enter creates the table."""

    BINDINGS = [CREATE]
