"""TextRows wraps a text as a Static does (issue 15: it redraws only the rows that change)."""

from __future__ import annotations

from textual.content import Content

from maharaja_server.text_rows import TextRows


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
