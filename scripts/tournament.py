"""Seeded games between bot levels: win rates with 95% Wilson intervals, decision times.

    python scripts/tournament.py hard medium --games 200 --iterations 24 --jobs 2
    python scripts/tournament.py hard medium --games 200 --cpu-clock   # the default budget
    python scripts/tournament.py medium easy --games 200
    python scripts/tournament.py hard --option mode=solo --option difficulty=hard --games 100
    python scripts/tournament.py medium easy --game raja-2004 --games 200
    python scripts/tournament.py hard medium --game raja-2004 --preset "Advanced I" --iterations 8
    python scripts/tournament.py hard medium --game maharani --games 200 --players 3
    python scripts/tournament.py hard medium --game maharadjah --games 200 --players 5

Any registered game (``--game``, the registry's first by default), with its options
from a preset of its GameSpec (``--preset``) and ``--option KEY=VALUE`` (a JSON value,
or else a string). Game ``n`` uses seed ``--seed + n`` and seats one ``a`` among ``b``
seats, one seat further each game (so who plays first, which colour and, in
Maharadjah, which nations go round); with one level only (``b`` omitted) the game
has one seat (a solo mode). ``a`` beats ``b`` when it wins more than its fair share,
1 / players, of the games; a shared win counts as not won. Hard uses a fixed
iteration budget so every game is reproducible from its seed, or with ``--time`` the
app's default time budget (its thread's CPU time, cut short by the wall-clock ceiling
on a loaded machine: what a player gets), or with ``--cpu-clock`` that budget without
the ceiling (what a quiet machine would give it, whatever the load). Each game prints
its final figures as its GameSpec's ``outcome`` gives them.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

import msgspec

from engine.bots.budget import Budget
from engine.bots.match import Timings, bot_seat, play_game
from engine.registry import default_game, spec_of, specs


@dataclass
class Result:
    seed: int
    levels: list[str]  # per seat
    winners: list[int]
    figures: dict[str, Any]  # the game's outcome, but its winners
    timings: dict[str, list[float]]


@dataclass(frozen=True)
class Job:
    seed: int
    levels: list[str]
    budget: Budget
    game_id: str
    options: dict[str, Any]


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def play_one(job: Job) -> Result:
    spec = spec_of(job.game_id)
    rules = spec.load_ruleset()
    options = msgspec.convert(job.options, rules.Options)
    timings = Timings()
    seats = [bot_seat(f"{level} {n + 1}", level) for n, level in enumerate(job.levels)]
    game = play_game(rules, seats, options, job.seed, budget=job.budget,
                     timings=timings)
    if not game.is_over():
        raise RuntimeError(f"seed {job.seed}: the game did not finish")
    figures = dict(msgspec.to_builtins(spec.load_outcome()(game.state)))
    winners = list(figures.pop("winners"))
    return Result(job.seed, job.levels, winners, figures, timings.by_level)


def schedule(a: str, b: str | None, games: int, seed: int, budget: Budget,
             game_id: str, options: dict[str, Any], players: int) -> list[Job]:
    """Game ``n``: one ``a`` among ``b`` seats, at seat ``n % players``."""
    out = []
    for n in range(games):
        levels = [b or a] * players
        levels[n % players] = a
        out.append(Job(seed + n, levels, budget, game_id, options))
    return out


def budget_of(args: argparse.Namespace) -> Budget:
    if args.cpu_clock:
        return Budget(ceiling=None)
    if args.time:
        return Budget()
    return Budget.fixed(args.iterations)


def describe(budget: Budget) -> str:
    if budget.seconds is None:
        return f"{budget.iterations} rollouts/decision"
    ceiling = "no ceiling" if budget.ceiling is None else f"at most {budget.ceiling:g} s wall"
    return f"default {budget.seconds:g} CPU s/decision ({ceiling})"


def parse_option(text: str) -> tuple[str, Any]:
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"{text!r}: give KEY=VALUE")
    try:
        return key, json.loads(value)
    except ValueError:
        return key, value  # a bare word: a string


def options_of(parser: argparse.ArgumentParser, game_id: str, preset: str | None,
               extra: list[tuple[str, Any]]) -> dict[str, Any]:
    spec = spec_of(game_id)
    if preset is not None and preset not in spec.presets:
        names = ", ".join(spec.presets) or "none"
        parser.error(f"{game_id} has no preset {preset!r} (its presets: {names})")
    values = {**(spec.presets[preset] if preset else {}), **dict(extra)}
    try:
        msgspec.convert(values, spec.load_ruleset().Options)
    except msgspec.ValidationError as exc:
        parser.error(f"{game_id} options: {exc}")
    return values


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("a", help="level under test (easy, medium, hard)")
    parser.add_argument("b", nargs="?", help="opposing level (omit for one seat: solo)")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--iterations", type=int, default=24, help="hard: rollouts/decision")
    timed = parser.add_mutually_exclusive_group()
    timed.add_argument("--time", action="store_true",
                       help="hard: the app's default time budget (CPU time, wall ceiling)")
    timed.add_argument("--cpu-clock", action="store_true",
                       help="hard: the default time budget in CPU time, no wall ceiling")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--game", choices=list(specs()), default=default_game(),
                        help="game id (default %(default)s)")
    parser.add_argument("--preset", help="options preset of the game's GameSpec")
    parser.add_argument("--option", type=parse_option, action="append", default=[],
                        metavar="KEY=VALUE", help="one option of the game (repeatable)")
    parser.add_argument("--players", type=int, default=None,
                        help="seats (default 1 without b, else 2 or the game's fewest)")
    args = parser.parse_args(argv)
    low_seats, high_seats, _ = spec_of(args.game).seats
    if args.players is None:
        args.players = 1 if args.b is None else max(2, low_seats)
    if args.b is None and args.players != 1:
        parser.error("one level plays one seat (a solo mode): give an opposing level")
    if args.b is not None and not low_seats <= args.players <= high_seats:
        parser.error(f"{args.game} takes {low_seats}-{high_seats} players")
    options = options_of(parser, args.game, args.preset, args.option)
    budget = budget_of(args)
    jobs = schedule(args.a, args.b, args.games, args.seed, budget, args.game,
                    options, args.players)
    started = time.perf_counter()
    wins = shared = done = 0
    timings = Timings()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for result in pool.map(play_one, jobs):
            mine = (result.seed - args.seed) % args.players  # the seat ``a`` played
            done += 1
            if result.winners == [mine]:
                wins += 1
            elif mine in result.winners:
                shared += 1
            for level, seconds in result.timings.items():
                timings.by_level.setdefault(level, []).extend(seconds)
            figures = " ".join(f"{k} {v}" for k, v in result.figures.items())
            print(f"seed {result.seed} seats {result.levels} {figures} "
                  f"winners {result.winners}", flush=True)
    low, high = wilson(wins, done)
    elapsed = time.perf_counter() - started
    title = " ".join(part for part in (args.game, args.preset and f"({args.preset})",
                                       f"{args.players} players") if part)
    opponent = args.b or "the game"
    print(f"\n{title}: {args.a} vs {opponent}: {wins}/{done} won = {wins / done:.1%} "
          f"(95% CI {low:.1%}–{high:.1%}); fair share 1/{args.players} = "
          f"{1 / args.players:.1%}; {shared} shared; hard budget {describe(budget)}; "
          f"{elapsed:.0f} s, {args.jobs} jobs")
    for level, seconds in sorted(timings.by_level.items()):
        ordered = sorted(seconds)
        p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
        print(f"decision time {level}: median {statistics.median(ordered) * 1000:.1f} ms, "
              f"p95 {p95 * 1000:.1f} ms over {len(ordered)} decisions")
    return 0


if __name__ == "__main__":
    sys.exit(main())
