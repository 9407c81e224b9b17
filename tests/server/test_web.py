"""The web page without a browser: who a browser is, join links, the warning."""

from __future__ import annotations

import asyncio
import base64
import json
import re
import socket
import time
from pathlib import Path

import aiohttp
import pytest
from sshkit import ANSI, config, connect, running

from engine.core.errors import IllegalIntent
from maharaja_server.transport.cli import config_from, parser
from maharaja_server.transport.config import warning_for
from maharaja_server.transport.links import LinkBook, LinkRefused
from maharaja_server.transport.protocol import SeatSpec
from maharaja_server.transport.tables import Identity
from maharaja_server.transport.web import invite

ALICE = Identity("alice", "password")


def browser_session() -> aiohttp.ClientSession:
    """A client that keeps cookies as a browser does (aiohttp skips IP hosts' by default)."""
    return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))


async def shows(ws: aiohttp.ClientWebSocketResponse, pattern: str) -> None:
    """Read the session's terminal output until its text matches ``pattern``."""
    raw = bytearray()
    deadline = time.monotonic() + 30
    while not re.search(pattern, ANSI.sub(b"", bytes(raw)).decode("utf-8", "replace")):
        assert time.monotonic() < deadline, bytes(raw)[-800:]
        message = await ws.receive(timeout=30)
        assert message.type != aiohttp.WSMsgType.CLOSE, bytes(raw)[-800:]
        if message.type == aiohttp.WSMsgType.BINARY:
            raw += message.data


def basic(name: str, password: str) -> dict[str, str]:
    return {"Authorization": "Basic " + base64.b64encode(f"{name}:{password}".encode()).decode()}


def run(coro) -> None:
    asyncio.run(asyncio.wait_for(coro, 60))


async def table_with_link(srv) -> tuple[int, str]:
    """Alice's two-seat table and the link of its free seat 2."""
    table = srv.service.create(ALICE, "test-secrets", [SeatSpec(), SeatSpec()], b"{}", True, "")
    srv.service.join(ALICE, table.id, 0)
    links = invite(srv.service, srv.web, ALICE, table.id)
    assert [link.seat for link in links] == [1]
    return table.id, links[0].url


def test_loading_a_link_s_page_claims_nothing(tmp_path: Path) -> None:
    """A chat app's preview fetches the page; the seat waits for a real session."""
    async def scenario() -> None:
        async with running(config(tmp_path, web_port=0), sessions=False) as srv:
            _, url = await table_with_link(srv)
            token = url.rsplit("/", 1)[1]
            async with browser_session() as preview, browser_session() as player:
                for browser in (preview, player):
                    async with browser.get(url) as reply:
                        assert reply.status == 200
                        cookie = next(iter(reply.cookies.values()))
                        assert cookie["httponly"] and cookie["samesite"] == "Strict"
                async with player.get(url) as again:  # it holds its cookie already
                    assert again.status == 200 and not again.cookies
                async with player.get(url[:-4] + "AAAA") as unknown:
                    assert unknown.status == 403
            # Only digests are kept: the token is not in the file.
            assert token not in (tmp_path / "links.json").read_text()

    run(scenario())


def test_a_seat_keeps_its_last_eight_unclaimed_links(tmp_path: Path) -> None:
    book = LinkBook(tmp_path / "links.json")
    tokens = [book.issue(1, 1) for _ in range(10)]
    other = book.issue(1, 0)
    for token in tokens[:2]:
        with pytest.raises(LinkRefused, match="not known"):
            book.page(token, None)
    for token in tokens[2:] + [other]:
        assert book.page(token, None) is not None
    assert LinkBook(tmp_path / "links.json").enter(tokens[-1], "c")[1].seat == 1  # kept


def test_only_a_player_at_the_table_hands_out_its_links(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(config(tmp_path, web_port=0), sessions=False) as srv:
            table, _ = await table_with_link(srv)
            with pytest.raises(IllegalIntent, match="only a player at this table"):
                invite(srv.service, srv.web, Identity("mallory", "k"), table)

    run(scenario())


def test_a_link_opens_a_session_at_its_seat(tmp_path: Path) -> None:
    """The link's websocket runs a session child that sits at the link's seat."""
    async def scenario() -> None:
        async with running(config(tmp_path, web_port=0)) as srv:
            table, url = await table_with_link(srv)
            ws_url = url.replace("/join/", "/ws/join/") + "?width=100&height=30"
            async with browser_session() as browser:
                async with browser.get(url) as reply:
                    assert reply.status == 200
                    cookie = next(iter(reply.cookies.values())).value
                # A page of another site cannot open it with this browser's cookie.
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await browser.ws_connect(ws_url, origin="http://evil.example")
                assert refused.value.status == 403
                for _ in range(2):  # the same link in the same browser: the seat again
                    async with browser.get(url) as again:
                        assert again.status == 200
                    async with browser.ws_connect(ws_url) as ws:
                        await shows(ws, r"seat 2 \(web1-2\)")
                        await ws.send_str(json.dumps(["stdin", "q"]))
                assert srv.service.tables[table].meta.slots[1].name == "web1-2"
            cookie_text = (tmp_path / "links.json").read_text()
            assert cookie not in cookie_text and "browser" in cookie_text
            async with browser_session() as other:  # the link is this browser's now
                async with other.get(url) as page:
                    assert page.status == 403 and "another browser" in await page.text()
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await other.ws_connect(ws_url)
                assert refused.value.status == 403

    run(scenario())


def test_an_idle_browser_session_is_closed(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(config(tmp_path, web_port=0, idle_timeout=1.0)) as srv:
            _, url = await table_with_link(srv)
            async with browser_session() as browser:
                await (await browser.get(url)).release()
                ws_url = url.replace("/join/", "/ws/join/")
                async with browser.ws_connect(ws_url) as ws:
                    started = time.monotonic()
                    while (await ws.receive(timeout=20)).type != aiohttp.WSMsgType.CLOSE:
                        pass
                    assert time.monotonic() - started < 15
            assert srv.web.sessions == set()

    run(scenario())


def test_the_bare_page_needs_the_password_file(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(config(tmp_path / "open", web_port=0), sessions=False) as srv:
            async with browser_session() as browser:
                async with browser.get(srv.web.public_url + "/") as reply:
                    assert reply.status == 403
                    assert "join link only" in await reply.text()
        cfg = config(tmp_path / "pw", web_port=0, user_passwords={"alice": "apple"})
        async with running(cfg, sessions=False) as srv:
            page = srv.web.public_url + "/"
            async with browser_session() as browser:
                async with browser.get(page) as reply:
                    assert reply.status == 401
                    assert reply.headers["WWW-Authenticate"].startswith("Basic")
                async with browser.get(page, headers=basic("alice", "pear")) as reply:
                    assert reply.status == 401
                srv.auth.backoff.succeeded("alice", "127.0.0.1")  # no wait for the right one
                async with browser.get(page, headers=basic("alice", "apple")) as ok:
                    assert ok.status == 200 and "mj-login" in ok.cookies

    run(scenario())


def test_links_of_a_wildcard_address_name_the_machine(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(config(tmp_path, web_port=0, web_host="0.0.0.0"),
                           sessions=False) as srv:
            assert srv.web.public_url == f"http://{socket.getfqdn()}:{srv.web.port}"
        cfg = config(tmp_path, web_port=0, web_url="https://games.example/maharaja/")
        async with running(cfg, sessions=False) as srv:
            _, url = await table_with_link(srv)
            assert url.startswith("https://games.example/maharaja/join/")

    run(scenario())


def test_plain_http_beyond_loopback_warns() -> None:
    assert warning_for("127.0.0.1", None) is None
    assert "plain HTTP on 0.0.0.0" in str(warning_for("0.0.0.0", None))
    assert warning_for("0.0.0.0", "https://games.example/") is None  # behind HTTPS
    args = parser().parse_args(["--public", "--web", "8080"])
    cfg = config_from(args)
    assert (cfg.web_port, cfg.web_host) == (8080, "0.0.0.0")
    assert config_from(parser().parse_args([])).web_port is None


def test_table_ids_are_never_reused(tmp_path: Path) -> None:
    """Ids were max(tables) + 1: alice's old link for closed table 1 seated its holder at
    bob's new table 1. They are a sequence in the records now, across restarts too."""
    from fake_ruleset import RULESET

    from maharaja_server.transport.records import Records
    from maharaja_server.transport.tables import TableService

    records = Records(tmp_path / "server.db")
    svc = TableService(tmp_path / "tables", {RULESET.id: RULESET}, records=records)
    first = svc.create(ALICE, RULESET.id, [SeatSpec(), SeatSpec()], b"{}", True, "").id
    svc.close(ALICE, first)
    assert svc.create(ALICE, RULESET.id, [SeatSpec(), SeatSpec()], b"{}", True, "").id == 2
    svc.close(ALICE, 2)
    records.close()
    records = Records(tmp_path / "server.db")
    again = TableService(tmp_path / "tables", {RULESET.id: RULESET}, records=records)
    again.load_all()
    assert again.tables == {}
    assert again.create(ALICE, RULESET.id, [SeatSpec(), SeatSpec()], b"{}", True, "").id == 3
    records.close()


def test_a_closed_table_s_links_die_with_it(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(config(tmp_path, web_port=0), sessions=False) as srv:
            table, url = await table_with_link(srv)
            srv.service.close(ALICE, table)
            bob = Identity("bob", "password")
            srv.service.create(bob, "test-secrets", [SeatSpec(), SeatSpec()], b"{}", True, "")
            async with browser_session() as stranger:
                async with stranger.get(url) as page:
                    assert page.status == 403 and "not known" in await page.text()
            assert len(srv.web.links) == 0

    run(scenario())


def test_links_of_tables_gone_while_the_server_was_down_die_at_start(tmp_path: Path) -> None:
    book = LinkBook(tmp_path / "links.json")
    token = book.issue(5, 1)

    async def scenario() -> None:
        async with running(config(tmp_path, web_port=0), sessions=False) as srv:
            assert 5 not in srv.service.tables
            with pytest.raises(LinkRefused, match="not known"):
                srv.web.links.page(token, None)

    run(scenario())


def test_an_unopened_link_expires_an_opened_one_lives_with_its_table(tmp_path: Path) -> None:
    clock = [1_000_000.0]
    book = LinkBook(tmp_path / "links.json", expiry=86400.0, now=lambda: clock[0])
    unopened, opened = book.issue(1, 0), book.issue(1, 1)
    book.enter(opened, "cookie")
    clock[0] += 86401
    with pytest.raises(LinkRefused, match="expired"):
        book.page(unopened, None)
    assert book.enter(opened, "cookie")[1].seat == 1
    book.issue(2, 0)  # issuing sweeps the expired ones out
    assert len(book) == 2


def test_the_link_book_cannot_fill(tmp_path: Path) -> None:
    """Past 10,000 links every new one was refused, for everyone: a table keeps its last
    links that seat nobody, so the book holds at most PER_TABLE a table."""
    from maharaja_server.transport.links import PER_TABLE

    book = LinkBook(tmp_path / "links.json")
    seated = book.issue(1, 0)
    owners = {book.enter(seated, "alice's browser")[0].owner}  # she sits at seat 1
    for _ in range(3 * PER_TABLE):
        for seat in range(1, 6):
            book.issue(1, seat, owners)
    assert len(book) <= PER_TABLE + 1
    assert book.enter(seated, "alice's browser")[1].seat == 0  # her seat's link stays
    assert book.issue(2, 0)  # never refused


def test_the_join_links_and_their_note_fit_an_80_column_terminal(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(config(tmp_path, web_port=0)) as srv:
            alice = await connect(srv.port, "alice", command="new test-secrets 3", size=(80, 24))
            await alice.wait_for(r"The game starts once every seat is taken")
            await alice.press("l")
            await alice.wait_screen(r"seat 3: http://127\.0\.0\.1:\d+/join/[\w-]+")
            # Every word of the note is on screen: none cut at the frame's edge.
            screen = await alice.wait_screen(r"no other browser can use it\.")
            text = " ".join(" ".join(screen.string.split("\n")).replace("█", " ").split())
            assert ("Send each player their seat's link. The first browser to open a link "
                    "sits there, and gets the seat back with the same link; no other "
                    "browser can use it.") in text
            await alice.close()

    run(scenario())
