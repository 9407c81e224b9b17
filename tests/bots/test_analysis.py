"""The analysis of a game: costly decisions explained in the game's words, the same
whether the decisions are searched here or in child processes, an honest progress
count, and a stop that ends the children too."""

from __future__ import annotations

import functools
from random import Random

import pytest

from engine.bots import Budget, analysis, choose_intent
from engine.bots.match import bot_seat
from engine.core.game import Game
from engine.registry import rulesets

QUICK = Budget.fixed(3)


@functools.cache
def played(game_id: str, decisions: int, seed: int = 3) -> Game:
    """A game of easy and medium computers (easy ones err, so there is something to
    find), ``decisions`` decisions long. Read-only: shared by the tests here."""
    levels = ("easy", "medium", "easy")
    game = Game(rulesets()[game_id], [bot_seat(f"c{n}", levels[n]) for n in range(3)],
                None, seed)
    for n in range(decisions):
        if not game.to_move():
            break
        seat = game.to_move()[0]
        game.play(seat, choose_intent(game.ruleset, game.view(seat), seat,
                                      game.legal_intents(seat), levels[seat], Random(n)))
    return game


@functools.cache
def alone(game_id: str, decisions: int) -> analysis.Analysis:
    """The analysis of ``played(game_id, decisions)`` in this process (shared)."""
    return analysis.analyse(played(game_id, decisions), budget=QUICK, workers=1)


@pytest.mark.parametrize(("game_id", "decisions", "words"), [
    ("maharaja-2020", 30, ("statue", "coin", "shrine", "PP", "majorit", "scoring", "token",
                           "character")),
    ("raja-2004", 30, ("gold", "palace", "house", "scoring", "token", "the ")),
])
def test_a_costly_decision_says_what_the_preferred_move_would_have_gained(
        game_id: str, decisions: int, words: tuple[str, ...]) -> None:
    result = alone(game_id, decisions)
    assert result.mistakes, "nothing costly found to explain"
    for mistake in result.mistakes:
        assert mistake.reason, mistake
        assert any(word in mistake.reason for word in words), mistake.reason
        assert "it would have given" in mistake.reason or "judges it" in mistake.reason


def test_child_processes_find_what_this_process_finds_and_the_progress_only_grows() -> None:
    heard: list[tuple[int, int]] = []
    apart = analysis.analyse(played("maharaja-2020", 30), budget=QUICK, workers=2,
                             progress=lambda done, total: heard.append((done, total)))
    assert apart == alone("maharaja-2020", 30)
    totals = {total for _, total in heard}
    assert len(totals) == 1
    done = [d for d, _ in heard]
    assert done == sorted(done) and done[-1] == totals.pop()


@pytest.mark.parametrize(("game_id", "decisions"), [
    ("maharaja-2020", 20), ("raja-2004", 20), ("maharani", 12), ("maharadjah", 40)])
def test_a_child_reports_every_decision_of_its_rounds_as_this_process_judges_it(
        game_id: str, decisions: int) -> None:
    """A child that failed would go unseen (this process takes over its rounds): here a
    child alone judges a round, every decision is reported, and the moves it
    preferred come back as the game's own intents (Maharadjah's leader drops too)."""
    from engine.bots import analysis_worker
    from engine.core.replay import Replay

    game = played(game_id, decisions)
    replay = Replay(game)
    rounds = [r for r in analysis.rounds_of(game, replay) if len(r) > 1][:1]
    expected = [m for r in rounds for m in analysis.judge_round(
        game, replay, r, QUICK, None, lambda index, mistake: None)]
    reports = analysis_worker.start(game, rounds, 1, QUICK)
    try:
        got = [report for report in reports if report is not None]
    finally:
        reports.close()
    assert sorted(r.step for r in got) == sorted(i for r in rounds for i, _ in r)
    assert [r.mistake for r in got if r.mistake is not None] == expected


def test_a_child_is_given_the_whole_budget_so_a_clock_free_one_stays_clock_free() -> None:
    """A child rebuilt its budget from the iterations and seconds alone and took the
    default wall-clock ceiling for the rest: on a loaded machine its searches were cut
    short and the analysis in children differed from this process's."""
    import msgspec

    from engine.bots import analysis_worker

    given = analysis_worker.Game(b"{}", QUICK)
    received = msgspec.msgpack.decode(msgspec.msgpack.encode(given), type=analysis_worker.Game)
    assert received.budget == QUICK and received.budget.ceiling is None


def test_a_child_that_fails_is_logged_and_its_rounds_searched_here(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    from engine.bots import analysis_worker

    monkeypatch.setattr(analysis_worker, "CHILD", "engine.bots.no_such_module")
    with caplog.at_level("WARNING", logger=analysis_worker.__name__):
        apart = analysis.analyse(played("maharaja-2020", 30), budget=QUICK, workers=2)
    assert apart == alone("maharaja-2020", 30)
    assert "analysis child process failed" in caplog.text
    assert "No module named" in caplog.text  # its traceback


def test_stopping_ends_the_child_processes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Stopped at the first decision a child reports, the analysis ends every child at
    once rather than leave them to finish their rounds."""
    from engine.bots import analysis_worker

    started: list[analysis_worker.Reports] = []
    real = analysis_worker.start

    def start(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        started.append(real(*args, **kwargs))
        return started[-1]

    monkeypatch.setattr(analysis_worker, "start", start)
    reported: list[int] = []

    def stop() -> bool:
        return bool(reported)

    def progress(done: int, total: int) -> None:
        if started:  # the chances come first; then the children's reports
            reported.append(done)

    with pytest.raises(analysis.Cancelled):
        analysis.analyse(played("maharaja-2020", 30), budget=Budget.fixed(12), workers=2,
                         progress=progress, stop=stop)
    assert started and reported
    assert all(child.poll() is not None for child in started[0].children)
