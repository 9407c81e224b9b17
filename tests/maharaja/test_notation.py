"""Maharaja's notation (engine/maharaja/notation.py): what a person may type, what the
reader says of a mistake (with the rule id), and the deal checked against the
components."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import records
from engine.core import record
from engine.maharaja import intents as it
from engine.maharaja.notation import NOTATION
from engine.registry import rulesets
from tests.test_records import random_game

TWO_PLAYERS = (Path(__file__).resolve().parents[2] / "maharaja_tui" / "recordings"
     / "two-players.json")


def recorded() -> str:
    return records.write(record.load(TWO_PLAYERS, rulesets(), validate=False))


def deal() -> str:
    return recorded().split('[Deal "')[1].split('"')[0]


# The first two rounds of maharaja_tui/recordings/two-players.json as its record writes them...
CANONICAL = """R: C6 Y: C12 R: v24 Y: v18 R: v19 Y: v20 R: v21 Y: v22 R: v23 Y: v25

1. R: 1/5 Y: 4/4
R: START-VAR +3c a6 VAR_ VAR-START-MAD end
Y: START-MAD MAD LAH DEL VAR end
R: r7 MAD Y: r3

2. R: 1/9 Y: 1/8
R: MAD^ MAD-START-HYD HYD< a6 t9 BIJ< end"""
# ... and as a person might type them: any case, names, abbreviations, no markers
# where only one seat is to decide, the priest's junction left out, a plan as 15.
TYPED = """r: c6 y: c12 v24 v18 v19 v20 v21 v22 v23 v25 {the start shrines}
1. R: 15 Y: 44
r: -varanasi coins A6 var_ -start-madurai END
Y: -mad madurai lahore DELHI va end
r: r7 mad Y: r3 ; the rewards
2. R: 1-9 Y: 1,8
R: mad^ -Start-HYD hyd< a6 t9 Bi< end"""


def test_what_a_person_types_reads_as_the_canonical_record() -> None:
    head = f'[Deal "{deal()}"]\n\n'
    canonical, typed = records.read(head + CANONICAL), records.read(head + TYPED)
    assert canonical.errors == [] and typed.errors == []
    assert typed.game.steps == canonical.game.steps
    assert records.write(typed.game).split("\n\n", 1)[1].strip() == CANONICAL
    assert recorded().split("\n\n", 1)[1].startswith(CANONICAL)


def test_a_toll_that_cannot_be_paid_is_refused_with_its_rule() -> None:
    """MJ-MOVE-4 (seed 1, after 64 random decisions: R has 1 coin in Madurai)."""
    game = random_game(0, 2, 1, 64)
    text = records.write(game) + "R: MAD-BIJ\n"
    reading = records.read(text)
    line = len(text.splitlines())
    assert [str(e) for e in reading.errors] == [
        f"line {line}, column 4: R cannot play MAD-BIJ: the tolls cost 2 coins and "
        "you have 1 (MJ-MOVE-4)"]
    assert reading.errors[0].rule == "MJ-MOVE-4" and not reading.complete
    assert reading.game.steps == game.steps


@pytest.mark.parametrize(("token", "message"), [
    ("R: START-JAI-XYZ", "'XYZ' is no place"),
    ("R: START-LAH", "no road runs from START to LAH (MJ-MOVE-1)"),
    ("R: v99", "there is no village v99 (v01-v28)"),
    ("R: v", "'v' may be any place of VAR, Varanasi, v01, v02, v03, v04, v05, v06: write "
             "more of it"),
    ("R: a3:x", "character 3 trades: a3:+2 buys 2 PP, a3:-1 sells 1 PP"),
    ("R: +3c@7", "R cannot play +3c@7: no such planned action this turn (MJ-ACT-10)"),
    ("R: C17", "a character 17 is out of range (1-16)"),
    ("R: r4", "R cannot play r4: no such choice is awaited from you now (MJ-SCORE-4)"),
])
def test_mistakes_are_named(token: str, message: str) -> None:
    head = f'[Deal "{deal()}"]\n\n' + CANONICAL.split("\n1.")[0] + "\n1. R: 1/5 Y: 4/4\n"
    reading = records.read(head + token + "\n")
    assert len(reading.errors) == 1, reading.errors
    assert message in str(reading.errors[0])
    assert not reading.complete


@pytest.mark.parametrize(("change", "message"), [
    (("characters 1 3 6 7 12", "characters 1 3 6 7 7"),
     "a character is in the display twice (MJ-SETUP-5)"),
    (("characters 1 3 6 7 12", "characters 1 3 6 7"),
     "the display holds 5 characters with 2 players, not 4 (MJ-SETUP-5)"),
    (("rewards 3 1 7 8 2 6 5 4", "rewards 3 1 7 8 2 6 5 9"), "'9' is none of the rewards"),
    (("flags VAR MAD LAH DEL JAI HYD BIJ", "flags VAR MAD LAH DEL JAI HYD"),
     "the flags has 7 cities, not 6"),
    (("first R", "first G"), "first names a seat (R Y), not 'G' (MJ-SETUP-5)"),
    (("; first R", ""), "the deal does not say who plays first (first R)"),
])
def test_the_deal_is_checked_against_the_components(change: tuple[str, str],
                                                    message: str) -> None:
    text = recorded().replace(*change)
    reading = records.read(text)
    assert reading.errors and message in str(reading.errors[0]), reading.errors
    assert reading.errors[0].line == text[:text.index("[Deal")].count("\n") + 1
    assert len(reading.game.steps) == 1


def test_a_physical_game_gives_the_deal_and_no_seed() -> None:
    text = recorded().replace('[Seed "101"]\n', "")
    reading = records.read(text)
    assert reading.errors == [] and records.write(reading.game) == text


def test_the_task_a_decision_uses_is_written_only_when_it_is_not_the_first() -> None:
    game = random_game(0, 2, 3, 0)
    while game.state.phase != "actions":
        seat = game.to_move()[0]
        game.play(seat, it.CommitPlan(first=5, second=5) if game.state.phase == "planning"
                  else game.legal_intents(seat)[0])
    seat = game.to_move()[0]
    state = game.state
    # two alike planned actions: the first stands for both (MJ-ACT-10), @2 names the other
    assert NOTATION.candidates(state, seat, "+3c") == [it.DoAction(task=0)]
    assert NOTATION.candidates(state, seat, "coins@2") == [it.DoAction(task=1)]
    game.play(seat, it.DoAction(task=1))  # the second arrow first: written with @2
    assert records.write(game).rstrip().endswith("+3c@2")
    assert records.read(records.write(game)).game.steps == game.steps


def test_a_token_two_planned_actions_read_differently_is_ambiguous() -> None:
    """Plan 1/3: a statue at a discount or with a shrine, at different prices; the
    reader asks which (maharaja_tui/recordings/three-players.json, R's first statue)."""
    text = records.write(record.load(TWO_PLAYERS.with_name("three-players.json"), rulesets(),
                                     validate=False))
    assert "R: START-VAR VAR-START-MAD MAD_@2 v23 end" in text
    reading = records.read(text.replace("MAD_@2 v23", "MAD_ v23"))
    assert [e.message for e in reading.errors][:1] == ["MAD_ may be MAD_@1 or MAD_@2: write "
                                                      "which"]


def test_a_solo_record_for_the_player_hides_brahmabots_deck_and_stack() -> None:
    """MJ-HIDE-3: the deck's order and the stack stay secret but for what was shown:
    each round's face-up tiles and check tile, the characters turned up."""
    game = random_game(3, 1, 5, 25)
    solo = game.state.solo
    assert solo is not None and not game.is_over()
    text = records.write(game, 0)
    decks = [part.split(";")[0].split(")")[0].split('"')[0] for part in text.split("deck ")[1:]]
    assert len(decks) == 5 and all(deck.endswith(" ...") for deck in decks)
    assert "stack " + " ".join(map(str, [*solo.stack][:2])) not in text
    assert " ".join(solo.deck[:3]) not in text
    full = records.write(game)
    assert "stack ..." not in full and full.count("...") == 0
