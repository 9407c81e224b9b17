"""One SSH session's work per move, in process: Python calls and CPU.

A hub on a thread of its own, the long test game at 4 seats, and seat 0's session
app (``SessionApp``, its frames encoded as for a terminal) on this thread; the other
seats play through their own hub connections.
Counted on this thread only (cProfile): what the session's loop does per move,
which does not vary with the machine's load as CPU time does.

    PYTHONPATH=scripts:tests/server:. python3 scripts/profile_session.py [MOVES] [--top N]
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import pstats
import random
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import msgspec

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "server")]

from fake_ruleset import LONG  # noqa: E402
from textual import events  # noqa: E402
from textual.drivers.headless_driver import HeadlessDriver  # noqa: E402
from textual.pilot import Pilot  # noqa: E402

from maharaja_server.session_ui.lobby import SessionApp  # noqa: E402
from maharaja_server.session_ui.remote import Connection  # noqa: E402
from maharaja_server.transport import protocol as p  # noqa: E402
from maharaja_server.transport.hub import Hub  # noqa: E402
from maharaja_server.transport.tables import Identity, TableService  # noqa: E402


class Terminal(HeadlessDriver):
    """The test driver, encoding frames as a terminal driver does (headless skips it)."""

    written = 0

    @property
    def is_headless(self) -> bool:
        return False

    def write(self, data: str) -> None:
        Terminal.written += len(data)


def start_hub(where: Path) -> tuple[Hub, asyncio.AbstractEventLoop]:
    loop = asyncio.new_event_loop()
    service = TableService(where / "tables", {LONG.id: LONG}, bot_delay=0.01)
    hub = Hub(service, where / "hub.sock")
    threading.Thread(target=loop.run_forever, daemon=True).start()
    asyncio.run_coroutine_threadsafe(hub.start(), loop).result(5)
    return hub, loop


def connect(hub: Hub, name: str) -> Connection:
    return Connection(str(hub.path), hub.issue_token(Identity(name, "key-" + name)))


async def drive(hub: Hub, moves: int, warm: int, top: int, sort: str,
                profiled: bool = True) -> dict[str, Any]:
    conn = connect(hub, "p0")
    app = SessionApp(conn, {LONG.id: LONG}, f"new {LONG.id} 4", driver_class=Terminal)
    rng = random.Random(5)
    result: dict[str, Any] = {}

    async def play(pilot: Pilot[None]) -> None:
        await pilot.pause()
        table = app.current.id  # type: ignore[union-attr]
        others = [connect(hub, f"p{i}") for i in (1, 2, 3)]
        for i, other in enumerate(others, start=1):
            other.join(table, i)
        await pilot.pause()
        profile = cProfile.Profile()
        cpu = played = 0.0
        for n in range(warm + moves):
            info = conn.info(table)
            to_move = list(info.to_move)
            if not to_move:
                break
            seat = rng.choice(to_move)
            measured = n >= warm
            written = Terminal.written
            if measured:
                started = time.thread_time()
                if profiled:
                    profile.enable()
            if seat == 0:  # as the driver posts a key it read
                app.post_message(events.Key("enter", "\r"))
            else:
                who = others[seat - 1]
                legal = who.ask(p.Legal(table=table, seat=seat), bytes)
                intent = msgspec.msgpack.decode(legal, type=list[LONG.Intent])[0]
                who.ask(p.Play(table=table, seat=seat, intent=p.pack(intent)))
            # The notice reaches this session's loop through its reader thread; then
            # the frame is written, and nothing more for a while.
            deadline = time.monotonic() + 5
            while Terminal.written == written and time.monotonic() < deadline:
                await asyncio.sleep(0.005)
            while True:
                written = Terminal.written
                await asyncio.sleep(0.03)
                if Terminal.written == written:
                    break
            if measured:
                profile.disable()
                cpu += time.thread_time() - started
                played += 1
        stats = pstats.Stats(profile, stream=sys.__stdout__) if profiled else None
        if stats and top:
            stats.sort_stats(sort).print_stats(top)
        for other in others:
            other.close()
        result.update({"moves": int(played),
                       "calls_per_move": round(stats.total_calls / played) if stats else None,
                       "cpu_ms_per_move": round(1000 * cpu / played, 2),
                       "bytes_per_move": round(Terminal.written / (warm + played))})
        app.exit()

    await app.run_async(size=(110, 34), auto_pilot=play)
    conn.close()
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("moves", type=int, nargs="?", default=200)
    ap.add_argument("--warm", type=int, default=20)
    ap.add_argument("--top", type=int, default=0)
    ap.add_argument("--sort", default="tottime")
    ap.add_argument("--cpu-only", action="store_true",
                    help="thread CPU without the profiler's overhead (no call counts)")
    args = ap.parse_args()
    hub, loop = start_hub(Path(tempfile.mkdtemp(prefix="mj-profile-")))
    print(asyncio.run(drive(hub, args.moves, args.warm, args.top, args.sort,
                                 not args.cpu_only)))
    asyncio.run_coroutine_threadsafe(hub.close(), loop).result(5)


if __name__ == "__main__":
    main()
