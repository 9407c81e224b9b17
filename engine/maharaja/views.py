"""Per-seat views that hide what a seat may not know (MJ-HIDE)."""

from __future__ import annotations

import msgspec

from engine.core.game import copy_state
from engine.maharaja import events as ev
from engine.maharaja.brahmabot import BOT_SEAT
from engine.maharaja.state import Phase, Solo, State

HIDDEN = -1  # a PP total the viewer may not see


def plan_revealed(state: State, seat: int) -> bool:
    return state.turn is not None and state.turn.seat == seat


def view(state: State, seat: int | None) -> State:
    """A copy for ``seat`` (None: a spectator). Everything is public once the game is over."""
    out = copy_state(state)
    if state.phase == Phase.OVER:
        return out
    if out.solo is not None:
        out.solo = hide_solo(out.solo)
    for other, player in enumerate(out.players):
        if other == seat:
            continue
        if state.solo is None or other != BOT_SEAT:  # Brahmabot's PP are public (solo ruling)
            player.pp = HIDDEN  # MJ-HIDE-1
        if not plan_revealed(state, other):
            player.plan = None  # MJ-HIDE-2
    return out


def hide_solo(solo: Solo) -> Solo:
    """MJ-HIDE-3: the deck, the character stack and the face-down tile are secret."""
    drawn = list(solo.drawn)
    if 0 <= solo.face_down < len(drawn):
        drawn[solo.face_down] = ""
    return msgspec.structs.replace(solo, stack=[], deck=[], drawn=drawn,
                                   stack_size=len(solo.stack))


def redact(event: ev.Event, seat: int | None) -> ev.Event:
    if isinstance(event, ev.SetupDrawn) and event.solo is not None:
        return msgspec.structs.replace(event, solo=hide_solo(event.solo))
    if isinstance(event, ev.RoundEnded) and event.deck:
        return msgspec.structs.replace(event, deck=())
    if isinstance(event, ev.PlanCommitted) and event.seat != seat:
        return msgspec.structs.replace(event, plan=None)
    if isinstance(event, ev.Gained) and event.seat != seat and event.pp and not (
        event.seat == BOT_SEAT and event.reason.startswith("Brahmabot")
    ):
        return msgspec.structs.replace(event, pp=0, hidden=True)
    return event
