"""Rounds, governor track, turn order, city scoring and the end (R-ROUND, R-ACT-3,
R-SCORE, R-END, R-VAR-SHORT, R-VAR-HOME, R-VAR-MULTI)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.errors import IllegalIntent
from engine.raja import RULESET as RULES
from engine.raja import Options
from engine.raja import events as ev
from engine.raja import intents as it
from engine.raja.rules import governor_moves
from engine.raja.scoring import city_points, final_ranking, score_city
from engine.raja.state import Phase

from .helpers import LETTER, end_turns, game, gold, route, select, slot_of

A, B, C_, D, E_, F, G = (LETTER[x] for x in "ABCDEFG")


def _tolls_paid(events: list[Any], seat: int) -> int:
    return sum(
        sum(c for _, c in e.tolls) for e in events
        if isinstance(e, ev.ArchitectMoved) and e.seat == seat and not e.bank_pays
    )


def test_round_start_moves_maharaja_and_governor() -> None:
    """R-ROUND-1, R-ROUND-2, R-COMP-10: to the lowest governor, placed on max + 1."""
    g = game(3)
    assert g.state.maharaja == A and g.state.governors[A] == 8 and g.state.round == 1
    assert g.state.phase == Phase.SELECT


def test_secret_selection_is_simultaneous_and_hidden() -> None:
    """R-ROUND-3, R-INFO-2: every seat selects at once; others see nothing until the turn."""
    g = game(3)
    assert g.to_move() == (0, 1, 2)
    g.play(2, it.SelectActions(first="PALACE", second="PALACE"))  # the same action twice is allowed
    assert g.to_move() == (0, 1)
    assert g.view(0).players[2].plan == [] and g.view(2).players[2].plan == ["PALACE", "PALACE"]
    assert RULES.redact(g.steps[-1].events[0], 0).actions == ()
    with pytest.raises(IllegalIntent):
        g.play(2, it.SelectActions(first="GOLD", second="GOLD"))
    with pytest.raises(IllegalIntent):
        g.play(0, it.SelectActions(first="GOLD", second="FLY"))


def test_rulebook_full_round() -> None:
    """R-EX-2, R-ROUND-4, R-ROUND-5, R-SCORE-1, R-SCORE-4: the 4-player example round."""
    spots = ("v18", "v19", "v13", "v14", "v01", "v02", "v15", "v29") * 2
    g = game(4, cards=(1, 3, 5, 6), houses=spots)
    for p in g.state.players:
        p.gold = 50
    celine, fred, olivier, sophie = range(4)
    select(g, {celine: ("PALACE_HOUSE", "GOLD"), fred: ("PALACE_HOUSE", "MOVE_HOUSE"),
               olivier: ("TWO_HOUSES", "TWO_HOUSES"), sophie: ("PALACE_HOUSE", "GOVERNOR")})
    assert g.state.maharaja == A
    # 1. Celine
    log: list[Any] = []
    g.play(celine, it.TakeGold(slot=1, part=0))
    g.play(celine, it.BuildHouse(place="v30", slot=0, part=1))
    log += g.play(celine, route(g, celine, A))
    g.play(celine, it.BuildPalace(central=True, slot=0, part=0))
    assert gold(g)[celine] + _tolls_paid(log, celine) == 50 - 11
    log += g.play(celine, it.EndTurn())
    # 2. Fred
    start = g.state.players[fred].gold
    log = g.play(fred, route(g, fred, A))
    g.play(fred, it.BuildPalace(central=False, slot=0, part=0))
    g.play(fred, it.BuildHouse(place=A, slot=0, part=1))
    g.play(fred, it.MoveHouse(source="v02", dest=A, slot=1, part=0))
    assert start - g.state.players[fred].gold - _tolls_paid(log, fred) == 13
    g.play(fred, it.EndTurn())
    # 3. Olivier
    log = g.play(olivier, route(g, olivier, A))
    start = g.state.players[olivier].gold
    for slot in (0, 1):
        for part in (0, 1):
            g.play(olivier, it.BuildHouse(place=A, slot=slot, part=part))
    g.play(olivier, it.BuildHouse(place=A, slot=-1, part=0))  # the Builder's free 5th house
    assert (start - g.state.players[olivier].gold, g.state.players[olivier].reserve) == (4, 1)
    g.play(olivier, it.EndTurn())
    # 4. Sophie
    g.play(sophie, route(g, sophie, D))
    start = g.state.players[sophie].gold
    g.play(sophie, it.BuildPalace(central=True, slot=0, part=0))
    g.play(sophie, it.BuildHouse(place=D, slot=0, part=1))
    assert start - g.state.players[sophie].gold == 10
    g.play(sophie, it.MoveGovernor(city=D, slot=1, part=0))
    assert (g.state.governors[D], g.state.governors[B], g.state.governors[C_]) == (2, 3, 4)
    g.play(sophie, route(g, sophie, A))
    before = gold(g)
    events = g.play(sophie, it.EndTurn())
    scored = next(e for e in events if isinstance(e, ev.CityScored))
    assert scored.city == A
    assert scored.points == ((olivier, 6), (fred, 5), (celine, 4), (sophie, 1))
    assert scored.rewards == ((olivier, 12), (fred, 9), (celine, 6), (sophie, 3))
    assert scored.monopoly == -1
    assert [a - b for a, b in zip(gold(g), before, strict=True)] == [6, 9, 12, 3]
    # Round 2: the Maharaja goes to D, placed on printed "2" (index 9).
    assert g.state.round == 2 and g.state.maharaja == D and g.state.governors[D] == 9


def test_governor_example_1() -> None:
    """R-EX-3, R-ACT-3, R-AMB-4: move D down 2: D at 2, B at 3, C at 4."""
    track = {A: 8, B: 2, C_: 3, D: 4, E_: 5, F: 6, G: 7}
    moves = dict(governor_moves(track, D))
    assert moves == {C_: 4, B: 3, D: 2}


def test_governor_example_2_with_gap() -> None:
    """R-EX-4, R-AMB-2, R-AMB-3: a gap is left; the next round uses F, placed above C."""
    g = game(3, track="ABDCEFG")
    g.state.governors = {A: 8, B: 9, D: 10, C_: 11, E_: 5, F: 6, G: 7}
    g.state.round = 4
    select(g, {0: ("GOVERNOR", "GOLD")})
    g.play(0, it.MoveGovernor(city=F, slot=0, part=0))
    assert (g.state.governors[E_], g.state.governors[F]) == (6, 4)
    assert 5 not in g.state.governors.values()
    end_turns(g)
    assert g.state.round == 5 and g.state.maharaja == F and g.state.governors[F] == 12


def test_governor_at_the_bottom_cannot_move() -> None:
    """R-AMB-3, R-ACT-3: only a governor at index 3 or above may be chosen."""
    g = game(3)
    select(g, {0: ("GOVERNOR", "GOLD")})
    with pytest.raises(IllegalIntent) as err:
        g.play(0, it.MoveGovernor(city=B, slot=0, part=0))  # B sits on index 2
    assert err.value.rule == "R-AMB-3"
    cities = {i.city for i in g.legal_intents(0) if isinstance(i, it.MoveGovernor)}
    assert B not in cities and A in cities  # a visited city's governor may move


@pytest.mark.parametrize("victim_card,order", [(5, [2, 1, 3]), (6, [3, 1, 2])])
def test_turn_order_recomputed(victim_card: int, order: list[int]) -> None:
    """R-EX-12, R-ROUND-6, R-AMB-16: the order is worked out again after each turn."""
    g = game(4, cards=(1, 3, 5, 6))
    select(g, {0: ("CHARACTER", "GOLD")})
    victim = (1, 3, 5, 6).index(victim_card)
    g.play(0, it.TakeCharacter(card=victim_card, slot=0, part=0))
    g.play(victim, it.PickCard(card=1))
    seen = []
    while g.state.turn is not None:
        seat = g.state.turn.seat
        seen.append(seat)
        g.play(seat, it.EndTurn())
    assert seen == [0, *order]  # every player exactly one turn


def test_points_example() -> None:
    """R-EX-1, R-SCORE-1, R-SCORE-2: architect 1, houses 1, outer 1, central 3."""
    g = game(3, cards=(1, 2, 4))
    matthieu, nadine, elodie = range(3)
    state = g.state
    city = state.cities[C_]
    state.players[matthieu].architect = C_
    state.players[elodie].architect = C_
    city.houses[:] = [nadine, elodie, elodie]
    city.outer.append(elodie)
    city.central = elodie
    assert city_points(state, C_) == {matthieu: 1, nadine: 1, elodie: 7}


def test_sadhu_outer_palaces() -> None:
    """R-CHAR-3, R-SCORE-2: the Sadhu's outer palaces score 2, central still 3."""
    g = game(3, cards=(3, 1, 2))
    city = g.state.cities[C_]
    city.outer.append(0)
    city.central = 0
    assert city_points(g.state, C_)[0] == 5


def test_monopoly() -> None:
    """R-EX-10, R-SCORE-6, R-AMB-6: only Red scores: +11 +5; a neutral palace changes nothing."""
    g = game(3, cards=(1, 2, 3))
    g.state.maharaja = C_
    g.state.players[0].architect = C_
    g.state.cities[C_].central = 0
    assert -1 in g.state.cities[C_].outer  # the neutral palaces of R-SETUP-6
    scored = score_city(g.state)
    assert scored.points == ((0, 4),) and scored.rewards == ((0, 16),) and scored.monopoly == 0


def test_tie_goes_to_the_lower_card() -> None:
    """R-EX-11, R-SCORE-3, R-SCORE-5, R-CHAR-7: equal points rank by card; no monopoly."""
    g = game(4, cards=(5, 1, 2, 3))
    merchant, builder = 2, 0
    g.state.maharaja = C_
    g.state.cities[C_].houses[:] = [builder] * 3 + [merchant] * 3
    scored = score_city(g.state)
    assert scored.rewards == ((merchant, 12), (builder, 9)) and scored.monopoly == -1


def test_home_city_point() -> None:
    """R-VAR-HOME-1: the home character's holder scores +1 and breaks a monopoly."""
    g = game(3, cards=(1, 3, 2), options=Options(home_city=True))
    g.state.maharaja = "VAR"  # home of the Sadhu (3), held by seat 1
    g.state.cities["VAR"].central = 0
    for p in g.state.players:
        p.architect = "START"
    scored = score_city(g.state)
    assert scored.points == ((0, 3), (1, 1)) and scored.monopoly == -1


def test_points_not_kept() -> None:
    """R-SCORE-7: only gold carries forward; the state keeps no points."""
    g = game(3)
    assert not hasattr(g.state.players[0], "points")


def test_end_ranking() -> None:
    """R-EX-13, R-END-2: palaces, then gold, then the lower card."""
    g = game(3, cards=(2, 1, 3))
    g.state.cities[A].outer += [0, 0, 0, 0]
    g.state.cities[B].central = 0
    g.state.cities[B].outer += [1, 1, 1, 1]
    g.state.cities[C_].central = 1
    g.state.players[0].gold, g.state.players[1].gold = 20, 31
    assert final_ranking(g.state)[:2] == (1, 0)
    g.state.players[0].gold = 31
    assert final_ranking(g.state)[:2] == (1, 0)  # card 1 beats card 2
    g.state.players[0].cards = [1]
    g.state.players[1].cards = [2]
    assert final_ranking(g.state)[:2] == (0, 1)


def test_last_palace_ends_after_the_round() -> None:
    """R-EX-17, R-END-1, R-ROUND-7: the 7th palace; the round is finished and scored."""
    g = game(3, cards=(1, 2, 3))
    g.state.players[0].supply = 1
    g.state.players[0].architect = A
    select(g, {0: ("PALACE", "GOLD")})
    g.play(0, it.BuildPalace(central=True, slot=0, part=0))
    assert g.state.end_triggered and not g.is_over()
    g.play(0, it.EndTurn())
    assert g.to_move() == (1,)
    g.play(1, it.EndTurn())
    events = g.play(2, it.EndTurn())
    kinds = [type(e) for e in events]
    assert kinds.index(ev.CityScored) < kinds.index(ev.GameEnded)
    assert g.is_over() and g.to_move() == () and g.state.ranking[0] == 0


@pytest.mark.parametrize("short,top", [(False, 16), (True, 14)])
def test_track_end(short: bool, top: int) -> None:
    """R-END-1, R-END-3, R-VAR-SHORT-2, R-AMB-12: a governor placed on printed 10 (8)."""
    g = game(3, options=Options(short_game=short))
    g.state.governors[A] = top
    g.state.round = 3
    select(g, {})
    end_turns(g)
    assert g.state.round == 4 and g.state.end_triggered and not g.is_over()
    select(g, {})
    end_turns(g)
    assert g.is_over()


def test_round_count_does_not_end_the_game() -> None:
    """R-END-3: only the track ends the game, however many rounds have passed."""
    g = game(3)
    g.state.round = 14
    select(g, {})
    end_turns(g)
    assert g.state.round == 15 and not g.state.end_triggered


@pytest.mark.parametrize("short,rounds", [(True, 8), (False, 9)])
def test_short_game_ends_after_round_8_whatever_the_track(short: bool, rounds: int) -> None:
    """R-VAR-SHORT-2, R-AMB-12: "le nombre maximum de tours de jeu est de 8" is a hard
    cap: with governor moves (R-ACT-3) keeping the track low, the short game still ends
    after the scoring of round 8 (announced as the last round); the basic game goes on
    (R-END-3)."""
    g = game(3, options=Options(short_game=short))
    g.state.round = 6  # round 6's selection
    for number in (7, 8):
        for city, index in g.state.governors.items():  # governor moves slowed the track
            g.state.governors[city] = min(index, 9)
        select(g, {})
        end_turns(g)  # round number - 1 is scored, round ``number`` starts
        started = next(e for e in g.steps[-1].events if isinstance(e, ev.RoundStarted))
        assert started.round == number and started.governor_to < 15  # below space 8
        assert started.ends == g.state.end_triggered == (number == rounds)
    select(g, {})
    end_turns(g)
    assert g.is_over() == short and g.state.round == (8 if short else 9)


def test_short_game_six_palaces() -> None:
    """R-VAR-SHORT-1: 6 palaces; the 6th triggers the end."""
    g = game(3, options=Options(short_game=True))
    assert g.state.players[0].supply == 6


def test_multi_character_take_exchange_attract() -> None:
    """R-VAR-MULTI-1..5, R-MODE-2: take from the bank; when empty, exchange or attract."""
    opts = Options(multi_character=True)
    g = game(2, cards=(3, 1), options=opts)
    assert [p.cards for p in g.state.players] == [[3], [1]]  # one card each at setup
    select(g, {0: ("CHARACTER", "CHARACTER"), 1: ("CHARACTER", "GOLD")})
    assert g.state.turn.seat == 1  # lowest card first
    with pytest.raises(IllegalIntent):
        g.play(1, it.TakeCharacter(card=3, slot=0, part=0))  # bank not empty: must take from it
    g.play(1, it.TakeCharacter(card=2, slot=0, part=0))
    assert sorted(g.state.players[1].cards) == [1, 2] and g.state.players[1].gold == 16
    g.play(1, it.EndTurn())
    g.play(0, it.TakeCharacter(card=4, slot=0, part=0))
    g.state.bank.clear()  # scenario: the bank runs dry
    g.state.players[0].cards = [3, 4]
    g.state.players[1].cards = [1, 2, 5, 6]
    # exchange: the taker picks what to give
    g.play(0, it.TakeCharacter(card=1, slot=1, part=0, give=4))
    assert sorted(g.state.players[0].cards) == [1, 3]
    assert sorted(g.state.players[1].cards) == [2, 4, 5, 6]


def test_multi_attract() -> None:
    """R-VAR-MULTI-2: attract only from a player holding more cards; the target chooses."""
    g = game(2, cards=(3, 1), options=Options(multi_character=True))
    select(g, {1: ("CHARACTER", "GOLD")})
    g.state.bank.clear()
    g.state.players[0].cards = [3, 4, 5]
    with pytest.raises(IllegalIntent):
        g.play(1, it.AttractCharacter(target=1, slot=0, part=0))  # not from yourself
    g.play(1, it.AttractCharacter(target=0, slot=0, part=0))
    assert g.to_move() == (0,)
    assert {i.card for i in g.legal_intents(0)} == {3, 4, 5}
    g.play(0, it.GiveCard(card=5))
    assert sorted(g.state.players[1].cards) == [1, 5] and g.to_move() == (1,)
    g.state.players[1].cards = [1]
    g.state.players[0].cards = [3]
    with pytest.raises(IllegalIntent):
        g.play(1, it.AttractCharacter(target=0, slot=slot_of(g, "GOLD"), part=0))


def test_multi_once_per_card_type() -> None:
    """R-VAR-MULTI-3, R-CHAR-8: all powers apply; Merchant gold only once per turn."""
    g = game(2, cards=(2, 1), options=Options(multi_character=True))
    select(g, {0: ("CHARACTER", "GOLD")})
    end_turns(g, until_seat=0)
    g.play(0, it.TakeCharacter(card=6, slot=0, part=0))
    assert g.state.turn.merchant_paid and g.state.players[0].gold == 16
    assert RULES.decide(g.state, 0, it.TakeGold(slot=slot_of(g, "GOLD"), part=0))
    assert g.state.players[0].cards == [2, 6]  # holds both: Merchant and Craftsman powers

