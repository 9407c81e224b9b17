"""TextRows wraps a text as a Static does (it redraws only the rows that change)."""

from __future__ import annotations

from typing import Any

import pytest
from textual.content import Content

from maharaja_server.session_ui.text_rows import TextRows


def test_rows_wrap_as_content_wraps_them() -> None:
    """A line that fits is taken as it is (a shortcut past Content's wrap, the most
    frequent case at every move); the rows are those Content's wrap gives, whatever
    the line: spaces at either end, tabs, wide characters, words longer than a row."""
    lines = ["", "abc", "abc  ", "  abc", "a\tb", "x" * 12, "x" * 13, "é字字字字字字",
             "字" * 7, "seat 1 planned ?", "two words " * 4, '[["ruby1234","?"],["?"]]' * 3]
    panel = TextRows()
    panel._set_width(12)
    for line in lines:
        assert panel._wrap(line) == ([row.plain for row in Content(line).wrap(12)] or [""]), line
    assert panel._wrap("\n".join(lines)) == [row for line in lines for row in panel._wrap(line)]


def test_a_framed_row_is_the_row_textual_draws(monkeypatch: pytest.MonkeyPatch) -> None:
    """A new text's row is no longer drawn by Textual's styles cache but framed
    as a row it drew before (TextRows._framed). Every row shown, cell by cell and style
    by style, is the one the styles cache draws: with the app's line filters (the
    contrast floor), bordered and padded or bare, wide characters and blank rows, in a
    dark and a light theme."""
    import asyncio

    from textual.app import App, ComposeResult
    from textual.geometry import Region
    from textual.widget import Widget

    from maharaja_tui.contrast import ContrastFloor

    framed: list[str] = []
    real_framed = TextRows._framed

    def count(self: TextRows, text: str, *args: Any) -> Any:
        framed.append(text)
        return real_framed(self, text, *args)

    monkeypatch.setattr(TextRows, "_framed", count)

    class Panels(ContrastFloor, App[None]):
        CSS = """#boxed { height: 9; border: round $secondary; padding: 0 1;
                          background: $primary-background; }
                 #bare { height: 5; }"""

        def compose(self) -> ComposeResult:
            yield TextRows(id="boxed")
            yield TextRows(id="bare")

    async def run() -> int:
        app = Panels()
        compared = 0
        async with app.run_test(size=(60, 20)) as pilot:
            for theme in ("textual-dark", "textual-light"):
                app.theme = theme
                for n in range(12):
                    for panel in app.query(TextRows):
                        panel.show("\n".join(
                            f"seat {k % 4} planned é字{k} " + "x" * (k * 7 % 61) if k % 5
                            else "" for k in range(n, n + 6)))
                    await pilot.pause()
                    for panel in app.query(TextRows):
                        region = Region(0, 0, *panel.region.size)
                        ours = panel.render_lines(region)
                        panel.refresh()  # Textual's own rows drawn afresh below
                        textual = Widget.render_lines(panel, region)
                        assert [list(s) for s in ours] == [list(s) for s in textual], n
                        compared += len(ours)
        return compared

    assert asyncio.run(run()) > 100
    assert len(framed) > 30  # most new rows were framed, not drawn by the styles cache


def test_a_row_and_its_blank_are_one_segment() -> None:
    """A row's text and the blank after it were two segments of one style, so
    every row drawn sent its colour code twice (~23 bytes a row, to every client at the
    table). One segment now, as wide as the panel, for any text that fits."""
    import asyncio

    from textual.app import App, ComposeResult

    class Panel(App[None]):
        CSS = "TextRows { width: 20; }"

        def compose(self) -> ComposeResult:
            yield TextRows()

    async def run() -> None:
        async with Panel().run_test(size=(40, 10)) as pilot:
            panel = pilot.app.query_one(TextRows)
            assert panel.content_size.width == 20
            for row in ("abc", "", "x" * 20, "é字字 wide"):
                strip = panel.render_line_of(row)
                assert len(list(strip)) == 1, (row, list(strip))
                assert strip.cell_length == 20
                assert strip.text.rstrip() == row.rstrip()

    asyncio.run(run())
