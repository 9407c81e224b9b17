"""Final scoring (MJ-END) and the variant tiles (MJ-VAR), maharaja.md §12."""

from __future__ import annotations

from engine.maharaja import intents as it
from engine.maharaja.queries import has_ability, statue_cost
from engine.maharaja.scoring import city_cp, final_scores, winners
from tests.maharaja.helpers import at_turn, finish_round, holding, mover, refused


def blank(n: int = 3, **options):
    """A state with empty cities and priests on START (final scoring sees only the map)."""
    game = at_turn(n, **options)
    return game, game.state


def test_characters_do_not_count_at_final_scoring() -> None:
    """MJ-END-1: characters are returned; 8's +1 CP and 11's +1 PP do not apply."""
    game = holding(8)
    state = game.state
    state.phase = "over"
    assert not has_ability(state, 0, 8)
    state.phase = "actions"
    assert all(f.cities == 0 for f in final_scores(state))


def test_final_statues_coins_and_city_majorities() -> None:
    """MJ-END-2: 3 PP per statue, 1 PP per full 5 coins, 2 PP for the most CP in a
    city, 1 PP each when tied."""
    game, state = blank(3)
    state.cities["LAH"].slots[0] = 0  # seat 0: 3 CP alone
    state.cities["DEL"].shrines[:] = [2, 2, 1]  # 0 and 1 tie
    state.cities["VAR"].slots[4] = 2
    state.players[1].priest = "VAR"  # 2 v 1: seat 2
    state.players[0].coins, state.players[1].coins, state.players[2].coins = 14, 15, 4
    final = final_scores(state)
    assert [(f.statues, f.coins, f.cities) for f in final] == [(3, 2, 3), (0, 3, 1), (3, 0, 2)]
    assert [f.total for f in final] == [8, 4, 5]


def test_winner_most_pp_then_statues_then_coins_else_shared() -> None:
    """MJ-END-3: most PP; tie -> most statues built; tie -> most coins; else shared."""
    game, state = blank(3)
    zero = final_scores(state)
    for p in state.players:
        p.pp, p.coins, p.statues = 10, 3, 7
    assert winners(state, zero) == [0, 1, 2]
    state.players[1].coins = 4
    assert winners(state, zero) == [1]
    state.players[2].statues = 6
    assert winners(state, zero) == [2]
    state.players[0].pp = 11
    assert winners(state, zero) == [0]


def test_game_end_adds_final_points_and_names_winners() -> None:
    """MJ-END-2/3 through a whole (idle) game: the final PP are added to each total."""
    game = at_turn(2)
    for _ in range(7):
        finish_round(game)
    state = game.state
    assert game.is_over() and state.winners
    best = max(p.pp for p in state.players)
    assert all(state.players[w].pp == best for w in state.winners)
    assert game.view(1).players[0].pp == state.players[0].pp  # public once over


def test_special_rule_r1_first_ranked_gains_one_pp() -> None:
    """MJ-VAR-R1: the first-ranked player in city scoring also gains 1 PP."""
    game = holding(1, special_rules=("R1",))
    game.state.players[0].priest = game.state.maharaja
    while not game.state.pending:
        game.play(mover(game), it.EndTurn())
    assert game.state.players[0].pp == 4 and game.state.players[1].pp == 3


def test_special_rule_r2_outer_statues_score_one_cp_also_at_the_end() -> None:
    """MJ-VAR-R2: outer statues 1 CP, in city scoring and final majorities."""
    game, state = blank(2, special_rules=("R2",))
    state.cities["JAI"].slots[3] = 0
    state.cities["JAI"].slots[4] = 0
    state.cities["JAI"].shrines[1] = 3
    assert city_cp(state, "JAI", 0) == 2
    assert [f.cities for f in final_scores(state)] == [0, 2]


def test_special_rule_r3_statues_cost_twelve_everywhere() -> None:
    """MJ-VAR-R3: a statue costs 12 even where the Maharaja is not."""
    game, state = blank(3, special_rules=("R3",))
    assert statue_cost(state, 0, "LAH", 0) == statue_cost(state, 0, state.maharaja, 0) == 12


def test_special_rule_r4_change_only_from_display() -> None:
    """MJ-VAR-R4: Change character may only take from the display."""
    game = holding(1, plan=(8, 5), special_rules=("R4",))
    held = game.state.players[1].character
    refused(game, 0, it.ChangeCharacter(number=held, task=0), "MJ-VAR-R4")
    assert not any(isinstance(i, it.ChangeCharacter) and i.number == held
                   for i in game.legal_intents(0))
    game.play(0, it.ChangeCharacter(number=game.state.display[0], task=0))


def test_final_tile_f1_three_pp_per_majority_two_when_tied() -> None:
    """MJ-VAR-F1: 3 PP per city majority (2 tied), replacing MJ-END-2's award."""
    game, state = blank(2, final_scoring="F1")
    state.cities["LAH"].shrines[:] = [1, 0]
    state.cities["DEL"].shrines[:] = [1, 1]
    assert [f.cities for f in final_scores(state)] == [5, 2]


def test_final_tile_f2_one_pp_per_city_with_a_piece() -> None:
    """MJ-VAR-F2: +1 PP per city with at least 1 own statue or shrine."""
    game, state = blank(2, final_scoring="F2")
    state.cities["LAH"].shrines[0] = 1
    state.cities["DEL"].slots[5] = 0
    state.players[0].priest = "MAD"  # a priest is no piece
    final = final_scores(state)
    assert final[0].tile == 2 and final[1].tile == 0


def test_final_tile_f3_two_pp_per_road_with_both_villages() -> None:
    """MJ-VAR-F3: +2 PP per 2-village road with own shrines in both villages; a
    1-village road never counts."""
    game, state = blank(3, final_scoring="F3")
    state.villages["v01"] = [0]
    state.villages["v02"] = [1, 0]
    state.villages["v03"] = [0]
    state.villages["v15"] = [0]
    assert [f.tile for f in final_scores(state)] == [2, 0, 0]


def test_final_tile_f4_two_pp_per_city_with_two_statues() -> None:
    """MJ-VAR-F4: +2 PP per city holding at least 2 own statues."""
    game, state = blank(2, final_scoring="F4")
    state.cities["HYD"].slots[0] = state.cities["HYD"].slots[3] = 0
    state.cities["MAD"].slots[0] = 0
    assert [f.tile for f in final_scores(state)] == [2, 0]


def test_final_tile_f5_minus_one_per_shrine_in_supply() -> None:
    """MJ-VAR-F5: −1 PP per own shrine still in the supply."""
    game, state = blank(2, final_scoring="F5")
    state.players[1].supply = 4
    assert [f.tile for f in final_scores(state)] == [-12, -4]


def test_the_outcome_is_the_pp_after_final_scoring_counted_once() -> None:
    """MJ-END-2: the final figures are each player's PP after final scoring, which the
    game's end has already added in; the winners have the most of them. The outcome used
    to add the final scoring a second time (a winner could show fewer PP than a loser)."""
    from random import Random

    from engine import Game
    from engine.core.autoplay import play_randomly
    from engine.core.ruleset import Seat
    from engine.maharaja import RULESET
    from engine.maharaja.scoring import outcome

    for seed in range(6):
        game = play_randomly(Game(RULESET, [Seat("A"), Seat("B"), Seat("C")], None, seed),
                             Random(seed))
        assert game.is_over()
        figures = outcome(game.state)
        assert figures["final_pp"] == [p.pp for p in game.state.players]
        best = max(figures["final_pp"])
        assert all(figures["final_pp"][w] == best for w in figures["winners"])
