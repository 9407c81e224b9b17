"""The nine actions of the disc (maharaja.md §5) and building (§6)."""

from __future__ import annotations

from engine.maharaja import intents as it
from engine.maharaja.queries import statue_cost
from tests.maharaja.helpers import at_turn, put, refused


def turn(plan: tuple[int, int], n: int = 3, city: str = "LAH", **kw):
    """Seat 0 (character 1) to play ``plan`` with its priest in ``city``, the
    Maharaja in another city."""
    game = at_turn(n, plans={0: plan}, **kw)
    game.state.players[0].priest = city
    game.state.maharaja = "MAD" if city != "MAD" else "DEL"
    return game


def test_statue_at_a_discount_costs_one_less() -> None:
    """MJ-ACT-1: statue for 9 instead of 10; one statue only."""
    game = turn((1, 5))
    game.play(0, it.BuildStatue(city="LAH", slot=4, task=0))
    p = game.state.players[0]
    assert (p.coins, p.statues, game.state.cities["LAH"].slots[4]) == (6, 6, 0)
    refused(game, 0, it.BuildStatue(city="LAH", slot=5, task=0), "MJ-ACT-10")


def test_shrine_at_a_discount_is_free() -> None:
    """MJ-ACT-2: a shrine for 1 − 1 = 0 coins; one shrine only."""
    game = turn((2, 5))
    game.play(0, it.BuildShrine(place="v07", task=0))
    assert game.state.players[0].coins == 15 and game.state.villages["v07"] == [0]
    assert game.state.players[0].shrines == 7
    refused(game, 0, it.BuildShrine(place="v08", task=0), "MJ-ACT-10")


def test_statue_and_shrine_in_either_order() -> None:
    """MJ-ACT-3: 1 statue (10) and 1 shrine (1), shrine first here."""
    game = turn((3, 5))
    game.play(0, it.BuildShrine(place="LAH", task=0))
    game.play(0, it.BuildStatue(city="LAH", slot=3, task=0))
    p = game.state.players[0]
    assert p.coins == 4 and game.state.cities["LAH"].shrines[0] == 1
    refused(game, 0, it.BuildShrine(place="v01", task=0), "MJ-ACT-10")
    refused(game, 0, it.BuildStatue(city="LAH", slot=4, task=0), "MJ-ACT-10")


def test_two_shrines_at_least_one_in_a_city() -> None:
    """MJ-ACT-4: after a village shrine, the second must go in a city."""
    game = turn((4, 4))
    game.play(0, it.BuildShrine(place="v03", task=0))
    refused(game, 0, it.BuildShrine(place="v04", task=0), "MJ-ACT-4")
    game.play(0, it.BuildShrine(place="LAH", task=0))
    assert game.state.players[0].coins == 13
    # city first, then a village is fine
    game.play(0, it.BuildShrine(place="LAH", task=1))
    game.play(0, it.BuildShrine(place="v05", task=1))
    assert game.state.cities["LAH"].shrines[0] == 2 and game.state.villages["v05"] == [0]


def test_take_three_coins_once() -> None:
    """MJ-ACT-5: 3 coins from the supply, once per planned arrow."""
    game = turn((5, 6))
    game.play(0, it.DoAction(task=0))
    assert game.state.players[0].coins == 18
    refused(game, 0, it.DoAction(task=0), "MJ-ACT-10")


def test_take_two_shrines_from_supply() -> None:
    """MJ-ACT-6: 2 shrines supply -> board, as many as are left; none left refuses."""
    game = turn((6, 6))
    p = game.state.players[0]
    p.supply = 1
    game.play(0, it.DoAction(task=0))
    assert (p.shrines, p.supply) == (9, 0)
    refused(game, 0, it.DoAction(task=1), "MJ-ACT-6")


def test_buy_prestige_three_coins_for_two_pp() -> None:
    """MJ-ACT-7 and MJ-ACT-11: pay 3, take 2 PP; not without the coins."""
    game = turn((7, 7))
    p = game.state.players[0]
    game.play(0, it.DoAction(task=0))
    assert (p.coins, p.pp) == (12, 5)
    p.coins = 2
    refused(game, 0, it.DoAction(task=1), "MJ-ACT-11")


def test_parts_of_actions_at_different_moments_and_lost_at_turn_end() -> None:
    """MJ-ACT-10: build the statue, move, build the shrine; leftovers are lost."""
    game = turn((3, 2), city="JAI")
    put(game, "v15", 1)
    game.play(0, it.BuildStatue(city="JAI", slot=3, task=0))
    game.play(0, it.MovePriest(route=("R08",)))
    assert game.state.players[0].priest == "DEL"
    game.play(0, it.BuildShrine(place="DEL", task=0))
    assert game.state.cities["DEL"].shrines[0] == 1
    refused(game, 0, it.BuildShrine(place="v01", task=7), "MJ-ACT-10")
    refused(game, 0, it.DoAction(task=1), "MJ-ACT-10")
    game.play(0, it.EndTurn())  # the discounted shrine (task 1) is lost
    assert game.state.turn.seat == 1 and [t.action for t in game.state.turn.tasks] == [5, 5]


def test_actions_needing_payment_need_the_coins() -> None:
    """MJ-ACT-11: a statue or shrine that cannot be paid for is refused."""
    game = turn((3, 5))
    game.state.players[0].coins = 9
    refused(game, 0, it.BuildStatue(city="LAH", slot=3, task=0), "MJ-ACT-11")
    game.state.players[0].coins = 0
    refused(game, 0, it.BuildShrine(place="v09", task=0), "MJ-ACT-11")


# ------------------------------------------------------------------ building
def test_statues_only_in_cities_on_free_slots_from_the_board() -> None:
    """MJ-STAT-1: cities only, free slot only, statue from the board."""
    game = turn((3, 1))
    refused(game, 0, it.BuildStatue(city="v01", slot=3, task=0), "MJ-STAT-1")
    refused(game, 0, it.BuildStatue(city="LAH", slot=7, task=0), "MJ-STAT-1")
    game.state.cities["LAH"].slots[3] = 2
    refused(game, 0, it.BuildStatue(city="LAH", slot=3, task=0), "MJ-STAT-1")
    game.state.players[0].statues = 0
    refused(game, 0, it.BuildStatue(city="LAH", slot=4, task=0), "MJ-STAT-1")


def test_statue_cost_twelve_where_the_maharaja_is_ten_elsewhere() -> None:
    """MJ-STAT-2: 12 in the Maharaja's city, 10 elsewhere, discounts add, never < 0."""
    game = turn((3, 5))
    state = game.state
    state.maharaja = "LAH"
    game.play(0, it.BuildStatue(city="LAH", slot=3, task=0))
    assert state.players[0].coins == 3
    assert statue_cost(state, 0, "DEL", 0) == 10 and statue_cost(state, 0, "LAH", 1) == 11
    assert statue_cost(state, 0, "DEL", 50) == 0
    state.players[0].character = 15
    assert statue_cost(state, 0, "DEL", 1) == 6 and statue_cost(state, 0, "LAH", 1) == 8


def test_statue_needs_the_priest_in_the_city() -> None:
    """MJ-STAT-3: the priest must stand in the city (character 12 excepted, §10)."""
    game = turn((3, 5), city="DEL")
    refused(game, 0, it.BuildStatue(city="LAH", slot=3, task=0), "MJ-STAT-3")


def test_bonus_slots_give_their_bonus_at_once() -> None:
    """MJ-STAT-4 / MJ-MAP-3: ACTION a token (none if none left), COINS 2 coins,
    PRESTIGE 1 PP, SHRINES 2 shrines from the supply (as many as left)."""
    game = turn((1, 3), city="LAH")  # LAH: top ACTION, bottom COINS
    p, state = game.state.players[0], game.state
    game.play(0, it.BuildStatue(city="LAH", slot=1, task=0))
    assert (p.tokens, state.tokens, p.coins) == (1, 6, 6)
    p.coins = 20
    game.play(0, it.BuildStatue(city="LAH", slot=2, task=1))
    assert p.coins == 12
    game2 = turn((1, 3), city="DEL")  # DEL: top PRESTIGE, bottom SHRINES
    q = game2.state.players[0]
    q.coins, q.supply = 40, 1
    game2.play(0, it.BuildStatue(city="DEL", slot=1, task=0))
    assert q.pp == 4
    game2.play(0, it.BuildStatue(city="DEL", slot=2, task=1))
    assert (q.shrines, q.supply) == (9, 0)
    game3 = turn((1, 5), city="VAR")  # VAR top ACTION, with no token left
    game3.state.tokens = 0
    game3.play(0, it.BuildStatue(city="VAR", slot=1, task=0))
    assert game3.state.players[0].tokens == 0 and game3.state.tokens == 0


def test_shrine_in_city_or_village_costs_one_from_the_board() -> None:
    """MJ-SHR-1: shrines go in a city or a village slot, from the board, cost 1."""
    game = turn((3, 4))
    p = game.state.players[0]
    game.play(0, it.BuildShrine(place="v20", task=0))
    assert (p.coins, p.shrines) == (14, 7)
    refused(game, 0, it.BuildShrine(place="START", task=1), "MJ-SHR-1")
    p.shrines = 0
    refused(game, 0, it.BuildShrine(place="LAH", task=1), "MJ-SHR-1")


def test_city_shrine_needs_the_priest_village_does_not() -> None:
    """MJ-SHR-2: a city shrine needs the priest there; a village shrine never."""
    game = turn((4, 5), city="LAH")
    refused(game, 0, it.BuildShrine(place="DEL", task=0), "MJ-SHR-2")
    game.play(0, it.BuildShrine(place="v27", task=0))  # far from LAH
    game.play(0, it.BuildShrine(place="LAH", task=0))
    assert game.state.cities["LAH"].shrines[0] == 1


def test_shrine_one_per_colour_per_village() -> None:
    """MJ-SHR-3: at most one shrine of each colour in a village."""
    game = turn((4, 2))
    put(game, "v10", 0)
    refused(game, 0, it.BuildShrine(place="v10", task=1), "MJ-SHR-3")


def test_shrines_two_per_village_one_with_two_players() -> None:
    """MJ-SHR-4: a village holds 2 shrines (1 in a 2-player game)."""
    game = turn((2, 5))
    put(game, "v11", 1, 2)
    refused(game, 0, it.BuildShrine(place="v11", task=0), "MJ-SHR-4")
    game2 = turn((2, 5), n=2)
    put(game2, "v11", 1)
    refused(game2, 0, it.BuildShrine(place="v11", task=0), "MJ-SHR-4")
    game2.play(0, it.BuildShrine(place="v12", task=0))
