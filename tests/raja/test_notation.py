"""Raja's notation (engine/raja/notation.py): what a person may type, what the reader
says of a mistake, the governor track checked against the cities (R-SETUP-4)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import records
from engine.core import record
from engine.raja import intents as it
from engine.raja.notation import NOTATION
from engine.raja.state import BUILDER_SLOT
from engine.registry import rulesets

RECORDING = (Path(__file__).resolve().parents[2] / "maharaja_tui" / "recordings"
     / "raja-3p-advanced-i.json")


def recorded() -> str:
    return records.write(record.load(RECORDING, rulesets(), validate=False))


def head_and_moves() -> tuple[str, list[str]]:
    """The record's headers (but its result: the tests read part of the game) and moves."""
    head, moves = recorded().split("\n\n", 1)
    head = "\n".join(line for line in head.splitlines() if not line.startswith("[Result"))
    return head + "\n\n", moves.splitlines()


def test_typed_words_read_as_the_canonical_tokens() -> None:
    head, moves = head_and_moves()
    canonical = "\n".join(moves[:9])
    typed = (canonical.replace("Builder", "build").replace("Monk", "wandering monk")
             .replace("gold/governor", "Gold/Gov").replace("move/character", "mov/char")
             .replace("gov:MAD", "governor:madurai").replace("BIJ-JAI", "-JAI")
             .replace("Yogi", "#7").replace("bid", "BID"))
    typed = typed.replace("wandering monk", "wandering-monk")
    a, b = records.read(head + canonical), records.read(head + typed)
    assert a.errors == [] and b.errors == [], b.errors
    assert a.game.steps == b.game.steps


def test_the_builders_house_and_a_second_part_are_named_after_at() -> None:
    head, moves = head_and_moves()
    assert "G: v03@B v03@1.2 BIJ v04@2.2 BIJ end" in moves
    reading = records.read(head + "\n".join(moves))
    builds = [s.intent for s in reading.game.steps if isinstance(s.intent, it.BuildHouse)]
    assert it.BuildHouse(place="v03", slot=BUILDER_SLOT, part=0) in builds
    assert it.BuildHouse(place="v03", slot=0, part=1) in builds


@pytest.mark.parametrize(("token", "message"), [
    ("palace+", "cannot play palace+: it is not your turn (R-MOVE-1)"),
    ("Mo", "'Mo' may be any character of Mogul, Monk: write more of it"),
    ("gold/fly", "'fly' is no action"),
    ("v31", "there is no village v31 (v01-v30)"),
    ("bidx", "no decision of Raja"),
])
def test_mistakes_are_named(token: str, message: str) -> None:
    head, moves = head_and_moves()
    reading = records.read(head + "\n".join(moves[:4]) + f"\n{token}\n")
    assert reading.errors and message in str(reading.errors[0]), reading.errors
    assert not reading.complete


def test_the_governor_track_holds_every_city_once() -> None:
    text = recorded().replace("track JAI VAR LAH BIJ MAD DEL HYD", "track JAI VAR LAH BIJ MAD")
    reading = records.read(text)
    assert "the governor track holds every city once" in str(reading.errors[0])
    assert "(R-SETUP-4)" in str(reading.errors[0]) and len(reading.game.steps) == 1
    state = reading.game.state  # the auction (R-VAR-AUCTION): a bid, not a card
    assert NOTATION.candidates(state, 0, "bid:3") == [it.Bid(amount=3)]
