"""A session's game screen draws a city scoring inside itself (a box on its dialog
layer), not as a screen pushed over it, read as a player's terminal shows it: every
seat sees every scoring, and a pushed one wrote the whole terminal as it opened and
again as it closed. Opening and closing it write its rows and the few the move changes;
what shows is what a full repaint of that moment draws; its keys work as on the screen
it was (Escape goes back to the map, Enter takes the reward, then goes on), the focus
comes back to the action list; and the load client (scripts/load_ssh.py) sees it come
and go by its "Back to the map"."""

from __future__ import annotations

import asyncio
import random
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from terminal import run, screen_of
from test_dialog_box import SIZE, _Session, repainted, settle
from textual.pilot import Pilot

from engine.core.table import LocalTable
from maharaja_tui.screens.game import GameScreen
from maharaja_tui.widgets.action_panel import ActionPanel
from tests.tui import games

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

import load_ssh  # noqa: E402 - after the path it lives on


def before_a_scoring() -> tuple[LocalTable, int, Any]:
    """Round 2's last turn about to end (Maharaja): the table, the seat ending it and
    its intent, after which the city is scored and seat 0 chooses a reward first."""
    def scored(game: Any) -> bool:
        return game.state.phase == "scoring" and game.state.round == 2

    last = games.game_until(scored).steps[-1]
    steps = len(games.game_until(scored).steps) - 1
    table = LocalTable(games.game_until(lambda game: len(game.steps) == steps))
    return table, last.seat, last.intent


Script = Callable[[Pilot[Any], list[str], LocalTable, Callable[[], None]], Awaitable[None]]


def at_a_scoring(script: Script) -> None:
    """Seat 0's session before a scoring (``before_a_scoring``), settled: ``script`` gets
    the pilot, what the terminal was written, the table, and the move that brings the
    scoring (another seat ends the round)."""
    writes: list[str] = []
    table, seat, intent = before_a_scoring()

    async def settled(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await script(pilot, writes, table, lambda: table.play(seat, intent))

    asyncio.run(run(_Session(table, writes), SIZE, settled))


def test_a_scoring_writes_its_own_rows_and_shows_what_a_repaint_draws() -> None:
    """MJ-SCORE-1: the city scored after the round's last turn is shown to every seat."""
    seen: dict[str, Any] = {}

    async def script(pilot: Pilot[Any], writes: list[str], table: LocalTable,
                     scoring: Callable[[], None]) -> None:
        app = pilot.app
        _, seen["full"] = await repainted(pilot, writes)
        start = len(writes)
        scoring()  # another seat ends the round: its city is scored
        await settle(pilot)
        drawn = "".join(writes[start:])
        seen["open"] = len(drawn)
        seen["cover"] = load_ssh.cover_after(None, drawn.encode())
        screen = app.screen
        seen["dialog"] = type(screen.dialog).__name__ if isinstance(screen, GameScreen) \
            else type(screen).__name__
        seen["shown open"] = screen_of(writes, SIZE)
        seen["repaint open"], _ = await repainted(pilot, writes)
        start = len(writes)
        await pilot.press("escape")  # back to the map
        await settle(pilot)
        drawn = "".join(writes[start:])
        seen["close"] = len(drawn)
        seen["cover after"] = load_ssh.cover_after(seen["cover"], drawn.encode())
        seen["after"] = (type(app.screen).__name__, getattr(app.screen, "dialog", None))
        actions = app.screen.query_one(ActionPanel)
        seen["focus"] = app.focused is not None and actions in app.focused.ancestors
        seen["shown closed"] = screen_of(writes, SIZE)
        seen["repaint closed"], _ = await repainted(pilot, writes)

    at_a_scoring(script)
    # Pushed as a screen, the scoring wrote two whole frames as it closed (the screen
    # under it resumed, drawn again); as it opened, the move's own rows and a whole
    # frame, mostly blank, which the box's rows and the board around them match.
    assert seen["close"] < 0.8 * seen["full"], (seen["close"], seen["full"])
    assert seen["open"] < 1.5 * seen["full"], (seen["open"], seen["full"])
    assert seen["dialog"] == "ScoringBox"
    assert seen["after"] == ("ServerGameScreen", None) and seen["focus"]
    assert seen["shown open"] == seen["repaint open"]
    assert seen["shown closed"] == seen["repaint closed"]
    assert "Back to the map" in "".join(seen["shown open"])
    assert seen["cover"] is not None and seen["cover after"] is None


async def scored(pilot: Pilot[Any], scoring: Callable[[], None]) -> tuple[GameScreen, Any]:
    """The city scored (``scoring``), settled: the session's game screen and its
    scoring box."""
    from maharaja_tui.screens.scoring import ScoringBox

    scoring()
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen) and isinstance(screen.dialog, ScoringBox)
    return screen, screen.dialog


def test_enter_takes_a_reward_in_the_box_and_escape_goes_back_to_the_map() -> None:
    """MJ-SCORE-4: the seat ranked first chooses its reward tile in the scoring."""
    seen: dict[str, Any] = {}

    async def script(pilot: Pilot[Any], writes: list[str], table: LocalTable,
                     scoring: Callable[[], None]) -> None:
        app = pilot.app
        screen, box = await scored(pilot, scoring)
        steps = len(table.game.steps)
        seen["choices"] = (len(box.entries) > 0, app.focused is not None
                           and box in app.focused.ancestors)
        await pilot.press("enter")  # the first reward tile
        await settle(pilot)
        seen["after enter"] = (screen.dialog is box, len(table.game.steps) - steps)
        await pilot.press("escape")  # back to the map, its next decision in the list
        await settle(pilot)
        seen["after escape"] = (app.screen is screen, screen.dialog,
                                app.focused is not None and screen.query_one(
                                    ActionPanel) in app.focused.ancestors)

    at_a_scoring(script)
    assert seen["choices"] == (True, True)
    assert seen["after enter"] == (True, 1)
    assert seen["after escape"] == (True, None, True)


def test_the_reward_to_choose_is_listed_from_the_sync_the_move_ran() -> None:
    """MJ-SCORE-4: the seat choosing a reward is offered the game screen's decisions as
    the move's redraw found them: the box does not redraw the whole game screen again
    (it did, at every reward chosen, of every seat choosing one)."""
    seen: dict[str, Any] = {}

    async def script(pilot: Pilot[Any], writes: list[str], table: LocalTable,
                     scoring: Callable[[], None]) -> None:
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen)
        synced: list[int] = []
        sync = screen.sync

        def counted() -> None:
            synced.append(len(table.game.steps))
            sync()

        screen.sync = counted  # type: ignore[method-assign]  # on this one screen
        _, box = await scored(pilot, scoring)
        seen["scoring"] = (list(synced), len(table.game.steps))
        seen["entries"] = (len(box.entries) > 0, box.entries == screen.entries)
        seen["shown"] = screen_of(writes, SIZE)
        seen["repaint"], _ = await repainted(pilot, writes)
        del synced[:]
        await pilot.press("enter")  # the first reward tile: the next seat's to choose
        await settle(pilot)
        seen["after"] = (list(synced), len(table.game.steps))

    at_a_scoring(script)
    synced, steps = seen["scoring"]
    assert synced == [steps], synced  # once, for the move that brought the scoring
    assert seen["entries"] == (True, True)
    assert seen["shown"] == seen["repaint"]
    synced, steps = seen["after"]
    assert synced == [steps] * len(synced) and len(synced) <= 1, synced


def test_the_next_scoring_shows_its_own_figures_in_the_box_the_last_one_showed() -> None:
    """MJ-SCORE-1: each round's city scoring is shown, with that round's figures: the box
    closed after one scoring asks the next (kept, not mounted anew), and what shows is
    what a full repaint of that moment draws, the first scoring's words gone."""
    from maharaja_tui.screens.scoring import ScoringBox

    seen: dict[str, Any] = {}

    async def script(pilot: Pilot[Any], writes: list[str], table: LocalTable,
                     scoring: Callable[[], None]) -> None:
        app = pilot.app
        screen, first = await scored(pilot, scoring)
        seen["first"] = screen_of(writes, SIZE)
        await pilot.press("escape")  # back to the map
        await settle(pilot)
        rng = random.Random(3)
        game = table.game
        while not (game.state.phase == "scoring" and game.state.round == 3):
            seat = table.to_move()[0]
            table.play(seat, rng.choice(table.legal_intents(seat)))
        await settle(pilot)
        seen["second"] = (screen.dialog is first, first.display, len(screen.query(ScoringBox)))
        seen["shown"] = screen_of(writes, SIZE)
        seen["repaint"], _ = await repainted(pilot, writes)
        seen["focus"] = app.focused is not None and first in app.focused.ancestors

    at_a_scoring(script)
    assert any("Round 2:" in line for line in seen["first"])
    assert seen["second"] == (True, True, 1)
    assert any("Round 3:" in line for line in seen["shown"])
    assert not any("Round 2:" in line for line in seen["shown"])
    assert seen["shown"] == seen["repaint"]
    assert seen["focus"]


def test_a_scoring_asked_again_with_the_same_figures_renders_none_of_its_cells(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The same figures shown again in the kept box are those drawn the first time: no
    cell of its table rendered again (Textual's table, cleared and filled anew, rendered
    each cell through Rich again: the most of a scoring's opening after the track's),
    and what shows is what a full repaint draws."""
    from textual.widgets import DataTable

    from maharaja_tui.screens.scoring import ScoringBox

    seen: dict[str, Any] = {}
    rendered: list[int] = []
    render_line = DataTable.render_line

    def counted(self: DataTable[Any], y: int) -> Any:
        rendered.append(y)
        return render_line(self, y)

    monkeypatch.setattr(DataTable, "render_line", counted)

    async def script(pilot: Pilot[Any], writes: list[str], table: LocalTable,
                     scoring: Callable[[], None]) -> None:
        screen, first = await scored(pilot, scoring)
        seen["first"] = len(rendered)
        await pilot.press("escape")  # back to the map
        await settle(pilot)
        del rendered[:]
        screen.ask(ScoringBox(screen, first.summary), lambda _: None)
        await settle(pilot)
        seen["again"] = (screen.dialog is first, len(rendered))
        seen["shown"] = screen_of(writes, SIZE)
        seen["repaint"], _ = await repainted(pilot, writes)

    at_a_scoring(script)
    assert seen["first"] > 3
    assert seen["again"] == (True, 0), seen
    assert any("Round 2:" in line for line in seen["shown"])
    assert seen["shown"] == seen["repaint"]
