"""What each seat may know (R-INFO): other seats' unrevealed plans and, with
hidden_gold, other seats' gold are blanked in views and in events."""

from __future__ import annotations

from random import Random

import msgspec

from engine.core import draw
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


def fork(state: State, seat: int, rng: Random) -> State:
    """Play from here (``Ruleset.fork``): ``seat``'s view, its unseen secrets redrawn.

    Rulings (the rules say nothing of starting mid-game): another seat's hidden gold
    (R-INFO-1, with ``hidden_gold``) becomes ``seat``'s own gold plus a draw in -3..+3
    (at least 0); a selection not yet revealed (R-INFO-2) is drawn again among all
    selections.
    """
    from engine.raja.legal import SELECTIONS

    out = view(state, seat)
    own = out.players[seat].gold
    for other, player in enumerate(out.players):
        if other == seat:
            continue
        if player.gold == HIDDEN_GOLD:
            player.gold = max(0, own + draw.randint(rng, -3, 3))
        if player.selected and not player.revealed and not player.plan:
            player.plan = list(draw.choice(rng, SELECTIONS))
    return out
