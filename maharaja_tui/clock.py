"""The app's clock for a table's computer players: the event loop's timers and a thread
worker."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from textual.app import App


class AppClock:
    """``engine.core.table.Clock`` on a Textual app: callbacks run on the app's thread."""

    def __init__(self, app: App[Any]) -> None:
        self.app = app

    def later(self, delay: float, fn: Callable[[], None]) -> None:
        # The event loop's own timer, not a Textual Timer (set_timer): on a loaded machine
        # one of those now and then never fired (47 set, 46 fired in a stalled game), and
        # a computer's move that is never thought of stops the game for good.
        app = self.app

        def run() -> None:
            try:
                fn()
            except Exception as error:  # as a Textual timer's callback would: the app's
                app._handle_exception(error)

        asyncio.get_running_loop().call_later(max(delay, 0.0), run)

    def off_thread(self, work: Callable[[], Any], then: Callable[[Any], None]) -> None:
        app = self.app

        def run() -> None:
            result = work()
            try:
                app.call_from_thread(then, result)
            except RuntimeError:  # the app closed while a computer thought
                pass

        if not app.is_running:  # closed: its event loop may be ending (no thread to start)
            return
        app.run_worker(run, thread=True, group="computer")
