"""Maharani's notation: one token per decision, in the game's words (README, "Game
records"). The tokens:

    3:r6c6:N    the tile in slot 3 onto cell r6c6, its arrow pointing north
    3:r6c6:N:Y  ... the yellow artisan onto it (two players choose, M-2P-2; ``:-``: none)
    refresh     turn every action marker face up (M-REFRESH-1)
    end         no second tile this turn (M-PLACE-6)

Draws: who plays first (``first G``) and each refill of the turntable, slot by slot
(``1 purple-H1-L, 3 red-C``; ``out blue-C`` for central tiles drawn while the purge
holds, M-EOT-3). A tile is its colour and type as the tiles' table names them; two
copies of one tile are told apart by ``-1``/``-2`` only where the first copy still in
the bag is not the one drawn.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from engine.core.notation import NotationDefaults, NotationError, fold_key, lookup, number
from engine.maharani import components as C
from engine.maharani import events as ev
from engine.maharani import intents as it
from engine.maharani.board import palace
from engine.maharani.options import Options
from engine.maharani.queries import purge_due
from engine.maharani.state import State

LETTERS = ("G", "R", "B", "Y")  # seats by their first artisan colour (components)
ARTISAN_LETTERS = {colour: colour[0] for colour in C.ARTISAN_COLOURS}
NO_ARTISAN = "-"
REFRESH, END = "refresh", "end"


def _tile_words() -> dict[str, str]:
    """Every tile by its written name (``purple-H1-L``, ``blue-C-2``): the id without
    its ``T_`` and with the colour in small letters."""
    words = {}
    for tile in palace().tiles.values():
        colour = tile.colour.removeprefix("T_").lower()
        words[f"{colour}-{tile.id.removeprefix(tile.colour + '-')}"] = tile.id
    return words


def _check_tables() -> None:
    if len(set(ARTISAN_LETTERS.values())) != len(ARTISAN_LETTERS):
        raise ValueError("Maharani notation: two artisan colours share a letter")
    for colours in C.SEAT_COLOURS.values():
        firsts = [c[0][0] for c in colours]
        if tuple(firsts) != LETTERS[:len(firsts)]:
            raise ValueError("Maharani notation: the seats' letters are their first colours")
    if len(set(TILES.values())) != len(palace().tiles):
        raise ValueError("Maharani notation: two tiles share a name")


TILES = _tile_words()
NAMES = {tile: word for word, tile in TILES.items()}
_check_tables()


def kind_of(tile: str) -> str:
    """A tile's name without its copy number (what tells it on the table)."""
    return re.sub(r"-\d+$", "", NAMES[tile])


class MaharaniNotation(NotationDefaults[State, Any, Any, Options]):
    seat_letters = LETTERS

    def letters(self, options: Options, seats: int) -> tuple[str, ...]:
        return LETTERS[:seats]

    def write_options(self, options: Options) -> list[tuple[str, str]]:
        return []

    def read_options(self, tags: Mapping[str, str], letters: Sequence[str]) -> Options:
        return Options()

    def forms(self, state: State, seat: int, intent: Any) -> Iterable[str]:
        if type(intent) is it.Refresh:
            return [REFRESH]
        if type(intent) is it.EndTurn:
            return [END]
        if type(intent) is not it.Place:
            raise NotationError(f"Maharani's notation has no token for {type(intent).__name__}")
        word = f"{intent.slot}:{intent.cell}:{intent.arrow}"
        artisan = ARTISAN_LETTERS.get(intent.artisan, NO_ARTISAN)
        return [word, f"{word}:{artisan}"]

    def candidates(self, state: State, seat: int, token: str) -> list[Any]:
        low = token.casefold()
        if low == REFRESH:
            return [it.Refresh()]
        if low in (END, "endturn"):
            return [it.EndTurn()]
        parts = token.split(":")
        if len(parts) not in (3, 4):
            raise NotationError("a tile is placed as slot:cell:arrow (3:r6c6:N), or refresh "
                                "or end")
        slot = number(parts[0], "a slot", 1, len(C.SLOTS))
        cell = parts[1].strip().lower()
        if cell not in palace().cells:
            raise NotationError(f"there is no cell {parts[1]!r} (r0c1 ... r6c6)",
                                column=len(parts[0]) + 2)
        arrow = parts[2].strip().upper()
        if arrow not in C.SIDES:
            raise NotationError(f"the arrow points N, E, S or W, not {parts[2]!r}",
                                column=len(parts[0]) + len(parts[1]) + 3)
        if len(parts) == 4:
            colour = _artisan(parts[3])
            return [it.Place(slot=slot, cell=cell, arrow=arrow, artisan=colour)]
        colours = state.players[seat].colours if 0 <= seat < len(state.players) else []
        return [*(it.Place(slot=slot, cell=cell, arrow=arrow, artisan=c) for c in colours),
                it.Place(slot=slot, cell=cell, arrow=arrow)]

    # ---------------------------------------------------------------- draws
    def is_draw(self, event: Any) -> bool:
        return type(event) in (ev.GameSetUp, ev.TurntableFilled)

    def draw(self, state: State, event: Any, seat: int | None, later: Iterator[Any]) -> str:
        if type(event) is ev.GameSetUp:
            return f"first {LETTERS[event.first]}"
        bag = list(state.bag)
        words = []
        for tile in event.removed:
            words.append(("out", _short(tile, bag)))
            bag.remove(tile)
        drawn = []
        for slot, tile in event.drawn:
            drawn.append(f"{slot} {_short(tile, bag)}")
            bag.remove(tile)
        text = ", ".join(drawn) if drawn else "nothing"
        if words:
            text += "; out " + " ".join(w for _, w in words)
        return text

    def deal(self, state: State, drawn: list[Any], text: str) -> list[Any]:
        first = drawn[0]
        if type(first) is ev.GameSetUp:
            words = text.split()
            if len(words) != 2 or fold_key(words[0]) != "first":
                raise NotationError("the setup's draw says who plays first: first G",
                                    rule="M-SETUP-2")
            keys = [fold_key(x) for x in LETTERS[:state.seats]]
            if fold_key(words[1]) not in keys:
                raise NotationError(f"first names a seat ({' '.join(LETTERS[:state.seats])}), "
                                    f"not {words[1]!r}", rule="M-SETUP-2")
            return [ev.GameSetUp(first=keys.index(fold_key(words[1]))), *drawn[1:]]
        return [_refill(state, text), *drawn[1:]]

    def result(self, state: State) -> str:
        winners = " and ".join(LETTERS[s] for s in state.winners)
        gold = ", ".join(f"{LETTERS[s]} {p.gold} gold" for s, p in enumerate(state.players))
        return f"{winners} {'wins' if len(state.winners) == 1 else 'win'}: {gold}"


def _artisan(word: str) -> str:
    if word.strip() == NO_ARTISAN:
        return ""
    table = {c: c for c in C.ARTISAN_COLOURS} | {v: k for k, v in ARTISAN_LETTERS.items()}
    return lookup(word, table, "artisan colour")


def _short(tile: str, bag: list[str]) -> str:
    """The tile's name without its copy number when that names the first copy in the bag."""
    kind = kind_of(tile)
    first = next((t for t in sorted(bag) if kind_of(t) == kind), None)
    return kind if first == tile else NAMES[tile]


def _tile(word: str, bag: list[str]) -> str:
    """The tile ``word`` names, out of ``bag``: a copy named, or the first in the bag."""
    key = fold_key(word)
    exact = {fold_key(w): t for w, t in TILES.items()}
    if key in exact:
        tile = exact[key]
        if tile not in bag:
            raise NotationError(f"{word} is not in the bag", rule="M-EOT-3")
        return tile
    kinds = [t for t in sorted(bag) if fold_key(kind_of(t)) == key]
    if kinds:
        return kinds[0]
    if any(fold_key(kind_of(t)) == key for t in TILES.values()):
        raise NotationError(f"no {word} tile is left in the bag", rule="M-EOT-3")
    raise NotationError(f"{word!r} is no tile (a colour and a type: purple-H1-L, red-C)")


def _refill(state: State, text: str) -> ev.TurntableFilled:
    """M-EOT-3: each empty slot in order 1-4 takes a tile from the bag; while the purge
    holds (M-EOT-2) a central tile drawn leaves the game instead."""
    board = palace()
    bag = list(state.bag)
    main, _, out = text.partition(";")
    removed = []
    if out.strip():
        words = out.split()
        if fold_key(words[0]) != "out":
            raise NotationError("after ; come the tiles drawn out: ; out blue-C")
        for word in words[1:]:
            tile = _tile(word, bag)
            if not purge_due(state) or not board.tiles[tile].central:
                raise NotationError(f"{word} cannot leave the game: only central tiles drawn "
                                    "while every central column is built do", rule="M-EOT-3")
            bag.remove(tile)
            removed.append(tile)
    empty = [n for n, t in zip(C.SLOTS, state.slots, strict=True) if t is None]
    drawn = []
    entries = [] if fold_key(main) in ("nothing", "") else main.split(",")
    for n, entry in enumerate(entries):
        words = entry.split()
        if len(words) != 2:
            raise NotationError("a refill names each slot and its tile: 1 purple-H1-L, 3 red-C")
        slot = number(words[0], "a slot", 1, len(C.SLOTS))
        if n >= len(empty) or slot != empty[n]:
            raise NotationError(f"the empty slots fill in order: {' '.join(map(str, empty))}",
                                rule="M-EOT-3")
        tile = _tile(words[1], bag)
        if purge_due(state) and board.tiles[tile].central:
            raise NotationError(f"{words[1]} is a central tile: while the purge holds it "
                                "leaves the game (; out ...)", rule="M-EOT-3")
        bag.remove(tile)
        drawn.append((slot, tile))
    if len(drawn) < len(empty) and bag:
        raise NotationError(f"slots {' '.join(map(str, empty[len(drawn):]))} are empty and "
                            "the bag still holds tiles", rule="M-EOT-3")
    return ev.TurntableFilled(drawn=tuple(drawn), removed=tuple(removed))


NOTATION = MaharaniNotation()
