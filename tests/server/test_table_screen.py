"""The plain table screen (rulesets without a game screen; the SSH load test's screen)."""

from __future__ import annotations

import asyncio
from typing import Any

from fake_ruleset import RULESET
from textual.app import App
from textual.widgets import Static

from engine.core.game import Game
from engine.core.ruleset import HUMAN, Seat
from engine.core.table import LocalTable
from maharaja_server.screens import LOG_ROWS, TableScreen, describe_intent
from maharaja_server.text_rows import TextRows


class _Host(App):
    def __init__(self, table: LocalTable) -> None:
        super().__init__()
        self.table = table

    def on_mount(self) -> None:
        self.push_screen(TableScreen(self.table, 0))


async def fill_the_log(pilot: Any, table: LocalTable) -> None:
    """Play until the log has filled its height (the first moves grow it)."""
    for _ in range(LOG_ROWS + 2):
        seat = table.to_move()[0]
        table.play(seat, table.legal_intents(seat)[0])
        await pilot.pause()


def test_a_players_own_move_redraws_each_panel_once(monkeypatch: Any) -> None:
    """Issue 15: the mover's screen was redrawn after its play and again by the change
    notice with the same texts (each redraw renders the screen around the panel);
    a panel whose text is unchanged is left alone, and the move still shows."""
    table = LocalTable(Game(RULESET, [Seat("ann", HUMAN), Seat("bob", HUMAN)], None, 3))
    updates: list[str | None] = []
    real_update, real_show = Static.update, TextRows.show

    def update(self: Static, *args: Any, **kwargs: Any) -> None:
        updates.append(self.id)
        real_update(self, *args, **kwargs)

    def show(self: TextRows, text: str) -> None:
        if text != self.text:  # an unchanged text is left alone (no refresh)
            updates.append(self.id)
        real_show(self, text)

    async def run() -> str:
        app = _Host(table)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            monkeypatch.setattr(Static, "update", update)
            monkeypatch.setattr(TextRows, "show", show)
            version = table.version
            await pilot.press("enter")  # seat 0 plays its first choice
            await pilot.pause()
            assert table.version > version
            return app.screen.query_one("#status", TextRows).text

    status = asyncio.run(run())
    assert f"step {table.version}" in status
    for panel in ("status", "view", "log"):
        assert updates.count(panel) <= 1, updates


def test_another_players_move_lays_out_only_when_a_panel_changes_height(monkeypatch: Any) -> None:
    """Issue 15: every other player's move asked for a layout pass (each text panel was
    updated with layout=True, and the view's height followed its text row by row), which
    reflows the whole screen and renders every widget, often twice. The log asks for one
    only when its rows change, the view changes height in steps (TableScreen._fit_view);
    the panels still hold their whole text."""
    from fake_ruleset import LONG
    from textual.screen import Screen

    table = LocalTable(Game(LONG, [Seat(f"p{i}", HUMAN) for i in range(4)], None, 7))
    layouts: list[int] = []
    real_layout = Screen._refresh_layout

    def refresh_layout(self: Screen, *args: Any, **kwargs: Any) -> None:
        layouts.append(1)
        real_layout(self, *args, **kwargs)

    async def run() -> int:
        app = _Host(table)
        moves = 0
        async with app.run_test(size=(110, 34)) as pilot:
            await pilot.pause()
            await fill_the_log(pilot, table)
            monkeypatch.setattr(Screen, "_refresh_layout", refresh_layout)
            screen = app.screen
            view, log = screen.query_one("#view", TextRows), screen.query_one("#log", TextRows)
            while moves < 24:
                seat = next((s for s in table.to_move() if s != 0), None)
                if seat is None:  # seat 0's own plan: play it as a move of its own
                    seat = 0
                table.play(seat, table.legal_intents(seat)[0])
                moves += 1
                await pilot.pause()
                await pilot.pause()
                # Every panel still has the rows its text needs at its width: the log
                # exactly (up to its cap), the view at least.
                for panel in (view, log):
                    rows = panel.get_content_height(panel.container_size, screen.size,
                                                    panel.content_size.width)
                    if panel is view:
                        assert panel.content_size.height >= rows
                    else:
                        assert panel.content_size.height == min(rows, LOG_ROWS)
                assert f"step {table.version}" in screen.query_one("#status", TextRows).text
        return moves

    moves = asyncio.run(run())
    # Most moves change words, not rows: far fewer layout passes than moves (one or
    # more per move before).
    assert len(layouts) <= moves // 2, (len(layouts), moves)


def test_another_players_move_repaints_only_the_rows_it_changes(monkeypatch: Any) -> None:
    """Issue 15: a Static given a new text repainted (and wrote to the terminal) every
    row of its panel, so each move redrew the whole view and log of every session at
    the table. The view and the log now repaint only the rows whose text changed."""
    from fake_ruleset import LONG
    from textual._compositor import Compositor
    from textual.geometry import Region

    table = LocalTable(Game(LONG, [Seat(f"p{i}", HUMAN) for i in range(4)], None, 7))
    dirty: list[Region] = []
    real_partial = Compositor.render_partial_update

    def render_partial_update(self: Compositor) -> Any:
        dirty.extend(self._dirty_regions)
        return real_partial(self)

    async def run() -> list[tuple[str, set[int], set[int]]]:
        app = _Host(table)
        moves: list[tuple[str, set[int], set[int]]] = []
        async with app.run_test(size=(110, 34)) as pilot:
            screen = app.screen
            await fill_the_log(pilot, table)
            monkeypatch.setattr(Compositor, "render_partial_update", render_partial_update)
            panels = {name: screen.query_one(name).region for name in ("#view-box", "#log")}
            before = [s.text for s in screen._compositor.render_strips()]
            while len(moves) < 12:
                seat = next((s for s in table.to_move() if s != 0), table.to_move()[0])
                table.play(seat, table.legal_intents(seat)[0])
                dirty.clear()
                await pilot.pause()
                await pilot.pause()
                after = [s.text for s in screen._compositor.render_strips()]
                for name, box in panels.items():
                    repainted = {y for region in dirty if (part := region.intersection(box))
                                 for y in part.line_range}
                    changed = {y for y in box.line_range
                               if before[y][box.x:box.right] != after[y][box.x:box.right]}
                    moves.append((name, repainted, changed))
                before = after
        return moves

    moves = asyncio.run(run())
    assert any(changed for _, _, changed in moves)
    for name, repainted, changed in moves:
        assert repainted == changed, (name, sorted(repainted), sorted(changed))


def test_an_idle_table_screen_draws_nothing(monkeypatch: Any) -> None:
    """Issue 15: 128 sessions on 2 cores leave no room for a session that redraws while
    nothing happens (a timer, a blinking cursor, a clock): waiting for the others to
    move, the screen renders no update at all."""
    from fake_ruleset import LONG
    from textual._compositor import Compositor

    table = LocalTable(Game(LONG, [Seat(f"p{i}", HUMAN) for i in range(4)], None, 7))
    updates: list[int] = []
    real_update = Compositor.render_update

    def render_update(self: Compositor, *args: Any, **kwargs: Any) -> Any:
        updates.append(1)
        return real_update(self, *args, **kwargs)

    async def run() -> None:
        app = _Host(table)
        async with app.run_test(size=(110, 34)) as pilot:
            seat = next(s for s in table.to_move() if s != 0)
            table.play(seat, table.legal_intents(seat)[0])
            await pilot.pause()
            await pilot.pause(0.3)  # anything the move set going has run
            monkeypatch.setattr(Compositor, "render_update", render_update)
            await pilot.pause(1.5)

    asyncio.run(run())
    assert updates == []


def test_a_row_that_moves_is_not_drawn_again(monkeypatch: Any) -> None:
    """Issue 15: the log scrolls a row at every move and a view line that wraps into one
    row more or less shifts the rows under it; each moved row went through Textual's
    styles cache again (border, padding, background, line filters). A row is drawn once
    for its text and reused wherever it moves, and a new text's row is framed as the
    rows drawn before it (TextRows._framed), not drawn by the styles cache; what the
    screen shows is what drawing every row afresh shows, titles included."""
    from fake_ruleset import LONG
    from textual._styles_cache import StylesCache

    table = LocalTable(Game(LONG, [Seat(f"p{i}", HUMAN) for i in range(4)], None, 7))
    drawn: list[int] = []
    real_render_line = StylesCache.render_line

    def render_line(self: StylesCache, styles: Any, y: int, *args: Any) -> Any:
        if getattr(args[5], "__self__", None) is log:  # render_content_line's widget
            drawn.append(y)
        return real_render_line(self, styles, y, *args)

    log: TextRows | None = None

    async def run() -> tuple[int, int, int, set[str], list[str], list[str], str]:
        nonlocal log
        app = _Host(table)
        async with app.run_test(size=(110, 34)) as pilot:
            screen = app.screen
            await fill_the_log(pilot, table)
            log = screen.query_one("#log", TextRows)
            monkeypatch.setattr(StylesCache, "render_line", render_line)
            seen = set(log._rows)
            new: set[str] = set()
            moves = 0
            while moves < 12:
                seat = next((s for s in table.to_move() if s != 0), table.to_move()[0])
                table.play(seat, table.legal_intents(seat)[0])
                moves += 1
                await pilot.pause()
                await pilot.pause()
                new |= set(log._rows) - seen
                seen |= set(log._rows)
            shown = [s.text for s in screen._compositor.render_strips()]
            during_moves = len(drawn)
            log.notify_style_update()  # every row afresh: as after a change of theme
            log._styles_cache.clear()
            afresh = [s.text for s in screen._compositor.render_strips()]
            drawn_afresh = len(drawn) - during_moves
            log.border_title = "Log of the table"
            await pilot.pause()
            top = screen._compositor.render_strips()[log.region.y].text
        return moves, during_moves, drawn_afresh, new, shown, afresh, top

    moves, during_moves, drawn_afresh, new, shown, afresh, top = asyncio.run(run())
    assert new  # the log did scroll
    # No row of a move went through the styles cache (each of its 12 rows at every
    # move before, then each new text once); drawing afresh does (the count works).
    assert during_moves == 0, during_moves
    assert drawn_afresh >= LOG_ROWS
    assert shown == afresh
    assert "Log of the table" in top


def test_new_choices_lay_out_nothing_and_repaint_only_their_rows(monkeypatch: Any) -> None:
    """Issue 15: the choices changed twice a round at every seat (its own plan, the next
    deal) and each time the option list asked for a layout of the whole screen, often
    two (its virtual size, then its height). The list now has the height of its column,
    and new choices repaint only the rows that held or hold one; the list shows them."""
    from fake_ruleset import LONG
    from textual._compositor import Compositor
    from textual.screen import Screen

    from maharaja_tui.widgets.choices import Choices

    table = LocalTable(Game(LONG, [Seat(f"p{i}", HUMAN) for i in range(4)], None, 7))
    asked: list[Any] = []
    dirty: list[Region] = []
    real_on_layout = Screen._on_layout
    real_partial = Compositor.render_partial_update

    async def on_layout(self: Screen, message: Any) -> None:
        asked.append(message.widget)
        await real_on_layout(self, message)

    def render_partial_update(self: Compositor) -> Any:
        dirty.extend(self._dirty_regions)
        return real_partial(self)

    from textual.geometry import Region

    async def run() -> tuple[int, set[int], Region, list[str]]:
        app = _Host(table)
        changes = 0
        async with app.run_test(size=(110, 34)) as pilot:
            await fill_the_log(pilot, table)
            screen = app.screen
            choices = screen.query_one("#intents", Choices)
            box = choices.region
            monkeypatch.setattr(Screen, "_on_layout", on_layout)
            monkeypatch.setattr(Compositor, "render_partial_update", render_partial_update)
            for _ in range(12):  # three rounds: seat 0 plans, the others, a new deal
                count = choices.option_count
                seat = table.to_move()[0]
                table.play(seat, table.legal_intents(seat)[0])
                await pilot.pause()
                await pilot.pause()
                changes += choices.option_count != count
            rows = {y for region in dirty if (part := region.intersection(box))
                    for y in part.line_range}
            shown = [s.text[box.x:box.right] for s in screen._compositor.render_strips()]
            shown = shown[box.y:box.bottom]
            return changes, rows, box, shown

    changes, rows, box, shown = asyncio.run(run())
    assert changes >= 4
    assert [w for w in asked if isinstance(w, Choices)] == []
    options = [describe_intent(i) for i in table.legal_intents(0)]
    assert rows and rows <= set(range(box.y + 1, box.y + 1 + max(len(options), 3)))
    assert [line.strip("│ ") for line in shown[1:1 + len(options)]] == options
    assert not any(line.strip("│ ") for line in shown[1 + len(options):-1])


def test_the_log_filling_up_lays_out_nothing(monkeypatch: Any) -> None:
    """Issue 15: the log grew a row at each of a game's first moves, and each time the
    whole screen was laid out again (the panel above it shrank); it has its rows from
    the start. Nothing a move changes asks for a layout, the log shows its lines."""
    from textual.screen import Screen

    table = LocalTable(Game(RULESET, [Seat("ann", HUMAN), Seat("bob", HUMAN)], None, 3))
    asked: list[Any] = []
    real_on_layout = Screen._on_layout

    async def on_layout(self: Screen, message: Any) -> None:
        asked.append(message.widget)
        await real_on_layout(self, message)

    async def run() -> tuple[str, int]:
        app = _Host(table)
        async with app.run_test(size=(110, 34)) as pilot:
            await pilot.pause()
            monkeypatch.setattr(Screen, "_on_layout", on_layout)
            log = app.screen.query_one("#log", TextRows)
            for _ in range(3):  # a few lines (a round logs four)
                seat = table.to_move()[0]
                table.play(seat, table.legal_intents(seat)[0])
                await pilot.pause()
                await pilot.pause()
            return log.text, log.content_size.height

    text, height = asyncio.run(run())
    assert len(text.split("\n")) < LOG_ROWS == height  # not full yet: blank rows under it
    assert asked == []


def test_rows_kept_by_their_text_follow_a_new_width(monkeypatch: Any) -> None:
    """A row is kept by its text (TextRows.render_lines); a narrower window wraps the
    lines into other rows, and the first frame at the new width can come before the
    panel hears of its resize. What the screen shows after a resize, and after moves at
    the new width, is what drawing every row afresh shows."""
    from fake_ruleset import LONG

    table = LocalTable(Game(LONG, [Seat(f"p{i}", HUMAN) for i in range(4)], None, 7))

    def afresh(screen: Any) -> list[str]:
        for panel in screen.query(TextRows):
            panel.notify_style_update()
            panel._styles_cache.clear()
        return [s.text for s in screen._compositor.render_strips()]

    async def run() -> list[tuple[list[str], list[str]]]:
        app = _Host(table)
        frames = []
        async with app.run_test(size=(110, 34)) as pilot:
            for _ in range(40):  # rounds enough for the view's long line to wrap
                seat = table.to_move()[0]
                table.play(seat, table.legal_intents(seat)[0])
                await pilot.pause()
            for width in (84, 97, 110):
                await pilot.resize_terminal(width, 34)
                for _ in range(3):
                    await pilot.pause()
                    shown = [s.text for s in app.screen._compositor.render_strips()]
                    frames.append((shown, afresh(app.screen)))
                    seat = table.to_move()[0]
                    table.play(seat, table.legal_intents(seat)[0])
                    await pilot.pause()
        return frames

    for shown, fresh in asyncio.run(run()):
        assert shown == fresh


def test_a_view_that_grows_all_game_changes_height_a_few_times() -> None:
    """Issue 15: each change of the view's height is a layout pass of the whole screen,
    which repaints every panel of the session; the load test's view grows all game (each
    round's cards are revealed), and in steps of 8 rows it changed height every few
    rounds. It now doubles: over 50 rounds, a couple of changes, and every row still
    has its place."""
    from fake_ruleset import LONG

    from maharaja_server.screens import VIEW_STEP

    table = LocalTable(Game(LONG, [Seat(f"p{i}", HUMAN) for i in range(4)], None, 7))

    async def run() -> tuple[list[int], int]:
        app = _Host(table)
        heights: list[int] = []
        async with app.run_test(size=(110, 34)) as pilot:
            await fill_the_log(pilot, table)
            screen = app.screen
            assert isinstance(screen, TableScreen)
            view = screen.query_one("#view", TextRows)
            first_rows = view.row_count
            for _ in range(200):  # 50 rounds of 4 plans
                seat = table.to_move()[0]
                table.play(seat, table.legal_intents(seat)[0])  # _fit_view runs at once
                assert screen._view_height >= view.row_count
                if not heights or heights[-1] != screen._view_height:
                    heights.append(screen._view_height)
            await pilot.pause()
            assert view.content_size.height >= view.row_count
            return heights, view.row_count - first_rows

    heights, grown = asyncio.run(run())
    assert grown >= 4 * VIEW_STEP, grown  # the view did grow, by several old steps
    assert len(heights) <= 3, heights


def test_a_new_view_height_is_one_layout_pass(monkeypatch: Any) -> None:
    """Issue 15: the layout pass that gave the view its new height gave the view and its
    scrolling box new virtual sizes, and Textual's reactive asked for a whole-screen
    layout again for each (three passes per change, ~20% of a session's CPU in the
    in-process profile, scripts/profile_session.py). Once the box's scrollbar is up, a
    new height is one pass, and the screen is what a full layout draws."""
    from fake_ruleset import LONG
    from textual.screen import Screen

    table = LocalTable(Game(LONG, [Seat(f"p{i}", HUMAN) for i in range(4)], None, 7))
    layouts: list[int] = []
    real_layout = Screen._refresh_layout

    def refresh_layout(self: Screen, *args: Any, **kwargs: Any) -> None:
        layouts.append(self._view_height if isinstance(self, TableScreen) else -1)
        real_layout(self, *args, **kwargs)

    async def run() -> None:
        app = _Host(table)
        async with app.run_test(size=(110, 34)) as pilot:
            await fill_the_log(pilot, table)
            screen = app.screen
            assert isinstance(screen, TableScreen)
            box = screen.query_one("#view-box")
            monkeypatch.setattr(Screen, "_refresh_layout", refresh_layout)
            changes = 0
            while changes < 2:
                height = screen._view_height
                seat = table.to_move()[0]
                table.play(seat, table.legal_intents(seat)[0])
                await pilot.pause()
                await pilot.pause()
                if screen._view_height == height:
                    assert not layouts, layouts  # no new height, no layout
                    continue
                if box.show_vertical_scrollbar and height > box.size.height:
                    changes += 1  # the scrollbar was up before: one pass
                    assert len(layouts) == 1, layouts
                    assert box.vertical_scrollbar.window_virtual_size == screen._view_height
                    shown = [s.text for s in screen._compositor.render_strips()]
                    screen.refresh(layout=True)
                    await pilot.pause()
                    assert [s.text for s in screen._compositor.render_strips()] == shown
                layouts.clear()

    asyncio.run(run())
