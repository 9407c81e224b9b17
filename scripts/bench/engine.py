"""The engine's figures (issue 15): random play against python-chess, hard decision time.

* random play: complete random games of Maharaja at 4 players (``play_randomly``: whose
  move, every legal intent listed, one picked and played with its automatic events), in
  decisions a second, beside python-chess random games (every legal move listed, one
  pushed, the end checked) in plies a second. The two alternate block by block and are
  timed in process CPU time, so other processes on a shared machine weigh on neither.
  Raja and Maharani are measured the same way and shown in the detail.
* hard decision: every decision of a hard computer (its default budget, the app's) in
  games against medium computers, for every game and player count; the figure is the
  95th percentile in wall-clock seconds (what a player waits), the worst configuration
  named. Decisions with a single legal intent are not counted (nothing to think about).

``chess`` is a benchmark-only extra (``pip install -e '.[bench]'``); the game never
imports it.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from random import Random

from bench.figure import Figure
from engine.bots.match import Timings, bot_seat, play_game
from engine.core.autoplay import play_randomly
from engine.core.game import Game
from engine.core.ruleset import AnyRuleset, Seat
from engine.registry import rulesets

BLOCK_SECONDS = 0.5  # CPU time of one alternating block of each side
RANDOM_GAMES = ("maharaja-2020", "raja-2004", "maharani")
RANDOM_PLAYERS = 4
# (game, players) a hard computer is timed in; Maharadjah's bots are benched with the wargame
HARD_TABLES = (
    [("maharaja-2020", n) for n in (2, 3, 4)]
    + [("raja-2004", n) for n in (2, 3, 4, 5)]
    + [("maharani", n) for n in (2, 3, 4)]
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


def random_play(runs: int) -> Figure:
    known = rulesets()
    chess_count = chess_time = 0.0
    counts = dict.fromkeys(RANDOM_GAMES, 0.0)
    times = dict.fromkeys(RANDOM_GAMES, 0.0)
    rng = Random(15)
    for _ in range(max(1, runs) * 2):
        plies, spent = chess_plies(BLOCK_SECONDS, rng)
        chess_count, chess_time = chess_count + plies, chess_time + spent
        for rid in RANDOM_GAMES:
            done, spent = engine_decisions(known[rid], BLOCK_SECONDS, rng)
            counts[rid] += done
            times[rid] += spent
    chess_rate = chess_count / chess_time
    rates = {rid: counts[rid] / times[rid] for rid in RANDOM_GAMES}
    detail = ", ".join(f"{rid} {rate:.0f}/s = {rate / chess_rate:.2f}×"
                       for rid, rate in rates.items())
    return Figure(
        name="engine random play, decisions/s (Maharaja, 4 players)",
        value=rates["maharaja-2020"], unit="decisions/s", target=2.0, better="higher",
        anchor=chess_rate, anchor_name="python-chess random-game plies/s",
        detail=f"CPU time, alternating blocks; at {RANDOM_PLAYERS} players: {detail}",
    )


def hard_seconds(rid: str, players: int, seed: int) -> list[float]:
    """Wall-clock seconds of every hard decision in one game, hard at seat ``seed % n``."""
    levels = ["medium"] * players
    levels[seed % players] = "hard"
    seats = [bot_seat(f"{level} {n + 1}", level) for n, level in enumerate(levels)]
    rules = rulesets()[rid]
    timings = Timings()
    options = None
    if rid == "raja-2004":
        from engine.raja import preset

        options = preset("Basic")
    play_game(rules, seats, options, seed, timings=timings)  # budget: the app's default
    return timings.by_level.get("hard", [])


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] if ordered else 0.0


def hard_decision(runs: int) -> Figure:
    worst = ("", 0, 0.0)
    parts = []
    for rid, players in HARD_TABLES:
        seconds: list[float] = []
        for run in range(max(1, runs)):
            seconds += hard_seconds(rid, players, 1500 + run)
        tail = p95(seconds)
        parts.append(f"{rid} {players}p {tail:.2f} s ({len(seconds)})")
        if tail >= worst[2]:
            worst = (rid, players, tail)
    return Figure(
        name=f"hard computer, a decision, p95 (worst: {worst[0]}, {worst[1]} players)",
        value=worst[2], unit="s", target=1.0, better="lower",
        detail="wall clock, default budget, vs medium; " + "; ".join(parts),
    )


def figures(runs: int) -> Iterator[Figure]:
    yield random_play(runs)
    yield hard_decision(runs)


if __name__ == "__main__":
    import sys

    for figure in figures(int(sys.argv[1]) if len(sys.argv) > 1 else 1):
        ratio = f" = {figure.ratio:.2f}×" if figure.ratio is not None else ""
        anchor = f" vs {figure.anchor:.1f} ({figure.anchor_name})" if figure.anchor else ""
        print(f"{figure.name}: {figure.value:.2f} {figure.unit}{anchor}{ratio} "
              f"target {figure.target} {'holds' if figure.holds else 'MISSES'}\n  {figure.detail}")
