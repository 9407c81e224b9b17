"""The PostgreSQL store of several server processes, on a real PostgreSQL: two owners
racing to write one step, the schema's versions, the one-command migration from an
embedded server's data directory, and where ``--store`` comes from."""

from __future__ import annotations

import asyncio
from pathlib import Path

import psycopg
import pytest
from fake_ruleset import RULESET, Plan
from sshkit import FAKE

from maharaja_server.transport import cli
from maharaja_server.transport import protocol as p
from maharaja_server.transport.cluster import ClusterTables
from maharaja_server.transport.links import LinkBook, LinkRefused
from maharaja_server.transport.records import Records
from maharaja_server.transport.store_pg import Lost, PgStore
from maharaja_server.transport.store_pg_schema import VERSION, SchemaTooNew, connect
from maharaja_server.transport.tables import Identity, TableService

RULESETS = {RULESET.id: RULESET}
ALICE, BOB = Identity("alice", "key-a"), Identity("bob", "key-b")
TWO = [p.SeatSpec(), p.SeatSpec()]


def test_two_processes_racing_to_append_the_same_step_one_wins_the_other_reads_it(
        postgres: str, tmp_path: Path) -> None:
    """The lease gives a table one owner; should two processes still both believe
    they own it (a stalled owner and its successor), the (table, step) key lets one
    write a step and the other reads it instead of writing its own."""
    async def scenario() -> None:
        a = ClusterTables(tmp_path / "a", RULESETS, store=PgStore(postgres, lease=60))
        b = ClusterTables(tmp_path / "b", RULESETS, store=PgStore(postgres, lease=60))
        for svc in (a, b):
            svc.load_all()
        await a.start()
        await b.store.start()  # no lease keeping of its own: it is told it holds a's
        try:
            table = (await a.create_shared(ALICE, p.CreateTable(ruleset=RULESET.id,
                                                                 seats=TWO))).id
            a.join(ALICE, table, None)
            a.join(BOB, table, None)
            await a.store.written(table)
            await b.read(table)
            b.store.node = a.store.node  # both hold the lease, as the lease itself rules out
            b.store.adopt(table, a.store.owned[table], b.tables[table].game, b.seen[table])
            hand = a.tables[table].game.state.hands[0]
            a.play(ALICE, table, 0, Plan(hand[0]))
            b.play(ALICE, table, 0, Plan(hand[1]))  # each its own step 1
            results = await asyncio.gather(a.store.written(table), b.store.written(table),
                                           return_exceptions=True)
            assert sorted(type(r).__name__ for r in results) == ["Lost", "NoneType"], results
            winner, loser = (a, b) if results[0] is None else (b, a)
            assert isinstance(results[1 if winner is a else 0], Lost)
            assert not loser.owns(table) and winner.owns(table)
            await loser.read(table)  # what the winner wrote, in place of its own step
            with psycopg.connect(postgres) as conn:
                rows = conn.execute("SELECT step, intent FROM steps WHERE table_id = %s "
                                    "ORDER BY step", (table,)).fetchall()
            played = winner.tables[table].game.steps[1].intent.card
            assert [row[0] for row in rows] == [0, 1] and played in rows[1][1]
            assert loser.tables[table].game.steps == winner.tables[table].game.steps
            assert loser.tables[table].game.state == winner.tables[table].game.state
        finally:
            for svc in (a, b):
                await svc.stop()
                svc.store.close()

    asyncio.run(asyncio.wait_for(scenario(), 60))


def test_a_schema_newer_than_the_code_stops_the_server_saying_so(
        postgres: str, capsys: pytest.CaptureFixture[str]) -> None:
    PgStore(postgres).close()  # the schema, up to date
    with connect(postgres) as conn:
        conn.execute("UPDATE maharaja_schema SET version = %s", (VERSION + 1,))
    with pytest.raises(SchemaTooNew, match=rf"version {VERSION + 1}, newer than this server's"):
        PgStore(postgres)
    assert cli.serve_main(["--store", postgres, "--port", "0", "--ruleset", FAKE]) == 1
    err = capsys.readouterr().err
    assert f"schema is version {VERSION + 1}, newer than this server's ({VERSION})" in err
    assert "upgrade maharaja" in err


def test_an_older_schema_is_brought_up_to_date_at_start(postgres: str) -> None:
    PgStore(postgres).close()
    with connect(postgres) as conn:
        assert conn.execute("SELECT version FROM maharaja_schema").fetchone() == (VERSION,)


def test_one_command_moves_an_embedded_servers_data_directory_into_postgres(
        postgres: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    records = Records(tmp_path / "server.db")
    svc = TableService(tmp_path / "tables", RULESETS, records=records)
    records.put_name("alice", "key-a", 1.0)
    table = svc.create(ALICE, RULESET.id, TWO, b"{}", True, "Duel").id
    svc.join(ALICE, table, None)
    svc.join(BOB, table, None)
    local = svc.local(table)
    svc.play(ALICE, table, 0, local.legal_intents(0)[0])
    waiting = svc.create(BOB, RULESET.id, TWO, b"{}", True, "Later").id
    before = svc.tables[table].game
    records.close()

    assert cli.serve_main(["--store", postgres, "--data-dir", str(tmp_path), "--ruleset",
                           FAKE, "migrate"]) == 0
    out = capsys.readouterr().out
    assert f"schema version {VERSION}" in out and "2 table(s) with 2 step(s)" in out

    store = PgStore(postgres)
    shared = ClusterTables(tmp_path / "elsewhere", RULESETS, store=store)
    shared.load_all()
    assert shared.tables[table].game.steps == before.steps
    assert shared.tables[table].game.state == before.state
    assert [s.name for s in shared.tables[table].meta.slots] == ["alice", "bob"]
    assert shared.tables[waiting].game is None
    assert store.names() == {"alice": "key-a"}
    assert shared.last_id == waiting
    store.close()
    # Once copied, a second run copies nothing (and says why).
    assert cli.serve_main(["--store", postgres, "--data-dir", str(tmp_path), "--ruleset",
                           FAKE, "migrate"]) == 1
    assert "already holds 2 table(s)" in capsys.readouterr().err


def test_the_store_is_named_on_the_command_line_by_the_environment_or_the_config_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[server]\nstore = "postgresql://from-file/db"\n')
    assert cli.parse_args(["--config", str(config)]).store == "postgresql://from-file/db"
    monkeypatch.setenv("MAHARAJA_STORE", "postgresql://from-env/db")
    assert cli.parse_args([]).store == "postgresql://from-env/db"
    assert cli.parse_args(["--store", "postgresql://given/db"]).store == "postgresql://given/db"
    monkeypatch.delenv("MAHARAJA_STORE")
    assert cli.parse_args([]).store is None  # the embedded store, as ever


def test_a_join_link_issued_on_one_process_seats_its_browser_on_another(
        postgres: str, tmp_path: Path) -> None:
    here, there = PgStore(postgres), PgStore(postgres)
    book = LinkBook(tmp_path / "here.json", shared=here)
    token = book.issue(7, 1)
    elsewhere = LinkBook(tmp_path / "there.json", shared=there)  # another process's book
    who, link = elsewhere.enter(token, "cookie-of-the-first-browser")
    assert (link.table, link.seat, who.name) == (7, 1, "web7-2")
    book.reload(here.links())  # as the store's notice makes it
    with pytest.raises(LinkRefused, match="opened in another browser"):
        book.enter(token, "cookie-of-another-browser")
    assert book.enter(token, "cookie-of-the-first-browser")[0] == who
    book.forget_table(7)
    assert there.links() == {}
    assert not (tmp_path / "here.json").exists() and not (tmp_path / "there.json").exists()
    here.close()
    there.close()


def test_a_table_made_while_the_leases_are_renewed_stays_its_makers(
        postgres: str, tmp_path: Path) -> None:
    """A renewal that started before a new table's first write does not see its lease:
    the table was taken for lost, and nobody served it (found by the load test)."""
    async def scenario() -> None:
        store = PgStore(postgres, lease=1.0)
        svc = ClusterTables(tmp_path / "a", RULESETS, store=store)
        svc.load_all()
        renewing, go_on = asyncio.Event(), asyncio.Event()
        renew = store.renew

        async def slow_renew() -> dict[int, int]:
            held = await renew()
            renewing.set()
            await go_on.wait()  # the table is made and written meanwhile
            return held

        store.renew = slow_renew  # type: ignore[method-assign]
        await svc.start()
        try:
            await renewing.wait()
            table = (await svc.create_shared(ALICE, p.CreateTable(ruleset=RULESET.id,
                                                                   seats=TWO))).id
            store.renew = renew  # type: ignore[method-assign]
            go_on.set()
            for _ in range(5):  # a few rounds of renewals (every 0.2 s)
                await asyncio.sleep(0.3)
                assert svc.owns(table)
            with psycopg.connect(postgres) as conn:
                assert conn.execute("SELECT node, epoch FROM leases").fetchall() == [
                    (store.node, 1)]
        finally:
            await svc.stop()
            store.close()

    asyncio.run(asyncio.wait_for(scenario(), 60))


def test_a_store_that_cannot_be_reached_is_one_line_without_its_password(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"postgresql://maharaja:s3cret@/maharaja?host={tmp_path / 'nobody-listens'}"
    assert cli.serve_main(["--store", url, "--port", "0", "--data-dir", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("maharaja serve: the store postgresql://maharaja:***@/maharaja")
    assert "cannot be used" in err and "s3cret" not in err and len(err.splitlines()) == 1


def test_a_seat_left_on_another_process_is_handed_over_by_the_owner_and_given_back(
        postgres: str, tmp_path: Path) -> None:
    """Who is at a table is counted over every process: the owner hands a seat whose
    player left through another process to a computer, and gives it back when the
    player returns there."""
    async def scenario() -> None:
        owner = ClusterTables(tmp_path / "a", RULESETS, store=PgStore(postgres),
                              handover_after=0.3)
        other = ClusterTables(tmp_path / "b", RULESETS, store=PgStore(postgres),
                              handover_after=0.3)
        for svc in (owner, other):
            svc.load_all()
            await svc.start()
        try:
            table = (await owner.create_shared(ALICE, p.CreateTable(ruleset=RULESET.id,
                                                                     seats=TWO))).id
            owner.join(ALICE, table, None)
            owner.join(BOB, table, None)
            await owner.store.written(table)
            await other.read(table)
            owner.attach(table, 0)  # alice's session, on the owner's process
            other.attach(table, 1)  # bob's, on the other
            await until(lambda: owner.tables[table].presence.get(1) == 1)
            assert other.info(other.tables[table]).seats[0].connected  # counted there too
            await asyncio.sleep(0.6)
            assert not owner.tables[table].meta.slots[1].handed  # bob is there
            other.detach(table, 1)  # bob leaves through the other process
            await until(lambda: other.tables[table].meta.slots[1].handed)
            assert owner.local(table).stand_ins == {1: "medium"}
            other.attach(table, 1)  # and comes back there
            await until(lambda: not other.tables[table].meta.slots[1].handed)
            assert owner.local(table).stand_ins == {}
        finally:
            for svc in (owner, other):
                await svc.stop()
                svc.store.close()

    asyncio.run(asyncio.wait_for(scenario(), 60))


async def until(done, timeout: float = 15.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not done():
        assert loop.time() < deadline, "not reached in time"
        await asyncio.sleep(0.05)


class _Clock:
    def __init__(self) -> None:
        self.t = 1_000_000.0

    def __call__(self) -> float:
        return self.t


def test_votes_on_a_seat_out_of_time_go_to_the_owner_and_every_process_sees_them(
        postgres: str, tmp_path: Path) -> None:
    """The clocks are the owner's (its log, shared): a seat whose time ran out on the
    owner shows as out on the other process, whose players' votes the owner counts."""
    from maharaja_server.transport.ledger_pg import PgLedger
    from maharaja_server.transport.online import Online

    carol = Identity("carol", "key-c")
    now = _Clock()

    async def scenario() -> None:
        owner = ClusterTables(tmp_path / "a", RULESETS, store=PgStore(postgres), now=now)
        other = ClusterTables(tmp_path / "b", RULESETS, store=PgStore(postgres), now=now)
        onlines = {}
        for svc in (owner, other):
            svc.load_all()
            onlines[svc] = Online(svc, PgLedger(svc.store))
            svc.voter = onlines[svc].vote
            await svc.start()
        try:
            table = (await owner.create_shared(ALICE, p.CreateTable(
                ruleset=RULESET.id, seats=[p.SeatSpec()] * 3, on_timeout="vote",
                clock=p.TimeControl("live", base=60)))).id
            for who in (ALICE, BOB, carol):
                owner.join(who, table, None)
            for who, seat in ((ALICE, 0), (BOB, 1)):
                owner.play(who, table, seat, owner.game(table).legal_intents(seat)[0])
            await owner.store.written(table)
            now.t += 61
            assert onlines[owner].clocks.check() == [(table, 2)]  # carol's time ran out
            # The other process learns of the table by its notice, which may still be on
            # its way (a KeyError here once, under CI's load).
            await until(lambda: table in other.tables and (
                vote := other.info(other.tables[table]).vote) is not None
                        and vote.seat == 2 and vote.voters == [0, 1])
            await other.decide(ALICE, table, 0, "vote", b"skip")  # through the other
            await until(lambda: (vote := other.info(other.tables[table]).vote) is not None
                        and vote.skip == [0])
            await other.decide(BOB, table, 1, "vote", b"skip")  # a majority: skipped
            assert owner.local(table).level(2) == "easy"
            await until(lambda: other.info(other.tables[table]).vote is None)
            assert other.info(other.tables[table]).timed_out == [2]
        finally:
            for svc in (owner, other):
                await svc.stop()
                onlines[svc].ledger.close()
                svc.store.close()

    asyncio.run(asyncio.wait_for(scenario(), 60))
