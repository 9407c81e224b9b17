"""The session worker imports, before it forks, every module a new host imports on the
way to its first session: each module left out was imported again in every host, about
30 ms of its first session's start under load."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# The worker's own code as it runs (``python -m maharaja_server.session_ui.zygote``: ``__main__``,
# not ``maharaja_server.session_ui.zygote``), its warm-up, then what run_child and run_host import.
SCRIPT = textwrap.dedent("""
    import json, runpy, sys
    worker = runpy.run_module("maharaja_server.session_ui.zygote", run_name="__worker__")
    worker["warm"]([])
    before = set(sys.modules)
    from maharaja_server.session_ui import session  # run_child
    from maharaja_server.session_ui.host import run_host  # run_child
    from maharaja_server.session_ui.lobby import SessionApp  # Host._session
    from maharaja_server.session_ui.remote import Connection  # Host._session
    print(json.dumps(sorted(set(sys.modules) - before)))
""")


def test_a_new_host_imports_nothing_the_worker_has_not() -> None:
    out = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True,
                         text=True, timeout=120, check=True).stdout
    assert json.loads(out.splitlines()[-1]) == []
