"""A session screen's compositor (maharaja_server/session_ui/partial_update.py), read on the
terminal: after every update the terminal shows what a full repaint of that moment
shows, however the update got there (scrolled rows, rows written again, a toast over
the log, a resize, two moves before a frame)."""

from __future__ import annotations

import asyncio
import random
import re
from typing import Any

from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from terminal import recording, run, screen_of
from test_table_screen import SIZE, _Host, fill_the_log, long_table, play, settle
from textual.app import App, ComposeResult
from textual.pilot import Pilot
from textual.screen import ModalScreen, Screen
from textual.strip import Strip
from textual.widgets import Static

from maharaja_server.session_ui import partial_update
from maharaja_server.session_ui.partial_update import SCROLLING, OnlyWhatShows
from maharaja_server.session_ui.text_rows import TextRows
from maharaja_tui.compat import ChopsUpdate, compositor_of

SCROLL = re.compile(r"\x1b\[\d+;\d+r")


def test_the_terminal_is_what_a_full_repaint_draws_after_every_update() -> None:
    """Frame after frame, the terminal fed the updates shows what a full repaint of the
    same moment draws: moves one at a time and two before a frame, a toast over the log
    (no scroll then), a resize; and the log scrolled on the terminal most moves."""
    table = long_table()
    writes: list[str] = []
    compared: list[tuple[list[str], list[str]]] = []
    scrolls: list[int] = []

    async def moves(pilot: Pilot[Any]) -> None:
        app, size = pilot.app, SIZE
        await fill_the_log(pilot, table)
        for move in range(30):
            before = len(writes)
            for _ in range(2 if move % 5 == 4 else 1):  # two moves before a frame
                play(table)
            if move == 10:
                app.notify("a toast over the log", timeout=600)
            if move == 14:
                app.clear_notifications()
            if move == 20:
                size = (100, 30)
                await pilot.resize_terminal(*size)
            await settle(pilot)
            scrolls.append(sum(len(SCROLL.findall(w)) for w in writes[before:]))
            shown = screen_of(writes, size)
            repaint_from = len(writes)
            app.screen.refresh()  # every line written again, from nothing
            await settle(pilot)
            compared.append((shown, screen_of(writes[repaint_from:], size)))

    asyncio.run(run(_Host(table, writes), SIZE, moves))
    assert len(compared) == 30
    for shown, repainted in compared:
        assert shown == repainted
    assert sum(1 for n in scrolls if n) >= 20, scrolls


def test_every_screen_of_a_session_composes_with_it() -> None:
    """A session's lobby, a dialog over it and a table's screen each render only what
    shows: the session app gives every screen this compositor."""
    from fake_ruleset import RULESET

    from maharaja_server.session_ui.lobby import SessionApp
    from maharaja_server.session_ui.zygote import _Rehearsal

    app = SessionApp(_Rehearsal({"fake": RULESET}), {"fake": RULESET})  # type: ignore[arg-type]
    kinds: list[bool] = []

    async def screens(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        kinds.append(isinstance(compositor_of(app.screen), OnlyWhatShows))
        await pilot.press("n")  # the new table dialog
        await settle(pilot)
        kinds.append(isinstance(compositor_of(app.screen), OnlyWhatShows))

    asyncio.run(run(app, (80, 24), screens))
    assert kinds == [True, True]


def test_an_update_is_written_as_textual_writes_it() -> None:
    """Every update is written byte for byte as Textual's ChopsUpdate writes it: chops
    met by a span from their start, cut at its end, skipped, or entered midway (the
    cursor moves written as text, not through Rich's ``Control.move_to``)."""
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
        assert ours.render_segments(console) == theirs


def test_the_spans_of_dirty_regions_join_as_textuals_do() -> None:
    from textual.geometry import Region

    regions = [Region(0, 0, 5, 2), Region(3, 1, 4, 1), Region(10, 1, 2, 3), Region(7, 1, 1, 1)]
    assert partial_update.line_spans(regions) == [
        (0, 0, 5), (1, 0, 8), (1, 10, 12), (2, 10, 12), (3, 10, 12)]


def test_a_scroll_pending_on_a_screen_left_is_dropped() -> None:
    """A log whose rows moved up just before its screen was left (a table left at once)
    holds a scroll no update takes: the next screen's updates drop it and draw as they
    would (a removed panel has no screen to ask about)."""

    class Logged(Screen[None]):
        def compose(self) -> ComposeResult:
            yield TextRows(id="log", scrolls=True)

    class Host(App[None]):
        CSS = "#log { height: 6; border: round $accent; }"

        def on_mount(self) -> None:
            screen = Logged()
            OnlyWhatShows.install(screen)
            self.push_screen(screen)

    async def script(pilot: Pilot[Any]) -> None:
        app = pilot.app
        log = app.screen.query_one(TextRows)
        log.show("\n".join(f"line {n}" for n in range(4)))
        await pilot.pause()
        log.show("\n".join(f"line {n}" for n in range(1, 5)))
        assert log.scroll_rows == 1 and log in SCROLLING
        after = Screen[None]()
        OnlyWhatShows.install(after)
        await app.switch_screen(after)  # removed before any update took it
        await pilot.pause()
        app.screen.refresh()
        await pilot.pause()
        assert log not in SCROLLING and log.scroll_rows == 0

    asyncio.run(run(Host(driver_class=recording([])), (40, 12), script))


def test_a_dialog_over_the_log_stops_its_scroll() -> None:
    """Something shown over the log (a dialog) must not be scrolled with it: the log's
    rows are written again instead, and the terminal stays right."""

    class Dialog(ModalScreen[None]):
        DEFAULT_CSS = "Dialog { align: center bottom; } Dialog Static { width: 30; height: 3; }"

        def compose(self) -> ComposeResult:
            yield Static("a dialog over the log")

    table = long_table()
    writes: list[str] = []
    compared: list[tuple[list[str], list[str]]] = []

    async def moves(pilot: Pilot[Any]) -> None:
        app = pilot.app
        await fill_the_log(pilot, table)
        await app.push_screen(Dialog())
        for _ in range(3):
            play(table)
            await settle(pilot)
            shown = screen_of(writes, SIZE)
            repaint_from = len(writes)
            app.screen.refresh()
            await settle(pilot)
            compared.append((shown, screen_of(writes[repaint_from:], SIZE)))

    asyncio.run(run(_Host(table, writes), SIZE, moves))
    for shown, repainted in compared:
        assert shown == repainted
