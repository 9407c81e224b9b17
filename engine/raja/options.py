"""Game options: the modules of R-MODE-2 plus the hidden-gold table option (R-INFO-1)."""

from __future__ import annotations

import msgspec


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    neutral_palaces: bool = True  # R-VAR-NEUTRAL-1: off only for tests
    short_game: bool = False  # R-VAR-SHORT
    yogi_tokens: bool = False  # R-VAR-YOGI, R-VAR-TOKEN
    home_city: bool = False  # R-VAR-HOME
    auction: bool = False  # R-VAR-AUCTION
    multi_character: bool = False  # R-VAR-MULTI
    hidden_gold: bool = True  # R-INFO-1: gold is hidden by default


PRESETS: dict[str, dict[str, bool]] = {  # R-MODE-3
    "Basic": {},
    "Advanced I": {"yogi_tokens": True, "home_city": True, "auction": True},
    "Advanced II": {"multi_character": True},
}


def preset(name: str, **extra: bool) -> Options:
    """A preset's options; ``extra`` adds modules (e.g. short_game, auction)."""
    return Options(**{**PRESETS[name], **extra})
