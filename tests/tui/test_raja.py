"""Raja (2004) in the terminal UI: the adapter on random games, rounds played with keys,
the forfeit warning, hidden gold in hot seat, saves, undo and replays, and snapshots."""

from __future__ import annotations

import random
from pathlib import Path

import msgspec
import pytest

from engine import Game
from engine.core import record
from engine.core.autoplay import random_intent
from engine.core.ruleset import Computer, Seat
from engine.raja import RULESET, preset
from engine.raja.state import Phase
from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.games import adapter_for
from maharaja_tui.games.raja import RajaAdapter
from maharaja_tui.screens.choice import ChoiceScreen, ConfirmScreen
from maharaja_tui.screens.final import FinalScreen
from maharaja_tui.screens.game import GameScreen
from maharaja_tui.screens.new_game import GameSetup, NewGameScreen, default_setup
from maharaja_tui.screens.plan import PlanScreen
from maharaja_tui.screens.privacy import PrivacyScreen
from maharaja_tui.screens.replay import ReplayScreen
from maharaja_tui.screens.scoring import ScoringScreen
from tests.tui import raja_games as R
from tests.tui.helpers import screen_text, synchronously
from tests.tui.test_privacy import svg_text

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
QUIET = 3600.0
PRESETS = [preset("Basic"), preset("Advanced I"), preset("Advanced II"),
           preset("Basic", short_game=True, hidden_gold=False),
           preset("Advanced II", auction=True, yogi_tokens=True, home_city=True)]


# ------------------------------------------------------------------ the adapter alone
PRESET_IDS = ["basic", "adv1", "adv2", "short", "all"]
# One game a preset, every player count among them (2-5, "all" at 5), in the default run;
# the other 15 of the 20 games (~2.9 of ~4 CPU-s) in the slow job.
DEFAULT_GAMES = {("basic", 2), ("adv1", 3), ("adv2", 4), ("short", 5), ("all", 5)}


@pytest.mark.parametrize(("options", "players"), [
    pytest.param(options, players, id=f"{name}-{players}",
                 marks=() if (name, players) in DEFAULT_GAMES else pytest.mark.slow)
    for name, options in zip(PRESET_IDS, PRESETS, strict=True) for players in (2, 3, 4, 5)])
def test_the_adapter_draws_every_point_of_a_random_game(players: int, options) -> None:  # noqa: ANN001
    """Every legal intent gets a menu entry and a label; every widget's data builds."""
    game = Game(RULESET, R.seats(players), options, players * 7)
    adapter = adapter_for(RULESET, game.seats)
    rng = random.Random(players)
    scorings_seen = 0
    for _ in range(4000):
        if game.is_over():
            break
        to_move = game.to_move()
        for seat in [None, *to_move]:
            view = game.view(seat)
            legal = game.legal_intents(seat) if seat is not None else []
            adapter.map_picture(view)
            adapter.targets(view, seat, legal)
            adapter.boards(view, seat, to_move)
            adapter.display(view)
            adapter.tracks(view)
            adapter.status(view, seat, to_move)
            assert adapter.heading(view, seat, to_move) or not to_move or seat is None
            if seat is not None:
                entries = adapter.menu(view, seat, legal)
                offered = [i for e in entries for i in e.intents]
                assert set(offered) <= set(legal) and len(offered) == len(set(offered))
                # every kind of step left is offered (a second equal part comes next)
                assert {(type(i), getattr(i, "slot", None)) for i in offered} == {
                    (type(i), getattr(i, "slot", None)) for i in legal}
                for intent in legal[:60]:
                    assert adapter.label(view, seat, intent)
            if adapter.scoring_key(view) is not None:
                scorings_seen += 1
                table = adapter.scoring_table(view)
                assert len(table.rows) == players
                assert "Houses" in table.columns  # the board is still the one scored
        seat, intent = random_intent(game, rng)
        if type(intent).__name__ == "MoveArchitect" and rng.random() < 0.7:
            intent = next(i for i in game.legal_intents(seat) if type(i).__name__ == "EndTurn")
        game.play(seat, intent)
    assert game.is_over() and scorings_seen
    final = adapter.final_table(game.view(None))
    assert len(final.rows) == players and "wins" in "".join(t for t, _ in final.notes[0])


def test_the_forfeit_warning_names_the_parts_left_and_the_penalty() -> None:
    game = R.game_until(R.my_turn)
    adapter = RajaAdapter(game.seats)
    view = game.view(0)
    end = next(i for i in game.legal_intents(0) if type(i).__name__ == "EndTurn")
    question = adapter.unused(view, 0, end)
    assert question is not None and "R-TURN-4" in question and "2 gold" in question
    others = [i for i in game.legal_intents(0) if type(i).__name__ != "EndTurn"]
    assert others and all(adapter.unused(view, 0, i) is None for i in others)


def test_the_new_game_form_covers_every_module_and_preset() -> None:
    form = RajaAdapter.new_game_form()
    assert (form.min_seats, form.max_seats) == (2, 5)
    assert {f.id for f in form.fields} == {"neutral_palaces", "short_game", "yogi_tokens",
                                           "home_city", "auction", "multi_character",
                                           "hidden_gold"}
    assert set(form.presets) == {"Basic", "Advanced I", "Advanced II"}
    values = {f.id: f.default for f in form.fields} | form.presets["Advanced I"]
    options = RajaAdapter.make_options(values | {"short_game": True}, form.colours[:3])
    assert options == preset("Advanced I", short_game=True)
    # Advanced II picked after Advanced I (R-MODE-3): the first preset's modules go.
    values |= form.presets["Advanced II"]
    assert RajaAdapter.make_options(values, form.colours[:3]) == preset("Advanced II")


# ------------------------------------------------------------------ played with keys
def pick(labels: list[str]) -> int:
    """A patient Raja player: do a part of an action, else end the turn; never wander."""
    for n, label in enumerate(labels):
        if not label.startswith(("✗", "Move your architect", "End your turn", "Use an action token",
                                 "Pass")):
            return n
    for n, label in enumerate(labels):
        if label.startswith(("End your turn", "Pass")):
            return n
    return 0


async def decide(pilot, app) -> str:  # noqa: ANN001
    screen = app.screen
    if isinstance(screen, PrivacyScreen):
        await pilot.press("enter")
        return "privacy"
    if isinstance(screen, PlanScreen):
        await pilot.press("5", "enter", "2", "enter")  # Quarry + House
        return "plan"
    if isinstance(screen, ConfirmScreen):
        await pilot.press("y")
        return "confirm"
    if isinstance(screen, ChoiceScreen):
        await pilot.press("enter")
        return "choice"
    if isinstance(screen, FinalScreen):
        return "final"
    if isinstance(screen, ScoringScreen):
        await pilot.press("enter")  # as its hint says
        return "scoring"
    if isinstance(screen, GameScreen):
        entries = screen.entries
        if not entries:
            await pilot.pause(0.05)
            return "wait"
        labels = ["".join(t for t, _ in e.label) for e in entries]
        index = pick(labels)
        await pilot.press("a", "home", *(["down"] * index), "enter")
        return labels[index]
    await pilot.pause(0.05)
    return "wait"


def raja_app(players: int = 3, humans: int = 1, seed: int = 7, options=None,  # noqa: ANN001
             delay: float = 0) -> MaharajaApp:
    setup = default_setup(players, seed, humans, "raja-2004")
    seats = tuple(s if s.is_human else Seat(s.name, Computer(level="random")) for s in setup.seats)
    setup = GameSetup(seats, options or setup.options, setup.seed, "raja-2004")
    return MaharajaApp(Start("play", setup=setup), computer_delay=delay)


@synchronously
async def test_two_rounds_of_raja_by_keyboard_with_a_scoring_between() -> None:
    app = raja_app(options=preset("Advanced I"))  # auction, home cities, tokens
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        game = app.game_screen().table.game
        assert game.ruleset.id == "raja-2004"
        moves = []
        for _ in range(600):
            if game.state.round >= 3:
                break
            moves.append(await decide(pilot, app))
        assert game.state.round >= 3, moves[-12:]
        assert "plan" in moves and "scoring" in moves
        assert any(m.startswith("Bid") or m.startswith("Pass") for m in moves)  # the auction
        assert any(m.startswith("Place a setup house") for m in moves)
        assert any(m.startswith("Take 2 houses") for m in moves)  # a part of Quarry
        while not isinstance(app.screen, GameScreen):
            await pilot.press("escape")
        await pilot.press("down")  # the summary of the others' turns, over the tracks, goes
        await pilot.pause()
        text = screen_text(app)
        assert "Round 3" in text and "Governors" in text


@synchronously
async def test_enter_closes_the_city_scoring_of_a_loaded_game(tmp_path: Path) -> None:
    path = tmp_path / "scored.json"
    record.save(R.game_until(R.scored, seed=18), path)
    app = MaharajaApp(Start("load", path=path), computer_delay=QUIET)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ScoringScreen)
        assert "Bijapur is scored" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


@synchronously
async def test_ending_a_turn_with_parts_left_asks_first() -> None:
    game = R.game_until(R.my_turn)
    app = MaharajaApp(Start("game", game=game), computer_delay=QUIET)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.game_screen()
        labels = ["".join(t for t, _ in e.label) for e in screen.entries]
        end = labels.index("End your turn")
        await pilot.press("a", "home", *(["down"] * end), "enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "forfeits" in screen_text(app) and "R-TURN-4" in screen_text(app)
        await pilot.press("n")
        await pilot.pause()
        assert game.state.turn is not None and game.state.turn.seat == 0
        gold = [p.gold for p in game.state.players]
        await pilot.press("a", "home", *(["down"] * end), "enter")
        await pilot.press("y")
        await pilot.pause()
        assert game.state.turn is None or game.state.turn.seat != 0
        paid = [p.gold - g for p, g in zip(game.state.players, gold, strict=True)]
        assert all(n >= 2 for n in paid[1:])  # the penalty reached every other player


@synchronously
async def test_hot_seat_never_shows_the_other_humans_gold_or_selection() -> None:
    # The engine plays the setup; the app opens on the first selection.
    game = R.game_until(lambda g: g.state.phase == Phase.SELECT, humans=2, seed=5,
                        options=preset("Basic"))
    app = MaharajaApp(Start("game", game=game), computer_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(400):
            if game.state.phase == Phase.SELECT and isinstance(app.screen, GameScreen) \
                    and app.game_screen().viewer in game.to_move():
                break
            await decide(pilot, app)
        screen = app.game_screen()
        first = screen.viewer
        assert first is not None
        await pilot.press("a", "home", "enter")
        assert isinstance(app.screen, PlanScreen)
        await pilot.press("7", "enter", "9", "enter")  # Palace and house + Character
        await pilot.pause()
        assert game.state.players[first].plan == ["PALACE_HOUSE", "CHARACTER"]
        assert isinstance(app.screen, PrivacyScreen)
        cover = screen_text(app)
        assert "Pass to" in cover and "gold" not in cover and "Palace and house" not in cover
        await pilot.press("enter")
        await pilot.pause()
        second = app.game_screen().viewer
        assert second is not None and second != first
        name = game.seats[first].name
        letter = "RYGBP"[first]
        for text in (screen_text(app), svg_text(app)):
            assert "Palace and house" not in text and "Character +" not in text
        lines = screen_text(app).splitlines()
        row = next(n for n, line in enumerate(lines) if f"{letter} {name}" in line)
        assert "? gold" in lines[row + 1]
        assert f" {game.state.players[first].gold} gold" not in lines[row + 1]
        mine = game.state.players[second].gold
        own = next(n for n, line in enumerate(screen_text(app).splitlines())
                   if f"{'RYGBP'[second]} {game.seats[second].name}" in line)
        assert f"{mine} gold" in screen_text(app).splitlines()[own + 1]


@synchronously
async def test_a_raja_save_loads_undoes_and_replays(tmp_path: Path) -> None:
    game = R.game_until(R.my_turn, options=preset("Advanced II"))
    path = tmp_path / "raja.json"
    record.save(game, path)
    app = MaharajaApp(Start("load", path=path), computer_delay=QUIET)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.game_screen()
        loaded = screen.table.game
        assert loaded.ruleset.id == "raja-2004" and len(loaded.steps) == len(game.steps)
        labels = ["".join(t for t, _ in e.label) for e in screen.entries]
        before = (len(loaded.steps), msgspec.msgpack.encode(loaded.state))
        await pilot.press("a", "home", *(["down"] * pick(labels)), "enter")
        await pilot.pause()
        if isinstance(app.screen, ChoiceScreen):
            await pilot.press("enter")
            await pilot.pause()
        assert len(loaded.steps) == before[0] + 1
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert (len(loaded.steps), msgspec.msgpack.encode(loaded.state)) == before
    finished = tmp_path / "finished.json"
    record.save(R.game_until(R.over), finished)
    app = MaharajaApp(Start("replay", path=finished))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("pagedown", "pagedown", "down")
        await pilot.pause()
        text = screen_text(app)
        assert "Governors" in text and "replay" in text and "Round 2" in text


@synchronously
async def test_the_new_game_screen_starts_raja_with_a_preset() -> None:
    app = MaharajaApp(Start("new", seed=11), computer_delay=QUIET)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        await screen.switch_game("raja-2004")
        await pilot.pause()
        assert "Raja (2004) — a new game" in screen_text(app)
        screen.query_one("#players").value = 5
        screen.query_one("#preset").value = "Advanced I"
        await pilot.pause()
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        game = app.screen.table.game
        assert game.ruleset.id == "raja-2004" and len(game.seats) == 5 and game.seed == 11
        assert game.options == preset("Advanced I")


# ------------------------------------------------------------------ snapshots
def at(point, **kwargs) -> MaharajaApp:  # noqa: ANN001
    return MaharajaApp(Start("game", game=R.game_until(point, **kwargs)), computer_delay=QUIET)


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_new_game_with_raja(snap_compare, size) -> None:  # noqa: ANN001
    async def choose_raja(pilot) -> None:  # noqa: ANN001
        await pilot.app.screen.switch_game("raja-2004")
        await pilot.pause()

    assert snap_compare(MaharajaApp(Start("new", seed=42)), terminal_size=size,
                        run_before=choose_raja)


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_raja_turn(snap_compare, size) -> None:  # noqa: ANN001
    assert snap_compare(at(R.my_turn, options=preset("Advanced I")), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_raja_city_scoring(snap_compare, size) -> None:  # noqa: ANN001
    assert snap_compare(at(R.scored, seed=18), terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_raja_final_ranking(snap_compare, size) -> None:  # noqa: ANN001
    # The last city scoring comes first; Esc closes it and the final ranking follows.
    assert snap_compare(at(R.over, options=preset("Basic", hidden_gold=False)),
                        terminal_size=size, press=["escape"])
