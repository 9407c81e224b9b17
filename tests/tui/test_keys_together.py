"""Keys typed together reach what the key before them focused.

A terminal hands the app every key of a burst (fast typing, a paste, a slow SSH link)
in one read. ``m1`` focused the palace grid but its ``1`` went to the action list:
Textual moved the focus a message later, behind the ``1``. Each game's board is driven
here twice, key by key (``pilot.press``) and in one read (``typed``), and must end the
same way.
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random

import pytest
from textual.widgets import Input, OptionList

from engine import Game
from engine.core.autoplay import random_intent
from engine.core.ruleset import Seat
from engine.maharadjah import RULESET as MAHARADJAH
from engine.maharadjah import Options as MaharadjahOptions
from engine.maharadjah.state import Phase
from engine.maharani import intents as MI
from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.screens.game import GameScreen
from maharaja_tui.widgets.map_graph import MapGraph
from tests.tui import games, raja_games
from tests.tui import maharani_games as M
from tests.tui.helpers import synchronously, typed

DOWN, RIGHT = "\x1b[B", "\x1b[C"  # what a terminal sends for ↓ and →
NAMES = {DOWN: "down", RIGHT: "right"}


def maharadjah_move() -> Game:
    game = Game(MAHARADJAH, [Seat(n) for n in ("Ann", "Bo", "Cy", "Di")],
                MaharadjahOptions(), 3)
    rng = Random(1)
    for _ in range(300):
        s = game.state
        if s.phase == Phase.MOVE and not s.todo and s.battle is None and s.turn > 1:
            break
        game.play(*random_intent(game, rng))
    return game


def maharani_slot(game: Game) -> str:
    """A slot the player may take now (M-PLACE-1): its digit picks it."""
    return str(min(i.slot for i in game.legal_intents(0) if isinstance(i, MI.Place)))


# game: (the position, the keys after m)
CASES: dict[str, tuple[Callable[[], Game], Callable[[Game], str]]] = {
    "maharaja": (lambda: games.game_until(games.my_turn), lambda g: RIGHT),
    "raja": (lambda: raja_games.game_until(raja_games.my_turn), lambda g: RIGHT),
    "maharani": (lambda: M.game_until(M.my_turn), maharani_slot),
    "maharadjah": (maharadjah_move, lambda g: RIGHT),
}


def where(app: MaharajaApp) -> tuple[object, ...]:
    """What the keys changed: the focus, the board's cursor and pick, the list's highlight."""
    screen = app.screen
    assert isinstance(screen, GameScreen)
    board = screen.query_one(f"#{screen._boards[0]}")
    picked = getattr(board, "picked", None)
    return (app.focused.id if app.focused else None, getattr(board, "cursor", None),
            getattr(picked, "slot", None),
            screen.query_one("#action-options", OptionList).highlighted)


async def run(game: Game, bursts: list[str], together: bool) -> list[tuple[object, ...]]:
    app = MaharajaApp(Start("game", game=game), computer_delay=3600.0)
    seen = []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        seen.append(where(app))
        for burst in bursts:
            if together:
                await typed(pilot, burst)
            else:
                keys = [burst[0], *(NAMES.get(k, k) for k in burst[1:].split("\x00") if k)]
                await pilot.press(*keys)
            await pilot.pause()
            seen.append(where(app))
    return seen


@pytest.mark.parametrize("name", list(CASES))
@synchronously
async def test_a_key_typed_right_after_m_or_a_goes_to_what_they_focus(name: str) -> None:
    """``m`` then a board key, ``a`` then ↓, each pair in one read, do what they do
    typed one at a time: the board's key moves its cursor (or picks a slot), ↓ moves
    the actions' highlight."""
    position, board_key = CASES[name]
    game = position()
    bursts = ["m" + board_key(game), "a" + DOWN]
    one_by_one = await run(game, [b[0] + "\x00" + b[1:] for b in bursts], together=False)
    start, after_m, after_a = one_by_one
    assert after_m[0] != start[0] and after_m[1:3] != start[1:3]  # the board's key did it
    assert after_a[3] != after_m[3]  # and ↓ moved the highlight: the test can fail
    assert await run(game, bursts, together=True) == one_by_one


async def chosen_by_keys(game: Game, together: bool) -> tuple[str, list[str]]:
    """Enter on an action that asks which (a choice dialog), ↓, Enter: what was played."""
    app = MaharajaApp(Start("game", game=game), computer_delay=3600.0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        index = next(n for n, e in enumerate(screen.entries)
                     if len(e.intents) > 1 and e.refusal is None)
        steps = len(game.steps)
        if together:
            await typed(pilot, "a" + DOWN * index + "\r" + DOWN + "\r")
        else:
            await pilot.press("a", *["down"] * index, "enter", "down", "enter")
        await pilot.pause()
        return type(app.screen).__name__, [repr(s.intent) for s in game.steps[steps:]]


@synchronously
async def test_keys_typed_right_after_the_enter_that_opens_a_dialog_go_to_the_dialog() -> None:
    """Enter on an action with several ways opens the choice dialog; ↓ Enter typed with
    it pick the second way, as typed one at a time (they reached the action list)."""
    one_by_one = await chosen_by_keys(games.game_until(games.my_turn), together=False)
    assert one_by_one[0] == "GameScreen" and len(one_by_one[1]) == 1  # played
    assert await chosen_by_keys(games.game_until(games.my_turn), together=True) == one_by_one


@synchronously
async def test_the_map_cursor_steps_to_its_neighbour_before_the_map_is_painted() -> None:
    """An arrow key that reaches the map before its first paint at its size (keys typed
    with m at the start, a resize) steps to the neighbour, as after a paint: it took
    the first target, the painted positions being all it knew."""
    game = games.game_until(games.my_turn)
    app = MaharajaApp(Start("game", game=game), computer_delay=3600.0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("m")
        graph = app.screen.query_one(MapGraph)
        start = graph.cursor
        graph.action_cursor("right")
        neighbour = graph.cursor
        assert neighbour not in (start, next(iter(graph.targets)))  # the test can fail
        graph.cursor = start
        graph._extents, graph._drawn_size = {}, (0, 0)  # as before its first paint
        graph.action_cursor("right")
        assert graph.cursor == neighbour


async def rule_found(text: str, together: bool) -> tuple[str, int | None]:
    """F1, r (the rules), then / and a rule id and Enter: what the search field took and
    the section shown."""
    app = MaharajaApp(Start("game", game=games.game_until(games.my_turn)),
                      computer_delay=3600.0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f1", "r")
        if together:
            await typed(pilot, "/" + text + "\r")
        else:
            await pilot.press("slash", *text, "enter")
        await pilot.pause()
        return app.screen.query_one(Input).value, app.screen.query_one(OptionList).highlighted


@synchronously
async def test_text_typed_right_after_the_key_that_opens_a_field_goes_into_it() -> None:
    """A text field reads keys itself (no bindings): "/MJ-MOVE-3⏎" in one read on the
    rules fills the search field and opens MJ-MOVE-3's section, as typed one at a time;
    the text went to the section list the / had just left."""
    one_by_one = await rule_found("MJ-MOVE-3", together=False)
    assert one_by_one[0] == "MJ-MOVE-3" and one_by_one[1]  # a section past the first
    assert await rule_found("MJ-MOVE-3", together=True) == one_by_one


async def chosen_from_the_list(game: Game, keys: list[str], together: bool) -> str:
    """The action list focused, ``keys`` then Enter: the dialog or screen it opened."""
    app = MaharajaApp(Start("game", game=game), computer_delay=3600.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert isinstance(app.focused, OptionList)  # the action list has the focus
        if together:
            await typed(pilot, "".join({"down": DOWN, "end": "\x1b[F", "up": "\x1b[A"}[k]
                                       for k in keys) + "\r")
        else:
            await pilot.press(*keys, "enter")
        await pilot.pause()
        shown = app.screen
        return f"{type(shown).__name__}: {shown.query('Static').first().render()}"


@pytest.mark.parametrize("keys", [["down", "down"], ["end", "up"]])
@synchronously
async def test_arrows_and_enter_typed_together_choose_the_entry_the_arrows_reach(
        keys: list[str]) -> None:
    """↓ ↓ Enter in one read (a quick typist, an SSH link) chose the first entry: Enter
    is read as it arrives, and the arrows reached the list a message after it."""
    one_by_one = await chosen_from_the_list(games.game_until(games.my_turn), keys, False)
    first = await chosen_from_the_list(games.game_until(games.my_turn), [], False)
    assert one_by_one != first  # the arrows choose another entry: the test can fail
    assert await chosen_from_the_list(games.game_until(games.my_turn), keys, True) == one_by_one
