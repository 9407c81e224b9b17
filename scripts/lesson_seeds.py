"""Find seeds for the guided first games (maharaja_tui/lessons/<game>.json).

    python scripts/lesson_seeds.py maharaja-2020                  # seeds 1-200, the best 5
    python scripts/lesson_seeds.py raja-2004 --seeds 1-500 --top 3
    python scripts/lesson_seeds.py maharani --show 42             # seed 42's decisions
    python scripts/lesson_seeds.py maharadjah --players 3 --option short_game=true \
        --show 2 --script "+MYS MYS-KARx2 end"    # these first, then the teacher

A lesson's game is a fixed seed and table; its computers play at their level with
the generator the app's table gives each decision (``engine.core.table.decision_rng``),
so a seed and the guided seat's decisions fix the whole game. Here the guided seat is
played by a teacher (the medium computer, or a game's own preference below) and each
seed is judged by how soon the lesson's ideas show in its first decisions (a city
scored, a battle, a retreat...): the earlier all of them show, the shorter the lesson.

``--show SEED`` prints the guided seat's decisions as record tokens (each step's
``expect``), with what each does in words and the events that followed, to write the
steps' texts from. After a change of the computers' play or the rules, the lesson test
(tests/tui/test_lessons.py) fails; run this again and rewrite the lesson it names.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from random import Random
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Game  # noqa: E402
from engine.bots import choose  # noqa: E402
from engine.core.record_text import canonical  # noqa: E402
from engine.core.table import decision_rng  # noqa: E402
from engine.registry import get_ruleset, spec_of  # noqa: E402
from maharaja_tui.game_setup import GameSetup  # noqa: E402

GUIDED = 0
MAX_DECISIONS = 60  # the guided seat's decisions a lesson may take at most


# ------------------------------------------------------------------- the ideas
# Per game: the ideas its lesson shows, each found in the game's steps (the step
# index where it first shows, None when it does not). A seed is judged by the last.
Ideas = Callable[[Game[Any, Any, Any, Any]], dict[str, int | None]]


def first(game: Game[Any, Any, Any, Any], test: Callable[[Any, Any], bool]) -> int | None:
    for index, step in enumerate(game.steps):
        if any(test(step, event) for event in step.events):
            return index
    return None


def maharaja_ideas(game: Game[Any, Any, Any, Any]) -> dict[str, int | None]:
    from engine.maharaja import events as ev

    def mine(step: Any) -> bool:
        return bool(step.seat == GUIDED)

    return {
        "a toll paid": first(game, lambda s, e: mine(s) and isinstance(e, ev.PriestMoved)
                             and any(n for _, n in e.tolls)),
        "a statue": first(game, lambda s, e: mine(s) and isinstance(e, ev.StatueBuilt)),
        "a scoring ranked": first(game, lambda s, e: isinstance(e, ev.CityScored)
                                  and GUIDED in e.ranking[:1]),
        "a reward": first(game, lambda s, e: mine(s) and isinstance(e, ev.RewardTaken)),
    }


def raja_ideas(game: Game[Any, Any, Any, Any]) -> dict[str, int | None]:
    from engine.raja import events as ev

    def mine(step: Any) -> bool:
        return bool(step.seat == GUIDED)

    return {
        "a palace": first(game, lambda s, e: mine(s) and isinstance(e, ev.PalaceBuilt)),
        "the governor moved": first(game, lambda s, e: mine(s)
                                    and isinstance(e, ev.GovernorMoved)),
        "a scoring ranked": first(game, lambda s, e: isinstance(e, ev.CityScored)
                                  and bool(e.points) and e.points[0][0] == GUIDED),
    }


def maharani_ideas(game: Game[Any, Any, Any, Any]) -> dict[str, int | None]:
    from engine.maharani import events as ev

    def mine(step: Any) -> bool:
        return bool(step.seat == GUIDED)

    return {
        "a zone of 3+": first(game, lambda s, e: mine(s) and isinstance(e, ev.TilePlaced)
                              and len(e.zone) >= 3),
        "an artisan": first(game, lambda s, e: mine(s) and isinstance(e, ev.ArtisanStep)),
        "an artisan moves": first(game, lambda s, e: mine(s)
                                  and isinstance(e, ev.ArtisanStep) and bool(e.source)),
        "a quarter scored": first(game, lambda s, e: isinstance(e, ev.QuarterScored)),
    }


def maharadjah_ideas(game: Game[Any, Any, Any, Any]) -> dict[str, int | None]:
    from engine.maharadjah import events as ev

    def mine(step: Any) -> bool:
        return bool(step.seat == GUIDED)

    def ours(nation: str) -> bool:
        return bool(game.state.control.get(nation) == GUIDED)

    return {
        "growth placed": first(game, lambda s, e: mine(s) and isinstance(e, ev.ArmiesPlaced)
                               and e.why == "growth"),
        "a move": first(game, lambda s, e: mine(s) and isinstance(e, ev.Moved)),
        "a battle": first(game, lambda s, e: mine(s) and isinstance(e, ev.BattleStarted)),
        "a retreat": first(game, lambda s, e: mine(s) and isinstance(e, ev.Retreated)),
        "a submission": first(game, lambda s, e: isinstance(e, ev.Submitted)
                              and (ours(e.subject) or ours(e.overlord))),
    }


# Per game: the guided seat's choices narrowed before the teacher picks, where the
# teacher alone seldom shows an idea (the game so far, the legal intents).
Steer = Callable[[Game[Any, Any, Any, Any], list[Any]], list[Any]]


def raja_steer(game: Game[Any, Any, Any, Any], legal: list[Any]) -> list[Any]:
    """The first selection is the palace and the governor (R-ACT-3): the lesson's two."""
    from engine.raja import intents as it

    if any(isinstance(s.intent, it.SelectActions) for s in game.steps if s.seat == GUIDED):
        return legal
    picked = [i for i in legal if isinstance(i, it.SelectActions)
              and {i.first, i.second} == {"palace", "governor"}]
    return picked or legal


def maharadjah_steer(game: Game[Any, Any, Any, Any], legal: list[Any]) -> list[Any]:
    """A submission (W-SUB) and a retreat (W-RET), of all the armies that may go at
    once, when offered: the medium computer seldom takes either, and they are two of
    the lesson's ideas."""
    from engine.maharadjah import intents as it

    submit = [i for i in legal if isinstance(i, it.Submit)]
    if submit:
        return submit
    retreats = [i for i in legal if isinstance(i, it.Retreat)]
    most = max((i.armies for i in retreats), default=0)
    return [i for i in retreats if i.armies == most] or legal  # all at once: one step


STEER: dict[str, Steer] = {"raja-2004": raja_steer, "maharadjah": maharadjah_steer}

IDEAS: dict[str, Ideas] = {"maharaja-2020": maharaja_ideas, "raja-2004": raja_ideas,
                           "maharani": maharani_ideas, "maharadjah": maharadjah_ideas}


# ------------------------------------------------------------------- playing
def table(game_id: str, players: int, seed: int, level: str,
          options: dict[str, Any] | None = None) -> GameSetup:
    from engine.core.ruleset import HUMAN, Computer, Seat
    from maharaja_tui.games import adapter_class

    form = adapter_class(game_id).table_form()
    values = {f.id: f.default for f in form.fields} | (options or {})
    seats = tuple(Seat("You", HUMAN) if s == GUIDED else Seat(f"C{s}", Computer(level=level))
                  for s in range(players))
    return GameSetup(seats, adapter_class(game_id).make_options(values,
                                                                form.colours[:players]),
                     seed, game_id)


def play(setup: GameSetup, teacher: str, decisions: int,
         script: list[str] | None = None) -> Game[Any, Any, Any, Any]:
    """The lesson's game: computers as the app's table plays them, the guided seat by
    ``script`` (tokens) while it lasts, then by the teacher, ``decisions`` of them."""
    game = Game(get_ruleset(setup.ruleset_id), list(setup.seats), setup.options, setup.seed)
    notation = spec_of(setup.ruleset_id).load_notation()
    guided = 0
    while not game.is_over() and guided < decisions:
        to_move = game.to_move()
        if not to_move:
            break
        # The computers first when they decide at the same time as the guided seat, as
        # the lesson's screen holds the guided seat's decision until they have.
        seat = next((s for s in to_move if s != GUIDED), to_move[0])
        legal = game.legal_intents(seat)
        if seat == GUIDED:
            if script is not None and guided < len(script):
                from engine.core.record_text import _resolve

                intent = _resolve(game.ruleset, notation, game.state, seat, script[guided])
            else:
                steer = STEER.get(setup.ruleset_id)
                legal = steer(game, legal) if steer is not None else legal
                intent = choose(game.ruleset, game.view(seat), seat, legal, teacher,
                                Random(f"teacher/{setup.seed}/{len(game.steps)}"))
            guided += 1
        else:
            level = setup.seats[seat].controller.level  # type: ignore[union-attr]
            intent = choose(game.ruleset, game.view(seat), seat, legal, level,
                            decision_rng(game.seed, seat, len(game.steps)))
        game.play(seat, intent)
    return game


def judge(game_id: str, game: Game[Any, Any, Any, Any]) -> tuple[int, dict[str, int | None]]:
    """How many guided decisions it takes for every idea to show (a big number: never)."""
    found = IDEAS[game_id](game)
    if any(v is None for v in found.values()):
        return 10**6, found
    last = max(v for v in found.values() if v is not None)
    return sum(1 for s in game.steps[: last + 1] if s.seat == GUIDED), found


def show(game_id: str, game: Game[Any, Any, Any, Any]) -> None:
    """The guided seat's decisions as tokens, what each says in the log, and the others'."""
    notation = spec_of(game_id).load_notation()
    replay = Game(game.ruleset, list(game.seats), game.options, game.seed)
    number = 0
    for step in game.steps[1:]:
        state = replay.state
        described = [game.ruleset.describe(e, state) for e in step.events]
        if step.seat == GUIDED:
            number += 1
            token = canonical(game.ruleset, notation, state, step.seat, step.intent)
            print(f"[{number}] {token}")
        words = ["".join(t for t, _ in d) for d in described if d]
        for line in words:
            print(("    " if step.seat == GUIDED else "      · ") + line)
        replay.play(step.seat, step.intent)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", choices=sorted(IDEAS))
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--level", default="easy", help="the computers' level")
    parser.add_argument("--teacher", default="medium", help="the guided seat's level")
    parser.add_argument("--seeds", default="1-200")
    parser.add_argument("--top", type=int, default=5)
    parser.add_argument("--show", type=int, help="one seed's decisions, as tokens")
    parser.add_argument("--decisions", type=int, default=MAX_DECISIONS)
    parser.add_argument("--script", default="",
                        help="with --show: the guided seat's first decisions (tokens, "
                             "as a lesson's steps expect them); the teacher then goes on")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=JSON",
                        help="a new-game form value, as the lesson's table.options "
                             "(short_game=true)")
    args = parser.parse_args()
    options = {name: json.loads(value) for name, _, value in
               (o.partition("=") for o in args.option)}
    if args.show is not None:
        setup = table(args.game, args.players, args.show, args.level, options)
        game = play(setup, args.teacher, args.decisions, args.script.split())
        print(judge(args.game, game))
        show(args.game, game)
        return
    low, _, high = args.seeds.partition("-")
    found = []
    for seed in range(int(low), int(high or low) + 1):
        setup = table(args.game, args.players, seed, args.level, options)
        game = play(setup, args.teacher, args.decisions)
        score, ideas = judge(args.game, game)
        found.append((score, seed, ideas))
        print(seed, score, ideas, flush=True)
    found.sort()
    print("best:")
    for score, seed, ideas in found[: args.top]:
        print(f"  seed {seed}: all ideas by decision {score}: {ideas}")


if __name__ == "__main__":
    main()
