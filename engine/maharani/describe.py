"""One line per event for the move log, as (text, role) segments the UI colours."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.describe import Description, Segment, desc
from engine.core.words import counted
from engine.maharani import components as C
from engine.maharani import events as ev
from engine.maharani.board import palace
from engine.maharani.state import State


def _seat(state: State, seat: int) -> Segment:
    colours = state.players[seat].colours if seat < len(state.players) else ()
    name = "+".join(c.capitalize() for c in colours) or f"Seat {seat + 1}"
    return (name, f"seat:{seat}")


def _tile(tile: str) -> Segment:
    t = palace().tiles[tile]
    colour = t.colour.removeprefix("T_").lower()
    return (f"{'an' if colour[0] in 'aeiou' else 'a'} {colour} {t.type} tile", "tile")


def _gold(amount: int) -> Segment:
    return (f"{amount} gold", "coins")


def _set_up(e: ev.GameSetUp, s: State) -> Description:
    return desc(_seat(s, e.first), " plays first (M-SETUP-2)")


def _filled(e: ev.TurntableFilled, s: State) -> Description:
    parts: list[str | Segment] = ["The turntable is refilled: "]
    for n, (slot, tile) in enumerate(e.drawn):
        parts += [", " if n else "", f"slot {slot} ", _tile(tile)]
    if not e.drawn:
        parts.append("the bag is empty")
    if e.removed:
        parts.append(f"; {counted(len(e.removed), 'central-column tile')} drawn "
                     f"{'leaves' if len(e.removed) == 1 else 'leave'} the game (M-EOT-3)")
    return desc(*parts)


def _purged(e: ev.CentralPurged, s: State) -> Description:
    slots = ", ".join(str(slot) for slot, _ in e.tiles)
    which = f"the tile in slot {slots} leaves" if len(e.tiles) == 1 else \
        f"the tiles in slots {slots} leave"
    return desc(f"Every central column is built: {which} the game (M-EOT-2)")


def _turn(e: ev.TurnStarted, s: State) -> Description:
    return desc(_seat(s, e.seat), "'s turn; the turntable points ",
                (C.SIDE_NAMES[C.SIDES[e.orientation]], "side"))


def _placed(e: ev.TilePlaced, s: State) -> Description:
    marker = f", turning the {e.source} marker face down" if e.marker else ""
    return desc(_seat(s, e.seat), " places ", _tile(e.tile), f" from slot {e.slot} on ",
                (e.cell, "cell"), f" pointing {C.SIDES[e.arrow]}{marker}: +", _gold(e.gold),
                f" (a zone of {len(e.zone)})")


def _artisan(e: ev.ArtisanStep, s: State) -> Description:
    how = f"moves from {e.source} to" if e.source else "is placed on"
    # Whose artisan it is, unseen (its colour word keeps the artisan's colour): the log
    # and "since your last turn" tell a seat's own doings from the others'.
    return desc(("", f"seat:{e.seat}"), "A ", (e.colour.capitalize(), "artisan"),
                f" artisan {how} ", (e.cell, "cell"),
                ": +", _gold(e.gold), f" (a group of {len(e.group)})")


def _refreshed(e: ev.Refreshed, s: State) -> Description:
    return desc(_seat(s, e.seat), " turns all action markers face up (M-REFRESH-1)")


def _ended_turn(e: ev.TurnEnded, s: State) -> Description:
    if e.fee:
        return desc(_seat(s, e.seat), " pays ", _gold(e.fee), " for the second tile (M-EOT-1)")
    return desc(_seat(s, e.seat), " ends the turn")


def _scored(e: ev.QuarterScored, s: State) -> Description:
    parts: list[str | Segment] = [f"Quarter {e.quarter} is scored"]
    if not e.complete:
        parts.append(" unfinished (M-END-2)")
    parts.append(": ")
    for n, (seat, colour, count, gold) in enumerate(e.gains):
        parts += [", " if n else "", _seat(s, seat), f" {count} {colour.lower()} +", _gold(gold)]
    if not e.gains:
        parts.append("no artisans there")
    return desc(*parts)


def _game_ended(e: ev.GameEnded, s: State) -> Description:
    parts: list[str | Segment] = ["The game ends" + (" early (M-END-2)" if e.exceptional else "")]
    parts.append("; the winner is " if len(e.winners) == 1 else "; the winners are ")
    for n, seat in enumerate(e.winners):
        parts += [" and " if n else "", _seat(s, seat)]
    return desc(*parts)


_DESCRIBE: dict[type, Callable[[Any, State], Description]] = {
    ev.GameSetUp: _set_up, ev.TurntableFilled: _filled, ev.CentralPurged: _purged,
    ev.TurnStarted: _turn, ev.TilePlaced: _placed, ev.ArtisanStep: _artisan,
    ev.Refreshed: _refreshed, ev.TurnEnded: _ended_turn, ev.QuarterScored: _scored,
    ev.GameEnded: _game_ended,
}


def describe(event: Any, state: State) -> Description:
    return _DESCRIBE[type(event)](event, state)
