"""Saved games of any ruleset: typed controllers, and files of format 1 still load."""

from __future__ import annotations

import msgspec
import pytest

from engine.core import record
from engine.core.game import Game
from engine.core.ruleset import HUMAN, Computer, Human, Seat, legacy_controller
from tests.core.fake_game import Claim, ClaimsRules

RULES = {"claims": ClaimsRules()}


def played() -> Game:
    game = Game(RULES["claims"], [Seat("Ann"), Seat("Bot", Computer(level="hard"))], seed=8)
    game.play(0, Claim(row=1, col=1))
    game.play(1, Claim(row=0, col=2))
    return game


def test_controllers_are_typed_and_saved_as_tagged_structs() -> None:
    data = record.encode(played())
    seats = msgspec.json.decode(data)["header"]["seats"]
    assert seats == [{"name": "Ann", "controller": {"type": "human"}},
                     {"name": "Bot", "controller": {"type": "computer", "level": "hard"}}]
    loaded = record.decode(data, RULES)
    assert [s.controller for s in loaded.seats] == [HUMAN, Computer(level="hard")]
    assert loaded.seats[0].is_human and not loaded.seats[1].is_human


@pytest.mark.parametrize(("text", "controller"), [
    ("human", Human()), ("bot:hard", Computer(level="hard")),
    ("bot:random", Computer(level="random")), ("bot", Computer(level="random")),
])
def test_legacy_controllers(text: str, controller: object) -> None:
    assert legacy_controller(text) == controller


def test_a_format_1_save_loads_with_its_string_controllers() -> None:
    old = msgspec.json.decode(record.encode(played()))
    old["header"]["format"] = 1
    old["header"]["seats"] = [{"name": "Ann", "controller": "human"},
                              {"name": "Bot", "controller": "bot:easy"}]
    game = record.decode(msgspec.json.encode(old), RULES)
    assert game.seats == [Seat("Ann"), Seat("Bot", Computer(level="easy"))]
    assert len(game.steps) == 3 and game.state.grid[0][2] == 1


def test_a_damaged_format_1_seat_list_is_a_record_error() -> None:
    old = msgspec.json.decode(record.encode(played()))
    old["header"]["format"] = 1
    old["header"]["seats"] = ["human"]
    with pytest.raises(record.RecordError, match="corrupted content"):
        record.decode(msgspec.json.encode(old), RULES)


class ClaimsV2(ClaimsRules):
    """Claims whose rules version 1 spelt a claim's cell as one string "row,col"."""

    rules_version = "2"

    def upgrade(self, record: dict, rules_version: str) -> dict:
        if rules_version == "1":
            for step in record["steps"]:
                intent = step[1]
                if intent and "cell" in intent:
                    row, col = intent.pop("cell").split(",")
                    intent.update(row=int(row), col=int(col))
        return record


def test_a_ruleset_upgrades_saves_of_its_older_rules_version() -> None:
    old = msgspec.json.decode(record.encode(played()))
    assert old["header"]["rules_version"] == "1"
    for step in old["steps"][1:]:
        intent = step[1]
        intent["cell"] = f"{intent.pop('row')},{intent.pop('col')}"
    data = msgspec.json.encode(old)
    with pytest.raises(record.RecordError):
        record.decode(data, RULES)  # version 1 itself cannot read what it never wrote
    game = record.decode(data, {"claims": ClaimsV2()})
    assert [s.intent for s in game.steps[1:]] == [Claim(row=1, col=1), Claim(row=0, col=2)]
    assert msgspec.json.decode(record.encode(game))["header"]["rules_version"] == "2"
