"""The forms' checkboxes (the new-game form, the server's new-table form) mark "on" with
a tick (NO_COLOR) and still behave as Textual's: the "-on" class (its colour) and a
Changed message on every toggle."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Checkbox

from maharaja_tui.widgets.tick_box import TickBox
from tests.tui.helpers import synchronously


class _Form(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.changes: list[bool] = []

    def compose(self) -> ComposeResult:
        yield TickBox("Tile", value=True, id="tile")

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        self.changes.append(event.value)


@synchronously
async def test_a_tile_checkbox_ticks_and_still_tells_its_changes() -> None:
    # Its watch_value replaced Textual's (found by mypy: the override's signature), so
    # no "-on" class was set and no Changed message was ever posted.
    app = _Form()
    async with app.run_test() as pilot:
        box = app.query_one(TickBox)
        assert box.BUTTON_INNER == "✓" and box.has_class("-on")
        await pilot.click("#tile")
        await pilot.pause()
        assert not box.value and box.BUTTON_INNER == " " and not box.has_class("-on")
        assert app.changes == [False]
