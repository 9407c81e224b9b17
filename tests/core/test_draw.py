"""The engine's own draws (engine.core.draw) draw what ``random.Random`` drew.

Saves and recordings made before the engine had its own draws replay by drawing again
from their seeds, so each draw must pick, from the same seed, exactly what the
``Random`` method it replaces picked on the Python that made them; and it must keep
the generator in the same place, so the draws after it agree too.
"""

from __future__ import annotations

from random import Random

import pytest

from engine.core import draw

SEEDS = [0, 1, 7, 42, 2**31 - 1, "3/14/0", "123456/9/2"]
BOUNDS = [*range(1, 70), 127, 128, 129, 255, 256, 1000, 2**16 - 1, 2**16, 2**31 + 5, 10**20]


def pair(seed: int | str) -> tuple[Random, Random]:
    return Random(seed), Random(seed)


@pytest.mark.parametrize("seed", SEEDS)
def test_below_and_randrange_draw_what_random_draws(seed: int | str) -> None:
    ours, theirs = pair(seed)
    for n in BOUNDS:
        for _ in range(20):
            assert draw.below(ours, n) == theirs.randrange(n)
            assert draw.randrange(ours, n) == theirs.randrange(n)
            assert draw.randrange(ours, -3, n) == theirs.randrange(-3, n)
            assert draw.randint(ours, 1, n) == theirs.randint(1, n)
    assert ours.getrandbits(64) == theirs.getrandbits(64)  # the generators kept in step


@pytest.mark.parametrize("seed", SEEDS)
def test_choice_draws_what_random_draws(seed: int | str) -> None:
    ours, theirs = pair(seed)
    for n in BOUNDS:
        if n >= 2**31:  # beyond a sequence's length
            continue
        seq = [f"item{i}" for i in range(n)] if n < 5000 else range(n)
        for _ in range(10):
            assert draw.choice(ours, seq) == theirs.choice(seq)
    assert ours.getrandbits(64) == theirs.getrandbits(64)


@pytest.mark.parametrize("seed", SEEDS)
def test_shuffle_draws_what_random_draws(seed: int | str) -> None:
    ours, theirs = pair(seed)
    for n in [*range(0, 60), 100, 500]:
        mine, yours = list(range(n)), list(range(n))
        draw.shuffle(ours, mine)
        theirs.shuffle(yours)
        assert mine == yours
    assert ours.getrandbits(64) == theirs.getrandbits(64)


@pytest.mark.parametrize("seed", SEEDS)
def test_sample_draws_what_random_draws(seed: int | str) -> None:
    """Up to CPython's small-set threshold (21 members), where it samples from a pool;
    our games draw from fewer (Maharaja's 15 characters)."""
    ours, theirs = pair(seed)
    for n in range(0, 22):
        population = [chr(ord("a") + i) for i in range(n)]
        for k in range(n + 1):
            assert draw.sample(ours, population, k) == theirs.sample(population, k)
    assert ours.getrandbits(64) == theirs.getrandbits(64)


def test_empty_draws_are_refused_as_random_refuses_them() -> None:
    rng = Random(1)
    with pytest.raises(ValueError):
        draw.below(rng, 0)
    with pytest.raises(IndexError):
        draw.choice(rng, [])
    with pytest.raises(ValueError):
        draw.randrange(rng, 5, 5)
    with pytest.raises(ValueError):
        draw.sample(rng, [1, 2], 3)
