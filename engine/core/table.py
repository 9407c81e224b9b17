"""A table: a game hosted for the people and programs sitting at it.

The UI, the bots and the SSH server talk to a table, never to a Game directly: a
``LocalTable`` holds the Game in-process; the SSH server offers the same methods
over a socket. Listeners are told after every change so every screen can refresh.

The table also owns what must be the same wherever a game is played (alone, hot
seat, over SSH):

* who plays each seat by computer, and when a computer moves: never for a seat whose
  decision it no longer is, never while an undo waits for agreement, and never into
  an undone future a person may still redo;
* the undo policy: a seat takes back its own last decision with every reply that
  followed; when that also takes back another person's decision, those people must
  agree first. Redo plays the undone decisions again exactly as they were. At a rated
  table (``undo="own-turn"``, Board Game Arena's policy) a seat takes back only a
  decision of its own turn: never past another player's decision, a draw or a secret
  revealed (a step that ran events nobody decided is a barrier: undoing it and
  choosing again would let the seat choose knowing what it drew).

How a computer's thinking is timed (a UI timer and a thread, the server's event loop,
or straight away) is the host's business: it hands the table a ``Clock``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from random import Random
from typing import Any, Protocol

import msgspec

from engine.core import draw
from engine.core.describe import Description
from engine.core.errors import NotAllowed, NothingToUndo, OutOfTurn, Refused
from engine.core.game import AnyGame
from engine.core.ruleset import AnyRuleset, Computer, Controller, Seat

Listener = Callable[[], None]
# (ruleset, the seat's view, seat, its legal intents, level, seeded generator) -> intent
Chooser = Callable[[Any, Any, int, list[Any], str, Random], Any]

log = logging.getLogger("engine.core.table")


class Clock(Protocol):
    """How a host runs the table's computer players."""

    def later(self, delay: float, fn: Callable[[], None]) -> None:
        """Call ``fn`` after ``delay`` seconds, on the host's own thread."""

    def off_thread(self, work: Callable[[], Any], then: Callable[[Any], None]) -> None:
        """Run ``work`` (a computer thinking) off that thread, then ``then(result)`` on it."""


def level_of(controller: Controller) -> str | None:
    """A computer's level (``hard``); None for a person."""
    return controller.level if isinstance(controller, Computer) else None


def decision_rng(seed: int, seat: int, step: int) -> Random:
    """A computer's generator for one decision: the same game seed brings the same
    computer moves, also after an undo."""
    return Random(f"bot/{seed}/{seat}/{step}")


def random_chooser(ruleset: Any, view: Any, seat: int, legal: list[Any], level: str,
                   rng: Random) -> Any:
    """The weakest computer player: any legal intent (tests, games without bots)."""
    return draw.choice(rng, legal)


class ComputerTurn(msgspec.Struct, frozen=True):
    """One computer decision, captured on the host's thread; ``choose`` is safe anywhere."""

    seat: int
    version: int
    level: str
    view: Any
    legal: list[Any]
    rng: Random
    ruleset: Any
    chooser: Chooser

    def choose(self) -> Any:
        return self.chooser(self.ruleset, self.view, self.seat, self.legal, self.level,
                            self.rng)


class UndoRequest(msgspec.Struct, frozen=True):
    """An undo waiting for the people whose decisions it would take back."""

    by: int
    keep: int  # steps kept: everything before the requester's last decision
    others: frozenset[int]
    agreed: frozenset[int] = frozenset()

    @property
    def waiting(self) -> frozenset[int]:
        return self.others - self.agreed


class _Driver(msgspec.Struct):
    clock: Clock
    delay: float
    busy: bool = False
    stopped: bool = False
    errors: list[Callable[[int, BaseException], None]] = msgspec.field(default_factory=list)


class Table(Protocol):
    """What a screen asks of a table, wherever the game is held: ``LocalTable`` (this
    process) and the server's ``RemoteTable`` (a seat at a table on the server) both
    are one. Refusals are ``engine.core.errors.Refused`` of their kind.

    What only a game held here offers (its whole log for the replay, the final story
    and save-as; its autosave) is asked of ``held_here(table)``."""

    @property
    def ruleset(self) -> AnyRuleset: ...

    @property
    def seats(self) -> list[Seat]: ...

    @property
    def hints(self) -> bool:
        """May a seat ask the hard computer for a hint here (the table's option)?"""
        ...

    @property
    def pending_undo(self) -> UndoRequest | None:
        """The undo waiting for the agreement of the people it would take back."""
        ...

    def subscribe(self, listener: Listener) -> None:
        """Call ``listener`` after every change (maybe from another thread)."""

    def unsubscribe(self, listener: Listener) -> None: ...

    def to_move(self) -> tuple[int, ...]: ...

    def view(self, seat: int | None) -> Any:
        """What ``seat`` may know (None: the public view), a state of the ruleset's."""

    def legal_intents(self, seat: int) -> list[Any]: ...

    def log(self, seat: int | None) -> list[Description]: ...

    def play(self, seat: int, intent: Any) -> list[Any]: ...

    def undo(self, seat: int) -> UndoRequest | None:
        """Take back ``seat``'s last decision: done (None) or waiting for others."""

    def answer_undo(self, seat: int, agree: bool) -> None: ...

    def redo(self, seat: int) -> None: ...


class LocalTable:
    def __init__(self, game: AnyGame, autosave: Path | None = None, *,
                 chooser: Chooser | None = None, hints: bool = True,
                 save_later: Callable[[Callable[[], None]], Any] | None = None,
                 undo: str = "agree") -> None:
        """``save_later``: how the host runs the autosave after the listeners have shown
        a change (a UI: after its next frame, so the disk's sync is not part of the
        frame; ``flush`` writes a waiting one at once); None: before telling them."""
        self.game = game
        # May a seat ask the hard computer for a hint? A table option (SSH tables say
        # no unless their creator allows it); the UI asks it from the seat's view only.
        self.hints = hints
        # "agree": others whose decisions an undo takes back agree first; "own-turn":
        # only within the seat's own turn, never past a draw or a reveal (rated tables).
        self.undo_policy = undo
        self.autosave = autosave
        # Why the last autosave failed (a read-only or full disk), None once it works:
        # the game goes on in memory and the UI says autosave is off.
        self.autosave_problem: str | None = None
        self._save_later = save_later
        self._save_due = False  # a change waits for its autosave (save_later)
        # Hosts pass the bots' chooser (engine.bots.choose): the core knows no game.
        self.chooser: Chooser = chooser or random_chooser
        self.version = 0  # changes so far: a computer's decision for an older one is dropped
        self.stand_ins: dict[int, str] = {}  # a person's seat played by a computer (level)
        self.pending_undo: UndoRequest | None = None
        self._listeners: list[Listener] = []
        self._driver: _Driver | None = None

    @property
    def ruleset(self) -> AnyRuleset:
        return self.game.ruleset

    @property
    def seats(self) -> list[Seat]:
        return self.game.seats

    def subscribe(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def unsubscribe(self, listener: Listener) -> None:
        """Forget a listener (a closed screen), so the table does not keep it alive."""
        if listener in self._listeners:
            self._listeners.remove(listener)

    # ----------------------------------------------------------------- reading
    def to_move(self) -> tuple[int, ...]:
        return self.game.to_move()

    def view(self, seat: int | None) -> Any:
        return self.game.view(seat)

    def legal_intents(self, seat: int) -> list[Any]:
        return self.game.legal_intents(seat)

    def log(self, seat: int | None) -> list[Description]:
        return self.game.descriptions(seat)

    def level(self, seat: int) -> str | None:
        """The level of the computer playing ``seat`` now; None for a person."""
        if seat in self.stand_ins:
            return self.stand_ins[seat]
        return level_of(self.game.seats[seat].controller)

    def people(self) -> set[int]:
        """Seats a person plays now (a stand-in computer's seat is not one)."""
        return {s for s in range(len(self.game.seats)) if self.level(s) is None}

    # ------------------------------------------------------------------ acting
    def play(self, seat: int, intent: Any) -> list[Any]:
        events = self.game.play(seat, intent)
        self.pending_undo = None  # the game moved on: a waiting undo no longer holds
        self._changed()
        return events

    # -------------------------------------------------------------- undo, redo
    def undo(self, seat: int) -> UndoRequest | None:
        """``seat`` takes back its last decision and everything after it.

        Done at once (None) unless it takes back another person's decision: then the
        request is returned and waits for them (``answer_undo``).
        """
        keep = self.game.last_step_of(seat)
        if keep is None:
            raise NothingToUndo("CORE-UNDO-1", "you have no decision to take back")
        if self.undo_policy == "own-turn":
            self._within_own_turn(seat, keep)
        others = frozenset({step.seat for step in self.game.steps[keep:]} & self.people())
        others -= {seat}
        if not others:
            self.pending_undo = None
            self._undo_to(keep)
            return None
        self.pending_undo = UndoRequest(seat, keep, others)
        self._changed()
        return self.pending_undo

    def _within_own_turn(self, seat: int, keep: int) -> None:
        """The rated tables' undo: refused (CORE-UNDO-3..5) past another player's
        decision, past a draw or a reveal, or once the seat's turn has passed."""
        game = self.game
        if keep != len(game.steps) - 1:
            raise NotAllowed("CORE-UNDO-3", "another player has decided since: at this "
                                               "table you take back only within your own "
                                               "turn")
        if game.drew(keep):
            raise NotAllowed("CORE-UNDO-4", "your decision drew or revealed something "
                                               "(or scored): at this table it stands")
        before = set(game.ruleset.to_move(game.state_at(keep)))
        now = set(game.to_move())
        if seat not in now and not now <= before:
            raise NotAllowed("CORE-UNDO-5", "your turn has passed: at this table it "
                                               "stands")

    def answer_undo(self, seat: int, agree: bool) -> None:
        """A person asked by a waiting undo answers; the requester may withdraw it."""
        request = self.pending_undo
        if request is None or (seat not in request.others and seat != request.by):
            raise OutOfTurn("CORE-UNDO-2", "no undo is waiting for your answer")
        if not agree or seat == request.by:
            self.pending_undo = None
            self._changed()
            return
        request = UndoRequest(request.by, request.keep, request.others,
                              request.agreed | {seat})
        self.pending_undo = request
        if request.waiting:
            self._changed()
            return
        self.pending_undo = None
        self._undo_to(request.keep)

    def _undo_to(self, keep: int) -> None:
        while self.game.can_undo() and len(self.game.steps) > keep:
            self.game.undo()
        self._changed()

    def can_redo(self, seat: int) -> bool:
        """Whether ``seat`` decided the next undone step (its to redo)."""
        step = self.game.next_redo()
        return step is not None and step.seat == seat

    def redo(self, seat: int) -> None:
        """Play ``seat``'s undone decision again, and the computers' replies that followed."""
        if not self.can_redo(seat):
            raise NothingToUndo("CORE-REDO-1", "you have no undone decision to play again")
        game = self.game
        game.redo()
        while (step := game.next_redo()) is not None and self.level(step.seat) is not None \
                and step.seat in game.to_move():
            game.redo()
        self.pending_undo = None
        self._changed()

    # ---------------------------------------------------------------- computers
    def hand_over(self, seat: int, level: str) -> None:
        """A computer plays ``seat`` until ``give_back`` (its player is gone)."""
        self.stand_ins[seat] = level
        self._changed()

    def give_back(self, seat: int) -> None:
        if self.stand_ins.pop(seat, None) is not None:
            self._changed()

    def computer_turn(self) -> ComputerTurn | None:
        """The computer decision due now, if any.

        None while an undo waits for agreement, and while a person who may redo is to
        move (the computers wait rather than overwrite the undone future).
        """
        game = self.game
        seat = self._computer_due()
        if seat is None:
            return None
        legal = game.legal_intents(seat)
        if not legal:
            return None
        level = self.level(seat) or "random"
        return ComputerTurn(seat, self.version, level, game.view(seat), legal,
                            decision_rng(game.seed, seat, len(game.steps)), game.ruleset,
                            self.chooser)

    def _computer_due(self) -> int | None:
        """The computer seat to move now, by the rules above (cheap: no view, no list)."""
        if self.pending_undo is not None:
            return None
        to_move = self.game.to_move()
        bots = [s for s in to_move if self.level(s) is not None]
        if not bots or (self.game.can_redo() and len(bots) < len(to_move)):
            return None
        return bots[0]

    def play_computer(self, turn: ComputerTurn, intent: Any) -> bool:
        """Play a computer's choice if the game is still where it thought; else False."""
        if turn.version != self.version or turn.seat not in self.game.to_move() \
                or self.level(turn.seat) is None:
            return False
        self.play(turn.seat, intent)
        return True

    def run_computers(self, limit: int | None = None) -> int:
        """Play every due computer decision now (no host clock); returns how many."""
        played = 0
        while limit is None or played < limit:
            turn = self.computer_turn()
            if turn is None:
                break
            self.play_computer(turn, turn.choose())
            played += 1
        return played

    def drive(self, clock: Clock, delay: float = 0.0,
              on_error: Callable[[int, BaseException], None] | None = None) -> None:
        """Let the computers move by themselves, timed by ``clock``, ``delay`` apart."""
        self._driver = _Driver(clock, delay)
        if on_error is not None:
            self._driver.errors.append(on_error)
        self._schedule()

    def stop(self) -> None:
        """No more computer moves (the table is closed or handed elsewhere)."""
        if self._driver is not None:
            self._driver.stopped = True
        self._driver = None

    def _schedule(self) -> None:
        driver = self._driver
        if driver is None or driver.busy or self._computer_due() is None:
            return
        driver.busy = True
        driver.clock.later(max(driver.delay, 0.0), lambda: self._think(driver))

    def _think(self, driver: _Driver) -> None:
        turn = None if driver.stopped else self.computer_turn()
        if turn is None:
            driver.busy = False
            return

        def work() -> tuple[Any, BaseException | None]:
            try:
                return turn.choose(), None
            except Exception as problem:  # reported on the host's thread, below
                return None, problem

        driver.clock.off_thread(work, lambda result: self._chosen(driver, turn, *result))

    def _chosen(self, driver: _Driver, turn: ComputerTurn, intent: Any,
                problem: BaseException | None) -> None:
        driver.busy = False
        if driver.stopped:
            return
        if problem is None:
            try:
                if self.play_computer(turn, intent):
                    return  # play() scheduled the next one
            except Refused as refusal:  # a bot's bug: say so rather than stall
                problem = refusal
        if problem is not None:
            # Only its type here: a message could quote a seat's view (its secrets).
            log.warning("computer at seat %d failed: %s", turn.seat, type(problem).__name__)
            for report in driver.errors:
                report(turn.seat, problem)
            return
        self._schedule()  # the game changed while it thought: think again

    # ------------------------------------------------------------------ changes
    def save_autosave(self) -> None:
        """Write the autosave; a failure never loses the move played (every change tries
        again)."""
        if self.autosave is None:
            return
        from engine.core import record  # written after the first frame (the launch)

        try:
            record.save(self.game, self.autosave)
        except OSError as exc:
            self.autosave_problem = f"{self.autosave.parent}: {exc.strerror or exc}"
        else:
            self.autosave_problem = None

    def save_soon(self) -> None:
        """Write the autosave as a change does: through ``save_later`` when the host has
        one (a UI: after its next frame; a failure then tells the listeners), else now.
        Each change asks again while a write waits: a UI's request waits on the screen
        shown when it came, and one covered or closed before its next frame never ran it,
        which stopped the autosave for the rest of the game. The first request to run
        writes; the others find nothing waiting."""
        if self._save_later is None or self.autosave is None:
            self.save_autosave()
        else:
            self._save_due = True
            self._save_later(self._save_waiting)

    def flush(self) -> None:
        """Write the autosave a change still waits for (the host closes the game)."""
        if self._save_due:
            self._save_waiting()

    def _save_waiting(self) -> None:
        if not self._save_due:
            return  # written meanwhile (flush)
        self._save_due = False
        problem = self.autosave_problem
        self.save_autosave()
        if self.autosave_problem != problem:  # autosave went off or works again: say so
            self._tell()

    def _tell(self) -> None:
        for listener in list(self._listeners):
            listener()

    def _changed(self) -> None:
        self.version += 1
        self.save_soon()  # one write for changes that come together
        self._tell()
        self._schedule()


def held_here(table: Table) -> LocalTable | None:
    """``table`` when its game is held in this process, with its whole log and its
    autosave; None for a seat at a table held elsewhere (a server's)."""
    return table if isinstance(table, LocalTable) else None
