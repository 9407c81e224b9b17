"""The log is readable: `l` shows the whole log on the whole terminal,
and entries that concern the player are marked; the game's describe judges which."""

from __future__ import annotations

from engine.core.describe import concerns, plain
from engine.maharaja import events as ev
from engine.maharaja.describe import describe
from engine.raja import events as rev
from engine.raja.describe import describe as describe_raja
from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.screens.game import GameScreen
from maharaja_tui.screens.log import LogScreen
from maharaja_tui.widgets.log_tree import LogTree
from maharaja_tui.widgets.move_log import MoveLog
from tests.tui import games, raja_games
from tests.tui.helpers import screen_text, synchronously


def test_a_character_taken_from_you_concerns_you_only() -> None:
    state = games.game_until(games.my_planning).state
    line = describe(ev.CharacterTaken(seat=1, number=5, from_seat=0, returned=3), state)
    assert concerns(line, 0) and not concerns(line, 2) and not concerns(line, None)


def test_a_scoring_concerns_everyone() -> None:
    game = games.game_until(games.my_reward)
    scored = [d for d in game.descriptions(0) if "is scored" in plain(d)]
    assert scored and all(concerns(d, seat) for d in scored for seat in (0, 1, 2, None))


def test_a_flag_move_concerns_everyone_when_it_changes_the_next_city() -> None:
    state = games.game_until(games.my_planning).state  # MJ-FLAG-1, MJ-ROUND-1
    first = next(n for n, city in enumerate(state.flags) if city is not None)
    last = max(n for n, city in enumerate(state.flags) if city is not None)
    ahead = ev.FlagMoved(seat=1, city=state.flags[first + 3] or "", source=first + 3,
                         target=first - 1)
    behind = ev.FlagMoved(seat=1, city=state.flags[last] or "", source=last, target=last - 3)
    assert first >= 1 and state.flags[first + 3] is not None  # round 2: p4..p8 hold flags
    assert concerns(describe(ahead, state), 0)
    assert "next city" in plain(describe(ahead, state))
    assert not concerns(describe(behind, state), 0)


def test_raja_a_card_taken_from_you_concerns_you() -> None:
    state = raja_games.game_until(raja_games.my_turn).state
    line = describe_raja(rev.CharacterTaken(seat=1, card=4, source=0, returned=2,
                                                   handed=0, slot=0, part=0), state)
    assert concerns(line, 0) and not concerns(line, 2)


@synchronously
async def test_l_shows_the_whole_log_with_what_concerns_you_marked() -> None:
    game = games.game_until(games.my_reward)
    app = MaharajaApp(Start("game", game=game), computer_delay=3600)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        while not isinstance(app.screen, GameScreen):  # the scoring screen first
            await pilot.press("escape")
            await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LogScreen)
        tree = app.screen.query_one(LogTree)
        entries = game.descriptions(0)
        assert len(tree.entries) == len(entries) > 30  # all of it, not the last 40
        await pilot.pause()
        text = screen_text(app)
        assert "● concerns you" in text
        assert any("● " in line and "is scored" in line for line in text.splitlines())
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.query_one(MoveLog).flagged  # the side log marks them too


@synchronously
async def test_the_side_log_marks_what_concerns_you_through_undo_and_redo() -> None:
    """The marks are judged once per entry and kept while the entries stay; an undo
    takes entries back, and the marks of those left must still be the game's."""
    game = games.game_until(games.my_turn)
    app = MaharajaApp(Start("game", game=game), computer_delay=3600)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        log = screen.query_one(MoveLog)

        def judged() -> frozenset[int]:
            return frozenset(n for n, entry in enumerate(log.entries)
                             if screen.adapter.concerns(entry, 0))

        assert judged() and log.flagged == judged()
        lengths = [len(log.entries)]
        for key in ("ctrl+z", "ctrl+z", "ctrl+y", "ctrl+z", "ctrl+y", "ctrl+y"):
            await pilot.press(key)
            await pilot.pause()
            assert log.flagged == judged(), key
            lengths.append(len(log.entries))
        assert min(lengths) < lengths[0]  # the undos took entries back
