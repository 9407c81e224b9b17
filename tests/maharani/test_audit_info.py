"""Audit of M-INFO-1: the bag's order (the only secret) never reaches a seat.

Markers, reserves, the board and the turntable are public (M-INFO-1), so what is
checked here is that no event, redacted event, log line or view names a tile that
is still in the bag, and that views hold the bag only as a sorted multiset.
"""

from __future__ import annotations

import re
from random import Random
from typing import Any

import msgspec
import pytest

from engine.core.describe import plain
from engine.maharani import RULESET, Options
from engine.maharani.board import palace
from tests.maharani.helpers import seats

TILE = re.compile(r"T_[A-Z]+-[A-Z0-9]+(?:-[A-Z0-9]+)*")


def _named(obj: Any) -> set[str]:
    """Tile ids in an event's fields or a line of text."""
    text = obj if isinstance(obj, str) else msgspec.json.encode(obj).decode()
    return {t for t in TILE.findall(text) if t in palace().tiles}


def _check(state: Any, event: Any, n: int) -> None:
    RULESET.apply(state, event)
    bag = set(state.bag)
    for seat in [*range(n), None]:
        seen = RULESET.redact(event, seat)
        assert not _named(seen) & bag, f"{event} names a tile still in the bag"
    line = plain(RULESET.describe(event, state))
    assert not _named(line) & bag, f"{line!r} names a tile still in the bag"


@pytest.mark.parametrize("n,seed", [(2, 3), (3, 5), (4, 8)])
def test_no_event_or_log_line_names_a_tile_still_in_the_bag(n: int, seed: int) -> None:
    """M-INFO-1, M-COMP-7, M-EOT-3: drawn tiles go face up at once; nothing else is told."""
    state = RULESET.new_state(Options(), seats(n))
    rng, pick = Random(seed), Random(seed + 1)
    steps = 0
    while not RULESET.is_over(state) and steps < 400:
        for event in RULESET.automatic(state, rng):
            _check(state, event, n)
        movers = RULESET.to_move(state)
        if not movers:
            continue
        intent = pick.choice(RULESET.legal_intents(state, movers[0]))
        for event in RULESET.decide(state, movers[0], intent):
            _check(state, event, n)
        steps += 1
        for seat in [*range(n), None]:
            view = RULESET.view(state, seat)
            assert view.bag == sorted(state.bag)  # which tiles, never their order
    assert steps > 20
