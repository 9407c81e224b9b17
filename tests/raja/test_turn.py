"""A player's turn: movement and tolls, building, actions, characters, tokens, forfeits."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalIntent
from engine.raja import Options
from engine.raja import components as C
from engine.raja import intents as it
from engine.raja.state import BUILDER_SLOT

from .helpers import clear_board, end_turns, fill_roads, game, gold, route, select, slot_of

RED, BLUE, GREEN = 0, 1, 2


def _refused(g, seat, intent, rule):  # type: ignore[no-untyped-def]
    before = g.state
    import msgspec
    snap = msgspec.msgpack.encode(before)
    with pytest.raises(IllegalIntent) as err:
        g.play(seat, intent)
    assert err.value.rule == rule, err.value
    assert msgspec.msgpack.encode(g.state) == snap  # refusals leave the state unchanged


def _toll_game(cards=(1, 2, 3), v24=(RED, BLUE)):  # type: ignore[no-untyped-def]
    g = game(3, cards=cards)
    select(g, {})
    clear_board(g)
    g.state.villages["v24"][:] = list(v24)
    g.state.villages["v30"][:] = [RED, GREEN]
    end_turns(g, until_seat=GREEN)
    return g


def test_tolls_per_house() -> None:
    """R-EX-5, R-MOVE-4, R-COMP-8: Green crossing a Red/Blue village pays 1 to each."""
    g = _toll_game()
    before = gold(g)
    g.play(GREEN, it.MoveArchitect(to="MAD", roads=("R13",)))
    after = gold(g)
    assert [a - b for a, b in zip(after, before, strict=True)] == [1, 1, -2]
    assert g.state.players[GREEN].architect == "MAD"


def test_toll_two_houses_one_owner() -> None:
    """R-EX-5, R-MOVE-4: two Red houses cost Green 2, all to Red."""
    g = _toll_game(v24=(RED, RED))
    before = gold(g)
    g.play(GREEN, it.MoveArchitect(to="MAD", roads=("R13",)))
    assert [a - b for a, b in zip(gold(g), before, strict=True)] == [2, 0, -2]


def test_no_toll_where_mover_owns_a_house() -> None:
    """R-EX-5, R-MOVE-4: Red owns a house in both villages and crosses free."""
    g = _toll_game()
    g.state.turn.seat = RED  # scenario: let Red move instead
    before = gold(g)
    g.play(RED, it.MoveArchitect(to="MAD", roads=("R13",)))
    assert gold(g) == before


def test_monk_bank_pays() -> None:
    """R-EX-5, R-MOVE-6, R-CHAR-4: the bank pays the Monk holder's tolls; owners still paid."""
    g = _toll_game(cards=(1, 2, 4))
    before = gold(g)
    g.play(GREEN, it.MoveArchitect(to="MAD", roads=("R13",)))
    assert [a - b for a, b in zip(gold(g), before, strict=True)] == [1, 1, 0]


def test_empty_village_blocks_road() -> None:
    """R-EX-5, R-MOVE-3: an empty village on the only road makes the move illegal."""
    g = _toll_game(v24=())
    assert not [i for i in g.legal_intents(GREEN) if isinstance(i, it.MoveArchitect)]
    _refused(g, GREEN, it.MoveArchitect(to="MAD", roads=("R13",)), "R-MOVE-3")


def test_repeat_crossings_pay_again_and_cannot_overdraw() -> None:
    """R-MOVE-5, R-AMB-8, R-TURN-5: each crossing pays; unaffordable tolls are illegal."""
    g = _toll_game()
    g.play(GREEN, it.MoveArchitect(to="MAD", roads=("R13",)))
    before = gold(g)
    g.play(GREEN, it.MoveArchitect(to="START", roads=("R13",)))  # R-MOVE-2: may end on START
    assert gold(g)[GREEN] == before[GREEN] - 2
    g.state.players[GREEN].gold = 1
    _refused(g, GREEN, it.MoveArchitect(to="MAD", roads=("R13",)), "R-MOVE-5")


def test_move_only_in_own_turn_through_junctions() -> None:
    """R-MOVE-1, R-MOVE-2, R-AMB-10: only the active player moves, junction to junction."""
    g = _toll_game()
    with pytest.raises(IllegalIntent):
        g.play(RED, it.MoveArchitect(to="MAD", roads=("R13",)))
    fill_roads(g, GREEN)
    _refused(g, GREEN, it.MoveArchitect(to="HYD", roads=("R13",)), "R-MOVE-2")
    _refused(g, GREEN, it.MoveArchitect(to="MAD", roads=("R13", "R13")), "R-MOVE-2")
    g.play(GREEN, it.MoveArchitect(to="HYD", roads=("R13", "R04")))  # passes Madurai freely
    assert g.state.players[GREEN].architect == "HYD"
    moves = [i for i in g.legal_intents(GREEN) if isinstance(i, it.MoveArchitect)]
    assert {m.to for m in moves} == set(g.state.cities) - {"HYD"} | {"START"}


def test_legal_routes_distinct_by_toll() -> None:
    """R-MOVE-4: legal moves list one route per destination and toll breakdown."""
    g = _toll_game()
    fill_roads(g, GREEN)
    g.state.villages["v24"][:] = [RED, BLUE]
    moves = [i for i in g.legal_intents(GREEN) if isinstance(i, it.MoveArchitect) and i.to == "MAD"]
    assert len(moves) >= 2  # free detour and the tolled direct road
    assert any(m.roads == ("R13",) for m in moves)


def _turn_game(plan, cards=(1, 3, 6), n=3, **opts):  # type: ignore[no-untyped-def]
    g = game(n, cards=cards, options=Options(**opts))
    select(g, {0: plan})
    return g


def test_house_village_or_city_with_architect() -> None:
    """R-ACT-1 HOUSE, R-BUILD-2, R-BUILD-3, R-ACT-2, R-TURN-3: needs a named pending part."""
    g = _turn_game(("HOUSE", "GOLD"))
    _refused(g, 0, it.BuildHouse(place="LAH", slot=0, part=0), "R-BUILD-3")
    _refused(g, 0, it.BuildHouse(place="v30", slot=1, part=0), "R-TURN-3")  # GOLD has no house part
    g.play(0, it.BuildHouse(place="v30", slot=0, part=0))  # no architect needed in a village
    p = g.state.players[0]
    assert (p.gold, p.reserve, g.state.villages["v30"][-1]) == (14, 5, 0)
    _refused(g, 0, it.BuildHouse(place="v29", slot=0, part=0), "R-TURN-3")  # part already done
    g.state.turn.slots[0].done[0] = False
    g.state.players[0].architect = "LAH"
    g.play(0, it.BuildHouse(place="LAH", slot=0, part=0))
    assert g.state.cities["LAH"].houses == [0]


def test_house_needs_reserve_and_gold() -> None:
    """R-BUILD-6, R-ACT-2, R-TURN-5: houses only from the reserve, costs paid in full."""
    g = _turn_game(("HOUSE", "GOLD"))
    g.state.players[0].reserve = 0
    _refused(g, 0, it.BuildHouse(place="v30", slot=0, part=0), "R-BUILD-6")
    g.state.players[0].reserve = 1
    g.state.players[0].gold = 0
    _refused(g, 0, it.BuildHouse(place="v30", slot=0, part=0), "R-TURN-5")
    g.play(0, it.TakeGold(slot=1, part=0))  # R-ACT-1 GOLD may come first, before paying
    g.play(0, it.BuildHouse(place="v30", slot=0, part=0))
    assert g.state.players[0].gold == 1


def test_village_capacity() -> None:
    """R-BUILD-1: at most 2 houses per village with 3+ players, any colours."""
    g = _turn_game(("TWO_HOUSES", "HOUSE"))
    clear_board(g)
    g.state.villages["v01"][:] = [1, 2]
    _refused(g, 0, it.BuildHouse(place="v01", slot=1, part=0), "R-BUILD-1")
    g.state.villages["v01"][:] = [0]
    g.play(0, it.BuildHouse(place="v01", slot=1, part=0))  # a player may own both houses
    assert g.state.villages["v01"] == [0, 0]


def test_two_houses_need_one_in_a_city() -> None:
    """R-ACT-1 TWO_HOUSES: after one village house the other must go to a city."""
    g = _turn_game(("TWO_HOUSES", "GOLD"))
    g.play(0, it.BuildHouse(place="v30", slot=0, part=0))
    _refused(g, 0, it.BuildHouse(place="v29", slot=0, part=1), "R-ACT-1")
    g.state.players[0].architect = "DEL"
    g.play(0, it.BuildHouse(place="DEL", slot=0, part=1))
    assert g.state.turn.slots[0].done == [True, True]


def test_move_house() -> None:
    """R-ACT-1 MOVE_HOUSE, R-AMB-9, R-BUILD-5: any source, destination rules, empty blocks."""
    g = _turn_game(("MOVE_HOUSE", "GOLD"))
    clear_board(g)
    fill_roads(g, 1)
    g.state.villages["v24"][:] = [0]
    g.state.cities["LAH"].houses[:] = [0]
    _refused(g, 0, it.MoveHouse(source="v24", dest="v24", slot=0, part=0), "R-ACT-1")
    # not your house
    _refused(g, 0, it.MoveHouse(source="v01", dest="v02", slot=0, part=0), "R-ACT-1")
    _refused(g, 0, it.MoveHouse(source="v24", dest="DEL", slot=0, part=0), "R-BUILD-3")
    g.play(0, it.MoveHouse(source="v24", dest="v02", slot=0, part=0))  # leaves v24 empty
    assert g.state.villages["v24"] == [] and g.state.villages["v02"] == [1, 0]
    moves = [i for i in g.legal_intents(0) if isinstance(i, it.MoveArchitect)]
    assert all("R13" not in m.roads for m in moves)  # R-BUILD-5: R13 now blocked


def test_quarry_full_and_short() -> None:
    """R-ACT-1 QUARRY: 2 houses to the reserve; with fewer left the part stays undone."""
    g = _turn_game(("QUARRY", "QUARRY"))
    g.play(0, it.TakeQuarry(slot=0, part=0))
    assert (g.state.players[0].quarry, g.state.players[0].reserve) == (8, 8)
    g.state.players[0].quarry = 1
    before = gold(g)
    g.play(0, it.TakeQuarry(slot=1, part=0))
    assert g.state.players[0].quarry == 0 and not g.state.turn.slots[1].done[0]
    g.play(0, it.EndTurn())
    assert [a - b for a, b in zip(gold(g), before, strict=True)] == [0, 2, 2]


def test_palace_costs_and_sites() -> None:
    """R-ACT-1 PALACE, R-AMB-11, R-BUILD-3, R-BUILD-4: central or outer, architect needed."""
    g = _turn_game(("PALACE", "PALACE_HOUSE"))
    _refused(g, 0, it.BuildPalace(central=True, slot=0, part=0), "R-BUILD-3")
    g.state.players[0].architect = "LAH"
    g.state.players[0].gold = 30
    g.play(0, it.BuildPalace(central=True, slot=0, part=0))
    _refused(g, 0, it.BuildPalace(central=True, slot=1, part=0), "R-BUILD-4")
    g.play(0, it.BuildPalace(central=False, slot=1, part=0))  # several palaces in one city
    city = g.state.cities["LAH"]
    assert city.central == 0 and city.outer.count(0) == 1 and g.state.players[0].gold == 6
    assert g.state.players[0].supply == 5


def test_neutral_palaces_fill_sites() -> None:
    """R-EX-14, R-SETUP-6: 3 players: 4 outer + central buildable, the 6th palace refused."""
    g = _turn_game(("PALACE", "PALACE"))
    g.state.players[0].architect = "VAR"
    city = g.state.cities["VAR"]
    assert city.outer.count(C.NEUTRAL) == 2
    city.outer += [1, 1, 2]
    city.central = 2
    g.state.players[0].gold = 99
    # 5th player palace: fills the last site
    g.play(0, it.BuildPalace(central=False, slot=0, part=0))
    _refused(g, 0, it.BuildPalace(central=False, slot=1, part=0), "R-BUILD-4")
    assert len(city.outer) == 6


def test_palace_supply() -> None:
    """R-BUILD-6: palaces come from the supply."""
    g = _turn_game(("PALACE", "GOLD"))
    g.state.players[0].architect = "LAH"
    g.state.players[0].supply = 0
    _refused(g, 0, it.BuildPalace(central=True, slot=0, part=0), "R-BUILD-6")


def test_character_swap_basic() -> None:
    """R-ACT-4, R-AMB-18, R-CHAR-1: take another's card; old card to bank; victim picks."""
    g = _turn_game(("CHARACTER", "GOLD"), cards=(1, 2, 3))
    _refused(g, 0, it.TakeCharacter(card=1, slot=0, part=0), "R-AMB-18")
    g.play(0, it.TakeCharacter(card=3, slot=0, part=0))
    assert g.state.players[0].cards == [3] and 1 in g.state.bank
    assert g.to_move() == (2,)  # the former holder must pick before anything else
    assert {i.card for i in g.legal_intents(2)} == set(g.state.bank)
    with pytest.raises(IllegalIntent):
        g.play(0, it.EndTurn())
    g.play(2, it.PickCard(card=1))
    assert g.state.players[2].cards == [1] and g.to_move() == (0,)


def test_merchant_then_monk() -> None:
    """R-EX-6 (a), R-CHAR-2, R-CHAR-8, R-AMB-7: Merchant gold once, then swap to the Monk."""
    g = game(3, cards=(2, 4, 5))
    select(g, {0: ("CHARACTER", "GOLD")})
    assert g.state.turn.seat == 0 and g.state.players[0].gold == 16  # +1 Merchant
    clear_board(g)
    g.state.villages["v24"][:] = [1, 1]
    g.state.villages["v30"][:] = [2]
    g.play(0, it.TakeCharacter(card=4, slot=0, part=0))
    g.play(1, it.PickCard(card=2))  # may take the Merchant just returned
    before = gold(g)
    g.play(0, it.MoveArchitect(to="MAD", roads=("R13",)))
    assert [a - b for a, b in zip(gold(g), before, strict=True)] == [0, 2, 1]
    assert g.state.players[0].gold == 16  # no second Merchant gold this turn


def test_builder_then_craftsman() -> None:
    """R-EX-6 (b), R-CHAR-5, R-CHAR-6: free Builder house, then the Craftsman's 9 palace."""
    g = game(3, cards=(5, 6, 1))
    select(g, {0: ("CHARACTER", "PALACE")})
    end_turns(g, until_seat=0)
    g.state.players[0].architect = "DEL"
    g.play(0, it.BuildHouse(place="DEL", slot=BUILDER_SLOT, part=0))
    assert g.state.players[0].gold == 15  # free
    # once per turn
    _refused(g, 0, it.BuildHouse(place="v30", slot=BUILDER_SLOT, part=0), "R-CHAR-5")
    g.play(0, it.TakeCharacter(card=6, slot=slot_of(g, "CHARACTER"), part=0))
    g.play(1, it.PickCard(card=5))
    g.play(0, it.BuildPalace(central=False, slot=slot_of(g, "PALACE"), part=0))
    assert g.state.players[0].gold == 6
    assert g.state.cities["DEL"].houses == [0]


def test_builder_does_not_fulfil_two_houses_city_rule() -> None:
    """R-CHAR-5: the Builder house is not a part and not a forfeit when unused."""
    g = game(3, cards=(5, 1, 2))
    select(g, {0: ("GOLD", "GOLD")})
    end_turns(g, until_seat=0)
    g.state.players[0].architect = "DEL"
    before = gold(g)
    g.play(0, it.BuildHouse(place="v30", slot=BUILDER_SLOT, part=0))
    assert g.state.turn.builder_used and g.state.turn.slots[0].village_houses == 0
    g.play(0, it.EndTurn())
    assert [a - b for a, b in zip(gold(g), before, strict=True)] == [4, 0, 0]


def test_forfeit_pays_each_other_player_once() -> None:
    """R-EX-7, R-TURN-4, R-AMB-5: one forfeit penalty per turn; untaken gold paid."""
    g = game(4, cards=(1, 3, 4, 5))
    select(g, {0: ("PALACE_HOUSE", "GOLD")})
    before = gold(g)
    g.play(0, it.BuildHouse(place="v30", slot=slot_of(g, "PALACE_HOUSE"), part=1))
    g.play(0, it.EndTurn())
    assert [a - b for a, b in zip(gold(g), before, strict=True)] == [-1 + 2, 2, 2, 2]


def test_free_ordering_with_monk() -> None:
    """R-EX-8, R-TURN-2: toll-free travel, house, swap to the Craftsman, palace, then tolls."""
    g = game(3, cards=(4, 6, 1))
    select(g, {0: ("PALACE_HOUSE", "CHARACTER")})
    end_turns(g, until_seat=0)
    fill_roads(g, 2)
    ph, ch = slot_of(g, "PALACE_HOUSE"), slot_of(g, "CHARACTER")
    start = g.state.players[0].gold
    g.play(0, route(g, 0, "HYD"))
    g.play(0, it.BuildHouse(place="HYD", slot=ph, part=1))
    g.play(0, route(g, 0, "BIJ"))
    g.play(0, it.TakeCharacter(card=6, slot=ch, part=0))
    g.play(1, it.PickCard(card=4))
    g.play(0, it.BuildPalace(central=False, slot=ph, part=0))
    assert g.state.players[0].gold == start - 10
    maharaja = g.state.maharaja
    g.play(0, route(g, 0, maharaja))
    assert g.state.players[0].gold < start - 10  # tolls again without the Monk
    before = gold(g)
    g.play(0, it.EndTurn())
    assert gold(g) == before  # nothing forfeited


def test_action_token() -> None:
    """R-EX-9, R-VAR-TOKEN-1, R-VAR-TOKEN-2: one token per turn, not for Character."""
    g = game(3, cards=(1, 3, 4), options=Options(yogi_tokens=True))
    g.state.players[0].tokens = 2
    g.state.tokens = 5
    select(g, {0: ("TWO_HOUSES", "QUARRY")})
    g.play(0, it.TakeQuarry(slot=1, part=0))
    _refused(g, 0, it.UseToken(action="CHARACTER"), "R-VAR-TOKEN-1")
    g.play(0, it.UseToken(action="PALACE_HOUSE"))
    assert g.state.tokens == 6 and g.state.players[0].tokens == 1
    _refused(g, 0, it.UseToken(action="GOLD"), "R-VAR-TOKEN-1")
    g.state.players[0].architect = "LAH"
    g.play(0, it.BuildPalace(central=True, slot=2, part=0))
    g.play(0, it.BuildHouse(place="v30", slot=2, part=1))
    g.play(0, it.BuildHouse(place="v29", slot=0, part=0))
    g.play(0, it.BuildHouse(place="LAH", slot=0, part=1))
    before = gold(g)
    g.play(0, it.EndTurn())
    assert gold(g) == before


def test_unfinished_token_action_is_forfeit() -> None:
    """R-VAR-TOKEN-2: the declared action has parts and R-TURN-4 applies."""
    g = game(3, cards=(1, 3, 4), options=Options(yogi_tokens=True))
    g.state.players[0].tokens = 1
    select(g, {0: ("GOLD", "GOLD")})
    g.play(0, it.UseToken(action="QUARRY"))
    before = gold(g)
    g.play(0, it.EndTurn())
    assert [a - b for a, b in zip(gold(g), before, strict=True)] == [4, 2, 2]


def test_yogi_gives_a_token_once_per_turn() -> None:
    """R-VAR-YOGI-1, R-VAR-YOGI-2: the Yogi holder takes 1 token at turn start."""
    g = game(3, cards=(7, 1, 2), options=Options(yogi_tokens=True))
    select(g, {})
    end_turns(g, until_seat=0)
    assert g.state.players[0].tokens == 1 and g.state.tokens == 6
    g.state.tokens = 0
    g.state.turn.yogi_paid = False  # scenario: an empty supply gives nothing
    g.play(0, it.TakeGold(slot=0, part=0))
    assert g.state.players[0].tokens == 1


def test_turn_reveals_the_plan() -> None:
    """R-TURN-1, R-INFO-2: the active player's choices are revealed at turn start."""
    g = game(3, cards=(1, 2, 3))
    select(g, {0: ("QUARRY", "GOVERNOR"), 1: ("HOUSE", "PALACE")})
    assert g.state.players[0].revealed and not g.state.players[1].revealed
    assert g.view(2).players[0].plan == ["QUARRY", "GOVERNOR"]
    assert g.view(2).players[1].plan == [] and g.view(1).players[1].plan == ["HOUSE", "PALACE"]


def test_builder_house_names_part_zero_only() -> None:
    """R-CHAR-5: the Builder's house is no part of an action; only part 0 spells it."""
    g = game(3, cards=(5, 6, 1))
    select(g, {0: ("CHARACTER", "PALACE")})
    end_turns(g, until_seat=0)
    g.state.players[0].architect = "DEL"
    _refused(g, 0, it.BuildHouse(place="DEL", slot=BUILDER_SLOT, part=2), "R-CHAR-5")
    g.play(0, it.BuildHouse(place="DEL", slot=BUILDER_SLOT, part=0))
