"""Every finished game is kept apart from its table: listed, replayable with its clocks
step by step, its save downloadable; a table's expiry removes an abandoned unfinished
table and never a finished game's record."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from fake_ruleset import RULESET
from sshkit import ENTER, config, connect, running

from engine.core import record
from engine.registry import rulesets
from maharaja_server.transport.ledger import Ledger
from maharaja_server.transport.online import Online
from maharaja_server.transport.protocol import SeatSpec, TimeControl
from maharaja_server.transport.records import Records
from maharaja_server.transport.tables import Identity, TableService

ALICE, BOB = Identity("alice", "a"), Identity("bob", "b")


class FakeTime:
    def __init__(self) -> None:
        self.t = 1_000_000.0

    def __call__(self) -> float:
        return self.t


def test_a_finished_game_outlives_its_tables_expiry_and_an_abandoned_one_does_not(
        tmp_path: Path) -> None:
    now = FakeTime()
    records = Records(tmp_path / "server.db")
    service = TableService(tmp_path / "tables", {RULESET.id: RULESET}, now=now,
                           records=records, expire_after=3600)
    online = Online(service, Ledger(records))
    done = service.create(ALICE, RULESET.id, [SeatSpec(), SeatSpec()], b"{}", False, "Done",
                          clock=TimeControl("live", base=600, increment=2))
    left = service.create(ALICE, RULESET.id, [SeatSpec(), SeatSpec()], b"{}", False, "Left")
    for table in (done, left):
        service.join(ALICE, table.id, None)
        service.join(BOB, table.id, None)
    game = service.game(done.id)
    while not game.is_over():
        now.t += 7
        for seat, who in ((0, ALICE), (1, BOB)):
            if seat in game.to_move():
                service.play(who, done.id, seat, game.legal_intents(seat)[0])
    steps = list(game.steps)
    now.t += 7200
    assert sorted(service.expire()) == [done.id, left.id]  # both tables go...
    kept = online.history.games()
    assert [g.id for g in kept] == [done.id]  # ... the finished game stays
    assert kept[0].players == ["alice", "bob"] and sorted(kept[0].places)[0] == 1
    found = online.history.file(done.id)
    assert record.decode(found.save, {RULESET.id: RULESET}).steps == steps
    assert found.clock.kind == "live"
    last = max(found.clocks, key=lambda c: c.step)
    assert last.step == len(steps) and all(0 < left < 600 + 10 for left in last.left)
    records.close()


def finished_maharaja(service: TableService, players: list[Identity]) -> int:
    table = service.create(players[0], "maharaja-2020", [SeatSpec(), SeatSpec()], b"{}",
                           False, "Played out")
    for who in players:
        service.join(who, table.id, None)
    rng = random.Random(5)
    game = service.game(table.id)
    while not game.is_over():
        seat = game.to_move()[0]
        service.play(players[seat], table.id, seat, rng.choice(game.legal_intents(seat)))
    return table.id


def test_a_finished_game_is_replayed_from_the_lobby_over_ssh(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(config(tmp_path, default_game="maharaja-2020")) as srv:
            table = finished_maharaja(srv.service, [ALICE, BOB])
            carol = await connect(srv.port, "carol", size=(100, 30))
            await carol.wait_screen("Maharaja server")
            await carol.press("g")
            await carol.wait_screen(r"Played out.*1\. ")
            await carol.press(ENTER)
            await carol.wait_screen(r"replay \d+/\d+")
            # Everything is shown: it is finished (and the server writes no file).
            assert table in srv.online.history.kept
            await carol.close()

    assert "maharaja-2020" in rulesets()
    asyncio.run(asyncio.wait_for(scenario(), 80))


def test_a_finished_game_is_downloaded_over_ssh_and_from_the_web_page(tmp_path: Path) -> None:
    import aiohttp

    from engine import records

    async def scenario() -> None:
        async with running(config(tmp_path, web_port=0), sessions=False) as srv:
            table = finished_maharaja(srv.service, [ALICE, BOB])
            term = await connect(srv.port, "carol", command=f"save {table}", term=None)
            await asyncio.wait_for(term.process.wait_closed(), 10)
            save = bytes(term.raw)
            game = record.decode(save, rulesets())
            assert game.is_over() and game.steps == srv.service.game(table).steps
            await term.close()
            term = await connect(srv.port, "carol", command=f"record {table}", term=None)
            await asyncio.wait_for(term.process.wait_closed(), 10)
            read = records.read(bytes(term.raw).decode())
            assert not read.errors and read.game.steps == game.steps
            await term.close()
            missing = await connect(srv.port, "carol", command="save 999", term=None)
            await asyncio.wait_for(missing.process.wait_closed(), 10)
            assert missing.process.exit_status == 1
            await missing.close()
            assert srv.web is not None
            async with aiohttp.ClientSession() as http:
                base = f"http://127.0.0.1:{srv.web.port}"
                async with http.get(f"{base}/games") as page:
                    assert f"/games/{table}.json" in await page.text()
                async with http.get(f"{base}/games/{table}.json") as reply:
                    assert reply.status == 200 and await reply.read() == save
                async with http.get(f"{base}/games/999.txt") as reply:
                    assert reply.status == 404

    asyncio.run(asyncio.wait_for(scenario(), 80))
