"""A player's board: coins, PP (only its owner sees them), pieces left, tokens, character."""

from __future__ import annotations

from dataclasses import dataclass

from textual.reactive import reactive

from maharaja_tui.widgets.segments import Segment, Segments
from maharaja_tui.widgets.tracks import SegmentWidget

WIDE = 40  # from this width the board spells its words out


@dataclass(frozen=True)
class BoardData:
    seat: int
    letter: str  # R, Y, G or B: colour is never the only cue
    name: str
    coins: int = 0
    pp: int | None = None  # None: secret from the viewer
    shrines: int = 0  # on the board
    supply: int = 0  # still in the general supply
    statues: int = 0
    tokens: int = 0
    character: int = 0
    planned: bool | None = None  # None outside planning
    plan: str = ""  # the owner's own committed plan, or a revealed one
    active: bool = False  # it is this seat's turn or decision
    you: bool = False
    computer: bool = False


class PlayerBoard(SegmentWidget):
    data: reactive[BoardData | None] = reactive(None, layout=True)

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
        if d.character:
            head += [("  character " if wide else " #", "dim"), (str(d.character), "character")]
        if d.planned is not None:
            done = ("✓ planned", "… planning") if wide else ("✓plan", "…")
            head.append(("  " + done[0] if d.planned else "  " + done[1], "dim"))
        pp = "?" if d.pp is None else str(d.pp)
        if wide:
            rows: list[Segments] = [tuple(head), (
                ("  ", ""), (str(d.coins), "coins"), (" coins  ", "dim"), ("PP ", "dim"),
                (pp, "pp" if d.pp is not None else "hidden"), ("  tokens ", "dim"),
                (str(d.tokens), "")), (
                ("  shrines ", "dim"), (str(d.shrines), ""), (f" (+{d.supply} in supply)", "dim"),
                ("  statues ", "dim"), (str(d.statues), ""))]
        else:
            rows = [tuple(head), (
                ("  ", ""), (str(d.coins), "coins"), ("c ", "dim"), ("PP ", "dim"),
                (pp, "pp" if d.pp is not None else "hidden"), ("  sh", "dim"),
                (str(d.shrines), ""), (f"+{d.supply}", "dim"), (" st", "dim"),
                (str(d.statues), ""), (" tk", "dim"), (str(d.tokens), ""))]
        if d.plan:
            rows.append((("  plan: ", "dim"), (d.plan, "action")))
        return rows
