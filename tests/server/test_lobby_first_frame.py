"""A session's first frame is its whole lobby: the SSH connect figure (connect to the
first lobby frame, scripts/bench/ssh.py) waits for its title and its keys."""

from __future__ import annotations

import asyncio
import re
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
    app = SessionApp(_Rehearsal({"fake": RULESET}), {"fake": RULESET})  # type: ignore[arg-type]
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
