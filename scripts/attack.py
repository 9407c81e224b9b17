"""What one attack of each kind does to the server now (run by hand, not in CI).

Starts ``maharaja serve`` on loopback, seats TABLES tables of the real games
(scripts/load_ssh.py's players, each table from its own network) and lets them play a
quiet window, then the same length under one attack from its own addresses. It reports
another player's move on their screen (p95) in each window, the server's memory
(its process, and its sessions' PSS) at the end of each, and what the attack got.

    python scripts/attack.py names            # fresh keys and names, each making a table
    python scripts/attack.py passwords        # 7 parallel SSH guesses for bob, on and on
    python scripts/attack.py web-passwords    # 400 web guesses for alice at once
    python scripts/attack.py sessions         # one SSH connection opening 64 sessions
    python scripts/attack.py browser-sessions # one browser login opening 30 websockets
    python scripts/attack.py tables           # 41 throwaway keys making 5 tables each
    python scripts/attack.py window           # a flood of window-size changes
    python scripts/attack.py slowloris        # 1,100 slow web connections, ulimit -n 1024
    python scripts/attack.py all              # each in turn (a server each)

The attackers come from 127.2.0.0/16 and 127.3.0.0/16, the players from 127.0.X.2.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import resource
import signal
import sqlite3
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
import asyncssh

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "scripts")]

import load_ssh  # noqa: E402 - after the path it lives on

SHARED = "team spirit"
# What a session asked for a table shows: the table, or a refusal (a quota, a name,
# or the session itself: too many started from the address).
MADE_OR_REFUSED = {b"every seat is taken": "tables_made", b"SRV-": "table_refused",
                   b"Too many sessions started": "session_refused"}
PASSWORDS = f"bob:hunter2\nalice:apple\ncarol:pear\n*:{SHARED}\n"


@dataclass
class Context:
    port: int
    web: int | None
    data: Path
    pid: int
    deadline: float
    password: str | None = None  # the shared password, where keys are not taken
    got: dict[str, Any] = field(default_factory=dict)

    def count(self, what: str, n: int = 1) -> None:
        self.got[what] = self.got.get(what, 0) + n

    def note(self, what: str, seconds: float) -> None:
        """A time the attack or a player waited (kept as most and median)."""
        self.got.setdefault(what, []).append(round(seconds, 3))


def key() -> asyncssh.SSHKey:
    return asyncssh.generate_private_key("ssh-ed25519")


async def ssh(ctx: Context, name: str, address: str, *, password: str | None = None,
              client_key: asyncssh.SSHKey | None = None) -> asyncssh.SSHClientConnection:
    return await asyncio.wait_for(asyncssh.connect(
        "127.0.0.1", ctx.port, username=name, known_hosts=None, agent_path=None,
        client_keys=None if password is not None else [client_key or key()],
        password=password, local_addr=(address, 0)), 40)


async def screen_says(process: asyncssh.SSHClientProcess, patterns: tuple[bytes, ...],
                      seconds: float) -> bytes | None:
    """The first of ``patterns`` the session's terminal shows within ``seconds``."""
    seen = b""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            chunk = await asyncio.wait_for(process.stdout.read(65536),
                                           deadline - time.monotonic())
        except (TimeoutError, asyncssh.Error, OSError):
            return None
        if not chunk:
            break
        seen = (seen + chunk)[-20000:]
        text = load_ssh.ANSI.sub(b"", seen)
        for pattern in patterns:
            if pattern in text:
                return pattern
    return None


async def lobby_time(ctx: Context, name: str, address: str) -> float | None:
    """Seconds for a player to log in and see the lobby (None: could not)."""
    started = time.monotonic()
    try:
        conn = await ssh(ctx, name, address, password=ctx.password)
        process = await conn.create_process(term_type="xterm-256color", term_size=(110, 34),
                                            encoding=None)
        shown = await screen_says(process, (b"you are " + name.encode(),), 40)
        conn.close()
    except (OSError, asyncssh.Error, TimeoutError):
        return None
    return time.monotonic() - started if shown else None


async def probe_players(ctx: Context, every: float = 5.0) -> None:
    """A new player logs in now and then during the attack: can they, and how fast?"""
    n = 0
    while time.monotonic() < ctx.deadline:
        n += 1
        took = await lobby_time(ctx, f"newcomer{n}", f"127.2.{200 + n % 50}.1")
        if took is None:
            ctx.count("newcomer_could_not_log_in")
        else:
            ctx.note("newcomer_seconds_to_lobby", took)
        await asyncio.sleep(every)


# ---------------------------------------------------------------------- the attacks
async def names(ctx: Context) -> None:
    """Fresh keys and names from one address, each making a table (binding its name)."""
    async def one(copy: int) -> None:
        n = 0
        while time.monotonic() < ctx.deadline:
            n += 1
            try:
                conn = await ssh(ctx, f"flood{copy}x{n}", "127.2.0.1")
                ctx.count("logins")
                process = await conn.create_process(
                    "new raja-2004 2", term_type="xterm-256color", term_size=(110, 34),
                    encoding=None)
                said = await screen_says(process, tuple(MADE_OR_REFUSED), 20)
                ctx.count(MADE_OR_REFUSED.get(said or b"", "no_answer"))
                conn.close()
            except (OSError, asyncssh.Error, TimeoutError) as exc:
                ctx.count(f"refused:{type(exc).__name__}")

    await asyncio.gather(*(one(c) for c in range(4)))


async def passwords(ctx: Context) -> None:
    """Seven SSH guesses for bob at a time from one address; bob logs in meanwhile."""
    async def guess(copy: int) -> None:
        n = 0
        while time.monotonic() < ctx.deadline:
            n += 1
            started = time.monotonic()
            try:
                conn = await ssh(ctx, "bob", "127.2.0.2", password=f"guess{copy}-{n}")
                conn.close()
                ctx.count("guessed_right")
            except asyncssh.PermissionDenied:
                ctx.note("guess_answered_after", time.monotonic() - started)
            except (OSError, asyncssh.Error, TimeoutError) as exc:
                ctx.count(f"guess_refused:{type(exc).__name__}")

    async def bob() -> None:
        while time.monotonic() < ctx.deadline:
            await asyncio.sleep(5)
            started = time.monotonic()
            try:
                conn = await ssh(ctx, "bob", "127.2.0.3", password="hunter2")
                conn.close()
                ctx.note("bob_right_password_answered_after", time.monotonic() - started)
            except (OSError, asyncssh.Error, TimeoutError):
                ctx.count("bob_locked_out")

    await asyncio.gather(*(guess(c) for c in range(7)), bob())


async def web_passwords(ctx: Context) -> None:
    """400 web guesses for alice at once from one address; alice logs in meanwhile."""
    url = f"http://127.0.0.1:{ctx.web}/"

    def basic(name: str, password: str) -> dict[str, str]:
        pair = base64.b64encode(f"{name}:{password}".encode()).decode()
        return {"Authorization": "Basic " + pair}

    async def guess(browser: aiohttp.ClientSession, n: int) -> None:
        while time.monotonic() < ctx.deadline:
            started = time.monotonic()
            try:
                async with browser.get(url, headers=basic("alice", f"g{n}"),
                                       timeout=aiohttp.ClientTimeout(total=60)) as reply:
                    ctx.count(f"guess_status_{reply.status}")
                    ctx.note("guess_answered_after", time.monotonic() - started)
            except (aiohttp.ClientError, TimeoutError) as exc:
                ctx.count(f"guess_refused:{type(exc).__name__}")
                await asyncio.sleep(0.5)
            n += 400

    async def alice() -> None:
        connector = aiohttp.TCPConnector(local_addr=("127.2.0.5", 0), force_close=True)
        async with aiohttp.ClientSession(connector=connector) as browser:
            while time.monotonic() < ctx.deadline:
                await asyncio.sleep(5)
                started = time.monotonic()
                try:
                    async with browser.get(url, headers=basic("alice", "apple")) as reply:
                        ctx.count(f"alice_status_{reply.status}")
                        ctx.note("alice_right_password_answered_after",
                                 time.monotonic() - started)
                except aiohttp.ClientError:
                    ctx.count("alice_locked_out")

    connector = aiohttp.TCPConnector(local_addr=("127.2.0.4", 0), limit=0, force_close=True)
    async with aiohttp.ClientSession(connector=connector) as browser:
        await asyncio.gather(*(guess(browser, n) for n in range(400)), alice())


async def sessions(ctx: Context) -> None:
    """One SSH connection opening 64 sessions, again whenever it is let."""
    conn = await ssh(ctx, "hoarder", "127.2.0.6")
    held = []
    for _ in range(64):
        try:
            process = await conn.create_process(term_type="xterm-256color",
                                                term_size=(110, 34), encoding=None)
        except (OSError, asyncssh.Error) as exc:
            ctx.count(f"refused:{type(exc).__name__}")
            continue
        said = await screen_says(process, (b"you are hoarder", b"as many as"), 30)
        ctx.count({b"you are hoarder": "sessions_opened", b"as many as": "sessions_refused"}
                  .get(said or b"", "no_answer"))
        held.append(process)
    await asyncio.sleep(max(0.0, ctx.deadline - time.monotonic()))
    conn.close()


async def browser_sessions(ctx: Context) -> None:
    """One browser login opening 30 websockets."""
    base = f"http://127.0.0.1:{ctx.web}"
    jar = aiohttp.CookieJar(unsafe=True)
    connector = aiohttp.TCPConnector(local_addr=("127.2.0.7", 0), limit=0)
    async with aiohttp.ClientSession(cookie_jar=jar, connector=connector) as browser:
        pair = base64.b64encode(b"carol:pear").decode()
        async with browser.get(base + "/", headers={"Authorization": "Basic " + pair}) as page:
            ctx.count(f"login_status_{page.status}")
        sockets = []
        for _ in range(30):
            try:
                sockets.append(await browser.ws_connect(base.replace("http", "ws") + "/ws"))
                ctx.count("websockets_opened")
            except aiohttp.WSServerHandshakeError as refused:
                ctx.count(f"websockets_refused_{refused.status}")
        await asyncio.sleep(max(0.0, ctx.deadline - time.monotonic()))
        for ws in sockets:
            await ws.close()


async def tables(ctx: Context) -> None:
    """41 throwaway keys from one address, each making 5 tables."""
    for n in range(41):
        if time.monotonic() >= ctx.deadline:
            break
        thrown = key()
        for _ in range(5):
            try:
                conn = await ssh(ctx, f"thrown{n}", "127.2.0.8", client_key=thrown)
                process = await conn.create_process(
                    "new raja-2004 2", term_type="xterm-256color", term_size=(110, 34),
                    encoding=None)
                said = await screen_says(process, tuple(MADE_OR_REFUSED), 20)
                ctx.count(MADE_OR_REFUSED.get(said or b"", "no_answer"))
                conn.close()
            except (OSError, asyncssh.Error, TimeoutError) as exc:
                ctx.count(f"refused:{type(exc).__name__}")


async def window(ctx: Context) -> None:
    """A session watching table 1 that changes its window size as fast as it can, and
    comes back whenever it is hung up."""
    while time.monotonic() < ctx.deadline:
        try:
            conn = await ssh(ctx, "resizer", "127.2.0.9")
            process = await conn.create_process("watch 1", term_type="xterm-256color",
                                                term_size=(110, 34), encoding=None)
            ctx.count("sessions")
            reading = asyncio.create_task(process.stdout.read())  # until the server ends it
            n = 0
            while time.monotonic() < ctx.deadline and not reading.done():
                process.change_terminal_size(100 + n % 20, 30 + n % 5)
                n += 1
                if n % 50 == 0:
                    await asyncio.sleep(0)
            ctx.count("changes_sent", n)
            if reading.done():
                ctx.count("hung_up_by_the_server")
            reading.cancel()
            conn.close()
        except (OSError, asyncssh.Error, TimeoutError) as exc:
            ctx.count(f"refused:{type(exc).__name__}")
            await asyncio.sleep(0.2)


async def slowloris(ctx: Context) -> None:
    """1,100 slow connections to the web port from 110 addresses, each sending a byte of
    its headers every 5 s and coming back when closed; an SSH login and a plain request
    are timed meanwhile."""
    log = ctx.data / "server.log"
    before = log.stat().st_size

    async def slow(address: str) -> None:
        while time.monotonic() < ctx.deadline:
            try:
                reader, writer = await asyncio.open_connection(
                    "127.0.0.1", ctx.web, local_addr=(address, 0))
            except OSError as exc:
                ctx.count(f"connect_failed:{type(exc).__name__}")
                await asyncio.sleep(1)
                continue
            ctx.count("connections_made")
            writer.write(b"GET / HTTP/1.1\r\nHost: x\r\n")
            opened = time.monotonic()
            try:
                while time.monotonic() < ctx.deadline:
                    try:
                        if not await asyncio.wait_for(reader.read(100), 5):
                            break  # closed by the server
                    except TimeoutError:
                        writer.write(b"X")
            except (ConnectionError, OSError):
                pass
            held = time.monotonic() - opened
            if time.monotonic() < ctx.deadline:
                ctx.note("connection_held_seconds", held)
            writer.close()

    async def plain_request() -> None:
        while time.monotonic() < ctx.deadline:
            await asyncio.sleep(5)
            started = time.monotonic()
            try:
                async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(
                        local_addr=("127.2.1.1", 0))) as browser, browser.get(
                        f"http://127.0.0.1:{ctx.web}/",
                        timeout=aiohttp.ClientTimeout(total=60)) as reply:
                    ctx.count(f"plain_request_status_{reply.status}")
                    ctx.note("plain_request_seconds", time.monotonic() - started)
            except (aiohttp.ClientError, TimeoutError):
                ctx.count("plain_request_failed")

    addresses = [f"127.3.{n // 10}.{n % 10 + 1}" for n in range(110)]
    await asyncio.gather(*(slow(a) for a in addresses for _ in range(10)), plain_request())
    ctx.got["log_bytes_written"] = log.stat().st_size - before
    ctx.got["too_many_open_files"] = log.read_text(errors="replace").count(
        "Too many open files")


ATTACKS: dict[str, Callable[[Context], Awaitable[None]]] = {
    "names": names, "passwords": passwords, "web-passwords": web_passwords,
    "sessions": sessions, "browser-sessions": browser_sessions, "tables": tables,
    "window": window, "slowloris": slowloris,
}
WEB = {"web-passwords", "browser-sessions", "slowloris"}


def records(data: Path) -> dict[str, int]:
    with sqlite3.connect(f"file:{data / 'server.db'}?mode=ro", uri=True) as db:
        return {"names_bound": db.execute("SELECT count(*) FROM names").fetchone()[0],
                "tables": db.execute("SELECT count(*) FROM tables").fetchone()[0]}


def memory(pid: int) -> dict[str, float]:
    server_kb, kids_kb, kids, pss_kb, worker_kb, _ = load_ssh.children_rss_kb(pid)
    return {"server_rss_mb": round(server_kb / 1024, 1),
            "session_processes": kids, "sessions_pss_mb": round(pss_kb / 1024, 1),
            "worker_pss_mb": round(worker_kb / 1024, 1)}


async def measure(kind: str, args: argparse.Namespace) -> dict[str, Any]:
    data = Path(tempfile.mkdtemp(prefix=f"mj-attack-{kind}-"))
    port = load_ssh.free_port()
    web = load_ssh.free_port() if kind in WEB else None
    extra = ["--bot-delay", "0.4"]
    if web is not None:
        extra += ["--web", str(web)]
    if kind in ("passwords", "web-passwords", "browser-sessions", "slowloris"):
        (data / "passwords").write_text(PASSWORDS)
        extra += ["--password-file", str(data / "passwords")]
    log = open(data / "server.log", "wb")
    server = load_ssh.start_server(data / "srv", port, 64, log, extra=extra,
                                   descriptors=1024 if kind == "slowloris" else None)
    if web is not None:
        load_ssh.wait_listening(web)
    stats = load_ssh.Stats()
    stats.end = time.monotonic() + 3600  # until the windows are over
    acked: dict[int, int] = {}
    played = [load_ssh.GAMES[(t - 1) % len(load_ssh.GAMES)] for t in range(1, args.tables + 1)]
    # Players by key, unless the server takes passwords only: the shared password then.
    tables = [[load_ssh.Player(f"t{t}p{i}", f"127.0.{t}.2")
               for i in range(load_ssh.seats_for(played[t - 1], args.players))]
              for t in range(1, args.tables + 1)]
    if "--password-file" in extra:
        for players in tables:
            for p in players:
                p.password = SHARED
    tasks = [asyncio.create_task(load_ssh.run_table(n, players, port, 0.5, stats, acked,
                                                    played[n - 1]))
             for n, players in enumerate(tables, start=1)]
    while not stats.seating_over(args.tables):
        await asyncio.sleep(0.2)
    quiet_from = time.monotonic()
    cpu_before = load_ssh.cpu_seconds(server.pid)
    await asyncio.sleep(args.seconds)
    quiet = memory(server.pid)
    cpu_quiet = load_ssh.cpu_seconds(server.pid)
    attack_from = time.monotonic()
    children_before = resource.getrusage(resource.RUSAGE_CHILDREN)
    ctx = Context(port, web, data, server.pid, attack_from + args.seconds,
                  SHARED if "--password-file" in extra else None)
    # The attacker is a process of its own, as it would be: its work must not slow
    # the players' clients, whose moves this measures.
    attacker = await asyncio.create_subprocess_exec(
        sys.executable, __file__, kind, "--as-attacker", json.dumps(
            {"port": port, "web": web, "data": str(data), "pid": server.pid,
             "seconds": args.seconds, "password": ctx.password}),
        stdout=asyncio.subprocess.PIPE)
    attack = asyncio.create_task(attacker.communicate())
    probe = asyncio.create_task(probe_players(ctx))
    await asyncio.sleep(0.9 * args.seconds)  # the attack at its height, not winding down
    under = memory(server.pid)
    await asyncio.sleep(max(0.0, attack_from + args.seconds - time.monotonic()))
    cpu_attack = load_ssh.cpu_seconds(server.pid)
    done, _ = await asyncio.wait({attack}, timeout=args.seconds + 90)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)  # the attacker has ended
    attacker_cpu = (children.ru_utime + children.ru_stime
                    - children_before.ru_utime - children_before.ru_stime)
    if attack in done and attack.exception() is None:
        out = attack.result()[0]
        ctx.got.update(json.loads(out) if out.strip() else {"attack_failed": "no report"})
    else:
        attacker.kill()
        ctx.got["attack_failed"] = "it did not end in time"
    errors_during = len(stats.errors)
    stats.end = time.monotonic()
    probe.cancel()
    await asyncio.gather(*tasks, probe, return_exceptions=True)
    for players in tables:
        for p in players:
            if hasattr(p, "conn"):
                p.conn.close()
    server.send_signal(signal.SIGTERM)
    server.wait(30)
    log.close()

    def p95(start: float, end: float) -> float | None:
        values = sorted(d for t, d in stats.latencies if start <= t < end)
        return round(1000 * values[int(0.95 * (len(values) - 1))], 1) if values else None

    for what, values in list(ctx.got.items()):
        if isinstance(values, list):
            values.sort()
            ctx.got[what] = {"n": len(values), "median": values[len(values) // 2],
                             "most": values[-1]}
    return {
        "attack": kind, "seconds_each_window": args.seconds,
        "tables": args.tables, "games": played,
        "p95_ms_quiet": p95(quiet_from, attack_from),
        "p95_ms_under_attack": p95(attack_from, attack_from + args.seconds),
        "moves_quiet": sum(quiet_from <= t < attack_from for t, _ in stats.latencies),
        "moves_under_attack": sum(attack_from <= t for t, _ in stats.latencies),
        "memory_quiet": quiet, "memory_under_attack": under,
        # CPU seconds of the server and its sessions in each window; the attacker's own
        # (on the same two cores here, as a remote attacker's would not be).
        "server_cpu_s_quiet": round(sum(cpu_quiet) - sum(cpu_before), 1),
        "server_cpu_s_under_attack": round(sum(cpu_attack) - sum(cpu_quiet), 1),
        "attacker_cpu_s": round(attacker_cpu, 1),
        "player_errors": stats.errors[:errors_during][:10],
        "player_errors_as_the_tables_stopped": stats.errors[errors_during:][:10],
        "got": dict(sorted(ctx.got.items())),
        "records_after": records(data / "srv"),
        "server_tracebacks": (data / "server.log").read_text(errors="replace").count(
            "Traceback"),
        "data_dir": str(data),
    }


async def attack_alone(kind: str, given: dict[str, Any]) -> dict[str, Any]:
    """The attacker's process: the attack until its deadline, and what it got."""
    ctx = Context(given["port"], given["web"], Path(given["data"]), given["pid"],
                  time.monotonic() + given["seconds"], given["password"])
    try:
        await ATTACKS[kind](ctx)
    except Exception as exc:  # noqa: BLE001 - reported, not raised: the run goes on
        ctx.got["attack_failed"] = repr(exc)
    return ctx.got


def raise_own_limit() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("kind", choices=[*ATTACKS, "all"])
    ap.add_argument("--seconds", type=float, default=30.0,
                    help="the quiet window's length, and the attack's")
    ap.add_argument("--tables", type=int, default=2)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--as-attacker", metavar="JSON", help=argparse.SUPPRESS)
    parsed = ap.parse_args()
    raise_own_limit()
    if parsed.as_attacker:
        print(json.dumps(asyncio.run(attack_alone(parsed.kind,
                                                  json.loads(parsed.as_attacker)))))
        sys.exit(0)
    kinds = list(ATTACKS) if parsed.kind == "all" else [parsed.kind]
    for kind in kinds:
        print(json.dumps(asyncio.run(measure(kind, parsed)), indent=1), flush=True)
