"""Name what the log names: the map names the place under its cursor,
`n` shows the village ids the log uses, and menu entries say what they do."""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from engine.maharaja import intents as it
from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.games import adapter_for
from maharaja_tui.widgets.map_graph import MapGraph
from tests.tui import games
from tests.tui.helpers import map_places, screen_text, synchronously


@synchronously
async def test_the_map_names_the_place_at_its_cursor_and_n_shows_village_ids() -> None:
    game = games.game_until(games.my_turn)
    app = MaharajaApp(Start("game", game=game), computer_delay=3600)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "v24" not in screen_text(app)
        await pilot.press("m")
        await pilot.pause()
        graph = app.screen.query_one(MapGraph)
        assert graph.has_focus and graph.cursor is not None
        assert f"▸ {graph.names[graph.cursor]}" in screen_text(app)
        await pilot.press("n")
        await pilot.pause()
        text = screen_text(app)
        assert "v24" in text and "v01" in text  # every village, as the log names it
        await pilot.press("n")
        await pilot.pause()
        assert "v01" not in screen_text(app).replace(f"{graph.names[graph.cursor]}", "")


def test_place_names_match_the_log() -> None:
    game = games.game_until(games.my_turn)
    adapter = adapter_for(game.ruleset, game.seats)
    names = adapter.place_names()
    assert names["v24"].startswith("village v24") and names["JAI"] == "Jaipur (JAI)"


def can_move_and_build(game) -> bool:  # noqa: ANN001
    if 0 not in game.to_move():
        return False
    kinds = {type(i) for i in game.legal_intents(0)}
    return {it.MovePriest, it.BuildShrine, it.BuildStatue} <= kinds


def test_menu_entries_say_what_they_do() -> None:
    game = games.game_until(can_move_and_build)
    adapter = adapter_for(game.ruleset, game.seats)
    view, legal = game.view(0), game.legal_intents(0)

    def said(kind: type) -> list[str]:
        return ["".join(t for t, _ in adapter.label(view, 0, i)) for i in legal
                if isinstance(i, kind)]

    moves, shrines = said(it.MovePriest), said(it.BuildShrine)
    assert moves and all(m.startswith("Move to ") for m in moves)
    assert any(" — pays " in m or m.endswith(" — free") for m in moves)
    assert shrines and all(s.startswith("Shrine in ") for s in shrines)
    assert all(s.startswith("Statue in ") for s in said(it.BuildStatue))


@synchronously
async def test_a_junction_the_picture_leaves_out_is_drawn_by_its_name() -> None:
    # The map's stand-in for a junction without lines was one line's segments, not a
    # tuple of lines: laying out the map unpacked the id's letters and crashed.
    game = games.game_until(games.my_turn)
    app = MaharajaApp(Start("game", game=game), computer_delay=3600)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        graph = app.screen.query_one(MapGraph)
        junctions = dict(graph.picture.junctions)
        del junctions["JAI"]
        graph.picture = replace(graph.picture, junctions=junctions)
        await pilot.pause()
        rows = ["".join(cell.char for cell in row) for row in graph._grid]
        assert any(row.startswith(" Jaipur─") for row in rows), rows  # a cell for the mark


@synchronously
async def test_the_mouse_over_a_place_hears_what_a_click_there_does() -> None:
    """The status under the map names the place under the mouse; what it says a click
    does is that place's too, not the cursor's (it read "Shrine in Delhi" over village
    v03, where a click built in v03)."""
    game = games.game_until(games.my_turn)
    app = MaharajaApp(Start("game", game=game), computer_delay=3600)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        graph = app.screen.query_one(MapGraph)
        screen: Any = app.screen
        said = {place: "".join(t for t, _ in screen.place_status(place))
                for place in graph.names}
        cursor = graph.cursor
        assert cursor is not None
        # a place whose status reads otherwise than the cursor's
        x, y, place = next(s for s in map_places(graph) if said[s[2]][:30] != said[cursor][:30])
        await pilot.hover(graph, offset=(x, y))
        await pilot.pause()
        assert graph.hover == place
        text = screen_text(app)
        assert f"▸ {graph.names[place]}" in text
        assert said[place][:30] in text and said[cursor][:30] not in text, text
