"""Audit of §10-§11: stacking, boats and retreat rules cited only in ranges before."""

from __future__ import annotations

from engine.maharadjah import combat, legal, rules
from engine.maharadjah import events as ev
from engine.maharadjah import intents as it
from engine.maharadjah import queries as Q
from tests.maharadjah.helpers import Dice, end_move, play, position, refused, seat


def test_one_large_stack_normal_or_rough() -> None:
    """W-STACK-2: one normal territory with any number, or one rough with at most 4,
    never both; W-STACK-5: sea zones have no limit."""
    assert Q.stacks_ok({"DEL": 7}) and Q.stacks_ok({"MAH": 4})
    assert not Q.stacks_ok({"MAH": 5})
    assert not Q.stacks_ok({"DEL": 4, "MAH": 3})
    assert not Q.stacks_ok({"DEL": 4, "AGR": 4})
    assert Q.stacks_ok({"AS": 9, "DEL": 3, "MAH": 2})


def test_end_of_movement_refused_with_two_large_stacks() -> None:
    """W-STACK-2, W-STACK-3: two over-limit territories while an army can still move."""
    s = position(10, "MUSLIMS", {"DEL": {"MUSLIMS": 4}, "RAJ": {"MUSLIMS": 3},
                                 "AGR": {"MUSLIMS": 1}})
    play(s, "MUSLIMS", it.Move(start="AGR", path=("RAJ",), armies=1))
    assert refused(s, "MUSLIMS", it.EndMovement()) == "W-STACK-3"


def test_leaders_do_not_count_for_stacking() -> None:
    """W-STACK-5, W-LEAD-1: a leader joining a full territory breaks no limit."""
    s = position(13, "MUGHALS", {"DEL": {"MUGHALS": 3}, "AGR": {"MUGHALS": 3}},
                 leaders={"ALAMGIR": "AGR"}, leader_turn={"ALAMGIR": 13})
    play(s, "MUGHALS", it.Move(start="AGR", path=("DEL",), armies=0, leaders=("ALAMGIR",)))
    assert s.leaders["ALAMGIR"] == "DEL"
    assert Q.stacks_ok(Q.nation_counts(s, "MUGHALS"))


def test_landing_into_enemies_fights_and_cannot_retreat() -> None:
    """W-BOAT-4, W-RET-3: a landing in an enemy territory ends in a battle; the landed
    army may not retreat to the sea nor to its coast of departure."""
    s = position(7, "CHOLA", {"KAR": {"CHOLA": 2}, "LAN": {"SINHALESE": 1}})
    play(s, "CHOLA", it.Move(start="KAR", path=("IO", "LAN"), armies=2))
    end_move(s, "CHOLA", Dice([1, 1, 1]))
    assert s.battle is not None and s.battle.space == "LAN"
    assert combat.attacker_retreats(s) == {}


def test_leader_with_boats_may_land_then_cross_once() -> None:
    """W-BOAT-3, W-AMB-8: land-sea-land with a leader (one crossing before embarking, one
    after landing); without the leader the landing ends the move (W-BOAT-2)."""
    g = position(7, "GUPTA", {"BEN": {"GUPTA": 2}}, leaders={"CHANDRA": "BEN"},
                 leader_turn={"CHANDRA": 7})
    assert refused(g, "GUPTA", it.Move(start="BEN", path=("BB", "GOL", "MYS"),
                                       armies=1)) == "W-BOAT-2"
    assert refused(g, "GUPTA", it.Move(start="BEN", path=("ORI", "BB", "GOL", "MYS", "BID"),
                                       armies=1,
                                      leaders=("CHANDRA",))) in ("W-BOAT-3", "W-MOVE-2")
    play(g, "GUPTA", it.Move(start="BEN", path=("ORI", "BB", "GOL", "MYS"), armies=1,
                             leaders=("CHANDRA",)))
    assert g.armies["MYS"] == {"GUPTA": 1}


def test_vacant_retreat_next_to_the_attacker_is_closed() -> None:
    """W-RET-2 (b): a vacant territory bordering another attacker-held territory is no
    destination (DEL and PUN touch Muslim LAH); the entered-from SND is closed too."""
    s = position(10, "MUSLIMS", {"SND": {"MUSLIMS": 3}, "RAJ": {"RAJPUTS": 3},
                                 "LAH": {"MUSLIMS": 1}})
    play(s, "MUSLIMS", it.Move(start="SND", path=("RAJ",), armies=3))
    end_move(s, "MUSLIMS")
    play(s, "RAJPUTS", it.Stand(), Dice([1] * 6))  # no submission (W-SUB-1); one round
    assert combat.defender_retreats(s) == ["AGR", "GUJ", "MLW"]


def test_army_kills_lone_leader_and_goes_on() -> None:
    """W-MOVE-11, W-LEAD-7 (a): the army is not stopped; a lone leader meeting a lone
    leader stays with it and kills nobody (W-LEAD-8)."""
    s = position(13, "MUSLIMS", {"JAU": {"MUSLIMS": 1}}, leaders={"AKBAR": "AGR"},
                 leader_turn={"AKBAR": 12})
    events = play(s, "MUSLIMS", it.Move(start="JAU", path=("AGR", "DEL"), armies=1))
    assert ev.LeaderKilled(leader="AKBAR",
                           by="MUSLIMS") in events and s.armies["DEL"] == {"MUSLIMS": 1}
    t = position(13, "MUGHALS", {"DEL": {"MUGHALS": 1}},
                 leaders={"AKBAR": "DEL", "SANGA": "AGR"},
                 leader_turn={"AKBAR": 13, "SANGA": 12})
    events = play(t, "MUGHALS", it.Move(start="DEL", path=("AGR",), armies=0, leaders=("AKBAR",)))
    assert not [e for e in events if isinstance(e, ev.LeaderKilled)]
    assert t.leaders == {"AKBAR": "AGR", "SANGA": "AGR"}


def test_leader_may_leave_with_an_early_retreating_group() -> None:
    """W-RET-5: leaders and arms markers may leave with any retreating group of their
    nation, not only the last; the armies left behind fight on without them."""
    s = position(13, "MUSLIMS", {"JAU": {"MUSLIMS": 3}, "BUN": {"MAHRATTAS": 2}},
                 leaders={"SHIVAJI": "BUN"}, leader_turn={"SHIVAJI": 13})
    play(s, "MUSLIMS", it.Move(start="JAU", path=("BUN",), armies=3), Dice([1, 1, 1, 1, 1]))
    assert it.Retreat(to="GON", armies=1, escort=True) in legal.retreat_options(s)
    events = play(s, "MAHRATTAS", it.Retreat(to="GON", armies=1, escort=True))
    assert ev.Retreated(nation="MAHRATTAS", space="BUN", to="GON", armies=1, leaders=("SHIVAJI",),
                        arms=()) in events
    assert s.leaders["SHIVAJI"] == "GON" and s.armies["BUN"]["MAHRATTAS"] == 1
    assert combat.bonus(s, "MAHRATTAS", "BUN") == 0
    t = position(13, "MUSLIMS", {"JAU": {"MUSLIMS": 3}, "BUN": {"MAHRATTAS": 2}},
                 leaders={"SHIVAJI": "BUN"}, leader_turn={"SHIVAJI": 13})
    play(t, "MUSLIMS", it.Move(start="JAU", path=("BUN",), armies=3), Dice([1, 1, 1, 1, 1]))
    play(t, "MAHRATTAS", it.Retreat(to="GON", armies=1))  # without escort the leader stays
    assert t.leaders["SHIVAJI"] == "BUN"


def test_armies_with_a_leader_may_stop_along_its_path() -> None:
    """W-LEAD-3: an army accompanying a leader may stop at any space of the path: one of
    three Mughal armies stops in Bundelkhand (past rough-free Agra), the leader and two
    go on to Gondwana (rough, no stop with the leader)."""
    s = position(13, "MUGHALS", {"DEL": {"MUGHALS": 3}, "LAH": {"MUGHALS": 1}},
                 leaders={"ALAMGIR": "DEL"}, leader_turn={"ALAMGIR": 13})
    drop = it.Move(start="DEL", path=("AGR", "BUN", "GON"), armies=3, leaders=("ALAMGIR",),
                   drops=(0, 1))
    whole = it.Move(start="DEL", path=("AGR", "BUN", "GON"), armies=3, leaders=("ALAMGIR",))
    assert whole in legal.stack_moves(s, "DEL") and drop in legal.drop_moves(s, whole)
    assert all(rules.is_legal(s, seat(s, "MUGHALS"), m) for m in legal.drop_moves(s, whole))
    events = play(s, "MUGHALS", drop)
    assert ev.Moved(nation="MUGHALS", start="DEL", path=("AGR", "BUN"), armies=1) in events
    assert s.armies["BUN"] == {"MUGHALS": 1} and s.armies["GON"] == {"MUGHALS": 2}
    assert s.leaders["ALAMGIR"] == "GON" and s.arrived["BUN"] == {"AGR": 1}
    # the rough stop still binds an army alone, so without drops it could not get there
    t = position(13, "MUGHALS", {"DEL": {"MUGHALS": 3}, "AGR": {"MUGHALS": 1}},
                 leaders={"ALAMGIR": "DEL"}, leader_turn={"ALAMGIR": 13})
    assert refused(t, "MUGHALS", it.Move(start="DEL", path=("NEP", "BIH"), armies=1)) == "W-MOVE-3"
    play(t, "MUGHALS", it.Move(start="DEL", path=("NEP", "BIH", "MAG"), armies=2,
                               leaders=("ALAMGIR",), drops=(0, 1)))
    assert t.armies["BIH"] == {"MUGHALS": 1} and t.armies["MAG"] == {"MUGHALS": 1}
    # drops need a leader or arms marker, fit the path and the armies moved
    assert refused(t, "MUGHALS", it.Move(start="AGR", path=("JAU", "BIH"), armies=1,
                                         drops=(1,))) == "W-LEAD-3"
    u = position(13, "MUGHALS", {"DEL": {"MUGHALS": 3}},
                 leaders={"ALAMGIR": "DEL"}, leader_turn={"ALAMGIR": 13})
    assert refused(u, "MUGHALS", it.Move(start="DEL", path=("AGR", "BUN"), armies=2,
                                         leaders=("ALAMGIR",),
                                        drops=(3,))) == "W-LEAD-3"
    assert refused(u, "MUGHALS", it.Move(start="DEL", path=("AGR", "BUN"), armies=2,
                                         leaders=("ALAMGIR",),
                                        drops=(0, 1))) == "W-LEAD-3"
    # every army may stop on the way; the leader then goes on alone
    play(u, "MUGHALS", it.Move(start="DEL", path=("AGR", "BUN", "GON"), armies=2,
                               leaders=("ALAMGIR",), drops=(1, 1)))
    assert u.armies["AGR"] == {"MUGHALS": 1} and u.armies["BUN"] == {"MUGHALS": 1}
    assert u.leaders["ALAMGIR"] == "GON" and "GON" not in u.armies
