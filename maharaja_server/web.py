"""``maharaja serve --web PORT``: the same tables on a web page, through textual-serve.

Each browser session runs the same session child the SSH server runs (the Textual UI,
here on textual-serve's web driver instead of a pty) and talks to the same hub socket
with a one-use token for its own identity, so its seat's secrets and nobody else's
reach the page. Who a browser is: a join link's seat (links.py), or with
``--password-file`` a name and password (HTTP Basic), the same identity as over SSH.
"""

from __future__ import annotations

import asyncio
import base64
import json
import logging
import os
import secrets
import signal
import socket
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any
from urllib.parse import urlsplit

import aiohttp_jinja2
import jinja2
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager
from textual_serve.server import Server, to_int

from engine.core.errors import IllegalIntent
from maharaja_server.auth import Authenticator
from maharaja_server.limits import SessionCounter, StartGate, TokenBucket
from maharaja_server.links import LinkBook, LinkRefused, digest
from maharaja_server.protocol import SeatLink
from maharaja_server.tables import Identity, TableService

log = logging.getLogger("maharaja_server.web")

LOOPBACK = ("127.0.0.1", "localhost", "::1")
LOGIN_COOKIE = "mj-login"
MAX_LOGINS = 10_000  # remembered browser logins; the oldest are forgotten beyond
NO_PASSWORD = ("This server's web page admits players by join link only: ask a player at "
               "a table for one (in the lobby, key l).")
HTTP_WARNING = ("warning: the web page is plain HTTP on {host}: passwords and join links "
                "cross the network readable; serve it behind an HTTPS proxy "
                "(and give its address with --web-url)")


@dataclass(frozen=True)
class Limits:
    """The SSH sessions' limits, for browser sessions too."""

    idle_timeout: float
    input_rate: float
    input_burst: float


class SessionService(AppService):
    """textual-serve's app process, as our session child: our environment (not the
    server's), started in the run folder, in its own process group; no file downloads
    (a session never hands the host's files out)."""

    def __init__(self, env: dict[str, str], drawing: Callable[[], None],
                 **kwargs: Any) -> None:
        super().__init__("maharaja_server.session", **kwargs)
        self.env = env
        self.drawing = drawing  # frees the start gate's slot at the first frame

    async def on_data(self, payload: bytes) -> None:
        self.drawing()
        await super().on_data(payload)

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        env = dict(self.env)
        env.update(TEXTUAL_DRIVER="textual.drivers.web_driver:WebDriver",
                   TEXTUAL_FPS="60", TEXTUAL_COLOR_SYSTEM="truecolor",
                   TERM_PROGRAM="textual", COLUMNS=str(width), ROWS=str(height))
        return env

    async def _open_app_process(self, width: int = 80, height: int = 24
                                ) -> asyncio.subprocess.Process:
        env = self._build_environment(width, height)
        self._process = process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "maharaja_server.session",
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, env=env, cwd=env.get("MAHARAJA_RUN"),
            start_new_session=True)
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    async def on_meta(self, data: bytes) -> None:
        if json.loads(data).get("type") == "deliver_file_start":
            return
        await super().on_meta(data)


class WebFront(Server):
    """The web page: index and websocket for password logins and for join links."""

    def __init__(self, *, host: str, port: int, public_url: str | None, auth: Authenticator,
                 links: LinkBook, counter: SessionCounter,
                 issue_token: Callable[[Identity], str], revoke_token: Callable[[str], None],
                 child_env: Callable[[], dict[str, str]], limits: Limits,
                 gate: StartGate) -> None:
        super().__init__("maharaja", host=host, port=port, title="Maharaja")
        self.wanted_url = public_url
        self.auth = auth
        self.links = links
        self.counter = counter
        self.issue_token = issue_token
        self.revoke_token = revoke_token
        self.child_env = child_env
        self.limits = limits
        self.gate = gate
        self._logins: dict[str, Identity] = {}  # digest of a login cookie -> who
        self._runner: web.AppRunner | None = None
        self.sessions: set[SessionService] = set()

    # ------------------------------------------------------------ lifecycle
    async def start(self) -> None:
        app = await self._make_app()
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        self.port = self._runner.addresses[0][1]  # the port bound (port 0: any free one)
        # Links must name this machine as others reach it: a wildcard address names
        # no machine, so its host name stands in (--web-url gives the exact address).
        host = socket.getfqdn() if self.host in ("0.0.0.0", "::", "") else self.host
        host = f"[{host}]" if ":" in host else host
        self.public_url = (self.wanted_url or f"http://{host}:{self.port}").rstrip("/")

    async def close(self) -> None:
        for service in list(self.sessions):
            await stop(service)
        if self._runner is not None:
            await self._runner.cleanup()

    def link_url(self, token: str) -> str:
        return f"{self.public_url}/join/{token}"

    async def _make_app(self) -> web.Application:
        app = web.Application(client_max_size=64 * 1024)
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        app.add_routes([
            web.get("/", self.index),
            web.get("/join/{token}", self.index),
            web.get("/ws", self.websocket),
            web.get("/ws/join/{token}", self.websocket),
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

    def _who(self, request: web.Request) -> tuple[Identity, str]:
        """The websocket's identity and the command its session starts with."""
        self._same_origin(request)
        token = request.match_info.get("token")
        if token is None:
            # Looked up by digest: the lookup's timing says nothing of the cookie.
            who = self._logins.get(digest(request.cookies.get(LOGIN_COOKIE, "")))
            if who is None:
                raise web.HTTPForbidden(text="log in on the page first")
            return replace(who, address=request.remote or ""), ""
        try:
            who, link = self.links.enter(token, request.cookies.get(LinkBook.cookie_name(token)))
        except LinkRefused as exc:
            raise web.HTTPForbidden(text=str(exc)) from None
        return replace(who, address=request.remote or ""), f"join {link.table} {link.seat + 1}"

    async def websocket(self, request: web.Request) -> web.StreamResponse:
        who, command = self._who(request)
        if not self.counter.acquire():
            raise web.HTTPServiceUnavailable(text="the server is full right now")
        token = self.issue_token(who)
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=64 * 1024)
        env = self.child_env()
        env.update(MAHARAJA_TOKEN=token, MAHARAJA_COMMAND=command, TERM="xterm-256color",
                   COLORTERM="truecolor")
        service: SessionService | None = None
        drawing: Callable[[], None] | None = None
        try:
            drawing = await self.gate.enter()  # the SSH sessions' gate: two start at once
            await websocket.prepare(request)
            service = SessionService(env, drawing, write_bytes=websocket.send_bytes,
                                     write_str=websocket.send_str, close=websocket.close,
                                     download_manager=DownloadManager())
            self.sessions.add(service)
            log.info("web session started for %s", who.name)
            await service.start(to_int(request.query.get("width", "80"), 80),
                                to_int(request.query.get("height", "24"), 24))
            await self._process_messages(websocket, service)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception:
            log.exception("web session of %s failed", who.name)
        finally:
            if drawing is not None:
                drawing()
            if service is not None:
                self.sessions.discard(service)
                await stop(service)
            self.revoke_token(token)
            self.counter.release()
            log.info("web session ended for %s", who.name)
        return websocket

    async def _process_messages(self, websocket: web.WebSocketResponse,
                                app_service: AppService) -> None:
        """The browser's keys (capped like an SSH session's input), resizes and pings;
        anything else is dropped. Idle as long as --idle-timeout: the session ends."""
        bucket = TokenBucket(self.limits.input_rate, self.limits.input_burst)
        last_input = time.monotonic()
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
                    if allowed := bucket.take(str(data).encode()):
                        await app_service.send_bytes(allowed)
                elif kind == "resize":
                    await app_service.set_terminal_size(
                        max(10, min(int(data["width"]), 1000)),
                        max(5, min(int(data["height"]), 500)))
                elif kind == "ping":
                    await websocket.send_json(["pong", data])
            except (ValueError, TypeError, KeyError):
                continue


async def stop(service: SessionService) -> None:
    """Ask the session to quit; one that does not within seconds is killed."""
    try:
        await asyncio.wait_for(service.stop(), 5.0)
    except TimeoutError:
        pass
    process = service._process
    if process is not None and process.returncode is None:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def warning_for(host: str, public_url: str | None) -> str | None:
    """The warning for a page others can reach over plain HTTP (None: no need)."""
    if host in LOOPBACK or (public_url or "").startswith("https://"):
        return None
    return HTTP_WARNING.format(host=host)


def web_front(server: Any) -> WebFront:
    """The GameServer's web page, its join links offered through the hub."""
    cfg = server.config
    front = WebFront(host=cfg.web_host, port=cfg.web_port, public_url=cfg.web_url,
                     auth=server.auth, links=LinkBook(cfg.data_dir / "links.json"),
                     counter=server.counter, issue_token=server.hub.issue_token,
                     revoke_token=server.hub.revoke_token, child_env=server._child_env,
                     limits=Limits(cfg.idle_timeout, cfg.input_rate, cfg.input_burst),
                     gate=server.sessions.gate)
    server.hub.web_links = lambda who, table: invite(server.service, front, who, table)
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
