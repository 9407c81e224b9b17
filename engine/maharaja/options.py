"""Table options chosen at setup (MJ-SETUP-7, §12)."""

# No ``from __future__ import annotations``: msgspec reads the annotations to decode
# the options with every state (see state.py).

import msgspec

SPECIAL_RULES = ("R1", "R2", "R3", "R4")  # MJ-VAR-R1..R4
FINAL_SCORING = ("F1", "F2", "F3", "F4", "F5")  # MJ-VAR-F1..F5


class Options(msgspec.Struct, frozen=True, kw_only=True):
    colours: tuple[str, ...] = ()  # per seat; empty = red, yellow, green, blue in order
    special_rules: tuple[str, ...] = ()
    final_scoring: str | None = None
    first_game: bool = False  # MJ-SETUP-1 recommended display (4 players)
    mode: str = "standard"  # or "solo" (Brahmabot, §13)
    difficulty: str = "medium"  # solo only: easy / medium / hard

    def has(self, rule: str) -> bool:
        return rule in self.special_rules

    def tiles(self) -> tuple[str, ...]:
        """The variant tiles laid beside the board (MJ-VAR-R1..R4, MJ-VAR-F1..F5), as a
        player names them: "special-rule tiles R1, R2", "final-scoring tile F2"."""
        special = self.special_rules
        return ((f"special-rule tile{'s' if len(special) > 1 else ''} {', '.join(special)}",)
                if special else ()) + ((f"final-scoring tile {self.final_scoring}",)
                                       if self.final_scoring else ())

    def describe(self) -> str:
        """The table's variants for a player about to sit down ("" for the standard game)."""
        parts = ([f"solo against Brahmabot ({self.difficulty})"] if self.mode == "solo"
                 else []) + (["first-game display"] if self.first_game else [])
        return "; ".join(parts + list(self.tiles()))
