"""Maharani in the terminal UI: the palace grid and the adapter, a turn placed by keys and
by mouse with the rotation preview and its gold, the action list, hot seat, the
new-game screen and the command line, saves, undo and the replay, F1, and snapshots."""

from __future__ import annotations

import random
import time
from pathlib import Path

import msgspec
import pytest

from engine import Game
from engine.core import record
from engine.maharani import RULESET, Options
from engine.maharani import events as E
from engine.maharani import intents as I
from engine.maharani.board import palace
from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.games import adapter_for
from maharaja_tui.games.maharani import MaharaniAdapter
from maharaja_tui.screens.choice import ChoiceScreen
from maharaja_tui.screens.final import FinalScreen
from maharaja_tui.screens.game import GameScreen
from maharaja_tui.screens.help import HelpScreen
from maharaja_tui.screens.new_game import NewGameScreen
from maharaja_tui.screens.privacy import PrivacyScreen
from maharaja_tui.screens.replay import ReplayScreen
from maharaja_tui.widgets.board_cursor import ArrowMoves
from maharaja_tui.widgets.palace_grid import ARROWS, SIDES, PalaceGrid
from tests.tui import maharani_games as M
from tests.tui.board_keys import arrow_keys
from tests.tui.helpers import screen_text, settled, synchronously

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
QUIET = 3600.0


def app_at(game: Game, **kwargs) -> MaharajaApp:  # noqa: ANN003
    return MaharajaApp(Start("game", game=game), computer_delay=QUIET, **kwargs)


def engine_gold(game: Game, seat: int, intent: I.Place) -> tuple[int, tuple[str, ...]]:
    """The tile gold and zone the engine's own events give (M-GOLD-1)."""
    placed = next(e for e in RULESET.decide(game.state, seat, intent)
                  if isinstance(e, E.TilePlaced))
    return placed.gold, placed.zone


# ------------------------------------------------------------------ the adapter alone
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_adapter_draws_every_step_of_a_random_game(players: int) -> None:
    """Every view of a whole game gives panels, status, menu and labels without fail,
    and each placement the menu lists is one of the engine's legal intents."""
    game = M.game_until(M.over, players=players, humans=players, seed=players)
    assert game.is_over()
    adapter = MaharaniAdapter(game.seats)
    replay_game = Game(RULESET, game.seats, Options(), game.seed)
    for n, step in enumerate(s for s in game.steps if s.seat >= 0):
        view = replay_game.ruleset.view(replay_game.state, step.seat)
        legal = replay_game.legal_intents(step.seat)
        if n % 7 == 0:
            panels = adapter.panels(view, step.seat, replay_game.to_move(), legal)
            grid = panels[0].data
            assert len(grid.cells) == 56 and len(grid.slots) == 4  # M-BOARD-1, M-COMP-1
            assert {(p.slot, p.cell, SIDES[p.arrow]) for p in grid.placements} == {
                (i.slot, i.cell, i.arrow) for i in legal if isinstance(i, I.Place)}
            entries = adapter.menu(view, step.seat, legal)
            assert sorted(map(repr, (i for e in entries for i in e.intents))) == sorted(
                map(repr, legal))
            adapter.status(view, step.seat, replay_game.to_move())
        replay_game.play(step.seat, step.intent)
    final = adapter.final_table(game.state)
    assert final.notes and "M-END-3" in "".join(t for t, _ in final.notes[0])
    assert [row[1][0][0] for row in final.rows] == [str(p.gold) for p in game.state.players]


def test_the_grid_marks_scored_quarters_and_where_the_turntable_points() -> None:
    """M-EVAL-3 on the board (✓ scored) and M-BOARD-8: slot s lies in quarter
    Q[(s - 1 + o) mod 4], drawn on that quarter's centre cell."""
    game = M.game_until(lambda g: len(g.state.scored) >= 1)
    view = game.state
    grid = MaharaniAdapter(game.seats).palace(view, 0, [])
    assert grid.scored == frozenset(view.scored) and grid.points == view.orientation
    quarters = palace().quarters
    centre = {"NW": (3, 3), "NE": (3, 4), "SE": (4, 4), "SW": (4, 3)}
    for slot in grid.slots:
        assert (slot.row, slot.col) == centre[quarters[(slot.number - 1 + view.orientation) % 4]]


# ------------------------------------------------------------------ a turn by keys
async def _grid(pilot, app) -> PalaceGrid:  # noqa: ANN001
    await pilot.pause()
    return app.screen.query_one(PalaceGrid)


@synchronously
async def test_a_tile_placed_by_keys_slot_cell_rotation_confirm() -> None:
    """M-PLACE-1, M-PLACE-4: pick a slot (its cells highlighted), a cell (a preview with
    the engine's gold), turn it to another legal rotation, confirm: that placement is played."""
    game = M.game_until(M.my_turn)
    app = app_at(game)
    async with app.run_test(size=(80, 24)) as pilot:
        grid = await _grid(pilot, app)
        legal = [i for i in game.legal_intents(0) if isinstance(i, I.Place)]
        turning = {(i.slot, i.cell) for i in legal} and [
            (s, c) for s, c in {(i.slot, i.cell) for i in legal}
            if len({i.arrow for i in legal if (i.slot, i.cell) == (s, c)}) > 1]
        slot, cell_id = sorted(turning)[0] if turning else (legal[0].slot, legal[0].cell)
        await pilot.press("m", str(slot))
        assert grid.has_focus and grid.picked.slot == slot
        assert grid.targets() == {i.cell for i in legal if i.slot == slot}
        cell = palace().cells[cell_id]
        start = grid.cursor
        assert grid.preview() is not None  # on the first cell it may go to, previewed
        moves = ArrowMoves(grid._spots())
        await pilot.press(*arrow_keys(moves, grid._key(start), grid._key((cell.row, cell.col))))
        first = grid.preview()  # the preview follows the cursor: no Enter needed
        assert first is not None and first.cell == cell_id
        arrows = [i.arrow for i in legal if (i.slot, i.cell) == (slot, cell_id)]
        if len(set(arrows)) > 1:
            await pilot.press("r")
        chosen = grid.preview()
        assert chosen is not None
        intent = next(i for i in legal if (i.slot, i.cell, i.arrow)
                      == (slot, cell_id, SIDES[chosen.arrow]))
        gold, zone = engine_gold(game, 0, intent)
        text = screen_text(app)
        assert f"slot {slot} → {cell_id} {ARROWS[chosen.arrow]}" in text, text
        assert f"+{gold} gold" in text and chosen.zone == frozenset(zone)
        steps = len(game.steps)
        await pilot.press("enter")
        await pilot.pause()
        if isinstance(app.screen, ChoiceScreen):  # the artisan's colour (M-2P-2)
            await pilot.press("enter")
            await pilot.pause()
        assert len(game.steps) == steps + 1
        placed = game.state.cells[cell_id]
        assert SIDES[placed.arrow] == intent.arrow


@synchronously
async def test_escape_steps_back_from_the_preview_then_the_slot() -> None:
    game = M.game_until(M.my_turn)
    app = app_at(game)
    async with app.run_test(size=(120, 40)) as pilot:
        grid = await _grid(pilot, app)
        place = next(i for i in game.legal_intents(0) if isinstance(i, I.Place))
        await pilot.press("m", str(place.slot))
        cell = palace().cells[place.cell]
        grid.cursor = (cell.row, cell.col)
        await pilot.pause()
        assert grid.preview() is not None
        await pilot.press("escape")
        assert grid.preview() is None and grid.picked.slot == place.slot
        await pilot.press("escape")
        assert grid.picked.slot == 0 and isinstance(app.screen, GameScreen)


# ------------------------------------------------------------------ a turn by mouse
def _offset(grid: PalaceGrid, place: str) -> tuple[int, int]:
    """Where ``place`` is drawn in the grid's content (x, y)."""
    for y, line in enumerate(grid._places):
        if place in line:
            return line.index(place), y
    raise AssertionError(f"{place} is not drawn")


@synchronously
async def test_a_tile_placed_by_mouse_click_slot_cell_again_to_turn_and_place() -> None:
    game = M.game_until(M.my_turn)
    app = app_at(game)
    async with app.run_test(size=(120, 40)) as pilot:
        grid = await _grid(pilot, app)
        legal = [i for i in game.legal_intents(0) if isinstance(i, I.Place)]
        place = legal[0]
        left, top = grid.content_region.x - grid.region.x, grid.content_region.y - grid.region.y

        async def click(where: str) -> None:
            x, y = _offset(grid, where)
            await pilot.click(PalaceGrid, offset=(left + x, top + y))
            await pilot.pause()

        await click(f"slot:{place.slot}")
        assert grid.picked.slot == place.slot
        await click(f"cell:{place.cell}")
        assert grid.preview() is not None and grid.preview().cell == place.cell
        ways = len(grid.picked.ways)
        await click(f"cell:{place.cell}")  # again: the next legal rotation
        assert grid.picked.arrow == (1 % ways)
        chosen = grid.preview()
        steps = len(game.steps)
        await click("place")
        if isinstance(app.screen, ChoiceScreen):
            await pilot.press("enter")
            await pilot.pause()
        assert len(game.steps) == steps + 1
        assert game.state.cells[place.cell].arrow == chosen.arrow


# ------------------------------------------------------------------ the action list
@synchronously
async def test_the_action_list_places_a_tile_and_ends_the_turn_after_one() -> None:
    """M-PLACE-6: after the first tile the list offers a second one or ending the turn."""
    game = M.game_until(M.my_turn)
    app = app_at(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        labels = ["".join(t for t, _ in e.label) for e in screen.entries]
        assert labels[0].startswith("Slot ")
        await pilot.press("a", "home", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        assert "gold" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        if isinstance(app.screen, ChoiceScreen):
            await pilot.press("enter")
            await pilot.pause()
        assert game.state.turn is not None and game.state.turn.placed == 1
        labels = ["".join(t for t, _ in e.label) for e in screen.entries]
        assert any(label.startswith("End the turn") for label in labels)
        assert "A second tile for 2 gold" in screen_text(app)
        end = next(n for n, label in enumerate(labels) if label.startswith("End the turn"))
        await pilot.press("a", "home", *["down"] * end, "enter")
        await pilot.pause()
        assert any(isinstance(e, E.TurnEnded) and e.seat == 0 and e.fee == 0
                   for _, e in game.events())


# ------------------------------------------------------------------ hot seat, new game, CLI
@synchronously
async def test_hot_seat_hands_over_without_a_privacy_screen() -> None:
    """Everything in Maharani is public (M-INFO-1): hot seat turns to the next human
    without covering the screen (a cover only before a secret)."""
    game = M.game_until(lambda g: g.state.turn is not None and g.state.turn.seat == 0,
                        players=2, humans=2)
    app = app_at(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        if isinstance(app.screen, PrivacyScreen):
            await pilot.press("enter")
            await pilot.pause()
        screen = app.game_screen()
        place = next(i for i in game.legal_intents(0) if isinstance(i, I.Place))
        screen.play(place)
        await pilot.pause()
        if game.state.turn is not None and game.state.turn.seat == 0:
            screen.play(I.EndTurn())
            await pilot.pause()
        assert game.state.turn is not None and game.state.turn.seat == 1
        assert not isinstance(app.screen, PrivacyScreen)
        assert app.game_screen().viewer == 1
        assert "Red+Blue's turn" in screen_text(app)  # M-2P-1: a seat of two colours


@synchronously
async def test_the_new_game_screen_starts_maharani() -> None:
    app = MaharajaApp(Start("new", seed=11), computer_delay=QUIET)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        await screen.switch_game("maharani")
        await pilot.pause()
        assert "Maharani: Mosaic Palace — a new game" in screen_text(app)
        screen.query_one("#players").value = 4
        await pilot.pause()
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        game = app.screen.table.game
        assert game.ruleset.id == "maharani" and len(game.seats) == 4 and game.seed == 11
        assert app.screen.query_one(PalaceGrid) is not None


def test_maharaja_play_game_maharani(monkeypatch) -> None:  # noqa: ANN001
    from maharaja_tui import cli

    started: list[Start] = []
    monkeypatch.setattr(MaharajaApp, "run", lambda self: started.append(self.start))
    assert cli.main(["play", "--game", "maharani", "--players", "2", "--seed", "5"]) == 0
    setup = started[-1].setup
    assert setup is not None and setup.ruleset_id == "maharani" and len(setup.seats) == 2


# ------------------------------------------------------------------ saves, undo, replay, F1
@synchronously
async def test_a_maharani_save_loads_undoes_and_replays(tmp_path: Path) -> None:
    game = M.game_until(M.my_turn)
    path = tmp_path / "maharani.json"
    record.save(game, path)
    app = MaharajaApp(Start("load", path=path), computer_delay=QUIET)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.game_screen()
        loaded = screen.table.game
        assert loaded.ruleset.id == "maharani" and len(loaded.steps) == len(game.steps)
        before = (len(loaded.steps), msgspec.msgpack.encode(loaded.state))
        screen.play(next(i for i in loaded.legal_intents(0) if isinstance(i, I.Place)))
        await pilot.pause()
        assert len(loaded.steps) == before[0] + 1
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert (len(loaded.steps), msgspec.msgpack.encode(loaded.state)) == before
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert len(loaded.steps) == before[0] + 1
    finished = tmp_path / "finished.json"
    record.save(M.game_until(M.over), finished)
    app = MaharajaApp(Start("replay", path=finished))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("pagedown", "pagedown", "down")
        await pilot.pause()
        text = screen_text(app)
        assert "replay" in text and "NW" in text and "turntable points" in text


@synchronously
async def test_a_maharani_game_autosaves_and_continue_resumes_it(data_home: Path) -> None:
    from engine.registry import rulesets
    from maharaja_tui import autosaves
    from maharaja_tui.screens.new_game import GameSetup

    setup = GameSetup(tuple(M.seats(3)), Options(), 21, "maharani")
    app = MaharajaApp(Start("play", setup=setup), computer_delay=QUIET)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.game_screen().table.game
        while 0 not in game.to_move():  # the computers play first, if they do
            game.play(game.to_move()[0], game.legal_intents(game.to_move()[0])[0])
        await pilot.pause()
        app.game_screen().play(next(i for i in game.legal_intents(0)
                                    if isinstance(i, I.Place)))
        await pilot.pause()
        steps = len(game.steps)
    saved = autosaves.latest_unfinished()
    assert saved is not None
    assert record.load(saved, rulesets()).ruleset.id == "maharani"
    app = MaharajaApp(Start("continue"), computer_delay=QUIET)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        resumed = app.game_screen().table.game
        assert resumed.ruleset.id == "maharani" and len(resumed.steps) == steps
        assert resumed.seed == 21 and app.screen.query_one(PalaceGrid) is not None


@synchronously
async def test_f1_shows_the_maharani_rules() -> None:
    app = app_at(M.game_until(M.my_turn))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("slash", *"M-PLACE-3", "enter")
        await settled(pilot, lambda: "Action PLACE" in screen_text(app), "the rule found")
        text = screen_text(app)
        assert "Action PLACE" in text and "M-PLACE-3" in text, text


@synchronously
async def test_a_whole_game_against_computers_reaches_the_final_scores() -> None:
    """The app drives the computers to the end; the final table names the winner (M-END-3)."""
    game = M.game_until(lambda g: len(g.state.cells) >= 50, players=3)
    app = MaharajaApp(Start("game", game=game), computer_delay=0.001)
    rng = random.Random(1)
    async with app.run_test(size=(80, 24)) as pilot:
        # bounded by wall time, not by 400 pauses: the computers think in threads
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            await pilot.pause(0.02)
            if isinstance(app.screen, FinalScreen) or game.is_over() and not game.to_move():
                break
            screen = app.game_screen()
            if isinstance(app.screen, GameScreen) and 0 in game.to_move() and screen.entries:
                screen.play(rng.choice(screen.table.legal_intents(0)))
        await settled(pilot, lambda: "Final scores" in screen_text(app), "the final screen drawn")
        assert isinstance(app.screen, FinalScreen)
        assert game.is_over()
        assert "Final scores" in screen_text(app)


def test_the_adapter_is_found_through_the_spec() -> None:
    game = M.game_until(M.my_turn)
    assert isinstance(adapter_for(game.ruleset, game.seats), MaharaniAdapter)


# ------------------------------------------------------------------ snapshots
@pytest.mark.parametrize("size", SIZES)
def test_snapshot_maharani_turn(snap_compare, size) -> None:  # noqa: ANN001
    assert snap_compare(app_at(M.game_until(M.my_turn)), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_maharani_preview(snap_compare, size) -> None:  # noqa: ANN001
    game = M.game_until(M.my_turn)
    place = next(i for i in game.legal_intents(0) if isinstance(i, I.Place))
    cell = palace().cells[place.cell]

    async def preview(pilot) -> None:  # noqa: ANN001
        await pilot.press("m", str(place.slot))
        pilot.app.screen.query_one(PalaceGrid).cursor = (cell.row, cell.col)
        await pilot.pause()

    assert snap_compare(app_at(game), terminal_size=size, run_before=preview)


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_maharani_final(snap_compare, size) -> None:  # noqa: ANN001
    assert snap_compare(app_at(M.game_until(M.over, players=4)), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_maharani_two_players(snap_compare, size) -> None:  # noqa: ANN001
    game = M.game_until(lambda g: M.my_turn(g) and len(g.state.cells) >= 30, players=2)
    assert snap_compare(app_at(game), terminal_size=size)


@synchronously
async def test_the_choices_have_focus_from_the_start_never_the_grid() -> None:
    # Keys typed before the first frame (m then 1 over a slow link) went to whatever held
    # focus: the palace grid, focused first by Textual's default, until the screen moved
    # focus to the choices a moment later.
    from textual import events

    focused: list[str | None] = []

    def seen(message: object) -> None:  # every focus taken on the game screen
        if isinstance(message, events.DescendantFocus) \
                and isinstance(message.widget.screen, GameScreen):
            focused.append(message.widget.id)

    app = app_at(M.game_until(lambda g: g.state.phase == "turn"))
    async with app.run_test(size=(100, 32), message_hook=seen) as pilot:
        await pilot.pause()
        assert focused and set(focused) == {"action-options"}, focused
