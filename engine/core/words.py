"""Counted nouns in English, once for every game's log, menus and tables."""

from __future__ import annotations

# Nouns whose plural is not the singular plus "s".
IRREGULAR = {"army": "armies", "territory": "territories", "gold": "gold", "PP": "PP",
             "CP": "CP", "VP": "VP", "reinforcement": "reinforcements"}


def plural(noun: str) -> str:
    return IRREGULAR.get(noun, noun + "s")


def counted(n: int, noun: str, many: str | None = None) -> str:
    """``1 coin``, ``0 coins``, ``2 armies``: ``n`` and the noun in the right number
    (``many``: the plural where it is not the usual one)."""
    return f"{n} {noun if n == 1 else many or plural(noun)}"
