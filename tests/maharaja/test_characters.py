"""Characters (maharaja.md §10): the 16 abilities, changing character, 1× limits."""

from __future__ import annotations

from engine.maharaja import intents as it
from engine.maharaja.scoring import city_cp, city_ranking, final_scores
from engine.maharaja.state import Maharani
from tests.maharaja.helpers import at_turn, holding, mover, put, refused


def use(game, n: int, place: str = "", *, pp_bought: int = 0, pp_sold: int = 0):
    return game.play(0, it.UseAbility(character=n, place=place, pp_bought=pp_bought,
                                      pp_sold=pp_sold))


def test_character_01_has_no_effect() -> None:
    """§10 character 1: no ability to use."""
    game = holding(1)
    assert not [i for i in game.legal_intents(0) if isinstance(i, it.UseAbility)]
    refused(game, 0, it.UseAbility(character=1), "MJ-CHAR-3")


def test_character_02_moves_a_shrine_from_supply_once() -> None:
    """§10 character 2 (1×): 1 shrine supply -> board; MJ-CHAR-3 once per turn."""
    game = holding(2)
    p = game.state.players[0]
    use(game, 2)
    assert (p.shrines, p.supply) == (9, 11)
    refused(game, 0, it.UseAbility(character=2), "MJ-CHAR-3")
    refused(game, 0, it.UseAbility(character=6), "MJ-CHAR-2")  # not held


def test_character_03_trades_coins_and_pp_up_to_three_times() -> None:
    """§10 character 3 (1×): 2 coins -> 1 PP or 1 PP -> 2 coins, up to 3 trades."""
    game = holding(3)
    p = game.state.players[0]
    refused(game, 0, it.UseAbility(character=3, pp_bought=4), "MJ-CHAR-3")
    refused(game, 0, it.UseAbility(character=3, pp_bought=1, pp_sold=1), "MJ-CHAR-3")
    refused(game, 0, it.UseAbility(character=3), "MJ-CHAR-3")
    use(game, 3, pp_bought=3)
    assert (p.coins, p.pp) == (9, 6)
    game2 = holding(3)
    q = game2.state.players[0]
    q.pp = 2
    refused(game2, 0, it.UseAbility(character=3, pp_sold=3), "MJ-CHAR-3")
    q.pp = 3
    use(game2, 3, pp_sold=3)
    assert (q.coins, q.pp) == (21, 0)


def test_character_04_pays_one_pp_for_a_token() -> None:
    """§10 character 4 (1×): pay 1 PP, take an action token (none: MJ-COMP-5)."""
    game = holding(4)
    p = game.state.players[0]
    use(game, 4)
    assert (p.pp, p.tokens, game.state.tokens) == (2, 1, 6)
    game2 = holding(4)
    game2.state.tokens = 0
    refused(game2, 0, it.UseAbility(character=4), "MJ-COMP-5")


def test_character_05_priest_scores_two_cp() -> None:
    """§10 character 5 (!): the priest scores 2 CP in city scoring."""
    game = holding(5)
    state = game.state
    state.players[0].priest = "DEL"
    assert city_cp(state, "DEL", 0) == 2 and city_cp(state, "LAH", 0) == 0


def test_character_06_takes_one_pp() -> None:
    """§10 character 6 (1×): take 1 PP."""
    game = holding(6)
    use(game, 6)
    assert game.state.players[0].pp == 4


def test_character_07_one_cp_per_two_shrines() -> None:
    """§10 character 7 (!): +1 CP for each 2 own shrines in the scored city."""
    game = holding(7)
    game.state.cities["JAI"].shrines[0] = 5
    assert city_cp(game.state, "JAI", 0) == 5 + 2


def test_character_08_always_ranks() -> None:
    """§10 character 8 (!): +1 CP even with no piece in the city."""
    game = holding(8)
    cps, order = city_ranking(game.state, "BIJ")
    assert cps[0] == 1 and order == [0]


def test_character_09_pays_no_tolls() -> None:
    """§10 character 9 (∞): no tolls; nobody is paid."""
    game = holding(9)
    put(game, "v24", 1)
    game.play(0, it.MovePriest(route=("R13",)))
    assert [p.coins for p in game.state.players] == [15, 15, 15]


def test_character_10_moves_a_flag() -> None:
    """§10 character 10 (1×): the move-a-flag action (MJ-FLAG-1)."""
    game = holding(10)
    flags = game.state.flags
    city = flags[5]
    use(game, 10, city)
    assert flags[2] == city
    refused(game, 0, it.UseAbility(character=10, place=flags[8]), "MJ-CHAR-3")


def test_character_11_gains_one_more_pp_but_not_at_final_scoring() -> None:
    """§10 character 11 (∞): +1 PP on every PP gain, not at final scoring (MJ-END-1)."""
    game = holding(11, plan=(7, 5))
    game.play(0, it.DoAction(task=0))
    assert game.state.players[0].pp == 3 + 3
    state = game.state
    state.cities["LAH"].slots[0] = 0
    state.players[0].statues -= 1
    assert final_scores(state)[0].statues == 3


def test_character_12_builds_in_any_city_without_priest() -> None:
    """§10 character 12 (∞): statues and shrines in any city, priest elsewhere."""
    game = holding(12, plan=(3, 5))
    assert game.state.players[0].priest == "START"
    game.play(0, it.BuildStatue(city="HYD", slot=5, task=0))
    game.play(0, it.BuildShrine(place="VAR", task=0))
    assert game.state.cities["HYD"].slots[5] == 0 and game.state.cities["VAR"].shrines[0] == 1


def test_character_13_builds_a_supply_shrine_anywhere_for_one_coin() -> None:
    """§10 character 13 (1×): a shrine from the supply, 1 coin, any city, no priest."""
    game = holding(13)
    p = game.state.players[0]
    use(game, 13, "MAD")
    assert (p.coins, p.shrines, p.supply) == (14, 8, 11)
    assert game.state.cities["MAD"].shrines[0] == 1


def test_character_14_takes_a_token() -> None:
    """§10 character 14 (1×): take 1 action token (none left: MJ-COMP-5)."""
    game = holding(14)
    use(game, 14)
    assert game.state.players[0].tokens == 1 and game.state.tokens == 6
    game2 = holding(14)
    game2.state.tokens = 0
    refused(game2, 0, it.UseAbility(character=14), "MJ-COMP-5")


def test_character_15_statues_cost_three_less() -> None:
    """§10 character 15 (∞): statues cost 3 less (7 away from the Maharaja)."""
    game = holding(15, plan=(3, 5))
    game.state.players[0].priest = "LAH"
    game.state.maharaja = "DEL"
    game.play(0, it.BuildStatue(city="LAH", slot=6, task=0))
    assert game.state.players[0].coins == 8


def test_character_16_rewards_twice_is_tested_with_rewards() -> None:
    """§10 character 16 (∞): reward tiles apply twice — see MJ-REW-9 in test_rewards."""
    from engine.maharaja.queries import has_ability

    assert has_ability(holding(16).state, 0, 16)


def test_play_order_follows_character_numbers() -> None:
    """MJ-CHAR-1: the lowest character plays first."""
    game = at_turn(3, chars=(12, 4, 7))
    assert mover(game) == 1


def test_change_character_from_display_returns_old_tile() -> None:
    """MJ-ACT-8 / MJ-CHAR-2: put your tile back, take one from the display; old ability
    before, new ability after."""
    game = holding(6, plan=(8, 5))
    game.state.display = [14, 16, 2]
    use(game, 6)
    game.play(0, it.ChangeCharacter(number=14, task=0))
    assert game.state.players[0].character == 14
    assert sorted(game.state.display) == [2, 6, 16]
    use(game, 14)
    assert game.state.players[0].pp == 4 and game.state.players[0].tokens == 1
    refused(game, 0, it.UseAbility(character=6), "MJ-CHAR-2")


def test_change_character_taking_another_players_tile() -> None:
    """MJ-CHAR-2: the robbed player takes one from the display at once (the returned
    one allowed); not a tile in nobody's hands; not your own."""
    game = holding(1, plan=(8, 8))
    game.state.players[2].character = 9
    refused(game, 0, it.ChangeCharacter(number=1, task=0), "MJ-CHAR-2")
    refused(game, 0, it.ChangeCharacter(number=13, task=0), "MJ-CHAR-2")
    game.play(0, it.ChangeCharacter(number=9, task=0))
    assert game.state.players[2].character == 0 and game.to_move() == (2,)
    refused(game, 2, it.ChooseCharacter(number=9), "MJ-CHAR-2")
    game.play(2, it.ChooseCharacter(number=1))
    assert game.state.players[2].character == 1 and 1 not in game.state.display
    assert game.to_move() == (0,)


def test_one_times_ability_once_per_turn_per_tile_and_maharani() -> None:
    """MJ-CHAR-3: a 1× ability once per turn per tile; through a Maharani token the
    token goes when used (MJ-REW-8)."""
    game = holding(6)
    game.state.maharanis = [Maharani(0, 14, expires=2)]
    use(game, 6)
    refused(game, 0, it.UseAbility(character=6), "MJ-CHAR-3")
    use(game, 14)
    assert game.state.maharanis == [] and game.state.players[0].tokens == 1
