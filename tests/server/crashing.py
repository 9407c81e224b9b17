"""A ruleset spec for tests (``crashing:RULESET``, the fake game itself) whose import,
in the server and its session worker alike, makes a session's command ``crash`` raise
inside its app: one session crashing on purpose while the others go on."""

from __future__ import annotations

from typing import Any

from fake_ruleset import RULESET  # noqa: F401 - the spec's attribute

from maharaja_server.session_ui.lobby import SessionApp

_run_command = SessionApp.run_command


def run_command(self: Any, command: str) -> None:
    if command == "crash":
        raise RuntimeError("a crash on purpose (tests/server/crashing.py)")
    _run_command(self, command)


SessionApp.run_command = run_command  # type: ignore[method-assign]
