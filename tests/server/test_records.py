"""The server's records in SQLite (WAL), written off the event loop.

``names.json`` was rewritten whole on the event loop (107 ms at 100,000 names) and
each table's ``table.json`` likewise; now one writer thread owns ``server.db``, and
the old files are imported once. Game logs stay in the ordinary save format.
"""

from __future__ import annotations

import asyncio
import json
import os
import sqlite3
import threading
from pathlib import Path

import asyncssh
import msgspec
from fake_ruleset import RULESET

from engine.core import record
from maharaja_server.transport.auth import Authenticator
from maharaja_server.transport.protocol import SeatSpec
from maharaja_server.transport.records import Records
from maharaja_server.transport.tables import Identity, Slot, TableMeta, TableService

RULESETS = {RULESET.id: RULESET}
ALICE, BOB = Identity("alice", "key-a"), Identity("bob", "key-b")


def test_a_restart_keeps_names_tables_seats_and_handovers(tmp_path: Path) -> None:
    records = Records(tmp_path / "server.db")
    auth = Authenticator(tmp_path, None, None, records=records)
    key = asyncssh.generate_private_key("ssh-ed25519")
    auth.names.bind(auth.check_key("alice", key))  # type: ignore[arg-type]  # as alice sits
    svc = TableService(tmp_path / "tables", RULESETS, records=records)
    table = svc.create(ALICE, RULESET.id, [SeatSpec(), SeatSpec()], b"{}", True, "Duel").id
    svc.join(ALICE, table, None)
    svc.join(BOB, table, None)
    svc.tables[table].meta.slots[1].handed = True  # as _hand_over does
    svc._save_meta(svc.tables[table])
    records.close()

    again = Records(tmp_path / "server.db")
    assert Authenticator(tmp_path, None, None, records=again).check_key(
        "alice", asyncssh.generate_private_key("ssh-ed25519")) is None  # still hers
    svc2 = TableService(tmp_path / "tables", RULESETS, records=again)
    svc2.load_all()
    meta = svc2.tables[table].meta
    assert (meta.title, meta.owner) == ("Duel", ALICE.owner)
    assert [(s.name, s.handed) for s in meta.slots] == [("alice", False), ("bob", True)]
    assert svc2.tables[table].game is not None  # the game log, in the ordinary format
    assert record.load(tmp_path / "tables" / str(table) / "game.json", RULESETS)


def test_the_records_are_sqlite_in_wal_mode(tmp_path: Path) -> None:
    Records(tmp_path / "server.db").close()
    with sqlite3.connect(tmp_path / "server.db") as db:
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    assert (tmp_path / "server.db").stat().st_mode & 0o077 == 0  # who has which key


def test_writes_are_queued_off_the_event_loop(tmp_path: Path) -> None:
    """The loop's call returns while the writer thread is still busy; writes keep
    their order; a claim is awaited, not waited for."""
    records = Records(tmp_path / "server.db")
    busy, release = threading.Event(), threading.Event()
    records._do(lambda: (busy.set(), release.wait(10)))  # the disk is slow right now
    assert busy.wait(5)
    records.put_table(1, b"first")  # returns at once
    records.put_table(1, b"second")
    assert records.thread is not threading.current_thread()

    async def claim() -> bool:
        pending = asyncio.ensure_future(records.claim("alice", "key-a"))
        await asyncio.sleep(0.05)
        assert not pending.done()  # the loop runs on while the write waits
        release.set()
        return await pending

    assert asyncio.run(claim())
    records.flush()
    assert records.tables() == {1: b"second"}
    assert not asyncio.run(records.claim("alice", "key-b"))  # the first key keeps it
    records.close()


def test_json_records_are_migrated_once(tmp_path: Path) -> None:
    """names.json and tables/<id>/table.json of an older server are imported at start."""
    from sshkit import config

    from maharaja_server.transport.server import GameServer

    (tmp_path / "names.json").write_text(json.dumps({"olga": "SHA256:abc"}))
    old = TableMeta(7, "Old table", RULESET.id, b"{}", [Slot("human"), Slot("human")], True, 3)
    meta_path = tmp_path / "tables" / "7" / "table.json"
    meta_path.parent.mkdir(parents=True)
    meta_path.write_bytes(msgspec.json.encode(old))  # written before tables had owners

    server = GameServer(config(tmp_path))
    server.service.load_all()
    assert server.auth.check_key("olga", asyncssh.generate_private_key("ssh-ed25519")) is None
    assert server.service.tables[7].meta.title == "Old table"
    assert not (tmp_path / "names.json").exists() and not meta_path.exists()
    assert (tmp_path / "names.json.migrated").exists()
    server.records.close()
    server = GameServer(config(tmp_path))  # once: nothing left to import, nothing lost
    server.service.load_all()
    assert list(server.service.tables) == [7]
    assert server.records.names() == {"olga": "SHA256:abc"}
    server.records.close()


def _started_duel(tmp_path: Path) -> tuple[Records, TableService, int]:
    records = Records(tmp_path / "server.db")
    svc = TableService(tmp_path / "tables", RULESETS, records=records)
    table = svc.create(ALICE, RULESET.id, [SeatSpec(), SeatSpec()], b"{}", True, "Duel").id
    svc.join(ALICE, table, None)
    svc.join(BOB, table, None)
    return records, svc, table


def _play_once(svc: TableService, table: int) -> None:
    local = svc.local(table)
    seat = local.to_move()[0]
    svc.play((ALICE, BOB)[seat], table, seat, local.legal_intents(seat)[0])


def test_a_move_is_saved_by_the_records_thread(tmp_path: Path, monkeypatch) -> None:
    """The game file's write and fsync ran on the event loop before the
    move's push reached its players; the records' thread writes it now, whole and in
    order, and the file holds every step once the queue is flushed."""
    records, svc, table = _started_duel(tmp_path)
    real_fsync = os.fsync
    synced: list[threading.Thread] = []

    def fsync(fd: int) -> None:
        synced.append(threading.current_thread())
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    _play_once(svc, table)
    records.flush()
    assert synced and all(thread is records.thread for thread in synced)
    saved = record.load(tmp_path / "tables" / str(table) / "game.json", RULESETS)
    assert len(saved.steps) == len(svc.tables[table].game.steps)
    records.close()


def test_a_removed_table_leaves_no_folder_behind_a_queued_save(tmp_path: Path) -> None:
    """A save still queued when its table is removed must not bring the folder back."""
    records, svc, table = _started_duel(tmp_path)
    busy, release = threading.Event(), threading.Event()
    records._do(lambda: (busy.set(), release.wait(10)))  # the disk is slow right now
    assert busy.wait(5)
    _play_once(svc, table)  # its save waits in the queue
    svc._remove(svc.tables[table], "closed by the test")
    release.set()
    records.flush()
    assert not (tmp_path / "tables" / str(table)).exists()
    records.close()


def test_a_game_file_queued_again_is_written_once_with_its_latest_content(
        tmp_path: Path, monkeypatch) -> None:
    """Each move queued its table's whole game file, and the writer thread wrote
    and fsynced every one in turn, though the next already held all of it (with the
    hand-over to the thread, a third of the server's Python CPU a move). While a file
    waits in the queue, a newer content replaces it there: one write, the latest, at
    the first one's place in the queue; every step is in the file after a flush."""
    records, svc, table = _started_duel(tmp_path)
    records.flush()
    real_fsync = os.fsync
    synced: list[int] = []

    def fsync(fd: int) -> None:
        synced.append(fd)
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    busy, release = threading.Event(), threading.Event()
    records._do(lambda: (busy.set(), release.wait(10)))  # the disk is slow right now
    assert busy.wait(5)
    for _ in range(5):
        _play_once(svc, table)
    release.set()
    records.flush()
    assert len(synced) == 1, synced
    folder = tmp_path / "tables" / str(table)
    saved = record.load(folder / "game.json", RULESETS)
    assert len(saved.steps) == len(svc.tables[table].game.steps)
    assert sorted(p.name for p in folder.iterdir()) == ["game.json"]  # no temporary left
    assert (folder / "game.json").stat().st_mode & 0o777 == 0o600
    _play_once(svc, table)  # queued anew once written
    records.flush()
    assert len(synced) == 2
    assert len(record.load(folder / "game.json", RULESETS).steps) == len(
        svc.tables[table].game.steps)
    records.close()
