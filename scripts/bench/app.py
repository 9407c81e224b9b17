"""The terminal app's figures of the README's Benchmarks: launch, import, key to frame,
replay from file.

Each figure is measured beside its anchor in the same run, the two alternating run by
run so that a busy moment on a shared machine weighs on both:

* launch: a fresh ``python`` to the first frame of the game screen (headless, 80×24,
  ``maharaja play --seed 7`` through ``cli.main`` as the command runs it, computers at
  their real pace) vs a bare Textual app (Header, Static, Footer) started the same way;
* import: ``import maharaja_tui.app`` vs ``import textual.app``, each in a fresh
  interpreter (the time of the import statement; find the cost with ``-X importtime``);
* key to frame: in a seeded game at the player's turn, a highlight move (↓ in the
  action list) and an action (Enter on "Take 3 coins": play, re-read the view, redraw);
* replay: ``maharaja_tui/recordings/four-players.json`` read, checked (its digest: a fold-only
  load), folded and made a replay cursor that shows any position, vs
  ``msgspec.json.decode`` of the same file. The viewer describes the move log when it
  first shows it, which this figure leaves out (see engine/core/replay.py).

Saves go to a temporary data directory.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from bench.figure import Figure

ROOT = Path(__file__).resolve().parents[2]
RECORDING = ROOT / "maharaja_tui" / "recordings" / "four-players.json"

# The child prints the wall-clock time of its first frame of ``WANTED`` and exits at
# once (os._exit: shutting down is not part of the launch). Both apps run alike.
_FIRST_FRAME = """
import os, sys, time
from textual.app import App

def first_frame(app_class, wanted):
    class Timed(app_class):
        def _display(self, screen, renderable):
            super()._display(screen, renderable)
            if renderable is not None and type(screen).__name__ == wanted:
                print(time.time(), flush=True)
                os._exit(0)
    return Timed
"""

BARE_CHILD = _FIRST_FRAME + """
from textual.widgets import Footer, Header, Static

class Bare(App):
    def compose(self):
        yield Header()
        yield Static("Hello")
        yield Footer()

first_frame(Bare, "Screen")().run(headless=True, size=(80, 24))
"""

# ``maharaja play --seed 7`` as the command runs it: cli.main, its argument parsing and
# config file included (they imported every game; starting the app directly hid that).
APP_CHILD = _FIRST_FRAME + """
from maharaja_tui import app as app_module, cli

class Headless(first_frame(app_module.MaharajaApp, "GameScreen")):
    def run(self, **kwargs):
        return super().run(headless=True, size=(80, 24))

app_module.MaharajaApp = Headless
cli.main(["play", "--seed", "7"])
"""

IMPORT_CHILD = """
import time
t = time.perf_counter()
import {module}
print(time.perf_counter() - t)
"""


def _child_env(data: str) -> dict[str, str]:
    """Children import this checkout, save into ``data``, read no config file (the
    defaults, whatever the user running the bench has) and, as an installed app does,
    read compiled bytecode (PYTHONDONTWRITEBYTECODE would compile our modules anew at
    every start, which no user's install does; the warm-up run writes the caches)."""
    path = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p)
    env = {**os.environ, "PYTHONPATH": path, "XDG_DATA_HOME": data,
           "XDG_CONFIG_HOME": os.path.join(data, "config")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.pop("MAHARAJA_CONFIG", None)
    return env


def _launch(code: str, env: dict[str, str]) -> float:
    start = time.time()
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=env, cwd=ROOT, check=True, timeout=120)
    return float(out.stdout.split()[-1]) - start


def _imported(module: str, env: dict[str, str]) -> float:
    out = subprocess.run([sys.executable, "-c", IMPORT_CHILD.format(module=module)],
                         capture_output=True, text=True, env=env, cwd=ROOT, check=True,
                         timeout=120)
    return float(out.stdout.split()[-1])


def _paired(runs: int, value: Callable[[], float],
            anchor: Callable[[], float]) -> tuple[float, float]:
    """Medians of ``value`` and ``anchor``, measured alternately (one warm-up each)."""
    value(), anchor()
    values, anchors = [], []
    for _ in range(runs):
        values.append(value())
        anchors.append(anchor())
    return statistics.median(values), statistics.median(anchors)


def launch(runs: int, env: dict[str, str]) -> Figure:
    ours, bare = _paired(runs, lambda: _launch(APP_CHILD, env), lambda: _launch(BARE_CHILD, env))
    return Figure("launch to first game frame (headless, 80×24)", ours * 1e3, "ms", 1.3,
                  anchor=bare * 1e3, anchor_name="bare Textual app (Header, Static, Footer)")


def imports(runs: int, env: dict[str, str]) -> Figure:
    ours, textual = _paired(runs, lambda: _imported("maharaja_tui.app", env),
                            lambda: _imported("textual.app", env))
    return Figure("import of maharaja_tui.app", ours * 1e3, "ms", 1.15, anchor=textual * 1e3,
                  anchor_name="import of textual.app")


def replay(runs: int) -> Figure:
    import msgspec

    from engine.core import record
    from engine.core.replay import Replay
    from engine.registry import rulesets

    known = rulesets()

    def ours() -> None:
        Replay(record.load(RECORDING, known, validate=False))

    def decode() -> None:
        msgspec.json.decode(RECORDING.read_bytes())

    def best(fn: Callable[[], None]) -> float:
        times = []
        for _ in range(max(5, runs * 4)):
            t0 = time.perf_counter()
            fn()
            times.append(time.perf_counter() - t0)
        return statistics.median(times)

    ours_t, decode_t = _paired(3, lambda: best(ours), lambda: best(decode))
    return Figure(f"replay of {RECORDING.name} from file", ours_t * 1e3, "ms", 5.0,
                  anchor=decode_t * 1e3, anchor_name="msgspec.json.decode of it")


async def _key_times(runs: int) -> dict[str, list[float]]:
    sys.path.insert(0, str(ROOT))
    from maharaja_tui.app import MaharajaApp, Start
    from tests.tui import games

    frames: list[float] = []

    class Timed(MaharajaApp):
        def _display(self, screen, renderable) -> None:  # noqa: ANN001
            super()._display(screen, renderable)
            if renderable is not None:
                frames.append(time.perf_counter())

    async def frame_after(pilot, key: str) -> float:  # noqa: ANN001
        frames.clear()
        start = time.perf_counter()
        await pilot.press(key)
        for _ in range(200):
            await pilot.pause(0.005)
            if frames and time.perf_counter() - frames[-1] > 0.05:
                break  # the screen has settled
        return frames[-1] - start if frames else float("nan")

    def at_turn(game) -> bool:  # noqa: ANN001
        s = game.state
        return (s.phase == "actions" and s.turn is not None and s.turn.seat == 0
                and any(t.action == 5 and not t.done for t in s.turn.tasks) and not s.pending)

    out: dict[str, list[float]] = {"highlight": [], "action": []}
    seed = 100
    for _ in range(runs):
        while True:  # the next seed whose random play reaches such a turn
            seed += 1
            try:
                game = games.game_until(at_turn, seed=seed, limit=400)
                break
            except AssertionError:
                continue
        app = Timed(Start("game", game=game), computer_delay=3600)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause(0.3)
            for _ in range(3):
                out["highlight"].append(await frame_after(pilot, "down"))
            screen = app.game_screen()
            assert screen is not None
            labels = ["".join(t for t, _ in e.label) for e in screen.entries]
            index = next(i for i, label in enumerate(labels) if label.startswith("Take 3 coins"))
            await pilot.press("home", *(["down"] * index))
            await pilot.pause(0.2)
            out["action"].append(await frame_after(pilot, "enter"))
            assert any(t.action == 5 and t.done for t in game.state.turn.tasks)
    return out


def keys(runs: int) -> Iterator[Figure]:
    times = asyncio.run(_key_times(runs))
    yield Figure("key → frame: highlight (↓ in the action list)",
                 statistics.median(times["highlight"]) * 1e3, "ms", 8.0)
    yield Figure("key → frame: action (Enter on Take 3 coins)",
                 statistics.median(times["action"]) * 1e3, "ms", 30.0)


def figures(runs: int) -> Iterator[Figure]:
    with tempfile.TemporaryDirectory() as data:
        env = _child_env(data)
        os.environ["XDG_DATA_HOME"] = data  # the key benchmark's autosaves
        yield launch(runs, env)
        yield imports(runs, env)
        yield from keys(runs)
        yield replay(runs)
