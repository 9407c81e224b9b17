"""Seeded randomness: the same seed and log position always give the same draw.

Undo never draws again (MJ-HIDE-5): a draw depends only on the game's seed and on
how many steps the log holds when it is made, and its outcome is written into the
events, so folding the log never consults a random generator.
"""

from __future__ import annotations

from random import Random
from typing import TYPE_CHECKING


class _LazyRandom:
    """Seeds on first use: most automatic steps draw nothing, and seeding costs ~10 µs
    (even the seed's text is written only then: every step of every game asks)."""

    __slots__ = ("_position", "_rng")

    def __init__(self, seed: int, step: int, batch: int) -> None:
        self._position = (seed, step, batch)
        self._rng: Random | None = None

    def __getattr__(self, name: str) -> object:
        if self._rng is None:
            # str seeds hash through SHA-512 in Random.seed, which is stable across
            # runs and platforms (unlike hash()).
            seed, step, batch = self._position
            self._rng = Random(f"{seed}/{step}/{batch}")
        return getattr(self._rng, name)


if TYPE_CHECKING:
    def rng_for(seed: int, step: int, batch: int) -> Random:
        """The generator of the draws at ``(seed, step, batch)``."""
        ...
else:
    # The class itself: made at every automatic batch of every step, so no function
    # (and no typing.cast call) in front of its constructor; it acts as a Random.
    rng_for = _LazyRandom
