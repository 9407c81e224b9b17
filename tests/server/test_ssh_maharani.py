"""Maharani over real SSH: a table made with ``new maharani 2``, a tile placed on the
palace grid by keys in one terminal and seen at once in the other."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from sshkit import ENTER, config, connect, running

from engine.maharani import intents as I
from engine.maharani.board import palace

UP, DOWN, LEFT, RIGHT = "\x1b[A", "\x1b[B", "\x1b[D", "\x1b[C"


async def until(predicate, timeout: float = 15.0) -> None:  # noqa: ANN001
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError("condition not reached in time")
        await asyncio.sleep(0.05)


def test_a_maharani_table_plays_a_tile_by_keys_over_ssh(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(config(tmp_path)) as srv:
            alice = await connect(srv.port, "alice", command="new maharani 2")
            await alice.wait_for(r"every seat is taken")
            bob = await connect(srv.port, "bob", command="join 1")
            table = srv.service.tables[1]
            await until(lambda: table.game is not None and bool(table.game.to_move()))
            game = table.game
            (seat,) = game.to_move()
            mover, other = (alice, bob) if seat == 0 else (bob, alice)
            place = next(i for i in game.legal_intents(seat) if isinstance(i, I.Place))
            cell = palace().cells[place.cell]
            # The board's keys in the footer say that m gave it the focus; but the board
            # has it first, for a moment (Textual focuses the first focusable widget, then
            # the screen its action list): wait for the screen as it settles, else the
            # board's keys are read before m, and the slot key after m met the action
            # list (Textual moves focus after the keys already queued). This narrows the
            # race, it does not close it: that first focus's footer can still be drawn
            # after this wait (seen once in a loaded run). Closing it is the screen's:
            # AUTO_FOCUS on its action list, as TableScreen has.
            await until(lambda: "Place a tile" in (shown := "\n".join(mover.screen()))
                        and "r Rotate" not in shown, timeout=40)
            await mover.press("m")
            await mover.wait_screen(r"r Rotate", timeout=40)  # the board has the keys
            await mover.press(str(place.slot))
            await mover.wait_for(rf"{place.slot}: pick a highlighted cell", timeout=40)
            for key in [UP] * 8 + [LEFT] * 8 + [DOWN] * cell.row + [RIGHT] * cell.col:
                await mover.press(key)
            mark = other.mark()
            await mover.press(ENTER)  # the preview, with its gold
            # Only what changed is redrawn: look for the part of the line that is new.
            await mover.wait_for(rf"→ {place.cell}", timeout=40)
            asked = mover.mark()
            await mover.press(ENTER)  # placed, or asked which artisan goes onto the tile
            await until(lambda: place.cell in game.state.cells
                        or "Which artisan" in mover.text(asked), timeout=40)
            if place.cell not in game.state.cells:  # the artisan's colour (M-2P-2)
                await mover.press(ENTER)
            await until(lambda: place.cell in game.state.cells, timeout=40)
            await other.wait_for(r"places\s+an?\s", since=mark, timeout=40)  # its log, live
            await alice.close()
            await bob.close()

    asyncio.run(scenario())
