"""The game screen redraws only what changed (issue 15: key press to frame).

The screen re-reads the table after every step; a widget whose data is the same is not
given it again, and the move log is painted only when its entries or marks change."""

from __future__ import annotations

from typing import Any

from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.widgets.move_log import MoveLog
from tests.tui import games
from tests.tui.helpers import synchronously


@synchronously
async def test_a_sync_with_nothing_new_repaints_neither_the_log_nor_the_panels() -> None:
    game = games.game_until(games.my_turn)
    app = MaharajaApp(Start("game", game=game), computer_delay=3600)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        screen = app.game_screen()
        assert screen is not None
        log = screen.query_one(MoveLog)
        painted: list[bool] = []
        given: list[str] = []
        paint = log._paint

        def counted(*, follow: bool) -> None:
            painted.append(follow)
            paint(follow=follow)

        log._paint = counted  # type: ignore[method-assign]
        for widget in screen.query("*"):
            if hasattr(widget, "data"):  # the game's panels (map, tracks, boards)
                def spy(*args: Any, _w: Any = widget, _f: Any = widget.refresh,
                        **kwargs: Any) -> Any:
                    given.append(_w.id or type(_w).__name__)
                    return _f(*args, **kwargs)

                widget.refresh = spy  # type: ignore[method-assign]
        assert given == []
        screen.sync()
        await pilot.pause()
        assert given == []  # no panel redrawn
        assert painted == []  # nor the log

