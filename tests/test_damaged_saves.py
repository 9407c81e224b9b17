"""The save loader turns every bad input into one short RecordError naming the file:
invalid UTF-8, deep nesting, formats that do not exist, a header
that contradicts the game, sizes no real save has, and whatever the rules raise on
crafted steps, validated or folded."""

from __future__ import annotations

import json
from pathlib import Path
from random import Random
from typing import Any

import msgspec
import pytest

from engine.core import autoplay, record
from engine.core.errors import RecordError
from engine.core.game import Game
from engine.core.ruleset import Computer, Seat
from engine.registry import rulesets

NAME = "damaged.json"


def played(ruleset: str = "maharaja-2020", steps: int = 80, seed: int = 3) -> Game:
    rules = rulesets()[ruleset]
    game = Game(rules, [Seat(f"P{s}", Computer(level="random")) for s in range(3)], None, seed)
    return autoplay.play_randomly(game, Random(seed), max_steps=steps)


def doc(game: Game | None = None) -> dict[str, Any]:
    return json.loads(record.encode(game or played()))


def refused(data: bytes | dict[str, Any], *words: str,
            modes: tuple[bool, ...] = (True, False)) -> str:
    """Loading ``data`` raises one RecordError that names the file, is short, and says
    ``words``: validated and as the unvalidated fold (``modes``: the validate flags)."""
    if isinstance(data, dict):
        data = json.dumps(data).encode()
    message = ""
    for mode in modes:
        with pytest.raises(RecordError) as info:
            record.decode(data, rulesets(), name=NAME, validate=mode)
        message = str(info.value)
        assert message.startswith(f"{NAME}: ")
        assert len(message) <= len(NAME) + 2 + 200, message
        for word in words:
            assert word in message, message
    return message


def test_invalid_utf8_inside_a_string_is_a_record_error() -> None:
    data = record.encode(played()).replace(b'"P1"', b'"P\xff\xfe1"', 1)
    refused(data, "not UTF-8")


@pytest.mark.parametrize("where", ["header", "options", "intent", "event", "top"])
def test_nesting_a_thousand_deep_is_a_record_error(where: str) -> None:
    deep = "[" * 1500 + "]" * 1500
    text = json.dumps(doc())
    anchors = {"header": '"header": {', "options": '"options": {',
               "intent": '[1, {', "event": '}, [{'}
    if where == "top":
        text = '{"x": ' + deep + ", " + text[1:]
    else:
        anchor = anchors[where]
        assert anchor in text
        text = text.replace(anchor, anchor + f'"deep": {deep}, ', 1)
    refused(text.encode(), "nested")


@pytest.mark.parametrize("version", [0, -1, 1.0, "1", True])
def test_a_format_version_that_does_not_exist_says_so(version: Any) -> None:
    data = doc()
    data["header"]["format"] = version
    message = refused(data, "format version")
    assert "corrupted content" not in message


def test_the_header_never_decides_whether_the_game_is_over(tmp_path: Path) -> None:
    """A header saying finished (or not) is ignored: the fold says it."""
    game = played(steps=30)
    data = doc(game)
    data["header"]["finished"] = True
    loaded = record.decode(json.dumps(data).encode(), rulesets(), name=NAME)
    assert not loaded.is_over() and len(loaded.steps) == len(game.steps)
    over = autoplay.play_randomly(played(steps=30), Random(1))
    assert over.is_over()
    data = doc(over)
    data["header"]["finished"] = False
    loaded = record.decode(json.dumps(data).encode(), rulesets(), name=NAME, validate=False)
    assert loaded.is_over()


def test_an_edited_fold_under_other_rules_is_replayed_not_trusted() -> None:
    """A file claiming other rules (rules_version) is never folded blindly: its events
    are checked as in a validated load, so an edited one is refused."""
    data = doc()
    step = next(s for s in data["steps"][1:] if any("seat" in e for e in s[2]))
    event = next(e for e in step[2] if "seat" in e)
    event["seat"] = (event["seat"] + 1) % 3  # an event edited to another seat
    data["header"]["rules_version"] = "0-older"
    refused(data, "rules", modes=(False,))


def test_engine_and_rules_versions_are_texts_of_a_sane_length() -> None:
    for field in ("engine_version", "rules_version", "created"):
        data = doc()
        data["header"][field] = "9" * 100_000
        refused(data, "longer than")


def test_size_limits_have_a_clear_message(tmp_path: Path) -> None:
    data = doc()
    data["header"]["seats"][0]["name"] = "N" * 10_000
    refused(data, "name is longer than")
    padded = b" " * (record.MAX_BYTES + 1) + record.encode(played())
    path = tmp_path / NAME
    path.write_bytes(padded)
    with pytest.raises(RecordError, match="too large"):
        record.load(path, rulesets())


def test_a_huge_value_is_never_echoed() -> None:
    data = doc()
    data["header"]["ruleset"] = "chess" * 10_000
    refused(data, "unknown game")
    data = doc()
    data["steps"][3][1] = {"type": "x" * 50_000}
    refused(data, "corrupted content")


def forged(data: dict[str, Any]) -> bytes:
    """``data`` written as this program writes a save, with a digest recomputed over
    its edited parts: the digest proves a file unchanged, it is no signature, so a
    deliberate forgery is folded as trusted and must still fail cleanly."""
    header = data["header"]
    rules = rulesets()[header["ruleset"]]
    options, steps = (msgspec.json.encode(data["header"]["options"]),
                      msgspec.json.encode(data["steps"]))
    header = {**header, "options": msgspec.Raw(options), "digest": record._digest(
        rules.id, rules.rules_version, options, steps, b"null")}
    return msgspec.json.encode({"header": header, "steps": msgspec.Raw(steps)})


def test_a_damaged_or_edited_step_is_re_decided_not_trusted() -> None:
    """The fold trusts only the events as this program wrote them (the digest): an event
    edited so that it still folds is re-decided like a file of other rules, and refused."""
    data = doc(played())
    gained = next(e for s in data["steps"][1:] for e in s[2] if e.get("coins"))
    gained["coins"] += 1
    loaded = record.decode(forged(data), rulesets(), name=NAME, validate=False)
    assert loaded.steps != played().steps  # forged: folded as it is, not checked
    refused(data, "replays to different events")


def test_a_save_as_written_is_folded_without_re_deciding(
        monkeypatch: pytest.MonkeyPatch) -> None:
    original = played()
    data = record.encode(original)
    rules = rulesets()["maharaja-2020"]

    def decide(*_: Any) -> list[Any]:
        raise RuntimeError("re-decided")

    monkeypatch.setattr(rules, "decide", decide)
    game = record.decode(data, rulesets(), name=NAME, validate=False)
    assert game.steps == original.steps
    without = json.loads(data)
    del without["header"]["digest"]  # an older save: re-decided
    with pytest.raises(RecordError, match="re-decided"):
        record.decode(json.dumps(without).encode(), rulesets(), name=NAME, validate=False)


def event_with_seat(data: dict[str, Any]) -> dict[str, Any]:
    return next(e for s in data["steps"][1:] for e in s[2] if "seat" in e)


@pytest.mark.parametrize("ruleset", ["maharaja-2020", "raja-2004"])
def test_events_that_do_not_fold_are_a_record_error_in_the_fold(ruleset: str) -> None:
    """The unvalidated fold (autosave lists) applies crafted events: an IndexError or a
    KeyError from the rules becomes a RecordError."""
    data = doc(played(ruleset))
    event_with_seat(data)["seat"] = 9
    refused(forged(data), "do not make a game", modes=(False,))
    refused(data)


@pytest.mark.parametrize("raised", [IndexError, AssertionError, OverflowError, KeyError,
                                    ValueError, TypeError])
def test_whatever_the_rules_raise_while_re_deciding_is_a_record_error(
        raised: type[Exception], monkeypatch: pytest.MonkeyPatch) -> None:
    rules = rulesets()["maharaja-2020"]
    data = record.encode(played())
    calls = []
    decide = rules.decide

    def crafted(state: Any, seat: int, intent: Any) -> list[Any]:
        calls.append(intent)
        if len(calls) == 5:  # the fifth decision of the file trips the rules
            raise raised("boom")
        return decide(state, seat, intent)

    monkeypatch.setattr(rules, "decide", crafted)
    message = refused(data, "step 5 does not replay", raised.__name__, modes=(True,))
    assert "boom" in message
