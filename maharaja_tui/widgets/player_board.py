"""A player's board: name, characters, plan, and the rows of figures its game gives it."""

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
    badges: tuple[int, ...] = ()  # the characters held, by number
    planned: bool | None = None  # None outside planning
    plan: str = ""  # the owner's own committed plan, or a revealed one
    active: bool = False  # it is this seat's turn or decision
    you: bool = False
    computer: bool = False
    wide_rows: tuple[Segments, ...] = ()  # the game's figures (money, pieces), spelt out
    narrow_rows: tuple[Segments, ...] = ()  # the same, abbreviated for a narrow column


class PlayerBoard(SegmentWidget):
    data: reactive[BoardData | None] = reactive(None)

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
        if d.badges:
            numbers = ",".join(str(b) for b in d.badges)
            word = "  character " if len(d.badges) == 1 else "  characters "
            head += [(word if wide else " #", "dim"), (numbers, "piece")]
        if d.planned is not None:
            done = ("✓ planned", "… planning") if wide else ("✓plan", "…")
            head.append(("  " + done[0] if d.planned else "  " + done[1], "dim"))
        rows: list[Segments] = [tuple(head), *(d.wide_rows if wide else d.narrow_rows)]
        if d.plan:
            rows.append((("  plan: ", "dim"), (d.plan, "action")))
        return rows
