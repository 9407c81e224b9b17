"""The game screen's status line keeps all it says: one row while it fits, two when it
is wider than the screen (at 80 columns a server table's clocks and "time ran out" came
after the game's own status, the step and "your move", and were cut off)."""

from __future__ import annotations

from rich.text import Text

from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.screens.game import GameScreen
from tests.tui import games
from tests.tui.helpers import screen_text, settled, synchronously

LONG = Text("Round 1/7 · ♛ Bijapur · Actions · Red's turn · you are R Red · step 20 · "
            "your move · alice 9:41 · time ran out: bob")


def top_rows(app: MaharajaApp, rows: int) -> str:
    return " ".join(screen_text(app).split("\n")[:rows])


@synchronously
async def test_a_status_line_wider_than_the_screen_takes_a_second_row() -> None:
    app = MaharajaApp(Start("game", game=games.game_until(games.my_turn)), computer_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        screen.show_status(LONG)
        await settled(pilot, lambda: "time ran out: bob" in top_rows(app, 1), "one row at 120")
        await pilot.resize_terminal(80, 24)  # the same line no longer fits one row
        await settled(pilot, lambda: "time ran out: bob" in top_rows(app, 2), "two rows at 80")
        assert "alice 9:41" in " ".join(top_rows(app, 2).split())
        short = Text("Round 1/7 · ♛ Bijapur · Actions")
        screen.show_status(short)  # and back to one row: the board has its row again
        await settled(pilot, lambda: screen.query_one("#status").size.height == 1, "one row")
        assert "Round 1/7" in top_rows(app, 1)
