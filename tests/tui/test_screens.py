"""The game screen as the SSH server uses it (one seat, a spectator), files, the replay."""

from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.command import CommandList

from engine.core import record
from engine.core.table import LocalTable
from engine.maharaja import intents as it
from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.screens.choice import ChoiceScreen
from maharaja_tui.screens.files import LoadScreen, SaveScreen
from maharaja_tui.screens.game import GameScreen
from maharaja_tui.screens.replay import ReplayScreen
from maharaja_tui.screens.scoring import ScoringScreen
from maharaja_tui.widgets.choices import ChoiceList
from maharaja_tui.widgets.move_log import MoveLog
from tests.tui import games
from tests.tui.helpers import screen_text, settled, synchronously


class Host(App[None]):
    """Another app (like the server's) showing our game screen for one seat."""

    def __init__(self, screen: GameScreen) -> None:
        super().__init__()
        self.game_screen = screen
        self.left = False

    def on_mount(self) -> None:
        self.push_screen(self.game_screen)

    def leave_table(self, screen: GameScreen) -> None:
        self.left = True


@synchronously
async def test_one_seat_sees_only_its_own_secrets() -> None:
    game = games.game_until(games.my_planning)
    table = LocalTable(game)
    app = Host(GameScreen(table, 1))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        if isinstance(app.screen, ScoringScreen):  # last round's scoring, shown once
            await pilot.press("escape")
            await pilot.pause()
        text = screen_text(app)
        assert "you are Y" in text
        assert f"PP {game.state.players[1].pp}" in text  # its own PP
        assert text.count("PP ?") == 2  # the two others'
        screen = app.game_screen
        assert screen.entries
        steps = len(game.steps)
        await pilot.press("a", "home", "enter", "5", "enter", "7", "enter")
        await pilot.pause()
        assert len(game.steps) == steps + 1 and game.state.players[1].planned
        await pilot.press("escape")
        assert app.left


@synchronously
async def test_a_spectator_plays_nothing_and_sees_no_pp() -> None:
    game = games.game_until(games.my_turn)
    app = Host(GameScreen(LocalTable(game), None))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "spectating" in text and text.count("PP ?") == 3
        assert app.game_screen.entries == []


@synchronously
async def test_save_as_then_open_the_file(data_home: Path) -> None:
    app = MaharajaApp(Start("game", game=games.game_until(games.my_turn)), computer_delay=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        steps = len(app.game_screen().table.game.steps)
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, SaveScreen)
        await pilot.press("enter")
        await pilot.pause()
        saved = list((data_home / "maharaja" / "saves").glob("*.json"))
        assert len(saved) == 1
        assert len(record.load(saved[0], __import__("engine").rulesets()).steps) == steps
        await pilot.press("ctrl+o")
        assert isinstance(app.screen, LoadScreen)
        await pilot.press("tab", "down", "enter")  # the list: autosave first, then the save
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert len(app.screen.table.game.steps) == steps


@synchronously
async def test_replay_steps_by_event_turn_and_round(tmp_path: Path) -> None:
    path = tmp_path / "unfinished.json"
    record.save(games.game_until(lambda g: g.state.round == 3), path)
    app = MaharajaApp(Start("replay", path=path))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and not screen.reveal
        await pilot.press("2")
        assert screen.replay.state.round == 2
        position = screen.replay.position
        await pilot.press("right", "right", "left")
        assert screen.replay.position == position + 1
        await pilot.press("down")
        assert screen.replay.position > position + 1
        assert "PP ?" in screen_text(app)  # unfinished: PP stay hidden...
        await pilot.press("r")
        assert "PP ?" in screen_text(app) and not screen.reveal  # ...r does not show them
        await pilot.press("pageup", "home")
        assert screen.replay.position == 0
        await pilot.press("space")  # plays on: the next step comes by the replay's timer
        await settled(pilot, lambda: screen.replay.position >= 1, "the replay playing on")


@synchronously
async def test_replay_reveal_is_an_explicit_choice_for_an_unfinished_file(
        tmp_path: Path) -> None:
    """maharaja replay --reveal FILE shows an unfinished game's PP and plans; r hides
    them again and shows them back."""
    path = tmp_path / "unfinished.json"
    record.save(games.game_until(lambda g: g.state.round == 3), path)
    app = MaharajaApp(Start("replay", path=path, reveal=True))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.reveal
        assert "PP ?" not in screen_text(app) and "hidden information shown" in screen_text(app)
        await pilot.press("r")
        assert "PP ?" in screen_text(app)
        await pilot.press("r")
        assert "PP ?" not in screen_text(app)


def _plain_log(screen: ReplayScreen) -> list[str]:
    return ["".join(text for text, _ in line) for line in screen.query_one(MoveLog).entries]


def _highlighted(app: App) -> str:
    """The command palette's highlighted command ("" before its search found one)."""
    lists = app.screen.query(CommandList)
    option = lists.first().highlighted_option if lists else None
    return "" if option is None else str(option.prompt)


@synchronously
async def test_replay_of_the_game_in_play_shows_only_what_i_may_know() -> None:
    """(MJ-HIDE-1, MJ-HIDE-2, MJ-HIDE-6): ctrl+p → Replay this game in
    the middle of a game, End, r: the other seats' PP and plans stay hidden and the
    move log reads as it does for me; my own PP show."""
    game = games.game_until(games.my_turn)
    app = MaharajaApp(Start("game", game=game), computer_delay=3600)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"replay this")
        # The palette searches in a worker: Enter before its result would pick nothing.
        await settled(pilot, lambda: "Replay this game" in _highlighted(app), "the search result")
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await pilot.press("end", "r")
        await pilot.pause()
        text = screen_text(app)
        assert not screen.reveal and "hidden information shown" not in text
        assert "you are R" in text and f"PP {game.state.players[0].pp}" in text
        assert text.count("PP ?") == 2
        view = screen.view()
        assert [p.pp for p in view.players[1:]] == [-1, -1]
        assert all(p.plan is None for p in view.players[1:])  # not their turns yet
        log = _plain_log(screen)
        assert log == ["".join(t for t, _ in d) for d in game.descriptions(0)]
        assert any("(secret)" in line for line in log)  # others' PP changes, hidden
        for position in range(screen.replay.length + 1):  # nowhere in the game
            screen.replay.seek(position)
            shown = screen.view()
            assert all(p.pp == -1 for p in shown.players[1:])


@synchronously
async def test_hot_seat_replay_shows_the_seat_on_screen_and_closes_at_the_handover() -> None:
    """In hot seat: the replay shows what the seat on screen may know;
    when the game passes to another human (privacy screen), the replay closes instead
    of showing them the last player's secrets."""
    from engine.maharaja.intents import CommitPlan
    from maharaja_tui.screens.privacy import PrivacyScreen

    game = games.game_until(games.my_planning, humans=2)
    app = MaharajaApp(Start("game", game=game), computer_delay=3600)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        if isinstance(app.screen, PrivacyScreen):
            await pilot.press("enter")
            await pilot.pause()
        table = app.game_screen().table
        first = app.game_screen().viewer
        assert first is not None and first in game.to_move()
        app.action_replay_current()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen) and screen.seat == first
        await pilot.press("end")
        assert screen_text(app).count("PP ?") == 2
        table.play(first, CommitPlan(first=5, second=7))  # the other human's turn now
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.viewer not in (None, first)
        assert not any(isinstance(s, ReplayScreen) for s in app.screen_stack)


@synchronously
async def test_a_refusal_shows_the_rule_and_f1_opens_it() -> None:
    from engine.maharaja.intents import BuildStatue
    from maharaja_tui.screens.help import HelpScreen

    game = games.game_until(games.my_turn)
    app = MaharajaApp(Start("game", game=game), computer_delay=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.game_screen()
        far = next(c for c in game.state.cities if c != game.state.players[0].priest)
        screen.play(BuildStatue(city=far, slot=0, task=0))  # as a stale or remote click would
        await pilot.pause()
        assert "MJ-STAT-3" in screen_text(app)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        # the rule's Markdown is drawn frames after the screen opens (slower under load)
        await settled(pilot, lambda: "MJ-STAT-3" in screen_text(app), "the rule in the help")


@synchronously
async def test_a_scoring_that_is_over_goes_on_by_a_click_too() -> None:
    """The scoring screen said "press Enter to go on" and a click could not: the way on
    is an entry of its list too."""
    game = games.game_until(games.my_planning)
    app = MaharajaApp(Start("game", game=game), computer_delay=3600)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        scoring = app.screen
        assert isinstance(scoring, ScoringScreen) and not scoring.entries
        await pilot.click(ChoiceList)
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


def plain_slots_open(game) -> bool:  # noqa: ANN001
    """My turn, with a statue to build in a city where two plain outer slots are free."""
    if 0 not in game.to_move():
        return False
    cities = [i.city for i in game.legal_intents(0) if isinstance(i, it.BuildStatue)
              and i.slot >= 3]
    return any(cities.count(c) >= 2 for c in cities)


@synchronously
async def test_choices_that_read_the_same_are_offered_once() -> None:
    """MJ-MAP-1: a city's four plain outer slots are alike; the dialog listed a row for
    each ("Statue in Delhi, outer slot — 9 coins" four times), which a player cannot tell
    apart. Each choice a dialog offers reads otherwise than the others."""
    game = games.game_until(plain_slots_open, limit=3000)
    app = MaharajaApp(Start("game", game=game), computer_delay=3600)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        entry = next(e for e in screen.entries if len(e.intents) > 1
                     and any(type(i).__name__ == "BuildStatue" for i in e.intents))
        said = [screen.adapter.label(game.view(0), 0, i) for i in entry.intents]
        assert len(set(said)) < len(said)  # the case: some read the same
        screen.choose(entry)
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceScreen)
        rows = [str(dialog.query_one(ChoiceList).get_option_at_index(n).prompt)
                for n in range(dialog.query_one(ChoiceList).option_count)]
        assert len(rows) == len(set(rows)) == len(set(said)), rows
