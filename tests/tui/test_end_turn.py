"""Ending a turn with something unused asks first, in every game: what is unused (the
game's engine says), Enter ends it, Esc goes back with the cursor where it was; both
answers are clicked too, a click elsewhere answers nothing; the setting
``confirm_end_turn = false`` plays it at once."""

from __future__ import annotations

import pytest

from engine.maharaja.legal import unused_actions
from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.screens.choice import ConfirmScreen
from maharaja_tui.screens.game import GameScreen
from maharaja_tui.settings import Settings
from maharaja_tui.widgets.action_panel import ActionPanel
from tests.tui import games
from tests.tui import raja_games as R
from tests.tui.helpers import click_words, screen_text, synchronously

QUIET = 3600.0


def labels(screen: GameScreen) -> list[str]:
    return ["".join(text for text, _ in entry.label) for entry in screen.entries]


def change_unused(game) -> bool:  # noqa: ANN001
    """Seat 0's turn with Change character planned and not yet used (MJ-ACT-8)."""
    s = game.state
    return (games.my_turn(game)
            and any(t.action == 8 and not t.done for t in s.turn.tasks)
            and any(type(i).__name__ == "ChangeCharacter" for i in game.legal_intents(0)))


@synchronously
async def test_ending_a_maharaja_turn_with_change_character_unused_asks_first() -> None:
    game = games.game_until(change_unused)
    app = MaharajaApp(Start("game", game=game), computer_delay=QUIET)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        end = labels(screen).index("End your turn")
        await pilot.press("home", *["down"] * end, "enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        said = screen_text(app)
        assert "Change character (arrow" in said and "Enter ends it" in said
        await pilot.press("escape")  # back: nothing played, the cursor where it was
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and game.state.turn.seat == 0
        options = screen.query_one(ActionPanel).options
        assert app.focused is options and options.highlighted == end
        steps = len(game.steps)
        await pilot.press("enter", "enter")  # chosen again, and confirmed with Enter
        await pilot.pause()
        assert type(game.steps[steps].intent).__name__ == "EndTurn"


@synchronously
async def test_the_setting_turns_the_question_off() -> None:
    game = games.game_until(change_unused)
    app = MaharajaApp(Start("game", game=game), computer_delay=QUIET,
                      settings=Settings(confirm_end_turn=False))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        end = labels(app.screen).index("End your turn")
        steps = len(game.steps)
        await pilot.press("home", *["down"] * end, "enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert type(game.steps[steps].intent).__name__ == "EndTurn"


def test_only_what_the_turn_can_still_do_is_unused() -> None:
    """MJ-ACT-10: an action done, or one the rules allow neither now nor after a move
    of the priest, is not named; a statue possible after a move is (MJ-STAT-3)."""
    game = games.game_until(change_unused)
    view = game.view(0)
    before = unused_actions(view, 0)
    assert any(word.startswith("Change character") for word in before)
    for task in view.turn.tasks:
        task.done = True
        task.statues = task.shrines = 0
    assert unused_actions(view, 0) == ()
    assert unused_actions(game.view(1), 1) == ()  # not that seat's turn


@pytest.mark.parametrize("by", ["keys", "mouse"])
@synchronously
async def test_raja_s_forfeit_is_confirmed_with_enter(by: str) -> None:
    """R-TURN-4: Enter, or a click on "Enter ends it", ends the turn; clicks on the
    question, outside the box or on the footer leave the question up and play nothing."""
    game = R.game_until(R.my_turn)
    app = MaharajaApp(Start("game", game=game), computer_delay=QUIET)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        end = labels(app.screen).index("End your turn")
        steps = len(game.steps)
        await pilot.press("home", *["down"] * end, "enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen) and "R-TURN-4" in screen_text(app)
        if by == "keys":
            await pilot.press("enter")
            await pilot.pause()
        else:
            await click_words(pilot, "End the turn anyway?")
            await pilot.click(offset=(0, 0))  # outside the box
            await pilot.click(offset=(70, 23))  # the footer's line
            await pilot.pause()
            assert isinstance(app.screen, ConfirmScreen) and len(game.steps) == steps
            await click_words(pilot, "Enter ends it")
        assert isinstance(app.screen, GameScreen)
        assert type(game.steps[steps].intent).__name__ == "EndTurn"


@pytest.mark.parametrize("by", ["keys", "mouse"])
@synchronously
async def test_ending_a_maharadjah_movement_phase_names_the_stacks_that_could_move(
        by: str) -> None:
    """W-MOVE-1: back (Esc, or a click on "Esc back") plays nothing and leaves the
    cursor on the entry, the list focused; Enter chooses it again and ends the phase."""
    from engine.maharadjah.state import Phase
    from tests.tui.test_maharadjah import new_game, played

    def moving(game) -> bool:  # noqa: ANN001
        s = game.state
        return s.phase == Phase.MOVE and not s.todo and s.battle is None

    game = played(new_game(4), 300, 1, until=moving)
    app = MaharajaApp(Start("game", game=game), computer_delay=QUIET)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        end = next(n for n, label in enumerate(labels(screen))
                   if label.startswith("End the Movement Phase"))
        steps = len(game.steps)
        await pilot.press("home", *["down"] * end, "enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        said = screen_text(app)
        assert "End the Movement Phase? Still possible" in said and " in " in said
        if by == "keys":
            await pilot.press("escape")
            await pilot.pause()
        else:
            await click_words(pilot, "Esc back")
        assert app.screen is screen and len(game.steps) == steps
        options = screen.query_one(ActionPanel).options
        assert app.focused is options and options.highlighted == end
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert type(game.steps[steps].intent).__name__ == "EndMovement"


@synchronously
async def test_maharani_asks_nothing_after_its_one_action() -> None:
    """M-TURN-2, M-PLACE-6: the turn's one action is done once a tile is placed; a
    second tile is a purchase, not part of the turn, so ending leaves nothing unused."""
    from tests.tui import maharani_games

    def after_a_tile(game) -> bool:  # noqa: ANN001
        turn = game.state.turn
        return turn is not None and turn.seat == 0 and turn.placed == 1

    game = maharani_games.game_until(after_a_tile)
    app = MaharajaApp(Start("game", game=game), computer_delay=QUIET)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        end = next(n for n, label in enumerate(labels(app.screen))
                   if label.startswith("End"))
        steps = len(game.steps)
        await pilot.press("home", *["down"] * end, "enter")
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmScreen)
        assert type(game.steps[steps].intent).__name__ == "EndTurn"
