"""Engine benchmark: run by hand, report the figures; never a timed test.

    python scripts/bench_engine.py            # every registered game
    python scripts/bench_engine.py --games 200 maharaja-2020
    python scripts/bench_engine.py maharani             # any id of engine.registry
    python scripts/bench_engine.py --games 50 maharadjah    # 5 players (--players 3 for 3)

Measures, per ruleset and on one core: complete random games per second at 4 players
(Maharadjah: 5, its largest count; or ``--players``); median and p99 time to list legal intents;
replaying a finished game from its file (validated load, and fold-only replay);
undo latency; save and load time; file size.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path
from random import Random

from engine.core import record
from engine.core.autoplay import play_randomly
from engine.core.game import Game
from engine.core.replay import Replay
from engine.core.ruleset import Ruleset, Seat
from engine.registry import rulesets

PLAYERS = {"maharadjah": 5}  # games benched above 4 players


def seats_for(rules: Ruleset, players: int | None = None) -> list[Seat]:
    n = players or PLAYERS.get(rules.id, 4 if rules.max_seats >= 4 else rules.max_seats)
    n = max(rules.min_seats, min(rules.max_seats, n))
    return [Seat(f"P{i}") for i in range(n)]


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def bench(rules: Ruleset, games: int, players: int | None = None) -> None:
    seats = seats_for(rules, players)
    print(f"\n== {rules.name} ({rules.id}), {len(seats)} players ==")
    start = time.perf_counter()
    steps = 0
    finished: list[Game] = []
    for seed in range(games):
        game = play_randomly(Game(rules, seats, None, seed), Random(seed))
        steps += len(game.steps)
        finished.append(game)
    elapsed = time.perf_counter() - start
    print(f"random games: {games / elapsed:8.1f} games/s  ({steps / games:.0f} steps a game, "
          f"{elapsed / steps * 1e6:.0f} µs a step incl. listing legal intents)")

    # Legal-intent listing at every decision point of a few games.
    timings: list[float] = []
    for seed in range(min(games, 20)):
        rng = Random(seed)
        game = Game(rules, seats, None, seed)
        while game.to_move():
            seat = rng.choice(game.to_move())
            t0 = time.perf_counter()
            legal = game.legal_intents(seat)
            timings.append(time.perf_counter() - t0)
            game.play(seat, rng.choice(legal))
    print(f"legal intents: median {statistics.median(timings) * 1e6:7.1f} µs, "
          f"p99 {quantile(timings, 0.99) * 1e6:7.1f} µs  ({len(timings)} calls)")

    game = max(finished[:20], key=lambda g: len(g.steps))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.json"
        save_t = timed(lambda: record.save(game, path), 20)
        size = path.stat().st_size
        load_t = timed(lambda: record.load(path, rulesets()), 10)
        fast_t = timed(lambda: Replay(record.load(path, rulesets(), validate=False)), 10)
    print(f"save: {save_t * 1e3:6.2f} ms   file: {size / 1024:.1f} KiB "
          f"({len(game.steps)} steps, {sum(len(s.events) for s in game.steps)} events)")
    print(f"load with validation (re-decides every intent): {load_t * 1e3:6.2f} ms")
    print(f"replay from file (fold only, replay cursor built): {fast_t * 1e3:6.2f} ms")

    undo: list[float] = []
    for _ in range(50):
        t0 = time.perf_counter()
        game.undo()
        undo.append(time.perf_counter() - t0)
    print(f"undo: median {statistics.median(undo) * 1e3:6.3f} ms, "
          f"max {max(undo) * 1e3:6.3f} ms")
    cursor = Replay(game)
    seek = timed(lambda: [cursor.seek(p) for p in range(0, cursor.length, 7)], 3)
    per = seek / max(1, len(range(0, cursor.length, 7)))
    print(f"replay seek (random position): {per * 1e6:7.1f} µs a seek")


def timed(fn, repeat: int) -> float:  # noqa: ANN001 - tiny local helper
    best = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best.append(time.perf_counter() - t0)
    return statistics.median(best)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rulesets", nargs="*", help="ruleset ids (default: all)")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, help="seats (default: 4; Maharadjah 5)")
    args = parser.parse_args()
    known = rulesets()
    for rid in args.rulesets or sorted(known):
        bench(known[rid], args.games, args.players)


if __name__ == "__main__":
    main()
