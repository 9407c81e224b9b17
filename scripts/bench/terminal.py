"""Key to visible frame in a real terminal: tmux, its screen polled, beside a bare
Textual app doing the same kind of redraw in the same run.

The headless figures of ``app.py`` time Textual's own frame; a person sees the frame
once the bytes have crossed a pty and a terminal has parsed them. Here both apps run
in tmux windows of 80×24 (one tmux server of our own, its own socket), driven through
one tmux control-mode client: a key is sent with ``send-keys`` and the window's text is
read with ``capture-pane`` (0.3-0.5 ms each, the polling's resolution; checked
against the pane's ``%output`` notices, which say when tmux read the frame) until
it has stopped changing for ``SETTLED`` seconds. The figure is the time from
sending the key to the last change seen: the screen as it stays.

* ours: ``maharaja load`` of a seeded Maharaja game at the player's turn, the action
  list focused; highlight = ↓ in the list, action = Enter on "Take 3 coins" (the
  engine plays it, the view is re-read, the board, player panel, log and list are
  redrawn and the game autosaved), undone with ctrl+z between samples;
* bare: a Textual app of a header, a text panel, an OptionList of five entries and a
  footer; highlight = ↓, action = Enter (the panel's text and the list's entries
  replaced), ctrl+z puts them back.

The two alternate sample by sample so a busy moment of a shared machine weighs on
both. Needs ``tmux`` on the PATH; saves go to a temporary data directory.
"""

from __future__ import annotations

import io
import os
import queue
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from bench.figure import Figure

ROOT = Path(__file__).resolve().parents[2]
SIZE = (80, 24)
SETTLED = 0.25  # no change for this long: the frame is the one that stays
TIMEOUT = 5.0  # a key that changes nothing in this long is a failed sample

BARE_APP = '''
from textual.app import App
from textual.widgets import Footer, Header, OptionList, Static

ENTRIES = ["Take 3 coins, arrow 1", "Take 2 shrines, arrow 2",
           "Use character 4: Pay 1 PP, take 1 action token", "End your turn",
           "Move your priest: road R10 is closed"]

class Bare(App):
    BINDINGS = [("ctrl+z", "undo", "Undo")]

    def compose(self):
        yield Header()
        yield Static("23 coins", id="panel")
        yield OptionList(*ENTRIES)
        yield Footer()

    def on_mount(self):
        self.query_one(Static).styles.height = "1fr"
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event):
        self.query_one(Static).update("26 coins\\nRed takes 3 coins (Take 3 coins)")
        options = self.query_one(OptionList)
        options.clear_options()
        options.add_options(ENTRIES[1:])

    def action_undo(self):
        self.query_one(Static).update("23 coins")
        options = self.query_one(OptionList)
        options.clear_options()
        options.add_options(ENTRIES)

Bare().run()
'''


class Tmux:
    """A tmux server of our own, driven through one control-mode client."""

    def __init__(self) -> None:
        self.socket = f"bench-terminal-{os.getpid()}"
        self._blocks: queue.Queue[list[str]] = queue.Queue()
        self._client: subprocess.Popen[bytes] | None = None

    def start(self, name: str, command: str) -> None:
        width, height = SIZE
        made = subprocess.run(["tmux", "-L", self.socket, "new-session", "-d", "-s", name,
                               "-x", str(width), "-y", str(height), command],
                              capture_output=True, text=True)
        if made.returncode:
            raise RuntimeError(f"tmux new-session {name}: {made.stderr.strip()}")
        if self._client is None:
            self._client = subprocess.Popen(
                ["tmux", "-L", self.socket, "-C", "attach", "-t", name],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
            threading.Thread(target=self._read, daemon=True).start()
            self._blocks.get(timeout=TIMEOUT)  # attaching answers with a block of its own

    def _read(self) -> None:
        assert self._client is not None and self._client.stdout is not None
        block: list[str] | None = None
        # Buffered: the pipe is unbuffered (bufsize=0, for the commands written to it),
        # and a line read from an unbuffered pipe is read a byte a call. A screen of
        # 7 KB then took 6 ms to read, against 0.4 ms buffered: a poll slower for the
        # app with more colours on its screen, and so a coarser figure for it.
        for raw in io.BufferedReader(self._client.stdout):
            line = raw.decode(errors="replace").rstrip("\n")
            if block is None:
                if line.startswith("%begin"):
                    block = []
                continue  # a notification (%output, %window-add...)
            if line.startswith(("%end", "%error")):
                self._blocks.put(block)
                block = None
            else:
                block.append(line)

    def command(self, text: str) -> list[str]:
        assert self._client is not None and self._client.stdin is not None
        self._client.stdin.write(text.encode() + b"\n")
        return self._blocks.get(timeout=TIMEOUT)

    def screen(self, name: str) -> str:
        return "\n".join(self.command(f"capture-pane -p -e -t {name}"))

    def key(self, name: str, key: str) -> None:
        self.command(f"send-keys -t {name} {key}")

    def settled(self, name: str) -> str:
        """The screen once it has not changed for ``SETTLED`` seconds."""
        last, since = self.screen(name), time.perf_counter()
        while time.perf_counter() - since < SETTLED:
            now = self.screen(name)
            if now != last:
                last, since = now, time.perf_counter()
        return last

    def wait_for(self, name: str, text: str) -> None:
        deadline = time.perf_counter() + 30
        while text not in self.screen(name):
            if time.perf_counter() > deadline:
                raise RuntimeError(f"{name}: {text!r} never showed:\n{self.screen(name)}")
            time.sleep(0.05)

    def key_to_frame(self, name: str, key: str) -> float:
        """Seconds from sending ``key`` to the last change of the screen it caused."""
        before = self.settled(name)
        start = time.perf_counter()
        self.key(name, key)
        last_screen, last_change = before, None
        while True:
            now = self.screen(name)
            moment = time.perf_counter()
            if now != last_screen:
                last_screen, last_change = now, moment
            elif last_change is not None and moment - last_change >= SETTLED:
                return last_change - start
            elif last_change is None and moment - start > TIMEOUT:
                raise RuntimeError(f"{name}: {key} changed nothing on the screen")

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], check=False,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if self._client is not None:
            self._client.wait(timeout=TIMEOUT)


def _saved_game(path: Path) -> None:
    """A seeded Maharaja game at the player's turn with Take 3 coins still to do."""
    code = f"""
import sys
sys.path.insert(0, {str(ROOT)!r})
from engine.core import record
from tests.tui import games

def at_turn(game):
    s = game.state
    return (s.phase == "actions" and s.turn is not None and s.turn.seat == 0
            and any(t.action == 5 and not t.done for t in s.turn.tasks) and not s.pending)

record.save(games.game_until(at_turn, seed=101, limit=400), {str(path)!r})
"""
    subprocess.run([sys.executable, "-c", code], check=True)


def _samples(runs: int, data: str) -> dict[str, list[float]]:
    saved = Path(data) / "at-turn.json"
    _saved_game(saved)
    bare = Path(data) / "bare.py"
    bare.write_text(BARE_APP)
    env = f"XDG_DATA_HOME={shlex.quote(data)}"
    tmux = Tmux()
    times: dict[str, list[float]] = {k: [] for k in
                                     ("ours highlight", "bare highlight", "ours action",
                                      "bare action")}
    try:
        maharaja = shutil.which("maharaja") or "maharaja"
        tmux.start("ours", f"env {env} {maharaja} load {shlex.quote(str(saved))}")
        tmux.start("bare", f"env {env} {sys.executable} {shlex.quote(str(bare))}")
        tmux.wait_for("ours", "Take 3 coins, arrow 1")
        tmux.wait_for("bare", "Take 3 coins, arrow 1")
        for _ in range(runs):
            for name in ("ours", "bare"):
                tmux.key(name, "Home")
                times[f"{name} highlight"].append(tmux.key_to_frame(name, "Down"))
            for name in ("ours", "bare"):
                tmux.key(name, "Home")
                times[f"{name} action"].append(tmux.key_to_frame(name, "Enter"))
                tmux.key(name, "C-z")
                tmux.wait_for(name, "Take 3 coins, arrow 1")
    finally:
        tmux.close()
    return times


def figures(runs: int) -> Iterator[Figure]:
    if shutil.which("tmux") is None:
        raise RuntimeError("tmux is not installed: this benchmark needs a real terminal")
    with tempfile.TemporaryDirectory() as data:
        times = _samples(max(runs, 5), data)
    for what, label in (("highlight", "highlight (↓ in the action list)"),
                        ("action", "action (Enter on Take 3 coins)")):
        ours = statistics.median(times[f"ours {what}"]) * 1e3
        bare = statistics.median(times[f"bare {what}"]) * 1e3
        yield Figure(f"key → visible frame in tmux 80×24: {label}", ours, "ms", 2.0,
                     anchor=bare, anchor_name="a bare Textual app, same redraw",
                     detail=f"median of {len(times[f'ours {what}'])} samples")
