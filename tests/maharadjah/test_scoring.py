"""Victory points and Raj (§17-§20; W-TEST-9, W-TEST-10)."""

from __future__ import annotations

from engine.maharadjah import events as ev
from engine.maharadjah import intents as it
from engine.maharadjah import scoring
from tests.maharadjah.helpers import Dice, of, play, position, refused, settle


def _raj_position() -> object:
    armies = {"BEN": {"BRITISH": 1}, "MAH": {"BRITISH": 1}}
    for nation, lands in {
        "MAHRATTAS": ("BER", "BID", "KHA"),
        "MUGHALS": ("AGR", "AND", "DEL", "GUJ", "JAU", "LAH", "MLW", "OUD", "PUN", "RAJ"),
        "MUSLIMS": ("BIJ", "GOL", "MYS"), "PANDYA": ("KAR", "KER"), "SINHALESE": ("LAN", "SIM"),
    }.items():
        for t in lands:
            armies[t] = {nation: 1}
    posts = {t: "BRITISH" for t in ("BEN", "MAH", "GUJ", "KAR", "ORI")}
    return position(14, "BRITISH", armies, phase="vp", posts=posts, allies=["MAHRATTAS"])


def test_raj_scenario() -> None:
    """W-TEST-9: W-RAJ-1..7, W-AMB-18, W-AMB-19, W-AMB-24, W-ALLY-8."""
    s = _raj_position()
    assert scoring.raj_count(s, "BRITISH") == 20
    assert scoring.raj_count(s, "MUGHALS") == 9
    events = settle(s)
    assert ev.RajFixed(nation="BRITISH", territories=20, vp=2) in events
    # credited at the end of the turn (W-TURN-1 item 3 c), after the occupation VP
    vp = of(events, ev.VPScored)
    assert vp[-1] == ev.VPScored(nation="BRITISH", vp=2,
                                 why="Raj") and events.index(vp[-1]) > events.index(
        ev.RajFixed(nation="BRITISH", territories=20, vp=2))
    assert [scoring.raj_level(n) for n in (8, 9, 18, 27, 36)] == [0, 1, 2, 3, 4]


def test_end_of_turn_occupation_and_colonial() -> None:
    """W-VP-2, W-VP-6, W-AMB-22, W-AMB-44, W-CARD-1, W-CARD-2, W-CARD-4, W-TURN-1."""
    s = position(4, "GREEKS", {"GAN": {"GREEKS": 1}, "DEL": {"GREEKS": 1}, "KAR": {"PANDYA": 1},
                               "MYS": {"PANDYA": 1}}, phase="turn_end")
    s.posts = {"MAL": "PORTUGUESE", "GOL": "PORTUGUESE"}
    events = settle(s)
    vp = {e.nation: e.vp for e in of(events, ev.VPScored)}
    assert vp["GREEKS"] == 3 and vp["PANDYA"] == 4  # GAN 2 + other North 1; KAR 2 + MYS 2
    assert vp["PORTUGUESE"] == 4  # 2 posts + 2 coasts: MAL and GOL pick different seas


def test_raids_and_kill_tags() -> None:
    """W-VP-3, W-AMB-20, W-VP-5, W-CARD-3, W-AMB-16, W-AMB-17, W-VP-7."""
    s = position(4, "GREEKS", {"GAN": {"GREEKS": 2}, "PUN": {"GREEKS": 2}}, phase="vp",
                 raided=["BAL"])
    events = settle(s)
    assert ev.VPScored(nation="GREEKS", vp=3, why="raids of turn 4") in events
    three = position(13, "MUGHALS", {}, seats=3)
    assert scoring.kill_leader(three, "MUGHALS", "DUPLEIX") == []
    four = position(13, "MUGHALS", {})
    assert scoring.kill_leader(four, "MUGHALS", "DUPLEIX") == [ev.VPScored(nation="MUGHALS", vp=1,
                                                                          why="Dupleix killed")]
    assert scoring.kill_leader(four, "PANDYA", "RAJA_RAJA")[0].vp == 1
    five = position(13, "MUSLIMS", {}, seats=5)
    assert scoring.kill_leader(five, "MUSLIMS", "SHIVAJI")[0].vp == 2
    assert scoring.kill_leader(four, "MUSLIMS", "SHIVAJI") == []


def test_submission_scenario() -> None:
    """W-TEST-10: W-SUB-1..10, W-AMB-29, W-AMB-30, W-GEN-5."""
    s = position(13, "MUSLIMS", {"KAR": {"PANDYA": 1}, "MYS": {"PANDYA": 1}, "LAN": {"PANDYA": 1},
                                 "BID": {"MUSLIMS": 3}, "GOL": {"MUSLIMS": 2}})
    play(s, "MUSLIMS", it.Move(start="BID", path=("MYS",), armies=3))
    play(s, "MUSLIMS", it.Move(start="GOL", path=("KAR",), armies=2))
    assert s.todo[0].kind == "offer" and s.todo[0].nation == "PANDYA"
    assert refused(s, "PANDYA", it.Submit(nation="PANDYA", region="CEYLON")) == "W-SUB-1"
    events = play(s, "PANDYA", it.Submit(nation="PANDYA", region="SOUTH"))
    [sub] = of(events, ev.Submitted)
    assert sub.withdrawals == (("KAR", "GOL", 2), ("MYS", "BID", 3))
    assert not of(events, ev.BattleRound)
    assert s.armies["BID"] == {"MUSLIMS": 3} and s.armies["GOL"] == {"MUSLIMS": 2}
    assert scoring.raj_count(s, "MUSLIMS") == 4  # BID, GOL + submitted KAR, MYS
    assert s.todo[0].what == "overpopulation"  # 5 armies in 2 territories (W-OVP-1)
    s.todo, s.active = [], "MUSLIMS"
    s.phase = "move"  # a later Movement Phase of the same turn (great invasion, W-SUB-6)
    s.fresh = {"BID": 3}
    assert refused(s, "MUSLIMS", it.Move(start="BID", path=("MYS",), armies=1)) == "W-SUB-6"
    s.phase, s.turn = "turn_end", 13
    events = settle(s)
    assert ev.VPScored(nation="PANDYA", vp=4, why="occupation at the end of turn 13") in events
    assert s.submissions == []  # W-SUB-7


def test_submission_to_british_ally_forces_alliance() -> None:
    """W-SUB-9, W-ALLY-1, W-ALLY-2, W-ALLY-3, W-ALLY-5, W-AMB-31."""
    s = position(13, "MUSLIMS", {"KAR": {"PANDYA": 1}, "MYS": {"PANDYA": 1},
                                 "BID": {"MUSLIMS": 3}}, allies=["MUSLIMS"])
    play(s, "MUSLIMS", it.Move(start="BID", path=("MYS",), armies=3))
    play(s, "PANDYA", it.Submit(nation="PANDYA", region="SOUTH"))
    assert s.todo[0].kind == "ally"
    assert refused(s, "PANDYA", it.Ally(nation="PANDYA", cost="gold")) == "W-ALLY-2"
    play(s, "PANDYA", it.Ally(nation="PANDYA", cost="army", space="KAR"))
    assert "PANDYA" in s.allies and s.boxed["PANDYA"] == 1
    early = position(11, "PANDYA", {"KAR": {"PANDYA": 1}}, phase="start")
    settle(early)
    assert not early.todo  # no alliance offered before the British arrive


def test_alliance_members_never_fight() -> None:
    """W-ALLY-4, W-ALLY-6, W-ALLY-7, W-AMB-32, W-SUB-8."""
    s = position(14, "BRITISH", {"BEN": {"BRITISH": 2}, "ORI": {"MAHRATTAS": 1},
                                 "BB": {"BRITISH": 1}}, allies=["MAHRATTAS"])
    assert refused(s, "BRITISH", it.Move(start="BEN", path=("ORI",), armies=1)) == "W-ALLY-4"
    # passing through is allowed
    play(s, "BRITISH", it.Move(start="BEN", path=("ORI", "AND"), armies=1))
    m = position(14, "MAHRATTAS", {"ORI": {"MAHRATTAS": 1}, "BEN": {"BRITISH": 1}},
                 allies=["MAHRATTAS"])
    assert refused(m, "MAHRATTAS", it.Move(start="ORI", path=("BEN",), armies=1)) == "W-ALLY-4"
    p = position(14, "BRITISH", {"ORI": {"MAHRATTAS": 1}, "BB": {"BRITISH": 1}},
                 allies=["MAHRATTAS"], phase="posts")
    events = play(p, "BRITISH", it.BuildPost(space="ORI"))
    assert ev.PostBuilt(power="BRITISH", space="ORI") in events  # no consent asked from an ally


def test_game_end_and_winner() -> None:
    """W-END-1, W-END-2, W-AMB-38: totals per player, ties share the win."""
    s = position(16, "BRITISH", {}, phase="turn_start")
    s.vp["PANDYA"][3] = 5
    s.vp["CHOLA"][9] = 5
    events = settle(s)
    [end] = of(events, ev.GameEnded)
    assert end.winners == (0, 2) and s.phase == "over"


def test_raid_checkpoint_at_sequence_start() -> None:
    """W-VP-3: the start of the sequence, after leader expiry, is a checkpoint."""
    s = position(11, "MUGHALS", {"DEL": {"MUGHALS": 1}, "AGR": {"MUGHALS": 1, "SIKHS": 1}},
                 phase="start", leaders={"NIZAM": "OUD"}, leader_turn={"NIZAM": 10})
    events = settle(s)
    assert ev.LeaderRemoved(leader="NIZAM") in events
    [check] = of(events, ev.Checkpoint)
    assert check.territories == ("DEL",)  # AGR is shared; OUD's leader has expired


def test_submission_offered_at_the_end_of_a_battle() -> None:
    """W-SUB-4: after a battle the defender that may still submit is asked."""
    s = position(13, "MUSLIMS", {"KAR": {"PANDYA": 1}, "MYS": {"PANDYA": 2},
                                 "BID": {"MUSLIMS": 3}, "GOL": {"MUSLIMS": 2}})
    play(s, "MUSLIMS", it.Move(start="BID", path=("MYS",), armies=3))
    play(s, "MUSLIMS", it.Move(start="GOL", path=("KAR",), armies=2))
    play(s, "PANDYA", it.Stand())  # no submission at the end of the Movement Phase
    play(s, "MUSLIMS", it.Fight(space="MYS", enemy="PANDYA"), Dice([6, 6, 1, 1, 1]))  # MYS is lost
    assert s.todo and s.todo[0].kind == "offer" and s.todo[0].nation == "PANDYA"
    assert s.battle is None
