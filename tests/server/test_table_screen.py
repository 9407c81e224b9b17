"""The plain table screen (rulesets without a game screen; the SSH load test's screen)."""

from __future__ import annotations

import asyncio
from typing import Any

from fake_ruleset import RULESET
from textual.app import App
from textual.widgets import Static

from engine.core.game import Game
from engine.core.ruleset import HUMAN, Seat
from engine.core.table import LocalTable
from maharaja_server.screens import TableScreen


class _Host(App):
    def __init__(self, table: LocalTable) -> None:
        super().__init__()
        self.table = table

    def on_mount(self) -> None:
        self.push_screen(TableScreen(self.table, 0))


def test_a_players_own_move_redraws_each_panel_once(monkeypatch: Any) -> None:
    """Issue 15: the mover's screen was redrawn after its play and again by the change
    notice with the same texts (each redraw renders the screen around the panel);
    a panel whose text is unchanged is left alone, and the move still shows."""
    table = LocalTable(Game(RULESET, [Seat("ann", HUMAN), Seat("bob", HUMAN)], None, 3))
    updates: list[str | None] = []
    real_update = Static.update

    def update(self: Static, *args: Any, **kwargs: Any) -> None:
        updates.append(self.id)
        real_update(self, *args, **kwargs)

    async def run() -> str:
        app = _Host(table)
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            monkeypatch.setattr(Static, "update", update)
            version = table.version
            await pilot.press("enter")  # seat 0 plays its first choice
            await pilot.pause()
            assert table.version > version
            return str(app.screen.query_one("#status", Static).render())

    status = asyncio.run(run())
    assert f"step {table.version}" in status
    for panel in ("status", "view", "log"):
        assert updates.count(panel) <= 1, updates
