"""The seeded draws of every game, written out here over ``getrandbits`` alone.

Python documents that a seeded ``Random`` keeps producing the same ``random()`` and
``getrandbits`` numbers, but not how ``choice``, ``shuffle``, ``randrange`` or
``sample`` turn them into picks: those may change between Python versions, and old
saves and recordings replay by drawing again from their seed. So the engine draws
through these functions, whose algorithm is ours and stated here:

- ``below(rng, n)``, a whole number in ``[0, n)``: take ``k = n.bit_length()`` bits
  (``rng.getrandbits(k)``) and take ``k`` bits again while the number is ``n`` or more.
  Every other draw is made of it.
- ``choice(rng, seq)`` is ``seq[below(rng, len(seq))]``.
- ``randrange(rng, start, stop)`` is ``start + below(rng, stop - start)``;
  ``randrange(rng, n)`` is ``below(rng, n)``; ``randint(rng, a, b)`` is
  ``randrange(rng, a, b + 1)``.
- ``dice(rng, count, sides)`` is ``count`` of ``randint(rng, 1, sides)`` in a row.
- ``shuffle(rng, items)``: for ``i`` from the last index down to 1, swap ``items[i]``
  with ``items[below(rng, i + 1)]`` (Fisher-Yates).
- ``sample(rng, population, k)``: from a pool, a copy of the population, the ``i``-th
  pick (from 0) takes ``pool[j]`` with ``j = below(rng, n - i)`` and moves the pool's
  last unpicked member (``pool[n - i - 1]``) into its place.

These are the draws CPython 3.11 and 3.12 make (``_randbelow_with_getrandbits`` and
the methods over it; ``sample`` while the population is no larger than CPython's
small-set threshold, the only size our games draw from), so the saves and recordings
made before this module keep their draws; tests/core/test_draw.py compares them with
``random.Random`` over many seeds and bounds.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Protocol, TypeVar

T = TypeVar("T")


class Bits(Protocol):
    """What a draw needs of a generator (``random.Random`` has it)."""

    def getrandbits(self, k: int, /) -> int: ...


def below(rng: Bits, n: int) -> int:
    """A uniform whole number in ``[0, n)``, ``n`` at least 1."""
    if n <= 0:
        raise ValueError(f"nothing to draw below {n}")
    getrandbits = rng.getrandbits
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def choice(rng: Bits, seq: Sequence[T]) -> T:
    """One member of a non-empty sequence."""
    if not len(seq):
        raise IndexError("Cannot choose from an empty sequence")
    return seq[below(rng, len(seq))]


def randrange(rng: Bits, start: int, stop: int | None = None) -> int:
    """A whole number of ``range(start)``, or of ``range(start, stop)``."""
    if stop is None:
        return below(rng, start)
    return start + below(rng, stop - start)


def randint(rng: Bits, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high``, both included."""
    return low + below(rng, high + 1 - low)


def dice(rng: Bits, count: int, sides: int = 6) -> tuple[int, ...]:
    """``count`` rolls of a die of ``sides`` faces: ``randint(rng, 1, sides)`` each, the
    same draws in the same order, the generator's method read once for them all (a
    battle rolls a die an army; nothing is read of the generator when none is rolled)."""
    if count <= 0:
        return ()
    getrandbits = rng.getrandbits
    k = sides.bit_length()
    out = []
    for _ in range(count):
        r = getrandbits(k)
        while r >= sides:
            r = getrandbits(k)
        out.append(r + 1)
    return tuple(out)


def shuffle(rng: Bits, items: MutableSequence[T]) -> None:
    """Put ``items`` in a random order, in place."""
    for i in range(len(items) - 1, 0, -1):
        j = below(rng, i + 1)
        items[i], items[j] = items[j], items[i]


def sample(rng: Bits, population: Sequence[T], k: int) -> list[T]:
    """``k`` different members of ``population`` in the order drawn."""
    n = len(population)
    if not 0 <= k <= n:
        raise ValueError(f"cannot draw {k} of {n}")
    pool = list(population)
    picked: list[T] = []
    for i in range(k):
        j = below(rng, n - i)
        picked.append(pool[j])
        pool[j] = pool[n - i - 1]
    return picked
