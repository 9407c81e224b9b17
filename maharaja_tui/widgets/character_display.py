"""The character display: cards anyone may take (with tokens lying on them), and who holds which."""

from __future__ import annotations

import msgspec
from textual.reactive import reactive

from maharaja_tui.widgets.segments import Segment, Segments
from maharaja_tui.widgets.tracks import SegmentWidget


class CharacterCard(msgspec.Struct, frozen=True):
    number: int
    text: str
    timing: str = ""  # "1×", "∞", "!" or ""
    marks: tuple[tuple[int, str], ...] = ()  # (seat, letter) of tokens lying on it


class DisplayData(msgspec.Struct, frozen=True):
    cards: tuple[CharacterCard, ...] = ()
    held: tuple[tuple[int, str, CharacterCard], ...] = ()  # (seat, letter, card)
    title: str = "Characters on display"
    short_title: str = "Display"  # the one-line layout's
    mark: str = "♕"  # how a token on a card is drawn


LONG = 40


class CharacterDisplay(SegmentWidget):
    data: reactive[DisplayData] = reactive(DisplayData, repaint=False)

    def rows(self, width: int) -> list[Segments]:
        data = self.data
        if width >= LONG:  # the wide layout has room for every card's text
            return self._long(width)
        line: list[Segment] = [(f"{data.short_title} ", "dim")]
        for card in data.cards:
            line += [(str(card.number), "piece")]
            for seat, letter in card.marks:
                line += [(data.mark, "reward"), (letter, f"seat:{seat}")]
            line.append((" ", ""))
        return [tuple(line)]

    def _long(self, width: int) -> list[Segments]:
        data = self.data
        rows: list[Segments] = [((data.title, "dim"),)]
        for card in data.cards:
            line: list[Segment] = [(f"{card.number:>2}", "piece"),
                                   (f" {card.timing:<2} ", "dim")]
            for seat, letter in card.marks:
                line += [(data.mark, "reward"), (letter, f"seat:{seat}"), (" ", "")]
            line.append((card.text, ""))
            rows.append(tuple(line))
        for seat, letter, card in data.held:
            rows.append(((letter, f"seat:{seat}+strong"), (f"{card.number:>2}", "piece"),
                         (f" {card.timing:<2} ", "dim"), (card.text, "")))
        return rows
