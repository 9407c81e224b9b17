"""The first frame of ``maharaja play --seed 7`` in a fresh interpreter, as the command runs
it (cli.main, headless, 80×24): what the launch imports, parses and draws, without the
test process's own imports in the way."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

_CHILD = """
import json, os, sys
from maharaja_tui import app, cli
BEFORE
class FirstFrame(app.MaharajaApp):
    def run(self, **kwargs):
        return super().run(headless=True, size=(80, 24))

    def post_display_hook(self):
        # Textual's public hook after each display; the game screen's first is its first
        # frame (a screen's first refresh draws it whole)
        if type(self.screen).__name__ == "GameScreen":
            print(json.dumps(REPORT))
            sys.stdout.flush()
            os._exit(0)

app.MaharajaApp = FirstFrame
cli.main(["play", "--seed", "7"])
"""


def first_frame_code(report: str, before: str = "") -> str:
    """The child's code: ``before`` runs once the app module is imported; at the first game
    frame it prints ``report`` (a Python expression of ``self``, the app) as JSON."""
    return _CHILD.replace("BEFORE", before).replace("REPORT", report)


def run_child(code: str, data: Path, cache: Path | None = None) -> dict[str, object]:
    """Run ``code`` with its own data and config dirs (no config file: the defaults) and,
    when given, its own cache dir; return the JSON of its last line."""
    env = {**os.environ, "XDG_DATA_HOME": str(data), "XDG_CONFIG_HOME": str(data / "config"),
           "PYTHONPATH": os.pathsep.join(filter(None, (str(ROOT), os.environ.get("PYTHONPATH"))))}
    if cache is not None:
        env["XDG_CACHE_HOME"] = str(cache)
    env.pop("MAHARAJA_CONFIG", None)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=env, cwd=ROOT, timeout=180)
    assert out.returncode == 0, out.stderr[-2000:]
    return json.loads(out.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]
