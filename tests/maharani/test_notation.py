"""Maharani's notation (engine/maharani/notation.py): placements as a person types
them, refills of the turntable checked against the bag and the slots (M-EOT-3)."""

from __future__ import annotations

from pathlib import Path

from engine import records
from engine.core import record
from engine.maharani import intents as it
from engine.maharani.notation import NOTATION
from engine.registry import rulesets

RECORDING = (Path(__file__).resolve().parents[2] / "maharaja_tui" / "recordings"
     / "maharani-2p.json")


def recorded() -> str:
    return records.write(record.load(RECORDING, rulesets(), validate=False))


def test_placements_read_in_any_case_and_name_the_artisan_only_when_needed() -> None:
    text = recorded()
    # two players choose between their two colours (M-2P-2): the record names it
    assert "G: 3:r6c6:N:G 4:r4c0:N:G (3 blue-C, 4 yellow-H2-X)" in text
    assert "3:r5c6:N:Y" in text
    typed = text.replace("3:r6c6:N:G 4:r4c0:N:G", "3:R6C6:n:g 4:r4c0:N:green")
    reading = records.read(typed)
    assert reading.errors == [] and records.write(reading.game) == text
    state = reading.game.initial_state()
    assert NOTATION.candidates(state, 0, "1:r0c1:E:-") == [
        it.Place(slot=1, cell="r0c1", arrow="E")]
    ambiguous = records.read(text.replace("3:r6c6:N:G", "3:r6c6:N"))
    assert [e.message for e in ambiguous.errors] == [
        "3:r6c6:N may be 3:r6c6:N:G or 3:r6c6:N:Y: write which"]


def test_a_refill_is_checked_against_the_bag_and_the_empty_slots() -> None:
    text = recorded()
    cases = {
        "(3 blue-C, 4 yellow-H2-X)": "(4 blue-C, 3 yellow-H2-X)",
        "(3 yellow-H1-F, 4 yellow-H2-P-2)": "(3 yellow-H1-F)",
    }
    messages = ["the empty slots fill in order: 3 4 (M-EOT-3)",
                "slots 4 are empty and the bag still holds tiles (M-EOT-3)"]
    for (old, new), message in zip(cases.items(), messages, strict=True):
        reading = records.read(text.replace(old, new))
        assert [str(e).split(": ", 1)[1] for e in reading.errors] == [message]
        assert not reading.complete
    copy = records.read(text.replace("(3 blue-C, 4 yellow-H2-X)",
                                     "(3 blue-C-1, 4 yellow-H2-X-1)"))
    assert copy.errors == []  # a copy named as the first one left: the same draw
    gone = records.read(text.replace("(3 blue-C, 4 yellow-H2-X)", "(3 red-C-1, 4 blue-C)"))
    assert "red-C-1 is not in the bag (M-EOT-3)" in str(gone.errors[0])
