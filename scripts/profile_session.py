"""One SSH session's work per move, in process: Python calls and CPU.

A hub on a thread of its own, the long test game at 4 seats, and seat 0's session
app (``SessionApp``, its frames encoded as for a terminal) on this thread; the other
seats play through their own hub connections.
Counted on this thread only (cProfile): what the session's loop does per move,
which does not vary with the machine's load as CPU time does.

With ``--game`` (maharaja-2020, raja-2004, maharani, maharadjah) a real game instead,
seat 0 making its moves with keys as the load client's players do (Enter, then Enter
again or another choice while a dialog asks more), and the figures split by kind of
move: seat 0's own or another seat's, and whether a screen was pushed in it (a dialog,
a scoring): in a load run a seat's CPU a move is one mover's and three watchers'.

    PYTHONPATH=scripts:tests/server:. python3 scripts/profile_session.py [MOVES] [--top N]
    PYTHONPATH=scripts:tests/server:. python3 scripts/profile_session.py 80 --game maharaja-2020
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
import types
from pathlib import Path
from typing import Any

import msgspec

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "server")]

from fake_ruleset import LONG  # noqa: E402
from textual import events  # noqa: E402
from textual.drivers.headless_driver import HeadlessDriver  # noqa: E402
from textual.pilot import Pilot  # noqa: E402

from engine.registry import rulesets  # noqa: E402
from maharaja_server.session_ui.lobby import SessionApp  # noqa: E402
from maharaja_server.session_ui.remote import Connection  # noqa: E402
from maharaja_server.transport import protocol as p  # noqa: E402
from maharaja_server.transport import tables  # noqa: E402
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


# The keys seat 0 presses in a real game until its move is made, one try after another
# (load_ssh.py's TRIES): the first choice; Enter again (a dialog's default); the next...
TRIES = (("enter",), ("enter",), ("down", "enter"), ("enter",), ("down", "down", "enter"),
         ("enter",), ("tab", "enter"), ("enter",))
CHARACTERS = {"enter": "\r", "tab": "\t", "down": None}


def games() -> dict[str, Any]:
    return {LONG.id: LONG, **rulesets()}


def start_hub(where: Path) -> tuple[Hub, asyncio.AbstractEventLoop]:
    loop = asyncio.new_event_loop()
    service = TableService(where / "tables", games(), bot_delay=0.01)
    hub = Hub(service, where / "hub.sock")
    threading.Thread(target=loop.run_forever, daemon=True).start()
    asyncio.run_coroutine_threadsafe(hub.start(), loop).result(5)
    return hub, loop


def connect(hub: Hub, name: str) -> Connection:
    return Connection(str(hub.path), hub.issue_token(Identity(name, "key-" + name)))


async def settle() -> None:
    """Until the session writes nothing more for a while."""
    while True:
        written = Terminal.written
        await asyncio.sleep(0.03)
        if Terminal.written == written:
            return


async def drive(hub: Hub, moves: int, warm: int, top: int, sort: str,
                profiled: bool = True, game: str = LONG.id,
                only: str | None = None) -> dict[str, Any]:
    conn = connect(hub, "p0")
    ruleset = games()[game]
    app = SessionApp(conn, games(), f"new {game} 4", driver_class=Terminal)
    rng = random.Random(5)
    result: dict[str, Any] = {}
    pushed = [0]  # screens the session pushed or drew inside (a dialog, a scoring)
    push_screen = app.push_screen

    def counted(*args: Any, **kwargs: Any) -> Any:
        pushed[0] += 1
        return push_screen(*args, **kwargs)

    app.push_screen = counted  # type: ignore[method-assign]
    # A dialog drawn inside the game screen (a choice list, a scoring) counts as one pushed.
    from maharaja_tui.screens.game import GameScreen

    open_box = GameScreen._open

    def opened(screen: GameScreen, box: Any, answered: Any) -> Any:
        pushed[0] += 1
        return open_box(screen, box, answered)

    GameScreen._open = opened  # type: ignore[method-assign]
    kinds: dict[str, list[float]] = {}  # kind of move -> [moves, CPU seconds, bytes, calls]
    by_kind: dict[str, pstats.Stats] = {}  # kind of move -> its moves' profile

    async def play(pilot: Pilot[None]) -> None:
        await pilot.pause()
        table = app.current.id  # type: ignore[union-attr]
        others = [connect(hub, f"p{i}") for i in (1, 2, 3)]
        for i, other in enumerate(others, start=1):
            other.join(table, i)
        await pilot.pause()
        cpu = played = 0.0
        for n in range(warm + moves):
            info = conn.info(table)
            to_move = list(info.to_move)
            if not to_move or info.over:
                break
            seat = rng.choice(to_move)
            measured = n >= warm
            written = before = Terminal.written
            screens = pushed[0]
            if measured:
                started = time.thread_time()
                if profiled:
                    profile = cProfile.Profile()  # a move's own: its calls go to its kind
                    profile.enable()
            if seat == 0 and game == LONG.id:  # as the driver posts a key it read
                app.post_message(events.Key("enter", "\r"))
            elif seat == 0:
                for keys in TRIES:
                    for key in keys:
                        app.post_message(events.Key(key, CHARACTERS[key]))
                    await settle()
                    if conn.info(table).version != info.version:
                        break
            else:
                who = others[seat - 1]
                legal = who.ask(p.Legal(table=table, seat=seat), bytes)
                intent = msgspec.msgpack.decode(legal, type=list[ruleset.Intent])[0]
                who.ask(p.Play(table=table, seat=seat, intent=p.pack(intent)))
            # The notice reaches this session's loop through its reader thread; then
            # the frame is written, and nothing more for a while.
            deadline = time.monotonic() + 5
            while Terminal.written == written and time.monotonic() < deadline:
                await asyncio.sleep(0.005)
            await settle()
            if measured:
                if profiled:
                    profile.disable()
                spent = time.thread_time() - started
                cpu += spent
                played += 1
                kind = ("mover" if seat == 0 else "watcher") + (
                    "+screen" if pushed[0] > screens else "")
                figures = kinds.setdefault(kind, [0, 0.0, 0, 0])
                figures[0] += 1
                figures[1] += spent
                figures[2] += Terminal.written - before
                if profiled:
                    move = pstats.Stats(profile, stream=sys.__stdout__)
                    figures[3] += move.total_calls  # type: ignore[attr-defined]
                    for into in (kind, "all"):  # each its own Stats (add changes it)
                        if into in by_kind:
                            by_kind[into].add(move)
                        else:
                            by_kind[into] = pstats.Stats(profile, stream=sys.__stdout__)
        stats = by_kind.get("all")
        shown = by_kind.get(only or "all")
        if shown is not None and top:
            shown.sort_stats(sort).print_stats(top)
        for other in others:
            other.close()
        result.update({"moves": int(played),
                       "calls_per_move": round(stats.total_calls  # type: ignore[attr-defined]
                                               / played) if stats else None,
                       "cpu_ms_per_move": round(1000 * cpu / played, 2),
                       "bytes_per_move": round(Terminal.written / (warm + played)),
                       "by_kind": {kind: {"moves": int(count),
                                          "cpu_ms_per_move": round(1000 * spent / count, 1),
                                          "bytes_per_move": round(size / count),
                                          **({"calls_per_move": round(calls / count)}
                                             if profiled else {})}
                                   for kind, (count, spent, size, calls)
                                   in sorted(kinds.items())}})
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
    ap.add_argument("--game", default=LONG.id, choices=sorted(games()),
                    help="the game played (default the long test game)")
    ap.add_argument("--seed", type=int, default=None,
                    help="the table's game seed (default the server's random one): the "
                         "same moves in two runs, to compare two versions move for move")
    ap.add_argument("--kind", default=None,
                    choices=("mover", "mover+screen", "watcher", "watcher+screen"),
                    help="with --top: the profile of this kind of move only")
    ap.add_argument("--cpu-only", action="store_true",
                    help="thread CPU without the profiler's overhead (no call counts)")
    args = ap.parse_args()
    if args.seed is not None:
        # The service draws a table's seed from the system's randomness; this script
        # alone asks it for a fixed one (the service has no other use for it).
        fixed = types.SimpleNamespace(SystemRandom=lambda: random.Random(args.seed))
        vars(tables)["random"] = fixed
    hub, loop = start_hub(Path(tempfile.mkdtemp(prefix="mj-profile-")))
    print(asyncio.run(drive(hub, args.moves, args.warm, args.top, args.sort,
                            not args.cpu_only, args.game, args.kind)))
    asyncio.run_coroutine_threadsafe(hub.close(), loop).result(5)


if __name__ == "__main__":
    main()
