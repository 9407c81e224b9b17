"""The app's clock for a table's computer players: Textual timers and a thread worker."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.app import App


class AppClock:
    """``engine.core.table.Clock`` on a Textual app: callbacks run on the app's thread."""

    def __init__(self, app: App[Any]) -> None:
        self.app = app

    def later(self, delay: float, fn: Callable[[], None]) -> None:
        self.app.set_timer(max(delay, 0.001), fn)

    def off_thread(self, work: Callable[[], Any], then: Callable[[Any], None]) -> None:
        app = self.app

        def run() -> None:
            result = work()
            try:
                app.call_from_thread(then, result)
            except RuntimeError:  # the app closed while a computer thought
                pass

        app.run_worker(run, thread=True, group="computer")
