"""Child processes that search an analysis's decisions, a share of its rounds each.

An analysis spends nearly all its time searching decisions again, one round after
another; in a thread of the app (or of the SSH server) that work would share one
core with everything else (the interpreter runs one thread at a time). ``start``
runs ``python -m engine.bots.analysis_worker`` once a share: the child reads the
saved game and its rounds on stdin, searches them with ``analysis.judge_round`` (the
same function the parent uses alone) and reports each decision on stdout as soon as
it is judged, so the progress bar moves with the work. A report names the preferred
move by its place in the seat's legal moves there, which the parent lists again.
"""

from __future__ import annotations

import queue
import subprocess
import sys
import threading
from collections.abc import Iterator
from typing import Any

import msgspec

from engine.bots.analysis import Decided, Mistake, judge_round
from engine.bots.budget import Budget
from engine.core import record
from engine.core.game import AnyGame
from engine.core.replay import Replay
from engine.registry import rulesets

WAIT = 0.1  # seconds between two looks at whether the analysis was stopped


class Share(msgspec.Struct):
    """What a child is given: the game (its saved form), its rounds, the budget."""

    game: bytes
    rounds: list[list[tuple[int, int]]]
    iterations: int | None
    seconds: float | None


class Judged(msgspec.Struct):
    """One decision judged: ``preferred`` is the index of the preferred move among the
    seat's legal moves, -1 when the move played cost nothing worth reporting."""

    step: int
    preferred: int = -1
    cost: float = 0.0
    reason: str = ""
    position: int = 0  # the replay position just before the decision


class Report(msgspec.Struct):
    step: int
    mistake: Mistake | None


class Reports:
    """The children's reports as they come: ``Report``s, or None after ``WAIT`` seconds
    without one; the iteration ends once every child has finished. ``close`` ends the
    children still at work."""

    def __init__(self, game: AnyGame, shares: list[list[Decided]], budget: Budget) -> None:
        self.replay = Replay(game)
        self.ruleset = game.ruleset
        self.steps = game.steps
        self.queue: queue.Queue[Judged | None] = queue.Queue()
        self.children: list[subprocess.Popen[bytes]] = []
        self.readers: list[threading.Thread] = []
        saved = record.encode(game)
        for share in shares:
            message = msgspec.msgpack.encode(Share(saved, share, budget.iterations,
                                                   budget.seconds))
            child = subprocess.Popen([sys.executable, "-m", __name__], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
            self.children.append(child)
            reader = threading.Thread(target=self._read, args=(child, message), daemon=True)
            reader.start()
            self.readers.append(reader)

    def _read(self, child: subprocess.Popen[bytes], message: bytes) -> None:
        assert child.stdin is not None and child.stdout is not None
        decoder = msgspec.json.Decoder(Judged)
        try:
            child.stdin.write(message)
            child.stdin.close()
            for line in child.stdout:
                self.queue.put(decoder.decode(line))
        except (OSError, ValueError, msgspec.DecodeError):
            pass  # a child gone wrong: what it did not report is searched by the parent
        finally:
            self.queue.put(None)  # this child is done

    def __iter__(self) -> Iterator[Report | None]:
        running = len(self.children)
        while running:
            try:
                judged = self.queue.get(timeout=WAIT)
            except queue.Empty:
                yield None
                continue
            if judged is None:
                running -= 1
                continue
            yield Report(judged.step, self._mistake(judged))

    def _mistake(self, judged: Judged) -> Mistake | None:
        if judged.preferred < 0:
            return None
        step = self.steps[judged.step]
        legal = self.ruleset.legal_intents(self.replay.seek(judged.position), step.seat)
        return Mistake(judged.step, judged.position, step.seat, step.intent,
                       legal[judged.preferred], judged.cost, judged.reason)

    def close(self) -> None:
        for child in self.children:
            if child.poll() is None:
                child.kill()
        for child in self.children:
            child.wait()
            if child.stdout is not None:
                child.stdout.close()


def start(game: AnyGame, shares: list[list[Decided]], budget: Budget) -> Reports:
    return Reports(game, shares, budget)


def work(share: Share, out: Any) -> None:
    """The child's side: search the share's rounds, one report a decision."""
    game = record.decode(share.game, rulesets(), validate=False)
    replay = Replay(game)
    budget = Budget(iterations=share.iterations, seconds=share.seconds)
    encoder = msgspec.json.Encoder()

    def report(index: int, mistake: Mistake | None) -> None:
        judged = Judged(index)
        if mistake is not None:
            legal = game.ruleset.legal_intents(replay.seek(mistake.position), mistake.seat)
            judged = Judged(index, legal.index(mistake.preferred), mistake.cost,
                            mistake.reason, mistake.position)
        out.write(encoder.encode(judged) + b"\n")
        out.flush()

    for decided in share.rounds:
        judge_round(game, replay, decided, budget, None, report)


if __name__ == "__main__":
    work(msgspec.msgpack.decode(sys.stdin.buffer.read(), type=Share), sys.stdout.buffer)
