"""Load test for `maharaja serve` over real SSH on loopback (run by hand, not in CI).

Starts the server as its own process, connects TABLES x PLAYERS asyncssh clients
with terminals (one Textual session each on the server), and plays the four real games
(table 1 Maharaja, 2 Raja, 3 Maharani, 4 Maharadjah, 5 Maharaja again, ...) on the
game screen a player sees, board and all, for DURATION seconds. One action at a time
per table: a random player whose status line says "your move" presses Enter (the
first choice of its action list; again, or another choice, when a dialog asks more),
and we time until every other player's terminal shows the new step with its board
redrawn (key press -> update latency). A game that ends starts again at a new table.

    python scripts/load_ssh.py --tables 8 --players 4 --duration 300
    python scripts/load_ssh.py --games test-secrets-long   # the long test game instead
    python scripts/load_ssh.py --abuse     # the same while attackers flood the server
    python scripts/load_ssh.py --servers 2 --store postgresql://...  # two processes

With ``--servers N`` the tables are served by N server processes sharing one
PostgreSQL (``--store``; without it a throwaway one, pgserver from the test extra):
a table's players connect to the processes in turn, so half of another player's
moves cross from one process to the other. Its figures add up the processes.

Each table's players connect from their own loopback address, as players on the
internet would, so the per-address connection limit applies to them as it does to
the attackers (127.1.0.x). ``--abuse`` adds, once the tables play: a flood of logins
(new keys and names, most opening no session) and of silent TCP connections,
sessions pasting 8 KiB blocks and typing 2,000 keys/s at a game screen, oversized and
absurd commands (``join 999…``, ``new 30000000``), and one key creating tables until
its quota refuses. The report adds the server's memory (its process and its
sessions) sampled through the run, and what each attack got.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO

import asyncssh

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "server")]

FULL_SCAN = False  # --full-scan: the client as it was, to compare its CPU (same run)
ANSI = re.compile(rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_=>]")
TABLE = re.compile(r"Table (\d+) · ")
# The plain table screen's "step 12 · YOUR MOVE" and the game screen's "step 12 · your
# move" (its "step 12" alone while others decide).
STATUS = re.compile(r"· step (\d+)(?: · (YOUR MOVE|your move|waiting for|game over))?")
MARK = "· step ".encode()  # where a status line's step begins (a log line's "step" is not)
GAMES = ("maharaja-2020", "raja-2004", "maharani", "maharadjah")
SEATS = {"maharaja-2020": (2, 4), "raja-2004": (2, 5), "maharani": (2, 4),
         "maharadjah": (3, 5)}  # the seats a table of each may have
STATUS_SPAN = 200  # bytes after "step " that hold the rest of a status line, escapes included
CURSOR = re.compile(rb"\x1b\[(\d+);(\d+)H")  # a cursor move (row;column): each drawn run's start
BACK = "Back to the map"  # the scoring's (and the final screen's) way back to the board


def plain(output: bytes) -> str:
    """Terminal output as text: escape sequences dropped."""
    return ANSI.sub(b"", output).decode("utf-8", "replace")


def state_of(match: re.Match[str]) -> tuple[int, str]:
    said = match[2] or "waiting for"
    return int(match[1]), "YOUR MOVE" if said == "your move" else said


def statuses_full(output: bytes) -> list[tuple[int, str]]:
    """(step, state) of each status line in ``output``: the whole of it made text."""
    return [state_of(m) for m in STATUS.finditer(plain(output))]


def statuses(output: bytes) -> list[tuple[int, str]]:
    """What ``statuses_full`` finds, making text only of the bytes after each "· step ":
    a redraw is ~10 KB of escapes and box lines with one status line in it, and
    stripping all of it was the load client's largest cost after decryption."""
    found = []
    at = output.find(MARK)
    while at >= 0:
        if match := STATUS.match(plain(output[at:at + STATUS_SPAN])):
            found.append(state_of(match))
        at = output.find(MARK, at + len(MARK))
    return found


def cover_after(cover: tuple[int, int] | None, drawn: bytes) -> tuple[int, int] | None:
    """Where (row, column) a scoring's "Back to the map" shows after ``drawn``, given
    where it showed before (None: nowhere). A scoring is a screen of its own (its
    footer says it) or a box drawn over the board (its last row does): either way its
    words drawn put it there, and a run drawn over their place (the board again, the
    scoring closed) takes it away. A status line drawn later says nothing of it: a box
    leaves the status line in sight, where the moves go on showing.

    Only the runs that may matter are made text: those that draw the words, and those
    on the row where they show."""
    if cover is None and BACK.encode() not in drawn:
        return None
    moves = list(CURSOR.finditer(drawn))
    for n, move in enumerate(moves):
        run = drawn[move.end():moves[n + 1].start() if n + 1 < len(moves) else len(drawn)]
        row, column = int(move[1]), int(move[2])
        if BACK.encode() in run:
            text = plain(run)
            cover = (row, column + text.index(BACK))
        elif cover is not None and row == cover[0] \
                and column <= cover[1] < column + len(plain(run)):
            cover = None
    return cover


def last_move(drawn: bytes) -> int:
    """Where the last cursor move in ``drawn`` begins (its end if there is none): the
    run it starts may go on in the next read."""
    at = len(drawn)
    while (at := drawn.rfind(b"\x1b[", 0, at)) >= 0:
        if CURSOR.match(drawn, at):
            return at
    return len(drawn)


class Player:
    def __init__(self, name: str, address: str = "127.0.0.1",
                 key: asyncssh.SSHKey | None = None) -> None:
        self.name = name
        self.address = address  # the server admits at most 8 connections per address
        self.key = key or asyncssh.generate_private_key("ssh-ed25519")
        self.password: str | None = None  # logs in with it instead, if set
        self.opened = 0.0  # when its connection began (monotonic)
        self.entered = 0.0  # when Enter was last pressed to go on from a scoring screen
        self.tail = b""
        self.cover: tuple[int, int] | None = None  # where "Back to the map" shows (cover_after)
        self.drawn = b""  # what came since the last cursor move (its run may go on)
        self.step = -1
        self.state = ""
        self.seen: dict[int, float] = {}
        self.changed = asyncio.Event()
        self.closed = False
        self.bytes = 0
        self.table: int | None = None
        self.statuses = statuses_full if FULL_SCAN else statuses

    async def open(self, port: int, command: str) -> None:
        self.opened = time.monotonic()
        self.conn = await asyncssh.connect(
            "127.0.0.1", port, username=self.name, known_hosts=None, agent_path=None,
            client_keys=None if self.password else [self.key], password=self.password,
            local_addr=(self.address, 0))
        self.proc = await self.conn.create_process(command, term_type="xterm-256color",
                                                   term_size=(110, 34), encoding=None)
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        while True:
            data = await self.proc.stdout.read(65536)
            if not data:
                self.closed = True
                self.changed.set()
                return
            now = time.monotonic()
            self.bytes += len(data)
            # Scan the whole new chunk plus some overlap: a redraw can be far longer
            # than any tail we keep, and the status line comes first in it.
            scanned = self.tail[-400:] + data
            self.tail = (self.tail + data)[-6000:]
            if self.table is None and (found := TABLE.search(plain(scanned))):
                self.table = int(found[1])
            drawn = self.drawn + data
            self.cover = cover_after(self.cover, drawn)
            self.drawn = drawn[last_move(drawn):][-8000:]  # its last run, read again whole
            for step, state in self.statuses(scanned):
                self.seen.setdefault(step, now)
                self.step, self.state = step, state
            self.changed.set()

    async def wait(self, predicate, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while not predicate():
            left = deadline - time.monotonic()
            if left <= 0 or self.closed:
                return False
            self.changed.clear()
            try:  # a timeout scope, not wait_for: no task per wakeup (3.11's wait_for makes one)
                async with asyncio.timeout(min(left, 0.5)):
                    await self.changed.wait()
            except TimeoutError:
                pass
        return True

    def press(self) -> None:
        self.proc.stdin.write(b"\r")

    def saw(self, step: int) -> float | None:
        """When this terminal first showed ``step`` or a later one (a redraw may carry
        two steps at once: a move and what follows it at once)."""
        return min((when for seen, when in self.seen.items() if seen >= step), default=None)

    def covered(self) -> bool:
        """Whether a scoring (or the final screen) stands over its board: its "Back to
        the map" shows (``cover_after``)."""
        return self.cover is not None

    def over(self) -> bool:
        """Whether the game's final screen shows (its tabs: scores, story, points)."""
        return "Points from" in plain(self.tail)

    def why(self) -> str:
        """What to add to an error about this player: its session's end, if it has
        ended, with the last words its terminal showed (the server's message, if any)."""
        if not self.closed:
            return ""
        said = " ".join(plain(self.tail).split())[-100:]
        return f" (its session closed; last on its terminal: {said!r})"


class Stats:
    def __init__(self) -> None:
        self.latencies: list[tuple[float, float]] = []  # (when, seconds)
        self.ready = 0  # tables whose players all see the game
        self.unseated = 0  # tables given up before they played (an error says why)
        self.actions = 0
        self.errors: list[str] = []
        self.end = 0.0  # when the tables stop playing (monotonic); watch_ready may extend it
        self.games_finished = 0  # games played to their end (a new table follows each)
        self.seated: set[int] = set()  # the numbers of the tables seated at least once
        self.by_game: dict[str, int] = {}  # moves made in each game
        self.covered = 0  # players whose step a scoring screen hid (not timed)
        self.game_latencies: dict[str, list[float]] = {}  # seconds, in each game
        # Seconds from a session's connect to its game showing (its arrival), and from a
        # table's first connect to every player seeing its game (its seating).
        self.arrivals: list[float] = []
        self.seatings: list[float] = []

    def seating_over(self, tables: int) -> bool:
        """Whether every table plays or was given up: the steady window opens then. A
        table given up (its error counted) does not hold it back: waiting for it left
        the 128-session step of the SSH figures with no move timed at all."""
        return self.ready + self.unseated >= tables

    def play_on(self, tables: int, seated_at: float, steady: float) -> None:
        """The tables play ``steady`` seconds at least once seated at ``seated_at``, however
        long the seating took; a seating that never ended extends nothing."""
        if self.seating_over(tables):
            self.end = max(self.end, seated_at + steady)


# What a player presses to make its move, one after another until the step comes: the
# first choice (Enter); Enter again (a dialog's default); the next choice; its dialog.
# Never Escape: on the game screen it leaves the table.
TRIES = (b"\r", b"\r", b"\x1b[B\r", b"\r", b"\x1b[B\x1b[B\r", b"\r", b"\t\r", b"\r")
TRY_WAIT = 3.0  # seconds a try has to bring the step before the next is pressed


async def run_table(number: int, players: list[Player], port: int | Sequence[int],
                    pace: float, stats: Stats, acked: dict[int, int],
                    game: str = GAMES[0]) -> None:
    while time.monotonic() < stats.end:
        if not await seat_table(number, players, port, stats, game):
            stats.unseated += 1  # the steady window does not wait for it (watch_ready)
            return
        if number not in stats.seated:
            stats.seated.add(number)
            stats.ready += 1
        if await play_table(number, players, pace, stats, acked, game) != "over":
            return
        # The game is over: its players leave, and sit down at a new table of the game.
        stats.games_finished += 1
        finished = list(players)
        for p in players:
            p.conn.close()
        players[:] = [Player(p.name, p.address, p.key) for p in players]
        for new, old in zip(players, finished, strict=True):
            new.password = old.password


async def play_table(number: int, players: list[Player], pace: float, stats: Stats,
                     acked: dict[int, int], game: str = GAMES[0]) -> str:
    """Play until the run ends ("done"), the game does ("over") or an error ("error")."""
    rng = random.Random(number)
    while time.monotonic() < stats.end:
        step = max(p.step for p in players)
        movers = [p for p in players if p.step == step and p.state == "YOUR MOVE"]
        if not movers:
            await asyncio.sleep(0.05)
            if not await until(players, lambda s=step: max(p.step for p in players) > s
                               or any(p.state == "YOUR MOVE" for p in players), 10):
                if any(p.state == "game over" or p.over() for p in players):
                    return "over"
                stats.errors.append(f"table {number}: stuck at step {step}")
                return "error"
            continue
        actor = rng.choice(movers)
        target = step + 1
        t0 = await make_move(actor, target)
        if t0 is None:
            stats.errors.append(f"table {number}: {actor.name} found no move at step "
                                f"{step}{actor.why()}")
            return "error"
        covered: set[Player] = set()
        if not await until(players, lambda t=target: all(p.saw(t) is not None
                                                         for p in players), 15, covered):
            missed = [p for p in players if p.saw(target) is None]
            stats.errors.append(f"table {number}: {missed[0].name} missed step {target}"
                                f"{missed[0].why()}")
            return "error"
        stats.actions += 1
        assert players[0].table is not None
        acked[players[0].table] = target  # every player saw it: it must be in the save
        stats.by_game[game] = stats.by_game.get(game, 0) + 1
        for p in players:
            if p in covered:
                # The move brought up a scoring screen over its board: when its step
                # showed says when the load client closed that, not when the server drew.
                stats.covered += 1
            elif p is not actor:
                shown = p.saw(target)
                assert shown is not None
                stats.latencies.append((t0, shown - t0))
                stats.game_latencies.setdefault(game, []).append(shown - t0)
        await asyncio.sleep(pace * rng.uniform(0.5, 1.5))
    return "done"


async def until(players: list[Player], done: Callable[[], bool], seconds: float,
                covered: set[Player] | None = None) -> bool:
    """Wait until ``done()`` (False after ``seconds``), pressing Enter for a player
    whose board a scoring screen covers (Maharaja's and Raja's city scorings stay up
    until their player goes on; Enter also makes a scoring decision there, its first
    choice); those are added to ``covered``."""
    deadline = time.monotonic() + seconds
    while not done():
        now = time.monotonic()
        if now >= deadline or any(p.closed for p in players):
            return False
        for p in players:
            if p.covered() and now - p.entered >= 1.0:
                p.entered = now
                p.press()
                if covered is not None:
                    covered.add(p)
        await players[0].wait(done, min(0.5, deadline - now))
    return True


async def make_move(actor: Player, target: int) -> float | None:
    """Press keys until ``actor``'s screen shows step ``target``; when the press that
    made it was (None: none did)."""
    for keys in TRIES:
        pressed = time.monotonic()
        actor.proc.stdin.write(keys)
        if await actor.wait(lambda: actor.saw(target) is not None, TRY_WAIT):
            return pressed
        if actor.closed:
            return None
    return None


def seats_for(game: str, wanted: int) -> int:
    """``wanted`` players, within the game's seat range."""
    low, high = SEATS.get(game, (1, 16))
    return max(low, min(wanted, high))


async def seat_table(number: int, players: list[Player], port: int | Sequence[int],
                     stats: Stats, game: str = GAMES[0]) -> bool:
    """Open the table's sessions until each shows the game; False after an error.
    Several ports (server processes): the players connect to them in turn."""
    ports = [port] if isinstance(port, int) else list(port)
    host, *guests = players
    await host.open(ports[number % len(ports)], f"new {game} {len(players)}")
    if not await host.wait(lambda: host.table is not None, 60):
        stats.errors.append(f"table {number}: host never got a table{host.why()}")
        return False
    for index, guest in enumerate(guests, start=1):
        await guest.open(ports[(number + index) % len(ports)], f"join {host.table}")
    for p in players:
        if not await p.wait(lambda p=p: p.step >= 0 and p.state != "", 90):
            stats.errors.append(f"table {number}: {p.name} never saw the game{p.why()}")
            return False
    shown = [min(p.seen.values()) for p in players]
    stats.arrivals.extend(at - p.opened for at, p in zip(shown, players, strict=True))
    stats.seatings.append(max(shown) - host.opened)
    return True


class Abuse:
    """What each attack tried and what it got."""

    def __init__(self) -> None:
        self.counts: dict[str, int] = {}

    def count(self, what: str) -> None:
        self.counts[what] = self.counts.get(what, 0) + 1


KEYS: dict[str, asyncssh.SSHKey] = {}


def attacker(name: str, address: str) -> Player:
    """A player whose name keeps its key (a name belongs to the first key it used)."""
    player = Player(name, address)
    player.key = KEYS.setdefault(name, player.key)
    return player


async def attack(kind: str, copy: int, port: int, deadline: float, abuse: Abuse) -> None:
    """One attacker, until ``deadline``; each kind from its own loopback address."""
    rng = random.Random(f"{kind}{copy}")
    address = f"127.1.0.{list(ATTACKS).index(kind) + 2}"
    while time.monotonic() < deadline:
        try:
            if kind == "logins":  # fresh keys and names; most open no session
                conn = await asyncio.wait_for(asyncssh.connect(
                    "127.0.0.1", port, username=f"flood{copy}-{rng.randrange(10**9)}",
                    client_keys=[asyncssh.generate_private_key("ssh-ed25519")],
                    known_hosts=None, agent_path=None, local_addr=(address, 0)), 20)
                abuse.count("logins_accepted")
                conn.close()
            elif kind == "silent":  # TCP connections that never speak SSH
                reader, writer = await asyncio.open_connection(
                    "127.0.0.1", port, local_addr=(address, 0))
                if not await asyncio.wait_for(reader.read(100), 40):
                    abuse.count("silent_refused_at_once")
                else:  # let in: held until the server's login timeout closes it
                    held = time.monotonic()
                    await asyncio.wait_for(reader.read(), 90)
                    held = time.monotonic() - held
                    abuse.count("silent_held_until_login_timeout" if held > 20
                                else "silent_refused_after_banner")
                writer.close()
                continue
            elif kind in ("paste", "typing"):
                term = attacker(f"{kind}{copy}", address)
                # The typist watches a game (its game screen); the paster sits in the lobby.
                await term.open(port, "watch 1" if kind == "typing" else "")
                abuse.count(f"{kind}_sessions")
                end = min(deadline, time.monotonic() + 60)
                while time.monotonic() < end and not term.closed:
                    if kind == "paste":
                        term.proc.stdin.write(b"\x1b[200~" + b"A" * 8192 + b"\x1b[201~")
                        await asyncio.sleep(1.0)
                    else:
                        term.proc.stdin.write(b"x" * 100)
                        await asyncio.sleep(0.05)
                term.conn.close()
                continue
            elif kind == "commands":  # oversized and absurd commands
                command = rng.choice(["join " + "9" * 5000, "new 30000000",
                                      "join 99999999999999999999999999", "x" * 20000])
                term = attacker(f"cmd{copy}", address)
                await term.open(port, command)
                if await term.wait(lambda t=term: b"SRV-" in t.tail, 20):
                    abuse.count("commands_refused")
                term.conn.close()
            elif kind == "tables":  # one key making tables until its quota says no
                term = attacker("hoarder", address)
                await term.open(port, "new test-secrets-long 2")
                if await term.wait(lambda t=term: b"SRV-QUOTA" in t.tail
                                   or t.table is not None, 20):
                    abuse.count("tables_refused" if b"SRV-QUOTA" in term.tail
                                else "tables_made")
                term.conn.close()
        except (OSError, asyncssh.Error, TimeoutError) as exc:
            abuse.count(f"{kind}_refused:{type(exc).__name__}")
        await asyncio.sleep(0.2)


ATTACKS = {"logins": 6, "silent": 12, "paste": 2, "typing": 2, "commands": 2, "tables": 1}


def host_available_mb() -> float:
    for line in Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("MemAvailable:"):
            return int(line.split()[1]) / 1024
    return 0.0


def session_pids(pid: int) -> tuple[list[str], list[str]]:
    """(session processes, session workers) of the server ``pid``: its children, and the
    children of its zygote (``maharaja_server.session_ui.zygote``), which forks the sessions.
    Read from each thread's children list, not a walk over every process's stat file
    (that walk, every 5 s, cost the load client as much as a sixth of its CPU)."""
    sessions, workers = [], []
    for entry in children(pid):
        try:
            cmdline = Path(f"/proc/{entry}/cmdline").read_bytes()
        except OSError:
            continue
        (workers if b"maharaja_server.session_ui.zygote" in cmdline else sessions).append(entry)
    for worker in workers:
        sessions += children(int(worker))
    return sessions, workers


def children(pid: int) -> list[str]:
    """The process ids ``pid``'s threads forked, that are still running."""
    kids = []
    try:
        threads = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return []
    for thread in threads:
        try:
            kids += Path(f"/proc/{pid}/task/{thread}/children").read_text().split()
        except OSError:
            continue
    return kids


def children_rss_kb(pid: int, pss: bool = True) -> tuple[int, int, int, int, int, int]:
    """(server RSS, session processes' RSS, number of session processes, their PSS,
    workers' PSS, their Private_Dirty) in kB. A session process may run several
    sessions (``--sessions-per-process``): per session is per open session, not process.

    PSS splits shared pages (the Python binary, libraries, the code the zygote
    imported) between processes: it is the better figure for what one more session
    costs. The zygote's own PSS is reported apart (a fixed cost, not per session).
    Reading it walks each process's page tables (smaps_rollup): ``pss=False`` leaves
    the last three 0."""
    def fields(p: str, file: str, *names: str) -> list[int]:
        found = [0] * len(names)
        try:
            for line in Path(f"/proc/{p}/{file}").read_text().splitlines():
                if line.startswith(names):
                    found[names.index(line.split(":", 1)[0] + ":")] = int(line.split()[1])
        except OSError:
            pass
        return found

    def rss(p: str) -> int:
        return fields(p, "status", "VmRSS:")[0]

    kids, workers = session_pids(pid)
    rollups = [fields(k, "smaps_rollup", "Pss:", "Private_Dirty:") for k in kids] if pss else []
    return (rss(str(pid)), sum(rss(k) for k in kids), len(kids),
            sum(r[0] for r in rollups),
            sum(fields(w, "smaps_rollup", "Pss:")[0] for w in workers) if pss else 0,
            sum(r[1] for r in rollups))


def may_be_peak(most: dict[bool, int], rss: int, full: bool) -> bool:
    """Whether a memory sample may be the one the report takes PSS from: the most
    session RSS among the samples with 90% of the sessions open (``full``), or among all
    while none is. Only such a sample reads PSS, which cost this client a quarter of
    its CPU read every 5 s. ``most`` (by ``full``, -1 for none yet) is kept up to date."""
    peak = rss > most[full] and (full or most[True] < 0)
    most[full] = max(most[full], rss)
    return peak


def cpu_seconds(pid: int) -> tuple[float, float]:
    """(CPU seconds of the server, CPU seconds of its live sessions and workers)."""
    tick = os.sysconf("SC_CLK_TCK")

    def cpu(p: str) -> float:
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / tick
        except (OSError, IndexError, ValueError):
            return 0.0

    kids, workers = session_pids(pid)
    return cpu(str(pid)), sum(cpu(k) for k in kids + workers)


def gc_figures(path: Path, moves: int) -> dict:
    """The session hosts' garbage collections (maharaja_server/session_ui/gcstats.py), all hosts
    together, per generation: thread CPU, not wall time, so a loaded machine does not
    inflate them. A full collection pauses every session of its host."""
    last: dict[int, dict] = {}  # each host's latest (cumulative) line
    if path.exists():
        for line in path.read_text().splitlines():
            record = json.loads(line)
            last[record["pid"]] = record
    count = [sum(r["count"][g] for r in last.values()) for g in range(3)]
    cpu = [sum(r["cpu_ms"][g] for r in last.values()) for g in range(3)]
    return {"hosts": len(last), "collections": count, "cpu_ms": [round(c) for c in cpu],
            "longest_ms": [max((r["longest_ms"][g] for r in last.values()), default=0)
                           for g in range(3)],
            "full_per_move": round(count[2] / max(1, moves), 3),
            "cpu_ms_per_move": round(sum(cpu) / max(1, moves), 2),
            "full_cpu_ms_per_move": round(cpu[2] / max(1, moves), 2)}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(data: Path, port: int, sessions: int, log: IO[bytes],
                 per_process: int | None = None, extra: Sequence[str] = (),
                 descriptors: int | None = None) -> subprocess.Popen:
    """``maharaja serve`` hosting the games and the long test game on ``port``, once it
    listens; ``extra`` options; ``descriptors``: its open-file limit (soft and hard)."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "tests" / "server")]),
               MAHARAJA_GC_STATS=str(data.parent / "gc.jsonl"))  # each host's collections

    def limit() -> None:
        if descriptors is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (descriptors, descriptors))

    server = subprocess.Popen(
        [sys.executable, "-m", "maharaja_server", "--data-dir", str(data), "--port",
         str(port), "--ruleset", "fake_ruleset:LONG", "--default-game", "test-secrets-long",
         "--max-sessions", str(sessions), "--idle-timeout", "3600",
         *(["--sessions-per-process", str(per_process)] if per_process else []), *extra],
        env=env, stdout=log, stderr=subprocess.STDOUT, preexec_fn=limit)
    wait_listening(port)
    return server


def wait_listening(port: int) -> None:
    for _ in range(300):
        try:
            socket.create_connection(("127.0.0.1", port), 0.2).close()
            return
        except OSError:
            time.sleep(0.1)


def throwaway_postgres(data: Path) -> str:
    """A PostgreSQL server for this run only (pgserver, installed with the test extra),
    stopped and removed when the run ends."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        import pgserver

        return pgserver.get_server(data / "postgres", cleanup_mode="delete").get_uri()


class Servers:
    """The server processes of a run: their figures added up."""

    def __init__(self, processes: list[subprocess.Popen]) -> None:
        self.processes = processes

    def cpu(self) -> tuple[float, float]:
        found = [cpu_seconds(s.pid) for s in self.processes]
        return sum(f[0] for f in found), sum(f[1] for f in found)

    def memory(self, pss: bool) -> tuple[int, ...]:
        found = [children_rss_kb(s.pid, pss=pss) for s in self.processes]
        return tuple(sum(column) for column in zip(*found, strict=True))


async def main(args: argparse.Namespace) -> dict:
    global FULL_SCAN
    FULL_SCAN = getattr(args, "full_scan", False)
    data = Path(tempfile.mkdtemp(prefix="mj-load-"))
    count = max(1, getattr(args, "servers", 1) or 1)
    store = getattr(args, "store", None)
    if count > 1 and not store:
        store = throwaway_postgres(data)
    ports = [free_port() for _ in range(count)]
    log = open(data / "server.log", "wb")
    processes = [start_server(data / f"srv{i}" if count > 1 else data / "srv", ports[i],
                              args.tables * args.players + 10, log,
                              getattr(args, "sessions_per_process", None),
                              extra=["--store", store] if store else [])
                 for i in range(count)]
    servers = Servers(processes)
    port: int | list[int] = ports[0] if count == 1 else ports
    loads: list[float] = [os.getloadavg()[0]]
    stats = Stats()
    acked: dict[int, int] = {}
    # Each table's players come from their own loopback address and network (127.0.0.0/8
    # is all local), as players from different homes would: the server's limits per
    # address and per network apply to them as to anyone.
    games = list(getattr(args, "games", None) or GAMES)
    played = [games[(t - 1) % len(games)] for t in range(1, args.tables + 1)]
    tables = [[Player(f"t{t}p{i}", f"127.{t // 250}.{t % 250 + 1}.2")
               for i in range(seats_for(played[t - 1], args.players))]
              for t in range(1, args.tables + 1)]
    # children_rss_kb's figures and the sessions open (as the clients count them).
    memory: list[tuple[int, int, int, int, int, int, int]] = []

    # (seconds, server RSS MB, sessions' RSS MB, session processes, host MB available)
    timeline: list[tuple[float, float, float, int, float]] = []

    async def sample() -> None:
        most = {True: -1, False: -1}
        while True:
            open_sessions = sum(hasattr(p, "proc") and not p.closed
                                for players in tables for p in players)
            full = open_sessions >= args.tables * args.players * 0.9
            figures = servers.memory(pss=False)
            if may_be_peak(most, figures[1], full):
                figures = servers.memory(pss=True)
            memory.append((*figures, open_sessions))
            loads.append(os.getloadavg()[0])
            server_kb, kids_kb, kids = memory[-1][:3]
            timeline.append((round(time.monotonic() - started), round(server_kb / 1024, 1),
                             round(kids_kb / 1024, 1), kids, round(host_available_mb())))
            await asyncio.sleep(5)

    sampler = asyncio.create_task(sample())
    started = time.monotonic()
    deadline = started + args.duration  # the last moment the seating may end
    stats.end = deadline
    tasks = []
    for number, players in enumerate(tables, start=1):
        # Tables are created in order so their ids are 1..N.
        tasks.append(asyncio.create_task(run_table(number, players, port, args.pace, stats,
                                                   acked, played[number - 1])))
        await asyncio.sleep(args.ramp)
    all_ready_at = deadline
    # CPU seconds (server, sessions, this client) and actions once every table plays:
    # the steady state's CPU per move, without the sessions' start-up.
    steady_from: tuple[float, float, float, int] | None = None
    steady_bytes = 0  # terminal output the sessions had got when the steady play began

    def output_bytes() -> int:
        return sum(p.bytes for players in tables for p in players)

    async def watch_ready() -> None:
        nonlocal all_ready_at, steady_from, steady_bytes
        while not stats.seating_over(args.tables) and time.monotonic() < deadline:
            await asyncio.sleep(0.2)
        all_ready_at = min(time.monotonic(), deadline)
        # At least --steady seconds of play once seated, however long the seating took
        # on a loaded machine (the capacity steps' p95 is over this window).
        stats.play_on(args.tables, all_ready_at, args.steady)
        steady_from = (*servers.cpu(), time.process_time(), stats.actions)
        steady_bytes = output_bytes()

    watcher = asyncio.create_task(watch_ready())
    abuse = Abuse()
    attackers = []
    if args.abuse:
        await watcher  # the players are seated and playing first
        attackers = [asyncio.create_task(attack(kind, copy, ports[0], stats.end, abuse))
                     for kind, copies in ATTACKS.items() for copy in range(copies)]
    await asyncio.gather(*tasks, *attackers, return_exceptions=False)
    await watcher
    elapsed = time.monotonic() - started
    sampler.cancel()
    server_cpu, children_cpu = servers.cpu()
    client_cpu = time.process_time()
    steady_cpu: dict[str, float] = {}
    if steady_from and stats.actions > steady_from[3]:
        moves = stats.actions - steady_from[3]
        steady_cpu = {  # ms of CPU per move, steady state; a session's is one of N seats'
            "server": round(1000 * (server_cpu - steady_from[0]) / moves, 1),
            "session": round(1000 * (children_cpu - steady_from[1]) / moves / args.players, 1),
            "load_client": round(1000 * (client_cpu - steady_from[2]) / moves, 1),
            # Terminal output a seat gets a move once every table plays (no start-up).
            "bytes_a_seat": round((output_bytes() - steady_bytes) / moves / args.players),
        }
    closed_early = sum(p.closed for players in tables for p in players)
    for players in tables:
        for p in players:
            if hasattr(p, "conn"):
                p.conn.close()
    await asyncio.sleep(1)
    for process in processes:
        process.send_signal(signal.SIGTERM)
    for process in processes:
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:  # a loaded machine: the figures are taken
            process.kill()
            process.wait()
    log.close()

    from fake_ruleset import LONG

    from engine.core import record
    from engine.registry import rulesets
    known = {**rulesets(), LONG.id: LONG}
    lost = 0  # steps every player saw that the table's save does not hold
    if store:  # the steps as rows of the shared store
        import psycopg

        with psycopg.connect(store) as conn:
            counts = dict(conn.execute("SELECT table_id, count(*) FROM steps "
                                       "GROUP BY table_id").fetchall())
        for table_id, step in acked.items():
            if table_id in counts:  # a finished game's table may have expired meanwhile
                lost += max(0, step - counts[table_id])
    for table_id, step in acked.items() if not store else ():
        path = data / "srv" / "tables" / str(table_id) / "game.json"
        if path.exists():  # a finished game's table may have expired meanwhile
            lost += max(0, step - len(record.load(path, known).steps))
    server_log = (data / "server.log").read_text(errors="replace")
    def pct(values: list[float], q: float) -> float:
        values = sorted(values) or [float("nan")]
        return round(1000 * values[int(q * (len(values) - 1))], 1)

    lat = [d for _, d in stats.latencies]
    steady = [d for t, d in stats.latencies if t >= all_ready_at]
    full = [m for m in memory if m[6] >= args.tables * args.players * 0.9] or memory
    peak = max(full, key=lambda m: m[1]) if full else (0, 0, 1, 0, 0, 0, 1)
    result = {
        "servers": count, "store": "postgresql" if store else "embedded",
        "load_average_min_max": [round(min(loads), 1), round(max(loads), 1)],
        "tables": args.tables, "players_per_table": args.players,
        "sessions": args.tables * args.players, "seconds": round(elapsed, 1),
        "actions": stats.actions, "actions_per_s": round(stats.actions / elapsed, 2),
        "errors": stats.errors[:20], "error_count": len(stats.errors),
        "games": played, "games_finished": stats.games_finished,
        "tables_seated": stats.ready, "tables_unseated": stats.unseated,
        "sessions_closed_early": closed_early,
        "lost_events": lost,
        "server_tracebacks": server_log.count("Traceback"),
        "moves_by_game": stats.by_game,
        "updates_under_a_scoring_screen": stats.covered,
        "latency_ms_p95_by_game": {g: pct(v, 0.95) for g, v in stats.game_latencies.items()},
        "latency_ms_p50": pct(lat, 0.5),
        "latency_ms_p95": pct(lat, 0.95),
        "latency_ms_max": pct(lat, 1.0),
        # Once every session has started (Textual start-up no longer competes).
        "steady_seconds": round(max(0.0, stats.end - all_ready_at), 1),
        "steady_latency_ms_p50": pct(steady, 0.5),
        "steady_latency_ms_p95": pct(steady, 0.95),
        # What a player waits for its first screen of the game (the price of arrivals
        # taking only the CPU the moves leave); a table's host waits for its guests too.
        "arrival_ms_p50": pct(stats.arrivals, 0.5),
        "arrival_ms_p95": pct(stats.arrivals, 0.95),
        "seating_ms_p50": pct(stats.seatings, 0.5),
        "seating_ms_p95": pct(stats.seatings, 0.95),
        "server_rss_mb": round(peak[0] / 1024, 1),
        "rss_per_session_mb": round(peak[1] / 1024 / max(1, peak[6]), 1),
        "pss_per_session_mb": round(peak[3] / 1024 / max(1, peak[6]), 1),
        "private_dirty_per_session_mb": round(peak[5] / 1024 / max(1, peak[6]), 1),
        "sessions_open": peak[6],
        "pss_worker_mb": round(peak[4] / 1024, 1),
        "session_processes": peak[2],
        "cpu_s_server": round(server_cpu, 1),
        "cpu_s_sessions": round(children_cpu, 1),
        "cpu_s_load_client": round(client_cpu, 1),
        "steady_cpu_ms_per_move": steady_cpu,
        # Terminal output a session gets per move, start-up screens included.
        "bytes_per_move_per_session": round(
            output_bytes() / max(1, stats.actions * args.players)),
        "data_dir": str(data),
    }
    result["gc"] = gc_figures(data / "gc.jsonl", stats.actions)
    if args.abuse:
        result["abuse"] = dict(sorted(abuse.counts.items()))
        result["memory_timeline"] = timeline
        server_mb = [m[1] for m in timeline if m[0] >= all_ready_at - started]
        result["server_rss_mb_min_max"] = [min(server_mb, default=0), max(server_mb, default=0)]
        result["sessions_peak"] = max((m[3] for m in timeline), default=0)
        result["sessions_killed_by_memory_cap"] = server_log.count("MemoryError")
    return result


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=8)
    ap.add_argument("--players", type=int, default=4,
                    help="players a table (within each game's seat range)")
    ap.add_argument("--games", type=lambda text: text.split(","), default=list(GAMES),
                    help="the games the tables play in turn, comma-separated (default "
                         "the four; test-secrets-long: the long test game)")
    ap.add_argument("--sessions-per-process", type=int, default=None,
                    help="the server's --sessions-per-process (default: the server's)")
    ap.add_argument("--duration", type=float, default=300.0, help="seconds of play")
    ap.add_argument("--steady", type=float, default=0.0,
                    help="play on at least this many seconds once every table is seated "
                         "(the run may then last longer than --duration)")
    ap.add_argument("--pace", type=float, default=0.5, help="mean seconds between actions")
    ap.add_argument("--ramp", type=float, default=0.5, help="seconds between table starts")
    ap.add_argument("--abuse", action="store_true",
                    help="attack the server while the tables play (see above)")
    ap.add_argument("--servers", type=int, default=1,
                    help="server processes sharing the tables through PostgreSQL")
    ap.add_argument("--store", default=None, metavar="postgresql://...",
                    help="their database (default with --servers 2 or more: a throwaway "
                         "one, pgserver)")
    ap.add_argument("--full-scan", action="store_true",
                    help="make text of each whole redraw to find the status line, as the "
                         "client did before it looked at the changed rows only (to compare "
                         "its CPU)")
    print(json.dumps(asyncio.run(main(ap.parse_args())), indent=1))
