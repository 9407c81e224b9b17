"""``python -m rated_node ARGS``: ``maharaja serve ARGS`` with the test game registered
with an outcome (the higher score wins), so that its tables may be rated: a server
process of the shared-ledger tests."""

from __future__ import annotations

import sys
from typing import Any

from engine.registry import GameSpec, SeatColour, register
from maharaja_server.transport.cli import serve_main


def outcome(state: Any) -> dict[str, list[int]]:
    scores = list(state.scores) or [0] * state.seats
    best = max(scores)
    return {"winners": [seat for seat, score in enumerate(scores) if score == best],
            "scores": scores}


register(GameSpec(
    id="test-secrets", title="Secret Duel (test)", ruleset="fake_ruleset:RULESET",
    seats=(2, 2, 2),
    palette=(SeatColour("white", "O", "#f0f0f0"), SeatColour("black", "X", "#a0a0ff")),
    outcome="rated_node:outcome"))

if __name__ == "__main__":
    sys.exit(serve_main(sys.argv[1:]))
