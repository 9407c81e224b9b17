"""Game records people read, write and share: any registered game as text, by its
notation (``engine.core.record_text`` has the format, each game's ``notation.py``
its tokens). One call each way, for the app and the server alike:

    text = records.write(game)             # the whole game
    text = records.write(game, seat=1)     # what seat 1 may know
    reading = records.read(text)           # the game, the errors, whose record it is
"""

from __future__ import annotations

from engine import registry
from engine.core.game import AnyGame
from engine.core.notation import NotationError, fold_key
from engine.core.record_text import GameKind, Reading, read_record, write_record


def write(game: AnyGame, seat: int | None = None) -> str:
    """The canonical record of ``game``; for ``seat``, only what that seat may know.
    Raises NotationError when the game cannot be written (see ``write_record``)."""
    return write_record(game, kind(game.ruleset.id), seat)


def read(text: str) -> Reading:
    """The game a record states (see ``read_record``); raises only NotationError."""
    return read_record(text, find)


def kind(game_id: str) -> GameKind:
    """A registered game as the record format knows it."""
    spec = registry.spec_of(game_id)
    notation = spec.load_notation()
    if notation is None:
        raise NotationError(f"{spec.title} has no notation: its games cannot be written as "
                            "records")
    names = {c.letter: c.name.capitalize() for c in spec.palette}
    return GameKind(spec.id, spec.title, spec.load_ruleset(), notation, spec.seats[2], names)


def find(name: str | None) -> GameKind:
    """The game a record's Game header names: its id or title, in any case, or the
    beginning of exactly one of them; no header is the default game."""
    if name is None or not name.strip():
        return kind(registry.default_game())
    specs = [s for s in registry.specs().values() if s.load_notation() is not None]
    key = fold_key(name)
    for spec in specs:
        if key in (fold_key(spec.id), fold_key(spec.title)):
            return kind(spec.id)
    starts = [s for s in specs if fold_key(s.title).startswith(key)
              or fold_key(s.id).startswith(key)]
    if len(starts) == 1:
        return kind(starts[0].id)
    known = ", ".join(s.title for s in specs)
    if starts:
        raise NotationError(f"the Game header {name!r} may be any of "
                            f"{', '.join(s.title for s in starts)}: write more of it")
    raise NotationError(f"the Game header names no game known here ({known}), not {name!r}")
