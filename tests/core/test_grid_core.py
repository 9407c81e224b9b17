"""The core plays a game that is no road network: Three in a Row, registered by its spec."""

from __future__ import annotations

import pytest

from engine import Game, IllegalIntent, get_ruleset, rulesets
from engine.bots import choose_intent
from engine.core import record
from engine.core.ruleset import Seat
from engine.registry import spec_of
from tests.core.grid.rules import DRAW, Place

SEATS = [Seat("Ann"), Seat("Bo")]


def test_the_registry_finds_the_grid_game_by_its_entry_point(grid_game: str) -> None:
    assert grid_game in rulesets()
    assert spec_of(grid_game).title == "Three in a Row (test)"
    assert get_ruleset(grid_game).id == grid_game


def test_a_row_wins_and_the_record_replays(grid_game: str, tmp_path) -> None:  # noqa: ANN001
    game = Game(get_ruleset(grid_game), SEATS, get_ruleset(grid_game).Options(), 1)
    game.play(0, Place(cell="a1"))
    with pytest.raises(IllegalIntent, match="GR-1"):
        game.play(1, Place(cell="a1"))  # taken
    for seat, cell in ((1, "a2"), (0, "b1"), (1, "b2"), (0, "c1")):
        game.play(seat, Place(cell=cell))
    assert game.is_over() and game.state.winner == 0  # GR-2
    path = tmp_path / "grid.json"
    record.save(game, path)
    again = record.load(path, rulesets())
    assert again.state.cells == game.state.cells


def test_bots_finish_a_game_without_an_evaluator(grid_game: str) -> None:
    import random

    ruleset = get_ruleset(grid_game)
    game = Game(ruleset, SEATS, ruleset.Options(), 2)
    rng = random.Random(2)
    while not game.is_over():
        seat = game.to_move()[0]
        game.play(seat, choose_intent(ruleset, game.view(seat), seat,
                                      game.legal_intents(seat), "medium", rng))
    assert game.state.winner in (0, 1, DRAW)  # GR-2, GR-3


def test_the_template_game_keeps_the_core_s_conventions(grid_game: str) -> None:
    """The grid game is the template a new game copies (ARCHITECTURE.md, "Adding a
    game"): it meets what every registered game must (tests/test_conventions.py)."""
    from engine.core import structs
    from tests import test_conventions as conventions

    conventions.test_game_packages_export_the_same_names(grid_game)
    for kind, base in (("Intent", structs.Intent), ("Event", structs.Event)):
        conventions.test_intents_and_events_use_the_core_bases(grid_game, kind, base)
