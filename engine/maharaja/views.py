"""Per-seat views that hide what a seat may not know (MJ-HIDE)."""

from __future__ import annotations

from typing import Any

import msgspec

from engine.core.game import copy_state
from engine.maharaja import events as ev
from engine.maharaja.state import State

HIDDEN = -1  # a PP total the viewer may not see


def plan_revealed(state: State, seat: int) -> bool:
    return state.turn is not None and state.turn.seat == seat


def view(state: State, seat: int | None) -> State:
    """A copy for ``seat`` (None: a spectator). Everything is public once the game is over."""
    out = copy_state(state)
    if state.phase == "over":
        return out
    for other, player in enumerate(out.players):
        if other == seat:
            continue
        player.pp = HIDDEN  # MJ-HIDE-1
        if not plan_revealed(state, other):
            player.plan = None  # MJ-HIDE-2
    return out


def redact(event: Any, seat: int | None) -> Any:
    if isinstance(event, ev.PlanCommitted) and event.seat != seat:
        return msgspec.structs.replace(event, plan=None)
    if isinstance(event, ev.Gained) and event.seat != seat and event.pp:
        return msgspec.structs.replace(event, pp=0, hidden=True)
    return event
