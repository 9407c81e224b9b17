"""Hot seat: another seat's plan and PP never appear on a rendered screen."""

from __future__ import annotations

import re

from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.screens.game import GameScreen
from maharaja_tui.screens.plan import PlanScreen
from maharaja_tui.screens.privacy import PrivacyScreen
from tests.tui import games
from tests.tui.helpers import decide, screen_text, synchronously

RED_PLAN = ("Move a flag", "Buy prestige")  # set by Red below; Yellow must never read it


def svg_text(app) -> str:  # noqa: ANN001
    """The screenshot's text, as the snapshot files hold it."""
    svg = app.export_screenshot()
    text = re.sub(r"<[^>]+>", "", svg)
    return text.replace("&#160;", " ").replace("&amp;", "&")


def board_line(text: str, letter: str, name: str) -> str:
    lines = text.splitlines()
    for n, line in enumerate(lines):
        if f"{letter} {name}" in line:
            return lines[n + 1]
    raise AssertionError(f"no board for {letter} {name}")


@synchronously
async def test_hot_seat_hides_the_other_plan_and_pp() -> None:
    # The engine plays the start shrines; the app opens on the first plan,
    # passing the terminal to whichever human it shows first.
    game = games.game_until(lambda g: g.state.phase == "planning", humans=2, seed=5)
    app = MaharajaApp(Start("game", game=game), computer_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        seen_privacy = 0
        for _ in range(300):  # to the planning phase, passing the terminal as asked
            if game.state.phase == "planning" and isinstance(app.screen, GameScreen):
                break
            seen_privacy += isinstance(app.screen, PrivacyScreen)
            await decide(pilot, app)
        assert seen_privacy, "the privacy screen came up between the two humans"
        screen = app.game_screen()
        red = screen.viewer
        assert red is not None and red in game.to_move()
        # Red sets a plan nobody else may see.
        await pilot.press("a", "home", "enter")
        assert isinstance(app.screen, PlanScreen)
        await pilot.press("9", "enter", "7", "enter")
        await pilot.pause()
        assert game.state.players[red].plan == (7, 9)
        # Pass to the other human: first the privacy screen, with nothing of the game.
        assert isinstance(app.screen, PrivacyScreen)
        cover = screen_text(app)
        assert "Pass to" in cover and "PP" not in cover and RED_PLAN[0] not in cover
        await pilot.press("enter")
        await pilot.pause()
        yellow = app.game_screen().viewer
        assert yellow is not None and yellow != red
        red_name = game.seats[red].name
        red_letter = "RYGB"[red]
        for text in (screen_text(app), svg_text(app)):
            for action in RED_PLAN:
                assert action not in text
        assert "PP ?" in board_line(screen_text(app), red_letter, red_name)
        # Red's real PP total is on Red's board only for Red.
        await pilot.press("a", "home", "enter")
        await pilot.press("5", "enter", "5", "enter")
        await pilot.pause()
        for _ in range(50):  # the computer plans, then turns begin
            if game.state.phase != "planning":
                break
            await pilot.pause(0.05)
        assert game.state.phase == "actions"
