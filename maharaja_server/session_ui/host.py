"""A session host: one forked process that runs several sessions, each its own app.

A forked child copies about 14 MB of the worker's pages the moment it runs Python
(reference counts and specialised bytecode are written into shared objects; Python
3.11 cannot avoid it), whatever the session does. A host pays that once for up to
``MAHARAJA_SESSIONS_PER_PROCESS`` sessions: each is its own Textual ``App`` on its
own pty, driven by its own task on the host's event loop, with its own hub
connection (its token names its own login; the hub answers it for its own seats).

What isolation means here:
- an exception in one session ends that session only: Textual's handler (or the
  guard around its task) logs it and closes that session's terminal; the others run
  on (``run_session``);
- a hung-up terminal, or a client that stops reading, ends or buffers that session
  only (``HostedWriter`` never blocks the loop; it hangs up past ``MAX_PENDING``);
- limits that can only be per process are per host: the address-space cap (the
  configured cap times the sessions a host may hold), the CPU (one session's long
  computation delays its neighbours' frames), and a hard crash of the interpreter
  (a segfault) ends every session of that host. Sessions have no controlling
  terminal, so a window-size change is read from the pty (``RESIZE_POLL``), not
  from SIGWINCH.

Protocol on the host's socket with the zygote (SOCK_SEQPACKET, one JSON object per
message): zygote -> host ``{"session": S, "env": ..., "token": ..., "command": ...}``
with the pty passed as SCM_RIGHTS, and ``{"end": S}`` to hang a session up; host ->
zygote ``{"exit": S, "code": C}`` when a session ends. At EOF the host takes no new
session and exits once its last one has ended.

Garbage collection: a full collection traverses every object of every session of the
host and pauses them all, so each session's start-up objects (its app, styles, first
screen) are frozen out of the collector's reach after its first frame. A frozen object
is still freed when its last reference goes, but a frozen reference cycle is never
collected: what an ended session leaves in cycles stays until its host exits. A host
therefore takes at most ``lifetime_sessions`` sessions in its life (the zygote counts
them too), then none, and exits when its last one ends, taking those cycles with it.
"""

from __future__ import annotations

import array
import asyncio
import fcntl
import gc
import io
import json
import logging
import os
import queue
import signal
import socket
import struct
import termios
import threading
import traceback
from collections.abc import Callable, Collection, Iterator
from contextlib import contextmanager
from functools import partial
from typing import IO, Any

from rich.console import Console
from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.messages import InBandWindowResize

from maharaja_server.session_ui import gcstats
from maharaja_server.session_ui.inputgate import GatedDriver, InputGate
from maharaja_server.session_ui.lobby import SessionApp
from maharaja_server.session_ui.priority import StartingWeight, Weight, host_weight
from maharaja_server.session_ui.remote import Connection
from maharaja_server.session_ui.session import sessions_per_process

log = logging.getLogger("maharaja_server.session_ui.host")

MAX_MESSAGE = 64 * 1024
RESIZE_POLL = 0.25  # seconds between reads of a session's window size
MAX_PENDING = 4 * 1024 * 1024  # bytes of output a client may leave unread
STOP_WAIT = 1.0  # seconds a session's end waits for its output to be taken
END_GRACE = 5.0  # seconds a hung-up session has to end before its task is cancelled
HUB_CHECK = 1.0  # seconds between looks at the sessions' hub connections
PER_SESSION_ENV = ("TERM", "COLORTERM")  # what differs between sessions' environments
LIFETIME_ROUNDS = 2  # a host takes at most this many times its sessions per process
# The collector's thresholds in a host (Python's are 700, 10, 10); see tune_collector.
GC_THRESHOLDS = (10_000, 20, 20)


def lifetime_sessions(per_process: int) -> int:
    """How many sessions a host takes in its life: with 4 at a time, 8, so at most 7
    ended sessions' frozen start-up cycles (a few MB each) wait for the host's exit;
    1 process a session needs no quota (its process ends with it)."""
    return per_process * LIFETIME_ROUNDS if per_process > 1 else 1


class HostedWriter(threading.Thread):
    """The output of a hosted session: it never blocks the host's loop.

    Textual's writer holds 30 frames and then blocks the app until the terminal takes
    them; in a host that would stall every session behind one slow client. Here a frame
    goes straight to the terminal from the loop when nothing waits before it and the
    terminal takes it without waiting (``direct``, the pty opened again non-blocking:
    most frames, with no hand-over to the thread, whose wake-up cost about as much as
    the write); what it does not take waits in the thread's queue, unbounded and
    counted: past ``MAX_PENDING`` unread bytes the session is hung up. A terminal that
    fails (hung up) is written no more.

    ``file`` (binary) and ``direct`` are the writer's own descriptors, closed when it
    ends: the host closes the session's descriptor meanwhile, and its number may then be
    another session's pty; these can never be."""

    def __init__(self, file: IO[bytes], hang_up: Callable[[str], None],
                 direct: int | None = None) -> None:
        super().__init__(daemon=True, name="session-output")
        self._out = file
        self._frames: queue.Queue[bytes | None] = queue.Queue()
        self._pending = 0  # bytes queued or being written by the thread
        self._lock = threading.Lock()
        self._hang_up = hang_up
        self._direct = direct
        self.failed = False

    def write(self, text: str) -> None:
        if self.failed:
            return
        data = text.encode("utf-8", "replace")
        with self._lock:
            if self._direct is not None and not self._pending:
                try:  # nothing before it: as much as the terminal takes at once
                    written = os.write(self._direct, data)
                except OSError:  # full (BlockingIOError), or gone: the thread finds out
                    written = 0
                if written == len(data):
                    return
                data = data[written:]
            self._pending += len(data)
            over = self._pending > MAX_PENDING
            if not over:
                self._frames.put(data)
        if over:
            self.failed = True
            self._hang_up("its client left too much output unread")

    def run(self) -> None:
        try:
            self._drain()
        finally:
            try:
                self._out.close()
            except (OSError, ValueError):
                pass

    def stop(self) -> None:
        """Ask the thread to end; wait a little, never for a terminal that does not read
        (it ends when the server closes the pty)."""
        with self._lock:
            direct, self._direct = self._direct, None
        if direct is not None:
            os.close(direct)
        self._frames.put(None)
        self.join(STOP_WAIT)

    def _drain(self) -> None:
        while True:
            data = self._frames.get()
            if data is None:
                break
            try:
                if not self.failed:
                    self._out.write(data)
                    if self._frames.qsize() == 0:
                        self._out.flush()
            except (OSError, ValueError):
                self.failed = True  # the terminal is gone: drain the rest unwritten
                self._hang_up("its terminal was hung up")
            finally:
                # Counted until written (and flushed, when nothing follows), so a frame
                # written straight never overtakes it.
                with self._lock:
                    self._pending -= len(data)


class HostedDriver(GatedDriver):
    """Textual's Linux driver on the session's own pty instead of the process's stdio,
    its output through a ``HostedWriter``, its window size read from the pty."""

    def __init__(self, app: SessionApp, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        # LinuxDriver hooks SIGTSTP/SIGCONT process-wide; a host is suspended by nobody.
        for sig in (signal.SIGTSTP, signal.SIGCONT):
            signal.signal(sig, signal.SIG_IGN)
        self.gate = InputGate()  # one session's backlog never holds up another's input
        assert app.terminal is not None  # a hosted session's app runs on its pty
        self.session = app
        self.session_loop = asyncio.get_running_loop()  # the app's, as Textual's drivers
        self.terminal: int = app.terminal
        self.fileno = self.terminal
        self.input_tty = os.isatty(self.terminal)
        self._hosted: HostedWriter | None = None
        self._window: tuple[int, int] | None = None  # the size the app was last told
        self._poll: asyncio.TimerHandle | None = None
        self._in_band_resize = False  # the terminal reports its size itself

    def window_size(self) -> tuple[int, int]:
        """The pty's size (columns, rows): what the server set from the client's."""
        return pty_size(self.terminal) or self._window or (80, 24)

    def start_application_mode(self) -> None:
        # Our writer first, so everything Textual writes on the way goes through it
        # (``write`` below); the writer Textual starts on the host's stderr (/dev/null)
        # is never written to.
        file = open(os.dup(self.terminal), "wb")  # noqa: SIM115 - the writer closes it
        try:  # its own open file: non-blocking, without changing the input's descriptor
            direct: int | None = os.open(os.ttyname(self.terminal),
                                         os.O_WRONLY | os.O_NONBLOCK | os.O_NOCTTY)
        except OSError:
            direct = None  # every frame through the thread
        self._hosted = HostedWriter(file, self.hang_up, direct)
        self._hosted.start()
        # Textual sizes the app from COLUMNS and LINES (shutil.get_terminal_size reads
        # them first), which the host's own terminal, it has none, cannot give: the pty's.
        columns, lines = self.window_size()
        with session_environ({"COLUMNS": str(columns), "LINES": str(lines)},
                             ("COLUMNS", "LINES")):
            super().start_application_mode()  # type: ignore[no-untyped-call]  # Textual: unannotated
        self._check_size()  # and told the pty's own, should Textual have read another

    def write(self, data: str) -> None:
        if self._hosted is not None:
            self._hosted.write(data)

    def close(self) -> None:
        super().close()
        if self._hosted is not None:
            self._hosted.stop()

    def process_message(self, message: Message) -> None:
        if isinstance(message, InBandWindowResize) and message.supported:
            self._in_band_resize = True  # its own reports follow: no need to poll
        super().process_message(message)

    def _check_size(self) -> None:
        size = self.window_size()
        if size != self._window and not self._in_band_resize:
            self._window = size
            textual_size = Size(*size)
            self.session.post_message(events.Resize(textual_size, textual_size))
        self._poll = self.session_loop.call_later(RESIZE_POLL, self._check_size)

    def disable_input(self) -> None:
        if self._poll is not None:
            self._poll.cancel()
            self._poll = None
        super().disable_input()

    def hang_up(self, why: str) -> None:
        """From any thread: end this session (its terminal is gone or will not read)."""
        log.info("session on fd %d ends: %s", self.terminal, why)
        try:
            self.session_loop.call_soon_threadsafe(self.session.exit)
        except RuntimeError:
            pass  # the loop is closing

    def input_ended(self, error: OSError) -> None:
        """EIO: the pty was hung up; the session ends, quietly."""
        self.hang_up("its terminal was hung up")

    def run_input_thread(self) -> None:
        try:
            super().run_input_thread()
        except BaseException:  # noqa: BLE001 - this session's input failed: it ends alone
            log.exception("session input failed")
            self.hang_up("its input failed")


def tune_collector() -> None:
    """Collect less often: a redraw allocates thousands of short-lived objects (strips,
    segments, messages), nearly all freed by their reference counts, yet each 700 of
    them set off a young collection, and every tenth of those an older one over the
    objects of every session of the host (about a millisecond a move a session at 128
    sessions). Ten thousand lets them die first; the few cycles a redraw
    leaves wait a little longer (tens of kilobytes)."""
    gc.set_threshold(*GC_THRESHOLDS)


def colour_system(env: dict[str, str]) -> str:
    """The colour depth a session with ``env`` is drawn in. Sessions of one host must
    share it: Rich keeps a style's escape codes on the style object itself (``_ansi``)
    and Textual shares style objects between apps, so a 256-colour session's codes
    would reach an 8-colour terminal sharing its host."""
    console = Console(_environ=dict(env), force_terminal=True, file=io.StringIO())
    return str(console.color_system)


def pty_size(terminal: int) -> tuple[int, int] | None:
    """The size (columns, rows) of the pty ``terminal``, None when it cannot be read;
    a side the client left at 0 reads as 80 columns or 24 rows."""
    try:
        rows, cols, _, _ = struct.unpack(
            "HHHH", fcntl.ioctl(terminal, termios.TIOCGWINSZ, b"\0" * 8))
    except OSError:
        return None
    return (cols or 80, rows or 24)


def sized_environ(env: dict[str, str], terminal: int) -> dict[str, str]:
    """``env`` with the pty's size as COLUMNS and LINES, which the app's console reads
    when it is made: Textual lays the first screen out at the console's size before the
    driver tells the real one, so without them a session started at Rich's 80x25 and
    its first screen was laid out twice. Worse, that first screen, left under a table
    opened at once (``ssh … join 3``), got both sizes queued and resized itself back
    and forth for ever, a whole core, stalling every other session of its host."""
    size = pty_size(terminal)
    if size is None:
        return env
    return {**env, "COLUMNS": str(size[0]), "LINES": str(size[1])}


@contextmanager
def session_environ(env: dict[str, str],
                    names: Collection[str] = PER_SESSION_ENV) -> Iterator[None]:
    """The session's ``names`` in the environment (its terminal type while its app is
    built: Rich reads the environment when a console is made); the host's own
    afterwards."""
    saved = {name: os.environ.get(name) for name in names}
    for name in names:
        if name in env:
            os.environ[name] = env[name]
        else:
            os.environ.pop(name, None)
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def session_app(conn: Connection, rulesets: dict[str, Any], request: dict[str, Any],
                terminal: int) -> SessionApp:
    """The app of the session ``request`` asks for, on its pty ``terminal``, made in
    the session's environment (its terminal type, its pty's size)."""
    with session_environ(sized_environ(request.get("env", {}), terminal),
                         (*PER_SESSION_ENV, "COLUMNS", "LINES")):
        return SessionApp(conn, rulesets, request.get("command", ""),
                          terminal=terminal, driver_class=HostedDriver)


class Host:
    """The sessions of this process, and its socket to the zygote."""

    def __init__(self, sock: socket.socket, rulesets: dict[str, Any],
                 lifetime: int = 1) -> None:
        self.sock = sock
        self.lifetime = lifetime  # sessions this host may take in its life
        self.rulesets = rulesets
        self.sessions: dict[int, asyncio.Task[None]] = {}
        self.apps: dict[int, Any] = {}
        self.conns: dict[int, Connection] = {}  # each session's to the hub
        self.exit: Callable[[int], None] = os._exit  # the host's end, when all else fails
        self.accepting = True
        self.done: asyncio.Event | None = None
        self.taken = 0  # sessions started in this host's life
        self.frozen = 0  # objects frozen so far (for tests and the load benchmark)
        self.gc_stats: gcstats.GcStats | None = None  # for the load benchmark
        # The host's CPU weight, low while a session starts (priority.py); none by
        # default: a host in a test must not change the test runner's.
        self.priority = StartingWeight(None, self._later)

    def weigh(self, weight: Weight | None) -> None:
        """Change the host's CPU weight with ``weight`` while its sessions start."""
        self.priority = StartingWeight(weight, self._later)

    @staticmethod
    def _later(delay: float, callback: Callable[[], None]) -> object:
        return asyncio.get_running_loop().call_later(delay, callback)

    def start(self, request: dict[str, Any], terminal: int) -> None:
        sid = int(request["session"])
        if not self.taken:
            # The host's environment is its first session's, as in a host forked with it
            # (run_child): a spare host started with the worker's, without the terminal's.
            os.environ.update(request.get("env", {}))
        self.taken += 1
        self.priority.starting(sid)  # until its first frame (first_frame)
        if self.taken >= self.lifetime:
            self.accepting = False  # the zygote knows it too and sends no more
        self.sessions[sid] = asyncio.get_running_loop().create_task(
            self.run_session(sid, request, terminal))

    async def run_session(self, sid: int, request: dict[str, Any], terminal: int) -> None:
        code = 1
        try:
            code = await self._session(sid, request, terminal)
        except asyncio.CancelledError:
            log.info("session %d ended: it did not end by itself when told", sid)
        except BaseException as exc:  # noqa: BLE001 - contained: the other sessions run on
            log.error("session %d failed:\n%s", sid,
                      "".join(traceback.format_exception(exc)).rstrip())
            try:
                os.write(terminal, b"\r\nThe session hit an internal error and was closed; "
                                   b"the server has logged it.\r\n")
            except OSError:
                pass
        finally:
            self.priority.started(sid)  # should it end before its first frame
            self.apps.pop(sid, None)
            self.conns.pop(sid, None)
            try:
                os.close(terminal)
            except OSError:
                pass
            self.report({"exit": sid, "code": code})
            self.sessions.pop(sid, None)
            # So far, in case the host is killed before its end.
            gcstats.write(self.gc_stats, sessions=self.taken, frozen=self.frozen)
            self._maybe_done()

    async def _session(self, sid: int, request: dict[str, Any], terminal: int) -> int:
        try:  # in a thread: the hub's hello must not hold up the host's other sessions
            conn = await asyncio.to_thread(Connection, os.environ["MAHARAJA_SOCKET"],
                                           request.get("token", ""))
        except (OSError, KeyError) as exc:
            os.write(terminal, f"The game server is not reachable ({exc}).\r\n".encode())
            return 1
        self.conns[sid] = conn
        try:
            app = session_app(conn, self.rulesets, request, terminal)
            app.on_first_frame = partial(self.first_frame, sid)
            self.apps[sid] = app
            await app.run_async()
            if app.crash_line is not None:  # once its terminal is restored: its one line
                try:
                    os.write(terminal, (app.crash_line + "\r\n").encode())
                except OSError:
                    pass  # the terminal is gone
            return app.return_code or 0
        finally:
            conn.close()

    def first_frame(self, sid: int) -> None:
        """Session ``sid`` shows its first screen: it has started."""
        self.freeze()
        self.priority.started(sid)

    def freeze(self) -> None:
        """A session's first frame is up: what it has built so far lives as long as it
        does, so the collector need not traverse it again (see the module's note)."""
        gc.freeze()
        self.frozen = gc.get_freeze_count()

    def end(self, sid: int) -> None:
        """The server hangs a session up: its app exits, or its task is cancelled."""
        app = self.apps.get(sid)
        task = self.sessions.get(sid)
        if app is not None:
            app.exit()
        if task is not None:
            asyncio.get_running_loop().call_later(END_GRACE, task.cancel)

    async def watch_hub(self) -> None:
        """A session whose hub connection has closed (its server went, or hung it up)
        has ``END_GRACE`` to end; then its task is cancelled, as ``end`` does. Its app
        is told to exit when its connection closes and its terminal hangs up, but one
        that was still starting, or stuck on its way out, once kept its host (and a
        share of a core, redrawing) for ever after a killed server: Textual's message
        loops take a cancellation as the end of their loop, not of their task, so one
        may still not end. When every session left has been so gone for twice the
        grace period, the host exits: nothing it holds can reach a player any more."""
        closed_since: dict[int, float] = {}
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(HUB_CHECK)
            now = loop.time()
            for sid, conn in list(self.conns.items()):
                if not conn.closed:
                    continue
                task = self.sessions.get(sid)
                if now - closed_since.setdefault(sid, now) >= END_GRACE and task is not None:
                    task.cancel()
            stuck = [sid for sid in self.sessions
                     if now - closed_since.get(sid, now) >= 2 * END_GRACE]
            if stuck and len(stuck) == len(self.sessions):
                log.warning("sessions %s did not end after their hub connection closed: "
                            "their host exits", stuck)
                self.exit(0)
                return

    def report(self, message: dict[str, Any]) -> None:
        try:
            self.sock.send(json.dumps(message).encode())
        except OSError:
            pass  # the zygote is gone; the server sees the pty close

    def on_message(self) -> None:
        fds = array.array("i")
        try:
            data, ancdata, _, _ = self.sock.recvmsg(MAX_MESSAGE,
                                                    socket.CMSG_SPACE(fds.itemsize))
        except BlockingIOError:
            return
        except OSError:
            data, ancdata = b"", []
        for level, kind, payload in ancdata:
            if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
                fds.frombytes(payload[:len(payload) - len(payload) % fds.itemsize])
        if not data:
            asyncio.get_running_loop().remove_reader(self.sock.fileno())
            self.accepting = False
            self._maybe_done()
            return
        message = json.loads(data)
        if "end" in message:
            self.end(int(message["end"]))
        elif len(fds) == 1 and self.accepting:
            self.start(message, fds[0])
        else:
            for fd in fds:
                os.close(fd)

    def _maybe_done(self) -> None:
        if not self.accepting and not self.sessions and self.done is not None:
            self.done.set()

    async def serve(self, request: dict[str, Any], terminal: int | None) -> None:
        """Serve sessions, the first given (``terminal`` its pty) or none yet (a spare
        host, forked ahead: its first comes over the socket as the others do)."""
        self.done = asyncio.Event()
        self.sock.setblocking(False)
        asyncio.get_running_loop().add_reader(self.sock.fileno(), self.on_message)
        if terminal is not None:
            self.start(request, terminal)
        watch = asyncio.get_running_loop().create_task(self.watch_hub())
        try:
            await self.done.wait()
        finally:
            watch.cancel()


def run_host(sock: socket.socket, request: dict[str, Any], terminal: int | None,
             rulesets: dict[str, Any]) -> int:
    """In the forked host: serve sessions until the zygote lets go and the last ends."""
    os.setsid()  # its own session, without a controlling terminal
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):  # a session's output goes to its own pty, never to the host's
        os.dup2(null, fd)
    os.close(null)
    host = Host(sock, rulesets, lifetime_sessions(sessions_per_process(os.environ)))
    host.gc_stats = gcstats.install()
    host.weigh(host_weight())
    tune_collector()

    async def hosted() -> None:
        await host.serve(request, terminal)
        # asyncio.run then cancels the tasks left and waits for them: one of a session's
        # that ignored its cancellation would keep the host for ever.
        asyncio.get_running_loop().call_later(END_GRACE, os._exit, 0)

    asyncio.run(hosted())
    return 0
