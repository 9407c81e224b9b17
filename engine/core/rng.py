"""Seeded randomness: the same seed and log position always give the same draw.

Undo never draws again (MJ-HIDE-5): a draw depends only on the game's seed and on
how many steps the log holds when it is made, and its outcome is written into the
events, so folding the log never consults a random generator.
"""

from __future__ import annotations

from random import Random


def rng_for(seed: int, step: int, batch: int) -> Random:
    # str seeds hash through SHA-512 in Random.seed, which is stable across runs
    # and platforms (unlike hash()).
    return Random(f"{seed}/{step}/{batch}")
