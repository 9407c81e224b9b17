"""Submission (W-SUB) and the British alliance (W-ALLY)."""

from __future__ import annotations

from typing import Any

from engine.maharadjah.state import MaharadjahState


def offers_for(state: MaharadjahState, nation: str) -> list[Any]:
    return []


def offers(state: MaharadjahState, seat: int) -> list[Any]:
    return []


def decide(state: MaharadjahState, seat: int, intent: Any) -> list[Any]:
    from engine.core.errors import IllegalIntent

    raise IllegalIntent("W-SUB-1", "submission is not open now")
