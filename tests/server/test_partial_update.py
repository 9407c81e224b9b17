"""The session worker's partial screen update (maharaja_server/partial_update.py): what
it writes is what Textual's own writes, and it renders only what shows (issue 15)."""

from __future__ import annotations

import asyncio
import re
from typing import Any

from fake_ruleset import LONG
from test_table_screen import _Host, fill_the_log
from textual._compositor import ChopsUpdate, Compositor
from textual.widget import Widget

from engine.core.game import Game
from engine.core.ruleset import HUMAN, Seat
from engine.core.table import LocalTable
from maharaja_server import partial_update

Cells = dict[tuple[int, int], tuple[str, Any]]


def cells(update: ChopsUpdate | None) -> Cells:
    """The terminal cells an update writes, as ``render_segments`` writes them (a chop
    meeting a span from its own start, cut at the span's end)."""
    written: Cells = {}
    if update is None:
        return written
    for y, x1, x2 in update.spans:
        for end, (x, strip) in zip(update.chop_ends[y], update.chops[y].items(),
                                   strict=False):
            if strip is None or x > x2 or end <= x1:
                continue
            column = x
            for segment in strip.crop(0, min(end, x2) - x):
                for char in segment.text:  # the test game draws one cell a character
                    written[(y, column)] = (char, segment.style)
                    column += 1
    return written


def test_the_update_writes_what_textual_writes_and_renders_only_what_shows(
        monkeypatch: Any) -> None:
    """Issue 15: Textual rendered every widget overlapping the bounding box of a frame's
    dirty regions over all its lines in it; a move dirties the status line at the top
    and the log at the bottom, so every widget of the table screen was rendered at
    every move (the screen and the containers behind the panels too, though nothing of
    them shows). The cells written are Textual's own, frame by frame."""
    textual_update = Compositor.render_partial_update
    frames: list[tuple[Cells, Cells]] = []
    rendered: list[Widget] = []
    real_render_lines = Widget.render_lines

    def render_lines(self: Widget, crop: Any) -> Any:
        rendered.append(self)
        return real_render_lines(self, crop)

    def both(self: Compositor) -> ChopsUpdate | None:
        dirty = set(self._dirty_regions)
        rendered.clear()
        ours = partial_update.render_partial_update(self)
        ours_rendered = list(rendered)
        self._dirty_regions.update(dirty)
        theirs = textual_update(self)
        frames.append((cells(ours), cells(theirs)))
        behind.append([w for w in ours_rendered if w in containers])
        return ours

    behind: list[list[Widget]] = []
    containers: list[Widget] = []
    table = LocalTable(Game(LONG, [Seat(f"p{i}", HUMAN) for i in range(4)], None, 7))

    async def run() -> None:
        app = _Host(table)
        async with app.run_test(size=(110, 34)) as pilot:
            screen = app.screen
            await fill_the_log(pilot, table)
            containers.extend([screen, screen.query_one("#main")])
            monkeypatch.setattr(Compositor, "render_partial_update", both)
            monkeypatch.setattr(Widget, "render_lines", render_lines)
            for _ in range(16):
                seat = next((s for s in table.to_move() if s != 0), table.to_move()[0])
                table.play(seat, table.legal_intents(seat)[0])
                await pilot.pause()
                await pilot.pause()

    asyncio.run(run())
    assert len(frames) >= 16
    for ours, theirs in frames:
        assert ours and ours == theirs
    # The screen and the row of panels are covered where the moves draw.
    assert behind == [[]] * len(frames)


def test_the_session_worker_installs_it() -> None:
    """Installed once, before the worker forks its sessions (zygote.main)."""
    import inspect

    from maharaja_server import zygote

    assert "render_only_what_shows()" in inspect.getsource(zygote.main)
    before = Compositor.render_partial_update, Compositor.render_full_update
    try:
        partial_update.render_only_what_shows()
        partial_update.render_only_what_shows()
        assert Compositor.render_partial_update is partial_update.render_partial_update
        assert Compositor.render_full_update is partial_update.render_full_update
    finally:
        Compositor.render_partial_update, Compositor.render_full_update = before  # type: ignore[method-assign]


def test_an_update_is_written_as_textual_writes_it(monkeypatch: Any) -> None:
    """Issue 15: the update's cursor moves are written as text, not through Rich's
    ``Control.move_to`` (an object and a segment for each chop written); every update
    is written byte for byte as Textual's ChopsUpdate writes it: chops met by a span
    from their start, cut at its end, skipped, or entered midway."""
    import random

    from rich.console import Console
    from rich.control import Control
    from rich.segment import Segment
    from rich.style import Style
    from textual.strip import Strip

    moves: list[Any] = []
    real_move_to = Control.move_to.__func__  # type: ignore[attr-defined]
    monkeypatch.setattr(Control, "move_to", classmethod(
        lambda cls, x, y: moves.append((x, y)) or real_move_to(cls, x, y)))
    console = Console(force_terminal=True, color_system="truecolor", width=40)
    rng = random.Random(15)
    styles = [Style(color="red"), Style(bgcolor="blue", bold=True), Style()]
    for _ in range(300):
        width, height = 40, rng.randint(1, 6)
        chops: list[dict[int, Strip | None]] = []
        chop_ends: list[list[int]] = []
        spans: list[tuple[int, int, int]] = []
        for y in range(height):
            cuts = sorted({0, width, *rng.sample(range(1, width), rng.randint(0, 4))})
            line: dict[int, Strip | None] = {}
            for x, end in zip(cuts, cuts[1:], strict=False):
                pieces = []
                left = end - x
                while left:
                    size = rng.randint(1, left)
                    pieces.append(Segment("abcdefgh"[y] * size, rng.choice(styles)))
                    left -= size
                line[x] = None if rng.random() < 0.2 else Strip(pieces, end - x)
            chops.append(line)
            chop_ends.append(cuts[1:])
            if rng.random() < 0.7:
                x1 = rng.randrange(width)
                spans.append((y, x1, rng.randint(x1 + 1, width)))
        if not spans:
            continue
        ours = partial_update.Chops(chops, spans, chop_ends)
        theirs = ChopsUpdate(chops, spans, chop_ends).render_segments(console)
        moves.clear()
        assert ours.render_segments(console) == theirs
        assert not moves


class Terminal:
    """A VT100's cells as an update leaves them: cursor moves, a scroll region and line
    feeds at its bottom (which scroll it), SGR kept per cell as written."""

    SEQUENCE = re.compile(r"\x1b\[([0-9;?]*)([A-Za-z])|\x1b\][^\x1b\x07]*(?:\x07|\x1b\\)|(\n)|(.)",
                          re.S)

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.cells = [[(" ", "")] * width for _ in range(height)]
        self.top, self.bottom = 0, height - 1
        self.y = self.x = 0

    def write(self, data: str) -> None:
        sgr = ""
        for m in self.SEQUENCE.finditer(data):
            params, final, feed, char = m.groups()
            if char is not None:
                if self.x < self.width:
                    self.cells[self.y][self.x] = (char, sgr)
                self.x += 1
            elif feed:
                if self.y == self.bottom:
                    del self.cells[self.top]
                    self.cells.insert(self.bottom, [(" ", "")] * self.width)
                else:
                    self.y = min(self.y + 1, self.height - 1)
            elif final == "H":
                row, col = (int(n) for n in (params or "1;1").split(";"))
                self.y, self.x = row - 1, col - 1
            elif final == "r":
                top, bottom = (int(n) for n in (params or f"1;{self.height}").split(";"))
                self.top, self.bottom, self.y, self.x = top - 1, bottom - 1, 0, 0
            elif final == "m":
                sgr = "" if params in ("", "0") else f"{sgr};{params}"


def test_a_scrolled_log_leaves_the_terminal_as_textual_draws_it(monkeypatch: Any) -> None:
    """Issue 15: the log's dozen rows were written to every session again at every move
    (its rows move up one), more than half of what a session sent. The terminal now
    scrolls them (a scroll region) and only the new row is written. Frame after frame,
    the terminal fed our updates shows what Textual's full update draws, cell by cell
    and style by style: moves one at a time and two before a frame, a toast over the
    log (no scroll then), a resize (a full update), and the log scrolled most moves."""
    textual_full = partial_update._full_update
    monkeypatch.setattr(Compositor, "render_partial_update", partial_update.render_partial_update)
    monkeypatch.setattr(Compositor, "render_full_update", partial_update.render_full_update)
    table = LocalTable(Game(LONG, [Seat(f"p{i}", HUMAN) for i in range(4)], None, 7))
    seen: dict[str, Any] = {"scrolls": 0, "log_rows": [], "frames": 0}

    async def run() -> None:
        app = _Host(table)
        async with app.run_test(size=(110, 34)) as pilot:
            screen = app.screen
            await fill_the_log(pilot, table)
            terminal = Terminal(110, 34)
            real_render_update = Compositor.render_update

            def render_update(self: Compositor, *args: Any, **kwargs: Any) -> Any:
                update = real_render_update(self, *args, **kwargs)
                if update is None or self.root is not screen:
                    return update
                if terminal.width != self.size.width or terminal.height != self.size.height:
                    terminal.__init__(self.size.width, self.size.height)
                written = update.render_segments(app.console)
                terminal.write(written)
                whole = Terminal(self.size.width, self.size.height)
                whole.write(textual_full(self).render_segments(app.console))
                assert terminal.cells == whole.cells
                seen["frames"] += 1
                if isinstance(update, partial_update.Chops):
                    seen["scrolls"] += len(update.scrolls)
                    log = screen.query_one("#log").region
                    seen["log_rows"].append(len({y for y, _, _ in update.spans
                                                 if log.y < y < log.bottom - 1}))
                return update

            monkeypatch.setattr(Compositor, "render_update", render_update)
            screen.refresh()  # a full update first: the terminal starts from it
            await pilot.pause()
            for move in range(30):
                for _ in range(2 if move % 5 == 4 else 1):  # two moves before a frame
                    seat = next((s for s in table.to_move() if s != 0), table.to_move()[0])
                    table.play(seat, table.legal_intents(seat)[0])
                if move == 10:
                    app.notify("a toast over the log", timeout=0.3)
                if move == 20:
                    await pilot.resize_terminal(100, 30)
                await pilot.pause()
                await pilot.pause()

    asyncio.run(run())
    assert seen["frames"] >= 30
    assert seen["scrolls"] >= 20
    # Most moves write one row of the log's twelve (a new line), none more than two.
    rows = sorted(seen["log_rows"])
    assert rows[len(rows) // 2] <= 1, rows


def test_a_scroll_pending_on_a_screen_left_is_dropped(monkeypatch: Any) -> None:
    """A log whose rows moved up just before its screen was left (a table left at once)
    holds a scroll no update takes: the next screen's updates drop it and draw as they
    would (a removed panel has no screen to ask about)."""
    from textual.app import App, ComposeResult
    from textual.screen import Screen

    from maharaja_server.text_rows import SCROLLING, TextRows

    monkeypatch.setattr(Compositor, "render_partial_update", partial_update.render_partial_update)
    monkeypatch.setattr(Compositor, "render_full_update", partial_update.render_full_update)

    class Logged(Screen[None]):
        def compose(self) -> ComposeResult:
            yield TextRows(id="log", scrolls=True)

    class Host(App[None]):
        CSS = "#log { height: 6; border: round $accent; }"

        def on_mount(self) -> None:
            self.push_screen(Logged())

    async def run() -> None:
        app = Host()
        async with app.run_test(size=(40, 12)) as pilot:
            log = app.screen.query_one(TextRows)
            log.show("\n".join(f"line {n}" for n in range(4)))
            await pilot.pause()
            log.show("\n".join(f"line {n}" for n in range(1, 5)))
            assert log.scroll_rows == 1 and log in SCROLLING
            await app.switch_screen(Screen())  # removed before any update took it
            await pilot.pause()
            app.screen.refresh()
            await pilot.pause()
            assert log not in SCROLLING and log.scroll_rows == 0

    asyncio.run(run())
