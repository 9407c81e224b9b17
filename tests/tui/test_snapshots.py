"""Snapshots of every main screen at 80×24 and 120×40 (seeded games, so they are stable).

Update after an intended change with ``pytest tests/tui --snapshot-update`` and look
at the SVGs in tests/tui/__snapshots__ before committing them.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from engine.core import record
from maharaja_tui.app import MaharajaApp, Start
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


@pytest.mark.parametrize("size", SIZES)
def test_help(snap_compare, size) -> None:  # noqa: ANN001
    assert snap_compare(at(games.my_planning), terminal_size=size,
                        press=["escape", "f1", "down", "down", "down", "down", "down"])


@pytest.mark.parametrize("size", SIZES)
def test_replay(snap_compare, size, tmp_path: Path) -> None:  # noqa: ANN001
    path = tmp_path / "finished.json"
    record.save(games.game_until(games.over), path)
    app = MaharajaApp(Start("replay", path=path))
    assert snap_compare(app, terminal_size=size, press=["pagedown", "pagedown", "down"])
