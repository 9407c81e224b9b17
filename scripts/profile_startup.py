"""What a session's start-up costs its host process, phase by phase: CPU and Python calls.

This process plays a fresh session host: it first does what the session worker does
before it forks (the games imported, the lobby rehearsed, the collector frozen), then
seats TABLES tables of 4 sessions of one game, one session at a time, as the load
client's players arrive (the first ``new GAME 4``, the others ``join T``). A hub runs
on a thread of its own; the sessions' apps run on this thread, on one loop, as in a host.

Each arrival is split at the session's own marks: ``app`` (its app made and started, until
its command runs), ``join`` (the command: the hub's answers, the table's view, the
screen made), ``screen`` (until nothing more is written: the screens composed, mounted
and drawn, and the other sessions' answer to the arrival: the last
arrival starts the game, so the others switch to their game screens then). Counted on
this thread only (``time.thread_time`` and cProfile's calls); the hub's thread is the
server's work, not a session's. The second table shows what is paid again by a
process that has started a table already.

With ``--layouts``: each arrival's layouts (reflows) and renders (whole-screen, partial) by
screen class, the other sessions' included (the last arrival switches them to their games).

With ``--ssh N``: N SSH logins (key, as the load client's players; no session) to a
server on its own thread, and the CPU of the server's threads per login.

    PYTHONPATH=. python3 scripts/profile_startup.py --game maharaja-2020 [--tables 2] [--top 30]
    PYTHONPATH=. python3 scripts/profile_startup.py --ssh 20
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import gc
import json
import pstats
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "server"), str(ROOT / "scripts")]

from profile_session import Terminal, connect  # noqa: E402

from maharaja_server.session_ui.host import tune_collector  # noqa: E402
from maharaja_server.session_ui.lobby import SessionApp  # noqa: E402
from maharaja_server.session_ui.screens import TableScreen  # noqa: E402
from maharaja_server.session_ui.zygote import rehearse, warm  # noqa: E402
from maharaja_server.transport.hub import Hub  # noqa: E402
from maharaja_server.transport.tables import TableService  # noqa: E402
from maharaja_tui.screens.game import GameScreen  # noqa: E402

PHASES = ("app", "join", "screen")
# Per screen class: [layouts, whole-screen renders, partial renders] (--layouts).
LAYOUTS: dict[str, list[int]] = {}


def count_layouts() -> None:
    """Count each screen's layouts and renders into LAYOUTS. Every session screen has our
    compositor (``OnlyWhatShows.install``): its methods are wrapped, not Textual's class."""
    from maharaja_server.session_ui.partial_update import OnlyWhatShows

    def counted(cls: type, name: str, slot: int, root: Any) -> None:
        original = getattr(cls, name)

        def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
            LAYOUTS.setdefault(type(root(self, *args)).__name__, [0, 0, 0])[slot] += 1
            return original(self, *args, **kwargs)

        setattr(cls, name, wrapper)

    counted(OnlyWhatShows, "reflow", 0, lambda self, parent, *_: parent)
    counted(OnlyWhatShows, "render_full_update", 1, lambda self, *_: self.root)
    counted(OnlyWhatShows, "render_partial_update", 2, lambda self, *_: self.root)


class Phases:
    """The current phase's profile and CPU, switched at a session's marks."""

    def __init__(self, profiled: bool) -> None:
        self.profiled = profiled
        self.cpu: dict[str, float] = {}
        self.calls: dict[str, int] = {}
        self.stats: dict[str, pstats.Stats] = {}
        self.phase: str | None = None
        self.started = 0.0
        self.profile: cProfile.Profile | None = None
        self.layouts: dict[str, list[int]] = {}  # --layouts: by screen class

    def enter(self, phase: str | None) -> None:
        now = time.thread_time()
        if self.phase is not None:
            self.cpu[self.phase] = self.cpu.get(self.phase, 0.0) + now - self.started
            if self.profile is not None:
                self.profile.disable()
                stats = pstats.Stats(self.profile)
                self.calls[self.phase] = self.calls.get(self.phase, 0) + stats.total_calls
                if self.phase in self.stats:
                    self.stats[self.phase].add(stats)
                else:
                    self.stats[self.phase] = stats
        self.phase = phase
        self.profile = cProfile.Profile() if self.profiled and phase else None
        self.started = time.thread_time()
        if self.profile is not None:
            self.profile.enable()


class Marked(SessionApp):
    """A session app that says where its start-up is: it runs its command once."""

    phases: Phases

    def run_command(self, command: str) -> Any:
        self.phases.enter("join")
        screen = super().run_command(command)
        self.phases.enter("screen")
        return screen


async def settle(quiet: float = 0.3) -> None:
    """Until the sessions write nothing more for ``quiet`` seconds (a frame a step of
    the start-up: a pause of that length means it is over)."""
    while True:
        written = Terminal.written
        await asyncio.sleep(quiet)
        if Terminal.written == written:
            return


def at_game(apps: list[Marked]) -> bool:
    """Every session shows its table's game, mounted (the last arrival starts it)."""
    return all(app.is_running and isinstance(app.screen, (GameScreen, TableScreen))
               and app.screen.is_mounted for app in apps)


async def arrive(app: Marked, tasks: list[asyncio.Task[Any]],
                 started: list[Marked] | None = None) -> None:
    """``started``: the table's sessions, when this arrival starts its game: the
    arrival lasts until each shows its game screen. The others hear of the start
    through the hub's thread, which on a loaded machine took longer than the quiet
    ``settle`` waits for, as did their composing (its steps write nothing): the game
    screens went uncounted, a run's figure a fifth of the next one's."""
    LAYOUTS.clear()
    app.phases.enter("app")
    before = Terminal.written
    tasks.append(asyncio.create_task(app.run_async(size=(110, 34))))
    deadline = time.monotonic() + 10
    while Terminal.written == before and time.monotonic() < deadline:
        await asyncio.sleep(0.005)
    deadline = time.monotonic() + 60
    while started and not at_game(started) and time.monotonic() < deadline:
        await asyncio.sleep(0.005)
    await settle()
    app.phases.enter(None)
    app.phases.layouts = {name: list(counts) for name, counts in LAYOUTS.items()}


async def seat(hub: Hub, rulesets: dict[str, Any], game: str, number: int,
               profiled: bool) -> list[Phases]:
    tasks: list[asyncio.Task[Any]] = []
    apps: list[Marked] = []
    found: list[Phases] = []
    table: int | None = None
    for seat_no in range(4):
        conn = connect(hub, f"t{number}p{seat_no}")
        command = f"new {game} 4" if table is None else f"join {table}"
        app = Marked(conn, rulesets, command, driver_class=Terminal)
        app.phases = Phases(profiled)
        apps.append(app)
        await arrive(app, tasks, apps if seat_no == 3 else None)
        found.append(app.phases)
        if table is None:
            assert app.current is not None, "the table was not made"
            table = app.current.id
    for app in apps:
        app.exit()
    await asyncio.gather(*tasks, return_exceptions=True)
    return found


def session_figures(game: str, tables: int, top: int, profiled: bool) -> dict[str, Any]:
    # As the session worker does before it forks (zygote.main).
    started = time.process_time()
    rulesets = warm([])
    rehearse(rulesets)
    gc.collect()
    gc.freeze()
    tune_collector()
    worker_cpu = time.process_time() - started
    where = Path(tempfile.mkdtemp(prefix="mj-startup-"))
    loop = asyncio.new_event_loop()
    service = TableService(where / "tables", rulesets, bot_delay=0.01)
    hub = Hub(service, where / "hub.sock")
    threading.Thread(target=loop.run_forever, daemon=True).start()
    asyncio.run_coroutine_threadsafe(hub.start(), loop).result(5)
    result: dict[str, Any] = {"game": game, "worker_cpu_ms": round(1000 * worker_cpu)}
    for number in range(1, tables + 1):
        phases = asyncio.run(seat(hub, rulesets, game, number, profiled))
        rows = {}
        for arrival, figures in enumerate(phases, start=1):
            row: dict[str, Any] = {}
            for phase in PHASES:
                row[phase] = [round(1000 * figures.cpu.get(phase, 0.0), 1),
                              figures.calls.get(phase)]
            row["total"] = [round(1000 * sum(figures.cpu.values()), 1),
                            sum(figures.calls.values()) if profiled else None]
            if figures.layouts:
                row["layouts, whole, partial"] = figures.layouts
            rows[f"arrival {arrival}"] = row
            if top and number == 1:
                for phase in PHASES:
                    if phase in figures.stats:
                        print(f"--- table {number} arrival {arrival} {phase}", file=sys.__stderr__)
                        figures.stats[phase].stream = sys.__stderr__  # type: ignore[attr-defined]
                        figures.stats[phase].sort_stats("cumulative").print_stats(top)
        result[f"table {number}"] = rows
    tables_seen = [result[f"table {n}"] for n in range(1, tables + 1)]
    result["mean a table"] = {
        arrival: {phase: [round(sum(t[arrival][phase][0] for t in tables_seen) / tables, 1),
                          None if not profiled else
                          round(sum(t[arrival][phase][1] for t in tables_seen) / tables)]
                  for phase in (*PHASES, "total")}
        for arrival in tables_seen[0]}
    asyncio.run_coroutine_threadsafe(hub.close(), loop).result(5)
    return result


def ssh_figures(logins: int) -> dict[str, Any]:
    """N key logins to a server on a thread of its own: the server's CPU per login."""
    import asyncssh
    from sshkit import config, running

    where = Path(tempfile.mkdtemp(prefix="mj-startup-ssh-"))
    loop = asyncio.new_event_loop()
    ready = threading.Event()
    stop = asyncio.Event()
    port: list[int] = []
    server_thread: list[int] = []

    async def serve() -> None:
        server_thread.append(threading.get_native_id())
        async with running(config(where, bot_delay=0.01), sessions=False) as server:
            port.append(server.port)
            ready.set()
            await stop.wait()

    threading.Thread(target=loop.run_until_complete, args=(serve(),), daemon=True).start()
    ready.wait(20)

    async def login(name: str) -> None:
        key = asyncssh.generate_private_key("ssh-ed25519")
        conn = await asyncssh.connect("127.0.0.1", port[0], username=name, known_hosts=None,
                                      agent_path=None, client_keys=[key])
        conn.close()
        await conn.wait_closed()

    async def logins_run() -> float:
        await login("warm")
        client = time.thread_time()
        process = time.process_time()
        for n in range(logins):
            await login(f"user{n}")
        await asyncio.sleep(0.2)
        return (time.process_time() - process) - (time.thread_time() - client)

    server_cpu = asyncio.run(logins_run())
    loop.call_soon_threadsafe(stop.set)
    return {"logins": logins, "server_cpu_ms_per_login": round(1000 * server_cpu / logins, 2)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="maharaja-2020")
    ap.add_argument("--tables", type=int, default=2)
    ap.add_argument("--top", type=int, default=0)
    ap.add_argument("--cpu-only", action="store_true", help="no profiler (no call counts)")
    ap.add_argument("--layouts", action="store_true",
                    help="each arrival's layouts and renders by screen class")
    ap.add_argument("--ssh", type=int, default=0, help="N SSH logins instead of sessions")
    args = ap.parse_args()
    if args.layouts:
        count_layouts()
    if args.ssh:
        print(json.dumps(ssh_figures(args.ssh)), file=sys.__stdout__)
    else:
        print(json.dumps(session_figures(args.game, args.tables, args.top,
                                         not args.cpu_only)), file=sys.__stdout__)


if __name__ == "__main__":
    main()
