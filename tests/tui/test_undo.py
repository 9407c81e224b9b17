"""Undo across the computers' decisions: ctrl+z takes back to my last
decision with every reply after it, the computers wait instead of moving for seats
whose turn it no longer is, and ctrl+y brings it all back."""

from __future__ import annotations

import pytest

from engine.core.ruleset import Computer, Seat
from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.screens.choice import ConfirmScreen
from maharaja_tui.screens.game import GameScreen
from maharaja_tui.screens.new_game import default_setup
from maharaja_tui.screens.scoring import ScoringScreen
from tests.tui import games
from tests.tui.helpers import click_words, decide, synchronously
from tests.tui.test_play import app_at, play_until

RANDOM = Computer(level="random")


def snapshot(game) -> tuple:  # noqa: ANN001
    return tuple(game.steps)


async def settle(pilot, app, rounds: int = 6) -> None:  # noqa: ANN001
    """Give the computers time to move, if they (wrongly) would."""
    for _ in range(rounds):
        await pilot.pause(0.05)
    assert app.return_code is None, "the app ended"


async def undo_and_redo(pilot, app, game, seat: int = 0) -> None:  # noqa: ANN001
    """ctrl+z back to my last decision; nothing moves; ctrl+y restores the same steps."""
    before = snapshot(game)
    mine = game.last_step_of(seat)
    assert mine is not None and len(before) > mine
    await pilot.press("ctrl+z")
    await settle(pilot, app)
    assert len(game.steps) == mine, "back to just before my last decision"
    assert seat in game.to_move()
    await pilot.press("ctrl+y")
    await settle(pilot, app)
    assert snapshot(game) == before, "redo brings back my decision and the replies"


@synchronously
async def test_undo_at_the_start_shrine_after_the_computers_chose_characters() -> None:
    # As a player found it: `maharaja play --seed 11`, take character 15, ctrl+z.
    app = MaharajaApp(Start("play", setup=default_setup(3, 11, 1)), computer_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.game_screen().table.game
        await play_until(pilot, app, lambda: bool(app.game_screen().entries), limit=50)
        labels = ["".join(t for t, _ in e.label) for e in app.game_screen().entries]
        index = next(n for n, label in enumerate(labels) if "character 15" in label)
        await pilot.press("a", "home", *(["down"] * index), "enter")
        await play_until(pilot, app, lambda: game.state.phase == "start-shrines"
                         and 0 in game.to_move(), limit=50)
        assert game.state.players[0].character == 15
        assert any(step.seat not in (0, -1) for step in game.steps[game.last_step_of(0):])
        await undo_and_redo(pilot, app, game)
        assert game.state.phase == "start-shrines" and game.state.players[0].character == 15


@synchronously
async def test_undo_at_the_start_of_my_turn_after_a_computer_played() -> None:
    def my_turn_after_a_computer(game) -> bool:  # noqa: ANN001
        return game.state.phase == "actions" and 0 in game.to_move() \
            and game.steps[-1].seat not in (0, -1)

    # The engine brings the game there; the keys close what the app shows.
    app = app_at(my_turn_after_a_computer, seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.game_screen().table.game
        await play_until(pilot, app, lambda: isinstance(app.screen, GameScreen), limit=10)
        assert my_turn_after_a_computer(game)
        await undo_and_redo(pilot, app, game)


@synchronously
async def test_undo_during_planning() -> None:
    app = app_at(games.my_planning, seed=7)  # round 2's plan, reached by the engine
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.game_screen().table.game
        await play_until(pilot, app, lambda: isinstance(app.screen, GameScreen), limit=10)
        assert games.my_planning(game)
        await undo_and_redo(pilot, app, game)
        await decide(pilot, app)  # plan anew: the game goes on from there
        await decide(pilot, app)
        await play_until(pilot, app, lambda: game.state.phase != "planning", limit=50)
        assert game.state.phase == "actions"


@synchronously
async def test_undo_at_game_over() -> None:
    seats = [Seat("You"), Seat("Anand", RANDOM), Seat("Bela", RANDOM)]
    game = games.game_until(games.over)
    game.seats[1:] = seats[1:]  # computers from now on, as a finished game's are
    app = MaharajaApp(Start("game", game=game), computer_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.game_screen().table.game
        for _ in range(4):  # close the final scores
            if isinstance(app.screen, GameScreen):
                break
            await pilot.press("escape")
        await undo_and_redo(pilot, app, game)
        assert game.is_over()


@synchronously
async def test_hot_seat_undo_when_all_agree_takes_back_the_computers_too() -> None:
    # The engine plays the start shrines; the keys play from the first plan.
    app = app_at(lambda g: g.state.phase == "planning", humans=2, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.game_screen().table.game

        def across_both() -> bool:
            screen = app.game_screen()
            if not isinstance(app.screen, GameScreen) or screen.viewer is None:
                return False
            me = screen.viewer
            mine = game.last_step_of(me)
            if mine is None or me not in game.to_move():
                return False
            after = {step.seat for step in game.steps[mine:]}
            return (1 - me) in after and 2 in after

        await play_until(pilot, app, across_both, limit=600)
        me = app.game_screen().viewer
        before = snapshot(game)
        mine = game.last_step_of(me)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await settle(pilot, app)
        assert len(game.steps) == mine and me in game.to_move()
        while not isinstance(app.screen, GameScreen):  # a privacy screen, maybe
            await pilot.press("enter")
            await pilot.pause()
        assert app.game_screen().viewer == me
        await pilot.press("ctrl+y")
        await settle(pilot, app)
        assert len(game.steps) > mine and game.steps[mine] == before[mine]


@synchronously
async def test_a_closed_scoring_screen_stops_listening_to_the_table() -> None:
    app = MaharajaApp(Start("game", game=games.game_until(games.my_reward)),
                      computer_delay=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.game_screen().table
        assert isinstance(app.screen, ScoringScreen)
        scoring = app.screen
        assert scoring.box._changed in table._listeners
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, ScoringScreen)
        assert scoring.box._changed not in table._listeners


@pytest.mark.parametrize("by", ["keys", "mouse"])
@synchronously
async def test_a_networked_player_is_asked_to_agree_to_anothers_undo(by: str) -> None:
    """n (or a click on "n no") refuses, y (or "y yes") agrees; Enter is no answer."""
    from engine.core.table import LocalTable
    from tests.tui.test_screens import Host

    def both_decided(g) -> bool:  # noqa: ANN001
        a, b = g.last_step_of(0), g.last_step_of(1)
        return a is not None and b is not None and b > a

    game = games.game_until(both_decided, humans=2)
    table = LocalTable(game)
    app = Host(GameScreen(table, 1))  # seat 1's own terminal, as over SSH
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        keep = game.last_step_of(0)
        request = table.undo(0)
        await pilot.pause()
        assert request is not None and request.others == {1}
        assert isinstance(app.screen, ConfirmScreen)
        await answer(pilot, by, "n")
        assert table.pending_undo is None and len(game.steps) > keep
        table.undo(0)
        await pilot.pause()
        await answer(pilot, by, "y")
        assert len(game.steps) == keep


async def answer(pilot, by: str, key: str) -> None:  # noqa: ANN001
    """A yes/no question answered by its key, or by a click on its button."""
    if by == "keys":
        await pilot.press(key)
        await pilot.pause()
    else:
        await click_words(pilot, {"y": "y yes", "n": "n no"}[key])


@synchronously
async def test_undo_and_redo_tell_nothing_to_take_back_by_its_kind() -> None:
    """The screen branches on the refusal's type, whatever rule id a table cites (a
    server's table cites its own): nothing to undo or redo is a notice, any other
    refusal is shown with its rule as the rules' refusals are."""
    from engine.core.errors import NothingToUndo, Refused

    app = app_at(games.my_planning, seed=7)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await play_until(pilot, app, lambda: isinstance(app.screen, GameScreen), limit=10)
        screen = app.game_screen()
        table = screen.table
        answers: list[Exception] = [NothingToUndo("SRV-UNDO-7", "nothing here"),
                                    Refused("SRV-UNDO-8", "the host said no")]

        def refuse(seat: int) -> None:
            raise answers.pop(0)

        table.undo = table.redo = refuse
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert screen.last_refusal is None  # told as a notice: nothing was refused
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert screen.last_refusal is not None and screen.last_refusal.rule == "SRV-UNDO-8"
