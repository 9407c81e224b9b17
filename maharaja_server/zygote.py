"""The session worker: imports the session UI once, then forks a child per session.

A fresh interpreter per session spent about half a second importing Textual, the
engine and the games, and kept its own copy of all that code (about 30 MB). The
zygote imports it once, freezes it out of the garbage collector's reach
(``gc.freeze()``, so collections in the children do not touch and copy those pages)
and forks; each child shares the code copy-on-write.

The zygote never holds a game: it is a separate process started before any table is
loaded, and a child learns about games only over the hub socket, for its own seat.
Each child is as isolated as a fresh interpreter was: its own session (``setsid``)
with the pty as controlling terminal, its address space capped, its crash logged.

Protocol on the control socket (SOCK_SEQPACKET, one JSON object per message):
server -> zygote ``{"env": {...}, "token": ..., "command": ...}`` with the pty's
slave end passed as SCM_RIGHTS; zygote -> server ``{"pid": N}`` in the same order,
and ``{"exit": N, "code": C}`` when a child ends (C negative: killed by signal -C).
The socket's descriptor number comes in MAHARAJA_ZYGOTE_FD.
"""

from __future__ import annotations

import array
import gc
import json
import logging
import os
import random
import select
import signal
import socket
import sys
import threading
import traceback
from typing import Any

MAX_MESSAGE = 64 * 1024


def warm(specs: list[str]) -> dict[str, Any]:
    """Import everything a session needs before its first frame (and the games' screens)."""
    from maharaja_server import lobby, screens  # noqa: F401 - imported for the children
    from maharaja_server.config import load_rulesets

    rulesets = load_rulesets(specs)
    try:
        import maharaja_tui.screens.game  # noqa: F401 - game_screen_for imports it lazily
        from maharaja_tui.games import adapter_class
    except ImportError:
        return rulesets
    for ruleset_id in rulesets:
        try:  # each game's screen adapter, where the UI has one
            adapter_class(ruleset_id)
        except Exception:  # noqa: BLE001 - a game without an adapter plays on the plain screen
            pass
    return rulesets


MAX_SHARED_CSS = 512


def share_css_parses() -> None:
    """Parsed CSS kept process-wide, so the rehearsal's parses serve every child.

    Textual caches parses per stylesheet (per app) and treats the parsed rules as
    read-only (its own cache hands the same lists out again); a session is a new app,
    so without this each one parsed every widget's CSS again, a third of its start.
    The key holds everything the parse reads, the theme's variables included."""
    try:
        from textual.css.stylesheet import Stylesheet
    except ImportError:
        return
    parse = getattr(Stylesheet, "_parse_rules", None)
    if parse is None or getattr(parse, "shared", False):
        return
    shared: dict[tuple[Any, ...], Any] = {}

    def _parse_rules(self: Any, css: str, read_from: Any, is_default_rules: bool = False,
                     tie_breaker: int = 0, scope: str = "") -> Any:
        key = (css, read_from, is_default_rules, tie_breaker, scope,
               tuple(sorted(self._variables.items())))
        rules = shared.get(key)
        if rules is None:
            rules = parse(self, css, read_from, is_default_rules, tie_breaker, scope)
            if len(shared) < MAX_SHARED_CSS:
                shared[key] = rules
        return rules

    _parse_rules.shared = True  # type: ignore[attr-defined]
    Stylesheet._parse_rules = _parse_rules  # type: ignore[method-assign]


class _Rehearsal:
    """Enough of a hub connection for the lobby to draw once, with no server."""

    user = "rehearsal"
    closed = False

    def __init__(self, rulesets: dict[str, Any]) -> None:
        from maharaja_server.protocol import RulesetInfo

        self.rulesets = [RulesetInfo(r.id, r.name, r.min_seats, r.max_seats)
                         for r in rulesets.values()]
        self.dispatch: Any = None
        self.on_lobby_change: list[Any] = []
        self.on_table_change: list[Any] = []
        self.on_disconnect: list[Any] = []
        self.pushed_tables = None

    def tables(self) -> list[Any]:
        return []


def rehearse(rulesets: dict[str, Any]) -> None:
    """Draw the lobby once, headless, so what Textual imports and caches on the way to a
    first frame is done here once instead of in every session."""
    import asyncio

    from maharaja_server.lobby import SessionApp

    async def run() -> None:
        app = SessionApp(_Rehearsal(rulesets), rulesets)  # type: ignore[arg-type]
        # Tooltips and notifications on, as in a session: their widgets' CSS is parsed too.
        async with app.run_test(size=(80, 24), tooltips=True, notifications=True) as pilot:
            await pilot.pause()

    try:
        asyncio.run(run())
    except Exception:  # noqa: BLE001 - only a head start: sessions work without it
        logging.getLogger("maharaja_server.zygote").warning(
            "lobby rehearsal failed", exc_info=True)


def exit_code(status: int) -> int:
    """What asyncio's returncode says for a wait status: the code, or -signal."""
    return os.waitstatus_to_exitcode(status)


def run_child(request: dict[str, Any], slave: int, rulesets: dict[str, Any]) -> int:
    """In the forked child: become the session on the pty, then run its UI."""
    signal.set_wakeup_fd(-1)
    for sig in (signal.SIGCHLD, signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, signal.SIG_DFL)
    os.setsid()
    for fd in (0, 1, 2):
        os.dup2(slave, fd)
    if slave > 2:
        os.close(slave)
    random.seed()  # not the zygote's sequence, shared by every child
    os.environ.clear()
    os.environ.update(request["env"])
    run = os.environ.get("MAHARAJA_RUN")
    if run:
        os.chdir(run)
    from maharaja_server import session

    return session.main(token=request.get("token", ""), command=request.get("command", ""),
                        rulesets=rulesets)


def child(request: dict[str, Any], slave: int, rulesets: dict[str, Any]) -> None:
    """Never returns: a forked child must not fall back into the zygote's loop."""
    code = 1
    try:
        # First of all: whatever fails from here is logged to the sessions log, never
        # printed on the player's terminal (the pty is about to be our stderr).
        log_path = request.get("env", {}).get("MAHARAJA_LOG")
        settings: dict[str, Any] = ({"filename": log_path} if log_path
                                    else {"handlers": [logging.NullHandler()]})
        logging.basicConfig(level=logging.WARNING,
                            format="%(asctime)s %(process)d %(name)s %(message)s", **settings)
        code = run_child(request, slave, rulesets)
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    except BaseException as exc:  # noqa: BLE001 - one line to the player, the rest to the log
        try:
            logging.getLogger("maharaja_server.session").error(
                "session failed to start:\n%s",
                "".join(traceback.format_exception(exc)).rstrip())
            os.write(2, b"The session could not start; the server has logged why.\r\n")
        except BaseException:  # noqa: BLE001 - nothing may stop the exit below
            pass
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        except BaseException:  # noqa: BLE001 - the terminal may be gone
            pass
        os._exit(code)


def serve(control: socket.socket, rulesets: dict[str, Any]) -> None:
    wake_r, wake_w = os.pipe()
    os.set_blocking(wake_w, False)
    signal.set_wakeup_fd(wake_w)
    signal.signal(signal.SIGCHLD, lambda *_: None)  # a handler, so the wakeup fd is written
    live: set[int] = set()
    while True:
        readable, _, _ = select.select([control, wake_r], [], [])
        if wake_r in readable:
            os.read(wake_r, 4096)
            reap(control, live)
        if control not in readable:
            continue
        fds = array.array("i")
        data, ancdata, _, _ = control.recvmsg(MAX_MESSAGE, socket.CMSG_SPACE(fds.itemsize))
        if not data:
            return  # the server has gone: sessions end when the hub socket closes
        for level, kind, payload in ancdata:
            if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
                fds.frombytes(payload[:len(payload) - len(payload) % fds.itemsize])
        if len(fds) != 1:
            for fd in fds:
                os.close(fd)
            control.send(json.dumps({"pid": -1}).encode())
            continue
        request = json.loads(data)
        pid = os.fork()
        if pid == 0:
            control.close()
            os.close(wake_r)
            os.close(wake_w)
            child(request, fds[0], rulesets)
        os.close(fds[0])
        live.add(pid)
        control.send(json.dumps({"pid": pid}).encode())


def reap(control: socket.socket, live: set[int]) -> None:
    while live:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        live.discard(pid)
        control.send(json.dumps({"exit": pid, "code": exit_code(status)}).encode())


def main() -> int:
    control = socket.socket(fileno=int(os.environ.pop("MAHARAJA_ZYGOTE_FD")))
    specs = [s for s in os.environ.get("MAHARAJA_RULESETS", "").split(",") if s]
    rulesets = warm(specs)
    share_css_parses()
    rehearse(rulesets)
    if threading.active_count() > 1:  # forking copies no thread: none may hold a lock
        logging.getLogger("maharaja_server.zygote").warning(
            "threads left before forking: %s", threading.enumerate())
    # Everything imported so far is shared with the children: keep the collector from
    # touching (and so copying) it in each of them.
    gc.collect()
    gc.freeze()
    try:
        control.send(json.dumps({"ready": True}).encode())
        serve(control, rulesets)
    except ConnectionError:
        pass  # the server has gone (or failed to start): nothing left to serve
    return 0


if __name__ == "__main__":
    sys.exit(main())
