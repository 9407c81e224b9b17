"""The area map (Maharadjah) lays every area's box apart from the others at every canvas
size it draws, its smallest too (the one 80x24 pans over): at 72x23 the south's boxes
were crowded against the bottom and drawn over each other, Mysore's armies under
Kerala's box and the Indian Ocean's name."""

from __future__ import annotations

import dataclasses

import pytest

from engine import Game, get_ruleset
from engine.core.ruleset import Seat
from engine.maharadjah import Options
from maharaja_tui.games.maharadjah import MaharadjahAdapter
from maharaja_tui.widgets import area_map
from maharaja_tui.widgets.area_map import AreaMap


def data_of(short_game: bool) -> area_map.AreaMapData:
    game = Game(get_ruleset("maharadjah"), [Seat(n) for n in "ABC"],
                Options(short_game=short_game), 39)
    adapter = MaharadjahAdapter(tuple(game.seats))
    return adapter.map_data(game.state, game.legal_intents(game.to_move()[0]))


def crowded(board: AreaMap, width: int, height: int) -> set[tuple[str, str]]:
    """Pairs of areas whose boxes (with the clear cell each keeps around it) share a cell."""
    board._laid = None
    owner: dict[tuple[int, int], str] = {}
    out: set[tuple[str, str]] = set()
    for area in board.data.areas:
        x, y = board._lay_out(width, height)[area.id]
        lines = area_map._boxed(area)
        wide = max(sum(len(text) for text, _ in line) for line in lines) + 2
        for row in range(len(lines)):
            for dx in range(-1, wide + 1):
                other = owner.setdefault((x + dx, y + row), area.id)
                if other != area.id:
                    out.add((min(other, area.id), max(other, area.id)))
    return out


@pytest.mark.parametrize("short_game", [False, True])
def test_no_area_box_covers_another_at_any_canvas_size(short_game: bool) -> None:
    board = AreaMap()
    board.data = data_of(short_game)
    sizes = {board.canvas_size(w, h) for w in (1, 46, 60, 80, 118) for h in (1, 12, 24, 40)}
    assert (area_map.MIN_WIDTH, area_map.MIN_HEIGHT) in sizes
    for width, height in sorted(sizes):
        assert not crowded(board, width, height), (width, height)


def test_the_layout_is_kept_while_the_areas_stay_and_made_again_when_they_move() -> None:
    """A step changes what stands in the areas, not where they are: the layout of the
    boxes is kept across new data, and made again for areas at other places."""
    board = AreaMap()
    first = data_of(False)
    board.data = first
    laid = dict(board._lay_out(120, 40))
    # New data, the same places, other contents: the same boxes.
    emptied = tuple(dataclasses.replace(a, lines=()) for a in first.areas)
    board.data = dataclasses.replace(first, areas=emptied)
    assert board._lay_out(120, 40) == laid
    # The areas moved (mirrored left to right): boxes elsewhere, as a new map lays them.
    mirrored = tuple(dataclasses.replace(a, x=-a.x) for a in first.areas)
    board.data = dataclasses.replace(first, areas=mirrored)
    fresh = AreaMap()
    fresh.data = board.data
    assert board._lay_out(120, 40) == fresh._lay_out(120, 40) != laid
