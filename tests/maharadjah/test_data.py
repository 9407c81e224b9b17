"""The data files: the reconstructed map, the nations, the cards (§2, §5, §19)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.core.errors import RecordError
from engine.maharadjah.board import DATA, load_map, load_rules, the_board, the_rules


def test_map_facts() -> None:
    """W-MAP-1..9, W-GEN-2, W-AMB-1, W-AMB-2, W-AMB-23, W-AMB-45, W-POST-2."""
    b = the_board()
    assert len(b.territories) == 36 and len(b.seas) == 3 and len(b.barbarians) == 6
    edges = {frozenset((a, c)) for a, near in b.land.items() for c in near}
    assert len(edges) == 79
    rough = {t for t, x in b.territories.items() if x.rough}
    assert rough == {"ASM", "BHU", "LAD", "NEP", "BAL", "KAS", "AND", "GON", "KER", "MAH",
                     "MAL", "SIM"}
    assert len([t for t in b.territories.values() if t.seas]) == 15
    assert len([t for t in b.territories.values() if t.post_site]) == 12
    for a, c in (("GUJ", "RAJ"), ("RAJ", "DEL"), ("MLW", "KHA"), ("AGR", "OUD"), ("KAR", "KER")):
        assert c in b.land[a]
    for a, c in (("MLW", "GON"), ("BUN", "KHA"), ("DEL", "OUD"), ("LAH", "AGR")):
        assert c not in b.land[a]
    assert b.is_strait("KAR", "LAN")
    assert "BB" not in b.seas["AS"].adjacent_seas
    assert b.borders["BUR"] == frozenset({"ASM"}) and b.borders["PER"] == {"BAL", "SND"}


def test_bad_map_file_is_refused(tmp_path: Path) -> None:
    """W-MAP-1: a corrected board may replace the file; a broken one is refused by name."""
    data = json.loads((DATA / "map.json").read_text())
    data["land_edges"].append(["GUJ", "XXX"])
    data["territories"][0]["region"] = "MOON"
    bad = tmp_path / "map.json"
    bad.write_text(json.dumps(data))
    with pytest.raises(RecordError, match=r"map.json.*XXX.*MOON|map.json.*MOON"):
        load_map(bad)
    bad.write_text("{")
    with pytest.raises(RecordError, match="cannot be read"):
        load_map(bad)


def test_nations_and_counters() -> None:
    """W-GEN-1, W-COMP-1..9, W-AMB-12, W-AMB-13, W-LEAD-5, W-RAJ-1, W-EVT-1..3."""
    r = the_rules()
    assert len(r.nations) == 17 and sum(n.colonial for n in r.nations.values()) == 4
    armies = sum(n.armies for n in r.nations.values())
    posts = sum(n.posts for n in r.nations.values())
    growth_markers = sum(not n.colonial for n in r.nations.values())
    assert armies == 191 and posts == 15 and growth_markers == 13 and len(r.leaders) == 16
    assert armies + 16 + growth_markers + posts + 4 + 12 + 7 + 1 == 259
    assert r.nations["DUTCH"].armies == 3 and r.nations["FRENCH"].posts == 3
    assert {n for n in r.nations if r.nations[n].raj} == {"MAURYA", "GUPTA", "MUSLIMS",
                                                          "MUGHALS", "BRITISH"}
    assert r.nations["CHOLA"].boats == {6, 7, 8, 9, 10}
    assert r.turns[5]["great"] == "RAJPUTS" and r.turns[16]["great"] == "BRITISH"


def test_cards_validated(tmp_path: Path) -> None:
    """W-CARD-1, W-CARD-2, W-AMB-14, W-AMB-44: expanded turn keys; bad cards are refused."""
    cards = the_rules().cards
    assert cards["GREEKS"]["end_of_turn"][13] == {"GAN": 1, "KAS": 1, "LAH": 1, "PUN": 1}
    assert cards["BRITISH"]["raj"] and cards["DUTCH"]["colonial"]
    data = json.loads((DATA / "cards.json").read_text())
    data["cards"]["PANDYA"]["end_of_turn"]["10"]["ATLANTIS"] = 2
    bad = tmp_path / "cards.json"
    bad.write_text(json.dumps(data))
    with pytest.raises(RecordError, match="ATLANTIS"):
        load_rules(cards_path=bad)


def test_the_short_game_is_named_for_a_player_about_to_sit_down() -> None:
    """W-SETUP-S1: what a server's lobby shows of a short-game table; nothing else."""
    from engine.maharadjah import RULESET, Options

    assert RULESET.describe_options(Options(short_game=True)) == "short game (turns 9 to 16)"
    assert RULESET.describe_options(Options()) == ""
