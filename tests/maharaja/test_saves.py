"""Saved games (engine.core.record): round trips and every kind of bad file."""

from __future__ import annotations

import json
from pathlib import Path
from random import Random

import pytest

from engine.core import record
from engine.core.errors import RecordError
from engine.registry import rulesets
from tests.maharaja.helpers import encoded, new_game, random_steps


def played(steps: int = 120, seed: int = 4):
    return random_steps(new_game(3, seed), Random(seed), steps)


def bad(data: bytes, tmp_path: Path, *words: str) -> str:
    path = tmp_path / "game.mjsave"
    path.write_bytes(data)
    with pytest.raises(RecordError) as info:
        record.load(path, rulesets())
    message = str(info.value)
    assert str(path) in message
    for word in words:
        assert word in message
    return message


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    game = played()
    path = tmp_path / "g.mjsave"
    record.save(game, path)
    loaded = record.load(path, rulesets())
    assert encoded(loaded.state) == encoded(game.state)
    assert loaded.seed == game.seed and len(loaded.steps) == len(game.steps)


def test_autosaves_are_private_and_saves_as_follow_the_umask(tmp_path: Path) -> None:
    """An autosave holds every seat's secrets; a file saved where the player chose is a
    file like any other (mkstemp alone would make it 0600)."""
    import os

    game = played(20)
    old = os.umask(0o022)
    try:
        record.save(game, tmp_path / "auto.json")
        record.save(game, tmp_path / "shared.json", private=False)
    finally:
        os.umask(old)
    assert (tmp_path / "auto.json").stat().st_mode & 0o777 == 0o600
    assert (tmp_path / "shared.json").stat().st_mode & 0o777 == 0o644


def test_missing_empty_truncated_corrupted(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="nothing.mjsave"):
        record.load(tmp_path / "nothing.mjsave", rulesets())
    data = record.encode(played())
    bad(b"", tmp_path, "empty")
    bad(data[: len(data) // 2], tmp_path, "truncated or corrupted")
    bad(b"\x00\xff garbage \x13", tmp_path)


def test_foreign_and_newer_format(tmp_path: Path) -> None:
    data = json.loads(record.encode(played(30)))
    bad(b'{"header": {"hello": 1}, "steps": []}', tmp_path, "not a saved game")
    bad(b'[1, 2, 3]', tmp_path)
    newer = dict(data, header=dict(data["header"], format=record.FORMAT_VERSION + 1))
    bad(json.dumps(newer).encode(), tmp_path, "newer version")
    unknown = dict(data, header=dict(data["header"], ruleset="chess"))
    bad(json.dumps(unknown).encode(), tmp_path, "unknown game")


def test_corrupted_content_in_a_valid_header(tmp_path: Path) -> None:
    data = json.loads(record.encode(played(30)))
    data["steps"][3][1] = {"type": "no-such-intent"}
    bad(json.dumps(data).encode(), tmp_path, "corrupted content")


def test_edited_event_log_that_does_not_replay_is_rejected(tmp_path: Path) -> None:
    """An edited log is rejected: changed events, an intent the rules refuse, a
    changed setup draw."""
    game = played(80)
    data = json.loads(record.encode(game))
    steps = data["steps"]
    # give someone extra coins in a recorded event
    index = next(i for i, s in enumerate(steps) if i > 0 and any(
        e.get("type") == "character" for e in s[2]))
    edited = json.loads(json.dumps(data))
    edited["steps"][index][2][0]["number"] = 99
    bad(json.dumps(edited).encode(), tmp_path, f"step {index}")
    # an intent by the wrong seat
    edited = json.loads(json.dumps(data))
    edited["steps"][index][0] = (edited["steps"][index][0] + 1) % 3
    bad(json.dumps(edited).encode(), tmp_path, "does not replay")
    # a different setup draw
    edited = json.loads(json.dumps(data))
    edited["steps"][0][2][0]["first_player"] = (steps[0][2][0]["first_player"] + 1) % 3
    bad(json.dumps(edited).encode(), tmp_path, "setup does not match")


def test_a_failed_load_returns_no_game(tmp_path: Path) -> None:
    """Never a half-loaded game: load either returns a whole game or raises."""
    good = record.encode(played(60))
    data = json.loads(good)
    data["steps"][-1][0] = 7
    path = tmp_path / "half.mjsave"
    path.write_bytes(json.dumps(data).encode())
    result = None
    with pytest.raises(RecordError):
        result = record.load(path, rulesets())
    assert result is None


def test_a_rules_version_1_save_with_ability_strings_loads() -> None:
    """Version 1 spelt character 3's trade "pp:N"/"coins:N" and 13's place as ``choice``.
    The files are the recordings as first saved (format 1, rules version 1)."""
    from engine.maharaja import intents as it

    saves = Path(__file__).parents[1] / "saves"
    source = (saves / "maharaja-rules-1-two-players.json").read_bytes()
    assert b'"choice":"pp:2"' in source and b'"rules_version":"1"' in source
    game = record.decode(source, rulesets())
    abilities = [s.intent for s in game.steps if isinstance(s.intent, it.UseAbility)]
    assert it.UseAbility(character=3, pp_bought=2) in abilities
    assert it.UseAbility(character=3, pp_bought=3) in abilities
    variants = record.decode((saves / "maharaja-rules-1-variants-R1-R2-F3.json").read_bytes(),
                             rulesets())
    assert it.UseAbility(character=13, place="DEL") in [s.intent for s in variants.steps]
    again = json.loads(record.encode(game))
    assert again["header"]["rules_version"] == "2" and b"choice" not in record.encode(game)
    assert {"type": "ability", "character": 3, "place": "", "pp_bought": 2, "pp_sold": 0} in [
        step[1] for step in again["steps"]]
