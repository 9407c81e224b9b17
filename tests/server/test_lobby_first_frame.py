"""The work a session does before its lobby's first frame, counted (issue 15: the SSH
connect to the first lobby frame). Counts, never times: each test fails if work a
cut removed comes back."""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

import pytest
from fake_ruleset import RULESET
from textual.css.stylesheet import Stylesheet
from textual.screen import Screen

from maharaja_server.lobby import LobbyScreen, SessionApp
from maharaja_server.zygote import _Rehearsal


def lobby_start(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """Start a session on the lobby (headless, 80×24) and count, until it has settled,
    the screens laid out and the nodes styled (by type name)."""
    layouts: Counter[str] = Counter()
    styled: Counter[str] = Counter()
    real_layout, real_apply = Screen._refresh_layout, Stylesheet.apply

    def layout(screen: Screen[Any], *args: Any, **kwargs: Any) -> None:
        layouts[type(screen).__name__] += 1
        real_layout(screen, *args, **kwargs)

    def apply(sheet: Stylesheet, node: Any, *args: Any, **kwargs: Any) -> None:
        styled[type(node).__name__] += 1
        real_apply(sheet, node, *args, **kwargs)

    monkeypatch.setattr(Screen, "_refresh_layout", layout)
    monkeypatch.setattr(Stylesheet, "apply", apply)
    app = SessionApp(_Rehearsal({"fake": RULESET}), {"fake": RULESET})  # type: ignore[arg-type]
    stack: list[Screen[Any]] = []

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            stack.extend(app.screen_stack)

    asyncio.run(run())
    return {"layouts": layouts, "styled": styled, "stack": stack}


def test_the_lobby_is_the_only_screen_a_session_starts_with(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The lobby was pushed over Textual's bare default screen, which was composed,
    styled, laid out and resized too before the first frame: half the start's layouts
    and styling (issue 15). The lobby is the default screen now."""
    started = lobby_start(monkeypatch)
    assert [type(s) for s in started["stack"]] == [LobbyScreen], started["stack"]
    assert started["layouts"]["Screen"] == 0, started["layouts"]
    assert started["styled"]["Screen"] == 0, started["styled"]
