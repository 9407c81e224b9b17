"""The map reads at a glance: `k` toggles a key that says what the
glyphs mean, cities have their full names where there is room, roads are quieter than
the pieces, every piece shows its owner's letter in its owner's colour, the viewer's
own pieces stand out and the Maharaja's next city is marked."""

from __future__ import annotations

from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.contrast import contrast
from maharaja_tui.games import adapter_for
from maharaja_tui.widgets.map_graph import MapGraph
from tests.tui import games, raja_games
from tests.tui.helpers import screen_text, synchronously


def map_rows(app) -> list[str]:  # noqa: ANN001
    graph = app.screen.query_one(MapGraph)
    return ["".join(c.char for c in row) for row in graph._grid]


@synchronously
async def test_k_shows_the_key_of_the_map_and_hides_it() -> None:
    app = MaharajaApp(Start("game", game=games.game_until(games.my_turn)), computer_delay=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "bottom bonus" not in screen_text(app)
        await pilot.press("m", "k")
        await pilot.pause()
        text = screen_text(app)
        assert "o centre  ^ top bonus  v bottom bonus" in text
        assert "♔ where he goes next" in text and "k Key" in text  # the footer says the key
        await pilot.press("k")
        await pilot.pause()
        assert "bottom bonus" not in screen_text(app)


@synchronously
async def test_full_city_names_where_there_is_room() -> None:
    for size, full in (((120, 40), True), ((80, 24), False)):
        app = MaharajaApp(Start("game", game=games.game_until(games.my_turn)),
                          computer_delay=3600)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            rows = "\n".join(map_rows(app))
            assert ("Hyderabad" in rows and "Varanasi" in rows) is full, size
            assert ("HYD" in rows) is not full


def test_pieces_show_owner_letter_and_colour_and_mine_stand_out() -> None:
    for game in (games.game_until(games.my_turn), raja_games.game_until(raja_games.my_turn)):
        adapter = adapter_for(game.ruleset, game.seats)
        view = game.view(0)
        picture = adapter.map_picture(view, 0)
        held = [(v, s) for v, seats in view.villages.items() for s in seats]
        assert held
        for village, seat in held:
            cells = [(t, r) for t, r in picture.villages[village] if r.startswith("seat:")]
            assert (adapter.letter(view, seat), f"seat:{seat}" + ("+mine" if seat == 0 else "")) \
                in cells
        statues = [(t, r) for lines in picture.junctions.values() for line in lines[1:]
                   for t, r in line if r.startswith("seat:")]
        assert all(t == adapter.letter(view, int(r[5:].split("+")[0])) for t, r in statues)


def test_the_maharaja_s_next_city_is_marked_on_the_map() -> None:
    game = games.game_until(games.my_turn)
    adapter = adapter_for(game.ruleset, game.seats)
    view = game.view(0)
    coming = next(f for f in view.flags if f is not None)
    picture = adapter.map_picture(view, 0)
    assert ("♔", "maharaja") in picture.junctions[coming][0]
    assert sum(("♔", "maharaja") in lines[0] for lines in picture.junctions.values()) == 1


@synchronously
async def test_roads_are_quieter_than_the_pieces_and_mine_are_reversed() -> None:
    app = MaharajaApp(Start("game", game=games.game_until(games.my_turn)), computer_delay=3600)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        graph = app.screen.query_one(MapGraph)
        roads, pieces, mine = [], [], []
        back = graph.background_colors[1]
        for row in graph._rows:
            for f in graph.get_line_filters():  # as drawn: after the contrast floor
                row = row.apply_filter(f, back)
            for seg in row:
                style = seg.style
                if style is None or style.color is None or style.bgcolor is None:
                    continue
                pair = contrast(tuple(style.color.get_truecolor()),
                                tuple(style.bgcolor.get_truecolor()))
                if seg.text.strip("─│╱╲ ") == "" and seg.text.strip():
                    roads.append(pair)
                elif seg.text in "RYG" and seg.text.strip() and \
                        style.bgcolor.get_truecolor() == back.rich_color.get_truecolor():
                    (mine if style.reverse and seg.text == "R" else pieces).append(pair)
        assert roads and pieces and mine
        assert max(roads) < min(pieces)


def test_the_key_shows_your_pieces_in_your_own_letter() -> None:
    game = games.game_until(games.my_turn)
    adapter = adapter_for(game.ruleset, game.seats)
    view = game.view(None)
    lines = {seat: ["".join(t for t, _ in line) for line in adapter.key_for(view, seat)]
             for seat in (None, 1)}
    assert f"{adapter.letter(view, 1)} your pieces, reversed" in lines[1]
    assert not any("your pieces" in line for line in lines[None])
    assert ((adapter.letter(view, 1), "seat:1+mine") in
            [seg for line in adapter.key_for(view, 1) for seg in line])
