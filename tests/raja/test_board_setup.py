"""Components, board data, modes and setup (R-COMP, R-MODE, R-SETUP, R-VAR-AUCTION)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.core.errors import IllegalIntent, RecordError
from engine.core.game import Game
from engine.raja import RULESET, Options, preset
from engine.raja import components as C
from engine.raja import intents as it
from engine.raja.board import BOARD_FILE, board, home_of, load_board
from engine.raja.state import Phase

from .helpers import LETTER, game, seats


def test_board_loads_with_30_villages_and_8_junctions() -> None:
    """R-COMP-1, R-COMP-2 items 1-5, R-AMB-1: the network comes from data and passes."""
    net = board()
    assert len(net.junctions) == 8 and net.start == "START"
    assert len(net.villages) == 30 and len(set(net.villages)) == 30
    assert all(3 <= len(net.roads_at[j]) <= 5 for j in net.junctions)


def test_default_board_is_the_maharaja_board_plus_two_villages() -> None:
    """R-COMP-2a: R08 carries v15 then v29, R13 v24 then v30; homes LAH 1 ... MAD 7."""
    net = board()
    assert net.roads["R08"].villages == ("v15", "v29")
    assert net.roads["R13"].villages == ("v24", "v30")
    assert home_of(net) == {"LAH": 1, "DEL": 2, "VAR": 3, "JAI": 4, "BIJ": 5, "HYD": 6, "MAD": 7}


def _broken(tmp_path: Path, change) -> Path:  # type: ignore[no-untyped-def]
    data = json.loads(BOARD_FILE.read_text())
    change(data)
    path = tmp_path / "board.json"
    path.write_text(json.dumps(data))
    return path


def test_board_checks_reject_duplicate_homes_and_bad_degree(tmp_path: Path) -> None:
    """R-COMP-2 items 4 and 6 are checked on load."""
    def dup_home(d):  # type: ignore[no-untyped-def]
        d["cities"][0]["home"] = 2
    with pytest.raises(RecordError, match="home"):
        load_board(_broken(tmp_path, dup_home))

    def lose_road(d):  # type: ignore[no-untyped-def]
        d["roads"] = [r for r in d["roads"] if r["id"] != "R01"]
        d["roads"][0]["villages"] = ["v03", "v04"]
    with pytest.raises(RecordError):
        load_board(_broken(tmp_path, lose_road))


def test_component_tables() -> None:
    """R-COMP-3, R-COMP-4, R-COMP-5, R-COMP-6, R-COMP-7, R-COMP-9: declared counts."""
    assert C.OUTER_SITES + 1 == 7 and C.CENTRAL_POINTS == 3
    assert C.PALACES == 7 and C.SETUP_HOUSES + C.QUARRY_HOUSES == 20
    assert sorted(C.CHARACTERS) == list(range(1, 8)) and C.TOKENS == 7
    state = RULESET.new_state(Options(), seats(3))
    assert state.maharaja == "START"  # the one Maharaja figure starts on START
    g = game(3)
    assert sorted(g.state.governors) == sorted(board().city_ids)  # seven governors


def test_setup_stocks_and_bank() -> None:
    """R-SETUP-1, R-SETUP-2, R-SETUP-3, R-SETUP-5, R-COMP-8: each colour's stocks."""
    state = RULESET.new_state(Options(), seats(4))
    p = state.players[0]
    assert (p.gold, p.architect, p.supply, p.setup_houses, p.quarry) == (15, "START", 7, 4, 16)
    assert state.bank == [1, 2, 3, 4, 5, 6] and len(state.players) == 4
    yogi = RULESET.new_state(Options(yogi_tokens=True, short_game=True), seats(2))
    assert yogi.bank[-1] == 7 and yogi.tokens == 7 and yogi.players[0].supply == 6


def test_governors_shuffled_onto_start_spaces() -> None:
    """R-SETUP-4, R-COMP-10: governors on indices 1-7 at random; the seed decides."""
    orders = set()
    for seed in range(6):
        g = Game(RULESET, seats(3), Options(), seed)
        track = g.steps[0].events[0].track
        assert sorted(track) == sorted(board().city_ids)
        orders.add(track)
    assert len(orders) > 1


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_neutral_palaces_and_player_count_table(n: int) -> None:
    """R-SETUP-6, R-SETUP-11, R-VAR-NEUTRAL-1, R-AMB-6: neutral palaces per city."""
    g = game(n)
    for city in g.state.cities.values():
        assert city.outer.count(C.NEUTRAL) == 5 - n
    assert C.VILLAGE_CAPACITY[n] == (1 if n == 2 else 2)
    assert len(C.REWARDS[n]) == n
    left = 7 - n - 1  # bank after one card each, with the Yogi
    assert len(game(n, options=Options(yogi_tokens=True)).state.bank) == left + 1


def test_neutral_switch_off_for_tests() -> None:
    """R-MODE-2: neutral_palaces can be switched off."""
    g = game(3, options=Options(neutral_palaces=False))
    assert all(not c.outer for c in g.state.cities.values())


def test_seat_count_checked() -> None:
    """R-MODE-1: 2-5 players."""
    for players in (seats(1), seats(5) + seats(1)):
        with pytest.raises(IllegalIntent) as err:
            Game(RULESET, players, Options())
        assert err.value.rule == "R-MODE-1"


def test_presets() -> None:
    """R-MODE-3, R-AMB-13: Basic, Advanced I, Advanced II (+ extras)."""
    assert preset("Basic") == Options()
    adv1 = preset("Advanced I")
    assert adv1.yogi_tokens and adv1.home_city and adv1.auction and not adv1.multi_character
    adv2 = preset("Advanced II", auction=True, short_game=True)
    assert adv2.multi_character and adv2.auction and adv2.short_game and not adv2.yogi_tokens


def test_character_choice_in_seat_order() -> None:
    """R-SETUP-7, R-SETUP-10: seat 0 picks first; cards are public; others wait."""
    g = Game(RULESET, seats(3), Options(), 1)
    assert g.to_move() == (0,)
    with pytest.raises(IllegalIntent):
        g.play(0, it.PickCard(card=7))
    g.play(0, it.PickCard(card=4))
    assert g.to_move() == (1,) and 4 not in g.state.bank
    assert it.PickCard(card=4) not in g.legal_intents(1)


def test_setup_houses_in_character_order_then_reserve() -> None:
    """R-SETUP-8, R-SETUP-9, R-AMB-19: 4 passes by card, villages only, then 6 to reserve."""
    g = Game(RULESET, seats(3), Options(), 1)
    for seat, card in enumerate((5, 2, 3)):
        g.play(seat, it.PickCard(card=card))
    assert g.state.phase == Phase.HOUSES
    assert g.state.setup_order == [1, 2, 0] * 4
    with pytest.raises(IllegalIntent) as err:
        g.play(1, it.PlaceSetupHouse(village="DEL"))
    assert err.value.rule == "R-AMB-19"
    for _ in range(12):
        seat = g.to_move()[0]
        g.play(seat, g.legal_intents(seat)[0])
    assert g.state.phase == Phase.SELECT
    assert all((p.reserve, p.quarry, p.setup_houses) == (6, 10, 0) for p in g.state.players)


def test_two_player_capacity_in_setup() -> None:
    """R-EX-15 / R-BUILD-1: with 2 players a second house on a village is rejected."""
    g = Game(RULESET, seats(2), Options(), 1)
    g.play(0, it.PickCard(card=1))
    g.play(1, it.PickCard(card=2))
    g.play(0, it.PlaceSetupHouse(village="v01"))
    with pytest.raises(IllegalIntent) as err:
        g.play(1, it.PlaceSetupHouse(village="v01"))
    assert err.value.rule == "R-BUILD-1"


def test_home_city_start() -> None:
    """R-SETUP-7a, R-VAR-HOME-2, R-AMB-15: architects start on their character's city."""
    g = game(3, cards=(3, 1, 6), options=Options(home_city=True))
    assert [p.architect for p in g.state.players] == ["VAR", "LAH", "HYD"]


def test_auction_example() -> None:
    """R-EX-16, R-VAR-AUCTION-1..5, R-AMB-14: the rulebook's 3-player auction."""
    g = game(3, options=Options(auction=True))
    assert g.to_move() == (0,)
    with pytest.raises(IllegalIntent) as err:
        g.play(0, it.Pass())
    assert err.value.rule == "R-AMB-14"
    with pytest.raises(IllegalIntent):
        g.play(0, it.Bid(amount=16))  # more than the 15 starting gold
    g.play(0, it.Bid(amount=2))
    g.play(1, it.Bid(amount=3))
    with pytest.raises(IllegalIntent):
        g.play(2, it.Bid(amount=3))  # must raise
    g.play(2, it.Pass())
    g.play(0, it.Pass())
    assert g.to_move() == (1,) and g.state.players[1].gold == 12
    g.play(1, it.PickCard(card=1))
    assert g.to_move() == (0,)  # next sub-auction opened by seat 0
    g.play(0, it.Bid(amount=0))
    g.play(2, it.Pass())
    g.play(0, it.PickCard(card=2))
    assert g.state.players[0].gold == 15
    assert g.to_move() == (2,)  # the last player chooses for free
    g.play(2, it.PickCard(card=6))
    assert g.state.players[2].gold == 15 and g.state.phase == Phase.HOUSES


def test_letters_map_to_cities() -> None:
    """R-COMP-6: governor markers use the city ids."""
    assert LETTER["A"] == "LAH" and LETTER["G"] == "MAD"


def test_ocr_readings() -> None:
    """R-AMB-17: card 3 is the Sadhu, "Béatisseur" is the Builder, "cing" colours are 5."""
    assert C.CHARACTERS[3] == "Sadhu" and C.CHARACTERS[5] == "Builder" and C.COLOURS == 5


def test_a_tables_modules_are_named_for_a_player_about_to_sit_down() -> None:
    """What a server's lobby shows of a table: a preset by its name (R-MODE-3), else each
    module (R-MODE-2), and the options that change the basic game's defaults."""
    assert RULESET.describe_options(Options()) == ""
    assert RULESET.describe_options(preset("Advanced I")) == "Advanced I game"
    assert RULESET.describe_options(preset("Advanced II", short_game=True)) == \
        "Advanced II game; short game"
    assert RULESET.describe_options(Options(auction=True, hidden_gold=False)) == \
        "character auction; open gold"
