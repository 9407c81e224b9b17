"""The lesson panel: a guided game's step in words (what to do and why), the keys it asks
for, and where the guide and the rules explain it. It draws plain data and knows no
game and no lesson file. The game screen shows it the whole width over the choices;
a dialog the step opens shows it on top (``lesson-note``)."""

from __future__ import annotations

import msgspec
from textual.reactive import reactive

from maharaja_tui.widgets.segments import Segments
from maharaja_tui.widgets.tracks import SegmentWidget


class LessonData(msgspec.Struct, frozen=True):
    title: str  # "Step 3/14"
    keys: str = ""  # the keys the step asks for, in words, beside the title
    texts: tuple[str, ...] = ()  # paragraphs, wrapped to the width
    said: Segments = ()  # a line about the last decision tried (not the step's)
    footer: str = ""  # where the guide explains it (the panel's top border)


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
    data: reactive[LessonData | None] = reactive(None, repaint=False)

    def text_rows(self) -> list[str]:
        """The rows it draws at its width now, as plain text (what must be read whole)."""
        return ["".join(text for text, _ in row) for row in self.rows(self.content_size.width)]

    def on_mount(self) -> None:
        self._cite()

    def watch_data(self) -> None:
        self._cite()
        super().watch_data()  # a new height lays the screen out again

    def _cite(self) -> None:
        """Where the guide and the rules explain the step, on the panel's border: a row
        it has anyway (at 80x24 the panel has three more to spare, for its words); a
        note over a dialog has its border under it."""
        data = self.data
        footer = data.footer if data is not None and data.footer else None
        if self.has_class("lesson-note"):
            self.border_subtitle = footer
        else:
            self.border_title = footer

    def rows(self, width: int) -> list[Segments]:
        """The title and the keys, the words after them, then the last try."""
        d = self.data
        if d is None:
            return []
        width = max(width, 10)
        head: Segments = ((d.title, "strong"),)
        if d.keys:
            head += (("  keys ", "dim"), (d.keys, "strong"))
        texts = [((text, ""),) for text in d.texts]
        if self.has_class("lesson-note") or not texts:  # a dialog's top: the words below
            rows = wrapped(head, width)
        else:  # the words right after the title: a row saved for them
            rows = wrapped(head + ((" —", "dim"),) + texts[0], width)
            texts = texts[1:]
        for text in texts:
            rows += wrapped(text, width)
        if d.said:
            rows += wrapped(d.said, width)
        return rows
