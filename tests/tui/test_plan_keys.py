"""The disc picker reads quick typing right (MJ-ROUND-2, R-ROUND-3): keys that arrive
together, as from a fast typist, a paste or an SSH connection, set the plan typed."""

from __future__ import annotations

import pytest
from textual import events
from textual.app import App

from maharaja_tui.screens.plan import PlanBox, PlanScreen
from tests.tui.helpers import synchronously

ACTIONS = tuple((n, f"action {n}") for n in range(10, 19))


class PlanApp(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.plan: tuple[int, int] | None = None

    def on_mount(self) -> None:
        self.push_screen(PlanScreen(PlanBox(ACTIONS, "Red")), self._planned)

    def _planned(self, plan: tuple[int, int] | None) -> None:
        self.plan = plan


def _key(name: str) -> events.Key:
    return events.Key(name, name if len(name) == 1 else None)


@pytest.mark.parametrize("first, second", [(5, 7), (2, 9), (7, 7)])
@synchronously
async def test_digits_and_enters_sent_at_once_set_the_plan_typed(first: int, second: int) -> None:
    app = PlanApp()
    async with app.run_test() as pilot:
        await pilot.pause()
        # All four keys are queued before any is handled: the focus moves to arrow 2
        # only after them, so the second Enter reaches arrow 1's list.
        for name in (str(first), "enter", str(second), "enter"):
            app.post_message(_key(name))  # as the driver does
        await pilot.pause()
        await pilot.pause()
    assert app.plan == (ACTIONS[first - 1][0], ACTIONS[second - 1][0])


@synchronously
async def test_arrow_keys_and_enters_sent_at_once_set_the_plan_typed() -> None:
    app = PlanApp()
    async with app.run_test() as pilot:
        await pilot.pause()
        for name in ("down", "down", "enter", "down", "enter"):
            app.post_message(_key(name))
        await pilot.pause()
        await pilot.pause()
    assert app.plan == (ACTIONS[2][0], ACTIONS[1][0])


@synchronously
async def test_a_click_on_each_list_sets_and_commits_the_plan() -> None:
    app = PlanApp()
    async with app.run_test() as pilot:
        await pilot.pause()
        await pilot.click("#arrow-1", offset=(2, 3))
        await pilot.click("#arrow-2", offset=(2, 1))
        await pilot.pause()
    assert app.plan == (ACTIONS[3][0], ACTIONS[1][0])
