"""The generic player board draws what a game gives it (its words after the name, its
rows), and knows no game: the route games' characters and plan are their data."""

from __future__ import annotations

from textual.app import App, ComposeResult

from maharaja_tui.games.route import board_marks, plan_row
from maharaja_tui.widgets.player_board import BoardData, PlayerBoard
from tests.tui.helpers import screen_text, synchronously


class _Boards(App[None]):
    CSS = "PlayerBoard { height: auto; } #wide { width: 44; } #narrow { width: 30; }"

    def compose(self) -> ComposeResult:
        yield PlayerBoard(id="wide")
        yield PlayerBoard(id="narrow")


@synchronously
async def test_a_board_shows_the_game_s_marks_and_rows_spelt_out_or_abbreviated() -> None:
    wide_marks, narrow_marks = board_marks((3, 5), planned=True)
    data = BoardData(1, "Y", "Yasmin", active=True, wide_marks=wide_marks,
                     narrow_marks=narrow_marks, wide_rows=plan_row("build + move"),
                     narrow_rows=plan_row("build + move"))
    app = _Boards()
    async with app.run_test(size=(80, 10)) as pilot:
        for board in app.query(PlayerBoard):
            board.data = data
        await pilot.pause()
        lines = screen_text(app).splitlines()
    assert "▶Y Yasmin  characters 3,5  ✓ planned" in lines[0]
    assert "plan: build + move" in lines[1]
    assert "▶Y Yasmin #3,5  ✓plan" in lines[2]


def test_outside_planning_a_board_says_nothing_of_a_plan() -> None:
    assert board_marks((), planned=None) == ((), ())
    wide, narrow = board_marks((12,), planned=False)
    assert "".join(t for t, _ in wide) == "  character 12  … planning"
    assert "".join(t for t, _ in narrow) == " #12  …"
    assert plan_row("") == ()
