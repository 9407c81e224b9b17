"""Watch a game: the recorded games that ship with the app, listed by game.

``recordings/`` in this package holds games between computers, one or more of each
game (``scripts/make_recordings.py`` plays them; the tests replay them as golden
games). The new-game screen lists those of the game chosen, and one opens in the
replay viewer, where F1 has the game's guide: a newcomer watches the computers play
before trying. A recording is described from its save's header alone (the game, the
seats, whether it is over), without replaying it; the ``.expected.json`` beside each
are the tests' and are not listed.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import NamedTuple

import msgspec

from engine.core.record import Header

FOLDER = Path(__file__).parent / "recordings"
EXPECTED = ".expected.json"  # the tests' final figures beside each recording


class _Saved(msgspec.Struct):
    header: Header  # the rest of the file (its steps) is skipped, not decoded


class Recorded(NamedTuple):
    path: Path
    game: str  # its ruleset's id
    names: tuple[str, ...]  # the seats' names (a computer's with its level)
    finished: bool
    solo: str = ""  # against the game's automaton: its difficulty

    def describe(self) -> str:
        """``3 players: Asha (medium), Bala (hard), Chandra (easy) · raja-3p-advanced-i``."""
        count = len(self.names)
        who = f"{count} players: {', '.join(self.names)}"
        if self.solo:  # as the resume lists say it (autosaves.Autosave.who)
            who = f"solo: {', '.join(self.names)} vs Brahmabot ({self.solo})"
        return f"{who} · {self.path.stem}" + ("" if self.finished else " (unfinished)")


@cache
def recorded(game: str, folder: Path = FOLDER) -> list[Recorded]:
    """The recordings of ``game`` in ``folder``, fewest players first; a file that is no
    save is left out (the folder ships with the app: nothing to set aside). Read once:
    they change only with the app."""
    out = []
    for path in sorted(folder.glob("*.json")):
        if path.name.endswith(EXPECTED):
            continue
        try:
            header = msgspec.json.decode(path.read_bytes(), type=_Saved).header
            options = msgspec.json.decode(header.options)
        except (OSError, msgspec.DecodeError, msgspec.ValidationError):
            continue
        if header.ruleset == game:
            solo = options.get("difficulty", "medium") if isinstance(options, dict) \
                and options.get("mode") == "solo" else ""
            out.append(Recorded(path, game, tuple(seat.name for seat in header.seats),
                                header.finished, str(solo)))
    return sorted(out, key=lambda r: (len(r.names), r.path.name))
