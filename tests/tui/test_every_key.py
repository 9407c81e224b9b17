"""No key is a silent no-op: every key bound on every screen of every game, pressed, must
change what the terminal shows, say something (a notice), ring the bell, or move to
another screen. A key that does none of these leaves the player wondering.

Each game is brought to its screens (the game at a decision, its board focused, a
choice, the end-of-turn question, planning, scoring, the final scores, the log, the
help, the replay) and each key the screen binds there is pressed from the same start:
an app per screen, begun again after a key that played a step.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.compat import rows_shown
from maharaja_tui.screens.choice import ChoiceScreen, ConfirmScreen
from maharaja_tui.screens.final import FinalScreen
from maharaja_tui.screens.game import GameScreen
from maharaja_tui.screens.replay import ReplayScreen
from tests.tui import games, maharani_games, raja_games
from tests.tui.helpers import notices, synchronously

QUIET = 3600.0
# Ends the app: said by the terminal going back to the shell. super+c is Textual's copy
# of text selected with the mouse: with nothing selected there is nothing to copy.
ENDS = {"ctrl+q", "ctrl+c", "super+c"}
# Board widgets' keys found silent in some position: the board widgets' own work (a
# cursor that always says where it is and what Enter would do) makes them speak. Until
# then they may stay silent here; once it is in, this set is emptied and they are held
# to the rule like every other key. (game, screen, widget, key)
# Keys pressed last: they may play a step, after which the app begins again.
LAST = ("ctrl+z", "ctrl+y", "space", "enter")

Reach = Callable[[Any, MaharajaApp], Awaitable[None]]


def picture(app: MaharajaApp) -> tuple[Any, ...]:
    """What the terminal shows: every cell's text and style, and which screen."""
    rows = tuple(tuple((seg.text, str(seg.style)) for seg in row)
                 for row in rows_shown(app.screen))
    return (id(app.screen), rows)


def bound_keys(app: MaharajaApp) -> list[tuple[str, str]]:
    """(key, the class binding it) of every enabled binding in force on the screen shown,
    those that may play a step last."""
    out = []
    for key, active in app.screen.active_bindings.items():
        if active.enabled and key not in ENDS:
            out.append((key, type(active.node).__name__))
    return sorted(out, key=lambda kw: (kw[0] in LAST and LAST.index(kw[0]), kw))


async def settle(pilot: Any) -> None:
    for _ in range(3):
        await pilot.pause()


async def sweep(make_game: Callable[[], Any], reach: Reach, name: str) -> list[str]:
    """Press each key bound where ``reach`` brings the app; the silent ones."""
    silent: list[str] = []
    done: set[str] = set()
    while True:
        game = make_game()
        app = MaharajaApp(Start("game", game=game), computer_delay=QUIET)
        said = notices(app, bell=True)
        again = False
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await reach(pilot, app)
            await settle(pilot)
            base = app.screen
            for key, owner in bound_keys(app):
                if key in done:
                    continue
                done.add(key)
                before, focused, steps = picture(app), app.focused, len(game.steps)
                said.clear()
                await pilot.press(key)
                await settle(pilot)
                if not said and app.screen is base and picture(app) == before \
                        and app.focused is focused:
                    silent.append(f"{name}: {key} ({owner})")
                while app.screen is not base and len(app.screen_stack) > 1 \
                        and base in app.screen_stack:
                    app.pop_screen()
                    await settle(pilot)
                if len(game.steps) != steps or base not in app.screen_stack:
                    again = True  # played or left: begin again for the next keys
                    break
                if app.focused is not focused and focused is not None:
                    focused.focus()
                    await settle(pilot)
            else:
                return silent
        if not again:
            return silent


# ------------------------------------------------------------------ the places
async def nothing(pilot: Any, app: MaharajaApp) -> None:
    pass


async def board(pilot: Any, app: MaharajaApp) -> None:
    await pilot.press("m")


async def a_choice(pilot: Any, app: MaharajaApp) -> None:
    screen = app.screen
    assert isinstance(screen, GameScreen)
    entry = max(screen.entries, key=lambda e: len(e.intents))
    screen.choose(entry)
    await settle(pilot)
    assert isinstance(app.screen, ChoiceScreen | ConfirmScreen) or app.screen is not screen


async def the_end_of_a_turn(pilot: Any, app: MaharajaApp) -> None:
    screen = app.screen
    assert isinstance(screen, GameScreen)
    entry = next(e for e in screen.entries if "".join(t for t, _ in e.label).startswith("End"))
    screen.choose(entry)
    await settle(pilot)
    assert isinstance(app.screen, ConfirmScreen)


async def the_log(pilot: Any, app: MaharajaApp) -> None:
    await pilot.press("l")


async def the_help(pilot: Any, app: MaharajaApp) -> None:
    await pilot.press("f1")


async def the_replay(pilot: Any, app: MaharajaApp) -> None:
    screen = app.screen
    assert isinstance(screen, GameScreen)
    app.push_screen(ReplayScreen(screen.table.game, reveal=True))


async def the_final_scores(pilot: Any, app: MaharajaApp) -> None:
    for _ in range(5):  # the last scoring's screen first, where a game has one
        if isinstance(app.screen, FinalScreen):
            return
        await pilot.press("enter")
        await settle(pilot)
    assert isinstance(app.screen, FinalScreen)


def maharadjah_moving() -> Any:
    from engine.maharadjah.state import Phase
    from tests.tui.test_maharadjah import new_game, played

    def moving(game: Any) -> bool:
        s = game.state
        return s.phase == Phase.MOVE and not s.todo and s.battle is None

    return played(new_game(4), 300, 1, until=moving)


def maharaja_scoring() -> Any:
    return games.game_until(games.my_reward)


GAMES: dict[str, Callable[[], Any]] = {
    "maharaja": lambda: games.game_until(games.my_turn),
    "raja": lambda: raja_games.game_until(raja_games.my_turn),
    "maharani": lambda: maharani_games.game_until(maharani_games.my_turn),
    "maharadjah": maharadjah_moving,
}
PLACES: dict[str, Reach] = {
    "game": nothing, "board": board, "choice": a_choice, "log": the_log,
    "help": the_help, "replay": the_replay}
CASES = [(game, place) for game in GAMES for place in PLACES]
CASES += [("maharaja", "end-of-turn"), ("raja", "end-of-turn"), ("maharadjah", "end-of-turn"),
          ("maharaja", "planning"), ("maharaja", "scoring"), ("raja", "planning"),
          ("maharaja", "final"), ("raja", "final"), ("maharani", "final")]
MORE: dict[str, tuple[Callable[[], Any], Reach]] = {
    "maharaja/planning": (lambda: games.game_until(games.my_planning), nothing),
    "raja/planning": (lambda: raja_games.game_until(raja_games.my_selection), nothing),
    "maharaja/scoring": (maharaja_scoring, nothing),
    "maharaja/final": (lambda: games.game_until(games.over), the_final_scores),
    "raja/final": (lambda: raja_games.game_until(raja_games.over), the_final_scores),
    "maharani/final": (lambda: maharani_games.game_until(maharani_games.over),
                       the_final_scores),
}


# Each game's own screen in the default run; its other screens (~2 CPU-min in all) in
# the slow job, which CI runs too.
@pytest.mark.parametrize("game,place", [
    pytest.param(g, p, id=f"{g}-{p}", marks=() if p == "game" else pytest.mark.slow)
    for g, p in CASES])
@synchronously
async def test_every_bound_key_changes_something_or_says_something(game: str,
                                                                   place: str) -> None:
    name = f"{game}/{place}"
    if name in MORE:
        make, reach = MORE[name]
    elif place == "end-of-turn":
        make, reach = GAMES[game], the_end_of_a_turn
    else:
        make, reach = GAMES[game], PLACES[place]
    silent = await sweep(make, reach, name)
    assert not silent, "keys that change nothing and say nothing:\n" + "\n".join(silent)
