"""Your move, wherever you are: each player's waiting decisions are pushed to their own
sessions (never anyone else's), posted to their webhook, and a session rings the bell
and sets its terminal's title for a decision that has just come up."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web
from fake_ruleset import RULESET
from sshkit import ANSI, config, connect, running

from maharaja_server.session_ui.remote import Connection
from maharaja_server.transport.hub import Hub
from maharaja_server.transport.ledger import Ledger
from maharaja_server.transport.online import Online
from maharaja_server.transport.protocol import SeatSpec
from maharaja_server.transport.tables import Identity, TableService
from maharaja_server.transport.webhooks import check_url

RULESETS = {RULESET.id: RULESET}


@pytest.fixture
def hub(tmp_path: Path) -> Iterator[Hub]:
    loop = asyncio.new_event_loop()
    service = TableService(tmp_path / "tables", RULESETS, bot_delay=0.01)
    online = Online(service, Ledger(service.records), webhooks_to_private=True)
    hub = Hub(service, tmp_path / "hub.sock")
    online.bind(hub)
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    asyncio.run_coroutine_threadsafe(hub.start(), loop).result(5)
    hub.loop = loop  # type: ignore[attr-defined]
    yield hub
    asyncio.run_coroutine_threadsafe(online.close(), loop).result(5)
    asyncio.run_coroutine_threadsafe(hub.close(), loop).result(5)
    loop.call_soon_threadsafe(loop.stop)
    thread.join(5)


def who(name: str) -> Identity:
    return Identity(name, "key-" + name)


def connect_as(hub: Hub, name: str) -> Connection:
    return Connection(str(hub.path), hub.issue_token(who(name)), timeout=5)


def on_loop(hub: Hub, fn: Any) -> Any:
    """Run ``fn`` on the hub's loop (where the table service lives) and return its result."""
    async def call() -> Any:
        return fn()
    return asyncio.run_coroutine_threadsafe(call(), hub.loop).result(5)  # type: ignore[attr-defined]


def test_a_players_waiting_decisions_go_to_their_sessions_only(hub: Hub) -> None:
    alice, alice2, bob, carol = (connect_as(hub, n) for n in ("alice", "alice", "bob", "carol"))
    table = alice.create(RULESET.id, [SeatSpec(), SeatSpec()], title="Duel")
    alice.join(table)
    bob.join(table)
    alice.tables()  # a round trip: the pushes before it have been read
    alice2.tables()
    carol.tables()
    # Both plan at once: each is told of their own seat, in each of their sessions.
    assert [(t.table, t.seat, t.title) for t in alice.turns] == [(table, 0, "Duel")]
    assert [(t.table, t.seat) for t in alice2.turns] == [(table, 0)]
    assert [(t.table, t.seat) for t in bob.turns] == [(table, 1)]
    assert carol.turns == []  # not at the table: told nothing
    assert alice.turns[0].since > 0 and alice.turns[0].deadline is None  # no clock
    service = hub.service
    on_loop(hub, lambda: service.play(who("alice"), table, 0,
                                      service.game(table).legal_intents(0)[0]))
    alice.tables()
    bob.tables()
    assert alice.turns == [] and alice2.tables() is not None and alice2.turns == []
    assert [(t.table, t.seat) for t in bob.turns] == [(table, 1)]
    for conn in (alice, alice2, bob, carol):
        conn.close()


def test_a_session_that_connects_later_is_told_at_once(hub: Hub) -> None:
    alice, bob = connect_as(hub, "alice"), connect_as(hub, "bob")
    table = alice.create(RULESET.id, [SeatSpec(), SeatSpec()])
    alice.join(table)
    bob.join(table)
    later = connect_as(hub, "bob")
    later.tables()
    assert [(t.table, t.seat) for t in later.turns] == [(table, 1)]
    for conn in (alice, bob, later):
        conn.close()


def test_the_webhook_gets_a_small_notice_without_secrets(hub: Hub) -> None:
    received: list[dict[str, Any]] = []
    redirected: list[str] = []
    got = threading.Event()

    async def hook(request: web.Request) -> web.Response:
        received.append(await request.json())
        got.set()
        return web.Response(text="ok")

    async def moved(request: web.Request) -> web.Response:
        raise web.HTTPFound("/elsewhere")

    async def elsewhere(request: web.Request) -> web.Response:
        redirected.append(request.path)
        return web.Response(text="followed")

    async def serve() -> tuple[web.AppRunner, int]:
        app = web.Application()
        app.add_routes([web.post("/hook", hook), web.post("/moved", moved),
                        web.post("/elsewhere", elsewhere)])
        runner = web.AppRunner(app)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        return runner, site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    runner, port = asyncio.run_coroutine_threadsafe(serve(), hub.loop).result(5)  # type: ignore[attr-defined]
    alice, bob = connect_as(hub, "alice"), connect_as(hub, "bob")
    assert alice.settings(f"http://127.0.0.1:{port}/hook").webhook.endswith("/hook")
    assert bob.settings(f"http://127.0.0.1:{port}/moved").webhook.endswith("/moved")
    assert alice.settings().webhook == f"http://127.0.0.1:{port}/hook"
    table = alice.create(RULESET.id, [SeatSpec(), SeatSpec()], title="Duel")
    alice.join(table)
    bob.join(table)
    assert got.wait(5)
    notice = received[0]
    assert notice["event"] == "your-move" and notice["player"] == "alice"
    assert notice["table"] == table and notice["seat"] == 1 and notice["title"] == "Duel"
    assert notice["game"] == RULESET.name and notice["deadline"] is None
    state = hub.service.game(table).state
    body = json.dumps(notice)
    for secret in [*(c for hand in state.hands for c in hand), *map(str, state.pp)]:
        assert secret not in body
    # The redirect is not followed (bob's post ends at the 302).
    asyncio.run_coroutine_threadsafe(asyncio.sleep(0.5), hub.loop).result(5)  # type: ignore[attr-defined]
    assert redirected == []
    asyncio.run_coroutine_threadsafe(runner.cleanup(), hub.loop).result(5)  # type: ignore[attr-defined]
    for conn in (alice, bob):
        conn.close()


def test_a_webhook_address_is_checked() -> None:
    from engine.core.errors import IllegalIntent

    assert check_url("  https://chat.example/hook/abc ") == "https://chat.example/hook/abc"
    assert check_url("") == ""
    for bad in ("ftp://example.com/x", "https://", "https://user:pw@example.com/x",
                "http://example.com/" + "x" * 400):
        with pytest.raises(IllegalIntent, match="SRV-HOOK|address"):
            check_url(bad)


def test_a_private_address_is_not_posted_to_by_default(tmp_path: Path) -> None:
    from maharaja_server.transport.webhooks import Webhooks, public

    assert not public("127.0.0.1") and not public("10.1.2.3") and not public("::1")
    assert public("93.184.216.34")
    service = TableService(tmp_path / "tables", RULESETS)
    hooks = Webhooks(Ledger(service.records))
    hooks.set("alice", "http://127.0.0.1:9/hook")

    async def post() -> None:
        await hooks._post("alice", "http://127.0.0.1:9/hook", {"event": "your-move"})
        await hooks.close()

    asyncio.run(post())
    assert hooks.sent == 0
    service.records.close()


BELL = b"\x07"


def titled(raw: bytes, table: int) -> bool:
    return f"\x1b]2;Maharaja — your move at table {table}\x1b\\".encode() in raw


def test_the_bell_and_title_go_to_the_player_whose_move_it_is_and_no_one_else(
        tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(config(tmp_path)) as srv:
            bob = await connect(srv.port, "bob")  # in the lobby, at no table
            await bob.wait_screen("Maharaja server")
            alice = await connect(srv.port, "alice")  # in the lobby too
            await alice.wait_screen("Maharaja server")
            # A table of alice's and a computer's: alice's key sits when she joins.
            table = srv.service.create(Identity("alice", "x"), RULESET.id,
                                       [SeatSpec(), SeatSpec("computer", "random")],
                                       b"{}", False, "Alice's table")
            # Seated as alice's SSH identity (her key), as a join from her session would.
            alice_id = next(c.who for c in srv.hub._conns if c.who and c.who.name == "alice")  # noqa: SLF001
            srv.service.join(alice_id, table.id, 0)
            await alice.wait_for("Your move at table")  # the lobby's line, and a toast
            for _ in range(50):
                if titled(bytes(alice.raw), table.id):
                    break
                await asyncio.sleep(0.1)
            raw = bytes(alice.raw)
            assert titled(raw, table.id)
            assert BELL in ANSI.sub(b"", raw)  # a bell, not an OSC's terminator
            await asyncio.sleep(0.5)
            other = bytes(bob.raw)
            assert b"your move" not in other.lower()
            assert BELL not in ANSI.sub(b"", other)
            for term in (alice, bob):
                await term.close()

    asyncio.run(asyncio.wait_for(scenario(), 80))


def test_at_the_table_itself_a_move_rings_the_bell_without_the_toast(tmp_path: Path) -> None:
    """The player's status line says "your move" at the table: a toast saying it again
    covered the bottom of the screen (a dialog's keys) for ten seconds at every turn."""
    async def scenario() -> None:
        async with running(config(tmp_path)) as srv:
            table = srv.service.create(Identity("alice", "x"), RULESET.id,
                                       [SeatSpec(), SeatSpec("computer", "random")],
                                       b"{}", False, "Alice's table")
            alice = await connect(srv.port, "alice", command=f"join {table.id}")
            await alice.wait_for("(?i)your move")
            for _ in range(50):
                if BELL in ANSI.sub(b"", bytes(alice.raw)):
                    break
                await asyncio.sleep(0.1)
            await asyncio.sleep(1.0)  # a toast would be drawn by now
            raw = ANSI.sub(b"", bytes(alice.raw))
            assert BELL in raw
            assert b"Your move at table" not in raw
            await alice.close()

    asyncio.run(asyncio.wait_for(scenario(), 80))
