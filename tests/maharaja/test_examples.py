"""The worked examples of maharaja.md §15 (EX-1..EX-5)."""

from __future__ import annotations

from engine.maharaja import intents as it
from engine.maharaja.queries import statue_cost
from engine.maharaja.scoring import city_coins, city_ranking, final_scores
from tests.maharaja.helpers import at_turn, put

RED, YELLOW, GREEN, BLUE = 0, 1, 2, 3


def test_ex1_city_scoring_ranks_and_coins() -> None:
    """EX-1 (MJ-SCORE-1/2/3): red 6, yellow 4, green 5, blue 2 -> red, green,
    yellow, blue; 12, 10, 8, 6 coins."""
    state = at_turn(4).state
    city = state.cities["DEL"]
    city.slots[0] = RED  # 3
    city.shrines[:] = [2, 2, 1, 1]  # red 3 + 2 + priest 1 = 6
    state.players[RED].priest = "DEL"
    city.slots[3] = YELLOW  # yellow 2 + 2 = 4
    city.slots[4] = GREEN
    city.slots[5] = GREEN  # green 2 + 2 + 1 = 5
    state.players[BLUE].priest = "DEL"  # blue 1 + 1 = 2
    cps, order = city_ranking(state, "DEL")
    assert cps == [6, 4, 5, 2]
    assert order == [RED, GREEN, YELLOW, BLUE]
    assert city_coins(state, cps, order) == [12, 8, 10, 6]


def test_ex2_final_city_majorities() -> None:
    """EX-2 (MJ-END-2): green alone on top +2; red and green tied +1 each; blue and
    green tied +1 each."""
    state = at_turn(4).state
    lah = state.cities["LAH"]  # green 5: centre 3, shrine 1, priest 1
    lah.slots[0], lah.shrines[GREEN] = GREEN, 1
    state.players[GREEN].priest = "LAH"
    dele = state.cities["DEL"]  # red: centre + 2 shrines; green: outer + 3 shrines
    dele.slots[0], dele.shrines[RED] = RED, 2
    dele.slots[3], dele.shrines[GREEN] = GREEN, 3
    var = state.cities["VAR"]  # blue: centre + shrine; green: two outer statues
    var.slots[0], var.shrines[BLUE] = BLUE, 1
    var.slots[3] = var.slots[4] = GREEN
    assert [f.cities for f in final_scores(state)] == [1, 0, 2 + 1 + 1, 1]


def test_ex3_tolls() -> None:
    """EX-3 (MJ-MOVE-3): red past yellow+blue pays each 1; red over its own
    villages pays nothing; green past red and red+yellow pays red 2, yellow 1."""
    game = at_turn(4, plans={RED: (5, 5)})
    put(game, "v24", YELLOW, BLUE)
    game.play(RED, it.MovePriest(route=("R13",)))  # START-MAD
    assert [p.coins for p in game.state.players] == [13, 16, 15, 16]
    put(game, "v09", RED)
    put(game, "v10", RED)
    game.play(RED, it.MovePriest(route=("R05",)))  # MAD-BIJ over red villages
    assert game.state.players[RED].coins == 13
    game.play(RED, it.EndTurn())
    game.play(YELLOW, it.EndTurn())
    put(game, "v25", RED)
    put(game, "v26", RED, YELLOW)
    coins = [p.coins for p in game.state.players]
    game.play(GREEN, it.MovePriest(route=("R14",)))  # START-BIJ
    after = [p.coins for p in game.state.players]
    assert [a - b for a, b in zip(after, coins, strict=True)] == [2, 1, -3, 0]


def test_ex4_statue_costs() -> None:
    """EX-4 (MJ-STAT-2): 12 / 10; discount action 11 / 9; character 15 and the
    discount 8 / 6."""
    state = at_turn(3).state
    here, there = state.maharaja, next(c for c in state.cities if c != state.maharaja)
    assert (statue_cost(state, 0, here, 0), statue_cost(state, 0, there, 0)) == (12, 10)
    assert (statue_cost(state, 0, here, 1), statue_cost(state, 0, there, 1)) == (11, 9)
    state.players[0].character = 15
    assert (statue_cost(state, 0, here, 1), statue_cost(state, 0, there, 1)) == (8, 6)


def test_ex5_flag_moves() -> None:
    """EX-5 (MJ-FLAG-1): A..G on p2..p8; E (p6) to p3 slides B, C, D: A E B C D F G;
    A (p2) cannot move; later B on p3 with p0..p2 empty moves to p0 and end of
    round closes the gap."""
    from engine.core.errors import IllegalIntent
    from engine.maharaja.rules import decide

    game = at_turn(3, plans={0: (9, 9)})
    a, b, c, d, e, f, g = "LAH", "DEL", "VAR", "JAI", "BIJ", "HYD", "MAD"
    game.state.flags = [None, None, a, b, c, d, e, f, g]
    game.play(0, it.MoveFlag(city=e, task=0))
    assert game.state.flags == [None, None, a, e, b, c, d, f, g]
    try:
        decide(game.state, 0, it.MoveFlag(city=a, task=1))
    except IllegalIntent as exc:
        assert exc.rule == "MJ-FLAG-1"
    else:
        raise AssertionError("A on p2 moved")
    game.state.flags = [None, None, None, b, c, d, e, f, g]
    game.play(0, it.MoveFlag(city=b, task=1))
    assert game.state.flags == [b, None, None, None, c, d, e, f, g]
    from engine.maharaja import events as ev
    from engine.maharaja.fold import apply

    apply(game.state, ev.RoundEnded(round=1))
    assert game.state.flags == [None, None, None, b, c, d, e, f, g]
