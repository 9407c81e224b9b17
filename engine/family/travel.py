"""Tolls along a path of villages, shared by the family's road networks.

In both games a traveller passing a village where they own no piece pays the
owners of the pieces there; the games differ only in how much (1 coin per owner
in Maharaja, MJ-MOVE-3; 1 gold per house in Raja, R-MOVE-4).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence


def tolls(
    villages: Iterable[str],
    owners: Callable[[str], Sequence[int]],
    mover: int,
    *,
    per_piece: bool,
) -> tuple[tuple[int, int], ...]:
    """Coins the mover owes, as sorted ``(seat, coins)`` pairs; ``owners(v)`` lists the
    owner of each piece in village ``v`` (a seat appears once per piece)."""
    owed: dict[int, int] = {}
    for village in villages:
        pieces = owners(village)
        if mover in pieces:
            continue
        for seat in pieces if per_piece else set(pieces):
            owed[seat] = owed.get(seat, 0) + 1
    return tuple(sorted(owed.items()))
