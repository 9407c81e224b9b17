"""A session's game screen draws its choice list inside itself (a dialog box on its
dialog layer), not as a screen pushed over it, read as a player's terminal shows it:
opening and closing it write its rows and the few it changes, not the whole terminal
twice; what shows is what a full repaint of that moment draws; and it holds the keys
and the mouse as a dialog screen did (Escape closes it, not the table; a click behind
it does nothing)."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import pytest
from terminal import recording, run, screen_of
from textual import events
from textual.app import App
from textual.pilot import Pilot
from textual.screen import Screen
from textual.visual import Visual
from textual.widgets import OptionList

from engine.core.table import LocalTable
from maharaja_server.session_ui.partial_update import OnlyWhatShows
from maharaja_server.session_ui.screens import game_screen_for
from maharaja_tui.paths import STYLE_FILES
from maharaja_tui.screens.choice import ChoiceBox
from maharaja_tui.screens.game import GameScreen
from maharaja_tui.widgets.action_panel import ActionPanel
from maharaja_tui.widgets.dialog_box import HoldsTheMouse
from tests.tui import games

SIZE = (110, 34)


class _Session(HoldsTheMouse, App[None]):
    """A table's game screen as a session shows it: its compositor and its mouse hold
    (SessionApp's), the game screens' style files."""

    CSS_PATH = STYLE_FILES

    def __init__(self, table: LocalTable, writes: list[str], seat: int = 0) -> None:
        super().__init__(driver_class=recording(writes))
        self.table = table
        self.seat = seat

    def push_screen(self, screen: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(screen, Screen):
            OnlyWhatShows.install(screen)
        return super().push_screen(screen, *args, **kwargs)

    def on_mount(self) -> None:
        self.push_screen(game_screen_for(self.table, self.seat))


def my_turn() -> LocalTable:
    """Seat 0 to build in round 2 (Maharaja): the first action's places are a list."""
    return LocalTable(games.game_until(games.my_turn))


async def settle(pilot: Pilot[Any]) -> None:
    for _ in range(4):
        await pilot.pause()


async def repainted(pilot: Pilot[Any], writes: list[str],
                    size: tuple[int, int] = SIZE) -> tuple[list[str], int]:
    """What a full repaint of this moment draws, from nothing, and its bytes."""
    start = len(writes)
    pilot.app.screen.refresh()
    await settle(pilot)
    frame = writes[start:]
    return screen_of(frame, size), len("".join(frame))


def test_a_choice_list_writes_its_own_rows_and_shows_what_a_repaint_draws() -> None:
    writes: list[str] = []
    seen: dict[str, Any] = {}

    async def script(pilot: Pilot[Any]) -> None:
        app = pilot.app
        await settle(pilot)
        await pilot.press("a", "home")
        await settle(pilot)
        _, seen["full"] = await repainted(pilot, writes)
        start = len(writes)
        await pilot.press("enter")  # the first action: where to build
        await settle(pilot)
        seen["open"] = len("".join(writes[start:]))
        if isinstance(app.screen, GameScreen) and app.screen.dialog is not None:
            # A move of the cursor to the box's first row (terminal rows count from 1).
            top = re.compile(rf"\x1b\[{app.screen.dialog.region.y + 1};\d+H")
            seen["box drawn"] = sum(bool(top.search(frame)) for frame in writes[start:])
        seen["dialog"] = type(app.screen.dialog).__name__ if isinstance(app.screen, GameScreen) \
            else type(app.screen).__name__
        seen["shown open"] = screen_of(writes, SIZE)
        seen["repaint open"], _ = await repainted(pilot, writes)
        start = len(writes)
        await pilot.press("escape")  # back: the list closes, the table stays
        await settle(pilot)
        seen["close"] = len("".join(writes[start:]))
        seen["after"] = type(app.screen).__name__
        seen["shown closed"] = screen_of(writes, SIZE)
        seen["repaint closed"], _ = await repainted(pilot, writes)

    asyncio.run(run(_Session(my_turn(), writes), SIZE, script))
    # Opening it also marks its places on the map, under and beside it (about half the
    # rows): a dialog pushed as a screen wrote 2.7 whole frames for it (the screen under
    # it, then the dialog over it dimmed, whole), and 2 as it closed.
    assert seen["open"] < 1.5 * seen["full"], (seen["open"], seen["full"])
    assert seen["close"] < seen["full"], (seen["close"], seen["full"])
    assert seen["dialog"] == "ChoiceBox" and seen["after"] == "ServerGameScreen"
    assert seen["box drawn"] == 1  # composed filled: not drawn empty, then again
    assert seen["shown open"] == seen["repaint open"]
    assert seen["shown closed"] == seen["repaint closed"]


def click(app: App[None], x: int, y: int) -> None:
    """A click as a terminal's driver reports it (Pilot's clicks skip the app's own
    handling of the mouse, where the box holds it)."""
    for kind in (events.MouseDown, events.MouseUp):
        app.post_message(kind(None, x, y, 0, 0, 1, False, False, False, screen_x=x, screen_y=y))


async def where_to_build(pilot: Pilot[Any]) -> tuple[GameScreen, ChoiceBox]:
    """The first action's list opened ("Where?": the places to build at): the session's
    game screen and the box."""
    await pilot.press("a", "home", "enter")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen) and isinstance(screen.dialog, ChoiceBox)
    return screen, screen.dialog


def test_a_click_behind_a_choice_list_does_nothing_and_enter_answers_it() -> None:
    writes: list[str] = []
    seen: dict[str, Any] = {}
    table = my_turn()
    steps = len(table.game.steps)

    async def script(pilot: Pilot[Any]) -> None:
        app = pilot.app
        await settle(pilot)
        keys = screen_of(writes, SIZE)[-1]
        screen, box = await where_to_build(pilot)
        seen["keys"] = (keys, screen_of(writes, SIZE)[-1])
        actions = screen.query_one(ActionPanel)
        # A click on the action list behind the box (its second entry): no other
        # dialog, no move, the box still open with the focus.
        click(app, actions.region.x + 4, actions.region.y + 2)
        await settle(pilot)
        seen["after click"] = (screen.dialog is box, len(table.game.steps),
                               box in app.focused.ancestors_with_self if app.focused else False)
        await pilot.press("enter")  # the highlighted place: built
        await settle(pilot)
        seen["after enter"] = (screen.dialog, len(table.game.steps), app.screen is screen,
                               app.focused is not None and actions in app.focused.ancestors)

    asyncio.run(run(_Session(table, writes), SIZE, script))
    keys, keys_with_the_box = seen["keys"]
    assert keys_with_the_box == keys and "Undo" in keys  # the table's keys, as under a screen
    assert seen["after click"] == (True, steps, True)
    assert seen["after enter"] == (None, steps + 1, True, True)


def test_a_list_opened_after_another_shows_its_own_prompt_and_choices() -> None:
    """The box closed after one list asks the next (kept, not mounted anew): the new
    prompt and choices, the cursor on the first, what a full repaint of that moment
    draws, and the focus in it; answered, it plays the choice of the new list."""
    writes: list[str] = []
    seen: dict[str, Any] = {}
    table = my_turn()

    async def script(pilot: Pilot[Any]) -> None:
        app = pilot.app
        await settle(pilot)
        steps = len(table.game.steps)  # the choice played comes after these
        screen, first = await where_to_build(pilot)
        seen["first"] = screen_of(writes, SIZE)
        await pilot.press("down", "down", "escape")
        await settle(pilot)
        seen["closed"] = (screen.dialog, screen_of(writes, SIZE))
        await pilot.press("down", "enter")  # "Which character do you take?"
        await settle(pilot)
        seen["second"] = (screen.dialog is first, len(screen.query(ChoiceBox)))
        seen["shown"] = screen_of(writes, SIZE)
        seen["repaint"], _ = await repainted(pilot, writes)
        seen["focus"] = app.focused is not None and first in app.focused.ancestors
        options = first.query_one("#choice-options", OptionList)
        seen["options"] = (options.highlighted, options.option_count)
        await pilot.press("enter")
        await settle(pilot)
        seen["played"] = [type(s.intent).__name__ for s in table.game.steps[steps:]]

    asyncio.run(run(_Session(table, writes), SIZE, script))
    assert any("Where?" in line for line in seen["first"])
    dialog, closed = seen["closed"]
    assert dialog is None and not any("Where?" in line for line in closed)
    assert seen["second"] == (True, 1)
    assert any("Which character do you take?" in line for line in seen["shown"])
    assert not any("Where?" in line for line in seen["shown"])
    assert seen["shown"] == seen["repaint"]
    assert seen["focus"] and seen["options"] == (0, 5)
    assert seen["played"] and seen["played"][0] == "ChangeCharacter", seen["played"]


def rows_drawn(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A list that grows by one at each row of a box's choice list drawn (its prompt
    made into strips)."""
    drawn: list[int] = []
    to_strips = Visual.to_strips.__func__  # type: ignore[attr-defined]

    def counted(cls: Any, widget: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(widget, OptionList) and widget.id == "choice-options":
            drawn.append(1)
        return to_strips(cls, widget, *args, **kwargs)

    monkeypatch.setattr(Visual, "to_strips", classmethod(counted))
    return drawn


def test_a_list_asked_again_draws_each_of_its_rows_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The next list in the kept box: each choice's row is drawn once (the one under
    the cursor once more, as the focus comes into the box), not again as the box is
    shown again and laid out, nor as the focus comes (Textual's lists drew them all
    again each time: a fifth of a session's dialog move)."""
    seen: dict[str, Any] = {}
    drawn = rows_drawn(monkeypatch)

    async def script(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        screen, first = await where_to_build(pilot)
        await pilot.press("escape")
        await settle(pilot)
        del drawn[:]
        await pilot.press("down", "enter")  # "Which character do you take?"
        await settle(pilot)
        seen["box"] = screen.dialog is first
        seen["drawn"] = (len(drawn), first.query_one("#choice-options", OptionList).option_count)
        seen["shown"] = screen_of(writes, SIZE)
        seen["repaint"], _ = await repainted(pilot, writes)

    writes: list[str] = []
    asyncio.run(run(_Session(my_turn(), writes), SIZE, script))
    assert seen["box"]
    drawn_rows, options = seen["drawn"]
    assert drawn_rows <= options + 1, seen["drawn"]
    assert seen["shown"] == seen["repaint"]


def test_a_list_asked_again_with_the_same_choices_draws_none_of_its_rows(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The same places asked again in the kept box (the same cities, slots and
    characters come back turn after turn): its rows are those drawn the first time, not
    drawn again (each label was painted into a new prompt, and each new prompt drawn:
    most of the cost of a list's first frame); and they show what a repaint draws."""
    seen: dict[str, Any] = {}
    drawn = rows_drawn(monkeypatch)

    async def script(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        screen, first = await where_to_build(pilot)
        seen["first"] = len(drawn)
        await pilot.press("escape")
        await settle(pilot)
        del drawn[:]
        again, box = await where_to_build(pilot)
        seen["again"] = (box is first, len(drawn))
        seen["shown"] = screen_of(writes, SIZE)
        seen["repaint"], _ = await repainted(pilot, writes)

    writes: list[str] = []
    asyncio.run(run(_Session(my_turn(), writes), SIZE, script))
    assert seen["first"] > 3
    assert seen["again"] == (True, 0), seen
    assert any("Where?" in line for line in seen["shown"])
    assert seen["shown"] == seen["repaint"]


def test_a_list_the_kept_box_cannot_ask_is_asked_in_a_new_box_once_the_kept_one_is_gone(
        ) -> None:
    """A list drawn otherwise than the box kept from the last one (here without the
    game's colours) cannot be asked in it: the kept box is taken away and a new one,
    with the same id, shows the list as a repaint draws it, and answers it."""
    writes: list[str] = []
    seen: dict[str, Any] = {}

    async def script(pilot: Pilot[Any]) -> None:
        app = pilot.app
        await settle(pilot)
        screen, first = await where_to_build(pilot)
        await pilot.press("escape")
        await settle(pilot)
        answers: list[int | None] = []
        screen.ask(ChoiceBox("Which one?", [(("one", ""),), (("two", ""),)], None),
                   answers.append)
        await settle(pilot)
        seen["box"] = (type(screen.dialog).__name__, screen.dialog is first,
                       len(screen.query("#choice-box")))
        seen["shown"] = screen_of(writes, SIZE)
        seen["repaint"], _ = await repainted(pilot, writes)
        await pilot.press("down", "enter")
        await settle(pilot)
        seen["answers"] = (answers, screen.dialog, app.focused is not None
                           and screen.query_one(ActionPanel) in app.focused.ancestors)

    asyncio.run(run(_Session(my_turn(), writes), SIZE, script))
    assert seen["box"] == ("ChoiceBox", False, 1)
    assert any("Which one?" in line for line in seen["shown"])
    assert seen["shown"] == seen["repaint"]
    assert seen["answers"] == ([1], None, True)
