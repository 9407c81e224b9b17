"""Seeded games between bot levels: win rates with 95% Wilson intervals, decision times.

    python scripts/tournament.py hard medium --games 200 --iterations 24 --jobs 2
    python scripts/tournament.py medium easy --games 200
    python scripts/tournament.py hard --solo hard --games 100 --iterations 24
    python scripts/tournament.py medium easy --game raja-2004 --games 200
    python scripts/tournament.py hard medium --game raja-2004 --preset "Advanced I" --iterations 8
    python scripts/tournament.py hard medium --game maharani --games 200 --players 2
    python scripts/tournament.py hard medium --game maharadjah --games 200 --players 5

Two-level matches alternate the seats (and so who plays first and which colour)
between games; game ``n`` uses seed ``--seed + n``. Hard uses a fixed iteration
budget so every game is reproducible from its seed. A shared win counts as not won.
``--game`` picks the ruleset (Maharaja by default; Raja with ``--preset``); the
score printed per game is PP for Maharaja, (palaces, gold) for Raja, gold for
Maharani, VP for Maharadjah. ``--players`` (Maharani: 2-4) seats the levels in turn,
``a`` first. Maharadjah (``--players`` 3-5, ``--short`` for the 3-player short game)
seats one ``a`` among ``b`` seats, moving it one seat on each game (each seat holds
different nations): ``a`` beats ``b`` when it wins more than its fair share,
1 / players, of the games.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from engine.bots.budget import Budget
from engine.bots.match import Timings, bot_seat, play_game
from engine.maharaja import RULESET, Options

GAMES = ("maharaja-2020", "raja-2004", "maharani", "maharadjah")


@dataclass
class Result:
    seed: int
    levels: list[str]  # per seat
    winners: list[int]
    pp: list[int] | list[tuple[int, int]]
    timings: dict[str, list[float]]


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


Job = tuple[int, list[str], str | None, int, str, str]


def play_one(args: Job) -> Result:
    seed, levels, solo, iterations, game_id, preset_name = args
    timings = Timings()
    if game_id == "maharadjah":
        return play_maharadjah(seed, levels, iterations, preset_name == "short", timings)
    if game_id == "raja-2004":
        return play_raja(seed, levels, iterations, preset_name, timings)
    if game_id == "maharani":
        return play_maharani(seed, levels, iterations, timings)
    if solo is not None:
        options = Options(mode="solo", difficulty=solo)
    else:
        options = Options()
    seats = [bot_seat(f"{level} {n + 1}", level) for n, level in enumerate(levels)]
    game = play_game(RULESET, seats, options, seed, budget=Budget.fixed(iterations),
                     timings=timings)
    if not game.is_over():
        raise RuntimeError(f"seed {seed}: the game did not finish")
    state = game.state
    pp = [p.pp for p in state.players]
    return Result(seed, levels, list(state.winners), pp, timings.by_level)


def play_raja(seed: int, levels: list[str], iterations: int, preset_name: str,
              timings: Timings) -> Result:
    from engine.raja import RULESET as RAJA
    from engine.raja import preset
    from engine.raja.queries import palaces_on_board

    seats = [bot_seat(f"{level} {n + 1}", level) for n, level in enumerate(levels)]
    game = play_game(RAJA, seats, preset(preset_name), seed, budget=Budget.fixed(iterations),
                     timings=timings)
    if not game.is_over():
        raise RuntimeError(f"seed {seed}: the game did not finish")
    state = game.state
    score = [(palaces_on_board(state, s), p.gold) for s, p in enumerate(state.players)]
    return Result(seed, levels, [state.ranking[0]], score, timings.by_level)


def play_maharani(seed: int, levels: list[str], iterations: int, timings: Timings) -> Result:
    from engine.maharani import RULESET as MAHARANI

    seats = [bot_seat(f"{level} {n + 1}", level) for n, level in enumerate(levels)]
    game = play_game(MAHARANI, seats, None, seed, budget=Budget.fixed(iterations),
                     timings=timings)
    if not game.is_over():
        raise RuntimeError(f"seed {seed}: the game did not finish")
    state = game.state
    return Result(seed, levels, list(state.winners), [p.gold for p in state.players],
                  timings.by_level)


def play_maharadjah(seed: int, levels: list[str], iterations: int, short: bool,
                    timings: Timings) -> Result:
    from engine.maharadjah import RULESET as MAHARADJAH
    from engine.maharadjah import Options as MaharadjahOptions
    from engine.maharadjah.scoring import totals

    seats = [bot_seat(f"{level} {n + 1}", level) for n, level in enumerate(levels)]
    game = play_game(MAHARADJAH, seats, MaharadjahOptions(short), seed,
                     budget=Budget.fixed(iterations), timings=timings)
    if not game.is_over():
        raise RuntimeError(f"seed {seed}: the game did not finish")
    return Result(seed, levels, list(game.state.winners), totals(game.state), timings.by_level)


def schedule(a: str, b: str | None, solo: str | None, games: int, seed: int,
             iterations: int, game_id: str = GAMES[0], preset_name: str = "Basic",
             players: int = 2) -> list[Job]:
    out = []
    for n in range(games):
        if solo is not None or b is None:
            levels = [a]
        elif game_id == "maharadjah":  # one a among b seats, one seat further each game
            levels = [b] * players
            levels[n % players] = a
        elif players > 2:  # a, b, a, b... rotated by one seat each game
            ring = [a if i % 2 == 0 else b for i in range(players)]
            levels = ring[n % players:] + ring[:n % players]
        else:
            levels = [a, b] if n % 2 == 0 else [b, a]
        out.append((seed + n, levels, solo, iterations, game_id, preset_name))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("a", help="level under test (easy, medium, hard)")
    parser.add_argument("b", nargs="?", help="opposing level (omit with --solo)")
    parser.add_argument("--solo", metavar="DIFFICULTY", help="play solo against Brahmabot")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--iterations", type=int, default=24, help="hard: rollouts/decision")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--game", choices=GAMES, default=GAMES[0], help="ruleset id")
    parser.add_argument("--preset", default="Basic", help="Raja: options preset")
    parser.add_argument("--players", type=int, default=None,
                        help="Maharani: seats (2-4, default 2); Maharadjah: 3-5 (default 5)")
    parser.add_argument("--short", action="store_true", help="Maharadjah: the short game")
    args = parser.parse_args(argv)
    if (args.b is None) == (args.solo is None):
        parser.error("give an opposing level or --solo DIFFICULTY, not both")
    if args.solo and args.game != GAMES[0]:
        parser.error("--solo is for Maharaja only")
    opponent = f"Brahmabot ({args.solo})" if args.solo else args.b
    if args.players is None:
        args.players = 5 if args.game == "maharadjah" else 2
    if args.players != 2 and args.game not in ("maharani", "maharadjah"):
        parser.error("--players is for Maharani and Maharadjah only")
    if args.short and (args.game != "maharadjah" or args.players != 3):
        parser.error("--short is for 3-player Maharadjah only")
    preset_name = "short" if args.short else args.preset
    jobs = schedule(args.a, args.b, args.solo, args.games, args.seed, args.iterations,
                    args.game, preset_name, args.players)
    started = time.perf_counter()
    wins = shared = done = 0
    timings = Timings()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for result in pool.map(play_one, jobs):
            done += 1
            mine = [s for s, level in enumerate(result.levels) if level == args.a]
            if args.game == "maharadjah" and args.b == args.a:
                mine = [(result.seed - args.seed) % args.players]  # the rotating seat
            elif args.b == args.a:
                mine = [0]  # mirror match: seat 0's rate (should be near 50%)
            won = [s for s in result.winners if s in mine]
            if won and len(result.winners) == 1:
                wins += 1
            elif won:
                shared += 1
            for level, seconds in result.timings.items():
                timings.by_level.setdefault(level, []).extend(seconds)
            label = {"maharaja-2020": "PP", "raja-2004": "palaces, gold",
                     "maharadjah": "VP"}.get(args.game, "gold")
            print(f"seed {result.seed} seats {result.levels} {label} {result.pp} "
                  f"winners {result.winners}", flush=True)
    low, high = wilson(wins, done)
    if args.game == "maharadjah":
        print(f"fair share: 1/{args.players} = {1 / args.players:.1%}")
    elapsed = time.perf_counter() - started
    title = {"maharaja-2020": "", "raja-2004": f"{args.game} ({args.preset}) "}.get(
        args.game, f"{args.game} ({args.players} players) ")
    print(f"\n{title}{args.a} vs {opponent}: {wins}/{done} won = {wins / done:.1%} "
          f"(95% CI {low:.1%}–{high:.1%}); {shared} shared; hard budget "
          f"{args.iterations} rollouts/decision; {elapsed:.0f} s, {args.jobs} jobs")
    for level, seconds in sorted(timings.by_level.items()):
        ordered = sorted(seconds)
        p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
        print(f"decision time {level}: median {statistics.median(ordered) * 1000:.1f} ms, "
              f"p95 {p95 * 1000:.1f} ms over {len(ordered)} decisions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
