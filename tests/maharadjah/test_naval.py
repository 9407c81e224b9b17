"""Passage past colonial armies and the Indian naval attack (W-BOAT-6, W-NAV-3, W-NAV-4)."""

from __future__ import annotations

from engine.maharadjah import combat
from engine.maharadjah import events as ev
from engine.maharadjah import intents as it
from tests.maharadjah.helpers import Dice, end_move, of, play, position, refused


def test_passage_needs_each_powers_leave() -> None:
    """W-BOAT-6: asked of the power's player; a refusal closes the zone to sea moves."""
    s = position(11, "MUSLIMS", {"SND": {"MUSLIMS": 2}, "AS": {"PORTUGUESE": 2}})
    events = play(s, "MUSLIMS", it.Move(start="SND", path=("AS", "MAH"), armies=1))
    assert of(events, ev.PassageAsked) and s.todo[0].kind == "passage"
    assert "MAH" not in s.armies
    play(s, "PORTUGUESE", it.AnswerConsent(yes=False))
    assert refused(s, "MUSLIMS", it.Move(start="SND", path=("AS", "MAH"), armies=1)) == "W-BOAT-6"
    ok = position(11, "MUSLIMS", {"SND": {"MUSLIMS": 2}, "AS": {"PORTUGUESE": 2}})
    play(ok, "MUSLIMS", it.Move(start="SND", path=("AS", "MAH"), armies=1))
    play(ok, "PORTUGUESE", it.AnswerConsent(yes=True))
    assert ok.armies["MAH"] == {"MUSLIMS": 1}
    # leave once given holds
    play(ok, "MUSLIMS", it.Move(start="SND", path=("AS", "GUJ"), armies=1))
    assert ok.armies["GUJ"] == {"MUSLIMS": 1}


def test_indian_naval_attack() -> None:
    """W-NAV-3, W-NAV-4, W-AMB-34: fight at sea, no Indian retreat, then land or be lost."""
    s = position(11, "MUSLIMS", {"SND": {"MUSLIMS": 2}, "GUJ": {"MUSLIMS": 1},
                                 "AS": {"PORTUGUESE": 1}}, fresh={"SND": 2, "GUJ": 0})
    assert refused(s, "MUSLIMS", it.Move(start="SND", path=("AS", "IO"), armies=1)) == "W-BOAT-2"
    play(s, "MUSLIMS", it.Move(start="SND", path=("AS",), armies=2), Dice([1, 1, 1]))
    assert s.battle is not None and s.battle.space == "AS"
    assert combat.attacker_retreats(s) == {}  # the Indians may not retreat at sea
    events = play(s, "PORTUGUESE", it.Stand(), Dice([6, 6, 1]))  # then the next round
    assert ev.Losses(space="AS", nation="PORTUGUESE", armies=1, by="MUSLIMS") in events
    assert s.todo[0].kind == "land" and s.todo[0].count == 2
    assert refused(s, "MUSLIMS", it.PlaceArmy(space="PER")) == "W-NAV-3"
    play(s, "MUSLIMS", it.PlaceArmy(space="SND"))
    play(s, "MUSLIMS", it.PlaceArmy(space="BAL"))
    assert s.armies["SND"] == {"MUSLIMS": 1} and "AS" not in s.armies
    alone = position(11, "MUSLIMS", {"GUJ": {"MUSLIMS": 1}})
    assert refused(alone, "MUSLIMS", it.Move(start="GUJ", path=("AS",), armies=1)) == "W-BOAT-5"
    end_move(alone, "MUSLIMS")
