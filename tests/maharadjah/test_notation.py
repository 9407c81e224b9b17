"""Maharadjah's notation (engine/maharadjah/notation.py): moves with leaders and armies
stopping on the way, fights, and each battle round's dice checked (W-CMB-3)."""

from __future__ import annotations

from pathlib import Path

from engine import records
from engine.core import record
from engine.maharadjah import intents as it
from engine.maharadjah.notation import NOTATION
from engine.registry import rulesets

RECORDING = (Path(__file__).resolve().parents[2] / "maharaja_tui" / "recordings"
     / "maharadjah-4p.json")


def recorded() -> str:
    return records.write(record.load(RECORDING, rulesets(), validate=False))


def test_tokens_read_as_the_intents_they_name() -> None:
    state = record.load(RECORDING, rulesets(), validate=False).initial_state()
    read = NOTATION.candidates
    assert read(state, 0, "NEP-BHU/1-ASM-BENx2+Ashoka") == [it.Move(
        start="NEP", path=("BHU", "ASM", "BEN"), armies=2, leaders=("ASHOKA",), drops=(1, 0))]
    assert read(state, 0, "malwa-agra-RAJ") == [it.Move(start="MLW", path=("AGR", "RAJ"),
                                                        armies=1)]
    assert read(state, 0, "BALxHarappans") == [it.Fight(space="BAL", enemy="HARAPPANS")]
    assert read(state, 0, "-post:MAH") == [it.RemovePost(space="MAH")]
    assert read(state, 0, "post:MAH") == [it.BuildPost(space="MAH")]
    assert read(state, 0, "loss:AGR,stay") == [it.TakeLosses(origins=("AGR", ""))]
    assert read(state, 0, "ret:BALx2+escort") == [it.Retreat(to="BAL", armies=2, escort=True)]
    assert read(state, 0, "ally:H/army:GUJ") == [it.Ally(nation="HARAPPANS", cost="army",
                                                         space="GUJ")]
    assert read(state, 0, "arms>-") == [it.AssignArms(nation="")]


def test_a_battle_rounds_dice_are_checked_and_decide_the_losses() -> None:
    text = recorded()
    assert "A: MLW-AGR-RAJ KHA-MLW-RAJ (62:5) loss:AGR" in text
    fewer = records.read(text.replace("(62:5)", "(6:5)", 1))
    assert "the attacker rolls 2 dice here, not 1 (W-CMB-3)" in str(fewer.errors[0])
    seven = records.read(text.replace("(62:5)", "(67:5)", 1))
    assert "a die 7 is out of range (1-6)" in str(seven.errors[0])
    missed = records.read(text.replace("(62:5)", "(11:5)", 1).replace('[Seed "302"]\n', ""))
    # other dice, other losses: the attacker's loss is no longer a choice, so the record's
    # next decision (which armies are lost) does not fit
    assert missed.errors and not missed.complete
