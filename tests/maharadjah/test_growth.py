"""Growth, reinforcements, overpopulation, scheduled removals (§8, §13, §14; W-TEST-5, 6)."""

from __future__ import annotations

from engine.maharadjah import events as ev
from engine.maharadjah import intents as it
from tests.maharadjah.helpers import of, play, position, refused, settle

MAHRATTA_LANDS = {t: {"MAHRATTAS": 1} for t in ("MAH", "KHA", "BER", "BID", "BIJ", "GUJ")}


def test_growth_scenario() -> None:
    """W-TEST-5: W-GROW-1, W-GROW-2, W-GROW-4, W-GROW-5, W-GROW-6, W-AMB-3, W-AMB-4, W-AMB-5."""
    s = position(8, "MAHRATTAS", MAHRATTA_LANDS, phase="growth", growth={"MAHRATTAS": 3})
    events = settle(s)
    [g] = of(events, ev.GrowthFigured)
    assert (g.value, g.total, g.earned) == (11, 14, 2)  # 5½ + 1½ = 7
    play(s, "MAHRATTAS", it.PlaceArmy(space="KHA"))
    assert refused(s, "MAHRATTAS", it.PlaceArmy(space="KHA")) == "W-GROW-6"
    assert refused(s, "MAHRATTAS", it.PlaceArmy(space="DEL")) == "W-GROW-6"
    events = play(s, "MAHRATTAS", it.PlaceArmy(space="BER"))
    assert ev.GrowthSaved(nation="MAHRATTAS", halves=2) in events and s.growth["MAHRATTAS"] == 2


def test_growth_short_pool_and_regions() -> None:
    """W-TEST-5 variants: W-GROW-5 cap 2½ when the pool is short, W-GROW-3, W-EVT-3, W-GEN-4."""
    s = position(8, "MAHRATTAS", MAHRATTA_LANDS, phase="growth", growth={"MAHRATTAS": 3},
                 boxed={"MAHRATTAS": 5})
    settle(s)
    play(s, "MAHRATTAS", it.PlaceArmy(space="KHA"))
    assert s.growth["MAHRATTAS"] == 5
    lands = {t: {"MUSLIMS": 1} for t in ("DEL", "AGR", "OUD", "JAU", "BID", "MYS")}
    m = position(12, "MUSLIMS", lands, phase="growth", growth={"MUSLIMS": 0})
    events = settle(m)
    [g] = of(events, ev.GrowthFigured)
    assert (g.value, g.earned) == (4, 0) and m.growth["MUSLIMS"] == 4
    gupta = position(8, "GUPTA", {"BEN": {"GUPTA": 3}}, phase="growth", growth={"GUPTA": 4})
    settle(gupta)
    assert gupta.armies["BEN"] == {"GUPTA": 3} and gupta.growth["GUPTA"] == 4


def test_reinforcements_without_armies() -> None:
    """W-SCHED-6, W-GROW-7, W-LEAD-2: Chola turn 9 with no army go to vacant South India."""
    s = position(9, "CHOLA", {"MYS": {"PANDYA": 1}}, phase="growth")
    events = settle(s)
    [g] = of(events, ev.GrowthFigured)
    assert g.reinforcements == 2 and "MYS" not in g.spaces and "AND" in g.spaces
    play(s, "CHOLA", it.PlaceArmy(space="AND"))
    assert refused(s, "CHOLA", it.PlaceArmy(space="AND")) == "W-GROW-6"
    play(s, "CHOLA", it.PlaceArmy(space="BER"))
    assert s.todo[0].kind == "leader" and s.todo[0].what == "RAJA_RAJA"
    play(s, "CHOLA", it.PlaceLeader(space="BER"))
    assert s.leaders["RAJA_RAJA"] == "BER"


def test_overpopulation_scenario() -> None:
    """W-TEST-6: W-OVP-1, W-OVP-2, W-OVP-3, W-AMB-25."""
    s = position(10, "MUSLIMS", {"DEL": {"MUSLIMS": 4}, "AGR": {"MUSLIMS": 2},
                                 "OUD": {"MUSLIMS": 2}, "JAU": {"MUSLIMS": 2}}, phase="overpop")
    settle(s)
    assert s.todo[0].kind == "remove" and s.todo[0].count == 2
    play(s, "MUSLIMS", it.RemoveArmy(space="DEL"))
    events = play(s, "MUSLIMS", it.RemoveArmy(space="DEL"))
    assert sum(h.get("MUSLIMS", 0) for h in s.armies.values()) == 8
    assert not of(events, ev.VPScored)
    b = position(15, "BRITISH", {"BEN": {"BRITISH": 4}, "BB": {"BRITISH": 4}}, phase="overpop")
    settle(b)
    assert not b.todo


def test_scheduled_removals_and_replacement() -> None:
    """W-SCHED-1, W-SCHED-2, W-SCHED-3, W-SCHED-8, W-AMB-10, W-AMB-11, W-LEAD-5."""
    s = position(4, "MAURYA", {"BIH": {"MAURYA": 3}, "MAG": {"MAURYA": 3}, "ORI": {"MAURYA": 2}},
                 phase="turn_start", leaders={"ASHOKA": "BIH"}, leader_turn={"ASHOKA": 4},
                 growth={"MAURYA": 2})
    events = settle(s)
    assert ev.LeaderRemoved(leader="ASHOKA") in events and s.todo[0].count == 6
    for space in ("BIH", "BIH", "MAG", "MAG", "ORI", "ORI"):
        play(s, "MAURYA", it.RemoveArmy(space=space))
    assert sum(h.get("MAURYA", 0) for h in s.armies.values()) == 2
    s.phase, s.turn = "turn_start", 5
    events = settle(s)
    assert of(events, ev.NationReplaced) and "MAURYA" in s.gone
    assert s.armies["BIH"] == {"GUPTA": 1} and s.growth["GUPTA"] == 0


def test_end_of_sequence_removal_and_top_up() -> None:
    """W-SCHED-5, W-SCHED-7, W-LEAD-6: Alexander and 2 Greeks go; British to 6 in IO."""
    s = position(4, "GREEKS", {"GAN": {"GREEKS": 3}, "PUN": {"GREEKS": 3}}, phase="seq_end",
                 leaders={"ALEXANDER": "GAN"}, leader_turn={"ALEXANDER": 4})
    events = settle(s)
    assert ev.LeaderRemoved(leader="ALEXANDER") in events and s.todo[0].count == 2
    b = position(15, "BRITISH", {"BEN": {"BRITISH": 2}}, phase="start")
    events = settle(b)
    assert ev.ArmiesPlaced(nation="BRITISH", space="IO", armies=4, why="reinforcement") in events
