"""Adapters from a ruleset's State to the generic widgets' data, one module per game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.ruleset import Seat
from maharaja_tui.games.base import GameAdapter
from maharaja_tui.games.maharaja import MaharajaAdapter
from maharaja_tui.games.raja import RajaAdapter

ADAPTERS: dict[str, type[GameAdapter]] = {
    MaharajaAdapter.ruleset_id: MaharajaAdapter,  # type: ignore[dict-item]
    RajaAdapter.ruleset_id: RajaAdapter,  # type: ignore[dict-item]
}


class UnsupportedGame(Exception):
    """A ruleset this UI has no screens for."""


def adapter_for(ruleset: Any, seats: Sequence[Seat]) -> GameAdapter:
    try:
        return ADAPTERS[ruleset.id](seats)  # type: ignore[call-arg]
    except KeyError:
        known = ", ".join(sorted(ADAPTERS))
        raise UnsupportedGame(
            f"{ruleset.name} cannot be shown in this terminal UI yet (it shows: {known})"
        ) from None
