"""A player's board: the seat's letter and name, then what its game shows of it (the
game's words after the name, its figures in rows under it), as plain data."""

from __future__ import annotations

import msgspec
from textual.reactive import reactive

from maharaja_tui.widgets.segments import Segment, Segments
from maharaja_tui.widgets.tracks import SegmentWidget

WIDE = 40  # from this width the board spells its words out


class BoardData(msgspec.Struct, frozen=True):
    seat: int
    letter: str  # R, Y, G, B...: colour is never the only cue
    name: str
    active: bool = False  # it is this seat's turn or decision
    you: bool = False
    computer: bool = False
    # The game's own words after the name (its characters, whether its plan is made),
    # spelt out from WIDE columns, else abbreviated for a narrow column
    wide_marks: Segments = ()
    narrow_marks: Segments = ()
    wide_rows: tuple[Segments, ...] = ()  # the game's figures (money, pieces), spelt out
    narrow_rows: tuple[Segments, ...] = ()  # the same, abbreviated for a narrow column


class PlayerBoard(SegmentWidget):
    keeps_height = True  # a plan row, a character's line come and go at every round
    data: reactive[BoardData | None] = reactive(None, repaint=False)

    def rows(self, width: int) -> list[Segments]:
        d = self.data
        if d is None:
            return []
        who = f"seat:{d.seat}"
        wide = width >= WIDE
        head: list[Segment] = [("▶" if d.active else " ", "strong"), (d.letter, f"{who}+strong"),
                               (" ", ""), (d.name[:14 if wide else 10], who)]
        if d.you:
            head.append((" (you)", "dim"))
        elif d.computer:
            head.append((" (cpu)", "dim"))
        head += d.wide_marks if wide else d.narrow_marks
        return [tuple(head), *(d.wide_rows if wide else d.narrow_rows)]
