"""The guided first games ("Learn to play"): every lesson plays to its end by the keys its
steps ask for, at 80x24, against its computers; a decision the step does not ask for is
explained and not played; the player may leave the lesson and play on; F1 opens the
step's guide section. A change of the rules, the computers' play or the screens that
breaks a lesson fails here (scripts/lesson_seeds.py finds a seed again).
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.game_setup import lesson_setup
from maharaja_tui.lessons import files, key_presses
from maharaja_tui.screens.choice import ChoiceScreen, ConfirmScreen
from maharaja_tui.screens.game import GameScreen
from maharaja_tui.screens.help import HelpScreen
from maharaja_tui.screens.plan import PlanScreen
from maharaja_tui.screens.scoring import ScoringScreen
from maharaja_tui.widgets.lesson_panel import LessonPanel
from tests.tui.helpers import screen_text, synchronously

GAMES = files.games()


def test_every_game_has_a_lesson() -> None:
    from maharaja_tui.games import playable

    assert set(GAMES) == set(playable())


def test_the_maharadjah_lesson_teaches_the_ideas_the_readme_names() -> None:
    """Growth, a move, a battle, a retreat, a submission (README, "Learning to play"):
    a new seed or script after a change of the computers' play must keep all five."""
    from maharaja_tui.lessons.files import load

    taught = {rule.rsplit("-", 1)[0] for step in load("maharadjah").steps for rule in step.rules}
    assert {"W-GROW", "W-MOVE", "W-CMB", "W-RET", "W-SUB"} <= taught


def lesson_app(game: str) -> MaharajaApp:
    return MaharajaApp(Start("play", setup=lesson_setup(game)), computer_delay=0)


async def begun(pilot: Any, app: MaharajaApp) -> GameScreen:
    """Past the welcome (Enter begins the lesson): the game screen."""
    await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the welcome")
    assert "Enter begins the lesson" in screen_text(app)
    await pilot.press("enter")
    screen = app.game_screen()
    assert screen is not None and screen.lesson is not None
    return screen


async def until(pilot: Any, condition: Any, what: str, seconds: float = 180.0,
                shown: Any = None) -> None:
    """Pause until ``condition()``; else fail saying ``what`` (and ``shown()``: the screen)."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"never came: {what}" + (f"\n{shown()}" if shown else ""))
        await pilot.pause(0.01)


async def due(pilot: Any, app: MaharajaApp, screen: GameScreen, number: int) -> None:
    """Wait for step ``number`` (1-based) to be due, as a player waits: the computers
    play, and a scoring that is over is closed with Enter, as its screen says."""
    lesson = screen.lesson
    assert lesson is not None
    deadline = time.monotonic() + 180  # the computers play: a loaded machine is slow
    title = f"Step {number}/{len(lesson.lesson.steps)}"
    while not (lesson.done(screen._steps()) == number - 1 and screen._lesson_step()
               and title in screen_text(app)):
        if time.monotonic() > deadline:
            raise AssertionError(f"step {number} never came; the screen:\n{screen_text(app)}")
        top = app.screen
        if isinstance(top, ScoringScreen) and not top.entries \
                and "press Enter to go on" in screen_text(app):
            await pilot.press("enter")
        await pilot.pause(0.01)


@pytest.mark.parametrize("game", GAMES)
@synchronously
async def test_a_lesson_plays_to_its_end_by_the_keys_it_asks_for(game: str) -> None:
    app = lesson_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await begun(pilot, app)
        lesson = screen.lesson
        assert lesson is not None
        steps = lesson.lesson.steps
        problems: list[str] = []
        for number, step in enumerate(steps, start=1):
            await due(pilot, app, screen, number)
            await pilot.pause()  # the frame the step came in settled, as a person reads it
            await pilot.pause()
            shown = screen_text(app)
            assert f"Step {number}/{len(steps)}" in shown, shown
            problems += [f"step {number} ({step.expect}): {line!r} not shown"
                         for line in unseen(app, shown)]
            # The step's place on the board and its entry are marked.
            assert screen.pointed is not None or not isinstance(app.screen, GameScreen), (
                f"step {number} ({step.expect}): no entry of the action list is its own")
            await keyed(pilot, step.keys)
            await until(pilot, lambda n=number: lesson.done(screen._steps()) >= n,
                        f"step {number} ({step.expect}) played by {step.keys}",
                        shown=lambda: screen_text(app))
            assert lesson.done(screen._steps()) == number, (
                f"step {number} ({step.expect}): the keys {step.keys} played more")
            await pilot.pause()
            assert not isinstance(app.screen, ChoiceScreen | ConfirmScreen | PlanScreen), (
                f"step {number} ({step.expect}): the keys {step.keys} opened {app.screen}")
        await until(pilot, lambda: app.screen is screen or isinstance(app.screen, ScoringScreen),
                    f"back to the game from {app.screen}")
        panel = screen.query_one("#lesson", LessonPanel)
        assert panel.data is not None and panel.data.title == "Lesson done"
        assert not problems, "\n".join(problems)
        assert not lesson.running(screen._steps())


async def keyed(pilot: Any, keys: tuple[str, ...]) -> None:
    """The step's keys as a person types them: each once the screen has taken the one
    before (a dialog an Enter opens is up before the next key; keys typed ahead of a
    dialog are not its, as the game screen says: a held Enter must not play twice)."""
    for key in key_presses(keys):
        await pilot.press(key)
        await pilot.pause()
        await pilot.pause()


def unseen(app: MaharajaApp, shown: str) -> list[str]:
    """The lines of the step shown (its words, where F1 goes, the rules it teaches) that
    the screen does not show whole at 80x24: the game screen's lesson panel, or the
    note over a screen the step opened (a scoring)."""
    panels = [p for p in app.screen.query(LessonPanel) if p.display and p.data is not None]
    assert panels, f"no step shown on {app.screen}"
    panel = panels[0]
    assert panel.data is not None
    return [line for line in [*panel.text_rows(), panel.data.footer] if line not in shown]


def check_game_rules(game: str) -> Any:
    from engine.registry import spec_of

    return spec_of(game).rules_file()


@synchronously
async def test_a_choice_the_step_does_not_ask_for_is_explained_and_not_played() -> None:
    game = GAMES[0]
    app = lesson_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await begun(pilot, app)
        lesson = screen.lesson
        assert lesson is not None
        await due(pilot, app, screen, 1)
        wrong = next(n for n, entry in enumerate(screen.entries)
                     if n != screen.pointed and entry.refusal is None)
        played = len(screen._steps())
        await pilot.press("home", *["down"] * wrong, "enter")
        assert len(screen._steps()) == played  # nothing played
        shown = screen_text(app)
        assert "Not this time" in shown and lesson.done(screen._steps()) == 0
        # Tried again, as the step asks: it is played.
        await keyed(pilot, lesson.lesson.steps[0].keys)
        await until(pilot, lambda: lesson.done(screen._steps()) == 1, "the step played")


@synchronously
async def test_f1_opens_the_guide_at_the_steps_section() -> None:
    game = GAMES[0]
    app = lesson_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await begun(pilot, app)
        lesson = screen.lesson
        assert lesson is not None
        await due(pilot, app, screen, 1)
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        assert app.screen.topic == lesson.lesson.steps[0].section
        assert lesson.lesson.steps[0].section in screen_text(app)


@synchronously
async def test_leaving_the_lesson_plays_on_as_any_game() -> None:
    game = GAMES[0]
    app = lesson_app(game)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await begun(pilot, app)
        lesson = screen.lesson
        assert lesson is not None
        await due(pilot, app, screen, 1)
        assert "^e Leave lesson" in screen_text(app)
        await pilot.press("ctrl+e")
        assert lesson.left and not lesson.running(screen._steps())
        assert "Lesson left" in screen_text(app)
        # Any choice now plays: the first entry, not the step's.
        wrong = next(n for n, entry in enumerate(screen.entries)
                     if n != 0 and entry.refusal is None)
        played = len(screen._steps())
        await pilot.press("home", *["down"] * wrong, "enter")
        await until(pilot, lambda: len(screen._steps()) > played, "the choice played")
        # The next decision of the seat brings the log back in the panel's place.
        await until(pilot, lambda: screen.entries and screen.viewer in screen.table.to_move(),
                    "the next decision")
        assert not screen.query_one("#lesson").display


@synchronously
async def test_esc_on_the_welcome_plays_without_the_lesson() -> None:
    app = lesson_app(GAMES[0])
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the welcome")
        await pilot.press("escape")
        screen = app.game_screen()
        assert screen is not None and screen.lesson is not None and screen.lesson.left
