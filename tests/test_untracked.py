"""Steps, events and intents are never tracked by the cyclic garbage collector:
they cannot hold a cycle, and a game makes several every decision, which the collector
would otherwise walk again and again."""

from __future__ import annotations

import gc
from random import Random

import pytest

from engine.core.autoplay import play_randomly
from engine.core.game import Game
from engine.core.ruleset import Seat
from engine.registry import rulesets


@pytest.mark.parametrize("ruleset_id", ["maharaja-2020", "raja-2004", "maharani", "maharadjah"])
def test_a_games_steps_events_and_intents_are_untracked(ruleset_id: str) -> None:
    rules = rulesets()[ruleset_id]
    game = Game(rules, [Seat(f"P{i}") for i in range(4)], None, 3)
    play_randomly(game, Random(3), max_steps=60)
    assert len(game.steps) > 10
    for step in game.steps:
        assert not gc.is_tracked(step)
        assert step.intent is None or not gc.is_tracked(step.intent)
        assert not any(map(gc.is_tracked, step.events))
