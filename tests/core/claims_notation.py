"""A notation for Claims (``fake_game``), to test the record format on a game the core
knows nothing of: a claim is ``r1c2`` (row 1, column 2); the deal is each seat's
favourite row (``favourites 0 2``), a seat seeing only its own until the end."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from engine.core.notation import NotationDefaults, NotationError, number, read_list, write_list
from engine.core.record_text import GameKind
from tests.core.fake_game import Claim, ClaimsRules, Dealt, Options, Scored, State

LETTERS = ("N", "S", "E")


class ClaimsNotation(NotationDefaults[State, Any, Any, Options]):
    seat_letters = LETTERS

    def letters(self, options: Options, seats: int) -> tuple[str, ...]:
        return LETTERS[:seats]

    def write_options(self, options: Options) -> list[tuple[str, str]]:
        return [] if (options.rows, options.cols) == (3, 3) else [
            ("Grid", f"{options.rows}x{options.cols}")]

    def read_options(self, tags: Mapping[str, str], letters: Sequence[str]) -> Options:
        grid = tags.get("grid", "3x3")
        m = re.fullmatch(r"(\d)x(\d)", grid.strip())
        if m is None:
            raise NotationError(f"Grid is rows x columns (3x3), not {grid!r}", tag="Grid")
        return Options(rows=int(m.group(1)), cols=int(m.group(2)))

    def forms(self, state: State, seat: int, intent: Any) -> Iterable[str]:
        return [f"r{intent.row}c{intent.col}"]

    def candidates(self, state: State, seat: int, token: str) -> list[Any]:
        m = re.fullmatch(r"r(\d+)c(\d+)", token, re.I)
        if m is None:
            raise NotationError("a claim is r<row>c<column>, like r0c2", column=1)
        return [Claim(row=number(m.group(1), "a row", 0, 9, column=2),
                      col=number(m.group(2), "a column", 0, 9, column=len(m.group(1)) + 3))]

    def is_draw(self, event: Any) -> bool:
        return isinstance(event, Dealt)

    def draw(self, state: State, event: Any, seat: int | None, later: Iterator[Any]) -> str:
        over = any(isinstance(e, Scored) for e in later)
        known = None if seat is None or over else [s == seat for s in range(state.seats)]
        return "favourites " + write_list(event.favourites, known)

    def deal(self, state: State, drawn: list[Any], text: str) -> list[Any]:
        head, _, rest = text.partition(" ")
        if head != "favourites":
            raise NotationError("the deal is: favourites <row per seat>")
        words, more = read_list(rest)
        if len(words) > state.seats or (len(words) < state.seats and not more):
            raise NotationError(f"one favourite row per seat ({state.seats})")
        rows = [drawn[0].favourites[n] if w == "?" else
                number(w, "a row", 0, state.options.rows - 1) for n, w in enumerate(words)]
        rows += drawn[0].favourites[len(rows):]
        return [Dealt(favourites=tuple(rows)), *drawn[1:]]

    def hidden(self, steps: Sequence[Any], index: int, seat: int) -> bool:
        return False

    def result(self, state: State) -> str:
        return ", ".join(f"{LETTERS[s]} {p}" for s, p in enumerate(state.points))


CLAIMS = GameKind("claims", "Claims", ClaimsRules(), ClaimsNotation(), 2,
                  {"N": "North", "S": "South", "E": "East"})


def kinds(name: str | None) -> GameKind:
    if name is None or name.strip().casefold() in ("claims", ""):
        return CLAIMS
    raise NotationError(f"no game {name!r} here")
