"""scripts/tournament.py knows no game: any registered game, its presets and options
from its GameSpec, its winners from the spec's outcome."""

from __future__ import annotations

import pytest

from engine.bots import Budget
from scripts import tournament


def test_the_level_under_test_moves_one_seat_each_game() -> None:
    jobs = tournament.schedule("hard", "medium", 4, 100, Budget.fixed(8), "maharadjah", {}, 3)
    assert [job.levels for job in jobs] == [["hard", "medium", "medium"],
                                            ["medium", "hard", "medium"],
                                            ["medium", "medium", "hard"],
                                            ["hard", "medium", "medium"]]
    assert [job.seed for job in jobs] == [100, 101, 102, 103]


def test_any_registered_game_plays_and_reports_its_own_figures(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert tournament.main(["easy", "easy", "--game", "maharani", "--games", "1",
                            "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "gold [" in out and "winners [" in out  # Maharani's outcome (M-END-3)
    assert "maharani 2 players: easy vs easy: " in out and "fair share 1/2" in out


@pytest.mark.parametrize(("argv", "budget"), [
    ([], Budget.fixed(24)),
    (["--iterations", "30"], Budget.fixed(30)),
    (["--time"], Budget()),
    (["--cpu-clock"], Budget(ceiling=None)),
])
def test_hard_thinks_by_iterations_the_wall_clock_or_its_cpu_time(
        argv: list[str], budget: Budget, monkeypatch: pytest.MonkeyPatch) -> None:
    """Strength at the default time budget, on a loaded machine too (CPU clock)."""
    seen: list[tournament.Job] = []

    def record(job: tournament.Job) -> tournament.Result:
        seen.append(job)
        return tournament.Result(job.seed, job.levels, [0], {}, {})

    class Pool:
        def __init__(self, max_workers: int) -> None:
            pass

        def __enter__(self) -> Pool:
            return self

        def __exit__(self, *exc: object) -> None:
            pass

        def map(self, fn: object, jobs: list[tournament.Job]) -> list[tournament.Result]:
            return [record(job) for job in jobs]

    monkeypatch.setattr(tournament, "ProcessPoolExecutor", Pool)
    assert tournament.main(["hard", "medium", "--games", "1", *argv]) == 0
    assert [job.budget for job in seen] == [budget]


@pytest.mark.parametrize(("argv", "message"), [
    (["--game", "raja-2004", "--preset", "Nope"], "raja-2004 has no preset 'Nope'"),
    (["--option", "mode=3"], "maharaja-2020 options: Expected `str`"),
    (["--game", "maharadjah", "--players", "2"], "maharadjah takes 3-5 players"),
])
def test_options_the_game_does_not_take_are_refused_in_one_line(
        argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        tournament.main(["easy", "medium", "--games", "1", *argv])
    assert exit_.value.code == 2
    assert message in capsys.readouterr().err


def test_the_end_has_each_seats_wins_and_mean_figures() -> None:
    """Which seat is stronger, whatever the level in it: ``a``'s games and wins seat by
    seat, every game's wins and mean figures by seat, and each side's mean."""
    from engine.registry import spec_of

    spec = spec_of("maharadjah")
    results = [tournament.Result(100 + n, [], winners, {"vp": vp, "nations": [n] * 17}, {})
               for n, (winners, vp) in enumerate([([0], [50, 40, 30]), ([2], [20, 30, 60]),
                                                  ([0, 2], [40, 10, 40])])]
    table = tournament.by_seat(results, "hard", 100, 3, spec.palette).splitlines()
    assert table[0] == ("| seat | hard games | hard won | hard vp | games | won | mean vp |")
    assert table[2] == "| A | 1 | 1 (100%) | 50.0 | 3 | 1 (33%) | 36.7 |"
    assert table[4] == "| C | 1 | 0 (0%) | 40.0 | 3 | 1 (33%) | 43.3 |"  # a shared win: not won
    alone = tournament.by_seat(results, "medium", 100, 3, spec.palette, alone=True)
    assert alone.splitlines()[3] == "| B | 3 | 0 (0%) | 26.7 |"
    sides = tournament.by_side(results, spec.sides).splitlines()
    assert sides[0] == "| side | mean nations |" and sides[2] == "| Pandya | 1.0 |"
