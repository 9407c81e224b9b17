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


# The modules as a player names them (R-MODE-2), in the order the new-game form lists them.
MODULE_WORDS = {"yogi_tokens": "yogi and action tokens", "home_city": "home cities",
                "auction": "character auction", "multi_character": "several characters each"}


def describe(options: Options) -> str:
    """The table's modules for a player about to sit down ("" for the basic game): a
    preset by its name (R-MODE-3), else each module."""
    modules = {name for name in MODULE_WORDS if getattr(options, name)}
    named = [name for name, values in PRESETS.items() if set(values) == modules]
    parts = ([f"{named[0]} game"] if named and modules
             else [MODULE_WORDS[name] for name in MODULE_WORDS if name in modules])
    parts += ["short game"] if options.short_game else []
    parts += [] if options.neutral_palaces else ["no neutral palaces"]
    parts += [] if options.hidden_gold else ["open gold"]
    return "; ".join(parts)
