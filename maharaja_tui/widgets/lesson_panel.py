"""The lesson panel: a guided game's step in words (what to do and why), the keys it asks
for, and where the guide and the rules explain it. It draws plain data and knows no
game and no lesson file."""

from __future__ import annotations

import textwrap

import msgspec
from textual.reactive import reactive

from maharaja_tui.widgets.segments import Segments
from maharaja_tui.widgets.tracks import SegmentWidget


class LessonData(msgspec.Struct, frozen=True):
    title: str  # "Step 3/14"
    keys: str = ""  # the keys the step asks for, in words, beside the title
    texts: tuple[str, ...] = ()  # paragraphs, wrapped to the width
    said: Segments = ()  # a line about the last decision tried (not the step's)
    footer: str = ""  # where the guide explains it: one line, cut to the width


def wrapped(segments: Segments, width: int) -> list[Segments]:
    """Segments of one role each, as lines no wider than ``width`` (words kept whole)."""
    lines: list[Segments] = []
    line: list[tuple[str, str]] = []
    used = 0
    for text, role in segments:
        for word in text.split(" "):
            if not word:
                continue
            gap = 1 if used else 0
            if used and used + gap + len(word) > width:
                lines.append(tuple(line))
                line, used, gap = [], 0, 0
            line.append((" " * gap + word, role))
            used += gap + len(word)
    if line:
        lines.append(tuple(line))
    return lines


class LessonPanel(SegmentWidget):
    DEFAULT_CSS = """
    LessonPanel { height: auto; padding: 0 1; }
    """
    data: reactive[LessonData | None] = reactive(None)

    def rows(self, width: int) -> list[Segments]:
        d = self.data
        if d is None:
            return []
        width = max(width, 10)
        head: Segments = ((d.title, "strong"),)
        if d.keys:
            head += (("  keys ", "dim"), (d.keys, "strong"))
        rows = wrapped(head, width)
        for text in d.texts:
            rows += [((line, ""),) for line in textwrap.wrap(text, width)]
        if d.said:
            rows += wrapped(d.said, width)
        if d.footer:  # the least needed line: cut rather than wrapped
            footer = d.footer if len(d.footer) <= width else d.footer[: width - 1] + "…"
            rows.append(((footer, "dim"),))
        return rows
