"""A hosted session's app starts at its terminal's size.

Textual lays the first screen out at the app console's size before its driver reads
the terminal's. A host has no terminal of its own, so every session began at Rich's
80x25 and was laid out again at its real size; a session opened on a table at once
(``ssh … join 3``) left its lobby under the table with both sizes queued, and that
lobby resized itself back and forth for ever: a whole core, every other session of
its host stalled (seen as players who never saw their game under load).
"""

from __future__ import annotations

import fcntl
import os
import struct
import termios

from fake_ruleset import RULESET
from textual.geometry import Size

from maharaja_server.session_ui.host import session_app
from maharaja_server.session_ui.zygote import _Rehearsal


def test_a_hosted_session_app_is_made_at_its_ptys_size() -> None:
    master, slave = os.openpty()
    try:
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 34, 110, 0, 0))
        before = {name: os.environ.get(name) for name in ("COLUMNS", "LINES")}
        app = session_app(_Rehearsal({"fake": RULESET}), {"fake": RULESET},  # type: ignore[arg-type]
                          {"env": {"TERM": "xterm-256color"}, "command": "join 1"}, slave)
        assert app.size == Size(110, 34)
        # The host's own environment is left as it was for its other sessions.
        assert {name: os.environ.get(name) for name in before} == before
    finally:
        os.close(master)
        os.close(slave)
