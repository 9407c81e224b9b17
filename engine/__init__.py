"""The game engine: a game-agnostic event-sourced core plus one package per game.

Nothing under ``engine`` imports Textual: the terminal UI, the bots, the SSH server,
the tests and the benchmarks all drive the same code.
"""

from engine.core.errors import IllegalIntent, RecordError, Refused
from engine.core.game import Game
from engine.registry import get_ruleset, rulesets

__all__ = ["Game", "IllegalIntent", "RecordError", "Refused", "get_ruleset", "rulesets"]
