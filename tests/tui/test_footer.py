"""The footer rebuilds its keys only when what they show changes (each rebuild was a
dozen widgets of cyclic garbage per key press, collected in SSH hosts at every
session's expense)."""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widget import Widget
from textual.widgets import Static

from maharaja_tui.widgets.footer import Footer
from tests.tui.helpers import synchronously


class Keys(App[None]):
    BINDINGS = [Binding("a", "toggle", "Toggle"), Binding("b", "bell", "Bell")]
    allowed: bool | None = True

    def compose(self) -> ComposeResult:
        yield Static("x")
        yield Footer()

    def action_toggle(self) -> None:
        pass

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.allowed if action == "bell" else True


def keys(app: Keys) -> list[Widget]:
    """The footer's keys (Textual's FooterKey widgets)."""
    return list(app.query_one(Footer).children)


def key(app: Keys, label: str) -> Widget:
    return next(k for k in keys(app) if label in str(k.render()))


@synchronously
async def test_a_bindings_refresh_with_the_same_keys_keeps_the_footer_keys() -> None:
    app = Keys()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        before = keys(app)
        assert [key(app, "Toggle"), key(app, "Bell")] == before[:2]
        for _ in range(3):
            app.screen.refresh_bindings()
            await pilot.pause()
        assert keys(app) == before  # the same widgets, not rebuilt


@synchronously
async def test_a_key_that_changes_is_redrawn() -> None:
    app = Keys()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not key(app, "Bell").has_class("-disabled")
        app.allowed = None  # None: shown disabled (False would hide it)
        app.screen.refresh_bindings()
        await pilot.pause()
        await pilot.pause()
        assert key(app, "Bell").has_class("-disabled")


class Restyles(Keys):
    """Keys whose footer may be compact, counting the style updates of its keys."""

    def __init__(self, compact: bool) -> None:
        super().__init__()
        self.compact = compact
        self.key_restyles = 0

    def compose(self) -> ComposeResult:
        yield Static("x")
        yield Footer(compact=self.compact)

    def update_styles(self, node: Any, animate: bool = True) -> None:
        if node in keys(self):
            self.key_restyles += 1
        super().update_styles(node, animate)


@pytest.mark.parametrize("compact", [True, False])
@synchronously
async def test_the_footer_s_keys_are_styled_once_as_they_mount(compact: bool) -> None:
    """Textual's keys took their compact look (a class) at their mount, and each was
    styled again then: each game screen's keys as it opened, at every SSH session's
    start. They are composed with it now."""
    app = Restyles(compact)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = keys(app)
        assert shown and app.key_restyles == 0
        palette = [k for k in shown if k.has_class("-command-palette")]
        assert len(palette) == 1  # compact always, as Textual draws it
        assert all(k.has_class("-compact") == (compact or k in palette) for k in shown)


class Rebuilds(Footer):
    def __init__(self) -> None:
        super().__init__()
        self.rebuilt = 0

    async def recompose(self) -> None:
        self.rebuilt += 1
        await super().recompose()


class Opening(Keys):
    """Its bindings change twice as it opens, before the footer has drawn its keys (as
    a game screen's do while its focus comes)."""

    def compose(self) -> ComposeResult:
        yield Static("x")
        yield Rebuilds()

    def on_mount(self) -> None:
        self.screen.refresh_bindings()
        self.call_next(self.screen.refresh_bindings)


@synchronously
async def test_the_footer_s_keys_are_composed_once_as_the_screen_opens() -> None:
    app = Opening()
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(4):
            await pilot.pause()
        footer = app.query_one(Rebuilds)
        assert key(app, "Toggle") and footer.rebuilt == 1
