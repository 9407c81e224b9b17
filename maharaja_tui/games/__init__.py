"""Adapters from a ruleset's State to the generic widgets' data, one module per game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.ruleset import Seat
from maharaja_tui.games.maharaja import MaharajaAdapter

ADAPTERS = {MaharajaAdapter.ruleset_id: MaharajaAdapter}


class UnsupportedGame(Exception):
    """A ruleset this UI has no screens for yet (Raja's adapter is still to come)."""


def adapter_for(ruleset: Any, seats: Sequence[Seat]) -> MaharajaAdapter:
    try:
        return ADAPTERS[ruleset.id](seats)
    except KeyError:
        known = ", ".join(sorted(ADAPTERS))
        raise UnsupportedGame(
            f"{ruleset.name} cannot be shown in this terminal UI yet (it shows: {known})"
        ) from None
