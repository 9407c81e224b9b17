"""Snapshots of every main screen at 80×24 and 120×40 (seeded games, so they are stable).

Update after an intended change with ``pytest tests/tui --snapshot-update`` and look
at the SVGs in tests/tui/__snapshots__ before committing them.
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Markdown, OptionList

from engine.core import record
from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.screens.game import GameScreen
from maharaja_tui.screens.help import HelpScreen
from maharaja_tui.widgets.footer import Footer
from maharaja_tui.widgets.map_graph import MapGraph
from tests.tui import games
from tests.tui.helpers import settled

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
QUIET = 3600.0  # computers wait this long: nothing moves while the picture is taken


def at(point, **kwargs) -> MaharajaApp:  # noqa: ANN001
    return MaharajaApp(Start("game", game=games.game_until(point, **kwargs)),
                       computer_delay=QUIET)


@pytest.mark.parametrize("size", SIZES)
def test_new_game(snap_compare, size) -> None:  # noqa: ANN001
    assert snap_compare(MaharajaApp(Start("new", seed=42)), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_game_planning(snap_compare, size) -> None:  # noqa: ANN001
    # Escape closes round 1's scoring, where only computers were ranked.
    assert snap_compare(at(games.my_planning), terminal_size=size, press=["escape"])


async def focus_the_map_and_step_right(pilot: Pilot) -> None:
    """m, then right, each waited for. Two races of this picture under load are closed in
    the app itself: the focus moves at once (focus_now), so "right" cannot reach the
    action list m left, and the map steps right on its drawing at its size now, drawn
    first if a paint had not come yet (it took the first place, not the neighbour).
    The waits stay: the footer shows the map's keys a refresh later."""
    app = pilot.app
    await settled(pilot, lambda: getattr(app.focused, "id", None) == "action-options",
                  "the game screen's first focus: its action list")
    await pilot.press("m")
    await settled(pilot, lambda: isinstance(app.focused, MapGraph), "the map focused")
    cursor = app.focused.cursor
    await pilot.press("right")
    footer = app.screen.query_one(Footer)
    await settled(pilot, lambda: app.focused.cursor != cursor
                  and footer._shown == footer.keys_shown(), "the step right, the map's keys")


@pytest.mark.parametrize("size", SIZES)
def test_game_actions_with_the_map_focused(snap_compare, size) -> None:  # noqa: ANN001
    assert snap_compare(at(games.my_turn), terminal_size=size,
                        run_before=focus_the_map_and_step_right)


@pytest.mark.parametrize("size", SIZES)
def test_plan_screen(snap_compare, size) -> None:  # noqa: ANN001
    assert snap_compare(at(games.my_planning), terminal_size=size,
                        press=["escape", "a", "home", "enter", "down", "down"])


@pytest.mark.parametrize("size", SIZES)
def test_choice_screen(snap_compare, size) -> None:  # noqa: ANN001
    assert snap_compare(at(games.my_turn), terminal_size=size, press=["a", "home", "enter"])


@pytest.mark.parametrize("size", SIZES)
def test_privacy_screen(snap_compare, size) -> None:  # noqa: ANN001
    app = at(lambda g: g.state.phase == "planning", humans=2)
    assert snap_compare(app, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_city_scoring(snap_compare, size) -> None:  # noqa: ANN001
    assert snap_compare(at(games.my_reward), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_final_scoring(snap_compare, size) -> None:  # noqa: ANN001
    assert snap_compare(at(games.over), terminal_size=size)


def highlighted(options: OptionList, index: int) -> bool:
    return options.highlighted == index


async def open_the_guide_five_sections_down(pilot: Pilot) -> None:
    """Escape (round 1's scoring), F1, five times down the contents, each waited for:
    on a loaded machine the picture was once taken before the guide's text, whose
    Markdown mounts its blocks a few frames after its update, had been laid out, and
    five downs read late are one (a held key's repeats are dropped)."""
    app = pilot.app
    await pilot.press("escape")
    await settled(pilot, lambda: isinstance(app.screen, GameScreen), "the scoring closed")
    await pilot.press("f1")
    await settled(pilot, lambda: isinstance(app.screen, HelpScreen)
                  and getattr(app.focused, "id", None) == "help-toc", "the guide's contents")
    help_screen = app.screen
    assert isinstance(help_screen, HelpScreen)
    toc = help_screen.query_one("#help-toc", OptionList)
    start = toc.highlighted or 0
    for step in range(1, 6):  # one at a time: the app drops a repeated key it reads late
        await pilot.press("down")
        await settled(pilot, functools.partial(highlighted, toc, start + step),
                      f"the highlight {step} down")
    body = help_screen.sections()[start + 5 - 1].body
    text = help_screen.query_one("#help-text", Markdown)
    await settled(pilot, lambda: toc.highlighted == start + 5 and text.source == body
                  and bool(text.children), "the fifth section's text")
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES)
def test_help(snap_compare, size) -> None:  # noqa: ANN001
    assert snap_compare(at(games.my_planning), terminal_size=size,
                        run_before=open_the_guide_five_sections_down)


@pytest.mark.parametrize("size", SIZES)
def test_replay(snap_compare, size, tmp_path: Path) -> None:  # noqa: ANN001
    path = tmp_path / "finished.json"
    record.save(games.game_until(games.over), path)
    app = MaharajaApp(Start("replay", path=path))
    assert snap_compare(app, terminal_size=size, press=["pagedown", "pagedown", "down"])
