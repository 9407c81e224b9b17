"""Ranked city scoring shared by the family: who ranks where, and who gets what."""

from __future__ import annotations

from collections.abc import Mapping, Sequence


def rank(scores: Mapping[int, int], tiebreak: Mapping[int, int], minimum: int = 1) -> list[int]:
    """Seats with at least ``minimum`` points, best first; ties go to the lower tiebreak
    (the character number in every game of the family)."""
    ranked = [seat for seat, points in scores.items() if points >= minimum]
    return sorted(ranked, key=lambda seat: (-scores[seat], tiebreak[seat]))


def payouts(ranking: Sequence[int], amounts: Sequence[int]) -> dict[int, int]:
    """The i-th ranked seat gets the i-th amount; amounts beyond the ranking are not paid."""
    return {seat: amount for seat, amount in zip(ranking, amounts, strict=False)}


def majority(scores: Mapping[int, int]) -> list[int]:
    """Seats tied for the most points (at least 1), for majority awards."""
    best = max(scores.values(), default=0)
    if best < 1:
        return []
    return [seat for seat, points in scores.items() if points == best]
