"""Seats are generic: every seat of every game resolves to a real colour and a letter.

The game declares its palette (GameSpec.palette); the painter draws ``seat:N`` from
it, so no seat is left without a colour (Raja's fifth seat, purple, had none when
the colours were a fixed list of four) and no two seats share a letter (NO_COLOR).
"""

from __future__ import annotations

import random

import pytest
from rich.style import Style
from textual.app import App, ComposeResult

from engine import Game
from engine.core.autoplay import random_intent
from engine.core.ruleset import Seat
from engine.registry import specs
from maharaja_tui.games import adapter_for, playable
from maharaja_tui.paths import STYLES
from maharaja_tui.screens.new_game import default_setup
from maharaja_tui.widgets.move_log import MoveLog
from maharaja_tui.widgets.segments import ROLES, Painter, Palette, SeatStyle, is_colour
from tests.tui.helpers import synchronously

GAMES = sorted(playable())


def tables(game_id: str) -> list[Game]:
    """A game of each seat count the game takes, a few steps in."""
    low, high, _ = specs()[game_id].seats
    out = []
    for players in range(low, high + 1):
        setup = default_setup(players, seed=players, humans=0, game=game_id)
        game = Game(specs()[game_id].load_ruleset(), list(setup.seats), setup.options, 7)
        rng = random.Random(players)
        for _ in range(10):
            if game.is_over() or not game.to_move():
                break
            game.play(*random_intent(game, rng))
        out.append(game)
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_every_seat_of_every_game_has_a_colour_and_its_own_letter(game_id: str) -> None:
    for game in tables(game_id):
        adapter = adapter_for(game.ruleset, game.seats)
        view = game.view(None)
        palette = adapter.palette(view)
        assert len(palette.seats) >= len(game.seats)
        for seat, style in enumerate(palette.seats):
            assert is_colour(style.colour), (game_id, seat, style)
            assert style.letter and adapter.letter(view, seat) == style.letter
        letters = [s.letter for s in palette.seats]
        assert len(set(letters)) == len(letters), letters


def test_the_fifth_raja_seat_is_purple() -> None:
    game = tables("raja-2004")[-1]
    assert len(game.seats) == 5
    palette = adapter_for(game.ruleset, game.seats).palette(game.view(None))
    assert palette.seats[4] == SeatStyle("purple", "P", palette.seats[4].colour)


@synchronously
async def test_the_painter_draws_each_seat_and_side_in_its_colour() -> None:
    palette = Palette((SeatStyle("red", "R", "#ff5f5f"), SeatStyle("purple", "P", "#c77dff")),
                      sides=(SeatStyle("Bengal", "b", "#123456"),))

    class One(App[None]):
        def compose(self) -> ComposeResult:
            yield MoveLog(palette)

    async with One().run_test() as pilot:
        painter = Painter(pilot.app.query_one(MoveLog), palette)
        assert painter.style("seat:1").color.name == "#c77dff"
        assert painter.style("seat:1").bold
        assert painter.style("side:0").color.name == "#123456"
        assert painter.style("seat:7").color is None  # past the palette: plain, no crash


def test_a_spec_palette_holds_colours_the_terminal_can_draw() -> None:
    for spec in specs().values():
        for colour in (*spec.palette, *spec.sides):
            assert is_colour(colour.colour), (spec.id, colour)
        assert len({c.letter for c in spec.palette}) == len(spec.palette)
        assert len(spec.palette) >= spec.seats[1]  # a colour for every seat it takes


def test_seats_made_by_hand_resolve_too() -> None:
    game = Game(specs()["maharaja-2020"].load_ruleset(), [Seat("A"), Seat("B")],
                default_setup(2, humans=2).options, 1)
    palette = adapter_for(game.ruleset, game.seats).palette(game.view(0))
    assert [s.letter for s in palette.seats] == ["R", "Y"]


def test_maharadjah_s_seventeen_nations_are_sides_under_five_players() -> None:
    spec = specs()["maharadjah"]
    assert spec.seats[1] == 5 and len(spec.palette) == 5
    assert len(spec.sides) == 17
    assert len({side.letter for side in spec.sides}) == 17  # told apart without colour
    palette = Palette(tuple(SeatStyle(*c) for c in spec.palette),
                      tuple(SeatStyle(*c) for c in spec.sides))
    assert all(palette.style("side", k).color is not None for k in range(17))


def test_roles_are_the_ui_s_words_and_each_game_maps_its_own_onto_them() -> None:
    """The UI's role vocabulary names no game's things; each game maps
    its description words ("city", "pp") onto it, and every role it maps has a style."""
    words = {word for spec in specs().values() for word in spec.roles}
    assert words and not words & set(ROLES)
    for spec in specs().values():
        assert set(spec.roles.values()) <= set(ROLES), spec.id
    css = (STYLES / "app.tcss").read_text()
    assert all(f".role--{role} " in css for role in ROLES)


@synchronously
async def test_a_game_word_draws_in_the_style_of_the_ui_role_it_maps_to() -> None:
    spec = specs()["maharaja-2020"]
    palette = Palette(roles=spec.roles)

    class One(App[None]):
        CSS_PATH = str(STYLES / "app.tcss")

        def compose(self) -> ComposeResult:
            yield MoveLog(palette)

    async with One().run_test() as pilot:
        log = pilot.app.query_one(MoveLog)
        mapped, plain = Painter(log, palette), Painter(log)
        assert mapped.style("pp") == mapped.style("score") != Style()
        assert mapped.style("city") == mapped.style("place") != Style()
        assert plain.style("city") == Style()  # unmapped, a game word styles nothing
