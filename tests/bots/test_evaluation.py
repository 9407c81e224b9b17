"""The evaluator's one-pass CP counts agree with the rules' own scoring functions."""

from __future__ import annotations

from random import Random

import pytest

from engine.bots import maharaja_eval as E
from engine.core.autoplay import random_intent
from engine.maharaja import Options
from engine.maharaja.scoring import base_cp, city_cp, city_ranking, final_scores

from .conftest import new_game


@pytest.mark.parametrize(
    "options", [Options(), Options(special_rules=("R2",), final_scoring="F1")]
)
@pytest.mark.parametrize("players", [2, 4])
def test_city_table_matches_scoring(players: int, options: Options) -> None:
    game = new_game(players, seed=players, options=options)
    rng = Random(players)
    checked = 0
    while game.to_move():
        state = game.state
        if state.phase in ("planning", "actions", "scoring"):
            powers = [E.abilities(state, s) for s in range(state.seats)]
            table = E.city_table(state, powers)
            for city, cp in table.items():
                assert cp.final == [base_cp(state, city, s) for s in range(state.seats)]
                assert cp.scoring == [city_cp(state, city, s) for s in range(state.seats)]
                assert E.ranking(state, cp.scoring) == city_ranking(state, city)[1]
            majority = E.majority_pp(state, table)
            assert majority == [f.cities for f in final_scores(state)]
            checked += 1
        game.play(*random_intent(game, rng))
    assert checked > 20


def test_value_is_zero_sum_between_two_seats() -> None:
    game = new_game(2, seed=3)
    rng = Random(3)
    for _ in range(80):
        game.play(*random_intent(game, rng))
    state = game.state
    assert E.value(state, 0) == pytest.approx(-E.value(state, 1))


def test_a_finished_game_is_worth_its_final_pp_once() -> None:
    """MJ-END-2/3: the final scoring's points are already in each player's PP when the
    game is over (the rules fold them in); the hard search ends its last round's rollouts
    there, so counting them again made statues, coins and majorities worth double."""
    game = new_game(2, seed=5)
    rng = Random(5)
    while game.to_move():
        game.play(*random_intent(game, rng))
    state = game.state
    assert state.phase == "over" and any(f.total for f in state.final)
    pp = [float(p.pp) for p in state.players]
    assert E.estimates(state) == pp
    assert E.value(state, 0) == pp[0] - pp[1]
