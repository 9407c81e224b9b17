"""Maharadjah in the terminal UI: the adapter on random games, a stack moved by keys on
the area map, the defender's decisions in hot seat, undo, save/load, the replay's
seeking by turn and by nation sequence, the new-game screen and snapshots."""

from __future__ import annotations

from pathlib import Path
from random import Random

import pytest
from textual.widgets import Checkbox, Input, Select

from engine import Game
from engine.core import record
from engine.core.autoplay import random_intent
from engine.core.replay import Replay
from engine.core.ruleset import Seat
from engine.maharadjah import RULESET, reach
from engine.maharadjah import Options as MaharadjahOptions
from engine.maharadjah import intents as I
from engine.maharadjah import queries as Q
from engine.maharadjah.spec import NATIONS
from engine.maharadjah.state import RETREAT_DEF, Phase
from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.games import adapter_for
from maharaja_tui.games.maharadjah import MaharadjahAdapter, stop_bases
from maharaja_tui.games.maharadjah_move import MoveBox, MoveScreen
from maharaja_tui.screens.choice import ChoiceScreen
from maharaja_tui.screens.game import GameScreen
from maharaja_tui.screens.help import HelpScreen
from maharaja_tui.screens.new_game import NewGameScreen
from maharaja_tui.screens.privacy import PrivacyScreen
from maharaja_tui.screens.replay import ReplayScreen
from maharaja_tui.widgets.area_map import AreaMap
from maharaja_tui.widgets.board_cursor import ArrowMoves
from maharaja_tui.widgets.move_log import MoveLog
from tests.maharadjah.helpers import Dice, play, position
from tests.tui.board_keys import arrow_keys
from tests.tui.helpers import screen_text, synchronously

SIZES = [pytest.param((80, 24), id="80x24"), pytest.param((120, 40), id="120x40")]
QUIET = 3600.0


def humans(n: int) -> list[Seat]:
    return [Seat(name) for name in ("Ann", "Bo", "Cy", "Di", "Eve")[:n]]


def new_game(players: int = 4, seed: int = 3, **options: bool) -> Game:
    return Game(RULESET, humans(players), MaharadjahOptions(**options), seed)


def played(game: Game, steps: int, seed: int = 0, until=None) -> Game:  # noqa: ANN001
    rng = Random(seed)
    for _ in range(steps):
        if game.is_over() or (until is not None and until(game)):
            break
        game.play(*random_intent(game, rng))
    return game


def defender_decides(game: Game) -> bool:
    s = game.state
    return bool(s.active) and s.battle is not None and s.battle.stage == RETREAT_DEF


# ------------------------------------------------------------------ the adapter alone
def test_nation_letters_are_unique_and_in_the_order_of_the_data() -> None:
    """W-ORDER-1: side K is the K-th nation; every nation reads by its letter (NO_COLOR)."""
    rules = Q.rules()
    assert tuple(n.name.upper() for n in NATIONS) == rules.order
    assert len({n.letter for n in NATIONS}) == len(NATIONS) == 17


# 5 players and the short game in the default run; 3 and 4 players of the long game
# (~2 CPU-s) in the slow job: the same views, menus and routes at fewer seats.
@pytest.mark.parametrize("players,short", [pytest.param(3, False, marks=pytest.mark.slow),
                                           pytest.param(4, False, marks=pytest.mark.slow),
                                           (5, False), (3, True)])
def test_adapter_describes_every_step_of_random_games(players: int, short: bool) -> None:
    """Every view, menu and label of a random game renders, and the map offers exactly
    the engine's moves (W-MOVE-1): each route's ends are reach()'s destinations."""
    game = new_game(players, seed=players, short_game=short)
    adapter = adapter_for(RULESET, game.seats)
    assert isinstance(adapter, MaharadjahAdapter)
    rng = Random(players)
    checked_moves = 0
    phases_seen: set[Phase] = set()
    for _ in range(600):
        if game.is_over():
            break
        view = game.view(None)
        to_move = game.to_move()
        seat = to_move[0]
        intents = game.legal_intents(seat)
        panels = adapter.panels(view, seat, to_move, intents)
        status = [text for text, _ in adapter.status(view, seat, to_move)]
        # the phase in words, never the engine's own token ("overpop", "start")
        assert not {f" · {p.value}" for p in Phase} & set(status), status
        phases_seen.add(view.phase)
        if view.todo:  # who owes a decision between sequences is named (overpopulation),
            # and why armies go (W-OVP-1, W-SCHED-8)
            owing = view.active or view.todo[0].nation
            assert Q.rules().nations[owing].name in "".join(status), status
            heading = "".join(text for line in adapter.heading(view, seat, to_move)
                              for text, _ in line)
            if view.todo[0].kind == "remove":
                assert "W-OVP-1" in heading or "W-SCHED-8" in heading, heading
        for entry in adapter.menu(view, seat, intents):
            assert entry.intents
        for intent in intents[:40]:
            assert adapter.label(view, seat, intent)
        data = panels[0].data
        if view.phase == Phase.MOVE and not view.todo and view.battle is None:
            for start, dests in data.routes.items():
                assert dests == frozenset(reach(view, start)), start
                checked_moves += 1
        game.play(*random_intent(game, rng))
    assert checked_moves and Phase.OVERPOP in phases_seen
    played(game, 20000, players)
    assert game.is_over()
    table = adapter.final_table(game.view(None))
    assert len(table.rows) == players and table.notes  # W-END-2: the winners named


def test_a_space_reads_its_armies_leaders_and_posts_by_letter() -> None:
    game = played(new_game(4), 400, 4)
    view = game.view(None)
    adapter = adapter_for(RULESET, game.seats)
    data = adapter.map_data(view, [])
    areas = {a.id: a for a in data.areas}
    assert len(areas) == 36 + 3 + 6  # W-MAP-2: territories, sea zones, barbarian lands
    for space, here in view.armies.items():
        text = "".join(t for line in areas[space].lines for t, _ in line)
        for nation, n in here.items():
            if n:
                letter = NATIONS[Q.rules().order.index(nation)].letter
                assert f"{letter}{n}" in text
    assert ("KAR", "LAN", "strait") in data.links or ("LAN", "KAR", "strait") in data.links


# ------------------------------------------------------------------ playing by keys
@synchronously
async def test_a_stack_is_moved_by_keys_on_the_map() -> None:
    """m focuses the map; Enter picks the stack under the cursor, the destinations light
    up, Enter on one asks how many, Enter takes the most (W-MOVE-1)."""
    game = played(new_game(4), 300, 1, until=lambda g: g.state.phase == Phase.MOVE
                  and not g.state.todo and g.state.battle is None and g.state.turn > 1)
    seat = game.to_move()[0]
    madj = adapter_for(RULESET, game.seats)
    app = MaharajaApp(Start("game", game=game), computer_delay=QUIET)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.viewer == seat
        board = screen.query_one(AreaMap)
        await pilot.press("m")
        await pilot.pause()
        assert board.has_focus
        start = board.cursor
        assert start in board.data.routes
        before = dict(game.state.fresh)
        await pilot.press("enter")
        await pilot.pause()
        assert board.picked == start
        assert board.targets == board.data.routes[start] | {start}
        dest = min(board.data.routes[start])
        # walk the cursor there by arrows (the fewest the board's moves allow)
        await pilot.press(*arrow_keys(ArrowMoves(board.spots()), board.cursor, dest))
        assert board.cursor == dest
        offered = madj.selected(game.state, seat, f"{start}>{dest}", game.legal_intents(seat))
        await pilot.press("enter")
        await pilot.pause()
        if offered is not None and len(offered.intents) > 1:
            assert isinstance(app.screen, ChoiceScreen)
            assert "how many" in screen_text(app)
            await pilot.press("enter")  # the first: the most armies
            await pilot.pause()
        moved = [e for _, e in game.events() if type(e).__name__ == "Moved"][-1]
        assert moved.start == start and moved.path[-1] == dest
        assert game.state.fresh.get(start, 0) < before.get(start, 0) or moved.armies == 0


def _leader_on_the_move(game: Game) -> bool:
    s = game.state
    return (s.phase == Phase.MOVE and not s.todo and s.battle is None
            and any(m.armies >= 2 for m in stop_bases(game.legal_intents(game.to_move()[0]))))


async def _open_stops(pilot, app, game: Game):  # noqa: ANN001, ANN202
    """The route of a leader's whole group: its move dialog, then its stops."""
    seat = game.to_move()[0]
    legal = game.legal_intents(seat)
    base = next(m for m in stop_bases(legal) if m.armies >= 2)
    screen = app.screen
    assert isinstance(screen, GameScreen) and screen.viewer == seat
    entry = screen.adapter.selected(game.view(seat), seat, f"{base.start}>{base.path[-1]}",
                                    legal)
    screen.choose(entry)
    await pilot.pause()
    assert isinstance(app.screen, MoveScreen)
    dialog = app.screen.box
    assert isinstance(dialog, MoveBox)
    assert "stops on the way" in screen_text(app)
    line = len(dialog.moves) + next(n for n, s in enumerate(dialog.stops) if s.move == base)
    await pilot.press(*["down"] * line, "enter")
    await pilot.pause()
    assert dialog.editing is not None and dialog.editing.move == base
    return base, dialog


@synchronously
async def test_a_leader_s_armies_stop_on_the_way_by_keys() -> None:
    """W-LEAD-3: in the move dialog, "… stops on the way" lists the spaces of the
    path; Enter on the first leaves one army there, ✓ moves the others on (80×24)."""
    game = played(new_game(4, seed=1), 300, 1, until=_leader_on_the_move)
    app = MaharajaApp(Start("game", game=game), computer_delay=QUIET)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        base, dialog = await _open_stops(pilot, app, game)
        await pilot.press("enter")  # one army stops in the first space
        await pilot.pause()
        assert dialog.drops[0] == 1 and "1 stop here" in screen_text(app)
        await pilot.press("right", "left")  # one more, one less
        await pilot.press(*["down"] * (len(base.path) - 1), "enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        moved = [e for _, e in game.events() if type(e).__name__ == "Moved"][-2:]
        assert (moved[0].path, moved[0].armies) == (base.path[:1], 1)
        assert (moved[1].path, moved[1].armies) == (base.path, base.armies - 1)
        assert moved[1].leaders == base.leaders


@synchronously
async def test_a_leader_s_armies_stop_on_the_way_by_mouse() -> None:
    """W-LEAD-3 by clicks: a click on a space adds an army stopping there, a click on
    ✓ moves; a stop the rules refuse is explained and nothing is played."""
    game = played(new_game(4, seed=1), 300, 1, until=_leader_on_the_move)
    app = MaharajaApp(Start("game", game=game), computer_delay=QUIET)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        base, dialog = await _open_stops(pilot, app, game)
        steps = len(game.steps)
        stops = len(base.path) - 1
        # the list has a border row above its first option
        await pilot.click("#choice-options", offset=(4, stops))  # the last stop
        await pilot.pause()
        assert dialog.drops[-1] == 1
        await pilot.click("#choice-options", offset=(4, stops + 1))  # ✓ Move
        await pilot.pause()
        if isinstance(app.screen, MoveScreen):  # refused: said why, nothing played
            assert "✗ W-" in screen_text(app) and len(game.steps) == steps
        else:
            moved = [e for _, e in game.events() if type(e).__name__ == "Moved"][-2:]
            assert (moved[0].path, moved[0].armies) == (base.path[:-1], 1)


def test_retreat_labels_say_who_goes_with_whom() -> None:
    """W-RET-5: two retreats differing only by ``escort`` read apart: one takes the
    leader, the other leaves it behind; the last group takes it on its own."""
    s = position(13, "MUSLIMS", {"JAU": {"MUSLIMS": 3}, "BUN": {"MAHRATTAS": 2}},
                 leaders={"SHIVAJI": "BUN"}, leader_turn={"SHIVAJI": 13})
    play(s, "MUSLIMS", I.Move(start="JAU", path=("BUN",), armies=3), Dice([1, 1, 1, 1, 1]))
    assert s.battle is not None and s.battle.stage == RETREAT_DEF
    seat = RULESET.to_move(s)[0]
    adapter = MaharadjahAdapter(humans(4))

    def text(intent: I.Retreat) -> str:
        assert intent in RULESET.legal_intents(s, seat)
        return "".join(t for t, _ in adapter.label(s, seat, intent))

    alone = text(I.Retreat(to="GON", armies=1))
    taking = text(I.Retreat(to="GON", armies=1, escort=True))
    assert "Shivaji stays" in alone and "taking" not in alone
    assert "taking Shivaji" in taking and "stay" not in taking
    assert "taking Shivaji" in text(I.Retreat(to="GON", armies=2))  # the last group
    labels = [adapter.label(s, seat, i) for i in RULESET.legal_intents(s, seat)]
    assert len(set(labels)) == len(labels)


@synchronously
async def test_nations_in_the_log_are_drawn_in_their_colour_with_their_letter() -> None:
    """Log lines name a nation with its map letter ("Mughals (O)", NO_COLOR) in its
    nation colour (the palette's side:K, W-ORDER-1 order)."""
    game = played(new_game(4, seed=2), 40, 2)
    app = MaharajaApp(Start("game", game=game), computer_delay=QUIET)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        text = app.screen.query_one(MoveLog).text()
        found = 0
        for nation in NATIONS:
            word = f"{nation.name} ({nation.letter})"
            at = text.plain.find(word)
            if at < 0:
                continue
            colours = {str(span.style.color.name) for span in text.spans
                       if span.start <= at < span.end and not isinstance(span.style, str)
                       and span.style.color is not None}
            assert colours == {nation.colour}, (word, colours)
            found += 1
        assert found >= 3


@synchronously
async def test_escape_drops_a_picked_stack() -> None:
    game = played(new_game(4), 300, 1, until=lambda g: g.state.phase == Phase.MOVE
                  and not g.state.todo and g.state.battle is None and g.state.turn > 1)
    app = MaharajaApp(Start("game", game=game), computer_delay=QUIET)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.query_one(AreaMap)
        await pilot.press("m", "enter")
        await pilot.pause()
        assert board.picked is not None
        await pilot.press("escape")
        await pilot.pause()
        assert board.picked is None and isinstance(app.screen, GameScreen)


@synchronously
async def test_the_defender_s_player_decides_the_retreat_in_hot_seat() -> None:
    """W-RET-1: after a battle round the defender's player retreats or stands; in hot seat
    the screen turns to that player at once (no privacy screen: nothing is hidden)."""
    game = played(new_game(4, seed=3), 200, 3, until=defender_decides)
    state = game.state
    assert defender_decides(game)
    defender = state.control[state.battle.defender]
    attacker = state.control[state.active]
    assert defender != attacker and game.to_move() == (defender,)
    app = MaharajaApp(Start("game", game=game), computer_delay=QUIET)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.viewer == defender
        text = screen_text(app)
        # The heading names the nation that decides, not "the defender".
        defending = Q.rules().nations[state.battle.defender].name
        assert f"{defending}: retreat or stand" in text and "Stand" in text
        stand = next(n for n, e in enumerate(screen.entries)
                     if isinstance(e.intents[0], I.Stand))
        await pilot.press("a", *["down"] * stand, "enter")
        await pilot.pause()
        assert not isinstance(app.screen, PrivacyScreen)
        assert state.battle is None or state.battle.stage != RETREAT_DEF
        assert isinstance(app.screen, GameScreen) and app.screen.viewer in game.to_move()


@synchronously
async def test_undo_takes_back_a_move_and_the_dice_stay() -> None:
    """Undo never re-rolls: a battle undone and fought again rolls the same dice."""
    game = played(new_game(4, seed=3), 200, 3, until=lambda g: g.state.phase == Phase.COMBAT
                  and any(isinstance(i, I.Fight) for s in g.to_move()
                          for i in g.legal_intents(s)))
    seat = game.to_move()[0]
    fight = next(i for i in game.legal_intents(seat) if isinstance(i, I.Fight))
    app = MaharajaApp(Start("game", game=game), computer_delay=QUIET)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        mark = len(list(game.events()))
        game_screen = app.screen
        assert isinstance(game_screen, GameScreen)
        game_screen.play(fight)
        await pilot.pause()
        rolled = [e for _, e in list(game.events())[mark:] if type(e).__name__ == "BattleRound"]
        assert rolled
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert len(list(game.events())) == mark
        game_screen.play(fight)
        await pilot.pause()
        again = [e for _, e in list(game.events())[mark:] if type(e).__name__ == "BattleRound"]
        assert again[0] == rolled[0]
        assert "dice" in "".join(t for line in game.descriptions(None) for t, _ in line)


def test_save_and_load_keep_the_game(tmp_path: Path) -> None:
    game = played(new_game(5, seed=9), 300, 9)
    path = tmp_path / "mj.json"
    record.save(game, path)
    again = record.load(path, {RULESET.id: RULESET}, validate=True)
    assert list(again.events()) == list(game.events())


def test_the_replay_seeks_by_turn_and_by_nation_sequence() -> None:
    """The ruleset's boundaries: a game turn is the replay's round, a nation's sequence
    its turn (W-TURN-1, W-SEQ-1); its phases start and end parts the log folds."""
    game = played(new_game(3, seed=5), 400, 5)
    replay = Replay(game)
    kinds = {"round": "TurnStarted", "turn": "SequenceStarted"}
    folds = {"phase": ("PhaseStarted",), "end": ("MovementEnded", "CombatEnded",
                                                 "PostsEnded", "ArmsEnded", "SequenceEnded")}
    for unit in kinds:
        replay.seek(0)
        marks = [replay.marks[n] for n in range(replay.length)]
        assert unit in marks
        replay.step(unit, 1)
        replay.step(unit, 1)
        # stops before the event that starts it (a new turn also starts a sequence)
        assert marks[replay.position] in (("round",) if unit == "round" else ("round", "turn"))
    events = [e for _, e in game.events()]
    for n, mark in enumerate(replay.marks[:replay.length]):
        if mark in kinds:
            assert type(events[n]).__name__ == kinds[mark]
        elif mark is not None:
            assert type(events[n]).__name__ in folds[mark]


@synchronously
async def test_the_replay_viewer_shows_the_map_and_steps_by_sequence() -> None:
    game = played(new_game(3, seed=5), 400, 5)
    app = MaharajaApp(Start("game", game=game), computer_delay=QUIET)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.push_screen(ReplayScreen(game, seat=None, reveal=True))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        start = screen.replay.position
        await pilot.press("down", "down")  # the turn starts, then its first nation's sequence
        await pilot.pause()
        assert screen.replay.position > start
        assert "'s sequence" in "".join(
            t for t, _ in game.descriptions(None)[screen.replay.position - 1])
        assert "Sequence" in screen_text(app) and screen.query_one(AreaMap)


# ------------------------------------------------------------------ the screens
@synchronously
async def test_maharadjah_is_chosen_on_the_new_game_screen_with_its_short_game() -> None:
    """The form opens on the full game with its default 4 players; the short game's
    preset seats 3 (W-SETUP-S1). It had opened on its one preset, the short game,
    beside 4 players: Start was refused at once."""
    app = MaharajaApp(Start("new", seed=11), computer_delay=QUIET)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        await screen.switch_game("maharadjah")
        await pilot.pause()
        assert "Maharadjah (wargame)" in screen_text(app)
        assert "W-SETUP-S1" in screen_text(app)
        assert screen.query_one("#short_game", Checkbox).value is False
        assert screen.query_one("#players", Select).value == 4
        screen.query_one("#preset", Select).value = "Short game (3 players)"
        await pilot.pause()
        assert screen.query_one("#short_game", Checkbox).value is True
        assert screen.query_one("#players", Select).value == 3
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        game = app.screen.table.game
        assert game.ruleset.id == "maharadjah" and len(game.seats) == 3
        assert game.options.short_game


async def maharadjah_form(pilot, app: MaharajaApp) -> NewGameScreen:  # noqa: ANN001
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, NewGameScreen)
    await screen.switch_game("maharadjah")
    await pilot.pause()
    return screen


@synchronously
async def test_ticking_the_short_game_seats_its_3_players() -> None:
    """W-SETUP-S1: the short game is for 3 players. Ticking it (a click, as a player
    steering with the mouse does) had left 4 players and the full game's preset: Start
    was refused. Its preset is chosen now, with its 3 players; cleared, the full game's."""
    app = MaharajaApp(Start("new", seed=11), computer_delay=QUIET)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await maharadjah_form(pilot, app)
        assert screen.query_one("#players", Select).value == 4
        await pilot.click("#short_game")
        await pilot.pause()
        assert screen.query_one("#short_game", Checkbox).value is True
        assert screen.query_one("#players", Select).value == 3
        assert screen.query_one("#preset", Select).value == "Short game (3 players)"
        await pilot.click("#short_game")
        await pilot.pause()
        assert screen.query_one("#preset", Select).value == "Full game (turns 1-16)"
        await pilot.click("#short_game")
        await pilot.pause()
        await pilot.click("#start")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        game = app.screen.table.game
        assert len(game.seats) == 3 and game.options.short_game


@synchronously
async def test_players_the_short_game_does_not_seat_choose_the_full_game() -> None:
    """W-SETUP-S1: the short game is for 3 players. With it ticked, Players set to 4 had
    left it ticked, and Start refused the form; the full game is chosen now, and starts."""
    app = MaharajaApp(Start("new", seed=11), computer_delay=QUIET)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await maharadjah_form(pilot, app)
        await pilot.click("#short_game")
        await pilot.pause()
        screen.query_one("#players", Select).value = 4
        await pilot.pause()
        assert screen.query_one("#short_game", Checkbox).value is False
        assert screen.query_one("#preset", Select).value == "Full game (turns 1-16)"
        assert screen.query_one("#players", Select).value == 4
        await pilot.click("#start")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        game = app.screen.table.game
        assert len(game.seats) == 4 and not game.options.short_game


@synchronously
async def test_start_s_refusal_goes_once_the_form_would_start() -> None:
    """A form refused at Start (a seed of letters): the error line had stayed after the
    field was mended, until Start was clicked again. A change that leaves the form
    refused keeps it; the change that makes it startable clears it."""
    app = MaharajaApp(Start("new", seed=11), computer_delay=QUIET)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await maharadjah_form(pilot, app)
        screen.query_one("#seed", Input).value = "abc"
        await pilot.click("#start")
        await pilot.pause()
        assert app.screen is screen and "✗" in screen_text(app)
        screen.query_one("#seed", Input).value = "12x"
        await pilot.pause()
        assert "✗" in screen_text(app)
        screen.query_one("#seed", Input).value = "12"
        await pilot.pause()
        assert "✗" not in screen_text(app) and app.screen is screen


def test_play_game_maharadjah_on_the_command_line(monkeypatch: pytest.MonkeyPatch) -> None:
    from maharaja_tui import cli

    started: list[MaharajaApp] = []
    monkeypatch.setattr(MaharajaApp, "run", lambda self: started.append(self))
    assert cli.main(["play", "--game", "maharadjah", "--players", "5", "--seed", "4"]) == 0
    setup = started[0].start.setup
    assert setup is not None and setup.ruleset_id == "maharadjah" and len(setup.seats) == 5
    assert cli.main(["play", "--game", "maharadjah", "--players", "2"]) == 2  # W-ASSIGN-1


@synchronously
async def test_f1_shows_the_maharadjah_rules_and_the_map_legend() -> None:
    app = MaharajaApp(Start("game", game=new_game(4)), computer_delay=QUIET)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("slash", *"W-MOVE-5", "enter")
        await pilot.pause()
        assert "W-MOVE-5" in screen_text(app)


# ------------------------------------------------------------------ snapshots
def at(game: Game) -> MaharajaApp:
    return MaharajaApp(Start("game", game=game), computer_delay=QUIET)


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_maharadjah_movement(snap_compare, size) -> None:  # noqa: ANN001
    game = played(new_game(4), 300, 1, until=lambda g: g.state.phase == Phase.MOVE
                  and not g.state.todo and g.state.battle is None and g.state.turn > 1)

    async def focus_map(pilot) -> None:  # noqa: ANN001
        await pilot.press("m", "enter")
        await pilot.pause()

    assert snap_compare(at(game), terminal_size=size, run_before=focus_map)


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_maharadjah_defender_decides(snap_compare, size) -> None:  # noqa: ANN001
    game = played(new_game(4, seed=3), 200, 3, until=defender_decides)
    assert snap_compare(at(game), terminal_size=size)


def test_an_offer_is_declined_and_a_retreat_stood_in_words_of_their_own() -> None:
    """W-SUB-3 / W-RET-1: the same 'no' reads as Decline before an offer, Stand in a battle."""
    game = played(new_game(4, seed=3), 300, 3, until=lambda g: bool(g.state.todo)
                  and g.state.todo[0].kind == "offer")
    adapter = adapter_for(RULESET, game.seats)
    seat = game.to_move()[0]
    text = "".join(t for t, _ in adapter.label(game.state, seat, I.Stand()))
    assert text.startswith("Decline")
    assert "left" not in "".join(t for line in adapter.heading(game.state, seat, (seat,))
                                 for t, _ in line)
    game = played(new_game(4, seed=3), 200, 3, until=defender_decides)
    text = "".join(t for t, _ in adapter.label(game.state, game.to_move()[0], I.Stand()))
    assert text.startswith("Stand")


@pytest.mark.parametrize("size", [(72, 24), (72, 26), (74, 25), (120, 38)])
def test_no_space_of_the_map_hides_another(size: tuple[int, int]) -> None:
    """Every box keeps its whole title line on the smallest canvas and on a wide one."""
    game = played(new_game(4, seed=3), 2, 3)  # the start of play, as seen on an 80x24 screen
    board = AreaMap()
    board.data = adapter_for(RULESET, game.seats).map_data(game.view(None), [])
    board._draw(*size)
    for area in board.data.areas:
        x, y = board._anchors[area.id]
        width = 2 + sum(len(t) for t, _ in area.title)
        assert {board._grid[y][x + i].area for i in range(width)} == {area.id}, area.id


def test_the_defender_is_told_of_submission_only_when_it_may_submit() -> None:
    """W-RET-1, W-SUB-1, W-SUB-4: after a battle round the defender may retreat, and
    submit only where the rules let it; the heading said "(or offer submission)" at
    every retreat, and most of them list no submission."""
    said = {True: 0, False: 0}
    for seed in range(1, 12):
        game = new_game(4, seed=seed)
        rng = Random(seed)
        for _ in range(3000):
            if game.is_over():
                break
            if defender_decides(game):
                seat = game.to_move()[0]
                adapter = adapter_for(game.ruleset, game.seats)
                heading = "".join(t for line in adapter.heading(game.view(seat), seat,
                                                                game.to_move())
                                  for t, _ in line)
                may = any(isinstance(i, I.Submit) for i in game.legal_intents(seat))
                assert ("submission" in heading) == may, heading
                defending = Q.rules().nations[game.state.battle.defender].name
                assert f"{defending}: retreat or stand" in heading, heading
                said[may] += 1
            game.play(*random_intent(game, rng))
    assert said[True] and said[False]
