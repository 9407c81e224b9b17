"""A session host's garbage collector runs seldom during redraws."""

from __future__ import annotations

import asyncio
import gc
import inspect
from typing import Any

from fake_ruleset import LONG
from test_table_screen import _Host, fill_the_log

from engine.core.game import Game
from engine.core.ruleset import HUMAN, Seat
from engine.core.table import LocalTable
from maharaja_server.session_ui import host


def collections_over_moves(moves: int) -> int:
    """Collections started while another player's ``moves`` are drawn on a table screen."""
    table = LocalTable(Game(LONG, [Seat(f"p{i}", HUMAN) for i in range(4)], None, 7))
    started: list[int] = []

    def count(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            started.append(info["generation"])

    async def run() -> None:
        app = _Host(table)
        async with app.run_test(size=(110, 34)) as pilot:
            await fill_the_log(pilot, table)
            gc.collect()
            gc.callbacks.append(count)
            try:
                for _ in range(moves):
                    seat = next((s for s in table.to_move() if s != 0), table.to_move()[0])
                    table.play(seat, table.legal_intents(seat)[0])
                    await pilot.pause()
                    await pilot.pause()
            finally:
                gc.callbacks.remove(count)

    asyncio.run(run())
    return len(started)


def test_a_host_collects_seldom_while_it_redraws() -> None:
    """Each 700 allocations set off a young collection (Python's threshold), and every
    tenth of those an older one over the objects of every session of the host; a redraw
    allocates thousands, nearly all freed by reference counting. A host collects after
    ten thousand: a collection every several moves, not several a move."""
    assert "tune_collector()" in inspect.getsource(host.run_host)
    before = gc.get_threshold()
    try:
        host.tune_collector()
        assert collections_over_moves(24) <= 4
    finally:
        gc.set_threshold(*before)
