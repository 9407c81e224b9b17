"""The engine's figures of the README's Benchmarks: random play against python-chess,
hard decision time.

* random play: complete random games of Maharaja at 4 players (``play_randomly``: whose
  move, every legal intent listed, one picked and played with its automatic events), in
  decisions a second, beside python-chess random games (every legal move listed, one
  pushed, the end checked) in plies a second. The two alternate block by block and are
  timed in process CPU time, so other processes on a shared machine weigh on neither.
  The same work's speed moves by up to a quarter from one process to the next, so the
  figure is the median of several fresh processes (the middle one by its ratio).
  Raja, Maharani and Maharadjah are measured the same way and shown in the detail
  (Maharadjah at 4 players too: its rules' first standard game and the app's default).
* Maharadjah random play has its own figure, at least python-chess's rate (its rules'
  first standard game, 4 players, from the same processes).
* a medium computer's whole nation sequence in Maharadjah (its growth, moves, battles,
  posts and scoring, and what the other seats answer in it, e.g. retreats), in games of
  five medium computers: the 95th percentile in wall-clock seconds, what a player waits
  while a computer plays one of its nations.
* hard decision: a hard computer's decision (its default budget, the app's) at the
  positions where it searches (the others are the medium judgement), taken from games of
  medium computers, for every game and player count; the figure is the 95th percentile in
  wall-clock seconds (what a player waits), the worst table named; CPU seconds beside it
  in the detail (on a busy machine the wall clock runs ahead of the CPU).

``chess`` is a benchmark-only extra (``pip install -e '.[bench]'``); the game never
imports it.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from random import Random
from typing import Any

from bench.figure import Figure
from engine.bots import choose_intent
from engine.bots.match import bot_seat
from engine.core.autoplay import play_randomly
from engine.core.game import Game
from engine.core.ruleset import AnyRuleset, Seat
from engine.registry import rulesets

ROOT = Path(__file__).resolve().parents[2]
BLOCK_SECONDS = 0.5  # CPU time of one alternating block of each side
ROUNDS = 2  # alternating rounds in each process
PROCESSES = 5  # fresh processes random play is the median of, at least
RANDOM_GAMES = ("maharaja-2020", "raja-2004", "maharani", "maharadjah")
RANDOM_PLAYERS = 4
POSITIONS = 6  # searched positions timed per table and run
# (game, players) a hard computer is timed in: every game and player count
HARD_TABLES = (
    [("maharaja-2020", n) for n in (2, 3, 4)]
    + [("raja-2004", n) for n in (2, 3, 4, 5)]
    + [("maharani", n) for n in (2, 3, 4)]
    + [("maharadjah", n) for n in (3, 4, 5)]
)


def chess_plies(seconds: float, rng: Random) -> tuple[int, float]:
    """Random chess games for about ``seconds`` of CPU time: (plies, CPU seconds)."""
    import chess

    plies = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        board = chess.Board()
        while not board.is_game_over():
            board.push(rng.choice(list(board.legal_moves)))
            plies += 1
    return plies, time.process_time() - start


def engine_decisions(rules: AnyRuleset, seconds: float, rng: Random,
                     players: int = RANDOM_PLAYERS) -> tuple[int, float]:
    """Random games of ``rules`` for about ``seconds`` of CPU time: (decisions, CPU s)."""
    seats = [Seat(f"P{i}") for i in range(players)]
    decisions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        game = play_randomly(Game(rules, seats, None, rng.getrandbits(32)), rng)
        decisions += sum(1 for step in game.steps if step.intent is not None)
    return decisions, time.process_time() - start


def block_rates(rounds: int, seed: int) -> dict[str, float]:
    """In this process, ``rounds`` times one block of chess then one of each game:
    python-chess plies/s (``"chess"``) and each game's decisions/s, CPU time."""
    known = rulesets()
    counts = dict.fromkeys(("chess", *RANDOM_GAMES), 0.0)
    times = dict.fromkeys(counts, 0.0)
    rng = Random(seed)
    for _ in range(rounds):
        done, spent = chess_plies(BLOCK_SECONDS, rng)
        counts["chess"], times["chess"] = counts["chess"] + done, times["chess"] + spent
        for rid in RANDOM_GAMES:
            done, spent = engine_decisions(known[rid], BLOCK_SECONDS, rng)
            counts[rid], times[rid] = counts[rid] + done, times[rid] + spent
    return {name: counts[name] / times[name] for name in counts}


def rates_in_fresh_process(seed: int) -> dict[str, float]:
    """``block_rates`` in a new interpreter. The same work's speed varies by up to a
    quarter from one process to the next here (where code and data land in memory and
    caches), for us and for python-chess differently: one process's ratio is a draw."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "scripts"), str(ROOT)])}
    out = subprocess.run([sys.executable, "-m", "bench.engine", "--rates", str(seed)],
                         env=env, cwd=ROOT, capture_output=True, text=True, check=True)
    rates: dict[str, float] = json.loads(out.stdout)
    return rates


def random_play(runs: int) -> Iterator[Figure]:
    # An odd number of fresh processes, each alternating the blocks; the figure is the
    # middle one by its ratio (the median), the others' spread in the detail.
    processes = max(PROCESSES, 2 * max(1, runs) - 1)
    samples = [rates_in_fresh_process(15 + n) for n in range(processes)]
    samples.sort(key=lambda rates: rates["maharaja-2020"] / rates["chess"])
    middle = samples[len(samples) // 2]
    spread = [rates["maharaja-2020"] / rates["chess"] for rates in samples]
    detail = ", ".join(
        f"{rid} {statistics.median(r[rid] / r['chess'] for r in samples):.2f}×"
        for rid in RANDOM_GAMES)
    yield Figure(
        name="engine random play, decisions/s (Maharaja, 4 players)",
        value=middle["maharaja-2020"], unit="decisions/s", target=2.0, better="higher",
        anchor=middle["chess"], anchor_name="python-chess random-game plies/s",
        detail=(f"CPU time, alternating blocks, the median of {processes} processes "
                f"(Maharaja {spread[0]:.2f}–{spread[-1]:.2f}×); medians at "
                f"{RANDOM_PLAYERS} players: {detail}"),
    )
    yield maharadjah_random_play(samples)


def maharadjah_random_play(samples: list[dict[str, float]]) -> Figure:
    """Maharadjah's random play from ``random_play``'s processes: the median process by
    its ratio to python-chess."""
    ordered = sorted(samples, key=lambda rates: rates["maharadjah"] / rates["chess"])
    middle = ordered[len(ordered) // 2]
    spread = [rates["maharadjah"] / rates["chess"] for rates in ordered]
    return Figure(
        name=f"engine random play, decisions/s (Maharadjah, {RANDOM_PLAYERS} players)",
        value=middle["maharadjah"], unit="decisions/s", target=1.0, better="higher",
        anchor=middle["chess"], anchor_name="python-chess random-game plies/s",
        detail=(f"CPU time, alternating blocks, the median of {len(samples)} processes "
                f"({spread[0]:.2f}–{spread[-1]:.2f}×)"),
    )


SEQUENCE_PLAYERS = 5  # the wargame's largest table: the most nations a player waits for
SEQUENCE_SEED = 1700


def sequence_seconds(seed: int) -> list[tuple[float, float]]:
    """(wall, CPU) seconds of each nation sequence of a game of medium computers: every
    step played in it (a seat's decision, chosen as the app's computers choose, and what
    follows on its own) counted to the sequence it was decided in."""
    from engine.bots import choose
    from engine.core.table import LocalTable

    seats = [bot_seat(f"medium {n + 1}", "medium") for n in range(SEQUENCE_PLAYERS)]
    game = Game(rulesets()["maharadjah"], seats, None, seed)
    table = LocalTable(game, chooser=choose)
    spent: dict[tuple[int, int], tuple[float, float]] = {}
    while not game.is_over():
        key = (game.state.turn, game.state.seq)
        wall, cpu = time.perf_counter(), time.process_time()
        if not table.run_computers(1):
            break
        before = spent.get(key, (0.0, 0.0))
        spent[key] = (before[0] + time.perf_counter() - wall,
                      before[1] + time.process_time() - cpu)
    return list(spent.values())


def medium_sequence(runs: int) -> Figure:
    seconds: list[tuple[float, float]] = []
    for run in range(max(1, runs)):
        seconds += sequence_seconds(SEQUENCE_SEED + run)
    walls = [w for w, _ in seconds]
    return Figure(
        name="Maharadjah: a medium computer's whole nation sequence, p95",
        value=p95(walls), unit="s", target=0.3, better="lower",
        detail=(f"wall clock, growth to scoring, {len(seconds)} sequences of "
                f"{max(1, runs)} games of {SEQUENCE_PLAYERS} medium computers "
                f"(seeds {SEQUENCE_SEED}+); CPU p95 {p95([c for _, c in seconds]):.3f} s, "
                f"longest {max(walls):.3f} s"),
    )


def searched_positions(rid: str, players: int, seed: int,
                       count: int) -> Iterator[tuple[Any, int, list[Any]]]:
    """Positions where a hard computer would search, from a game of medium computers:
    (view, seat, legal intents)."""
    from engine.bots.evaluator import evaluator_for
    from engine.core.game import copy_state

    rules = rulesets()[rid]
    evaluator = evaluator_for(rid)
    assert evaluator is not None
    options = None
    if rid == "raja-2004":
        from engine.raja import preset

        options = preset("Basic")
    game = Game(rules, [bot_seat(f"medium {n + 1}", "medium") for n in range(players)],
                options, seed)
    found = 0
    while game.to_move() and found < count:
        seat = game.to_move()[0]
        view, legal = game.view(seat), game.legal_intents(seat)
        root = evaluator.determinise(copy_state(view), seat, Random(seed))
        if len(legal) > 1 and evaluator.searchable(root):
            found += 1
            yield view, seat, legal
        game.play(seat, choose_intent(rules, view, seat, legal, "medium", Random(seed)))


def hard_seconds(rid: str, players: int, seed: int, count: int) -> list[tuple[float, float]]:
    """(wall, CPU) seconds of hard decisions (the app's default budget) at searched
    positions of one game."""
    rules = rulesets()[rid]
    out = []
    for view, seat, legal in searched_positions(rid, players, seed, count):
        wall, cpu = time.perf_counter(), time.process_time()
        choose_intent(rules, view, seat, legal, "hard", Random(seed))
        out.append((time.perf_counter() - wall, time.process_time() - cpu))
    return out


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] if ordered else 0.0


def hard_decision(runs: int) -> Figure:
    worst = ("", 0, 0.0)
    parts = []
    for rid, players in HARD_TABLES:
        seconds: list[tuple[float, float]] = []
        for run in range(max(1, runs)):
            seconds += hard_seconds(rid, players, 1500 + run, POSITIONS)
        wall, cpu = p95([w for w, _ in seconds]), p95([c for _, c in seconds])
        parts.append(f"{rid} {players}p {wall:.2f} s (CPU {cpu:.2f} s, {len(seconds)})")
        if wall >= worst[2]:
            worst = (rid, players, wall)
    return Figure(
        name=f"hard computer, a decision, p95 (worst: {worst[0]}, {worst[1]} players)",
        value=worst[2], unit="s", target=1.0, better="lower",
        detail="wall clock, default budget, where hard searches (plans, rewards, turns); "
        + "; ".join(parts),
    )


def figures(runs: int) -> Iterator[Figure]:
    yield from random_play(runs)
    yield medium_sequence(runs)
    yield hard_decision(runs)


if __name__ == "__main__":  # PYTHONPATH=scripts:. python3 -m bench.engine [RUNS]
    if sys.argv[1:2] == ["--rates"]:  # one process of random play (rates_in_fresh_process)
        print(json.dumps(block_rates(ROUNDS, int(sys.argv[2]))))
        sys.exit()
    for figure in figures(int(sys.argv[1]) if len(sys.argv) > 1 else 1):
        ratio = f" = {figure.ratio:.2f}×" if figure.ratio is not None else ""
        anchor = f" vs {figure.anchor:.1f} ({figure.anchor_name})" if figure.anchor else ""
        print(f"{figure.name}: {figure.value:.2f} {figure.unit}{anchor}{ratio} "
              f"target {figure.target} {'holds' if figure.holds else 'MISSES'}\n  {figure.detail}")
