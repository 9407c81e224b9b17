"""What each seat may know (R-INFO): other seats' unrevealed plans and, with
hidden_gold, other seats' gold are blanked in views and in events."""

from __future__ import annotations

from typing import Any

import msgspec

from engine.raja import events as E
from engine.raja.state import OVER, RajaState

HIDDEN_GOLD = -1  # the gold a view shows for a seat it may not see


def view(state: RajaState, seat: int | None) -> RajaState:
    copy = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=RajaState)
    if state.phase == OVER:
        return copy  # ruling: gold is counted openly for the final ranking (R-END-2)
    for other, player in enumerate(copy.players):
        if other == seat:
            continue
        if not player.revealed:  # R-INFO-2
            player.plan = []
        if state.options.hidden_gold:  # R-INFO-1
            player.gold = HIDDEN_GOLD
    return copy


def redact(event: Any, seat: int | None) -> Any:
    if isinstance(event, E.ActionsSelected) and event.seat != seat:
        return E.ActionsSelected(seat=event.seat, actions=())
    return event
