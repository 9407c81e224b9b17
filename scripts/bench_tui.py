"""Benchmark the terminal UI (not a test): launch time and key-press-to-frame time.

* launch: from starting a fresh ``python`` process to the first frame of the game
  screen drawn (headless, 80×24), over several runs;
* key to frame: in a seeded game at the player's turn, the time from a key press
  to the frame that shows its effect, for moving the highlight in the action list
  and for a typical action (Enter on "Take 3 coins": the engine plays it, the
  screen re-reads the seat view, the log and the legal intents and redraws).

Run: ``python scripts/bench_tui.py [--runs N]``. Saves go to a temporary directory.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

LAUNCH_CHILD = """
import asyncio, sys, time
from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.screens.game import GameScreen
from maharaja_tui.screens.new_game import default_setup

class Timed(MaharajaApp):
    def _display(self, screen, renderable):
        super()._display(screen, renderable)
        if isinstance(screen, GameScreen) and renderable is not None and not hasattr(self, "t"):
            self.t = time.time()

async def main():
    app = Timed(Start("play", setup=default_setup(3, 1)), computer_delay=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        while not hasattr(app, "t"):
            await pilot.pause(0.005)
        print(app.t)

asyncio.run(main())
"""


def launch_times(runs: int, env: dict[str, str]) -> list[float]:
    out = []
    for _ in range(runs):
        start = time.time()
        result = subprocess.run([sys.executable, "-c", LAUNCH_CHILD], capture_output=True,
                                text=True, env=env, cwd=ROOT, check=True)
        out.append(float(result.stdout.strip().splitlines()[-1]) - start)
    return out


async def key_times(runs: int) -> dict[str, list[float]]:
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

    out: dict[str, list[float]] = {"highlight (↓ in the action list)": [],
                                   "action (Enter on Take 3 coins)": []}
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
            out["highlight (↓ in the action list)"].append(await frame_after(pilot, "down"))
            screen = app.game_screen()
            labels = ["".join(t for t, _ in e.label) for e in screen.entries]
            index = next(i for i, label in enumerate(labels) if label.startswith("Take 3 coins"))
            await pilot.press("home", *(["down"] * index))
            await pilot.pause(0.2)
            out["action (Enter on Take 3 coins)"].append(await frame_after(pilot, "enter"))
            assert any(t.action == 5 and t.done for t in game.state.turn.tasks)
    return out


def report(name: str, values: list[float]) -> None:
    ms = [v * 1000 for v in values]
    print(f"{name:40s} median {statistics.median(ms):7.1f} ms   min {min(ms):7.1f}   "
          f"max {max(ms):7.1f}   ({len(ms)} runs)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        os.environ["XDG_DATA_HOME"] = data
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        report("launch → first game frame", launch_times(args.runs, env))
        for name, values in asyncio.run(key_times(args.runs)).items():
            report(f"key → frame: {name}", values)


if __name__ == "__main__":
    main()
