"""What a player sees of their waiting decisions: how long each has waited and how
long it has left, and the notices' settings (``s`` in the lobby: the webhook)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label

from engine.core.errors import IllegalIntent
from maharaja_server.transport.protocol import Turn
from maharaja_tui.screens.closing import Closing, while_open
from maharaja_tui.widgets.focus import FORM_KEYS, focus_now
from maharaja_tui.widgets.text_field import TextField


def waited(seconds: float) -> str:
    """A duration as a person says it: ``45 s``, ``12 min``, ``3 h 5 min``, ``2 d 4 h``."""
    seconds = max(0, int(seconds))
    if seconds < 60:
        return f"{seconds} s"
    minutes = seconds // 60
    if minutes < 60:
        return f"{minutes} min"
    hours, minutes = divmod(minutes, 60)
    if hours < 24:
        return f"{hours} h {minutes} min" if minutes else f"{hours} h"
    days, hours = divmod(hours, 24)
    return f"{days} d {hours} h" if hours else f"{days} d"


def clock_text(seconds: float) -> str:
    """A clock's time left: ``4:59`` under an hour, else as ``waited`` says it."""
    seconds = max(0.0, seconds)
    if seconds < 3600:
        whole = int(seconds)
        return f"{whole // 60}:{whole % 60:02d}"
    return waited(seconds)


def turn_text(turn: Turn, now: float) -> str:
    text = f"YOUR MOVE · waited {waited(now - turn.since)}"
    if turn.deadline is not None:
        text += f" · {clock_text(turn.deadline - now)} left"
    return text


class SettingsScreen(Closing, ModalScreen[None]):
    """Where your move's notices go besides your sessions: a webhook address."""

    BINDINGS = [Binding("escape", "dismiss", "Cancel"), *FORM_KEYS]
    DEFAULT_CSS = """
    SettingsScreen { align: center middle; }
    SettingsScreen > Vertical { width: 72; height: auto; border: thick $accent;
                                padding: 1 2; background: $surface; }
    SettingsScreen #hook-error { width: 1fr; height: auto; }
    """

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("Notices of your move")
            yield Label(Text(
                "Wherever you are connected here, a decision of yours coming up rings the "
                "bell and names the table in your terminal's title and the lobby. The "
                "server can also POST a JSON notice (table, game, seat, since, deadline) "
                "to an address of yours, e.g. a chat's incoming webhook. Empty: none. "
                "Enter saves."))
            yield TextField(placeholder="https://…", id="hook")
            yield Label("", id="hook-error")

    @while_open
    def on_mount(self) -> None:
        hook = self.query_one("#hook", Input)
        try:
            hook.value = self.app.conn.settings().webhook  # type: ignore[attr-defined]
        except IllegalIntent as exc:
            self.query_one("#hook-error", Label).update(Text(str(exc)))
        focus_now(hook)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        try:
            saved = self.app.conn.settings(event.value)  # type: ignore[attr-defined]
        except IllegalIntent as exc:
            self.query_one("#hook-error", Label).update(Text(str(exc)))
            return
        self.dismiss()
        self.notify(f"Notices also go to {saved.webhook}" if saved.webhook
                    else "No webhook: notices go to your sessions only")
