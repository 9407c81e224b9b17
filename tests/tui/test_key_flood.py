"""A flood of keys (Enter held down in hot seat, a cat on the keyboard) opens each
screen once, never lifts a privacy screen with keys typed before it came up, is
dropped rather than queued, and ctrl+q quits through it.

Enter held in a two-human game used to open the same dialog again and again (keys read
before the dialog came up reached the action list behind it) until drawing the pile of
dialogs raised RecursionError; 3,000 Enters kept the app busy for half a minute with
ctrl+q waiting behind them, and ctrl+q did not quit from a dialog at all.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter

from textual import events

from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.game_setup import default_setup
from maharaja_tui.screens.choice import ChoiceScreen
from maharaja_tui.screens.game import GameScreen
from maharaja_tui.screens.privacy import PrivacyScreen
from tests.tui.helpers import screen_text, settled, synchronously

ENTER = ("enter", "\r")


class CountingApp(MaharajaApp):
    """Counts the keys that reached a screen and came back unused or bound."""

    came_back = 0

    def on_key(self, event: events.Key) -> None:  # Textual calls the app's own ones too
        self.came_back += 1


def hot_seat() -> CountingApp:
    return CountingApp(Start("play", setup=default_setup(2, 3, 2)), computer_delay=0)


def flood(app: MaharajaApp, count: int, key: tuple[str, str] = ENTER) -> None:
    """``count`` keys read at once, as the terminal's input thread queues them."""
    for _ in range(count):
        event = events.Key(*key)
        event.set_sender(app)
        app.post_message(event)


def stacked_twice(app: MaharajaApp) -> list[str]:
    counts = Counter(type(screen).__name__ for screen in app.screen_stack)
    return [name for name, n in counts.items() if n > 1]


async def quits(pilot, app: MaharajaApp) -> None:  # noqa: ANN001
    deadline = time.monotonic() + 60  # a guard against hanging, not a measure
    while app.is_running and time.monotonic() < deadline:
        await asyncio.sleep(0.02)
    assert not app.is_running, "ctrl+q did not quit"


@synchronously
async def test_a_held_enter_opens_each_screen_once_and_ctrl_q_quits_through_a_flood() -> None:
    app = hot_seat()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen)
        # A key held down: bursts of repeats, the app drawing between them.
        for _ in range(40):
            flood(app, 10)
            await asyncio.sleep(0.01)
            assert not stacked_twice(app), [type(s).__name__ for s in app.screen_stack]
        await settled(pilot, lambda: not stacked_twice(app), "one screen of each kind")
        assert sum(isinstance(s, PrivacyScreen) for s in app.screen_stack) <= 1
        # 3,000 more at once, then ctrl+q: it quits without the app working through them.
        before = app.came_back
        flood(app, 3000)
        flood(app, 1, ("ctrl+q", "\x11"))
        await quits(pilot, app)
        assert app.came_back - before < 300, app.came_back - before


@synchronously
async def test_ctrl_q_quits_from_a_dialog() -> None:
    app = hot_seat()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(20):
            if isinstance(app.screen, ChoiceScreen):
                break
            await pilot.press("enter")
            await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("ctrl+q")
        await quits(pilot, app)


@synchronously
async def test_enter_typed_twice_on_a_move_leaves_the_privacy_screen_up() -> None:
    """Red's move and one more Enter in the same burst: the second was typed before the
    privacy screen came up and must not show Yellow's hand to Red."""
    app = hot_seat()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # Red takes the terminal
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.viewer == 0
        steps = len(app.table.game.steps)
        flood(app, 2)  # the first takes a character, the second comes right behind it
        await settled(pilot, lambda: len(app.table.game.steps) > steps, "Red's move")
        for _ in range(5):
            await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen), type(app.screen).__name__
        assert "Pass to Yellow" in screen_text(app)
        await pilot.press("enter")  # typed once it is up: Yellow takes the terminal
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.viewer == 1


@synchronously
async def test_a_flood_of_any_key_leaves_the_game_usable() -> None:
    for key in (("a", "a"), ("m", "m"), ("down", "\x1b[B"), ("escape", "\x1b"),
                ("ctrl+z", "\x1a"), ("l", "l"), ("h", "h")):
        app = hot_seat()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            flood(app, 1000, key)
            await settled(pilot, lambda app=app: not stacked_twice(app),
                          "one screen of each kind")
            for _ in range(5):
                await pilot.pause()
            assert not stacked_twice(app), (key, [type(s).__name__ for s in app.screen_stack])
            await pilot.press("ctrl+q")
            await quits(pilot, app)
