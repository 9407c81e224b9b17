"""What each seat may know (R-INFO): other seats' unrevealed plans and, with
hidden_gold, other seats' gold are blanked in views and in events."""

from __future__ import annotations

import msgspec

from engine.raja import events as ev
from engine.raja.state import Phase, State

HIDDEN_GOLD = -1  # the gold a view shows for a seat it may not see


def view(state: State, seat: int | None) -> State:
    copy = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=State)
    if state.phase == Phase.OVER:
        return copy  # ruling: gold is counted openly for the final ranking (R-END-2)
    for other, player in enumerate(copy.players):
        if other == seat:
            continue
        if not player.revealed:  # R-INFO-2
            player.plan = []
        if state.options.hidden_gold:  # R-INFO-1
            player.gold = HIDDEN_GOLD
    return copy


def redact(event: ev.Event, seat: int | None) -> ev.Event:
    if isinstance(event, ev.ActionsSelected) and event.seat != seat:
        return ev.ActionsSelected(seat=event.seat, actions=())
    return event
