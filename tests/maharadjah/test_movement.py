"""Movement: distances, stops, overrun, the strait, boats, stacking (§10; W-TEST-1, 7, 8)."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalIntent
from engine.maharadjah import combat
from engine.maharadjah import events as ev
from engine.maharadjah import intents as it
from engine.maharadjah.legal import movable, reach, stack_moves
from engine.maharadjah.state import Phase
from tests.maharadjah.helpers import RULESET, end_move, of, play, position, refused, seat


def test_overrun_scenario() -> None:
    """W-TEST-1: W-MOVE-4, W-MOVE-5, W-AMB-6 (at least twice), W-MAP-2 item 7, W-RET-3."""
    s = position(10, "MUSLIMS", {"RAJ": {"MUSLIMS": 3}, "DEL": {"MUSLIMS": 3},
                                 "AGR": {"CHOLA": 2}, "OUD": {"CHOLA": 1}})
    play(s, "MUSLIMS", it.Move(start="RAJ", path=("AGR",), armies=3))
    assert refused(s, "MUSLIMS", it.Move(start="DEL", path=("AGR", "OUD"), armies=2)) == "W-MOVE-4"
    assert refused(s, "MUSLIMS", it.Move(start="DEL", path=("OUD",), armies=2)) == "W-MOVE-8"
    play(s, "MUSLIMS", it.Move(start="DEL", path=("AGR",), armies=1))
    play(s, "MUSLIMS", it.Move(start="DEL", path=("AGR", "OUD"), armies=2))
    assert s.armies["AGR"] == {"CHOLA": 2, "MUSLIMS": 4}
    assert s.armies["OUD"] == {"CHOLA": 1, "MUSLIMS": 2}
    end_move(s, "MUSLIMS")
    assert s.phase == Phase.COMBAT
    assert combat.compulsory(s) == [("AGR", "CHOLA"), ("OUD", "CHOLA")]
    # The OUD armies came from AGR: no retreat there while Chola armies hold it (W-RET-3).
    play(s, "MUSLIMS", it.Fight(space="OUD", enemy="CHOLA"))
    assert combat.attacker_retreats(s) == {}
    s.armies["AGR"] = {"MUSLIMS": 4}
    assert combat.attacker_retreats(s) == {"AGR": 2}


def test_distances_scenario() -> None:
    """W-TEST-8: W-MOVE-2, W-MOVE-3, W-MOVE-7, W-MOVE-8, W-MOVE-9, W-MAP-9, W-AMB-26."""
    s = position(11, "RAJPUTS", {"GUJ": {"RAJPUTS": 1}, "MLW": {"RAJPUTS": 1},
                                 "BUN": {"RAJPUTS": 1}, "MYS": {"RAJPUTS": 1},
                                 "KAR": {"RAJPUTS": 1}, "LAH": {"RAJPUTS": 1}})
    assert refused(s, "RAJPUTS", it.Move(start="MLW", path=("GON",), armies=1)) == "W-MOVE-8"
    assert refused(s, "RAJPUTS", it.Move(start="BUN", path=("KHA",), armies=1)) == "W-MOVE-8"
    assert refused(s, "RAJPUTS", it.Move(start="LAH", path=("AGR",), armies=1)) == "W-MOVE-8"
    assert refused(s, "RAJPUTS", it.Move(start="GUJ", path=("MAH", "BIJ"), armies=1)) == "W-MOVE-3"
    assert refused(s, "RAJPUTS", it.Move(start="MYS", path=("KAR", "LAN"), armies=1)) == "W-MOVE-7"
    assert refused(s, "RAJPUTS", it.Move(start="KAR", path=("LAN", "SIM"), armies=1)) == "W-MOVE-7"
    assert refused(s, "RAJPUTS", it.Move(start="GUJ", path=("RAJ", "DEL", "LAH"),
                                         armies=1)) == "W-MOVE-2"
    play(s, "RAJPUTS", it.Move(start="GUJ", path=("RAJ", "DEL"), armies=1))
    play(s, "RAJPUTS", it.Move(start="MLW", path=("KHA", "GON"), armies=1))
    play(s, "RAJPUTS", it.Move(start="KAR", path=("LAN",), armies=1))
    # it has moved
    assert refused(s, "RAJPUTS", it.Move(start="LAN", path=("SIM",), armies=1)) == "W-MOVE-1"
    b = position(13, "BRITISH", {"AS": {"BRITISH": 3}})
    assert refused(b, "BRITISH", it.Move(start="AS", path=("IO", "BB", "BEN", "BIH"),
                                         armies=1)) == "W-MOVE-2"
    play(b, "BRITISH", it.Move(start="AS", path=("IO", "BB", "BEN"), armies=1))
    play(b, "BRITISH", it.Move(start="AS", path=("IO", "GOL", "MYS"), armies=1))
    play(b, "BRITISH", it.Move(start="AS", path=("IO",), armies=1))  # W-MOVE-10: it may stay at sea
    assert b.armies["BEN"] == {"BRITISH": 1} and b.armies["MYS"] == {"BRITISH": 1}


def test_boats_scenario() -> None:
    """W-TEST-7: W-BOAT-1..5, W-EVT-2, W-MAP-4, W-AMB-8, W-AMB-23, W-MOVE-6, W-MOVE-10."""
    s = position(6, "CHOLA", {"MAL": {"CHOLA": 2}, "GOL": {"CHOLA": 2}, "BEN": {"CHOLA": 1},
                              "MYS": {"CHOLA": 1}})
    ends = {m.path[-1] for m in stack_moves(s, "MAL") if len(m.path) == 2 and m.path[0] in "AS IO"}
    assert {"BAL", "GOL"} <= ends
    assert refused(s, "CHOLA", it.Move(start="MAL", path=("IO", "GOL", "MYS"),
                                       armies=1)) == "W-BOAT-2"
    assert refused(s, "CHOLA", it.Move(start="BEN", path=("BB", "KER"), armies=1)) == "W-BOAT-2"
    assert refused(s, "CHOLA", it.Move(start="BEN", path=("BB", "IO", "GUJ"),
                                       armies=1)) == "W-BOAT-2"
    assert refused(s, "CHOLA", it.Move(start="MYS", path=("IO",), armies=1)) == "W-MOVE-10"
    assert refused(s, "CHOLA", it.Move(start="MAL", path=("AS",), armies=1)) == "W-BOAT-5"
    assert refused(s, "CHOLA", it.Move(start="MAL", path=("AS", "PER"), armies=1)) == "W-MOVE-6"
    play(s, "CHOLA", it.Move(start="GOL", path=("IO", "SIM"), armies=1))
    play(s, "CHOLA", it.Move(start="GOL", path=("BB", "ASM"), armies=1))
    play(s, "CHOLA", it.Move(start="MAL", path=("AS", "BAL"), armies=1))
    play(s, "CHOLA", it.Move(start="MAL", path=("IO", "GOL"), armies=1))
    nob = position(11, "CHOLA", {"MAL": {"CHOLA": 1}})
    assert refused(nob, "CHOLA", it.Move(start="MAL", path=("AS", "BAL"), armies=1)) == "W-BOAT-1"
    lead = position(9, "CHOLA", {"MYS": {"CHOLA": 1}, "KAR": {"CHOLA": 1}},
                    leaders={"RAJA_RAJA": "MYS"}, leader_turn={"RAJA_RAJA": 9})
    assert refused(lead, "CHOLA", it.Move(start="MYS", path=("KAR", "IO", "MAL", "BIJ", "MAH"),
                                          armies=1,
                                         leaders=("RAJA_RAJA",))) == "W-BOAT-3"
    play(lead, "CHOLA", it.Move(start="MYS", path=("KAR", "IO", "SIM", "LAN"), armies=1,
                                leaders=("RAJA_RAJA",)))
    assert lead.armies["LAN"] == {"CHOLA": 1} and lead.leaders["RAJA_RAJA"] == "LAN"
    two = position(9, "CHOLA", {"KAR": {"CHOLA": 1}}, leaders={"RAJA_RAJA": "KAR"},
                   leader_turn={"RAJA_RAJA": 9})
    play(two, "CHOLA", it.Move(start="KAR", path=("IO", "MAL", "BIJ", "MAH"), armies=1,
                               leaders=("RAJA_RAJA",)))
    assert two.armies["MAH"] == {"CHOLA": 1}


def test_leader_moves_three_and_ignores_rough() -> None:
    """W-LEAD-3, W-MOVE-3, W-AMB-7, W-AMB-36, W-MOVE-11, W-LEAD-7, W-LEAD-1."""
    s = position(13, "MAHRATTAS", {"KHA": {"MAHRATTAS": 2}, "BID": {"MUGHALS": 1}},
                 leaders={"SHIVAJI": "KHA", "NIZAM": "BER"}, leader_turn={"SHIVAJI": 13})
    # Without the leader an army stops in rough Maharashtra; with him it goes on.
    assert refused(s, "MAHRATTAS", it.Move(start="KHA", path=("MAH", "BIJ"),
                                           armies=1)) == "W-MOVE-3"
    assert refused(s, "MAHRATTAS", it.Move(start="KHA", path=("BER", "BID"), armies=0,
                                           leaders=("SHIVAJI",))) == "W-AMB-36"
    events = play(s, "MAHRATTAS", it.Move(start="KHA", path=("BER", "AND", "ORI"), armies=2,
                                          leaders=("SHIVAJI",)))
    assert of(events, ev.LeaderKilled) == [ev.LeaderKilled(leader="NIZAM", by="MAHRATTAS")]
    assert of(events, ev.VPScored) == [ev.VPScored(nation="MAHRATTAS", vp=2, why="Nizam killed")]
    assert s.armies["ORI"] == {"MAHRATTAS": 2}


def test_stacking_end_of_movement() -> None:
    """W-STACK-1..6, W-AMB-40: limits at the end of the phase, one large stack, the excess."""
    s = position(10, "MUSLIMS", {"DEL": {"MUSLIMS": 5}, "AGR": {"MUSLIMS": 2},
                                 "LAH": {"MUSLIMS": 4}})
    assert refused(s, "MUSLIMS", it.EndMovement()) == "W-STACK-3"
    play(s, "MUSLIMS", it.Move(start="LAH", path=("PUN",), armies=1))
    play(s, "MUSLIMS", it.EndMovement())  # DEL is the one large normal stack
    assert s.armies["DEL"] == {"MUSLIMS": 5}
    r = position(10, "MUSLIMS", {"KAS": {"MUSLIMS": 5}}, fresh={})  # all have moved
    events = end_move(r, "MUSLIMS")  # rough: at most 4 even as the large stack
    assert of(events, ev.ArmiesRemoved) == [ev.ArmiesRemoved(nation="MUSLIMS", space="KAS",
                                                             armies=1, why="stacking")]
    x = position(10, "MUSLIMS", {"KAS": {"MUSLIMS": 3}, "LAD": {"MUSLIMS": 3}}, fresh={})
    end_move(x, "MUSLIMS")
    assert sorted([x.armies["KAS"]["MUSLIMS"], x.armies["LAD"]["MUSLIMS"]]) == [2, 3]


def test_movable_and_stack_moves_building_blocks() -> None:
    """W-MOVE-1: which stacks can move, then where one can go; invaders must leave (W-INV-1)."""
    s = position(10, "MUGHALS", {"CAS": {"MUGHALS": 4}, "KAS": {"HARAPPANS": 1}})
    assert movable(s) == ["CAS"]
    ends = {m.path[0] for m in stack_moves(s, "CAS")}
    assert ends == {"GAN", "KAS"}
    assert refused(s, "MUGHALS", it.EndMovement()) == "W-INV-1"
    play(s, "MUGHALS", it.Move(start="CAS", path=("KAS",), armies=2))
    play(s, "MUGHALS", it.Move(start="CAS", path=("GAN", "PUN"), armies=2))
    assert "CAS" not in s.armies


def test_reach_says_where_and_how_many() -> None:
    """W-MOVE-2, W-LEAD-3: a picked stack's destinations with the most armies that can go."""
    s = position(13, "MAHRATTAS", {"KHA": {"MAHRATTAS": 2}}, leaders={"SHIVAJI": "KHA"},
                 leader_turn={"SHIVAJI": 13})
    where = reach(s, "KHA")
    assert where["BER"] == 2 and where["AND"] == 2  # 2 crossings, or 3 with Shivaji
    assert "ORI" in where and "GON" in where
    assert "KHA" not in where and reach(s, "BER") == {}


def test_armies_that_all_moved_are_refused_in_words_a_player_reads() -> None:
    """W-MOVE-1: each army moves once. Asked of a space whose armies have all moved (the
    map asks it of a stack's new space after each move), the refusal says they moved,
    not "only 0 ... have not moved"."""
    s = position(8, "RAJPUTS", {"MLW": {"RAJPUTS": 2}, "KAR": {"RAJPUTS": 1}})
    play(s, "RAJPUTS", it.Move(start="MLW", path=("KHA",), armies=2))  # KAR's may still go
    with pytest.raises(IllegalIntent) as refusal:
        RULESET.decide(s, seat(s, "RAJPUTS"), it.Move(start="KHA", path=("MLW",), armies=1))
    assert refusal.value.rule == "W-MOVE-1"
    assert "have moved this phase" in refusal.value.reason and "only 0" not in \
        refusal.value.reason


def test_a_path_beyond_a_stop_says_where_and_why_it_stops() -> None:
    """W-MOVE-4, W-MOVE-3: a player picking a space beyond a stop (the map's move to a
    space out of reach) reads where the move ends, why, and the space it cannot reach."""
    s = position(3, "MUSLIMS", {"DEL": {"MUSLIMS": 2}, "AGR": {"RAJPUTS": 1}})
    with pytest.raises(IllegalIntent) as enemy:
        RULESET.decide(s, seat(s, "MUSLIMS"), it.Move(start="DEL", path=("AGR", "OUD"),
                                                       armies=2))
    assert enemy.value.rule == "W-MOVE-4"
    assert enemy.value.reason == ("the move ends in Agra (it meets another nation's armies): "
                                  "it cannot go on to Oudh")
    r = position(8, "RAJPUTS", {"GUJ": {"RAJPUTS": 1}})
    with pytest.raises(IllegalIntent) as rough:
        RULESET.decide(r, seat(r, "RAJPUTS"), it.Move(start="GUJ", path=("MAH", "BIJ"),
                                                       armies=1))
    assert rough.value.rule == "W-MOVE-3" and "rough terrain" in rough.value.reason
