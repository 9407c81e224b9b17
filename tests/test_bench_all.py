"""bench_all.py runs every benchmark area but the long ones unless asked (the
strength figure plays 200 games)."""

from __future__ import annotations

import importlib
import sys
import types
from collections.abc import Iterator

import pytest

from scripts import bench_all


@pytest.fixture
def long_area(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    module = types.ModuleType("bench.fakelong")

    def figures(runs: int, games: int = 200) -> Iterator[bench_all.Figure]:
        calls.append(games)
        yield bench_all.Figure(name="fake", value=1.0, unit="won", target=0.8,
                               better="higher")

    module.figures = figures  # type: ignore[attr-defined]
    module.LONG = True  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "bench.fakelong", module)
    monkeypatch.setattr(bench_all, "areas", lambda: ["fakelong"])
    return calls


def test_a_long_area_is_skipped_by_default(long_area: list[int],
                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_all.main([]) == 0
    assert long_area == []
    assert "fakelong skipped (long" in capsys.readouterr().out


@pytest.mark.parametrize(("argv", "games"), [
    (["--long"], 200), (["--only", "fakelong"], 200), (["--long", "--games", "7"], 7)])
def test_a_long_area_runs_when_asked_with_its_games(long_area: list[int], argv: list[str],
                                                    games: int) -> None:
    assert bench_all.main(argv) == 0
    assert long_area == [games]


def test_a_capacity_step_that_timed_no_move_says_it_was_not_measured() -> None:
    ssh = importlib.import_module("bench.ssh")  # bench_all put scripts/ on the path
    seated = {"steady_latency_ms_p95": 206.6, "error_count": 0}
    unseated = {"steady_latency_ms_p95": float("nan"), "error_count": 0}
    assert ssh.capacity_step(96, seated) == "96: p95 206.6 ms, 0 errors"
    assert ssh.capacity_step(128, unseated).startswith("128: not measured, no move timed")
    # A table given up while seating (its error counted) is named beside the p95 that
    # the other tables' moves gave, not left to void the step (load_ssh.watch_ready).
    one_lost = {"steady_latency_ms_p95": 172.9, "error_count": 2, "tables": 32,
                "tables_seated": 30}
    assert ssh.capacity_step(128, one_lost) == \
        "128: p95 172.9 ms, 2 errors, 30 of 32 tables seated"


def test_random_play_is_the_middle_of_fresh_processes_by_ratio(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """One process's ratio is a draw (the same work's speed moves by up to a quarter
    between processes here): the figure is the median process, its own two rates."""
    engine = importlib.import_module("bench.engine")
    ratios = iter([2.4, 1.5, 1.9, 1.7, 2.2])
    seeds: list[int] = []

    def fake(seed: int) -> dict[str, float]:
        seeds.append(seed)
        ratio = next(ratios)
        return {"chess": 10_000.0 + seed, **{rid: ratio * (10_000.0 + seed)
                                             for rid in engine.RANDOM_GAMES}}

    monkeypatch.setattr(engine, "rates_in_fresh_process", fake)
    figure, wargame = engine.random_play(1)
    assert len(set(seeds)) == engine.PROCESSES == 5  # each process its own seed
    assert figure.ratio == pytest.approx(1.9)
    assert figure.anchor == 10_000.0 + seeds[2]  # the middle process's own chess rate
    assert "1.50–2.40×" in figure.detail
    # Maharadjah's own figure from the same processes, the middle by its own ratio
    assert "Maharadjah" in wargame.name and wargame.ratio == pytest.approx(1.9)
    assert wargame.target == 1.0 and "1.50–2.40×" in wargame.detail
