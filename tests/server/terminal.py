"""What a player's terminal shows: an app run on a driver that keeps everything it
writes, read back by a small VT100 (cursor moves, scroll regions, line feeds; colours
and modes are passed over), so a test checks the screen a player sees, not how the
app got there."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any

from rich.cells import get_character_cell_size
from textual.app import App
from textual.drivers.headless_driver import HeadlessDriver
from textual.pilot import Pilot

SEQUENCE = re.compile(r"\x1b\[([0-?]*)[ -/]*([@-~])|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"
                      r"|\x1b[@-Z\\-_=>]|\n|\r|[^\x1b\n\r]")


def recording(into: list[str]) -> type[HeadlessDriver]:
    """A driver that draws as a terminal's does and appends each write to ``into``."""

    class Recording(HeadlessDriver):
        @property
        def is_headless(self) -> bool:
            return False

        def write(self, data: str) -> None:
            into.append(data)

    return Recording


class Terminal:
    """A VT100's screen, fed what an app writes."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.rows = [[" "] * width for _ in range(height)]
        self.x = self.y = 0
        self.top, self.bottom = 0, height - 1

    def feed(self, data: str) -> Terminal:
        for match in SEQUENCE.finditer(data):
            text = match.group(0)
            final = match.group(2)
            if final is not None:
                self._control(match.group(1), final)
            elif text == "\n":
                self._line_feed()
            elif text == "\r":
                self.x = 0
            elif not text.startswith("\x1b"):
                self._put(text)
        return self

    def lines(self) -> list[str]:
        return ["".join(row) for row in self.rows]

    def _control(self, params: str, final: str) -> None:
        if params.startswith("?"):
            return  # a mode (sync updates, the cursor, the mouse): nothing drawn
        numbers = [int(p) if p.isdigit() else 0 for p in params.split(";")] if params else []
        if final in "Hf":
            row, column = (numbers + [1, 1])[:2]
            self.y = min(max(row, 1), self.height) - 1
            self.x = min(max(column, 1), self.width) - 1
        elif final == "r":
            top, bottom = (numbers + [0, 0])[:2]
            self.top = (top or 1) - 1
            self.bottom = (bottom or self.height) - 1
            self.x = self.y = 0
        elif final == "J" and (numbers or [0])[0] == 2:
            self.rows = [[" "] * self.width for _ in range(self.height)]
        elif final == "K":
            self.rows[self.y][self.x:] = [" "] * (self.width - self.x)

    def _line_feed(self) -> None:
        if self.y == self.bottom:
            del self.rows[self.top]
            self.rows.insert(self.bottom, [" "] * self.width)
        elif self.y < self.height - 1:
            self.y += 1

    def _put(self, char: str) -> None:
        width = get_character_cell_size(char)
        if width == 0:
            return
        x = min(self.x, self.width - width)
        self.rows[self.y][x] = char
        if width == 2 and x + 1 < self.width:
            self.rows[self.y][x + 1] = ""
        self.x = x + width


async def run(app: App[Any], size: tuple[int, int],
              script: Callable[[Pilot[Any]], Awaitable[None]]) -> None:
    """Run ``app`` (made with a ``recording`` driver) at ``size`` through ``script``,
    then end it."""

    async def then_exit(pilot: Pilot[Any]) -> None:
        try:
            await script(pilot)
        finally:
            app.exit()

    await app.run_async(size=size, auto_pilot=then_exit)


def screen_of(writes: list[str], size: tuple[int, int]) -> list[str]:
    """The terminal's lines after ``writes``."""
    return Terminal(*size).feed("".join(writes)).lines()
