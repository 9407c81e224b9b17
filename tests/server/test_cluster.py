"""Several server processes on one real PostgreSQL (``--store``): any process serves any
table, each session gets its own seat's view from its own process, and a table goes on
on another process when its owner is killed, without a step lost or doubled."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import psycopg
from fake_ruleset import RULESET, Dealt, Planned
from sshkit import ENTER, FAKE, connect, key_for

from engine.core.game import AnyGame
from maharaja_server.transport.store_pg_rows import game_from

HERE = str(Path(__file__).resolve().parent)
ROOT = Path(__file__).resolve().parents[2]
RULESETS = {RULESET.id: RULESET}
LEASE = 2.0  # seconds: a killed owner's tables are taken over within about this


def run(coro) -> None:
    asyncio.run(asyncio.wait_for(coro, 150))


class Node:
    """One ``maharaja serve --store`` process, as an operator starts it."""

    def __init__(self, url: str, data_dir: Path) -> None:
        self.url = url
        self.data_dir = data_dir
        self.proc: asyncio.subprocess.Process | None = None
        self.port = 0
        self.output = bytearray()
        self._drain: asyncio.Task[None] | None = None

    async def start(self) -> None:
        env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), HERE]))
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "maharaja_server", "--store", self.url, "--port", "0",
            "--data-dir", str(self.data_dir), "--ruleset", FAKE, "--bot-delay", "0.05",
            "--default-game", "test-secrets", "--lease-seconds", str(LEASE), "-v",
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT, env=env)
        assert self.proc.stdout is not None
        while True:
            line = await asyncio.wait_for(self.proc.stdout.readline(), 60)
            if not line:
                raise AssertionError(f"the server did not start:\n{self.output.decode()}")
            self.output += line
            found = re.search(rb"listening on 127\.0\.0\.1:(\d+)", line)
            if found:
                self.port = int(found.group(1))
                break
        self._drain = asyncio.create_task(self._read())

    async def _read(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        while chunk := await self.proc.stdout.read(65536):
            self.output += chunk

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)

    async def stop(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(self.proc.wait(), 15)
            except TimeoutError:
                self.proc.kill()
                await self.proc.wait()
        if self._drain is not None:
            await asyncio.wait_for(self._drain, 5)


@asynccontextmanager
async def nodes(url: str, tmp_path: Path, count: int) -> AsyncIterator[list[Node]]:
    started = [Node(url, tmp_path / f"node{i}") for i in range(count)]
    try:
        await asyncio.gather(*(node.start() for node in started))
        yield started
    except BaseException:
        for node in started:
            sys.stderr.write(f"--- node {node.data_dir.name}:\n{node.output.decode()[-4000:]}\n")
        raise
    finally:
        await asyncio.gather(*(node.stop() for node in started))
    for node in started:  # no server traceback on any process
        assert b"Traceback" not in node.output, node.output.decode()


def written(url: str, table: int) -> tuple[list[int], AnyGame]:
    """The table's step numbers as rows, and its game replayed from them (validated)."""
    with psycopg.connect(url) as conn:
        (head,) = conn.execute("SELECT head FROM games WHERE table_id = %s",
                               (table,)).fetchone()
        rows = conn.execute("SELECT step, seat, intent, events FROM steps WHERE table_id = %s "
                            "ORDER BY step", (table,)).fetchall()
    game = game_from(table, head, [row[1:] for row in rows], RULESETS, validate=True)
    return [row[0] for row in rows], game


def secrets(game: AnyGame) -> dict[int, set[str]]:
    """What each seat holds that nobody else may see: its cards never played and its
    secret numbers (PP), as dealt so far."""
    planned = {event.card for _, event in game.events() if isinstance(event, Planned)}
    held: dict[int, set[str]] = {0: set(), 1: set()}
    for _, event in game.events():
        if isinstance(event, Dealt):
            for seat in held:
                held[seat] |= set(event.hands[seat]) - planned
                held[seat].add(str(event.pp[seat]))
    return held


def test_two_processes_one_table_a_player_on_each_and_a_third_watching(
        postgres: str, tmp_path: Path) -> None:
    async def scenario() -> None:
        async with nodes(postgres, tmp_path, 3) as (one, two, three):
            alice = await connect(one.port, "alice", command="new test-secrets 2")
            await alice.wait_for(r"every seat is taken")
            bob = await connect(two.port, "bob")  # the lobby of another process lists it
            await bob.wait_for(r"alice, free")
            await bob.press("j")
            await bob.wait_for(r"seat 2 \(bob\) · step 1 · YOUR MOVE")
            await alice.wait_for(r"seat 1 \(alice\) · step 1 · YOUR MOVE")
            carol = await connect(three.port, "carol", command="watch 1")
            await carol.wait_for(r"spectator · step 1")
            for round_ in (1, 2, 3):
                step = 2 * round_ - 1
                if round_ == 3:  # before the end reveals every hand: nobody saw another's
                    _, game = written(postgres, 1)
                    held = secrets(game)
                    for secret in held[0]:  # the check can fail: her own screen shows hers
                        await alice.wait_for(secret)
                    never = {"alice": held[1], "bob": held[0], "carol": held[0] | held[1]}
                    for name, term in (("alice", alice), ("bob", bob), ("carol", carol)):
                        raw, plain = bytes(term.raw), term.text()
                        for secret in never[name]:
                            assert secret.encode() not in raw, (name, secret)
                            assert secret not in plain, (name, secret)
                await alice.press(ENTER)
                await bob.wait_for(rf"seat 2 \(bob\) · step {step + 1} · YOUR MOVE")
                await bob.press(ENTER)
                for term in (alice, bob, carol):
                    await term.wait_for(rf"step {step + 2}")
            for term in (alice, bob, carol):
                await term.wait_for(r"Game over")
            steps, game = written(postgres, 1)
            assert steps == list(range(7)) and game.is_over()  # setup and 3 rounds of 2 plans
            for term in (alice, bob, carol):
                await term.close()

    run(scenario())


def test_the_owner_killed_mid_game_the_table_goes_on_on_the_other_process(
        postgres: str, tmp_path: Path) -> None:
    async def scenario() -> None:
        async with nodes(postgres, tmp_path, 2) as (one, two):
            alice = await connect(one.port, "alice", command="new test-secrets 2")
            await alice.wait_for(r"every seat is taken")  # her process owns the table
            bob = await connect(two.port, "bob", command="join 1")
            await bob.wait_for(r"step 1 · YOUR MOVE")
            await alice.press(ENTER)
            await bob.press(ENTER)
            await alice.wait_for(r"step 3 · YOUR MOVE")
            await alice.press(ENTER)  # round 2: her plan, written before bob sees it
            await bob.wait_for(r"step 4")
            one.kill()
            await asyncio.wait_for(alice.process.wait_closed(), 15)  # her process is gone
            await bob.press(ENTER)  # decided once the other process has taken the table
            await bob.wait_for(r"seat 2 \(bob\) · step 5 · YOUR MOVE", timeout=30)
            # Alice comes back through the other process, with her key: her seat.
            again = await connect(two.port, "alice", key=key_for("alice"), command="join 1")
            await again.wait_for(r"seat 1 \(alice\) · step 5 · YOUR MOVE")
            await again.press(ENTER)
            await bob.press(ENTER)
            for term in (again, bob):
                await term.wait_for(r"Game over")
            assert b"table 1: served by this process now" in two.output  # taken over
            steps, game = written(postgres, 1)
            assert steps == list(range(7)), steps  # no step lost, none written twice
            assert game.is_over() and len(game.steps) == 7
            assert [step.seat for step in game.steps[1:3]] in ([0, 1], [1, 0])
            for term in (again, bob):
                await term.close()

    run(scenario())
