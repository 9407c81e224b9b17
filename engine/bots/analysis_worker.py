"""Child processes that search an analysis's decisions, a share of its rounds each.

An analysis spends nearly all its time searching decisions again, one round after
another; in a thread of the app (or of the SSH server) that work would share one
core with everything else (the interpreter runs one thread at a time). ``start``
runs ``python -m engine.bots.analysis_worker`` once a share: the child reads the
saved game and its rounds on stdin, searches them with ``analysis.judge_round`` (the
same function the parent uses alone) and reports each decision on stdout as soon as
it is judged, so the progress bar moves with the work. A report names the preferred
move as saved games write intents (the game's tagged union).
"""

from __future__ import annotations

import logging
import queue
import subprocess
import sys
import threading
from collections.abc import Iterator
from typing import BinaryIO

import msgspec

from engine.bots.analysis import Decided, Mistake, judge_round
from engine.bots.budget import Budget
from engine.core import record
from engine.core.game import AnyGame
from engine.core.replay import Replay
from engine.registry import rulesets

WAIT = 0.1  # seconds between two looks at whether the analysis was stopped
log = logging.getLogger(__name__)
CHILD = __name__  # the module a child runs


class Game(msgspec.Struct):
    """What a child is given first: the game (its saved form) and the budget."""

    game: bytes
    budget: Budget  # whole: a child given only some of it took the default for the rest


NONE = msgspec.Raw(b"null")


class Judged(msgspec.Struct):
    """One decision judged: ``preferred`` is the preferred move (the game's intent, as
    saved games write it), none when the move played cost nothing worth reporting."""

    step: int  # DONE: the round given is all judged
    preferred: msgspec.Raw = NONE
    cost: float = 0.0
    reason: str = ""
    position: int = 0  # the replay position just before the decision


DONE = -1


class Report(msgspec.Struct):
    step: int
    mistake: Mistake | None


class Reports:
    """The children's reports as they come: ``Report``s, or None after ``WAIT`` seconds
    without one; the iteration ends once every child has finished. Each child is given
    the next round as soon as it has judged one (the heaviest first), so none sits idle
    while another works through the rounds it was dealt. ``close`` ends the children
    still at work."""

    def __init__(self, game: AnyGame, rounds: list[Decided], count: int,
                 budget: Budget) -> None:
        self.ruleset = game.ruleset
        self.steps = game.steps
        self.queue: queue.Queue[Judged | None] = queue.Queue()
        self.rounds: queue.Queue[Decided] = queue.Queue()
        for decided in rounds:
            self.rounds.put(decided)
        self.children: list[subprocess.Popen[bytes]] = []
        self.closing = False
        first = _framed(msgspec.msgpack.encode(Game(record.encode(game), budget)))
        for _ in range(min(count, len(rounds))):
            # (its stderr is read only once it has failed: a traceback, never 64 KB)
            try:
                child = subprocess.Popen([sys.executable, "-m", CHILD], stdin=subprocess.PIPE,
                                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            except OSError as error:  # no interpreter to start: the parent does it all
                log.warning("no analysis child process could start (%s)", error)
                break
            self.children.append(child)
            threading.Thread(target=self._feed, args=(child, first), daemon=True).start()

    def _feed(self, child: subprocess.Popen[bytes], first: bytes) -> None:
        """Give ``child`` the game, then a round at a time, passing its reports on."""
        assert child.stdin is not None and child.stdout is not None
        decoder = msgspec.json.Decoder(Judged)
        try:
            child.stdin.write(first)
            while True:
                try:
                    decided = self.rounds.get_nowait()
                except queue.Empty:
                    break
                child.stdin.write(_framed(msgspec.msgpack.encode(decided)))
                child.stdin.flush()
                for line in child.stdout:
                    judged = decoder.decode(line)
                    if judged.step == DONE:
                        break
                    self.queue.put(judged)
                else:
                    self._failed(child, "it ended in the middle of a round")
                    return
            child.stdin.close()
        except (OSError, ValueError, msgspec.DecodeError) as error:
            self._failed(child, str(error))
        finally:
            self.queue.put(None)  # this child is done

    def _failed(self, child: subprocess.Popen[bytes], what: str) -> None:
        """A child gone wrong: logged (with its traceback); what it did not report is
        searched by the parent."""
        if self.closing:
            return  # (killed on purpose)
        child.kill()
        said = child.stderr.read().decode(errors="replace")[-2000:] if child.stderr else ""
        log.warning("an analysis child process failed (%s); the app searches what it "
                    "left\n%s", what, said)

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
        if bytes(judged.preferred) == bytes(NONE):
            return None
        step = self.steps[judged.step]
        preferred = msgspec.json.decode(judged.preferred, type=self.ruleset.Intent)
        return Mistake(judged.step, judged.position, step.seat, step.intent, preferred,
                       judged.cost, judged.reason)

    def close(self) -> None:
        self.closing = True
        for child in self.children:
            if child.poll() is None:
                child.kill()
        for child in self.children:
            child.wait()
            for pipe in (child.stdin, child.stdout, child.stderr):
                if pipe is not None:
                    try:
                        pipe.close()
                    except OSError:
                        pass  # (a pipe to a killed child)


def _framed(payload: bytes) -> bytes:
    return len(payload).to_bytes(4, "big") + payload


def _unframed(source: BinaryIO) -> bytes | None:
    size = source.read(4)
    if len(size) < 4:
        return None
    return source.read(int.from_bytes(size, "big"))


def start(game: AnyGame, rounds: list[Decided], count: int, budget: Budget) -> Reports:
    """``count`` children searching ``rounds`` (in the order given), their reports."""
    return Reports(game, rounds, count, budget)


def work(source: BinaryIO, out: BinaryIO) -> None:
    """The child's side: the game, then rounds until the parent has no more; one
    report a decision, and DONE after each round."""
    given = _unframed(source)
    if given is None:
        return
    first = msgspec.msgpack.decode(given, type=Game)
    game = record.decode(first.game, rulesets(), validate=False)
    replay = Replay(game)
    budget = first.budget
    encoder = msgspec.json.Encoder()

    def report(index: int, mistake: Mistake | None) -> None:
        judged = Judged(index)
        if mistake is not None:
            judged = Judged(index, msgspec.Raw(encoder.encode(mistake.preferred)),
                            mistake.cost, mistake.reason, mistake.position)
        out.write(encoder.encode(judged) + b"\n")
        out.flush()

    while (message := _unframed(source)) is not None:
        decided = msgspec.msgpack.decode(message, type=list[tuple[int, int]])
        judge_round(game, replay, decided, budget, None, report)
        out.write(encoder.encode(Judged(DONE)) + b"\n")
        out.flush()


if __name__ == "__main__":
    work(sys.stdin.buffer, sys.stdout.buffer)
