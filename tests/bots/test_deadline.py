"""A hard decision honours one deadline (hard ≤ 1 s p95): judging the options,
modelling the others and the rollouts all count, and no unit of work begins that the
longest one seen so far says would end past it. A fake clock makes this exact."""

from __future__ import annotations

import importlib
from random import Random
from typing import Any

import pytest

from engine.bots import Budget, choose_intent
from engine.bots.budget import Allowance
from engine.bots.maharaja_bot import EVALUATOR, WIDE_SEARCH
from engine.maharaja import RULESET

from .conftest import Loaded, advance, new_game

search = importlib.import_module("engine.bots.search")
budget_module = importlib.import_module("engine.bots.budget")
policy = importlib.import_module("engine.bots.maharaja_policy")


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """A quiet machine: the thinking thread's CPU time and the wall clock run together."""
    now = [0.0]

    class Clock:
        @staticmethod
        def perf_counter() -> float:
            return now[0]

        @staticmethod
        def thread_time() -> float:
            return now[0]

    monkeypatch.setattr(budget_module, "time", Clock)
    return now


def planning(players: int) -> tuple[Any, int, list[Any]]:
    game = advance(new_game(players, seed=6), lambda s: s.phase == "planning" and s.round == 2)
    seat = game.to_move()[0]
    return game.view(seat), seat, game.legal_intents(seat)


def test_the_others_are_modelled_only_while_the_time_allows(
        clock: list[float], monkeypatch: pytest.MonkeyPatch) -> None:
    """Judging a seat's plans takes 0.3 s on the fake clock: the seat's own (the options)
    and one opponent fit in 0.85 s, a second would end past it, so hard stops modelling
    and plays the greedy judgement's best (it used to model all three and end at 1.2 s)."""
    plan_scores = policy.plan_scores

    def slow(state: Any, seat: int) -> Any:
        clock[0] += 0.3
        return plan_scores(state, seat)

    def no_rollout(*args: object) -> float:
        raise AssertionError("a rollout began without the model of the others")

    view, seat, legal = planning(4)
    medium = choose_intent(RULESET, view, seat, legal, "medium", Random(2))
    monkeypatch.setattr(policy, "plan_scores", slow)
    monkeypatch.setattr(search, "_simulate", no_rollout)
    pick = choose_intent(RULESET, view, seat, legal, "hard", Random(2),
                         budget=Budget(seconds=0.85))
    assert pick == medium
    assert clock[0] <= 0.85


def test_no_rollout_begins_that_the_longest_so_far_would_end_late(
        clock: list[float], monkeypatch: pytest.MonkeyPatch) -> None:
    """Rollouts of 0.3 s in a 0.5 s budget: the first runs, a second would end at 0.6 s,
    so it does not begin (the clock used to be checked only for having passed)."""
    def rollout(*args: object) -> float:
        clock[0] += 0.3
        return 0.0

    monkeypatch.setattr(search, "_simulate", rollout)
    view, seat, legal = planning(2)
    assert choose_intent(RULESET, view, seat, legal, "hard", Random(2),
                         budget=Budget(seconds=0.5)) in legal
    assert clock[0] == pytest.approx(0.3)


def test_an_iteration_budget_ignores_the_clock(clock: list[float]) -> None:
    """Without a time limit the pacer never stops anything (reproducible play)."""
    pacer = Allowance(Budget.fixed(4)).pacer()
    for _ in range(5):
        clock[0] += 10.0
        assert pacer()
    assert not pacer.stopped


def test_the_budget_counts_the_thinking_thread_s_cpu_time(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """On a loaded machine the budget runs on the thread's CPU time (it used to run on the
    wall clock, and hard searched 3-8 times less without telling anyone): 0.85 CPU s are
    spent, about 2.55 s of wall clock, unless a ceiling stops it first."""
    clock = Loaded()
    monkeypatch.setattr(budget_module, "time", clock)
    allowance = Allowance(Budget(seconds=0.85, ceiling=None))
    clock.run(2.4)
    assert not allowance.expired() and allowance.now() == pytest.approx(0.8)
    clock.run(0.3)
    assert allowance.expired()


def test_a_player_never_waits_past_the_wall_clock_ceiling(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The app's budget also has a wall-clock ceiling (2 s): on a machine this loaded the
    decision ends at 2 s of wall clock, with 0.67 CPU s spent; the pacer's units are
    measured on the same scale, so none begins that would end past the ceiling."""
    clock = Loaded()
    monkeypatch.setattr(budget_module, "time", clock)
    allowance = Budget().start()
    assert allowance.deadline == budget_module.DEFAULT_SECONDS
    clock.run(1.9)
    assert not allowance.expired()
    pacer = allowance.pacer()
    assert pacer()
    clock.run(0.2)  # past 2 s of wall clock: a quarter of the CPU budget is left unspent
    assert allowance.expired() and allowance.remaining() < 0
    assert not pacer() and pacer.stopped
    quiet = budget_module.Budget(seconds=0.85, ceiling=2.0)
    assert quiet.ceiling == budget_module.CEILING


def test_worlds_that_all_agree_end_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """When every world separates the candidates by the same gaps (a reward chosen at the
    round's end: nothing hidden changes what follows), more worlds cannot change the
    order, so hard stops after a few instead of spending its whole budget."""
    calls: list[object] = []

    def rollout(*args: object) -> float:
        calls.append(args[4])
        return float(len(calls) % search.CANDIDATES)  # the same score per candidate

    monkeypatch.setattr(search, "_simulate", rollout)
    view, seat, legal = planning(3)
    choose_intent(RULESET, view, seat, legal, "hard", Random(2), budget=Budget.fixed(60))
    assert len(calls) == search.SETTLED_WORLDS * search.CANDIDATES


def test_one_world_settles_a_two_player_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two-player Maharaja: the one hidden value, the other's PP, shifts every candidate's
    margin alike, so every world compares them alike and a second would only repeat the
    first, a third of a searched turn's time."""
    calls: list[object] = []

    def rollout(*args: object) -> float:
        calls.append(args[4])
        return Random(len(calls)).random()  # (worlds that would disagree: not asked)

    monkeypatch.setattr(search, "_simulate", rollout)
    view, seat, legal = planning(2)
    choose_intent(RULESET, view, seat, legal, "hard", Random(2), budget=Budget.fixed(60))
    assert len(calls) == WIDE_SEARCH  # (one world: the time a second would take compares more)


def test_a_settled_search_compares_more_candidates() -> None:
    """Where one world settles the search, the time the other worlds took compares more of
    the judgement's candidates; where worlds differ, the usual few, in more worlds."""
    assert EVALUATOR.search_width(planning(2)[0]) == WIDE_SEARCH > search.CANDIDATES
    assert EVALUATOR.search_width(planning(3)[0]) == search.CANDIDATES


def test_worlds_that_disagree_use_the_whole_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    scores = Random(3)
    calls: list[object] = []

    def rollout(*args: object) -> float:
        calls.append(args[4])
        return scores.random()

    monkeypatch.setattr(search, "_simulate", rollout)
    view, seat, legal = planning(3)
    choose_intent(RULESET, view, seat, legal, "hard", Random(2), budget=Budget.fixed(60))
    assert len(calls) == 60


def test_a_first_world_too_dear_for_every_candidate_compares_those_that_fit(
        clock: list[float], monkeypatch: pytest.MonkeyPatch) -> None:
    """Rollouts of 0.3 s in a 1 s budget: six candidates would need 1.8 s, so no world
    would finish and hard would compare none; the first rollout shows that three fit, and
    those three (the judgement's best) are compared in one complete world."""
    from engine.bots.evaluator import evaluator_for

    def rollout(*args: object) -> float:
        clock[0] += 0.3
        return 0.0

    monkeypatch.setattr(search, "_simulate", rollout)
    view, seat, legal = planning(2)
    evaluator = evaluator_for(RULESET.id)
    ranked = search.search_ranked(RULESET, evaluator, view, seat, legal, Random(2),
                                  Budget(seconds=1.0))
    assert [c.worlds for c in ranked] == [1, 1, 1]
    assert clock[0] == pytest.approx(0.9)


def test_no_opponent_is_modelled_that_judging_the_options_says_would_end_late(
        clock: list[float], monkeypatch: pytest.MonkeyPatch) -> None:
    """Judging plans takes 0.3 s: after the seat's own, 0.2 s of a 0.5 s budget are left,
    too little to judge an opponent's the same way, so none is begun (the first used to
    be, ending at 0.6 s)."""
    plan_scores = policy.plan_scores

    def slow(state: Any, seat: int) -> Any:
        clock[0] += 0.3
        return plan_scores(state, seat)

    view, seat, legal = planning(2)
    monkeypatch.setattr(policy, "plan_scores", slow)
    choose_intent(RULESET, view, seat, legal, "hard", Random(2), budget=Budget(seconds=0.5))
    assert clock[0] == pytest.approx(0.3)
