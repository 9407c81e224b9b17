"""The questions the UI asks the engine instead of working the rules out itself:
tolls and who pays them, forfeits at the end of a turn, a city's points by source."""

from __future__ import annotations

import pytest

from engine.raja import components as C
from engine.raja import intents as it
from engine.raja.queries import (
    bank_pays_tolls,
    forfeits,
    house_cost,
    move_tolls,
    untaken_gold,
)
from engine.raja.scoring import city_points, city_sources
from engine.raja.state import BUILDER_SLOT

from .helpers import LETTER, game, select, slot_of
from .test_turn import GREEN, RED, _toll_game


def test_move_tolls_are_what_the_move_charges() -> None:
    """R-MOVE-4: one gold per house of another player; R-MOVE-6: the Monk's bank pays."""
    g = _toll_game()
    assert move_tolls(g.state, GREEN, ("R13",)) == ((0, 1), (1, 1))
    assert not bank_pays_tolls(g.state, GREEN)
    monk = _toll_game(cards=(1, 2, 4))
    assert move_tolls(monk.state, GREEN, ("R13",)) == ((0, 1), (1, 1))  # owners still paid
    assert bank_pays_tolls(monk.state, GREEN)
    with pytest.raises(ValueError, match="R99"):
        move_tolls(g.state, RED, ("R99",))


def test_forfeits_name_the_parts_an_early_end_gives_up() -> None:
    """R-TURN-4: a part left undone forfeits; untaken gold is paid, not forfeited."""
    g = game(4, cards=(1, 3, 4, 5))
    select(g, {0: ("PALACE_HOUSE", "GOLD")})
    turn = g.state.turn
    assert turn is not None
    before = forfeits(turn)
    assert before == (("PALACE_HOUSE", "palace"), ("PALACE_HOUSE", "house"))
    assert untaken_gold(turn) > 0
    g.play(0, it.BuildHouse(place="v30", slot=slot_of(g, "PALACE_HOUSE"), part=1))
    assert forfeits(turn) == (("PALACE_HOUSE", "palace"),)


def test_city_sources_add_up_to_the_points_scored() -> None:
    """R-SCORE-1: architect, houses, palaces and home city, per seat."""
    g = game(3)
    city = LETTER["A"]
    g.state.players[0].architect = city
    g.state.cities[city].houses[:] = [0, 0, 1]
    g.state.cities[city].central = 1
    sources = [city_sources(g.state, city, s) for s in range(3)]
    assert [s.total for s in sources] == [city_points(g.state, city)[s] for s in range(3)]
    assert sources[0].architect > 0 and sources[0].houses == 2 * sources[1].houses
    assert sources[1].palaces > 0 and sources[2] == (0, 0, 0, 0)


def test_the_builder_s_house_is_free_and_any_other_costs_its_price() -> None:
    """R-CHAR-5: the Builder builds free; R-ACT-2: an action's house costs HOUSE_COST
    (the action list prices its houses by this query)."""
    assert house_cost(BUILDER_SLOT) == 0
    assert house_cost(0) == house_cost(1) == C.HOUSE_COST == 1
