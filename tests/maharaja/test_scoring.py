"""City scoring (maharaja.md §8) and reward tiles (§9)."""

from __future__ import annotations

from engine.maharaja import events as ev
from engine.maharaja import intents as it
from engine.maharaja.scoring import city_coins, city_cp, city_ranking
from tests.maharaja.helpers import at_reward, at_turn, holding, mover, refused


def test_cp_statues_shrines_priest() -> None:
    """MJ-SCORE-1: 3 per centre statue, 2 per outer, 1 per shrine, 1 for the priest."""
    state = at_turn(3).state
    city = state.cities["VAR"]
    city.slots[0], city.slots[3], city.slots[5] = 0, 0, 1
    city.shrines[:] = [2, 1, 0]
    state.players[0].priest = "VAR"
    assert [city_cp(state, "VAR", s) for s in range(3)] == [3 + 2 + 2 + 1, 2 + 1, 0]


def test_ranking_ties_go_to_the_lower_character() -> None:
    """MJ-SCORE-2 / MJ-CHAR-1: only seats with ≥1 CP rank; ties: lower character."""
    state = at_turn(4, chars=(9, 4, 2, 12)).state
    state.cities["LAH"].shrines[:] = [3, 3, 0, 5]
    cps, order = city_ranking(state, "LAH")
    assert order == [3, 1, 0] and cps[2] == 0


def test_coins_by_rank_and_three_for_no_cp() -> None:
    """MJ-SCORE-3: 12/10/8/6, 12/9/6, 12/6; 0 CP takes 3 and no reward tile."""
    state = at_turn(4).state
    assert city_coins(state, [5, 4, 3, 2], [0, 1, 2, 3]) == [12, 10, 8, 6]
    state3 = at_turn(3).state
    assert city_coins(state3, [0, 2, 7], [2, 1]) == [3, 9, 12]
    state2 = at_turn(2).state
    assert city_coins(state2, [1, 4], [1, 0]) == [6, 12]
    game = at_turn(3)
    game.state.players[1].priest = game.state.maharaja
    for _ in range(3):
        game.play(mover(game), it.EndTurn())
    assert [p.coins for p in game.state.players] == [18, 27, 18]
    assert [(q.seat, q.kind) for q in game.state.pending] == [(1, "reward")]


def test_rewards_chosen_in_rank_order_and_moved_above_all_tiles() -> None:
    """MJ-SCORE-4: in rank order each ranked player takes one available tile, which
    goes to the lowest empty position above all other tiles."""
    game = at_turn(3, chars=(1, 2, 3))
    state = game.state
    state.rewards = [5, 1, 2, 3, 4, 6, 7, 8, None, None, None, None]
    state.cities[state.maharaja].shrines[:] = [1, 3, 2]
    for _ in range(3):
        game.play(mover(game), it.EndTurn())
    assert [q.seat for q in game.state.pending] == [1, 2, 0]
    refused(game, 0, it.ChooseReward(tile=1), "CORE-1")
    game.play(1, it.ChooseReward(tile=1))
    assert game.state.rewards[:9] == [5, None, 2, 3, 4, 6, 7, 8, 1]
    game.play(2, it.ChooseReward(tile=5))
    assert game.state.rewards[:10] == [None, None, 2, 3, 4, 6, 7, 8, 1, 5]


def test_reward_window_counts_track_positions() -> None:
    """MJ-SCORE-5: the window is positions 0..N−1 (N = 3/4/5 for 2/3/4 players); a tile
    taken earlier leaves a gap, so later players choose among fewer."""
    for n, size in ((2, 3), (3, 4), (4, 5)):
        game = at_reward(n)
        choices = sorted(i.tile for i in game.legal_intents(0) if isinstance(i, it.ChooseReward))
        assert choices == list(range(1, size + 1))
        refused(game, 0, it.ChooseReward(tile=size + 1), "MJ-SCORE-5")
    game = at_turn(3, chars=(1, 2, 3))
    game.state.cities[game.state.maharaja].shrines[:] = [2, 1, 0]
    for _ in range(3):
        game.play(mover(game), it.EndTurn())
    game.play(0, it.ChooseReward(tile=game.state.rewards[0]))
    window = [i for i in game.legal_intents(1) if isinstance(i, it.ChooseReward)]
    assert len(window) == 3


def reward(tile: int, n: int = 3, character: int = 1, **kw):
    game = at_reward(n, rewards=(tile, *[t for t in range(1, 9) if t != tile]),
                     character=character, **kw)
    before = [(p.coins, p.pp, p.shrines, p.supply) for p in game.state.players]
    game.play(0, it.ChooseReward(tile=tile))
    return game, before


def test_reward_1_three_coins() -> None:
    """MJ-REW-1: take 3 coins."""
    game, before = reward(1)
    assert game.state.players[0].coins == before[0][0] + 3


def test_reward_2_three_shrines_from_supply() -> None:
    """MJ-REW-2: 3 shrines supply -> board."""
    game, before = reward(2)
    p = game.state.players[0]
    assert (p.shrines, p.supply) == (before[0][2] + 3, before[0][3] - 3)


def test_reward_3_pp_and_coin() -> None:
    """MJ-REW-3: take 1 PP and 1 coin."""
    game, before = reward(3)
    p = game.state.players[0]
    assert (p.coins, p.pp) == (before[0][0] + 1, before[0][1] + 1)


def test_reward_4_others_pay_two_down_to_zero() -> None:
    """MJ-REW-4: every other player pays 2 coins to the supply, as many as they have."""
    game = at_reward(3, rewards=(4, 1, 2, 3, 5, 6, 7, 8))
    game.state.players[2].coins = 1
    game.play(0, it.ChooseReward(tile=4))
    assert [p.coins for p in game.state.players][1:] == [16, 0]


def test_reward_5_two_pp() -> None:
    """MJ-REW-5: take 2 PP."""
    game, before = reward(5)
    assert game.state.players[0].pp == before[0][1] + 2


def test_reward_6_buy_up_to_three_pp_at_one_coin() -> None:
    """MJ-REW-6: pay 1 coin per PP, 0 to 3 times."""
    game, before = reward(6)
    refused(game, 0, it.BuyPrestige(count=4), "MJ-REW-6")
    game.play(0, it.BuyPrestige(count=3))
    p = game.state.players[0]
    assert (p.coins, p.pp) == (before[0][0] - 3, before[0][1] + 3)
    assert not game.state.pending


def test_reward_7_free_shrine_anywhere() -> None:
    """MJ-REW-7: a free shrine from the board in any village or city, no priest."""
    game, before = reward(7)
    p = game.state.players[0]
    refused(game, 0, it.FreeShrine(place="START"), "MJ-SHR-1")
    far = next(c for c in game.state.cities if c != p.priest)
    game.play(0, it.FreeShrine(place=far))
    assert game.state.cities[far].shrines[0] == 1
    assert (p.coins, p.shrines) == (before[0][0], before[0][2] - 1)


def test_reward_8_maharani_on_a_display_character() -> None:
    """MJ-REW-8: a Maharani token on a display tile (not a held one) lends its
    ability until the end of the next round, even if someone takes the tile."""
    game, _ = reward(8)
    state = game.state
    held = state.players[1].character
    refused(game, 0, it.PlaceMaharani(character=held), "MJ-REW-8")
    state.display[0] = target = 14
    game.play(0, it.PlaceMaharani(character=target))
    assert [(m.seat, m.character, m.expires) for m in game.state.maharanis] == [(0, 14, 2)]
    game.state.players[1].character = 14  # someone takes the tile
    from engine.maharaja.queries import has_ability

    assert has_ability(game.state, 0, 14)


def test_reward_9_character_16_applies_tiles_twice() -> None:
    """MJ-REW-9 / §10 character 16: coins twice; tile 6 twice 3 purchases; tile 7
    two free shrines; tile 4 others pay twice; tile 8 two tokens on two tiles."""
    game, before = reward(1, character=16)
    assert game.state.players[0].coins == before[0][0] + 6
    game, before = reward(6, character=16)
    game.play(0, it.BuyPrestige(count=3))
    game.play(0, it.BuyPrestige(count=2))
    assert game.state.players[0].pp == before[0][1] + 5
    game, before = reward(7, character=16)
    game.play(0, it.FreeShrine(place="v01"))
    game.play(0, it.FreeShrine(place="LAH"))
    assert game.state.players[0].shrines == before[0][2] - 2
    game, before = reward(4, character=16)
    assert [p.coins for p in game.state.players][1:] == [b[0] - 4 for b in before[1:]]
    game, _ = reward(8, character=16)
    first = game.state.display[0]
    game.play(0, it.PlaceMaharani(character=first))
    refused(game, 0, it.PlaceMaharani(character=first), "MJ-REW-8")
    game.play(0, it.PlaceMaharani(character=game.state.display[1]))
    assert len(game.state.maharanis) == 2


def test_city_scored_event_records_ranking() -> None:
    """MJ-SCORE-2 as recorded: the CityScored event carries CP, ranking and coins."""
    game = holding(1)
    game.state.players[0].priest = game.state.maharaja
    events = []
    while not game.state.pending:
        events += game.play(mover(game), it.EndTurn())
    scored = next(e for e in events if isinstance(e, ev.CityScored))
    assert scored.ranking == (0,) and scored.cp == (1, 0, 0) and scored.coins == (12, 3, 3)
