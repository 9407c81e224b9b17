"""The trusted play path every registered game offers autoplay and the computers.

``Ruleset.random_intent`` must pick what ``rng.choice(legal_intents)`` picks and leave
the generator where it would (seeded random games, tournaments and recordings depend on
it); ``decide_listed`` must give the events ``decide`` gives for every listed intent. A
game that overrides either hook to skip work is held to this here.
"""

from __future__ import annotations

import copy
from random import Random

import pytest

from engine.registry import rulesets
from tests.random_positions import positions

PLAYERS = {"maharaja-2020": 4, "raja-2004": 5, "maharani": 4, "maharadjah": 4}




@pytest.mark.parametrize("ruleset_id", sorted(PLAYERS))
def test_random_intent_draws_as_choice_over_the_listing(ruleset_id: str) -> None:
    rules = rulesets()[ruleset_id]
    for game, seat in positions(ruleset_id, PLAYERS[ruleset_id], 11, 120):
        listed = game.legal_intents(seat)
        for k in range(3):
            rng = Random(k)
            mine = copy.deepcopy(rng)
            assert game.random_intent(seat, mine) == rng.choice(listed)
            assert mine.getstate() == rng.getstate()  # the same numbers drawn
        assert rules.random_intent(game.state, seat, Random(0)) in listed


@pytest.mark.parametrize("ruleset_id", sorted(PLAYERS))
def test_decide_listed_gives_the_events_of_decide(ruleset_id: str) -> None:
    rules = rulesets()[ruleset_id]
    for game, seat in positions(ruleset_id, PLAYERS[ruleset_id], 12, 80):
        for intent in game.legal_intents(seat)[:12]:
            assert rules.decide_listed(game.state, seat, intent) == \
                rules.decide(game.state, seat, intent)
