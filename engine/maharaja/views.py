"""Per-seat views that hide what a seat may not know (MJ-HIDE)."""

from __future__ import annotations

from random import Random

import msgspec

from engine.core import draw
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


def fork(state: State, seat: int, rng: Random) -> State:
    """Play from here (``Ruleset.fork``): ``seat``'s view, its unseen secrets redrawn.

    Rulings (the rules say nothing of starting mid-game): another seat's hidden PP
    total (MJ-HIDE-1) becomes ``seat``'s own total plus a draw in -2..+2 (at least 0),
    as the hard computer guesses it; a committed plan still secret (MJ-HIDE-2) is
    drawn again among all plans; Brahmabot's unseen tiles and characters (MJ-HIDE-3)
    are shuffled again.
    """
    from engine.maharaja.legal import PLANS

    out = view(state, seat)
    own = out.players[seat].pp
    for other, player in enumerate(out.players):
        if other == seat:
            continue
        if player.pp == HIDDEN:
            player.pp = max(0, own + draw.randint(rng, -2, 2))
        if player.planned and player.plan is None and not player.played:
            plan = draw.choice(rng, PLANS)
            player.plan = (int(plan.first), int(plan.second))
    if out.solo is not None and not out.solo.deck:
        deal_solo(out, rng)
    return out


def deal_solo(state: State, rng: Random) -> None:
    """MJ-HIDE-3: Brahmabot's unseen action tiles and character stack, shuffled anew
    (a fork here, and the bots' sampled worlds)."""
    from engine.maharaja.brahmabot import ACTION_TILES
    from engine.maharaja.components import CHARACTERS

    solo = state.solo
    assert solo is not None
    seen = set(solo.removed) | {t for t in solo.drawn if t}
    unseen = [t for t in ACTION_TILES if t not in seen and t != solo.check]
    draw.shuffle(rng, unseen)
    # The check tile turned up this round is the deck's top, never the face-down tile
    # (after Brahmabot's turn an unused face-down tile stays hidden, MJ-BOT-R2).
    solo.drawn = [t if t else unseen.pop() for t in solo.drawn]
    solo.deck = ([solo.check] if solo.check and solo.check not in seen else []) + unseen
    held = set(state.display) | {p.character for p in state.players}
    held |= {m.character for m in state.maharanis}
    characters = [c for c in CHARACTERS if c not in held]
    draw.shuffle(rng, characters)
    solo.stack = characters[: solo.stack_size]
