"""Components, the board and setup (maharaja.md §1–3)."""

from __future__ import annotations

import pytest

from engine.core.describe import plain
from engine.core.errors import IllegalIntent
from engine.core.game import Game
from engine.maharaja import brahmabot as B
from engine.maharaja import components as C
from engine.maharaja import intents as it
from engine.maharaja.board import load_board, slot_bonus
from engine.maharaja.options import FINAL_SCORING, SPECIAL_RULES, Options
from engine.maharaja.queries import village_capacity
from tests.maharaja.helpers import RULES, new_game, refused, seats, through_setup


def test_map_has_seven_cities_start_and_28_villages_on_15_roads() -> None:
    """MJ-COMP-1: 7 cities, a start space, villages on roads (the §2 table)."""
    net = load_board()
    assert set(net.city_ids) == {"LAH", "DEL", "VAR", "JAI", "BIJ", "HYD", "MAD"}
    assert net.start == "START"
    assert len(net.villages) == 28 and len(set(net.villages)) == 28
    assert len(net.roads) == 15
    assert net.roads["R08"].villages == ("v15",) and net.roads["R13"].villages == ("v24",)
    degree = {j: len(net.roads_at[j]) for j in net.junctions}
    assert degree == {"START": 5, "VAR": 4, "JAI": 4, "BIJ": 4, "HYD": 4,
                      "LAH": 3, "DEL": 3, "MAD": 3}
    assert (net.roads["R09"].a, net.roads["R09"].b) == ("LAH", "VAR")
    assert net.roads["R15"].villages == ("v27", "v28")


def test_city_statue_slots_and_bonus_table() -> None:
    """MJ-MAP-1: 1 centre + 6 outer slots, top/bottom bonuses as in §2; MJ-COMP-2 flags."""
    net = load_board()
    expected = {"LAH": ("ACTION", "COINS"), "DEL": ("PRESTIGE", "SHRINES"),
                "VAR": ("ACTION", "PRESTIGE"), "JAI": ("SHRINES", "COINS"),
                "BIJ": ("ACTION", "SHRINES"), "HYD": ("COINS", "PRESTIGE"),
                "MAD": ("ACTION", "COINS")}
    for city, (top, bottom) in expected.items():
        assert slot_bonus(net, city, C.TOP) is C.Bonus[top]
        assert slot_bonus(net, city, C.BOTTOM) is C.Bonus[bottom]
        assert slot_bonus(net, city, C.CENTRE) is None
        assert all(slot_bonus(net, city, s) is None for s in range(3, 7))
    flags = {c.extra["flag"] for c in net.cities.values()}
    assert len(flags) == 7  # MJ-COMP-2: one flag per city
    state = new_game(3).state
    assert all(len(c.slots) == C.SLOTS == 7 for c in state.cities.values())


def test_village_capacity_two_or_one_with_two_players() -> None:
    """MJ-MAP-2: a village has 2 shrine slots, 1 in a 2-player game (and solo)."""
    assert village_capacity(new_game(4).state) == 2
    assert village_capacity(new_game(3).state) == 2
    assert village_capacity(new_game(2).state) == 1
    assert village_capacity(new_game(1, mode="solo").state) == 1


def test_component_counts() -> None:
    """MJ-COMP-3 8 reward tiles, MJ-COMP-4 16 characters, MJ-COMP-5 7 tokens,
    MJ-COMP-6 2 Maharani tokens, MJ-COMP-9 4 special + 5 final tiles,
    MJ-COMP-10 12 Brahmabot action tiles and 3 setup tiles."""
    assert sorted(C.REWARDS) == list(range(1, 9))
    assert sorted(C.CHARACTERS) == list(range(1, 17))
    assert C.ACTION_TOKENS == 7 and new_game(4).state.tokens == 7
    assert C.MAHARANI_TOKENS == 2
    assert SPECIAL_RULES == ("R1", "R2", "R3", "R4") and len(FINAL_SCORING) == 5
    assert len(B.ACTION_TILES) == 12 and sorted(B.SETUP_TILES) == ["A", "B", "C"]


def test_colours_and_piece_counts() -> None:
    """MJ-COMP-7: 4 colours, each 20 shrines and 7 statues; a seat per colour."""
    assert C.COLOURS == ("red", "yellow", "green", "blue")
    state = new_game(4).state
    assert [p.colour for p in state.players] == list(C.COLOURS)
    for p in state.players:
        assert p.shrines + p.supply == 20 and p.statues == 7
    with pytest.raises(IllegalIntent) as info:
        Game(RULES, seats(2), Options(colours=("red", "red")), 1)
    assert info.value.rule == "MJ-COMP-7"
    with pytest.raises(IllegalIntent) as info:
        Game(RULES, seats(2), Options(colours=("red", "purple")), 1)
    assert info.value.rule == "MJ-COMP-7"


@pytest.mark.parametrize("n", [1, 5])
def test_standard_game_takes_two_to_four_players(n: int) -> None:
    """MJ-COMP-7: a standard game has 2–4 seats (1 only in solo mode)."""
    with pytest.raises(IllegalIntent) as info:
        Game(RULES, seats(n), Options(), 1)
    assert info.value.rule == "MJ-COMP-7"


def test_coins_and_pp_supply_is_unlimited() -> None:
    """MJ-COMP-8: coins and PP have no cap."""
    from tests.maharaja.helpers import at_turn

    game = at_turn(2)
    game.state.players[0].coins = 10_000
    game.play(0, it.DoAction(task=0))
    assert game.state.players[0].coins == 10_003


@pytest.mark.parametrize("n", [2, 3, 4])
def test_display_has_players_plus_three_characters(n: int) -> None:
    """MJ-SETUP-1: (players + 3) distinct character tiles drawn at random."""
    displays = set()
    for seed in range(6):
        state = new_game(n, seed).state
        assert len(state.display) == n + 3 == len(set(state.display))
        assert all(1 <= c <= 16 for c in state.display)
        displays.add(tuple(state.display))
    assert len(displays) > 1


def test_first_game_display() -> None:
    """MJ-SETUP-1: recommended first 4-player game uses 1, 2, 5, 9, 12, 14, 15."""
    state = new_game(4, 3, first_game=True).state
    assert sorted(state.display) == [1, 2, 5, 9, 12, 14, 15]


def test_reward_track_setup() -> None:
    """MJ-SETUP-2: 8 tiles shuffled onto positions 0..7 of 12; Maharanis beside."""
    orders = set()
    for seed in range(5):
        state = new_game(3, seed).state
        assert len(state.rewards) == 12
        assert sorted(state.rewards[:8]) == list(range(1, 9))
        assert state.rewards[8:] == [None] * 4
        assert state.maharanis == []
        orders.add(tuple(state.rewards))
    assert len(orders) > 1


def test_flag_track_setup() -> None:
    """MJ-SETUP-3: p0, p1 empty, the 7 flags on p2..p8 at random; no Maharaja yet."""
    orders = set()
    for seed in range(5):
        state = new_game(3, seed).state
        assert state.flags[:2] == [None, None]
        assert sorted(state.flags[2:]) == sorted(load_board().city_ids)
        assert state.maharaja is None and state.visited == []
        orders.add(tuple(state.flags))
    assert len(orders) > 1


def test_player_starting_material() -> None:
    """MJ-SETUP-4: priest on START, 8 shrines and 7 statues on the board, 12 in
    the supply, 15 coins, 3 PP."""
    for p in new_game(4).state.players:
        assert (p.priest, p.shrines, p.supply, p.statues, p.coins, p.pp) == (
            "START", 8, 12, 7, 15, 3)


def test_character_choice_starts_with_first_player_then_clockwise() -> None:
    """MJ-SETUP-5: a random first player chooses, then clockwise."""
    firsts = set()
    for seed in range(8):
        game = new_game(4, seed)
        first = game.state.first_player
        firsts.add(first)
        order = []
        for _ in range(4):
            seat = game.to_move()[0]
            order.append(seat)
            game.play(seat, it.ChooseCharacter(number=game.state.display[0]))
        assert order == [(first + k) % 4 for k in range(4)]
        assert len({p.character for p in game.state.players}) == 4
        assert len(game.state.display) == 3
    assert len(firsts) > 1


def test_character_choice_refusals() -> None:
    """MJ-SETUP-5: only from the display, only by the chooser (CORE-1 otherwise)."""
    game = new_game(3, 2)
    seat = game.to_move()[0]
    missing = next(n for n in range(1, 17) if n not in game.state.display)
    refused(game, seat, it.ChooseCharacter(number=missing), "MJ-SETUP-5")
    refused(game, (seat + 1) % 3, it.ChooseCharacter(number=game.state.display[0]), "CORE-1")


def test_start_shrines_in_character_order_four_each() -> None:
    """MJ-SETUP-6: lowest character first, one shrine each in turn, 4 each; each
    keeps 4 on their board; MJ-SHR-3/MJ-SHR-4 apply."""
    game = new_game(3, 5)
    while game.state.phase == "characters":
        seat = game.to_move()[0]
        game.play(seat, it.ChooseCharacter(number=max(game.state.display)))
    by_char = sorted(range(3), key=lambda s: game.state.players[s].character)
    order = []
    for seat, village in zip(by_char, ["v01", "v01", "v02"], strict=True):
        assert game.to_move() == (seat,)
        if seat == by_char[2]:
            refused(game, seat, it.PlaceStartShrine(village="v01"), "MJ-SHR-4")
            refused(game, seat, it.PlaceStartShrine(village="LAH"), "MJ-SETUP-6")
        game.play(seat, it.PlaceStartShrine(village=village))
        order.append(seat)
    refused(game, by_char[0], it.PlaceStartShrine(village="v01"), "MJ-SHR-3")
    refused(game, by_char[1], it.PlaceStartShrine(village="v05"), "CORE-1")
    while game.state.phase == "start-shrines":
        seat = game.to_move()[0]
        order.append(seat)
        game.play(seat, game.legal_intents(seat)[0])
    assert order == by_char * 4
    for p in game.state.players:
        assert p.shrines == 4 and p.start_shrines == 4 and p.coins == 15
    assert sum(len(v) for v in game.state.villages.values()) == 12
    assert game.state.phase == "planning"


def test_two_player_setup_one_shrine_per_village() -> None:
    """MJ-SETUP-6 with MJ-SHR-4 in a 2-player game: villages hold 1 shrine."""
    game = through_setup(new_game(2, 4))
    assert all(len(v) <= 1 for v in game.state.villages.values())
    assert sum(len(v) for v in game.state.villages.values()) == 8


def test_variant_tiles_chosen_at_setup_are_checked() -> None:
    """MJ-SETUP-7: variant tiles are fixed at setup; unknown ones are refused."""
    with pytest.raises(IllegalIntent) as info:
        Game(RULES, seats(3), Options(special_rules=("R9",)), 1)
    assert info.value.rule == "MJ-VAR-R1"
    with pytest.raises(IllegalIntent) as info:
        Game(RULES, seats(3), Options(final_scoring="F7"), 1)
    assert info.value.rule == "MJ-VAR-F1"
    game = new_game(3, 1, special_rules=("R2", "R3"), final_scoring="F4")
    assert game.state.options.has("R3") and game.state.options.final_scoring == "F4"


def test_the_log_s_first_line_names_the_variant_tiles_the_table_has() -> None:
    """MJ-VAR-R1..R4 and F1..F5 change the rules all game: the setup line says which
    tiles lie beside the board (a player who joined a server's table saw them nowhere),
    and says nothing of tiles when there are none."""
    def first_line(game: Game) -> str:
        return plain(game.descriptions(None)[0])

    tiled = first_line(new_game(3, 5, special_rules=("R2", "R3"), final_scoring="F2"))
    assert tiled.endswith("chooses first; special-rule tiles R2, R3; final-scoring tile F2")
    assert first_line(new_game(3, 5, special_rules=("R4",))).endswith("; special-rule tile R4")
    assert first_line(new_game(3, 5)).endswith("chooses first")


def test_a_tables_variants_are_named_for_a_player_about_to_sit_down() -> None:
    """What a server's lobby shows of a table before anyone takes a seat: the tiles
    (MJ-VAR-R1, MJ-VAR-F1), the first-game display (MJ-SETUP-1), solo's difficulty
    (MJ-BOT-S3); nothing for the standard game."""
    assert RULES.describe_options(Options()) == ""
    assert RULES.describe_options(Options(special_rules=("R2",), final_scoring="F2")) == \
        "special-rule tile R2; final-scoring tile F2"
    assert RULES.describe_options(Options(first_game=True)) == "first-game display"
    assert RULES.describe_options(Options(mode="solo", difficulty="hard")) == \
        "solo against Brahmabot (hard)"
