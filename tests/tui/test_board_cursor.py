"""One cursor model for the three boards (the map graph of Maharaja and Raja, Maharani's
palace grid, Maharadjah's area map): arrows go to the nearest place in their direction
and reach every place from every other; Tab jumps between targets; the cursor is marked
without colour; the status line names the place and says what Enter does there, on
every move; Enter on a place that is no target says why and keeps the cursor."""

from __future__ import annotations

import random

import pytest

from engine import Game
from engine.core.autoplay import random_intent
from engine.core.ruleset import Seat
from engine.maharadjah import RULESET as MADJ
from engine.maharadjah import Options as MadjOptions
from engine.maharadjah.state import Phase
from engine.maharani import intents as MI
from engine.maharani.board import palace
from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.game_setup import default_setup
from maharaja_tui.games import adapter_for
from maharaja_tui.screens.game import GameScreen
from maharaja_tui.widgets.area_map import BOX, AreaMap
from maharaja_tui.widgets.board_cursor import (
    ArrowMoves,
    nearest,
    next_target,
    strongly_connected,
)
from maharaja_tui.widgets.board_frame import MARK_AFTER, MARK_BEFORE, spots_of
from maharaja_tui.widgets.map_graph import MapGraph
from maharaja_tui.widgets.palace_grid import PalaceGrid
from tests.tui import games, raja_games
from tests.tui import maharani_games as M
from tests.tui.board_keys import arrow_keys
from tests.tui.helpers import screen_text, settled, synchronously

QUIET = 3600.0
# The boards' widgets' sizes in terminals of 80x24, 100x30, 120x40 and 160x50.
MAP_SIZES = [(44, 13), (64, 19), (72, 21), (112, 31)]
AREA_SIZES = [(46, 12), (66, 19), (74, 25), (114, 35)]


def start_shrines(game: Game) -> bool:
    return game.state.phase == "start-shrines" and 0 in game.to_move()


def madj_game(seed: int = 1) -> Game:
    game = Game(MADJ, [Seat(n) for n in ("Ann", "Bo", "Cy", "Di")], MadjOptions(), 3)
    rng = random.Random(seed)
    for _ in range(300):
        s = game.state
        if s.phase == Phase.MOVE and not s.todo and s.battle is None and s.turn > 1:
            break
        game.play(*random_intent(game, rng))
    return game


def my_move(game: Game) -> bool:
    """Maharaja, the human's turn with a move of the priest among its choices."""
    s = game.state
    return (s.phase == "actions" and s.turn is not None and s.turn.seat == 0
            and not s.pending and any(type(i).__name__ == "MovePriest"
                                      for i in game.legal_intents(0)))


def app_of(game: Game) -> MaharajaApp:
    return MaharajaApp(Start("game", game=game), computer_delay=QUIET)


# ------------------------------------------------------------------ the rule itself
def test_an_arrow_goes_to_the_nearest_place_within_45_degrees_first() -> None:
    spots = {"a": (10, 10), "ahead": (20, 10), "near-but-off": (13, 13), "far": (40, 10)}
    assert nearest(spots, "a", "right") == "ahead"  # "near-but-off" is 63° off the arrow
    assert nearest(spots, "a", "down") == "near-but-off"
    assert nearest(spots, "a", "left") is None  # nothing ahead: the arrow stays
    # a row counts as two columns: 3 rows down is as far as 6 columns across
    assert nearest({"a": (0, 0), "b": (7, 0), "c": (0, 3)}, "a", "down") == "c"


def test_the_rule_falls_back_to_column_order_where_it_would_strand_a_place() -> None:
    """Scattered points can defeat any nearest-first rule; the moves still join every
    place to every other, on a thousand random layouts."""
    rng = random.Random(5)
    fallbacks = 0
    for _ in range(1000):
        n = rng.randint(2, 40)
        spots = {f"p{i}": (rng.randint(0, 60), rng.randint(0, 25)) for i in range(n)}
        moves = ArrowMoves(spots)
        assert strongly_connected(moves.moves), spots
        fallbacks += not moves.by_rule
    assert fallbacks  # the guarantee was needed somewhere, and held


def test_tab_goes_round_the_targets_in_reading_order() -> None:
    spots = {"a": (0, 0), "b": (9, 0), "c": (3, 2), "d": (0, 5)}
    targets = {"b", "c", "d"}
    assert next_target(spots, targets, "a") == "b"
    assert next_target(spots, targets, "b") == "c"
    assert next_target(spots, targets, "d") == "b"  # round the end
    assert next_target(spots, targets, "b", forward=False) == "d"
    assert next_target(spots, set(), "a") is None


# ------------------------------------------------------------------ every board connected
def map_layouts(game: Game, seat: int = 0) -> list[dict[str, tuple[int, int]]]:
    """The map graph's spots at every size of MAP_SIZES, for a few views of ``game``'s
    random continuation (the pieces change the drawing)."""
    adapter = adapter_for(game.ruleset, game.seats)
    rng = random.Random(1)
    out = []
    for step in range(400):
        if game.is_over():
            break
        if step % 100 == 0:
            graph = MapGraph()
            graph.data = adapter.panels(game.view(seat), seat, (), ())[0].data
            for size in MAP_SIZES:
                graph._draw(*graph.canvas_size(*size))
                out.append(spots_of(graph._extents))
        game.play(*random_intent(game, rng))
    return out


@pytest.mark.parametrize("game", [
    pytest.param(lambda: games.game_until(start_shrines, players=4), id="maharaja"),
    pytest.param(lambda: raja_games.game_until(lambda g: g.state.round >= 1, players=5),
                 id="raja")])
def test_every_place_of_the_road_map_is_reached_from_every_other_by_arrows(game) -> None:  # noqa: ANN001
    game = game()
    network = adapter_for(game.ruleset, game.seats).network
    for spots in map_layouts(game):
        assert set(spots) == {*network.junctions, *network.road_of}  # every place
        moves = ArrowMoves(spots)
        assert moves.by_rule, "the nearest-place rule alone joins them"
        assert strongly_connected(moves.moves)


def test_every_cell_and_slot_of_the_palace_is_reached_by_arrows() -> None:
    game = M.game_until(M.my_turn)
    grid = PalaceGrid()
    grid.data = adapter_for(game.ruleset, game.seats).panels(game.view(0), 0, (), ())[0].data
    for wide in (False, True):
        grid._cell_size = lambda wide=wide: (8, 2) if wide else (5, 1)  # type: ignore[method-assign]
        spots = grid._spots()
        assert len(spots) == 56 + 4  # the cells and the turntable's slots; no minaret
        moves = ArrowMoves(spots)
        assert moves.by_rule and strongly_connected(moves.moves)
        assert moves.move("3,2", "right") == "3,3"  # the next cell: slot 1's place


def test_every_space_of_the_area_map_is_reached_by_arrows() -> None:
    game = madj_game()
    board = AreaMap()
    board.data = adapter_for(MADJ, game.seats).map_data(game.view(None), [])
    for size in AREA_SIZES:
        corners = board._lay_out(*board.canvas_size(*size))
        spots = {area: (x + BOX // 2, y) for area, (x, y) in corners.items()}
        assert len(spots) == 36 + 3 + 6
        moves = ArrowMoves(spots)
        assert moves.by_rule and strongly_connected(moves.moves), size


# ------------------------------------------------------------------ the reported case
@synchronously
async def test_the_starting_shrine_villages_v20_and_v22_are_reached_by_arrows() -> None:
    """The reported game: ``maharaja play --seed 7`` at 80x24, the first character taken,
    then the map at the starting shrines. Down, Down, Right, Right, Up went v19, v18,
    v25, v18, and v20 and v22 were out of the arrows' reach."""
    app = MaharajaApp(Start("play", setup=default_setup(seed=7)), computer_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot, lambda: isinstance(app.screen, GameScreen)
                      and bool(app.screen.entries), "the first choice")
        await pilot.press("a", "enter")  # the first character, as in the report
        screen = app.screen
        await settled(pilot, lambda: screen.table.game.state.phase == "start-shrines"
                      and bool(screen.entries), "the starting shrines")
        await pilot.press("m", "down", "down", "right", "right", "up")
        graph = screen.query_one(MapGraph)
        await settled(pilot, lambda: graph.has_focus, "the map focused")
        assert {"v20", "v22"} <= set(graph.targets)
        for village in ("v20", "v22"):
            moves = ArrowMoves(graph._spots_now())
            await pilot.press(*arrow_keys(moves, graph.cursor, village))
            assert graph.cursor == village
            text = screen_text(app)
            assert f"▸ {graph.names[village]}" in text  # named on the status line
            assert "⏎ Shrine in" in text  # and what Enter does there


# ------------------------------------------------------------------ Tab, marks, status
@synchronously
async def test_tab_visits_only_the_targets_and_each_once_round() -> None:
    game = games.game_until(games.my_turn)
    app = app_of(game)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("m")
        graph = app.screen.query_one(MapGraph)
        targets = set(graph.targets)
        assert len(targets) > 1
        seen = []
        for _ in range(len(targets)):
            await pilot.press("tab")
            seen.append(graph.cursor)
        assert set(seen) == targets and len(seen) == len(set(seen))
        await pilot.press("shift+tab")
        assert graph.cursor == seen[-2]


def marked(text: str, place_text: str) -> bool:
    """Whether ``place_text`` is drawn between the cursor's marks."""
    return any(f"{MARK_BEFORE}{place_text}" in line and MARK_AFTER in
               line[line.index(f"{MARK_BEFORE}{place_text}"):] for line in text.splitlines())


@synchronously
async def test_the_cursor_is_marked_without_colour_even_on_my_reversed_pieces(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Reverse video alone vanished on the viewer's own pieces (drawn reversed): the
    cursor's place also gets ▸ ◂ beside it, which NO_COLOR keeps."""
    monkeypatch.setenv("NO_COLOR", "1")
    game = games.game_until(games.my_turn)
    mine = next(v for v, held in game.state.villages.items() if 0 in held)
    app = app_of(game)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("m")
        graph = app.screen.query_one(MapGraph)
        graph.cursor = mine
        await pilot.pause()
        x0, x1, y = graph._extents[mine]
        canvas = graph.drawn_canvas()
        row = "".join(c.char for c in canvas[y])
        assert row[x0 - 1] == MARK_BEFORE and row[x1 + 1] == MARK_AFTER
        drawn = "".join(c.char for c in canvas[y][x0:x1 + 1])
        assert marked(screen_text(app), drawn)


@synchronously
async def test_the_status_line_follows_every_arrow_on_each_board() -> None:
    """Each arrow names the new place and says what Enter does there (or why not)."""
    for game, board_type in ((games.game_until(games.my_turn), MapGraph),
                             (madj_game(), AreaMap)):
        app = app_of(game)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("m")
            board = app.screen.query_one(board_type)
            for key in ("right", "down", "left", "up"):
                was = board.cursor
                await pilot.press(key)
                await pilot.pause()
                text = screen_text(app)
                if board.cursor == was:
                    assert "no place further" in text or "no space further" in text
                    continue
                assert "▸ " in text and ("⏎ " in text or "✗" in text), (key, text)


@synchronously
async def test_the_maharani_preview_follows_the_cursor_with_its_gold() -> None:
    """The tile is previewed on each highlighted cell the cursor comes to (no Enter
    first), its gold on the status line and the zone it earns from drawn with +."""
    game = M.game_until(M.my_turn)
    legal = [i for i in game.legal_intents(0) if isinstance(i, MI.Place)]
    slot = legal[0].slot
    cells = sorted({i.cell for i in legal if i.slot == slot})
    assert len(cells) > 1
    app = app_of(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("m", str(slot))
        grid = app.screen.query_one(PalaceGrid)
        shown = set()
        for _ in cells:
            await pilot.press("tab")
            chosen = grid.preview()
            assert chosen is not None and chosen.cell in cells
            shown.add(chosen.cell)
            gains = "".join(t for t, _ in chosen.gains)
            assert gains.split(" (")[0] in screen_text(app)  # "+2 gold"
            for cell in chosen.zone - {chosen.cell}:
                line = next(line for line in grid._places if f"cell:{cell}" in line)
                row = grid._places.index(line)
                x = line.index(f"cell:{cell}")
                assert grid._rows[row].text[x] == "+", cell
        assert shown == set(cells)


# ------------------------------------------------------------------ Enter says why
@synchronously
async def test_enter_on_a_cell_the_tile_cannot_go_to_says_why_and_keeps_the_cursor() -> None:
    game = M.game_until(M.my_turn)
    legal = [i for i in game.legal_intents(0) if isinstance(i, MI.Place)]
    slot = legal[0].slot
    ok = {i.cell for i in legal if i.slot == slot}
    cell = next(c for c in palace().cells.values()
                if c.id not in ok and c.id not in game.state.cells)
    app = app_of(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("m", str(slot))
        grid = app.screen.query_one(PalaceGrid)
        grid.cursor = (cell.row, cell.col)
        await pilot.pause()
        before = screen_text(app)
        assert "✗ " in before  # said before Enter, on the status line
        steps = len(game.steps)
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert len(game.steps) == steps and grid.cursor == (cell.row, cell.col)
        assert screen.last_refusal is not None and screen.last_refusal.rule.startswith("M-")
        # The reason leads the line under the board, its rule after it: at 80x24 the
        # rule id first cut the reason short.
        lines = before.splitlines()
        status = next(lines[n + 1] for n, line in enumerate(lines) if line.lstrip()
                      .startswith("▸ "))
        assert status.lstrip().startswith("✗ " + screen.last_refusal.reason[:30]), status


@synchronously
async def test_r_on_a_tile_that_fits_one_way_says_so() -> None:
    game = M.game_until(M.my_turn)
    legal = [i for i in game.legal_intents(0) if isinstance(i, MI.Place)]
    ways: dict[tuple[int, str], set[str]] = {}
    for i in legal:
        ways.setdefault((i.slot, i.cell), set()).add(i.arrow)
    slot, cell_id = next(k for k, arrows in sorted(ways.items()) if len(arrows) == 1)
    cell = palace().cells[cell_id]
    app = app_of(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("m", str(slot))
        grid = app.screen.query_one(PalaceGrid)
        grid.cursor = (cell.row, cell.col)
        await pilot.pause()
        before = grid.preview()
        await pilot.press("r")
        await pilot.pause()
        assert grid.preview() == before
        assert "one way only" in screen_text(app)
        steps = len(game.steps)
        await pilot.press("enter")  # placed: the word was about that tile, and goes
        await settled(pilot, lambda: len(game.steps) > steps, "the tile placed")
        await pilot.pause()
        assert "one way only" not in screen_text(app)


@synchronously
async def test_enter_on_a_space_a_stack_cannot_reach_says_why_and_keeps_the_pick() -> None:
    game = madj_game()
    app = app_of(game)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("m")
        board = app.screen.query_one(AreaMap)
        start = board.cursor
        assert start in board.data.routes
        await pilot.press("enter")
        assert board.picked == start
        far = next(a.id for a in board.data.areas
                   if a.id not in board.data.routes[start] and a.id != start)
        board.cursor = far
        await pilot.pause()
        steps = len(game.steps)
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert len(game.steps) == steps
        assert board.picked == start and board.cursor == far
        assert screen.last_refusal is not None and screen.last_refusal.rule.startswith("W-")


@synchronously
async def test_a_key_s_word_said_before_a_pick_is_gone_once_the_stack_is_picked() -> None:
    """"Tab: the only target", said while one stack was left to pick, stayed on the
    status line beside "put the stack back" once it was picked, as if the picked
    stack had only one place to go."""
    game = madj_game()
    app = app_of(game)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("m")
        board = app.screen.query_one(AreaMap)
        # the word Tab says when the cursor is on the only target
        board._note = (("Tab ", "strong"), ("this is the only target", ""))
        board._dirty = True
        board.refresh()
        await pilot.pause()
        assert "the only target" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert board.picked is not None
        assert "the only target" not in screen_text(app)


# ------------------------------------------------------------------ previews
@synchronously
async def test_a_priest_s_move_is_drawn_on_the_map_with_who_is_paid() -> None:
    game = games.game_until(my_move)
    app = app_of(game)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("m")
        graph = app.screen.query_one(MapGraph)
        dest = next(p for p in graph.routes if graph.routes[p])
        graph.cursor = dest
        await pilot.pause()
        heavy = {c.char for row in graph.drawn_canvas() for c in row if c.role == "map:route"}
        assert heavy and heavy <= {"━", "┃", "▞", "▚"}
        text = screen_text(app)
        assert "Move to" in text and (" — pays " in text or " — free" in text)
        graph.cursor = next(p for p in graph.names if p not in graph.routes)
        await pilot.pause()
        assert not any(c.role == "map:route" for row in graph.drawn_canvas() for c in row)


@synchronously
async def test_an_army_s_move_is_drawn_on_the_area_map() -> None:
    game = madj_game()
    app = app_of(game)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("m", "enter")
        board = app.screen.query_one(AreaMap)
        start = board.picked
        assert start is not None
        dest = max(board.data.routes[start],
                   key=lambda d: len(board.data.paths[f"{start}>{d}"]))
        board.cursor = dest
        await pilot.pause()
        assert any(c.char == "•" for row in board._grid for c in row)
        assert "⏎ " in screen_text(app) and " → " in screen_text(app)


# ------------------------------------------------------------------ 80x24: apart, panning
def test_every_place_of_the_road_map_is_drawn_apart_with_its_pieces() -> None:
    """No village touches another place on its row, none is drawn over (the villages of
    different roads ran together at 80x24: "──○○ ─○○──YG────○○───○○")."""
    for game in (games.game_until(games.over, players=4),
                 raja_games.game_until(lambda g: g.state.round >= 3, players=5)):
        adapter = adapter_for(game.ruleset, game.seats)
        graph = MapGraph()
        graph.data = adapter.panels(game.view(0), 0, (), ())[0].data
        for size in MAP_SIZES:
            graph._draw(*graph.canvas_size(*size))
            grid = graph._grid
            for place, (x0, x1, y) in graph._extents.items():
                assert {grid[y][x].place for x in range(x0, x1 + 1)} == {place}, place
                if place not in graph.picture.junctions:
                    for x in (x0 - 1, x1 + 1):
                        assert not 0 <= x < len(grid[y]) or grid[y][x].place is None, place


def test_every_space_of_the_area_map_holds_its_armies_inside_its_frame() -> None:
    game = madj_game()
    board = AreaMap()
    board.data = adapter_for(MADJ, game.seats).map_data(game.view(None), [])
    for size in AREA_SIZES:
        board._draw(*board.canvas_size(*size))
        for area in board.data.areas:
            x, y = board._anchors[area.id]
            rows = 1 + (1 if area.lines else 0)
            for row in range(rows):
                line = "".join(c.char for c in board._grid[y + row])
                cells = {board._grid[y + row][x + i].area for i in range(3)}
                assert cells == {area.id}, (area.id, line)
                assert line[x] in "[^≈‹", (area.id, line)  # framed alike, line by line


@synchronously
async def test_at_80x24_the_map_pans_with_the_cursor_and_an_overview_says_where() -> None:
    for game, board_type in ((games.game_until(games.my_turn), MapGraph),
                             (madj_game(), AreaMap)):
        app = app_of(game)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("m")
            board = app.screen.query_one(board_type)
            assert "▕" in screen_text(app)  # the mini-overview
            origins = set()
            for _ in range(12):
                for key in ("right", "down", "left", "up"):
                    await pilot.press(key, key)
                    origins.add(board._origin)
            assert len(origins) > 1  # it panned


# ------------------------------------------------------------------ pictures at 80x24
async def steer(pilot, board_type, keys) -> None:  # noqa: ANN001
    """m, then ``keys`` on the board, each waited for."""
    app = pilot.app
    await settled(pilot, lambda: getattr(app.focused, "id", None) == "action-options",
                  "the game screen's first focus")
    await pilot.press("m")
    await settled(pilot, lambda: isinstance(app.focused, board_type), "the board focused")
    board = app.focused
    for key in keys(board) if callable(keys) else keys:
        await pilot.press(key)
    await pilot.pause()


def test_snapshot_maharaja_starting_shrine_on_v20(snap_compare) -> None:  # noqa: ANN001
    async def to_v20(pilot) -> None:  # noqa: ANN001
        await steer(pilot, MapGraph, lambda graph: arrow_keys(
            ArrowMoves(graph._spots_now()), graph.cursor, "v20"))

    assert snap_compare(app_of(games.game_until(start_shrines)), terminal_size=(80, 24),
                        run_before=to_v20)


def test_snapshot_raja_architect_s_move_previewed(snap_compare) -> None:  # noqa: ANN001
    assert snap_compare(app_of(raja_games.game_until(raja_games.my_turn)),
                        terminal_size=(80, 24),
                        run_before=lambda pilot: steer(pilot, MapGraph, ["tab", "tab"]))


def test_snapshot_maharani_tile_previewed(snap_compare) -> None:  # noqa: ANN001
    game = M.game_until(M.my_turn)
    slot = next(i for i in game.legal_intents(0) if isinstance(i, MI.Place)).slot
    assert snap_compare(app_of(game), terminal_size=(80, 24),
                        run_before=lambda pilot: steer(pilot, PalaceGrid, [str(slot), "tab"]))


def test_snapshot_maharadjah_army_s_move_previewed(snap_compare) -> None:  # noqa: ANN001
    assert snap_compare(app_of(madj_game()), terminal_size=(80, 24),
                        run_before=lambda pilot: steer(pilot, AreaMap, ["enter", "tab", "tab"]))


# ------------------------------------------------------------------ no silent key
def board_keys(board_type: type) -> list[str]:
    """Every key the board binds, each once (``r,space`` gives both)."""
    keys = [key for binding in board_type.BINDINGS for key in binding.key.split(",")]
    return list(dict.fromkeys(keys))


@pytest.mark.parametrize("case", ["map", "palace", "area"])
@synchronously
async def test_no_board_key_changes_nothing_and_says_nothing(case: str) -> None:
    """Each key the board binds, pressed in turn (Enter last: it may play), changes the
    picture or says something: an arrow at the edge, Tab with one target, r on a tile
    that fits one way, a slot with no tile."""
    if case == "map":
        game, board_type, first = games.game_until(my_move), MapGraph, []
    elif case == "palace":
        game, board_type = M.game_until(M.my_turn), PalaceGrid
        first = [str(next(i for i in game.legal_intents(0) if isinstance(i, MI.Place)).slot)]
    else:
        game, board_type, first = madj_game(), AreaMap, ["enter"]
    app = app_of(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("m", *first)
        await pilot.pause()
        keys = [k for k in board_keys(board_type) if k not in ("enter", "escape")]
        for key in [*keys, "escape", "enter"]:
            if key == "escape" and case == "map":
                continue  # the map binds none
            before = screen_text(app)
            await pilot.press(key)
            await pilot.pause()
            assert screen_text(app) != before, key
        if not isinstance(app.screen, GameScreen):
            return  # Enter opened a choice: the board's part is done
        await pilot.press("m", *first)
        for key in ("up", "left", "down", "right"):  # to the edge, and once beyond it
            board = app.screen.query_one(board_type)
            for _ in range(40):
                was = board.cursor
                await pilot.press(key)
                if board.cursor == was:
                    break
            await pilot.pause()
            assert "further" in screen_text(app), key
