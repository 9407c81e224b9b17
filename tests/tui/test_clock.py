"""The app's clock for the computers (``maharaja_tui.clock``): the event loop's timers, not
Textual's, of which one now and then never fired on a loaded machine and stopped a game
against computers for good (47 set, 46 fired)."""

from __future__ import annotations

from textual.app import App

from maharaja_tui.clock import AppClock
from tests.tui.helpers import synchronously


@synchronously
async def test_a_computer_s_turn_comes_after_its_delay_on_the_app_s_thread() -> None:
    import threading

    app: App[None] = App()
    ran: list[int] = []
    async with app.run_test() as pilot:
        AppClock(app).later(0.0, lambda: ran.append(threading.get_ident()))
        AppClock(app).later(0.05, lambda: ran.append(0))
        await pilot.pause(0.01)
        assert ran == [app._thread_id]
        await pilot.pause(0.1)
        assert ran[1:] == [0]


@synchronously
async def test_a_failing_turn_fails_the_app_as_a_timer_s_would() -> None:
    app: App[None] = App()

    def fail() -> None:
        raise ValueError("a bot's bug")

    handled: list[BaseException] = []
    app._handle_exception = handled.append  # type: ignore[method-assign]
    async with app.run_test() as pilot:
        AppClock(app).later(0.0, fail)
        await pilot.pause(0.05)
    assert [type(e) for e in handled] == [ValueError]
