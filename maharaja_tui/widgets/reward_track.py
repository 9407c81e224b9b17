"""The reward track: tiles bottom first, the window a scoring player chooses from marked."""

from __future__ import annotations

from dataclasses import dataclass, field

from textual.reactive import reactive

from maharaja_tui.widgets.segments import Segment, Segments
from maharaja_tui.widgets.tracks import SegmentWidget


@dataclass(frozen=True)
class RewardTrackData:
    tiles: tuple[int | None, ...] = ()
    window: int = 0  # how many positions, from the bottom, may be chosen
    texts: dict[int, str] = field(default_factory=dict)  # tile -> its effect
    maharanis_left: int = 0
    tokens_left: int = 0


class RewardTrack(SegmentWidget):
    data: reactive[RewardTrackData] = reactive(RewardTrackData, layout=True)

    def rows(self, width: int) -> list[Segments]:
        data = self.data
        line: list[Segment] = [("Rewards ", "dim"), ("[", "strong")]
        for pos, tile in enumerate(data.tiles):
            if pos == data.window:
                line.append(("] ", "strong"))
            role = "reward" if pos < data.window else "dim"
            line.append(("·" if tile is None else str(tile), role))
            if pos + 1 != data.window:
                line.append((" ", ""))
        line += [("  ♕", "reward"), (str(data.maharanis_left), ""), (" Maharani", "dim"),
                 ("  ◆", "dim"), (str(data.tokens_left), ""), (" tokens", "dim")]
        rows: list[Segments] = [tuple(line)]
        window = [t for t in data.tiles[: data.window] if t is not None]
        for tile in window:  # the narrow layout's max-height shows the first line only
            rows.append(((f" {tile} ", "reward"), (data.texts.get(tile, ""), "")))
        return rows
