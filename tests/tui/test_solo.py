"""Solo Maharaja against Brahmabot (rules §13): the new-game choice, the command line,
a round played by keys, Brahmabot's board and tiles, its scoring and final breakdown."""

from __future__ import annotations

import random

import pytest

from engine import Game, rulesets
from engine.core.autoplay import random_intent
from engine.core.ruleset import HUMAN, Seat
from engine.maharaja import intents as it
from engine.maharaja.brahmabot import BOT_SEAT
from engine.maharaja.options import Options
from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.games.maharaja import MaharajaAdapter
from maharaja_tui.screens.choice import ChoiceScreen
from maharaja_tui.screens.game import GameScreen
from maharaja_tui.screens.new_game import SOLO, NewGameScreen, default_setup
from maharaja_tui.screens.plan import PlanScreen
from maharaja_tui.screens.scoring import ScoringScreen
from maharaja_tui.widgets.player_board import PlayerBoard
from tests.tui.helpers import decide, screen_text, synchronously

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
QUIET = 3600.0


def solo_game(done, *, seed: int = 4, difficulty: str = "hard") -> Game:  # noqa: ANN001
    """Random legal play (seeded) in a solo game until ``done``."""
    game = Game(rulesets()["maharaja-2020"], [Seat("You")],
                Options(mode="solo", difficulty=difficulty, colours=("red",)), seed)
    rng = random.Random(seed)
    for _ in range(3000):
        if done(game) or not game.to_move():
            break
        game.play(*random_intent(game, rng))
    assert done(game), "the seeded game never reached the wanted point"
    return game


def after_brahmabot(game: Game) -> bool:
    s = game.state
    return (s.round == 2 and s.phase == "actions" and bool(s.solo and s.solo.used)
            and 0 in game.to_move() and not s.pending)


def my_reward(game: Game) -> bool:
    s = game.state
    return s.phase == "scoring" and bool(s.pending) and s.pending[0].kind == "reward"


def board_text(app: MaharajaApp, seat: int) -> str:
    board = app.screen.query_one(f"#board-{seat}", PlayerBoard)
    return "\n".join("".join(t for t, _ in row) for row in board.rows(44))


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_the_adapter_shows_every_point_of_a_solo_game(difficulty: str) -> None:
    game = Game(rulesets()["maharaja-2020"], [Seat("You")],
                Options(mode="solo", difficulty=difficulty), 3)
    adapter = MaharajaAdapter(game.seats)
    rng = random.Random(3)
    while game.to_move():
        view = game.view(0)
        boards = adapter.boards(view, 0, game.to_move())
        assert [b.name for b in boards] == ["You", "Brahmabot"]
        bot = "\n".join("".join(t for t, _ in row) for row in boards[1].wide_rows)
        assert f"PP {view.players[BOT_SEAT].pp}" in bot  # its PP are public
        if view.solo and view.solo.drawn:
            assert bot.count("?") == (1 if view.solo.face_down >= 0 else 0)
        if view.phase == "scoring":
            table = adapter.scoring_table(view)
            assert table.columns[-1] == "Takes"
        game.play(*random_intent(game, rng))
    final = adapter.final_table(game.view(0))
    names = ["".join(t for t, _ in row[0]) for row in final.rows]
    assert any("Brahmabot" in n for n in names) and any("You" in n for n in names)
    assert "MJ-BOT-E1" in "".join(t for note in final.notes for t, _ in note)


def test_the_solo_reward_choice_offers_two_tiles_or_a_pass() -> None:
    game = solo_game(my_reward, seed=2)
    adapter = MaharajaAdapter(game.seats)
    view = game.view(0)
    entries = adapter.menu(view, 0, game.legal_intents(0))
    labels = ["".join(t for t, _ in e.label) for e in entries]
    assert sum(label.startswith("Take reward tile") for label in labels) <= 2
    assert labels[-1].startswith("Pass")
    table = adapter.scoring_table(view)
    gains = {"".join(t for t, _ in row[1]).strip(): "".join(t for t, _ in row[-1])
             for row in table.rows}
    assert "coins" not in gains["Y Brahmabot"]  # Brahmabot takes PP, never coins


@synchronously
async def test_a_solo_round_by_keyboard() -> None:
    """Character from the row, four starting shrines, a plan, a turn, the city scoring."""
    app = MaharajaApp(Start("play", setup=default_setup(seed=5, solo="hard")), computer_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        game = screen.table.game
        assert len(screen.table.seats) == 1 and len(game.state.players) == 2
        assert "Brahmabot" in board_text(app, 1)
        assert "Character row" in screen_text(app)
        # The characters on offer are the row's, and taking one is a key press.
        row = list(game.view(0).display)
        labels = ["".join(t for t, _ in e.label) for e in screen.entries]
        assert labels == [f"Take character {n} — " + labels[i].split(" — ", 1)[1]
                          for i, n in enumerate(row)]
        await pilot.press("a", "home", "down", "enter")
        await pilot.pause()
        assert game.state.players[0].character == row[1]
        seen: set[str] = set()
        for _ in range(300):
            s = game.state
            if s.round == 2 and s.phase == "planning":
                break
            if isinstance(app.screen, PlanScreen):
                seen.add("plan")
            if isinstance(app.screen, ScoringScreen):
                seen.add("scoring")
                text = screen_text(app)
                assert "Takes" in text and "Brahmabot" in text
                if app.screen.entries:
                    assert "Pass" in text
            if s.phase == "actions" and s.solo and s.solo.used and isinstance(app.screen,
                                                                              GameScreen):
                assert "used " + s.solo.used in board_text(app, 1)
                seen.add("brahmabot")
            if isinstance(app.screen, ChoiceScreen):
                seen.add("choice")
            await decide(pilot, app)
        assert game.state.round == 2
        assert {"plan", "scoring", "brahmabot"} <= seen
        assert sum(1 for v in game.state.villages.values() if 0 in v) >= 4  # start shrines
        assert any(isinstance(step.intent, it.CommitPlan) for step in game.steps)


@synchronously
async def test_the_new_game_screen_starts_a_solo_game() -> None:
    app = MaharajaApp(Start("new", seed=5), computer_delay=QUIET)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert not screen.query_one("#solo-row").display
        screen.query_one("#players").value = SOLO
        await pilot.pause()
        assert screen.query_one("#solo-row").display
        assert not screen.query_one("#seat-1").display
        screen.query_one("#solo-level").value = "easy"
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        game = app.screen.table.game
        assert game.options.mode == "solo" and game.options.difficulty == "easy"
        assert [s.controller for s in game.seats] == [HUMAN] and game.seed == 5
        assert "Brahmabot" in screen_text(app)


def test_cli_play_solo(monkeypatch: pytest.MonkeyPatch) -> None:
    from maharaja_tui import cli

    started: list[Start] = []
    monkeypatch.setattr(MaharajaApp, "run", lambda self: started.append(self.start))
    assert cli.main(["play", "--solo", "hard", "--seed", "8"]) == 0
    setup = started[0].setup
    assert setup is not None and setup.seed == 8
    assert setup.options.mode == "solo" and setup.options.difficulty == "hard"
    assert len(setup.seats) == 1
    assert cli.main(["play", "--solo", "hard", "--game", "raja-2004"]) == 2


@synchronously
async def test_replaying_a_solo_game_in_play_keeps_the_face_down_tile_hidden() -> None:
    """Replay this game (ctrl+p) in solo: Brahmabot's board is drawn (it is no seat,
    the replay once failed on it) and its unused face-down tile stays '?' (MJ-HIDE-3)."""
    from maharaja_tui.screens.replay import ReplayScreen

    game = solo_game(after_brahmabot)
    assert game.state.solo.face_down == 2  # the tile used was a face-up one
    app = MaharajaApp(Start("game", game=game), computer_delay=QUIET)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.action_replay_current()
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("end", "r")
        await pilot.pause()
        assert "? face down" in board_text(app, BOT_SEAT)
        assert game.state.solo.drawn[2] not in screen_text(app)


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_solo_after_brahmabots_turn(snap_compare, size) -> None:  # noqa: ANN001
    app = MaharajaApp(Start("game", game=solo_game(after_brahmabot)), computer_delay=QUIET)
    assert snap_compare(app, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_solo_city_scoring(snap_compare, size) -> None:  # noqa: ANN001
    app = MaharajaApp(Start("game", game=solo_game(my_reward, seed=2)), computer_delay=QUIET)
    assert snap_compare(app, terminal_size=size)
