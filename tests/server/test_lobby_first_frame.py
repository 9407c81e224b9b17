"""The work a session does before its lobby's first frame, counted (issue 15: the SSH
connect to the first lobby frame). Counts, never times: each test fails if work a
cut removed comes back."""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

import pytest
from fake_ruleset import RULESET
from test_remote_table import RULESETS, connect
from test_remote_table import hub as served  # noqa: F401 - a fixture: a hub on its own loop
from textual.css.stylesheet import Stylesheet
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import DataTable
from textual.widgets._footer import FooterKey

from maharaja_server.hub import Hub
from maharaja_server.lobby import LobbyScreen, SessionApp
from maharaja_server.protocol import SeatSpec
from maharaja_server.zygote import _Rehearsal


def lobby_start(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """Start a session on the lobby (headless, 80×24) and count, until it has settled,
    the screens laid out and the nodes styled (by type name)."""
    layouts: Counter[str] = Counter()
    styled: Counter[str] = Counter()
    recomposed: Counter[str] = Counter()
    real_layout, real_apply = Screen._refresh_layout, Stylesheet.apply
    real_recompose = Widget.recompose

    def layout(screen: Screen[Any], *args: Any, **kwargs: Any) -> None:
        layouts[type(screen).__name__] += 1
        real_layout(screen, *args, **kwargs)

    def apply(sheet: Stylesheet, node: Any, *args: Any, **kwargs: Any) -> None:
        styled[type(node).__name__] += 1
        real_apply(sheet, node, *args, **kwargs)

    async def recompose(widget: Widget) -> None:
        recomposed[type(widget).__name__] += 1
        await real_recompose(widget)

    monkeypatch.setattr(Screen, "_refresh_layout", layout)
    monkeypatch.setattr(Stylesheet, "apply", apply)
    monkeypatch.setattr(Widget, "recompose", recompose)
    app = SessionApp(_Rehearsal({"fake": RULESET}), {"fake": RULESET})  # type: ignore[arg-type]
    stack: list[Screen[Any]] = []
    at_first_frame: dict[str, Any] = {}

    def first_frame() -> None:  # as a session host hooks it (host.py)
        at_first_frame["keys"] = [key.key for key in app.screen.query(FooterKey)]
        at_first_frame["styled"] = Counter(styled)

    app.on_first_frame = first_frame

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            stack.extend(app.screen_stack)

    asyncio.run(run())
    return {"layouts": layouts, "styled": styled, "stack": stack, "recomposed": recomposed,
            "first": at_first_frame}


def test_the_lobby_is_the_only_screen_a_session_starts_with(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The lobby was pushed over Textual's bare default screen, which was composed,
    styled, laid out and resized too before the first frame: half the start's layouts
    and styling (issue 15). The lobby is the default screen now."""
    started = lobby_start(monkeypatch)
    assert [type(s) for s in started["stack"]] == [LobbyScreen], started["stack"]
    assert started["layouts"]["Screen"] == 0, started["layouts"]
    assert started["styled"]["Screen"] == 0, started["styled"]


def test_the_lobby_shows_its_keys_in_its_first_frame_and_builds_them_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Textual's footer composes its keys after the screen's first refresh: the lobby's
    first frame had none, and a second mount, styling, layout and frame brought them
    (issue 15). The lobby's keys are known at its mount."""
    started = lobby_start(monkeypatch)
    assert started["first"]["keys"] == ["n", "j", "w", "c", "l", "q", "ctrl+p"], started["first"]
    assert started["recomposed"]["LobbyFooter"] == 0, started["recomposed"]


def test_the_lobby_styles_each_widget_once_before_its_first_frame(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Each footer key was restyled twice before it showed (its compactness set, then
    unset by the footer's), and the whole lobby again at its first resume, right after
    its mount styled it with the same stylesheet (issue 15). Now each widget is styled
    once, but for the table as it takes the focus (as in a bare Textual app)."""
    started = lobby_start(monkeypatch)
    styled = started["first"]["styled"]
    assert styled["FooterKey"] == 7, styled
    assert styled["LobbyScreen"] == 1 and styled["Static"] == 1, styled
    assert styled["DataTable"] == 2, styled  # mounted, then focused


def test_the_lobby_shows_the_list_the_hub_sent_with_its_welcome(
        served: Hub, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811 - the fixture
    """The lobby asked the hub for its list right after the hello: a second round trip
    before the first frame (issue 15). The welcome carries it, and the lobby shows it."""
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

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            rows.append(app.screen.query_one("#tables", DataTable).row_count)

    try:
        asyncio.run(run())
    finally:
        alice.close()
        bob.close()
    assert rows == [1] and asked == [], asked
