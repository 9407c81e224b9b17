"""A game in progress: the log of steps, the live state, undo and redo.

A *step* is one decision (a seat's intent) with the events it produced, plus any
automatic events that followed (scoring, the next phase). The step list is the
single source of truth; the live state is the fold of its events and is only ever
changed by ``Ruleset.apply``.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Iterator
from random import Random
from typing import Any, Generic, Protocol, TypeVar

import msgspec

from engine.core.describe import Description, marked
from engine.core.errors import NothingToUndo, OutOfTurn, Refused, RulesetError
from engine.core.rng import rng_for
from engine.core.ruleset import LegalGroup, Ruleset, Seat

E = TypeVar("E")
I = TypeVar("I")  # noqa: E741
S = TypeVar("S")
O = TypeVar("O")  # noqa: E741

SETUP_SEAT = -1  # the seat of automatic steps no one decided (the setup draws)
SNAPSHOT_EVERY = 16  # steps between stored snapshots: bounds undo/seek cost
# Automatic batches one step may run before the core calls the ruleset broken. A whole
# Brahmabot turn is a few batches; a ruleset that never returns [] would hang the game.
MAX_AUTOMATIC_BATCHES = 10_000


class Dealer(Protocol):
    """Draws given from outside instead of the seed's (a record of a game played on a
    real table states what was drawn): called with each automatic batch the seed drew,
    the state it applies to, the step's index and the batch's number, it returns the
    batch to apply (the same list when it gives nothing). It never changes the state."""

    def __call__(self, state: Any, step: int, batch: int, drawn: list[Any]) -> list[Any]:
        ...


class Step(msgspec.Struct, Generic[I, E], array_like=True, gc=False):
    # gc=False: a step holds its intent and its events, never itself; the cyclic
    # collector need not walk one more object a decision
    seat: int
    intent: I | None
    events: list[E]


def snapshot(state: object) -> bytes:
    return msgspec.msgpack.encode(state)


def restore(data: bytes, state_type: type[S]) -> S:
    return msgspec.msgpack.decode(data, type=state_type)


def copy_state(state: S) -> S:
    return restore(snapshot(state), type(state))


def now() -> str:
    return _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds")


class _Described(Generic[S]):
    """One seat's move log so far, and the state folded up to where it stops."""

    __slots__ = ("ends", "lines", "state", "steps")

    def __init__(self, state: S) -> None:
        self.state = state
        self.steps = 0
        self.lines: list[Description] = []
        self.ends: list[int] = []  # how many lines there are after each step

    def cut(self, count: int, state: S) -> None:
        """Only the first ``count`` steps' lines, ``state`` the state after them."""
        del self.lines[self.ends[count - 1] if count else 0:]
        del self.ends[count:]
        self.steps = count
        self.state = state


class Game(Generic[S, I, E, O]):
    """One game of any ruleset: play intents, undo, redo, and read seat views."""

    def __init__(
        self,
        ruleset: Ruleset[S, I, E, O],
        seats: list[Seat],
        options: O | None = None,
        seed: int = 0,
        *,
        created: str | None = None,
        start: S | None = None,
        dealer: Dealer | None = None,
        _steps: list[Step[I, E]] | None = None,
    ) -> None:
        """``start``: the state the game begins from instead of a new one (a game
        played from a position of another, ``engine.core.fork``); saved with it.
        ``dealer``: the draws a game read from a record gives (see ``Dealer``); a save
        holds the events it made but not the dealer, so such a game is kept as its
        record (``engine.core.record_text``), not saved."""
        self.ruleset = ruleset
        self.seats = list(seats)
        self.options: O = options if options is not None else ruleset.Options()
        self.seed = seed
        self.created = created or now()
        ruleset.check_options(self.options, self.seats)
        self.steps: list[Step[I, E]] = []
        self._redo: list[Step[I, E]] = []
        self._snapshots: dict[int, bytes] = {}
        self._described: dict[int | None, _Described[S]] = {}
        self.start = start
        self.dealer = dealer
        self.state: S = self.initial_state()
        self._snapshots[0] = snapshot(self.state)
        if _steps is None:
            self._run_automatic(SETUP_SEAT, None, [])
        else:
            self._fold(_steps)

    # ----------------------------------------------------------------- reading
    def initial_state(self) -> S:
        """A fresh copy of the state before the first step."""
        if self.start is not None:
            return copy_state(self.start)
        return self.ruleset.new_state(self.options, self.seats)

    def to_move(self) -> tuple[int, ...]:
        return self.ruleset.to_move(self.state)

    def is_over(self) -> bool:
        return self.ruleset.is_over(self.state)

    def legal_intents(self, seat: int) -> list[I]:
        return self.ruleset.legal_intents(self.state, seat)

    def legal_groups(self, seat: int) -> Iterator[LegalGroup[I]]:
        """The legal intents in groups produced lazily (see ``Ruleset.legal_groups``)."""
        return self.ruleset.legal_groups(self.state, seat)

    def is_legal(self, seat: int, intent: I) -> bool:
        """Would ``play(seat, intent)`` be accepted now? Lists nothing, raises nothing."""
        return seat in self.to_move() and self.ruleset.is_legal(self.state, seat, intent)

    def view(self, seat: int | None) -> S:
        """What ``seat`` may know; ``None`` is a spectator."""
        return self.ruleset.view(self.state, seat)

    def events(self) -> Iterator[tuple[int, E]]:
        """Every event of the log with the index of its step."""
        for index, step in enumerate(self.steps):
            for event in step.events:
                yield index, event

    def descriptions(self, seat: int | None) -> list[Description]:
        """The move log as ``seat`` may read it.

        Built incrementally: each seat's lines are kept with the state folded up to
        their end and extended by the steps appended since; undo cuts what it takes
        back. The UI asks after every change, so a long game costs no refold, and an
        undo none either (it described the whole game again: an undo's cost grew with
        the game's length).
        """
        rules = self.ruleset
        done = self._described.get(seat)
        if done is None:
            done = self._described[seat] = _Described(self.initial_state())
        try:
            for step in self.steps[done.steps:]:
                for event in step.events:
                    done.lines.append(marked(rules.describe(rules.redact(event, seat),
                                                            done.state),
                                             rules.boundary(event)))
                    rules.apply(done.state, event)
                done.ends.append(len(done.lines))
        except BaseException:
            del self._described[seat]  # half a step folded: start this seat again next time
            raise
        done.steps = len(self.steps)
        return list(done.lines)

    def stored_snapshots(self) -> dict[int, bytes]:
        """The states stored every ``SNAPSHOT_EVERY`` steps as they were played or
        folded again, by step count (0: the start; a trusted load stores no other); a
        replay seeks from them instead of folding the log again."""
        return dict(self._snapshots)

    # ------------------------------------------------------------------ acting
    def play(self, seat: int, intent: I) -> list[E]:
        """Validate and apply an intent; returns every event it produced.

        Raises a Refused (OutOfTurn, Forbidden: engine.core.errors), leaving the game
        untouched, when the rules refuse.
        """
        if seat not in self.to_move():
            raise OutOfTurn("CORE-1", f"it is not {self._seat_name(seat)}'s decision now")
        events = self.ruleset.decide(self.state, seat, intent)
        self._redo.clear()
        return self._run_automatic(seat, intent, events)

    def play_listed(self, seat: int, intent: I) -> list[E]:
        """``play`` for an intent that ``legal_intents(seat)`` (or the ruleset's
        ``random_intent``) produced for the current state: the trusted path of autoplay
        and the computers, which skips what the listing already checked (whose move it
        is, the rules' validation). Anything from outside goes through ``play``."""
        events = self.ruleset.decide_listed(self.state, seat, intent)
        self._redo.clear()
        return self._run_automatic(seat, intent, events)

    def random_intent(self, seat: int, rng: Random) -> I:
        """A uniformly random legal intent of ``seat``: what
        ``draw.choice(rng, legal_intents(seat))`` picks."""
        return self.ruleset.random_intent(self.state, seat, rng)

    def _run_automatic(self, seat: int, intent: I | None, events: list[E]) -> list[E]:
        # every decision runs this: the ruleset's functions and the state in locals
        rules, state, seed, dealer = self.ruleset, self.state, self.seed, self.dealer
        apply, automatic = rules.apply, rules.automatic
        steps = self.steps
        index = len(steps)
        events = list(events)  # the step's own list, extended by the automatic batches
        for event in events:
            apply(state, event)
        batch = 0
        while more := automatic(state, rng_for(seed, index, batch)):
            if dealer is not None:
                more = dealer(state, index, batch, more)
            batch += 1
            if batch > MAX_AUTOMATIC_BATCHES:
                self._abandon_step()
                raise RulesetError(
                    f"ruleset {rules.id!r} still emits automatic events after "
                    f"{MAX_AUTOMATIC_BATCHES} batches in one step: it never settles "
                    "(a bug in its automatic())")
            for event in more:
                apply(state, event)
            events.extend(more)
        steps.append(Step(seat, intent, events))
        if (index + 1) % SNAPSHOT_EVERY == 0:  # _remember, inline
            self._snapshots[index + 1] = snapshot(state)
        return events

    def _abandon_step(self) -> None:
        """Put the state back as it was before the step being run (the log is intact)."""
        self._refold(len(self.steps))

    def _append(self, step: Step[I, E]) -> None:
        """Fold a recorded step without validating it (trusted replay)."""
        for event in step.events:
            self.ruleset.apply(self.state, event)
        self.steps.append(step)
        self._remember(len(self.steps))

    def _fold(self, steps: list[Step[I, E]]) -> None:
        """Fold recorded steps without validating them (a trusted load), in one loop
        without a call per step (loads fold thousands). It stores no snapshot: a load
        shows one position, and undo stores them as it folds again (``_refold``)."""
        apply, state = self.ruleset.apply, self.state
        for step in steps:
            for event in step.events:
                apply(state, event)
        self.steps += steps

    def _refold(self, count: int) -> None:
        """The state after the first ``count`` steps, folded from the last snapshot
        before them, storing the snapshots it passes (a trusted load stored none)."""
        stored = self._snapshots
        base = max(i for i in stored if i <= count)
        state = self.state = restore(stored[base], type(self.state))
        apply, steps = self.ruleset.apply, self.steps
        for done in range(base + 1, count + 1):
            for event in steps[done - 1].events:
                apply(state, event)
            if done % SNAPSHOT_EVERY == 0 and done not in stored:
                stored[done] = snapshot(state)

    def _remember(self, count: int) -> None:
        if count % SNAPSHOT_EVERY == 0:
            self._snapshots[count] = snapshot(self.state)

    # ------------------------------------------------------------- undo, redo
    @property
    def first_undoable(self) -> int:
        """Steps before this index (the setup draws) cannot be undone."""
        return 1

    def can_undo(self) -> bool:
        return len(self.steps) > self.first_undoable

    def can_redo(self) -> bool:
        return bool(self._redo)

    def next_redo(self) -> Step[I, E] | None:
        """The step ``redo`` would play again, if any."""
        return self._redo[-1] if self._redo else None

    def undo(self) -> Step[I, E]:
        """Take back the last step; it can be redone until a new intent is played."""
        if not self.can_undo():
            raise NothingToUndo("CORE-2", "there is nothing to undo")
        step = self.steps[-1]
        self.rewind(len(self.steps) - 1)
        self._redo.append(step)
        return step

    def redo(self) -> Step[I, E]:
        """Re-apply the last undone step exactly as it was (no new draw)."""
        if not self._redo:
            raise NothingToUndo("CORE-3", "there is nothing to redo")
        step = self._redo.pop()
        self._append(step)
        return step

    def rewind(self, count: int) -> None:
        """Keep only the first ``count`` steps, rebuilding the state from a snapshot."""
        count = max(count, self.first_undoable)
        self._refold(count)
        del self.steps[count:]
        for index in [i for i in self._snapshots if i > count]:
            del self._snapshots[index]
        # a log folded past the cut cannot be unfolded: it goes on from the state now,
        # each seat's log from a copy of its own (one snapshot taken for them all)
        cut = [done for done in self._described.values() if done.steps > count]
        if cut:
            now = snapshot(self.state)
            for done in cut:
                done.cut(count, restore(now, type(self.state)))

    def state_at(self, count: int) -> S:
        """A copy of the state after the first ``count`` steps, folded from the nearest
        stored snapshot; the game itself is untouched."""
        base = max(i for i in self._snapshots if i <= count)
        state = restore(self._snapshots[base], type(self.state))
        for step in self.steps[base:count]:
            for event in step.events:
                self.ruleset.apply(state, event)
        return state

    def drew(self, index: int) -> bool:
        """Whether step ``index`` ran events nobody decided after its decision (a draw,
        a secret revealed, a scoring): its decision decided again on the state before
        it (``decide`` is deterministic) gives fewer events than the step holds."""
        step = self.steps[index]
        if step.intent is None:
            return True
        try:
            decided = self.ruleset.decide(self.state_at(index), step.seat, step.intent)
        except Refused:
            return True  # cannot tell: as if it did
        return len(step.events) > len(decided)

    def last_step_of(self, seat: int) -> int | None:
        """Index of the last step ``seat`` decided, or None."""
        for index in range(len(self.steps) - 1, self.first_undoable - 1, -1):
            if self.steps[index].seat == seat:
                return index
        return None

    def _seat_name(self, seat: int) -> str:
        if 0 <= seat < len(self.seats):
            return self.seats[seat].name
        return f"seat {seat}"


AnyGame = Game[Any, Any, Any, Any]  # a game of whichever ruleset (tables, saves, replays)
AnyStep = Step[Any, Any]
