"""Whole rounds played through the UI with keys and clicks, as a person would."""

from __future__ import annotations

import time

import pytest

from engine.core import record
from engine.core.ruleset import Computer, Seat
from engine.registry import rulesets
from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.autosaves import autosave_path
from maharaja_tui.screens.choice import ConfirmScreen
from maharaja_tui.screens.final import FinalScreen
from maharaja_tui.screens.game import GameScreen
from maharaja_tui.screens.new_game import GameSetup, NewGameScreen, default_setup
from maharaja_tui.screens.plan import PlanScreen
from maharaja_tui.widgets.map_graph import MapGraph
from tests.tui import games
from tests.tui.helpers import decide, notices, screen_text, settled, synchronously


def app_for(players: int = 3, humans: int = 1, seed: int = 7) -> MaharajaApp:
    """A new table of ``humans`` and random computers (faster than the real ones)."""
    setup = default_setup(players, seed, humans)
    seats = tuple(s if s.is_human else Seat(s.name, Computer(level="random"))
                  for s in setup.seats)
    setup = GameSetup(seats, setup.options, setup.seed)
    return MaharajaApp(Start("play", setup=setup), computer_delay=0)


def app_at(done, **kwargs) -> MaharajaApp:  # noqa: ANN001, ANN003
    """The app on a game brought to ``done`` by seeded random play through the engine
    (random computers), so the keys drive only the steps under test."""
    return MaharajaApp(Start("game", game=games.game_until(done, **kwargs)), computer_delay=0)


def my_first_plan(game) -> bool:  # noqa: ANN001
    return game.state.phase == "planning" and 0 in game.to_move()


WAITS = 4000  # 0.05 s each: computers thinking on a loaded machine (a guard, not a timing)


async def play_until(pilot, app, done, limit: int = 400) -> list[str]:  # noqa: ANN001
    """Decide by keys until ``done()``: at most ``limit`` decisions; a wait for the
    computers is not one (a busy machine made medium computers outlast 400 polls)."""
    moves: list[str] = []
    waits = 0
    while not done() and len(moves) - waits < limit and waits < WAITS:
        moves.append(await decide(pilot, app))
        waits += moves[-1] == "wait"
    return moves


@synchronously
async def test_a_round_against_computers_by_keyboard() -> None:
    # The engine plays round 1; round 2 by keys against the engine's bots,
    # as `maharaja play` seats them.
    game = games.game_until(lambda g: g.state.round == 2, seed=7)
    game.seats[1:] = default_setup(3, 7).seats[1:]
    app = MaharajaApp(Start("game", game=game), computer_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.game_screen().table.game
        assert all(s.controller == Computer(level="medium") for s in game.seats[1:])
        moves = await play_until(pilot, app, lambda: game.state.round >= 3)
        assert game.state.round >= 3, moves[-10:]
        assert "plan" in moves and "End your turn" in moves
        while not isinstance(app.screen, GameScreen):
            await pilot.press("escape")
        assert "Round 3/7" in screen_text(app)


@synchronously
async def test_a_whole_game_ends_on_the_final_scores() -> None:
    # The engine plays up to the last round; the keys play it to the end of the game.
    app = app_at(lambda g: g.state.round == 7 and 0 in g.to_move(), players=2, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.game_screen().table.game
        await play_until(pilot, app, lambda: game.is_over(), limit=400)
        assert game.is_over()
        for _ in range(3):  # close the last city scoring: the final scores come next
            await pilot.pause()  # an escape while the final screen mounts would close it
            if isinstance(app.screen, FinalScreen):
                break
            await pilot.press("escape")
        assert "Final scoring" in screen_text(app)
        assert "wins" in screen_text(app) or "share the win" in screen_text(app)


@synchronously
async def test_the_final_scores_closed_before_they_mount_do_not_crash() -> None:
    """An escape can reach the final screen before its mount (it closed at once and
    its mount then found no table: the app crashed)."""
    app = app_at(lambda g: g.is_over(), players=2, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        while isinstance(app.screen, FinalScreen):
            await pilot.press("escape")
        app.game_screen().action_scores()
        assert isinstance(app.screen, FinalScreen)
        app.screen.action_close()  # as an escape that comes before the screen's mount
        await pilot.pause()
        assert app.is_running


@synchronously
async def test_a_city_scoring_closed_before_it_mounts_does_not_crash() -> None:
    from maharaja_tui.screens.scoring import ScoringScreen

    app = app_at(lambda g: g.state.round == 2, players=2, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        while not isinstance(app.screen, GameScreen):
            await pilot.press("escape")
        game = app.game_screen()
        view = game.table.view(game.viewer)
        app.push_screen(ScoringScreen(game, game.adapter.scoring_table(view)))
        app.screen.action_close()  # as an escape that comes before the screen's mount
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, GameScreen)


@pytest.mark.parametrize("action", ["full_log", "hint"])
@synchronously
async def test_a_screen_closed_before_it_mounts_does_not_crash(action: str) -> None:
    """As the scoring screens: the hint's mount crashed the same way (the log's did not)."""
    app = app_at(lambda g: g.state.round == 2, players=2, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        while not isinstance(app.screen, GameScreen):
            await pilot.press("escape")
        getattr(app.game_screen(), f"action_{action}")()
        assert not isinstance(app.screen, GameScreen)
        app.screen.dismiss(None)  # as an escape that comes before the screen's mount
        for _ in range(20):
            await pilot.pause()
            if isinstance(app.screen, GameScreen):
                break
        assert app.is_running and isinstance(app.screen, GameScreen)


@synchronously
async def test_start_shrine_placed_with_a_mouse_click_on_the_map() -> None:
    app = app_for()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.game_screen()
        game = screen.table.game
        await play_until(pilot, app, lambda: game.state.phase == "start-shrines"
                         and 0 in game.to_move())
        game_map = app.screen.query_one(MapGraph)
        assert game_map.targets, "the open villages are highlighted"
        village = next(v for v in game_map.targets
                       if game_map.place_at(*game_map._anchors[v]) == v)
        x, y = game_map._anchors[village]
        before = len(game.state.villages[village])
        await pilot.click(MapGraph, offset=(x + game_map.styles.padding.left, y))
        await pilot.pause()
        assert len(game.state.villages[village]) == before + 1
        assert 0 in game.state.villages[village]


@synchronously
async def test_planning_commits_the_chosen_arrows() -> None:
    app = app_at(my_first_plan)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.game_screen().table.game
        await pilot.press("a", "home", "enter")
        assert isinstance(app.screen, PlanScreen)
        await pilot.press("9", "enter", "4", "enter")
        await pilot.pause()
        assert game.state.players[0].plan == (4, 9)


@synchronously
async def test_undo_takes_back_my_decision_and_the_computers_replies() -> None:
    app = app_at(my_first_plan)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.game_screen().table.game
        await decide(pilot, app)
        await decide(pilot, app)  # the plan screen: my plan is committed
        mine = game.last_step_of(0)
        await play_until(pilot, app, lambda: len(game.steps) > mine + 2, limit=50)
        assert len(game.steps) > mine + 1, "the computers planned after me"
        for _ in range(20):  # take back my decisions until my plan is gone
            if game.last_step_of(0) < mine:
                break
            await pilot.press("ctrl+z")
            await pilot.pause()
        assert not game.state.players[0].planned
        assert game.last_step_of(0) < mine
        before = len(game.steps)
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert game.state.players[0].planned and len(game.steps) > before
        assert record.load(autosave_path(), rulesets()).steps[-1] == game.steps[-1]


@synchronously
async def test_new_game_screen_starts_the_chosen_table() -> None:
    app = MaharajaApp(Start("new", seed=11), computer_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("ctrl+f")  # the first-game preset: 4 players, display 1 2 5 9 12 14 15
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        game = app.screen.table.game
        assert len(game.seats) == 4 and game.options.first_game and game.seed == 11
        assert sorted(game.steps[0].events[0].display) == [1, 2, 5, 9, 12, 14, 15]


@synchronously
async def test_a_bad_file_is_a_readable_message(tmp_path) -> None:  # noqa: ANN001
    bad = tmp_path / "bad.json"
    bad.write_text("{ not json")
    app = MaharajaApp(Start("load", path=bad))
    said = notices(app)  # kept: the notice itself expires, maybe before a loaded run looks
    async with app.run_test(size=(80, 24)) as pilot:
        def told() -> bool:
            return any("bad.json" in n and "not a saved game" in n for n in said)

        await settled(pilot, told, "the bad file's notice")
        assert isinstance(app.screen, NewGameScreen)  # never a blank screen


@synchronously
async def test_hot_seat_undo_across_another_humans_decision_needs_agreement() -> None:
    # The engine plays the start shrines; the keys make the plans.
    app = app_at(lambda g: g.state.phase == "planning", players=2, humans=2, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.game_screen().table.game
        await play_until(pilot, app, lambda: game.state.phase == "planning"
                         and len(game.to_move()) == 1 and isinstance(app.screen, GameScreen))
        seat = app.game_screen().viewer
        other = 1 - seat
        assert game.state.players[other].planned and not game.state.players[seat].planned
        before = len(game.steps)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)  # the other player decided since
        await pilot.press("n")
        assert len(game.steps) == before
        await pilot.press("ctrl+z")
        await pilot.press("y")
        await pilot.pause()
        assert len(game.steps) < before and not game.state.players[other].planned


@synchronously
async def test_the_new_game_forms_first_field_takes_the_focus_at_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The focus never passes through the form's scroll area on its way to the
    first field (Textual's auto-focus took the first focusable widget, and the screen's
    mount moved it on): each focus move restyled the whole form, ~30% of its start."""
    from textual.widgets import Select

    focused: list[str | None] = []
    set_focus = NewGameScreen.set_focus

    def recording(self: NewGameScreen, widget, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        focused.append(None if widget is None else widget.id)
        return set_focus(self, widget, *args, **kwargs)

    monkeypatch.setattr(NewGameScreen, "set_focus", recording)
    app = MaharajaApp(Start("new", seed=11), computer_delay=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        first = app.screen.query(Select).first()
        assert app.focused is first
        assert focused and set(focused) == {first.id}, focused


@synchronously
async def test_new_game_form_enter_opens_the_first_field_and_computers_are_medium() -> None:
    """Enter on the form opens the focused first field (it never starts
    a default game), and the computers' level is medium, as the bare command plays."""
    from textual.widgets import Select

    from maharaja_tui.screens.help import KEYS

    app = MaharajaApp(Start("new", seed=11), computer_delay=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        first = screen.query(Select).first()
        assert app.focused is first
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen) and first.expanded
        assert screen.query_one("#who-1", Select).value == Computer(level="medium")
        assert [s.controller for s in screen.setup().seats][1:] == [Computer(level="medium")] * 2
    assert "ctrl+n" in KEYS and "ctrl+o" in KEYS  # the help names both keys


@synchronously
async def test_a_scoring_with_no_reward_to_choose_still_shows_its_screen() -> None:
    """Round 1 of seed 2 scores LAH where nobody has CP (MJ-SCORE-1), so
    no reward is chosen and the round goes on within one step; its screen still shows."""
    from maharaja_tui.screens.scoring import ScoringScreen

    # The engine plays to my first turn; the keys play the rest of round 1.
    app = app_at(lambda g: g.state.phase == "actions" and 0 in g.to_move(), seed=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.game_screen().table.game
        titles = []
        for _ in range(300):
            if game.state.round >= 2 and game.state.phase == "actions":
                break
            if isinstance(app.screen, ScoringScreen):
                titles.append(app.screen.summary.title)
            await decide(pilot, app)
        scored = [e for step in game.steps for e in step.events
                  if type(e).__name__ == "CityScored"]
        assert scored[0].city == "LAH" and scored[0].ranking == ()
        assert titles and titles[0].startswith("Round 1: ") and "is scored" in titles[0]


@synchronously
async def test_a_game_of_computers_only_does_not_stop_at_scorings() -> None:
    """With no human, scorings go to the log and the game goes on."""
    from maharaja_tui.screens.scoring import ScoringScreen

    setup = default_setup(3, 3)  # seed 3: Y ranks first in LAH, BIJ and JAI
    seats = tuple(Seat(s.name, Computer(level="random")) for s in setup.seats)
    app = MaharajaApp(Start("play", setup=GameSetup(seats, setup.options, 3)),
                      computer_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.game_screen().table.game
        # bounded by wall time, not by a count of pauses (400 of them ran out under load)
        deadline = time.monotonic() + 60
        while game.state.round < 3 and time.monotonic() < deadline:
            assert not isinstance(app.screen, ScoringScreen)
            await pilot.pause(0.01)
        assert not isinstance(app.screen, ScoringScreen)
        assert game.state.round >= 3


@synchronously
async def test_the_new_game_form_names_each_special_rule_tile_whole_at_80x24() -> None:
    """A tick box's label is one row: the rule as a player reads it (MJ-VAR-R2 without
    the spec's ruling beside it, which cut the label off mid-word at 80 columns)."""
    from textual.widgets import Checkbox

    app = MaharajaApp(Start("new", seed=11), computer_delay=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        boxes = list(screen.query(Checkbox))
        assert [str(b.label).split(":")[0] for b in boxes] == ["R1", "R2", "R3", "R4"]
        for box in boxes:  # the whole box, its label included, inside the screen
            assert box.region.right <= screen.size.width, (str(box.label), box.region)
        assert str(boxes[1].label) == "R2: outer statues score 1 CP."
