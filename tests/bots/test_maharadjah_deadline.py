"""The hard computer's wait at a Maharadjah table: its budget is CPU time of its own
thread, and a wall-clock ceiling (2 s) ends the decision first on a loaded machine, so a
player never waits longer whatever the other work on the machine. A fake clock makes
this exact: rollouts take wall-clock time of which the thread gets a third."""

from __future__ import annotations

import importlib
from random import Random

import pytest

from engine.bots import Budget, choose_intent
from engine.bots.budget import CEILING, DEFAULT_SECONDS
from engine.bots.maharadjah_bot import EVALUATOR
from engine.core.game import AnyGame, Game
from engine.core.ruleset import Seat
from engine.maharadjah import RULESET, Options

from .conftest import Loaded

search = importlib.import_module("engine.bots.search")
budget_module = importlib.import_module("engine.bots.budget")

ROLLOUT = 0.45  # wall-clock seconds a rollout takes on the loaded machine


def _moving_seat() -> tuple[AnyGame, int]:
    """A Movement Phase decision (W-MOVE-1), where hard searches."""
    game = Game(RULESET, [Seat(f"P{n}") for n in range(5)], Options(), 6)
    for _ in range(200):
        seat = game.to_move()[0]
        if EVALUATOR.searchable(game.view(seat)) and len(game.legal_intents(seat)) > 2:
            return game, seat
        game.play(seat, game.legal_intents(seat)[0])
    raise AssertionError("no Movement Phase decision in 200 steps")


def _decide(monkeypatch: pytest.MonkeyPatch, budget: Budget) -> tuple[float, float, int]:
    """Wall and CPU seconds the decision took, and its rollouts."""
    game, seat = _moving_seat()
    clock = Loaded()
    rollouts = [0]

    def rollout(*args: object) -> float:
        clock.run(ROLLOUT)
        rollouts[0] += 1
        return float(rollouts[0] % 3)

    monkeypatch.setattr(budget_module, "time", clock)
    monkeypatch.setattr(search, "_simulate", rollout)
    wall, cpu = clock.wall, clock.cpu
    legal = game.legal_intents(seat)
    assert choose_intent(RULESET, game.view(seat), seat, legal, "hard", Random(1),
                         budget=budget) is not None
    return clock.wall - wall, clock.cpu - cpu, rollouts[0]


def test_a_loaded_machine_ends_a_maharadjah_decision_at_the_wall_ceiling(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The app's budget (0.85 CPU s, 2 s ceiling): the player waits at most 2 s, though
    the thread had less than its CPU time."""
    wall, cpu, rollouts = _decide(monkeypatch, Budget())
    assert rollouts and wall <= CEILING
    assert cpu < DEFAULT_SECONDS


def test_without_the_ceiling_the_thread_gets_its_whole_cpu_time(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The budget counts the thread's CPU time, not the wall clock: without the ceiling
    (a tournament on a loaded machine) the same decision runs more rollouts, past 2 s of
    wall clock, and stops within its 0.85 CPU s."""
    capped = _decide(monkeypatch, Budget())[2]
    wall, cpu, rollouts = _decide(monkeypatch, Budget(ceiling=None))
    assert rollouts > capped and wall > CEILING
    assert cpu <= DEFAULT_SECONDS
