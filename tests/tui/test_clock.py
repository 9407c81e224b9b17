"""The app's clock for the computers (``maharaja_tui.clock``): the event loop's timers, not
Textual's, of which one now and then never fired on a loaded machine and stopped a game
against computers for good (47 set, 46 fired)."""

from __future__ import annotations

from textual.app import App

from maharaja_tui.clock import AppClock
from tests.tui.helpers import synchronously


@synchronously
async def test_a_computer_s_turn_comes_after_its_delay_on_the_app_s_thread() -> None:
    import asyncio
    import threading

    app: App[None] = App()
    ran: list[tuple[str, int, float]] = []
    async with app.run_test() as pilot:
        loop = asyncio.get_running_loop()
        start = loop.time()
        AppClock(app).later(
            0.05, lambda: ran.append(("late", threading.get_ident(), loop.time() - start)))
        AppClock(app).later(
            0.0, lambda: ran.append(("now", threading.get_ident(), loop.time() - start)))
        for _ in range(200):  # however slow the machine: until both have run
            if len(ran) == 2:
                break
            await pilot.pause(0.01)
    # In order of their delays, not of asking; on the app's thread (the test's own);
    # the delayed one never before its delay (a loaded machine may only make it later).
    assert [name for name, _, _ in ran] == ["now", "late"]
    assert {thread for _, thread, _ in ran} == {threading.get_ident()}
    assert ran[1][2] >= 0.05


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
