"""scripts/load_ssh.py's client: it shares the 2 cores with the server it
measures, so it makes text only of the bytes around each status line, and finds the
server's session processes without walking every process on the machine."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

import load_ssh  # noqa: E402 - after the path it lives on
from task_count import tasks_made  # noqa: E402

ROW = ("\x1b[38;5;24;48;5;233m╭\x1b[0m\x1b[38;5;67;48;5;233m Your view \x1b[0m"
       + "\x1b[38;5;24;48;5;233m" + "─" * 90 + "\x1b[0m\r\n")


def status(step: int, state: str) -> str:
    return (f"\x1b[1;1H\x1b[38;5;253;48;5;59mTable 1 · Secret Duel · seat 2 (t1p1) · "
            f"step {step} · {state}\x1b[0m\x1b[48;5;59m      \x1b[0m\r\n")


REDRAW = (status(5, "YOUR MOVE") + ROW * 30 + "a log line: step 4 was played\r\n"
          + ROW * 20 + status(6, "waiting for t1p0, t1p2") + ROW * 10
          + "· step 7 \x1b[1m· game over\x1b[0m" + ROW
          # The game screen's: "· step 9" while others decide, "· your move" after it.
          + "\x1b[1;1HRound 2 · Planning · you are R Red\x1b[2m · step 8\x1b[0m"
          + "\x1b[1m · your move\x1b[0m    \r\n" + ROW
          + "\x1b[1;1HRound 2 · Planning · you are R Red\x1b[2m · step 9\x1b[0m    \r\n"
          ).encode()


def test_the_light_scan_finds_what_the_full_scan_finds_wherever_a_read_ends() -> None:
    assert load_ssh.statuses_full(REDRAW) == [(5, "YOUR MOVE"), (6, "waiting for"),
                                              (7, "game over"), (8, "YOUR MOVE"),
                                              (9, "waiting for")]
    for cut in range(0, len(REDRAW), 7):  # a read can end anywhere; the client keeps 400
        for scanned in (REDRAW[:cut], REDRAW[max(0, cut - 400):]):
            assert load_ssh.statuses(scanned) == load_ssh.statuses_full(scanned), cut


def test_the_light_scan_makes_text_only_around_status_lines(
        monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[int] = []
    plain = load_ssh.plain

    def counting(output: bytes) -> str:
        made.append(len(output))
        return plain(output)

    monkeypatch.setattr(load_ssh, "plain", counting)
    assert len(load_ssh.statuses(REDRAW)) == 5
    assert sum(made) <= 5 * load_ssh.STATUS_SPAN < len(REDRAW) / 4  # five "· step "s
    assert load_ssh.Player("p").statuses is load_ssh.statuses  # what the client uses


def test_session_processes_are_found_without_walking_every_process(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A stand-in zygote (its command line names it) with two sessions, and a session
    # started without it, all children of this process.
    forker = ("import subprocess, sys, time\n"
              "kids = [subprocess.Popen(['sleep', '30']) for _ in range(2)]\n"
              "print(' '.join(str(k.pid) for k in kids), flush=True)\n"
              "time.sleep(30)\n")
    zygote = subprocess.Popen([sys.executable, "-c", forker, "maharaja_server.session_ui.zygote"],
                              stdout=subprocess.PIPE, text=True)
    alone = subprocess.Popen(["sleep", "30"])
    listed: list[str] = []
    listdir = os.listdir

    def recording(path: str) -> list[str]:
        listed.append(str(path))
        return listdir(path)

    forked: list[str] = []
    try:
        forked = zygote.stdout.readline().split()  # type: ignore[union-attr]
        monkeypatch.setattr(load_ssh.os, "listdir", recording)
        for _ in range(50):  # the zygote's children list is read as it runs
            sessions, workers = load_ssh.session_pids(os.getpid())
            if set(forked) <= set(sessions):
                break
            time.sleep(0.1)
        assert workers == [str(zygote.pid)]
        assert {str(alone.pid), *forked} <= set(sessions)
        assert str(zygote.pid) not in sessions
        assert "/proc" not in listed
    finally:
        for pid in forked:
            os.kill(int(pid), 9)
        for process in (zygote, alone):
            process.kill()
            process.wait()


def test_only_a_sample_that_may_be_the_memory_peak_reads_pss() -> None:
    """The report takes PSS from the sample with the most session RSS among those with
    90% of the sessions open (else among all): that sample must have read it, and a
    steady run must not read it every time."""
    samples = [(100, False), (300, False), (250, True), (400, True), (390, True),
               (400, True), (380, True), (500, False), (410, True), (405, True)]
    most = {True: -1, False: -1}
    read = [load_ssh.may_be_peak(most, rss, full) for rss, full in samples]
    full = [i for i, (_, f) in enumerate(samples) if f]
    peak = max(full, key=lambda i: samples[i][0])  # the report's choice
    assert read[peak] and read.count(True) == 5  # 100, 300, 250, 400, 410
    before = [(100, False), (300, False), (200, False)]  # none full (yet): among all
    most = {True: -1, False: -1}
    assert [load_ssh.may_be_peak(most, rss, f) for rss, f in before] == [True, True, False]


def test_waiting_for_a_screen_makes_no_task_per_wakeup() -> None:
    import asyncio

    async def run() -> int:
        player = load_ssh.Player("p")
        done = False
        waiting = asyncio.ensure_future(player.wait(lambda: done, 5))
        with tasks_made(asyncio.get_running_loop()) as made:
            for _ in range(20):  # output arrives that is not what the wait is for
                player.changed.set()
                await asyncio.sleep(0)
            done = True
            player.changed.set()
            assert await waiting
        return made[0]

    assert asyncio.run(run()) == 0


def test_a_table_given_up_while_seating_does_not_hold_the_steady_window() -> None:
    """The steady window (the figure's p95) opened only once every table played: one
    table whose session died while seating left the 128-session step with no move
    timed at all. Now it opens once the others play and that table's error is counted."""
    stats = load_ssh.Stats()
    stats.ready = 31
    assert not stats.seating_over(32)
    stats.unseated = 1
    assert stats.seating_over(32)


def test_an_error_about_a_closed_session_says_what_its_terminal_said_last() -> None:
    player = load_ssh.Player("t1p0")
    assert player.why() == ""  # still open: nothing to add
    player.tail = b"\x1b[2J\x1b[1;1HThe session hit an internal error and was closed.\r\n"
    player.closed = True
    assert player.why() == (" (its session closed; last on its terminal: "
                            "'The session hit an internal error and was closed.')")


def test_the_tables_play_a_steady_window_however_long_the_seating_took() -> None:
    """The 128-session step's p95 was over what was left of 76 s once 32 tables were
    seated: 19 s when seating took 57 s, nothing when it took longer. With --steady the
    tables play on that long once seated; a seating that never ended extends nothing."""
    stats = load_ssh.Stats()
    stats.end = 76.0
    stats.ready = 31
    stats.play_on(32, seated_at=76.0, steady=30.0)  # one table still seating at the end
    assert stats.end == 76.0
    stats.ready = 32
    stats.play_on(32, seated_at=57.0, steady=30.0)
    assert stats.end == 87.0
    stats.play_on(32, seated_at=20.0, steady=30.0)  # seated early: the run's own length
    assert stats.end == 87.0
