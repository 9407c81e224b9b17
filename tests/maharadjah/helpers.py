"""Positions built by hand and driven through the ruleset as the core would drive it."""

from __future__ import annotations

from random import Random
from typing import Any

from engine.core.errors import IllegalIntent
from engine.maharadjah import RULESET, Options
from engine.maharadjah import events as ev
from engine.maharadjah.board import the_rules
from engine.maharadjah.state import State


class Dice(Random):
    """A generator whose d6 rolls are given in advance (W-GEN-11: dice come from the rng).

    A die is ``draw.randint(rng, 1, 6)``, a number below 6 plus one (engine.core.draw):
    each number asked of the generator is the next roll less one."""

    def __init__(self, rolls: list[int]) -> None:
        super().__init__(0)
        self.rolls = list(rolls)

    def getrandbits(self, k: int, /) -> int:
        return self.rolls.pop(0) - 1


def position(turn: int, active: str, armies: dict[str, dict[str, int]],
             seats: int = 4, phase: str = "move", **extra: Any) -> State:
    """A standard game in ``turn`` with ``active`` at the start of ``phase``."""
    state = RULESET.new_state(Options(), [None] * seats)  # type: ignore[list-item]
    for event in RULESET.automatic(state, Random(0)):  # the setup: control and VP sheets
        RULESET.apply(state, event)
    state.armies = {s: dict(here) for s, here in armies.items()}
    state.turn = turn
    state.active = active
    state.seq = the_rules().order.index(active)
    RULESET.apply(state, ev.PhaseStarted(phase=phase, move_round=1))
    for key, value in extra.items():
        setattr(state, key, value)
    return state


def seat(state: State, nation: str) -> int:
    return state.control[nation]


def play(state: State, nation: str, intent: Any, rng: Random | None = None) -> list[Any]:
    """Decide and apply ``intent`` from ``nation``'s seat, then what follows on its own."""
    events = RULESET.decide(state, seat(state, nation), intent)
    for event in events:
        RULESET.apply(state, event)
    return events + settle(state, rng)


def settle(state: State, rng: Random | None = None) -> list[Any]:
    out: list[Any] = []
    while more := RULESET.automatic(state, rng or Random(0)):
        for event in more:
            RULESET.apply(state, event)
        out += more
    return out


def refused(state: State, nation: str, intent: Any) -> str:
    """The rule id a refusal cites (fails when the intent is accepted)."""
    try:
        RULESET.decide(state, seat(state, nation), intent)
    except IllegalIntent as exc:
        return exc.rule
    raise AssertionError(f"{intent} was accepted")


def of(events: list[Any], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def end_move(state: State, nation: str, rng: Random | None = None) -> list[Any]:
    """End the Movement Phase (it ends on its own once nothing can move)."""
    if state.phase == "move":
        return play(state, nation, EndMovementIntent(), rng)
    return []


from engine.maharadjah.intents import EndMovement as EndMovementIntent  # noqa: E402
