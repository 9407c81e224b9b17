"""Audit of §16-§17: submission and Raj rules the scenario tests cited only in ranges."""

from __future__ import annotations

from engine.maharadjah import RULESET, diplomacy, scoring
from engine.maharadjah import events as ev
from engine.maharadjah import intents as it
from engine.maharadjah.state import Submission
from tests.maharadjah.helpers import end_move, play, position, settle


def test_submitter_needs_the_active_nation_in_its_region() -> None:
    """W-SUB-3: the active nation must have armies in one of the subject's territories of
    that region; W-SUB-2: armies outside the region (Pandya in Ceylon) never submit."""
    s = position(13, "MUSLIMS", {"KAR": {"PANDYA": 1}, "LAN": {"PANDYA": 1, "MUSLIMS": 1},
                                 "MYS": {"MUSLIMS": 1}})
    assert not diplomacy.can_submit(s, "PANDYA", "SOUTH")
    assert not diplomacy.can_submit(s, "PANDYA", "CEYLON")
    s.armies["KAR"]["MUSLIMS"] = 1  # it can withdraw to its own MYS (W-SUB-5)
    assert diplomacy.can_submit(s, "PANDYA", "SOUTH")


def test_territories_in_battle_count_for_submission() -> None:
    """W-SUB-2, W-AMB-29: a contested territory counts, so 3 South India territories
    (one of them shared with the attacker) are too many for the Pandya."""
    s = position(13, "MUSLIMS", {"KAR": {"PANDYA": 1}, "MYS": {"PANDYA": 1, "MUSLIMS": 1},
                                 "KER": {"PANDYA": 1}, "BID": {"MUSLIMS": 1}},
                 arrived={"MYS": {"BID": 1}})
    assert not diplomacy.can_submit(s, "PANDYA", "SOUTH")
    del s.armies["KER"]
    assert diplomacy.can_submit(s, "PANDYA", "SOUTH")


def test_submission_refused_when_an_attacker_has_nowhere_to_go() -> None:
    """W-SUB-5, W-AMB-29: the origin holds another nation's army and no adjacent
    own-only territory exists: no submission; with one, the army goes there."""
    armies = {"MYS": {"PANDYA": 1, "MUSLIMS": 1}, "BID": {"MAHRATTAS": 1}}
    s = position(13, "MUSLIMS", armies, arrived={"MYS": {"BID": 1}})
    assert not diplomacy.can_submit(s, "PANDYA", "SOUTH")
    t = position(13, "MUSLIMS", {**armies, "BIJ": {"MUSLIMS": 1}}, arrived={"MYS": {"BID": 1}})
    assert diplomacy.can_submit(t, "PANDYA", "SOUTH")
    assert diplomacy.withdrawals(t, "MUSLIMS", ["MYS"]) == (("MYS", "BIJ", 1),)


def test_submitted_territory_never_contested_for_raj() -> None:
    """W-RAJ-5, W-SUB-10, W-RAJ-3: a territory submitted to the Mughals counts for them
    even with a British post in it; an occupied one with the post does not."""
    s = position(13, "MUGHALS", {"DEL": {"MUGHALS": 1}, "KAR": {"PANDYA": 1},
                                 "GUJ": {"MUGHALS": 1}},
                 posts={"KAR": "BRITISH", "GUJ": "BRITISH"},
                 submissions=[Submission("PANDYA", "MUGHALS", ["KAR"])])
    assert scoring.raj_count(s, "MUGHALS") == 2  # DEL + KAR; GUJ is contested


def test_raj_scored_in_a_turn_without_card_scoring() -> None:
    """W-RAJ-6, W-RAJ-2: the Muslims score Raj in turn 9 (no occupation VP for them)."""
    lands = ["AGR", "DEL", "JAU", "LAH", "MLW", "OUD", "PUN", "RAJ", "GUJ"]
    s = position(9, "MUSLIMS", {t: {"MUSLIMS": 1} for t in lands}, phase="vp")
    events = settle(s)
    assert ev.RajFixed(nation="MUSLIMS", territories=9, vp=1) in events
    assert [e for e in events if isinstance(e, ev.VPScored) and e.nation == "MUSLIMS"] == [
        ev.VPScored(nation="MUSLIMS", vp=1, why="Raj")]


def test_raj_level_is_not_reexamined() -> None:
    """W-RAJ-7, W-AMB-19: the level fixed in the VP Phase is credited at the end of the
    turn even if the nation has lost every territory since."""
    lands = ["AGR", "DEL", "JAU", "LAH", "MLW", "OUD", "PUN", "RAJ", "GUJ"]
    s = position(9, "MUSLIMS", {t: {"MUSLIMS": 1} for t in lands}, phase="vp")
    RULESET.apply(s, ev.RajFixed(nation="MUSLIMS", territories=9, vp=1))
    s.armies = {}
    s.phase = "turn_end"
    events = settle(s)
    assert ev.VPScored(nation="MUSLIMS", vp=1, why="Raj") in events


def test_nation_attacked_by_the_british_may_ally_before_the_battle() -> None:
    """W-ALLY-1 ("at any time"), W-ALLY-5: the Chola (who may never submit) are asked at
    the end of the British Movement Phase; allying sends the British armies back and no
    battle is fought."""
    s = position(14, "BRITISH", {"ORI": {"CHOLA": 1}, "BEN": {"BRITISH": 3},
                                 "BB": {"BRITISH": 1}})
    play(s, "BRITISH", it.Move(start="BEN", path=("ORI",), armies=2))
    events = end_move(s, "BRITISH")
    assert s.todo and s.todo[0].kind == "offer" and s.todo[0].nation == "CHOLA"
    assert not [e for e in events if isinstance(e, ev.BattleStarted)]
    events = play(s, "CHOLA", it.Ally(nation="CHOLA", cost="marker"))
    assert "CHOLA" in s.allies and s.armies["ORI"] == {"CHOLA": 1}
    assert s.armies["BEN"] == {"BRITISH": 3}
    assert not [e for e in events if isinstance(e, ev.BattleRound)]


def test_no_alliance_offer_when_the_attacker_is_not_british() -> None:
    """W-ALLY-5 only ends battles with alliance members: a Muslim attack asks nobody."""
    s = position(14, "MUSLIMS", {"ORI": {"CHOLA": 1}, "BEN": {"MUSLIMS": 3}})
    play(s, "MUSLIMS", it.Move(start="BEN", path=("ORI",), armies=2))
    end_move(s, "MUSLIMS")
    assert not s.todo


def test_raid_checkpoint_at_the_end_of_each_movement_phase() -> None:
    """W-VP-3: the end of each Movement Phase is a raid checkpoint (before any battle)."""
    s = position(4, "GREEKS", {"GAN": {"GREEKS": 2}, "PUN": {"HARAPPANS": 1}})
    play(s, "GREEKS", it.Move(start="GAN", path=("BAL",), armies=1))
    events = end_move(s, "GREEKS")
    ended = events.index(ev.MovementEnded(nation="GREEKS"))
    checks = [i for i, e in enumerate(events) if isinstance(e, ev.Checkpoint)]
    assert checks and checks[0] == ended + 1
    assert events[ended + 1] == ev.Checkpoint(nation="GREEKS", territories=("BAL", "GAN"))
