"""Arrivals, trading posts, colonial arms, and a few general terms (§9, §15, §1)."""

from __future__ import annotations

from engine.maharadjah import combat, scoring
from engine.maharadjah import events as ev
from engine.maharadjah import intents as it
from engine.maharadjah import queries as Q
from engine.maharadjah.state import RETREAT_ATT
from tests.maharadjah.helpers import Dice, end_move, of, play, position, refused, settle


def test_indigenous_invasion() -> None:
    """W-INV-2, W-AMB-21, W-AMB-28, W-LEAD-7 (c): others removed, not destroyed; then moves."""
    s = position(13, "SIKHS", {"LAH": {"MUGHALS": 2}}, phase="invasion",
                 leaders={"ALAMGIR": "LAH"}, leader_turn={"ALAMGIR": 13}, posts={})
    events = settle(s)
    assert ev.ArmiesRemoved(nation="MUGHALS", space="LAH", armies=2, why="indigenous") in events
    assert ev.LeaderKilled(leader="ALAMGIR", by="SIKHS") in events
    # the only VP: no army credit
    assert ev.VPScored(nation="SIKHS", vp=2, why="Alamgir killed") in events
    assert len(of(events, ev.VPScored)) == 1
    assert s.armies["LAH"] == {"SIKHS": 4}
    # W-AMB-28: 2 crossings, stops apply
    play(s, "SIKHS", it.Move(start="LAH", path=("PUN", "SND"), armies=1))


def test_colonial_arrival_and_short_pool() -> None:
    """W-INV-3, W-INV-5, W-AMB-39, W-STACK-6: arrivals at sea; a short pool places what it has."""
    s = position(14, "BRITISH", {"BEN": {"BRITISH": 5}}, phase="invasion")
    events = settle(s)
    placed = of(events, ev.ArmiesPlaced)
    assert placed == [ev.ArmiesPlaced(nation="BRITISH", space="AS", armies=2, why="invasion"),
                      ev.ArmiesPlaced(nation="BRITISH", space="IO", armies=1, why="invasion")]
    assert Q.pool(s, "BRITISH") == 0


def test_stranded_invaders() -> None:
    """W-AMB-27, W-INV-1: invaders that cannot leave are eliminated, not destroyed."""
    s = position(5, "RAJPUTS", {"CHN": {"RAJPUTS": 4}, "KAS": {"GUPTA": 9}, "LAD": {"GUPTA": 9}},
                 fresh={})
    events = end_move(s, "RAJPUTS")
    assert ev.ArmiesRemoved(nation="RAJPUTS", space="CHN", armies=4, why="stranded") in events
    assert not of(events, ev.VPScored)


def test_no_territory_keeps_potential() -> None:
    """W-GROW-8: value 0, the saved potential stays."""
    s = position(12, "MAHRATTAS", {}, phase="growth", growth={"MAHRATTAS": 4})
    settle(s)
    assert s.growth["MAHRATTAS"] == 4


def test_posts() -> None:
    """W-POST-1, W-POST-3, W-POST-4, W-POST-5, W-POST-6: sites, caps, consent, removal."""
    s = position(14, "FRENCH", {"GOL": {"FRENCH": 1}, "IO": {"FRENCH": 1},
                                "KAR": {"CHOLA": 1}, "KER": {"PANDYA": 1}, "MYS": {"FRENCH": 1}},
                 phase="posts", posts={"MAL": "DUTCH", "ORI": "FRENCH"})
    assert refused(s, "FRENCH", it.BuildPost(space="MAL")) == "W-POST-3"
    assert refused(s, "FRENCH", it.BuildPost(space="MYS")) == "W-POST-2"
    assert refused(s, "FRENCH", it.BuildPost(space="BIJ")) == "W-POST-5"  # vacant, no French army
    play(s, "FRENCH", it.RemovePost(space="ORI"))  # W-POST-6: before building
    assert refused(s, "FRENCH", it.RemovePost(space="ORI")) == "W-POST-6"
    play(s, "FRENCH", it.BuildPost(space="GOL"))
    assert refused(s, "FRENCH", it.RemovePost(space="GOL")) == "W-POST-6"
    # KAR holds the Chola (French player B, Chola C in 4p): consent is asked of the Chola.
    events = play(s, "FRENCH", it.BuildPost(space="KAR"))
    assert ev.ConsentAsked(power="FRENCH", space="KAR",
                           nation="CHOLA") in events and s.todo[0].kind == "consent"
    play(s, "CHOLA", it.AnswerConsent(yes=False))
    assert "KAR" not in s.posts
    assert refused(s, "FRENCH", it.BuildPost(space="KAR")) == "W-POST-5"
    play(s, "FRENCH", it.BuildPost(space="KER"))
    play(s, "PANDYA", it.AnswerConsent(yes=True))
    assert s.posts["KER"] == "FRENCH"
    assert s.phase == "arms"  # W-POST-6: 2 built, the Trading Post Phase is over
    full = position(14, "DUTCH", {"GOL": {"DUTCH": 1}}, phase="posts",
                    posts={"LAN": "DUTCH", "KAR": "DUTCH", "KER": "DUTCH"})
    assert refused(full, "DUTCH", it.BuildPost(space="GOL")) == "W-POST-4"


def test_colonial_arms() -> None:
    """W-ARMS-1..7, W-AMB-33: assign, enter, +1 in combat and leader movement, return."""
    s = position(14, "FRENCH", {"GOL": {"FRENCH": 1, "MUSLIMS": 1}, "BID": {"MUSLIMS": 2},
                                "IO": {"FRENCH": 1}}, phase="arms", posts={"GOL": "FRENCH"})
    assert refused(s, "FRENCH", it.AssignArms(nation="DUTCH")) == "W-ARMS-2"
    play(s, "FRENCH", it.AssignArms(nation="MUSLIMS"))
    assert s.arms == {"FRENCH": "MUSLIMS"}
    sea_only = position(14, "FRENCH", {"GOL": {"MUSLIMS": 1}, "IO": {"FRENCH": 1}},
                        phase="arms", posts={"GOL": "FRENCH"})
    assert refused(sea_only, "FRENCH", it.AssignArms(nation="MUSLIMS")) == "W-ARMS-1"  # W-AMB-33
    g = position(15, "MUSLIMS", {"GOL": {"FRENCH": 1, "MUSLIMS": 1}, "BID": {"MUSLIMS": 2}},
                 phase="growth", posts={"GOL": "FRENCH"}, arms={"FRENCH": "MUSLIMS"},
                 growth={"MUSLIMS": 0})
    settle(g)
    assert g.todo[0].kind == "arms"
    play(g, "MUSLIMS", it.PlaceArms(space="BID"))
    assert g.arms_at == {"FRENCH": "BID"}
    while g.phase != "move":
        settle(g)
        if g.todo:
            play(g, g.todo[0].nation, it.Stand())
    # W-ARMS-4: the armies with the marker move 3 and ignore the rough stop.
    assert refused(g, "MUSLIMS", it.Move(start="BID", path=("MAH", "GUJ"), armies=1)) == "W-MOVE-3"
    assert refused(g, "MUSLIMS", it.Move(start="BID", path=("MAH", "GUJ"), armies=0, leaders=(),
                                         arms=("FRENCH",))) == "W-ARMS-5"
    play(g, "MUSLIMS", it.Move(start="BID", path=("MAH", "GUJ", "SND"), armies=2, leaders=(),
                               arms=("FRENCH",)))
    assert g.arms_at == {"FRENCH": "SND"}
    assert combat.bonus(g, "MUSLIMS", "SND") == 1
    # W-ARMS-6/7: left without the recipient's armies, the marker goes home.
    lapsed = position(15, "MUSLIMS", {"SND": {"MUGHALS": 1}}, arms={"FRENCH": "MUSLIMS"},
                      arms_at={"FRENCH": "SND"}, posts={"GOL": "FRENCH"}, phase="start")
    events = settle(lapsed)
    assert ev.ArmsReturned(power="FRENCH") in events and lapsed.arms == {}


def test_general_terms() -> None:
    """W-GEN-3, W-GEN-6, W-GEN-7, W-GEN-8, W-GEN-9, W-LEAD-8, W-AMB-37, W-TURN-3, W-CMB-1."""
    s = position(13, "MUGHALS", {"DEL": {"MUGHALS": 1}, "AGR": {"MUGHALS": 1, "RAJPUTS": 1}},
                 leaders={"AKBAR": "OUD", "SANGA": "OUD", "ALAMGIR": "JAU"},
                 posts={"BEN": "BRITISH"})
    assert Q.occupier(s, "OUD") is None  # two nations' lone leaders: nobody (W-LEAD-8)
    assert Q.occupier(s, "JAU") == "MUGHALS"  # a lone leader occupies (W-AMB-37)
    assert not Q.vacant(s, "BEN") and Q.vacant(s, "BIH")  # a post is a piece (W-GEN-6)
    assert "JAU" not in Q.territories_with_armies(s, "MUGHALS")  # growth counts armies only
    # W-CMB-1, W-GEN-7: the active nation attacks where it shares a territory, moved or not;
    # same-player nations are enemies too (Mughals A, Rajputs C here; W-TURN-3: no deals).
    assert combat.compulsory(s) == [("AGR", "RAJPUTS")]
    assert scoring.alone(s, "MUGHALS") == ("DEL", "JAU")


def test_retreat_takes_leaders_and_ignores_stops() -> None:
    """W-RET-5, W-RET-6, W-AMB-9: the last group takes the leader; retreat into rough is free."""
    s = position(13, "MUSLIMS", {"JAU": {"MUSLIMS": 3}, "BUN": {"MAHRATTAS": 2}},
                 leaders={"SHIVAJI": "BUN"}, leader_turn={"SHIVAJI": 13})
    play(s, "MUSLIMS", it.Move(start="JAU", path=("BUN",), armies=3), Dice([1, 1, 1, 1, 1]))
    play(s, "MAHRATTAS", it.Retreat(to="GON", armies=2))  # rough Gondwana: no stop applies
    assert s.leaders["SHIVAJI"] == "GON" and s.armies["GON"] == {"MAHRATTAS": 2}
    assert s.battle is None or s.battle.stage != RETREAT_ATT
