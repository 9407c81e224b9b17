"""Each game's adapter from its ruleset's State to the screens' data, found by its GameSpec.

The screens never name a game: ``adapter_for`` loads the adapter class the game's
spec names (``engine.registry``), so a game plugs in by registering a spec.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.errors import RecordError
from engine.core.ruleset import Seat
from engine.registry import GameSpec, spec_of, specs
from maharaja_tui.games.base import AnyAdapter


class UnsupportedGame(Exception):
    """A ruleset this UI has no screens for."""


def playable() -> dict[str, GameSpec]:
    """The games this UI can show, by id, the default game first."""
    return {game_id: spec for game_id, spec in specs().items() if spec.adapter}


def adapter_class(ruleset_id: str) -> type[AnyAdapter]:
    try:  # spec_of imports that game only; listing them all would import every game
        spec: GameSpec | None = spec_of(ruleset_id)
    except RecordError:
        spec = None
    if spec is None or not spec.adapter:
        known = ", ".join(sorted(playable()))
        raise UnsupportedGame(
            f"{ruleset_id} cannot be shown in this terminal UI yet (it shows: {known})")
    adapter: type[AnyAdapter] = spec.load_adapter()  # what the spec names is an adapter
    return adapter


def adapter_for(ruleset: Any, seats: Sequence[Seat]) -> AnyAdapter:
    return adapter_class(ruleset.id)(seats)
