"""What each seat may know (M-INFO-1): everything but the order of the bag.

The state never holds an order (draws are made when they happen), and views keep
the bag sorted, so a view tells which tiles are still in the bag and nothing more.
Events hold no secret: a drawn tile goes face up on the turntable at once.
"""

from __future__ import annotations

from random import Random

import msgspec

from engine.maharani import events as ev
from engine.maharani.state import State


def view(state: State, seat: int | None) -> State:
    copy = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=State)
    copy.bag.sort()
    return copy


def redact(event: ev.Event, seat: int | None) -> ev.Event:
    return event


def fork(state: State, seat: int, rng: Random) -> State:
    """Play from here (``Ruleset.fork``): everything is public but the bag's order
    (M-INFO-1), which no state holds: the new game's seed makes its draws."""
    return view(state, seat)
