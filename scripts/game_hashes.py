"""Fingerprints of seeded games, to show an engine optimisation changed no behaviour
(a speed change must keep every game): run it before and after, then diff the outputs;
run by hand, never a test.

    python scripts/game_hashes.py > before.txt     # on main
    python scripts/game_hashes.py > after.txt      # on the branch
    diff before.txt after.txt                      # nothing: same games

Each line hashes a game's whole log (every step: seat, intent, events) and its final
state: random games (``play_randomly``) of Maharaja (2-4 players and solo at each
difficulty), Raja (2-5 players) and Maharadjah (3-5 players and the short game), and
games of easy and medium computers. ``--quick`` plays fewer seeds.
"""

from __future__ import annotations

import argparse
import hashlib
from random import Random

import msgspec

from engine.bots.match import bot_seat, play_game
from engine.core.autoplay import play_randomly
from engine.core.game import AnyGame, Game
from engine.core.ruleset import Seat
from engine.maharadjah import Options as MaharadjahOptions
from engine.maharaja import Options as MaharajaOptions
from engine.registry import rulesets


def fingerprint(game: AnyGame) -> str:
    digest = hashlib.sha256(msgspec.msgpack.encode(game.state))
    for step in game.steps:
        digest.update(msgspec.msgpack.encode(step))
    return f"{digest.hexdigest()[:16]} steps {len(game.steps)}"


def lines(quick: bool) -> list[str]:
    known = rulesets()
    seeds = 6 if quick else 25
    out = []
    for rid, counts in (("maharaja-2020", (2, 3, 4)), ("raja-2004", (2, 3, 4, 5))):
        for n in counts:
            for seed in range(seeds):
                game = Game(known[rid], [Seat(f"P{i}") for i in range(n)], None, seed)
                play_randomly(game, Random(seed * 31 + n))
                out.append(f"random {rid} {n}p seed {seed}: {fingerprint(game)}")
    for n, short in ((3, False), (4, False), (5, False), (3, True)):
        for seed in range(2 if quick else 6):
            game = Game(known["maharadjah"], [Seat(f"P{i}") for i in range(n)],
                        MaharadjahOptions(short_game=short), seed)
            play_randomly(game, Random(seed * 31 + n))
            kind = "short" if short else f"{n}p"
            out.append(f"random maharadjah {kind} seed {seed}: {fingerprint(game)}")
    for level in ("easy", "medium", "hard"):
        for seed in range(3 if quick else 8):
            options = MaharajaOptions(mode="solo", difficulty=level)
            game = Game(known["maharaja-2020"], [Seat("P0")], options, seed)
            play_randomly(game, Random(seed))
            out.append(f"random solo {level} seed {seed}: {fingerprint(game)}")
    for rid, n, seeds in (("maharaja-2020", 4, 3), ("maharaja-2020", 2, 3),
                          ("raja-2004", 4, 3), ("raja-2004", 3, 3), ("maharadjah", 3, 1)):
        for seed in range(1 if quick else seeds):
            levels = ("easy", "medium")
            seats = [bot_seat(f"b{i}", levels[(i + seed) % 2]) for i in range(n)]
            out.append(f"bots {rid} {n}p seed {seed}: "
                       f"{fingerprint(play_game(known[rid], seats, None, seed))}")
    return out


if __name__ == "__main__":  # PYTHONPATH=. python3 scripts/game_hashes.py [--quick]
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer seeds")
    print("\n".join(lines(parser.parse_args().quick)))
