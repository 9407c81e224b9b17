"""Sessions per SSH connection, per player, per address and per browser.

One SSH connection opened 64 sessions (70 channels) and the server told everyone else
"The server is full"; one browser login opened 30 websockets, each a fresh interpreter
(~43 MB, 1.43 GB in all). Browser sessions are now forked by the session worker too."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import aiohttp
import asyncssh
from sshkit import Term, config, connect, key_for, running
from test_web import basic, browser_session, shows


def run(coro) -> None:  # type: ignore[no-untyped-def]
    asyncio.run(asyncio.wait_for(coro, 90))


async def session_on(conn: asyncssh.SSHClientConnection) -> Term:
    process = await conn.create_process(term_type="xterm-256color", term_size=(110, 34),
                                        encoding=None)
    return Term(conn, process, (110, 34))


def test_one_connection_opens_at_most_its_sessions(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(config(tmp_path, sessions_per_connection=2)) as srv:
            conn = await asyncssh.connect("127.0.0.1", srv.port, username="alice",
                                          known_hosts=None, agent_path=None,
                                          client_keys=[key_for("alice")])
            first, second = await session_on(conn), await session_on(conn)
            for term in (first, second):
                await term.wait_for("you are alice")
            third = await session_on(conn)
            await third.wait_for("This connection has 2 sessions open, as many as one may")
            await asyncio.wait_for(third.process.wait_closed(), 20)
            assert not first.closed and not second.closed
            bob = await connect(srv.port, "bob")  # the server is not full for others
            await bob.wait_for("you are bob")
            await bob.close()
            conn.close()
            await conn.wait_closed()

    run(scenario())


def test_one_player_and_one_address_hold_at_most_theirs(tmp_path: Path) -> None:
    async def scenario() -> None:
        cfg = config(tmp_path, sessions_per_name=1, sessions_per_address=2)
        async with running(cfg) as srv:
            alice = await connect(srv.port, "alice")
            await alice.wait_for("you are alice")
            again = await connect(srv.port, "alice")  # another connection, the same name
            await again.wait_for("alice has 1 session open, as many as one player may")
            bob = await connect(srv.port, "bob")
            await bob.wait_for("you are bob")
            carol = await connect(srv.port, "carol")  # a third from this address
            await carol.wait_for("Your address has 2 sessions open")
            for term in (alice, again, bob, carol):
                await term.close()
            assert await settled(srv)

    run(scenario())


async def settled(srv) -> bool:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + 20
    while (srv.counter.active or (srv.web and srv.web.sessions)) and \
            time.monotonic() < deadline:
        await asyncio.sleep(0.1)
    return srv.counter.active == 0 and not (srv.web and srv.web.sessions)


def test_one_browser_opens_at_most_its_sessions_each_forked_by_the_worker(
        tmp_path: Path) -> None:
    async def scenario() -> None:
        cfg = config(tmp_path, web_port=0, user_passwords={"alice": "apple"},
                     sessions_per_browser=1)
        async with running(cfg) as srv:
            page = srv.web.public_url + "/"
            ws_url = srv.web.public_url.replace("http", "ws", 1) + "/ws"
            async with browser_session() as browser:
                async with browser.get(page, headers=basic("alice", "apple")) as reply:
                    assert reply.status == 200
                async with browser.ws_connect(ws_url) as ws:
                    await shows(ws, "you are alice")
                    (session,) = srv.web.sessions
                    assert session.child is not None
                    assert parent_of(session.child.pid) == srv.sessions.zygote.pid
                    try:
                        await browser.ws_connect(ws_url)
                        raise AssertionError("a second websocket of this browser opened")
                    except aiohttp.WSServerHandshakeError as refused:
                        assert refused.status == 429
                assert await settled(srv)  # the first one has closed
                async with browser.ws_connect(ws_url) as ws:
                    await shows(ws, "you are alice")
            assert await settled(srv)

    run(scenario())


def parent_of(pid: int) -> int:
    stat = Path(f"/proc/{pid}/stat").read_text()
    return int(stat.rsplit(")", 1)[1].split()[1])



def test_one_address_starts_sessions_at_a_bounded_rate(tmp_path: Path) -> None:
    """A session start costs a fraction of a CPU-second: a client that comes back as
    fast as it is hung up paid nothing for it (40 starts in 30 s took another player's
    p95 from 193 ms to 1.6 s)."""
    async def scenario() -> None:
        cfg = config(tmp_path, session_start_burst=2, session_starts_per_minute=0.01)
        async with running(cfg) as srv:
            for _ in range(2):
                term = await connect(srv.port, "alice", address="127.0.0.7")
                await term.wait_for("you are alice")
                await term.close()
            third = await connect(srv.port, "alice", address="127.0.0.7")
            await third.wait_for("Too many sessions started from your address lately")
            other = await connect(srv.port, "bob", address="127.0.0.8")
            await other.wait_for("you are bob")
            for term in (third, other):
                await term.close()

    run(scenario())
