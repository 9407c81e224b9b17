"""Every registered game follows the core's conventions.

Intents and events derive from the core's frozen, keyword-only bases in one union
tagged by ``type``; each game package exports State, Options, Intent, Event and
RULESET, and its state's phase is a ``Phase`` enum.
"""

from __future__ import annotations

import importlib
import inspect
import typing
from enum import StrEnum

import pytest

from engine.core import structs
from engine.core.ruleset import Seat
from engine.registry import rulesets

GAMES = sorted(rulesets())  # every registered game, so a new one is held to this too


def members(union: object) -> tuple[type, ...]:
    return typing.get_args(union) or (union,)  # type: ignore[return-value]


@pytest.mark.parametrize("ruleset_id", GAMES)
@pytest.mark.parametrize(("kind", "base"), [("Intent", structs.Intent), ("Event", structs.Event)])
def test_intents_and_events_use_the_core_bases(ruleset_id: str, kind: str, base: type) -> None:
    rules = rulesets()[ruleset_id]
    tags = set()
    for cls in members(getattr(rules, kind)):
        config = cls.__struct_config__
        assert issubclass(cls, base), f"{cls.__name__} does not derive from {base.__qualname__}"
        assert config.frozen and config.tag_field == structs.TAG_FIELD and config.tag
        params = inspect.signature(cls).parameters.values()
        assert all(p.kind is p.KEYWORD_ONLY for p in params), f"{cls.__name__} is positional"
        tags.add(config.tag)
    assert len(tags) == len(members(getattr(rules, kind)))


@pytest.mark.parametrize("ruleset_id", GAMES)
def test_game_packages_export_the_same_names(ruleset_id: str) -> None:
    rules = rulesets()[ruleset_id]
    package = importlib.import_module(type(rules).__module__)
    assert package.RULESET is rules
    assert (package.State, package.Options, package.Intent, package.Event) == (
        rules.State, rules.Options, rules.Intent, rules.Event)
    seats = [Seat(f"P{n}") for n in range(max(2, rules.min_seats))]
    state = rules.new_state(rules.Options(), seats)
    assert isinstance(state.phase, StrEnum)
    assert type(state.phase).__name__ == "Phase"
