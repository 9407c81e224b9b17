"""Computer seats as the new-game screen offers them.

The computer players themselves are ``engine.bots.choose``, driven by the table
(``engine.core.table``) the same way here, in hot seat and on the SSH server.
"""

from __future__ import annotations


def bot_levels() -> tuple[str, ...]:
    from engine.levels import LEVELS  # data: the bots are imported at their first thought

    return tuple(LEVELS)
