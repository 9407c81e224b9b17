"""The join links of a table's free seats, for players who come by browser (web.py)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from engine.core.errors import IllegalIntent
from maharaja_server.session_ui.remote import Disconnected
from maharaja_tui.screens.closing import Closing, while_open


class LinksScreen(Closing, ModalScreen[None]):
    """One new link per free human seat; whoever opens one first sits there."""

    BINDINGS = [Binding("escape", "dismiss", "Close")]
    DEFAULT_CSS = """
    LinksScreen { align: center middle; }
    LinksScreen > Vertical { width: auto; max-width: 100%; height: auto; border: thick $accent;
                             padding: 1 2; background: $surface; }
    LinksScreen #links { width: auto; text-wrap: nowrap; }
    """

    def __init__(self, table: int) -> None:
        super().__init__()
        self.table = table

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(f"Join links of table {self.table} (Escape closes)")
            yield Static(id="links")

    @while_open
    def on_mount(self) -> None:
        try:
            links = self.app.conn.web_links(self.table)  # type: ignore[attr-defined]
        except (IllegalIntent, Disconnected) as exc:
            self.query_one("#links", Static).update(Text(str(exc)))
            return
        if not links:
            text = "Every seat of this table is taken: no link to give."
        else:
            # Short lines: the links keep their length (nowrap, to be copied whole), and
            # the note beside them must fit an 80-column terminal with the frame.
            text = "\n".join(f"seat {link.seat + 1}: {link.url}" for link in links) + (
                "\n\nSend each player their seat's link. The first browser\n"
                "to open a link sits there, and gets the seat back with\n"
                "the same link; no other browser can use it.")
        self.query_one("#links", Static).update(Text(text))
