"""What is known of a position until it changes, kept beside the state object.

A Movement Phase asks the same questions of one position several times (whether a
stack can still move, the listing, the move's judgement): the search inputs and the
stacking judgement of its active nation. Only ``fold.apply`` changes a state (see
``state``), and it forgets the state's entry at every event; an entry also holds the
dicts and lists it was read from, so a state whose attributes were replaced outright
(a test setting up a position) is never answered from it.
"""

from __future__ import annotations

from typing import Any

from engine.maharadjah.state import State

_KEPT = 8  # positions remembered: the one being played and a few bots' copies


class Entry:
    __slots__ = ("active", "allies", "arrived", "armies", "fresh", "refused", "state",
                 "submissions", "turn", "values")

    def __init__(self, state: State) -> None:
        self.state = state  # held: its id is not reused while the entry lives
        self.armies, self.fresh, self.arrived = state.armies, state.fresh, state.arrived
        self.refused, self.submissions, self.allies = (state.refused, state.submissions,
                                                       state.allies)
        self.turn, self.active = state.turn, state.active
        self.values: dict[str, Any] = {}

    def holds(self, state: State) -> bool:
        return (self.state is state and self.armies is state.armies
                and self.fresh is state.fresh and self.arrived is state.arrived
                and self.refused is state.refused and self.submissions is state.submissions
                and self.allies is state.allies
                and self.turn == state.turn and self.active == state.active)


_ENTRIES: dict[int, Entry] = {}


def of(state: State) -> dict[str, Any]:
    """The values kept for ``state`` as it is now (empty for a new or changed one)."""
    entry = _ENTRIES.get(id(state))
    if entry is None or not entry.holds(state):
        if len(_ENTRIES) >= _KEPT:
            # the oldest goes: the position being played keeps what it knows (a carried
            # stacking judgement is kept nowhere else) while bots' copies come and go
            del _ENTRIES[next(iter(_ENTRIES))]
        entry = _ENTRIES[id(state)] = Entry(state)
    return entry.values


def peek(state: State, name: str) -> Any:
    """The value ``name`` kept for ``state`` as it is now, or None."""
    entry = _ENTRIES.get(id(state))
    if entry is None or not entry.holds(state):
        return None
    return entry.values.get(name)


def kept(state: State) -> dict[str, Any]:
    """The values kept for ``state`` as it is now, without keeping any for a new or
    changed one (empty then): ``peek`` of several names."""
    entry = _ENTRIES.get(id(state))
    if entry is None or not entry.holds(state):
        return {}
    return entry.values


def forget(state: State) -> None:
    """``state`` changes now (``fold.apply``)."""
    _ENTRIES.pop(id(state), None)


# ``forget`` without a Python call in front: ``drop(id(state), None)``. ``fold.apply``
# forgets the state at every event of every step (several a decision).
drop = _ENTRIES.pop
