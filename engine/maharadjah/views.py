"""What each seat may know: everything. Maharadjah has no hidden information — armies,
posts, leaders, growth markers, dice and VP are all on the table (W-VP-7)."""

from __future__ import annotations

from random import Random

import msgspec

from engine.maharadjah import events as ev
from engine.maharadjah.state import State


def view(state: State, seat: int | None) -> State:
    return msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=State)


def redact(event: ev.Event, seat: int | None) -> ev.Event:
    return event


def fork(state: State, seat: int, rng: Random) -> State:
    """Play from here (``Ruleset.fork``): nothing is hidden, so the position as it is;
    the new game's seed draws the dice and events from there."""
    return view(state, seat)
