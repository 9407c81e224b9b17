"""``maharaja serve --web PORT``: the same tables on a web page, through textual-serve.

Each browser session runs the same session app the SSH server runs (the Textual UI,
here on Textual's web driver instead of a pty), forked by the session worker as an SSH
session is (websession.py), and talks to the same hub socket with a one-use token for
its own identity, so its seat's secrets and nobody else's reach the page. Who a
browser is: a join link's seat (links.py), or with ``--password-file`` a name and
password (HTTP Basic), the same identity as over SSH. textual-serve gives the page, its
script and its styles (its template and static files, where its own server finds them);
the server, its routes and the sessions are ours.
"""

from __future__ import annotations

import asyncio
import base64
import html
import json
import logging
import secrets
import socket
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import aiohttp_jinja2
import jinja2
from aiohttp import WSMsgType, web
from textual_serve.server import Server, to_int

from engine.core.errors import IllegalIntent
from maharaja_server.transport.auth import Authenticator
from maharaja_server.transport.limits import (
    SessionCounter,
    StartGate,
    TokenBucket,
    WindowChanges,
    sessions,
)
from maharaja_server.transport.links import LinkBook, LinkRefused, digest
from maharaja_server.transport.protocol import SeatLink
from maharaja_server.transport.spawn import SessionProcess, Zygote
from maharaja_server.transport.tables import Identity, TableService
from maharaja_server.transport.webguard import Doors, budget, raise_descriptor_limit
from maharaja_server.transport.websession import ENV, WebSession

log = logging.getLogger("maharaja_server.transport.web")

KEEPALIVE = 15.0  # seconds an idle keep-alive connection stays open (aiohttp's: 75)
LOGIN_COOKIE = "mj-login"
MAX_LOGINS = 10_000  # remembered browser logins; the oldest are forgotten beyond
NO_PASSWORD = ("This server's web page admits players by join link only: ask a player at "
               "a table for one (in the lobby, key l).")

@dataclass(frozen=True)
class Limits:
    """The SSH sessions' limits, for browser sessions too."""

    idle_timeout: float
    input_rate: float
    input_burst: float
    per_browser: int = 1_000_000  # sessions one browser login (or link) may have open
    window_changes: Callable[[Callable[[int, int], None]], WindowChanges] = WindowChanges


def page_files() -> tuple[Path, Path]:
    """textual-serve's page: the folders of its templates and of its static files (the
    terminal in the browser, its script and styles), as its own server is given them."""
    page = Server("maharaja")
    return Path(page.templates_path), Path(page.statics_path)


class WebFront:
    """The web page: index and websocket for password logins and for join links."""

    def __init__(self, *, host: str, port: int, public_url: str | None, auth: Authenticator,
                 links: LinkBook, counter: SessionCounter,
                 issue_token: Callable[[Identity], str], revoke_token: Callable[[str], None],
                 child_env: Callable[[], dict[str, str]], limits: Limits,
                 gate: StartGate, zygote: Callable[[], Zygote | None] = lambda: None,
                 doors: Doors | None = None) -> None:
        self.host = host
        self.port = port
        self.templates_path, self.statics_path = page_files()
        self.wanted_url = public_url
        self.public_url = ""  # once started: the address links name
        self.auth = auth
        self.links = links
        self.counter = counter
        self.issue_token = issue_token
        self.revoke_token = revoke_token
        self.child_env = child_env
        self.limits = limits
        self.gate = gate
        self.zygote = zygote  # the session worker, once the server has started it
        self._logins: dict[str, Identity] = {}  # digest of a login cookie -> who
        self._browsers: dict[str, int] = {}  # digest of a browser's cookie -> its sessions
        self._runner: web.AppRunner | None = None
        self._listener: asyncio.Server | None = None
        # Every TCP connection, before aiohttp reads it: header timeout, caps.
        self.doors = doors or Doors(per_address=16, total=256)
        self.sessions: set[WebSession] = set()
        # The finished games (online.py): their list and files, set by web_front.
        self.download: Callable[[str], bytes] | None = None
        self.finished: Callable[[], list[Any]] | None = None

    # ------------------------------------------------------------ lifecycle
    async def start(self) -> None:
        app = self.make_app()
        # An idle keep-alive connection holds a door; a page's next request comes soon.
        # A request whose client has gone is cancelled: a password guess waiting out its
        # delay (backoff.py) must not wait on for nobody (each left a waiting handler).
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None,
                                     keepalive_timeout=KEEPALIVE, handler_cancellation=True)
        await self._runner.setup()
        # aiohttp's low-level server (a protocol factory) behind our door (webguard.py).
        handlers = self._runner.server
        assert handlers is not None  # made by setup()
        self._listener = await asyncio.get_running_loop().create_server(
            self.doors.factory(handlers), self.host, self.port,
            reuse_address=True)
        # The port bound (port 0: any free one).
        self.port = self._listener.sockets[0].getsockname()[1]
        # Links must name this machine as others reach it: a wildcard address names
        # no machine, so its host name stands in (--web-url gives the exact address).
        host = socket.getfqdn() if self.host in ("0.0.0.0", "::", "") else self.host
        host = f"[{host}]" if ":" in host else host
        self.public_url = (self.wanted_url or f"http://{host}:{self.port}").rstrip("/")

    async def close(self) -> None:
        if self._listener is not None:
            self._listener.close()
        for session in list(self.sessions):
            await session.stop()
        if self._runner is not None:
            await self._runner.cleanup()
        if self._listener is not None:
            await self._listener.wait_closed()

    def link_url(self, token: str) -> str:
        return f"{self.public_url}/join/{token}"

    def make_app(self) -> web.Application:
        app = web.Application(client_max_size=64 * 1024)
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        app.add_routes([
            web.get("/", self.index),
            web.get("/join/{token}", self.index),
            web.get("/ws", self.websocket),
            web.get("/ws/join/{token}", self.websocket),
            web.get("/games", self.games),
            web.get(r"/games/{game:\d{1,9}}.{kind:json|txt}", self.game_file),
            web.static("/static", self.statics_path, name="static"),
        ])
        return app

    # ------------------------------------------------------------ who is it
    async def _login(self, request: web.Request) -> Identity:
        """A name and password (HTTP Basic), checked as the SSH server checks them."""
        if self.auth.password is None and not self.auth.user_passwords:
            raise web.HTTPForbidden(text=NO_PASSWORD)
        name, password = "", ""
        header = request.headers.get("Authorization", "")
        if header.startswith("Basic "):
            try:
                name, _, password = base64.b64decode(header[6:]).decode().partition(":")
            except (ValueError, UnicodeDecodeError):
                name = ""
        if name:
            # After this name's earlier guesses from this address, and their delay.
            address = request.remote or ""
            who = await self.auth.password_login(name, password, address)
            if who is not None:
                return replace(who, address=address)
        raise web.HTTPUnauthorized(
            text="Log in with your player name and the server's password.",
            headers={"WWW-Authenticate": 'Basic realm="Maharaja", charset="UTF-8"'})

    def _remember(self, who: Identity) -> str:
        if len(self._logins) >= MAX_LOGINS:
            self._logins.pop(next(iter(self._logins)))
        cookie = secrets.token_urlsafe(18)
        self._logins[digest(cookie)] = who
        return cookie

    @staticmethod
    def _same_origin(request: web.Request) -> None:
        """A page of another site may not drive a session with this browser's cookies."""
        origin = request.headers.get("Origin")
        if origin is not None and urlsplit(origin).netloc != request.host:
            raise web.HTTPForbidden(text="cross-site request refused")

    # ------------------------------------------------------------ handlers
    async def index(self, request: web.Request) -> web.StreamResponse:
        token = request.match_info.get("token")
        cookies: dict[str, str] = {}
        if token is None:
            who = await self._login(request)
            cookies[LOGIN_COOKIE] = self._remember(who)
            ws_path = "/ws"
        else:
            name = LinkBook.cookie_name(token)
            try:
                fresh = self.links.page(token, request.cookies.get(name))
            except LinkRefused as exc:
                raise web.HTTPForbidden(text=str(exc)) from None
            if fresh is not None:
                cookies[name] = fresh
            ws_path = f"/ws/join/{token}"
        ws_base = "wss" if self.public_url.startswith("https") else "ws"
        context = {
            "font_size": to_int(request.query.get("fontsize", "16"), 16),
            "app_websocket_url": f"{ws_base}:{self.public_url.split(':', 1)[1]}{ws_path}",
            "config": {"static": {"url": f"{self.public_url}/static/"}},
            "application": {"name": "Maharaja"},
        }
        response = aiohttp_jinja2.render_template("app_index.html", request, context)
        secure = self.public_url.startswith("https")
        for key, value in cookies.items():
            response.set_cookie(key, value, httponly=True, samesite="Strict", secure=secure,
                                max_age=None if key == LOGIN_COOKIE else 365 * 86400)
        response.headers["Cache-Control"] = "no-store"
        response.headers["Referrer-Policy"] = "no-referrer"  # the link is in the URL
        return response

    async def games(self, request: web.Request) -> web.StreamResponse:
        """The finished games, each with its save file and its record to download (a
        finished game has no secret left)."""
        if self.finished is None:
            raise web.HTTPNotFound()
        rows = "".join(
            f"<li>{g.id}: {html.escape(g.title)} ({html.escape(g.ruleset)}) · "
            f"{html.escape(', '.join(g.players))} · "
            f'<a href="/games/{g.id}.json">save</a> · <a href="/games/{g.id}.txt">record</a>'
            "</li>" for g in self.finished())
        return web.Response(text=f"<!doctype html><title>Finished games</title>"
                                 f"<h1>Finished games</h1><ul>{rows}</ul>",
                            content_type="text/html")

    async def game_file(self, request: web.Request) -> web.StreamResponse:
        if self.download is None:
            raise web.HTTPNotFound()
        game, kind = request.match_info["game"], request.match_info["kind"]
        try:
            data = self.download(f"{'save' if kind == 'json' else 'record'} {game}")
        except IllegalIntent as exc:
            raise web.HTTPNotFound(text=str(exc)) from None
        return web.Response(body=data, content_type="application/json" if kind == "json"
                            else "text/plain", charset="utf-8", headers={
                                "Content-Disposition":
                                    f'attachment; filename="maharaja-game-{game}.{kind}"'})

    def _who(self, request: web.Request) -> tuple[Identity, str, str]:
        """The websocket's identity, the command its session starts with, and its
        browser (the digest of the cookie that proves who it is)."""
        self._same_origin(request)
        token = request.match_info.get("token")
        address = request.remote or ""
        if token is None:
            # Looked up by digest: the lookup's timing says nothing of the cookie.
            browser = digest(request.cookies.get(LOGIN_COOKIE, ""))
            who = self._logins.get(browser)
            if who is None:
                raise web.HTTPForbidden(text="log in on the page first")
            return replace(who, address=address), "", browser
        cookie = request.cookies.get(LinkBook.cookie_name(token))
        try:
            who, link = self.links.enter(token, cookie)
        except LinkRefused as exc:
            raise web.HTTPForbidden(text=str(exc)) from None
        return (replace(who, address=address), f"join {link.table} {link.seat + 1}",
                digest(cookie or ""))

    def _admit(self, who: Identity, browser: str) -> None:
        """Count the session against its browser's, player's, address's and the server's
        caps (one browser login opened 30 websockets, each a session); HTTP 429 when a
        cap is reached, 503 when the server is full."""
        if self._browsers.get(browser, 0) >= self.limits.per_browser:
            raise web.HTTPTooManyRequests(
                text=f"This browser has {sessions(self.limits.per_browser)} open, as many "
                     "as one may; close one first.")
        refused = self.counter.refusal(who.name, who.address)
        if refused is not None:
            full = self.counter.active >= self.counter.limit
            raise (web.HTTPServiceUnavailable if full else web.HTTPTooManyRequests)(
                text=refused)
        self._browsers[browser] = self._browsers.get(browser, 0) + 1

    def _let_go(self, who: Identity, browser: str) -> None:
        self.counter.release(who.name, who.address)
        left = self._browsers.get(browser, 0) - 1
        if left > 0:
            self._browsers[browser] = left
        else:
            self._browsers.pop(browser, None)

    async def websocket(self, request: web.Request) -> web.StreamResponse:
        who, command, browser = self._who(request)
        self._admit(who, browser)
        token = self.issue_token(who)
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=64 * 1024)
        env = self.child_env() | ENV | {
            "COLUMNS": str(bounded(request.query.get("width"), 80, 10, 1000)),
            "ROWS": str(bounded(request.query.get("height"), 24, 5, 500))}
        session: WebSession | None = None
        drawing: Callable[[], None] | None = None
        try:
            drawing = await self.gate.enter()  # the SSH sessions' gate: four start at once
            await websocket.prepare(request)
            self.doors.upgraded(request.transport)  # frames now, not a request's headers
            session = WebSession(websocket, drawing)
            self.sessions.add(session)
            await session.start(lambda fd: self._spawn(fd, env, token, command))
            assert session.child is not None
            log.info("web session started for %s (pid %d)", who.name, session.child.pid)
            await self._run(websocket, session, who.address)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception:
            log.exception("web session of %s failed", who.name)
        finally:
            if drawing is not None:
                drawing()
            if session is not None:
                self.sessions.discard(session)
                await session.stop()
            self.revoke_token(token)
            self._let_go(who, browser)
            log.info("web session ended for %s", who.name)
        if not websocket.closed:
            await websocket.close()
        return websocket

    async def _spawn(self, fd: int, env: dict[str, str], token: str,
                     command: str) -> SessionProcess:
        """Forked by the session worker, in a process of its own; a fresh interpreter
        only when the worker is down."""
        zygote = self.zygote()
        if zygote is not None and zygote.alive:
            try:
                return await zygote.spawn(fd, env, token, command, web=True)
            except OSError as exc:
                log.warning("session worker unavailable (%s); starting a fresh interpreter",
                            exc)
        return await asyncio.create_subprocess_exec(
            sys.executable, "-m", "maharaja_server.session_ui.session",
            stdin=fd, stdout=fd, stderr=asyncio.subprocess.DEVNULL,
            env=env | {"MAHARAJA_TOKEN": token, "MAHARAJA_COMMAND": command},
            cwd=env.get("MAHARAJA_RUN"), start_new_session=True)

    async def _run(self, websocket: web.WebSocketResponse, session: WebSession,
                   address: str) -> None:
        """Until the session ends or the browser goes: its frames out, the browser's
        messages in."""
        tasks = {asyncio.create_task(session.pump_out()),
                 asyncio.create_task(self._browser_messages(websocket, session, address))}
        try:
            done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            for task in done:
                if task.exception() is not None:
                    log.warning("web session: %r", task.exception())
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

    async def _browser_messages(self, websocket: web.WebSocketResponse,
                                session: WebSession, address: str = "") -> None:
        """The browser's keys (capped like an SSH session's input), window sizes (as an
        SSH session's) and pings; anything else is dropped. Idle as long as
        --idle-timeout: the session ends. A flood of window sizes ends it too."""
        bucket = TokenBucket(self.limits.input_rate, self.limits.input_burst)
        sizes = self.limits.window_changes(session.resize)
        last_input = time.monotonic()
        try:
            while True:
                left = self.limits.idle_timeout - (time.monotonic() - last_input)
                try:
                    message = await websocket.receive(timeout=max(left, 0.001))
                except TimeoutError:
                    log.info("web session closed: idle")
                    return
                if message.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED,
                                    WSMsgType.ERROR):
                    return
                if message.type != WSMsgType.TEXT:
                    continue
                try:
                    kind, data = json.loads(message.data)[:2]
                    if kind == "stdin":
                        last_input = time.monotonic()
                        if allowed := whole_characters(bucket.take(str(data).encode())):
                            session.send_keys(allowed)
                    elif kind == "resize":
                        if not sizes.changed(max(10, min(int(data["width"]), 1000)),
                                             max(5, min(int(data["height"]), 500))):
                            log.warning("web session closed: a flood of window changes")
                            self.counter.penalise(address)  # no coming straight back
                            return
                    elif kind == "ping":
                        await websocket.send_json(["pong", data])
                except (ValueError, TypeError, KeyError):
                    continue
        finally:
            sizes.close()


def whole_characters(data: bytes) -> bytes:
    """``data`` without a UTF-8 character cut at its end (the input cap cuts bytes):
    the web driver decodes strictly, and a cut character stopped its input for good."""
    return data.decode("utf-8", "ignore").encode()


def bounded(value: str | None, default: int, low: int, high: int) -> int:
    return max(low, min(to_int(value or "", default), high))


def web_front(server: Any) -> WebFront:
    """The GameServer's web page, its join links offered through the hub."""
    cfg = server.config
    # With several server processes, their links are the shared store's (cluster.py).
    shared = server.cluster.store if server.cluster is not None else None
    links = LinkBook(cfg.data_dir / "links.json", shared=shared)
    if server.cluster is not None:
        server.cluster.links = links
    front = WebFront(host=cfg.web_host, port=cfg.web_port, public_url=cfg.web_url,
                     auth=server.auth, links=links,
                     counter=server.counter, issue_token=server.hub.issue_token,
                     revoke_token=server.hub.revoke_token, child_env=server._child_env,
                     limits=Limits(cfg.idle_timeout, cfg.input_rate, cfg.input_burst,
                                   cfg.sessions_per_browser, server.window_changes),
                     gate=server.sessions.gate, zygote=lambda: server.sessions.zygote,
                     doors=Doors(cfg.web_connections_per_address,
                                 budget(raise_descriptor_limit(), cfg.max_connections,
                                        cfg.max_sessions, cfg.web_connections),
                                 cfg.web_header_timeout))
    server.hub.web_links = lambda who, table: invite(server.service, front, who, table)
    front.download = server.online.download
    front.finished = server.online.history.games
    server.service.on_remove.append(front.links.forget_table)  # links die with their table
    return front


def invite(service: TableService, front: WebFront, who: Identity,
           table_id: int) -> list[SeatLink]:
    """A new join link for each free human seat; only a player at the table invites."""
    table = service.get(table_id)
    if table.seat_of(who) is None:
        raise IllegalIntent("SRV-INVITE", "only a player at this table can hand out its "
                                          "seats' links")
    seated = {slot.owner for slot in table.meta.slots if slot.owner}
    return [SeatLink(seat, front.link_url(front.links.issue(table_id, seat, seated)))
            for seat, slot in enumerate(table.meta.slots)
            if slot.kind == "human" and slot.owner is None]
