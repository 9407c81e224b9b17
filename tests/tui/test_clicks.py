"""A double click on a dialog's entry: the first click picks it and closes the dialog;
the second lands on what was under it and must pick nothing there."""

from __future__ import annotations

import asyncio

from rich.style import Style
from textual import events
from textual.app import App, ComposeResult
from textual.widgets import OptionList

from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.screens.choice import ChoiceScreen
from maharaja_tui.widgets.choices import ChoiceList
from maharaja_tui.widgets.map_graph import MapGraph
from tests.tui import games
from tests.tui.helpers import click_words, map_places, synchronously


def click(widget: object, x: int, y: int, chain: int, meta: dict[str, object] | None = None
          ) -> events.Click:
    """A click as Textual makes it from the terminal's mouse, at the widget's cell."""
    assert hasattr(widget, "region")
    region = widget.region
    return events.Click(widget, x, y, 0, 0, 1, False, False, False,  # type: ignore[arg-type]
                        screen_x=region.x + x, screen_y=region.y + y,
                        style=Style.from_meta(meta or {}), chain=chain)


def test_a_list_lets_go_the_rest_of_a_double_click_that_began_elsewhere() -> None:
    picked: list[int] = []

    class One(App[None]):
        def compose(self) -> ComposeResult:
            yield ChoiceList("End your turn", "Take 3 coins")

        def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
            picked.append(event.option_index)

    async def run() -> None:
        app = One()
        async with app.run_test(size=(40, 8)) as pilot:
            box = app.query_one(ChoiceList)
            # the second click of a series whose first closed a dialog: nothing picked
            box.post_message(click(box, 2, 1, chain=2, meta={"option": 0}))
            await pilot.pause()
            assert picked == []
            # a series that began here: its clicks act as ever
            box.post_message(click(box, 2, 2, chain=1, meta={"option": 1}))
            await pilot.pause()
            box.post_message(click(box, 2, 2, chain=2, meta={"option": 1}))
            await pilot.pause()
            assert picked and set(picked) == {1}

    asyncio.run(run())


@synchronously
async def test_a_board_lets_go_the_rest_of_a_double_click_that_began_elsewhere() -> None:
    game = games.game_until(games.my_turn)
    app = MaharajaApp(Start("game", game=game), computer_delay=3600)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        graph = app.screen.query_one(MapGraph)
        cursor, steps = graph.cursor, len(game.steps)
        x, y, place = next(s for s in map_places(graph) if s[2] != cursor)
        graph.post_message(click(graph, x, y, chain=2))
        await pilot.pause()
        assert graph.cursor == cursor and len(game.steps) == steps
        graph.post_message(click(graph, x, y, chain=1))  # a click of its own
        await pilot.pause()
        assert graph.cursor == place


@synchronously
async def test_a_choice_dialog_goes_back_by_a_click_on_esc_back() -> None:
    """The list's dialog said "Esc back" and a click could not: it is a button now."""
    game = games.game_until(games.my_turn)
    app = MaharajaApp(Start("game", game=game), computer_delay=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        entry = next(e for e in screen.entries if len(e.intents) > 1)  # type: ignore[attr-defined]
        screen.choose(entry)  # type: ignore[attr-defined]
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        steps = len(game.steps)
        await click_words(pilot, "Esc back")
        assert app.screen is screen and len(game.steps) == steps
