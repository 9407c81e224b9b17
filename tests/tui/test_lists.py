"""Lists a player can trust: they stop at their ends, Home/End/PageUp/PageDown move
through them, long ones filter as you type, the cursor stays on its entry after an
action, and the focus comes back to the action list after a dialog."""

from __future__ import annotations

from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.screens.choice import ChoiceScreen
from maharaja_tui.screens.game import GameScreen
from maharaja_tui.widgets.action_panel import ActionPanel, follow
from maharaja_tui.widgets.choices import ChoiceList
from tests.tui import games
from tests.tui.helpers import screen_text, synchronously

QUIET = 3600.0


def labels(screen: GameScreen) -> list[str]:
    return ["".join(text for text, _ in entry.label) for entry in screen.entries]


def my_start_shrine(game) -> bool:  # noqa: ANN001
    return game.state.phase == "start-shrines" and 0 in game.to_move()


def two_shrines_to_build(game) -> bool:  # noqa: ANN001
    """Seat 0's turn with a planned action that builds two shrines, one of them in a
    city (MJ-ACT-4) and that one possible now, and a move offered (listed above)."""
    s = game.state
    return (s.phase == "actions" and s.turn is not None and s.turn.seat == 0
            and not s.pending and any(t.shrines >= 2 for t in s.turn.tasks)
            and s.players[0].shrines >= 2 and s.players[0].coins >= 4
            and any(type(i).__name__ == "MovePriest" for i in game.legal_intents(0))
            and any(type(i).__name__ == "BuildShrine" and i.place in s.cities
                    for i in game.legal_intents(0)))


def test_the_cursor_follows_its_entry() -> None:
    assert follow(("a", "b", "c"), 1, ("x", "b", "c")) == 1  # the same entry
    assert follow(("a", "b", "c"), 1, ("c", "a")) == 0  # gone: the next one still there
    assert follow(("a", "b", "c"), 2, ("b", "a")) == 0  # gone, none after: the one before
    assert follow(("a", "b"), 1, ("x", "y")) == 0  # a new decision: the top


@synchronously
async def test_the_action_list_stops_at_its_ends_and_pages() -> None:
    app = MaharajaApp(Start("game", game=games.game_until(games.my_turn)),
                      computer_delay=QUIET)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        options = app.screen.query_one("#action-options", ChoiceList)
        last = options.option_count - 1
        assert last >= 2
        await pilot.press("end", "down", "down")
        assert options.highlighted == last  # no wrapping to the top
        await pilot.press("home", "up")
        assert options.highlighted == 0  # nor to the bottom
        await pilot.press("pagedown")
        assert options.highlighted > 0
        await pilot.press("pageup")
        assert options.highlighted == 0


@synchronously
async def test_twenty_eight_villages_filter_as_you_type() -> None:
    game = games.game_until(my_start_shrine)
    app = MaharajaApp(Start("game", game=game), computer_delay=QUIET)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # Place a starting shrine in a village…
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        options = app.screen.query_one(ChoiceList)
        assert options.total >= 20 and options.option_count == options.total
        assert "type to filter" in screen_text(app)
        await pilot.press("v", "2", "2")
        await pilot.pause()
        assert options.option_count == 1
        assert "filter: v22" in screen_text(app) and "1 of" in screen_text(app)
        await pilot.press("backspace")
        await pilot.pause()
        assert 1 < options.option_count < options.total  # v2, v20..v28
        await pilot.press("8")
        await pilot.pause()
        steps = len(game.steps)
        await pilot.press("enter")
        await pilot.pause()
        assert game.steps[steps].intent.village == "v28"  # the one shown, not the 1st


@synchronously
async def test_escape_clears_a_filter_before_it_goes_back() -> None:
    game = games.game_until(my_start_shrine)
    app = MaharajaApp(Start("game", game=game), computer_delay=QUIET)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter", "v", "1")
        await pilot.pause()
        options = app.screen.query_one(ChoiceList)
        assert options.option_count < options.total
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen) and options.option_count == options.total
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


@synchronously
async def test_slash_filters_the_action_list() -> None:
    app = MaharajaApp(Start("game", game=games.game_until(games.my_turn)),
                      computer_delay=QUIET)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        want = next(n for n, label in enumerate(labels(screen))
                    if label.startswith("End your turn"))
        await pilot.press("slash", *"end", "space", *"your")
        await pilot.pause()
        options = screen.query_one("#action-options", ChoiceList)
        assert options.option_count == 1 and options.chosen == want
        assert "filter: end your" in screen_text(app)
        await pilot.press("escape")  # clears the filter; the game's keys are keys again
        await pilot.pause()
        assert options.option_count == len(screen.entries)
        await pilot.press("escape")  # and closes it
        await pilot.pause()
        assert not options.typing and "type to filter" not in screen_text(app)


@synchronously
async def test_the_cursor_stays_on_its_entry_after_an_action() -> None:
    game = games.game_until(two_shrines_to_build, seed=3)
    app = MaharajaApp(Start("game", game=game), computer_delay=QUIET)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        index = next(n for n, label in enumerate(labels(screen))
                     if label.startswith("Build a shrine"))
        assert index > 0
        steps = len(game.steps)
        city = next(n for n, i in enumerate(screen.entries[index].intents)
                    if i.place in game.state.cities)  # the village shrine may follow
        await pilot.press("home", *["down"] * index, "enter")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press(*["down"] * city, "enter")
        await pilot.pause()
        assert len(game.steps) == steps + 1  # a shrine built; one more to build
        assert isinstance(app.screen, GameScreen)
        options = screen.query_one(ActionPanel).options
        assert app.focused is options
        assert labels(screen)[options.highlighted].startswith("Build a shrine")


@synchronously
async def test_focus_comes_back_to_the_list_after_a_dialog_opened_from_the_map() -> None:
    game = games.game_until(games.my_turn)
    app = MaharajaApp(Start("game", game=game), computer_delay=QUIET)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        options = screen.query_one(ActionPanel).options
        await pilot.press("down")
        before = options.highlighted
        entry = screen.entries[before]
        screen.choose(entry)  # as a board's pick does: a dialog over the screen
        await pilot.pause()
        if isinstance(app.screen, ChoiceScreen):
            await pilot.press("escape")
            await pilot.pause()
        assert app.focused is options and options.highlighted == before
        await pilot.press("down")  # arrows work at once, no `a` first
        assert options.highlighted == before + 1


@synchronously
async def test_a_maharadjah_stack_s_many_moves_filter_as_you_type() -> None:
    """A stack with a leader has dozens of moves (W-MOVE-2, W-LEAD-3): typing a space's
    name keeps the moves through it; Enter plays the one highlighted among them."""
    from tests.tui.test_maharadjah import _leader_on_the_move, new_game, played

    game = played(new_game(4, seed=1), 300, 1, until=_leader_on_the_move)
    app = MaharajaApp(Start("game", game=game), computer_delay=QUIET)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        entry = max((e for e in screen.entries if e.kind == "move"),
                    key=lambda e: len(e.intents))
        screen.choose(entry)
        await pilot.pause()
        options = app.screen.query_one(ChoiceList)
        assert options.total >= 10, options.total
        from engine.maharadjah import queries as Q

        end = Q.board().name(entry.intents[-1].path[-1])
        await pilot.press(*end.lower())
        await pilot.pause()
        shown = [options.get_option_at_index(n).prompt.plain
                 for n in range(options.option_count)]
        assert 0 < len(shown) < options.total and all(end in text for text in shown)
        steps = len(game.steps)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and len(game.steps) > steps
        moved = game.steps[steps].intent
        assert end in [Q.board().name(s) for s in moved.path]


@synchronously
async def test_slash_and_the_letters_typed_together_filter() -> None:
    """A burst (a paste, a slow link): the letters right behind / are the filter's, not
    sent on to the screen's keys before / had opened it."""
    from tests.tui.helpers import typed

    app = MaharajaApp(Start("game", game=games.game_until(games.my_turn)),
                      computer_delay=QUIET)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await typed(pilot, "/end your")
        options = app.screen.query_one("#action-options", ChoiceList)
        assert options.filter == "end your" and options.option_count == 1
