"""Game options: the short 3-player game (W-SETUP-S1) is the only variant."""

from __future__ import annotations

import msgspec


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    short_game: bool = False  # W-SETUP-S1: 3 players, turns 9-16


def game_type(options: Options, seats: int) -> str:
    """The card tags of W-CARD-3 and the assignment column of W-ASSIGN-1."""
    if options.short_game:
        return "short"
    return f"{seats}p"
