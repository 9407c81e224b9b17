"""Another player's move leaves a session (nearly) no strip in a reference cycle: the
strips of a redraw are freed by their reference counts, so the moves leave the
collector little to do (in a session host, a collection pauses every session of the
host). Textual's ``Strip.divide`` keeps ``[strip]`` in the strip's own cache when one
cut takes it whole, which made most lines of a redraw a cycle: 98 strips over these 12
moves with Textual's compositor, 6 with a session's (partial_update)."""

from __future__ import annotations

import asyncio
import gc
from typing import Any

from terminal import run
from test_table_screen import SIZE, _Host, fill_the_log, long_table, play, settle
from textual.pilot import Pilot
from textual.strip import Strip

MOVES = 12


def test_moves_leave_no_strip_in_a_reference_cycle() -> None:
    table = long_table()
    found: dict[str, int] = {}

    async def moves(pilot: Pilot[Any]) -> None:
        await fill_the_log(pilot, table)
        gc.collect()
        gc.set_debug(gc.DEBUG_SAVEALL)  # what the collector finds is kept, to be counted
        try:
            for _ in range(MOVES):
                play(table)
                await settle(pilot)
            gc.collect()
            found["strips"] = sum(isinstance(o, Strip) for o in gc.garbage)
            found["garbage"] = len(gc.garbage)
        finally:
            gc.set_debug(0)
            gc.garbage.clear()

    asyncio.run(run(_Host(table, []), SIZE, moves))
    assert found["garbage"], "the collector found nothing at all: the count is not watching"
    assert found["strips"] < MOVES, found
