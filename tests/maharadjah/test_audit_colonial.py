"""Audit of §15: colonial arms markers and posts."""

from __future__ import annotations

from engine.maharadjah import combat
from engine.maharadjah import events as ev
from engine.maharadjah import intents as it
from tests.maharadjah.helpers import play, position, settle


def test_arms_marker_returns_at_once_when_its_condition_fails() -> None:
    """W-ARMS-6: the marker returns at once when (a) stops holding — here the Muslims
    move their last army off the French post — not at the next sequence's start."""
    s = position(14, "MUSLIMS", {"GOL": {"MUSLIMS": 1}, "BID": {"MUSLIMS": 2},
                                 "KAR": {"FRENCH": 1}},
                 posts={"GOL": "FRENCH"}, arms={"FRENCH": "MUSLIMS"}, arms_at={"FRENCH": "BID"})
    assert combat.bonus(s, "MUSLIMS", "BID") == 1
    events = play(s, "MUSLIMS", it.Move(start="GOL", path=("MYS",), armies=1))
    assert ev.ArmsReturned(power="FRENCH") in events
    assert s.arms == {} and combat.bonus(s, "MUSLIMS", "BID") == 0


def test_arms_marker_alone_after_indigenous_invasion() -> None:
    """W-ARMS-7, W-INV-2: the Sikhs' arrival leaves the French marker alone in Lahore
    (its conditions (a) and (b) still hold elsewhere): it goes home."""
    s = position(13, "SIKHS", {"LAH": {"MUGHALS": 2}, "GUJ": {"MUGHALS": 1},
                               "SND": {"FRENCH": 1}}, phase="invasion",
                 posts={"GUJ": "FRENCH"}, arms={"FRENCH": "MUGHALS"}, arms_at={"FRENCH": "LAH"})
    events = settle(s)
    assert ev.ArmsReturned(power="FRENCH") in events
    assert s.arms_at == {}
