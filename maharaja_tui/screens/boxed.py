"""A dialog's box on a screen of its own, over the screen that asks: the local app's
dialogs. A session's game screen draws the same box inside itself instead
(``widgets/dialog_box.py``), so each dialog's body is written once, as a ``DialogBox``."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen

from maharaja_tui.screens.closing import Closing, while_open
from maharaja_tui.widgets.dialog_box import DialogBox
from maharaja_tui.widgets.segments import RoleStyles


class BoxScreen(Closing, RoleStyles, ModalScreen[Any]):
    """``box`` as the screen's body: the screen answers what the box answers, and paints
    its roles (dimmed over the screen under it, as dialog screens always were). Its
    Escape goes back too: a key that comes before the box has the focus."""

    BINDINGS = [Binding("escape", "cancel", "Back", id="dialog.cancel")]

    def __init__(self, box: DialogBox) -> None:
        super().__init__()
        self.box = box
        box.then = self._answered
        box.painter = self

    def compose(self) -> ComposeResult:
        yield self.box

    @while_open
    def _answered(self, answer: Any) -> None:
        self.dismiss(answer)

    def action_cancel(self) -> None:
        self.dismiss(None)
