"""The table (engine.core.table), through small fake games that are no road-network game:
who may undo what, agreement, redo, and the computers it drives."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from random import Random
from typing import Any

import msgspec
import pytest

from engine.core import record
from engine.core.describe import Description, desc
from engine.core.errors import Forbidden, IllegalIntent
from engine.core.game import Game
from engine.core.ruleset import Computer, Seat
from engine.core.table import LocalTable, random_chooser
from tests.server.fake_ruleset import RULESET as DUEL


# ---------------------------------------------------------------- a turn game
class Options(msgspec.Struct, frozen=True):
    target: int = 12


class Add(msgspec.Struct, tag="add", frozen=True):
    amount: int


class Added(msgspec.Struct, tag="added"):
    seat: int
    amount: int


class State(msgspec.Struct):
    seats: int
    target: int
    total: int = 0
    turn: int = 0


class Race:
    """Seats take turns adding 1 or 2; the game ends at the target."""

    id = "test-race"
    name = "Race (test game)"
    rules_version = "1"
    min_seats = 1
    max_seats = 4
    State = State
    Event = Added
    Intent = Add
    Options = Options

    def new_state(self, options: Options, seats: list[Seat]) -> State:
        return State(len(seats), options.target)

    def check_options(self, options: Options, seats: list[Seat]) -> None:
        pass

    def automatic(self, state: State, rng: Random) -> list[Any]:
        return []

    def to_move(self, state: State) -> tuple[int, ...]:
        return () if state.total >= state.target else (state.turn,)

    def legal_intents(self, state: State, seat: int) -> list[Any]:
        return [Add(1), Add(2)] if seat in self.to_move(state) else []

    def decide(self, state: State, seat: int, intent: Any) -> list[Any]:
        if intent not in (Add(1), Add(2)):
            raise Forbidden("RACE-1", "add 1 or 2")
        return [Added(seat, intent.amount)]

    def apply(self, state: State, event: Any) -> None:
        state.total += event.amount
        state.turn = (state.turn + 1) % state.seats

    def view(self, state: State, seat: int | None) -> State:
        return msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=State)

    def redact(self, event: Any, seat: int | None) -> Any:
        return event

    def describe(self, event: Any, state: State) -> Description:
        return desc(f"seat {event.seat} adds {event.amount}")

    def boundary(self, event: Any) -> str | None:
        return None

    def is_over(self, state: State) -> bool:
        return state.total >= state.target


RACE = Race()
ME, OTHER = Seat("me"), Seat("you")
BOT = Seat("bot", Computer(level="random"))


def race(*seats: Seat, seed: int = 1) -> LocalTable:
    return LocalTable(Game(RACE, list(seats), Options(), seed))


def duel(*seats: Seat, seed: int = 1) -> LocalTable:
    return LocalTable(Game(DUEL, list(seats), DUEL.Options(), seed))


# ------------------------------------------------------------------- undo, redo
def test_undo_takes_back_my_decision_with_the_computers_replies_and_redo_restores_them() -> None:
    table = race(ME, BOT, BOT)
    table.play(0, Add(2))
    assert table.run_computers() == 2
    before = list(table.game.steps)
    assert table.undo(0) is None
    assert len(table.game.steps) == 1 and table.to_move() == (0,)
    assert table.computer_turn() is None
    table.redo(0)
    assert table.game.steps == before and table.to_move() == (0,)


def test_only_the_seat_that_decided_next_may_redo() -> None:
    table = race(ME, OTHER)
    table.play(0, Add(1))
    with pytest.raises(IllegalIntent) as nothing:
        table.undo(1)
    assert nothing.value.rule == "CORE-UNDO-1"
    table.undo(0)
    with pytest.raises(IllegalIntent) as refused:
        table.redo(1)
    assert refused.value.rule == "CORE-REDO-1"


def test_undo_across_another_persons_decision_waits_for_their_agreement() -> None:
    table = race(ME, OTHER, BOT)
    table.play(0, Add(1))
    table.play(1, Add(1))
    table.run_computers()
    steps = list(table.game.steps)
    request = table.undo(0)
    assert request is not None and request.others == {1}
    assert table.game.steps == steps, "nothing is taken back before they agree"
    assert table.computer_turn() is None
    with pytest.raises(IllegalIntent):
        table.answer_undo(2, True)  # a computer is not asked
    table.answer_undo(1, False)
    assert table.pending_undo is None and table.game.steps == steps
    table.undo(0)
    table.answer_undo(1, True)
    assert table.pending_undo is None and len(table.game.steps) == 1
    table.redo(0)
    assert table.to_move() == (1,)
    table.redo(1)  # the other player plays their own undone decision again
    assert table.game.steps == steps


def test_a_new_decision_withdraws_a_waiting_undo() -> None:
    table = duel(ME, OTHER)
    table.play(0, table.legal_intents(0)[0])
    table.play(1, table.legal_intents(1)[0])
    table.play(0, table.legal_intents(0)[0])
    assert table.undo(1) is not None
    table.play(1, table.legal_intents(1)[0])
    assert table.pending_undo is None


def test_a_handed_over_seat_is_played_by_a_computer_and_not_asked() -> None:
    table = race(ME, OTHER)
    table.play(0, Add(1))
    table.hand_over(1, "random")
    assert table.people() == {0} and table.run_computers(1) == 1
    assert table.undo(0) is None and len(table.game.steps) == 1
    table.give_back(1)
    assert table.level(1) is None


# -------------------------------------------------------------------- computers
def test_computers_wait_while_a_person_may_redo() -> None:
    table = duel(ME, BOT)  # both plan at once
    table.play(0, table.legal_intents(0)[0])
    table.run_computers()
    assert table.view(0).round == 2
    table.undo(0)
    assert table.to_move() == (0, 1)
    assert table.computer_turn() is None, "the computer would overwrite the undone future"
    table.play(0, table.legal_intents(0)[1])
    assert table.computer_turn() is not None


def test_a_computer_is_never_asked_for_a_seat_whose_turn_it_no_longer_is() -> None:
    table = race(ME, BOT)
    table.play(0, Add(1))
    turn = table.computer_turn()
    assert turn is not None and turn.seat == 1
    table.undo(0)
    assert table.play_computer(turn, turn.choose()) is False
    assert len(table.game.steps) == 1
    table.play(0, Add(2))
    assert table.play_computer(turn, turn.choose()) is False, "a decision for an old game"


def test_the_same_seed_brings_the_same_computer_moves_also_after_an_undo() -> None:
    def played(seed: int) -> list[Any]:
        table = race(BOT, BOT, BOT, seed=seed)
        table.run_computers()
        return table.game.steps

    assert played(3) == played(3)
    assert any(played(3) != played(s) for s in range(4, 10))
    table = race(ME, BOT, BOT, seed=3)
    table.play(0, Add(1))
    table.run_computers(2)
    first = list(table.game.steps)
    table.undo(0)
    table.play(0, Add(1))
    table.run_computers(2)
    assert table.game.steps == first


class FakeClock:
    """A host's clock, run by hand: ``later`` and ``off_thread`` queue their calls."""

    def __init__(self) -> None:
        self.queue: deque[Callable[[], None]] = deque()

    def later(self, delay: float, fn: Callable[[], None]) -> None:
        self.queue.append(fn)

    def off_thread(self, work: Callable[[], Any], then: Callable[[Any], None]) -> None:
        self.queue.append(lambda: then(work()))

    def run(self, limit: int = 1000) -> int:
        ran = 0
        while self.queue and ran < limit:
            self.queue.popleft()()
            ran += 1
        return ran


def test_a_driven_table_plays_its_computers_by_the_hosts_clock() -> None:
    table = race(ME, BOT, BOT)
    clock = FakeClock()
    table.drive(clock)
    assert not clock.queue
    table.play(0, Add(1))
    clock.run()
    assert table.to_move() == (0,) and len(table.game.steps) == 4
    table.play(0, Add(1))
    clock.queue.popleft()()  # the computer starts thinking...
    table.undo(0)  # ...and the game is taken back meanwhile
    clock.run()
    assert len(table.game.steps) == 4 and table.to_move() == (0,)
    table.stop()
    table.play(0, Add(2))
    clock.run()
    assert len(table.game.steps) == 5, "a stopped table's computers do not move"


def test_a_failing_computer_is_reported_and_stops_there() -> None:
    def broken(*args: Any) -> Any:
        raise RuntimeError("bot bug")

    table = LocalTable(Game(RACE, [ME, BOT], Options(), 1), chooser=broken)
    clock, failures = FakeClock(), []
    table.drive(clock, on_error=lambda seat, problem: failures.append((seat, problem)))
    table.play(0, Add(1))
    clock.run()
    assert [(s, str(p)) for s, p in failures] == [(1, "bot bug")]
    assert table.to_move() == (1,)


def test_the_default_chooser_is_random_legal() -> None:
    legal = [Add(1), Add(2)]
    assert random_chooser(RACE, None, 0, legal, "random", Random(1)) in legal


def test_a_deferred_autosave_is_written_after_the_listeners_once_for_changes_together(
        tmp_path: Any) -> None:
    """A UI shows the change first and writes the autosave after its frame
    (``save_later``); changes before that write share it, and ``flush`` writes a
    waiting one when the game closes."""
    later: list[Callable[[], None]] = []
    path = tmp_path / "game.json"
    table = LocalTable(Game(RACE, [ME, OTHER], Options(), 1), path, save_later=later.append)
    shown: list[bool] = []
    table.subscribe(lambda: shown.append(path.exists()))
    table.play(0, Add(1))
    table.play(1, Add(2))
    assert shown == [False, False] and len(later) == 2  # shown first; each change asks
    later.pop(0)()
    assert record.load(path, {RACE.id: RACE}).steps == table.game.steps
    path.unlink()
    later.pop()()  # the second request finds the write done: one write for both
    assert not path.exists()
    table.play(0, Add(1))
    table.flush()  # the host closes: written now, and not again when its turn comes
    assert record.load(path, {RACE.id: RACE}).steps == table.game.steps
    path.unlink()
    later.pop()()
    assert not path.exists()


def test_a_lost_autosave_request_is_asked_again_by_the_next_change(tmp_path: Any) -> None:
    """A UI runs the write after the next frame of the screen shown when it asked; a screen
    covered or closed first never ran it, and the autosave stopped for the rest of the game
    (a killed app resumed 22 steps in, from a game 100 steps on)."""
    later: list[Callable[[], None]] = []
    path = tmp_path / "game.json"
    table = LocalTable(Game(RACE, [ME, OTHER], Options(), 1), path, save_later=later.append)
    table.play(0, Add(1))
    later.clear()  # its screen went before its frame
    table.play(1, Add(2))
    later.pop()()
    assert record.load(path, {RACE.id: RACE}).steps == table.game.steps


def test_a_deferred_autosave_that_fails_tells_the_listeners(tmp_path: Any) -> None:
    """The UI says autosave is off once the late write fails (the change itself was
    shown before it), and again once it works."""
    later: list[Callable[[], None]] = []
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    table = LocalTable(Game(RACE, [ME, OTHER], Options(), 1), blocker / "game.json",
                       save_later=later.append)
    problems: list[str | None] = []
    table.subscribe(lambda: problems.append(table.autosave_problem))
    table.play(0, Add(1))
    later.pop()()
    assert problems[0] is None and problems[-1] is not None and len(problems) == 2
    blocker.unlink()
    blocker.mkdir()
    table.play(1, Add(1))
    later.pop()()
    assert problems[-1] is None and len(problems) == 4
