"""A session's first frame is its whole lobby: the SSH connect figure (connect to the
first lobby frame, scripts/bench/ssh.py) waits for its title and its keys."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from fake_ruleset import RULESET
from terminal import recording, run
from test_remote_table import RULESETS, connect
from test_remote_table import hub as served  # noqa: F401 - a fixture: a hub on its own loop
from textual.pilot import Pilot
from textual.widgets import DataTable

from maharaja_server.session_ui.lobby import LobbyScreen, SessionApp
from maharaja_server.session_ui.zygote import _Rehearsal
from maharaja_server.transport.hub import Hub
from maharaja_server.transport.protocol import SeatSpec

ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)")


def lobby_frames() -> tuple[list[str], list[Any]]:
    """The frames a new session writes (as text) until it has settled, and its screens."""
    writes: list[str] = []
    stack: list[Any] = []

    async def settle(pilot: Pilot[Any]) -> None:
        for _ in range(3):
            await pilot.pause()
        stack.extend(pilot.app.screen_stack)

    app = SessionApp(_Rehearsal({"fake": RULESET}), {"fake": RULESET},  # type: ignore[arg-type]
                     driver_class=recording(writes))
    asyncio.run(run(app, (80, 24), settle))
    return [text for w in writes if (text := ANSI.sub("", w)).strip()], stack


def test_the_lobby_is_the_only_screen_a_session_starts_with() -> None:
    """The lobby was pushed over Textual's bare default screen, which was composed,
    styled, laid out and resized too before the first frame. The lobby is the default
    screen now."""
    _, stack = lobby_frames()
    assert [type(s) for s in stack] == [LobbyScreen], stack


def test_the_lobbys_first_frame_shows_its_title_and_its_keys() -> None:
    """Textual's footer composes its keys a refresh after the screen's first: the first
    frame had none. The lobby's first frame shows its title and its keys."""
    frames, _ = lobby_frames()
    first = frames[0]
    assert "Maharaja server" in first
    for key in ("n New table", "j Join", "w Watch", "g Games", "r Ratings", "s Notices",
                "^p palette"):
        assert key in first, (key, first)


def test_a_lobby_key_is_a_click_too() -> None:
    # On a recording driver, as the other frames here: a session's own driver would read
    # the test's standard input, which reads empty (a hung-up terminal: the session ends).
    app = SessionApp(_Rehearsal({"fake": RULESET}), {"fake": RULESET},  # type: ignore[arg-type]
                     driver_class=recording([]))
    shown: list[str] = []

    async def click(pilot: Pilot[Any]) -> None:
        await pilot.pause()
        await pilot.click("LobbyKeys Static", offset=(3, 0))  # " n New table"
        await pilot.pause()
        shown.append(type(app.screen).__name__)

    asyncio.run(run(app, (80, 24), click))
    assert shown == ["NewTableScreen"]


def test_the_lobby_shows_the_list_the_hub_sent_with_its_welcome(
        served: Hub, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811 - the fixture
    """The lobby asked the hub for its list right after the hello: a second round trip
    before the first frame. The welcome carries it, and the lobby shows it."""
    alice = connect(served, "alice")
    alice.create(RULESET.id, [SeatSpec(), SeatSpec()])
    bob = connect(served, "bob")
    assert bob.pushed_tables is not None and [t.id for t in bob.pushed_tables] == [1]
    asked: list[str] = []
    real_call = bob.call

    def call(request: Any) -> Any:
        asked.append(type(request).__name__)
        return real_call(request)

    monkeypatch.setattr(bob, "call", call)
    app = SessionApp(bob, RULESETS)
    rows: list[int] = []

    async def run_it() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            rows.append(app.screen.query_one("#tables", DataTable).row_count)

    try:
        asyncio.run(run_it())
    finally:
        alice.close()
        bob.close()
    assert rows == [1] and asked == [], asked


def lobby_of(app: SessionApp) -> LobbyScreen:
    lobby = app.screen_stack[0]
    assert isinstance(lobby, LobbyScreen)
    return lobby


def settled(app: SessionApp, then: Callable[[Pilot[Any]], Awaitable[None]]) -> list[str]:
    """The screens ``app`` has once settled (by name); ``then`` runs after."""
    stack: list[str] = []

    async def run_it() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(3):
                await pilot.pause()
            stack.extend(type(s).__name__ for s in app.screen_stack)
            await then(pilot)

    asyncio.run(run_it())
    return stack


def test_a_session_that_opens_a_table_draws_its_lobby_once_it_shows(
        served: Hub) -> None:  # noqa: F811 - the fixture
    """``ssh host join 1`` composed, styled and laid out the whole lobby under the
    table's screen, at every session's start (about a third of the CPU of a session
    that waits for its table's players). The lobby is drawn when the player leaves the
    table, with the list as it is then."""
    alice = connect(served, "alice")
    alice.create(RULESET.id, [SeatSpec(), SeatSpec(), SeatSpec()])
    app = SessionApp(connect(served, "bob"), RULESETS, "join 1")
    seen: dict[str, Any] = {}

    async def leave(pilot: Pilot[Any]) -> None:
        seen["under the table"] = list(lobby_of(app).query("*"))
        alice.create(RULESET.id, [SeatSpec(), SeatSpec()])  # a second table since
        app.leave_table(app.screen)
        for _ in range(5):
            await pilot.pause()
        seen["left"] = app.screen is lobby_of(app)
        seen["rows"] = lobby_of(app).query_one("#tables", DataTable).row_count
        seen["focus"] = app.focused

    try:
        stack = settled(app, leave)
    finally:
        alice.close()
    assert stack == ["LobbyScreen", "WaitingScreen"], stack
    assert seen["under the table"] == [], seen
    assert seen["left"] and seen["rows"] == 2, seen
    assert isinstance(seen["focus"], DataTable), seen


def test_a_command_that_opens_no_table_shows_the_lobby_drawn(
        served: Hub) -> None:  # noqa: F811 - the fixture
    app = SessionApp(connect(served, "bob"), RULESETS, "join 99")
    seen: dict[str, Any] = {}

    async def look(pilot: Pilot[Any]) -> None:
        seen["tables"] = len(app.screen.query("#tables"))
        seen["title"] = str(app.screen.query_one("#title").render())

    stack = settled(app, look)
    assert stack == ["LobbyScreen"] and seen["tables"] == 1, (stack, seen)
    assert "you are bob" in seen["title"], seen
