"""Movement: distances, stops, overrun, the strait, boats, stacking (§10; W-TEST-1, 7, 8)."""

from __future__ import annotations

from engine.maharadjah import combat
from engine.maharadjah import events as E
from engine.maharadjah import intents as I
from engine.maharadjah.legal import movable, reach, stack_moves
from engine.maharadjah.state import COMBAT
from tests.maharadjah.helpers import end_move, of, play, position, refused


def test_overrun_scenario() -> None:
    """W-TEST-1: W-MOVE-4, W-MOVE-5, W-AMB-6 (at least twice), W-MAP-2 item 7, W-RET-3."""
    s = position(10, "MUSLIMS", {"RAJ": {"MUSLIMS": 3}, "DEL": {"MUSLIMS": 3},
                                 "AGR": {"CHOLA": 2}, "OUD": {"CHOLA": 1}})
    play(s, "MUSLIMS", I.Move("RAJ", ("AGR",), 3))
    assert refused(s, "MUSLIMS", I.Move("DEL", ("AGR", "OUD"), 2)) == "W-MOVE-4"
    assert refused(s, "MUSLIMS", I.Move("DEL", ("OUD",), 2)) == "W-MOVE-8"
    play(s, "MUSLIMS", I.Move("DEL", ("AGR",), 1))
    play(s, "MUSLIMS", I.Move("DEL", ("AGR", "OUD"), 2))
    assert s.armies["AGR"] == {"CHOLA": 2, "MUSLIMS": 4}
    assert s.armies["OUD"] == {"CHOLA": 1, "MUSLIMS": 2}
    end_move(s, "MUSLIMS")
    assert s.phase == COMBAT
    assert combat.compulsory(s) == [("AGR", "CHOLA"), ("OUD", "CHOLA")]
    # The OUD armies came from AGR: no retreat there while Chola armies hold it (W-RET-3).
    play(s, "MUSLIMS", I.Fight("OUD", "CHOLA"))
    assert combat.attacker_retreats(s) == {}
    s.armies["AGR"] = {"MUSLIMS": 4}
    assert combat.attacker_retreats(s) == {"AGR": 2}


def test_distances_scenario() -> None:
    """W-TEST-8: W-MOVE-2, W-MOVE-3, W-MOVE-7, W-MOVE-8, W-MOVE-9, W-MAP-9, W-AMB-26."""
    s = position(11, "RAJPUTS", {"GUJ": {"RAJPUTS": 1}, "MLW": {"RAJPUTS": 1},
                                 "BUN": {"RAJPUTS": 1}, "MYS": {"RAJPUTS": 1},
                                 "KAR": {"RAJPUTS": 1}, "LAH": {"RAJPUTS": 1}})
    assert refused(s, "RAJPUTS", I.Move("MLW", ("GON",), 1)) == "W-MOVE-8"
    assert refused(s, "RAJPUTS", I.Move("BUN", ("KHA",), 1)) == "W-MOVE-8"
    assert refused(s, "RAJPUTS", I.Move("LAH", ("AGR",), 1)) == "W-MOVE-8"
    assert refused(s, "RAJPUTS", I.Move("GUJ", ("MAH", "BIJ"), 1)) == "W-MOVE-3"
    assert refused(s, "RAJPUTS", I.Move("MYS", ("KAR", "LAN"), 1)) == "W-MOVE-7"
    assert refused(s, "RAJPUTS", I.Move("KAR", ("LAN", "SIM"), 1)) == "W-MOVE-7"
    assert refused(s, "RAJPUTS", I.Move("GUJ", ("RAJ", "DEL", "LAH"), 1)) == "W-MOVE-2"
    play(s, "RAJPUTS", I.Move("GUJ", ("RAJ", "DEL"), 1))
    play(s, "RAJPUTS", I.Move("MLW", ("KHA", "GON"), 1))
    play(s, "RAJPUTS", I.Move("KAR", ("LAN",), 1))
    assert refused(s, "RAJPUTS", I.Move("LAN", ("SIM",), 1)) == "W-MOVE-1"  # it has moved
    b = position(13, "BRITISH", {"AS": {"BRITISH": 3}})
    assert refused(b, "BRITISH", I.Move("AS", ("IO", "BB", "BEN", "BIH"), 1)) == "W-MOVE-2"
    play(b, "BRITISH", I.Move("AS", ("IO", "BB", "BEN"), 1))
    play(b, "BRITISH", I.Move("AS", ("IO", "GOL", "MYS"), 1))
    play(b, "BRITISH", I.Move("AS", ("IO",), 1))  # W-MOVE-10: it may stay at sea
    assert b.armies["BEN"] == {"BRITISH": 1} and b.armies["MYS"] == {"BRITISH": 1}


def test_boats_scenario() -> None:
    """W-TEST-7: W-BOAT-1..5, W-EVT-2, W-MAP-4, W-AMB-8, W-AMB-23, W-MOVE-6, W-MOVE-10."""
    s = position(6, "CHOLA", {"MAL": {"CHOLA": 2}, "GOL": {"CHOLA": 2}, "BEN": {"CHOLA": 1},
                              "MYS": {"CHOLA": 1}})
    ends = {m.path[-1] for m in stack_moves(s, "MAL") if len(m.path) == 2 and m.path[0] in "AS IO"}
    assert {"BAL", "GOL"} <= ends
    assert refused(s, "CHOLA", I.Move("MAL", ("IO", "GOL", "MYS"), 1)) == "W-BOAT-2"
    assert refused(s, "CHOLA", I.Move("BEN", ("BB", "KER"), 1)) == "W-BOAT-2"
    assert refused(s, "CHOLA", I.Move("BEN", ("BB", "IO", "GUJ"), 1)) == "W-BOAT-2"
    assert refused(s, "CHOLA", I.Move("MYS", ("IO",), 1)) == "W-MOVE-10"
    assert refused(s, "CHOLA", I.Move("MAL", ("AS",), 1)) == "W-BOAT-5"
    assert refused(s, "CHOLA", I.Move("MAL", ("AS", "PER"), 1)) == "W-MOVE-6"
    play(s, "CHOLA", I.Move("GOL", ("IO", "SIM"), 1))
    play(s, "CHOLA", I.Move("GOL", ("BB", "ASM"), 1))
    play(s, "CHOLA", I.Move("MAL", ("AS", "BAL"), 1))
    play(s, "CHOLA", I.Move("MAL", ("IO", "GOL"), 1))
    nob = position(11, "CHOLA", {"MAL": {"CHOLA": 1}})
    assert refused(nob, "CHOLA", I.Move("MAL", ("AS", "BAL"), 1)) == "W-BOAT-1"
    lead = position(9, "CHOLA", {"MYS": {"CHOLA": 1}, "KAR": {"CHOLA": 1}},
                    leaders={"RAJA_RAJA": "MYS"}, leader_turn={"RAJA_RAJA": 9})
    assert refused(lead, "CHOLA", I.Move("MYS", ("KAR", "IO", "MAL", "BIJ", "MAH"), 1,
                                         ("RAJA_RAJA",))) == "W-BOAT-3"
    play(lead, "CHOLA", I.Move("MYS", ("KAR", "IO", "SIM", "LAN"), 1, ("RAJA_RAJA",)))
    assert lead.armies["LAN"] == {"CHOLA": 1} and lead.leaders["RAJA_RAJA"] == "LAN"
    two = position(9, "CHOLA", {"KAR": {"CHOLA": 1}}, leaders={"RAJA_RAJA": "KAR"},
                   leader_turn={"RAJA_RAJA": 9})
    play(two, "CHOLA", I.Move("KAR", ("IO", "MAL", "BIJ", "MAH"), 1, ("RAJA_RAJA",)))
    assert two.armies["MAH"] == {"CHOLA": 1}


def test_leader_moves_three_and_ignores_rough() -> None:
    """W-LEAD-3, W-MOVE-3, W-AMB-7, W-AMB-36, W-MOVE-11, W-LEAD-7, W-LEAD-1."""
    s = position(13, "MAHRATTAS", {"KHA": {"MAHRATTAS": 2}, "BID": {"MUGHALS": 1}},
                 leaders={"SHIVAJI": "KHA", "NIZAM": "BER"}, leader_turn={"SHIVAJI": 13})
    # Without the leader an army stops in rough Maharashtra; with him it goes on.
    assert refused(s, "MAHRATTAS", I.Move("KHA", ("MAH", "BIJ"), 1)) == "W-MOVE-3"
    assert refused(s, "MAHRATTAS", I.Move("KHA", ("BER", "BID"), 0, ("SHIVAJI",))) == "W-AMB-36"
    events = play(s, "MAHRATTAS", I.Move("KHA", ("BER", "AND", "ORI"), 2, ("SHIVAJI",)))
    assert of(events, E.LeaderKilled) == [E.LeaderKilled("NIZAM", "MAHRATTAS")]
    assert of(events, E.VPScored) == [E.VPScored("MAHRATTAS", 2, "Nizam killed")]
    assert s.armies["ORI"] == {"MAHRATTAS": 2}


def test_stacking_end_of_movement() -> None:
    """W-STACK-1..6, W-AMB-40: limits at the end of the phase, one large stack, the excess."""
    s = position(10, "MUSLIMS", {"DEL": {"MUSLIMS": 5}, "AGR": {"MUSLIMS": 2},
                                 "LAH": {"MUSLIMS": 4}})
    assert refused(s, "MUSLIMS", I.EndMovement()) == "W-STACK-3"
    play(s, "MUSLIMS", I.Move("LAH", ("PUN",), 1))
    play(s, "MUSLIMS", I.EndMovement())  # DEL is the one large normal stack
    assert s.armies["DEL"] == {"MUSLIMS": 5}
    r = position(10, "MUSLIMS", {"KAS": {"MUSLIMS": 5}}, fresh={})  # all have moved
    events = end_move(r, "MUSLIMS")  # rough: at most 4 even as the large stack
    assert of(events, E.ArmiesRemoved) == [E.ArmiesRemoved("MUSLIMS", "KAS", 1, "stacking")]
    x = position(10, "MUSLIMS", {"KAS": {"MUSLIMS": 3}, "LAD": {"MUSLIMS": 3}}, fresh={})
    end_move(x, "MUSLIMS")
    assert sorted([x.armies["KAS"]["MUSLIMS"], x.armies["LAD"]["MUSLIMS"]]) == [2, 3]


def test_movable_and_stack_moves_building_blocks() -> None:
    """W-MOVE-1: which stacks can move, then where one can go; invaders must leave (W-INV-1)."""
    s = position(10, "MUGHALS", {"CAS": {"MUGHALS": 4}, "KAS": {"HARAPPANS": 1}})
    assert movable(s) == ["CAS"]
    ends = {m.path[0] for m in stack_moves(s, "CAS")}
    assert ends == {"GAN", "KAS"}
    assert refused(s, "MUGHALS", I.EndMovement()) == "W-INV-1"
    play(s, "MUGHALS", I.Move("CAS", ("KAS",), 2))
    play(s, "MUGHALS", I.Move("CAS", ("GAN", "PUN"), 2))
    assert "CAS" not in s.armies


def test_reach_says_where_and_how_many() -> None:
    """W-MOVE-2, W-LEAD-3: a picked stack's destinations with the most armies that can go."""
    s = position(13, "MAHRATTAS", {"KHA": {"MAHRATTAS": 2}}, leaders={"SHIVAJI": "KHA"},
                 leader_turn={"SHIVAJI": 13})
    where = reach(s, "KHA")
    assert where["BER"] == 2 and where["AND"] == 2  # 2 crossings, or 3 with Shivaji
    assert "ORI" in where and "GON" in where
    assert "KHA" not in where and reach(s, "BER") == {}
