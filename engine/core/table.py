"""A table: a game hosted for the people and programs sitting at it.

The UI, the bots and the SSH server talk to a table, never to a Game directly: a
``LocalTable`` holds the Game in-process; the SSH server offers the same methods
over a socket. Listeners are told after every change so every screen can refresh.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.core import record
from engine.core.describe import Description
from engine.core.game import Game

Listener = Callable[[], None]


class LocalTable:
    def __init__(self, game: Game, autosave: Path | None = None) -> None:
        self.game = game
        self.autosave = autosave
        # Why the last autosave failed (a read-only or full disk), None once it works:
        # the game goes on in memory and the UI says autosave is off.
        self.autosave_problem: str | None = None
        self._listeners: list[Listener] = []

    @property
    def ruleset(self) -> Any:
        return self.game.ruleset

    @property
    def seats(self) -> list[Any]:
        return self.game.seats

    def subscribe(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def unsubscribe(self, listener: Listener) -> None:
        """Forget a listener (a closed screen), so the table does not keep it alive."""
        if listener in self._listeners:
            self._listeners.remove(listener)

    def to_move(self) -> tuple[int, ...]:
        return self.game.to_move()

    def view(self, seat: int | None) -> Any:
        return self.game.view(seat)

    def legal_intents(self, seat: int) -> list[Any]:
        return self.game.legal_intents(seat)

    def log(self, seat: int | None) -> list[Description]:
        return self.game.descriptions(seat)

    def play(self, seat: int, intent: Any) -> list[Any]:
        events = self.game.play(seat, intent)
        self._changed()
        return events

    def undo(self) -> None:
        self.game.undo()
        self._changed()

    def redo(self) -> None:
        self.game.redo()
        self._changed()

    def save_autosave(self) -> None:
        """Write the autosave; a failure never loses the move played (every change tries
        again)."""
        if self.autosave is None:
            return
        try:
            record.save(self.game, self.autosave)
        except OSError as exc:
            self.autosave_problem = f"{self.autosave.parent}: {exc.strerror or exc}"
        else:
            self.autosave_problem = None

    def _changed(self) -> None:
        self.save_autosave()
        for listener in list(self._listeners):
            listener()
