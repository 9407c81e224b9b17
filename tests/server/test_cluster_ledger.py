"""What online play keeps besides the tables (the ledger: clocks, finished games,
ratings), shared by several server processes on one real PostgreSQL: a rating moved by a
game that finished on one process shows in another's lobby, the finished game is kept
once and listed everywhere, and a table's clocks go on where they were when its owner
is killed and another process takes it over."""

from __future__ import annotations

import asyncio
from pathlib import Path

import msgspec
import psycopg
from sshkit import ENTER, connect
from test_cluster import nodes, run

from maharaja_server.transport.clocks import ENTRY, Clock, Mark, Resumed
from maharaja_server.transport.protocol import TimeControl

TAB = "\t"
DOWN = "\x1b[B"


async def keys(term, *presses: str) -> None:  # noqa: ANN001 - an sshkit terminal
    """Keys one at a time, as a person types them (the form moves its focus between)."""
    for key in presses:
        await asyncio.sleep(0.3)
        await term.press(key)
    await asyncio.sleep(0.3)


async def new_table_form(term) -> None:  # noqa: ANN001 - an sshkit terminal
    await term.press("n")
    await term.wait_for(r"Enter in any field creates it")
    await asyncio.sleep(0.5)  # its focus on the players' field


async def play_to_the_end(alice, bob) -> None:  # noqa: ANN001 - sshkit terminals
    """Three rounds of two plans (the test game), each player's Enter its first card."""
    for round_ in (1, 2, 3):
        step = 2 * round_ - 1
        await alice.wait_for(rf"seat 1 \(alice\) · step {step} · YOUR MOVE")
        await alice.press(ENTER)
        await bob.wait_for(rf"seat 2 \(bob\) · step {step + 1} · YOUR MOVE")
        await bob.press(ENTER)
    for term in (alice, bob):
        await term.wait_for(r"Game over")


def rows(url: str, query: str) -> list[tuple]:
    with psycopg.connect(url) as conn:
        return conn.execute(query).fetchall()


def test_a_game_rated_on_one_process_shows_its_ratings_and_game_on_another(
        postgres: str, tmp_path: Path) -> None:
    async def scenario() -> None:
        async with nodes(postgres, tmp_path, 2, module="rated_node") as (one, two):
            alice = await connect(one.port, "alice")
            await alice.wait_for(r"you are alice")
            await new_table_form(alice)
            await keys(alice, *[TAB] * 9, " ")  # from the players to "Rated": ticked
            await keys(alice, TAB, ENTER)  # round to the game's list: Enter creates it
            await alice.wait_for(r"every seat is taken")
            bob = await connect(two.port, "bob", command="join 1")
            await play_to_the_end(alice, bob)  # the table is alice's process's
            # Kept once, rated once: by the process that ran the table (its writes are
            # queued behind the step's: read once they have landed).
            query = "SELECT name, game FROM rating_history ORDER BY name"
            for _ in range(50):
                if len(rows(postgres, query)) >= 2:
                    break
                await asyncio.sleep(0.2)
            assert rows(postgres, "SELECT id FROM finished_games") == [(1,)]
            assert rows(postgres, query) == [("alice", 1), ("bob", 1)]
            rated = dict((n, (mu, games)) for n, mu, games in
                         rows(postgres, "SELECT name, mu, games FROM ratings"))
            assert set(rated) == {"alice", "bob"} and rated["alice"][0] != 25.0
            assert [games for _, games in rated.values()] == [1, 1]
            # Carol, on the other process, sees both ratings and the game.
            carol = await connect(two.port, "carol")
            await carol.wait_for(r"you are carol")
            await carol.press("r")
            for name, (mu, games) in rated.items():
                await carol.wait_for(rf"{name}\s+│?\s*{mu:.1f} ±\d+\.\d\s+│?\s*{games}")
            await carol.press("\x1b")
            await carol.wait_for(r"you are carol")
            await carol.press("g")
            await carol.wait_for(r"Finished games")
            await carol.wait_for(r"1\. (alice|bob)")
            assert b"finished game kept" not in two.output  # only the owner kept it
            for term in (alice, bob, carol):
                await term.close()

    run(scenario())


def test_a_tables_clocks_go_on_where_they_were_when_its_owner_is_killed(
        postgres: str, tmp_path: Path) -> None:
    async def scenario() -> None:
        async with nodes(postgres, tmp_path, 2) as (one, two):
            alice = await connect(one.port, "alice")
            await alice.wait_for(r"you are alice")
            await new_table_form(alice)
            await keys(alice, *[TAB] * 5, ENTER)  # the clock's list
            await keys(alice, DOWN, ENTER)  # a live clock (10 min + 5 s)
            await keys(alice, TAB, ENTER)  # Enter in the minutes' field creates it
            await alice.wait_for(r"every seat is taken")
            bob = await connect(two.port, "bob", command="join 1")
            await alice.wait_for(r"step 1 · YOUR MOVE")
            await bob.wait_for(r"step 1 · YOUR MOVE")
            await asyncio.sleep(1.5)  # time used on both clocks
            await alice.press(ENTER)
            await bob.press(ENTER)
            await alice.wait_for(r"step 3 · YOUR MOVE")
            await bob.wait_for(r"step 3")
            before = [bytes(e) for (e,) in rows(
                postgres, "SELECT entry FROM clock_log WHERE table_id = 1 ORDER BY n")]
            assert before and all(isinstance(ENTRY.decode(e), Mark) for e in before)
            one.kill()
            await asyncio.wait_for(alice.process.wait_closed(), 15)
            await bob.press(ENTER)  # decided by the process that takes the table over
            await bob.wait_for(r"seat 2 \(bob\) · step 4", timeout=30)
            logged = rows(postgres, "SELECT n, entry FROM clock_log WHERE table_id = 1 "
                                    "ORDER BY n")
            after = [ENTRY.decode(bytes(e)) for _, e in logged]
            assert [n for n, _ in logged] == list(range(len(logged)))  # none overwritten
            assert [bytes(e) for _, e in logged[:len(before)]] == before  # the same log
            resumed = [e for e in after[len(before):] if isinstance(e, Resumed)]
            assert len(resumed) == 1, after  # taken over once, its clocks resumed
            clock = Clock(TimeControl("live", base=600, increment=5), 2)
            for entry in after:
                clock.apply(entry)
            # Both seats have used time and gained their increment: not a fresh clock.
            assert all(left != 600 for left in clock.left), clock.left
            assert clock.step == 4
            for term in (alice, bob):
                await term.close()

    run(scenario())


def test_clock_entries_are_json_of_the_clock_events() -> None:
    """The entries the test above reads are what the clocks write (a guard for it)."""
    mark = Mark(1.5, 2, [0])
    assert ENTRY.decode(msgspec.json.encode(mark)) == mark
