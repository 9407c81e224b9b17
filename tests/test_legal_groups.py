"""Every registered game lists its legal intents in lazy groups and checks one cheaply.

``legal_intents`` is the flattened ``legal_groups`` in the same order (bots choose by
position, so the recordings depend on it); ``is_legal`` agrees with the listing and
never enumerates; listing the group keys prices no route.
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType

import pytest

from engine.core.ruleset import flatten
from engine.maharadjah import legal as maharadjah_legal
from engine.registry import rulesets, spec_of
from tests.random_positions import positions

GAMES = sorted(rulesets())  # every registered game, so a new one is held to this too
ROUTE_GAMES = ["maharaja-2020", "raja-2004"]  # their priests and architects travel
PRICING = {"maharaja-2020": "price_open_paths", "raja-2004": "priced_paths"}  # what prices


def players(ruleset_id: str) -> int:
    return spec_of(ruleset_id).seats[2]  # the game's default table


def listings(ruleset_id: str) -> list[object]:
    """Where the game lists its legal intents: its ruleset, and the ``legal`` module of
    its package when it has one (``is_legal`` must ask neither to list)."""
    rules = rulesets()[ruleset_id]
    package = type(rules).__module__
    where: list[object] = [type(rules)]
    if importlib.util.find_spec(f"{package}.legal") is not None:
        where.append(importlib.import_module(f"{package}.legal"))
    return where


def legal_module(ruleset_id: str) -> ModuleType:
    module = listings(ruleset_id)[-1]
    assert isinstance(module, ModuleType), f"{ruleset_id} has no legal module"
    return module


@pytest.mark.parametrize("ruleset_id", GAMES)
def test_legal_intents_are_the_groups_flattened_in_order(ruleset_id: str) -> None:
    kinds = set()
    for game, seat in positions(ruleset_id, players(ruleset_id), seed=11):
        groups = list(game.legal_groups(seat))
        assert len({g.key for g in groups}) == len(groups)  # keys name one group each
        assert flatten(groups) == game.legal_intents(seat)
        kinds |= {g.key.split()[0] for g in groups}
        others = [s for s in range(len(game.seats)) if s not in game.to_move()]
        for other in others:
            assert list(game.legal_groups(other)) == []
    assert kinds and ("move" in kinds or ruleset_id not in ROUTE_GAMES)
    if ruleset_id == "maharadjah":  # a wargame lists which stacks can move, lazily
        assert "stack" in kinds


@pytest.mark.parametrize("ruleset_id", GAMES)
def test_is_legal_agrees_with_the_listing_without_listing(ruleset_id: str,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    where = listings(ruleset_id)
    for game, seat in positions(ruleset_id, players(ruleset_id), seed=12, steps=120):
        legal = game.legal_intents(seat)
        with monkeypatch.context() as m:
            for owner in where:
                for name in ("legal_intents", "legal_groups"):
                    if hasattr(owner, name):
                        m.setattr(owner, name, _no_listing)
            assert all(game.is_legal(seat, intent) for intent in legal)
            others = [s for s in range(len(game.seats)) if s not in game.to_move()]
            assert not any(game.is_legal(s, legal[0]) for s in others)
            assert not game.is_legal(seat, object())  # not an intent of this game


@pytest.mark.parametrize("ruleset_id", ROUTE_GAMES)
def test_group_keys_are_listed_without_pricing_routes(ruleset_id: str,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    module = legal_module(ruleset_id)
    seen_move = False
    for game, seat in positions(ruleset_id, players(ruleset_id), seed=13):
        with monkeypatch.context() as m:
            m.setattr(module, PRICING[ruleset_id], _no_listing)
            keys = [group.key for group in game.legal_groups(seat)]
        if "move" in keys:
            seen_move = True
            move = next(g for g in game.legal_groups(seat) if g.key == "move")
            assert list(move) == [i for i in game.legal_intents(seat)
                                  if type(i).__name__ in ("MovePriest", "MoveArchitect")]
    assert seen_move


def _no_listing(*args: object, **kwargs: object) -> None:
    raise AssertionError("listed or priced where nothing should be")


def test_a_wargame_lists_which_stacks_can_move_without_their_moves(
        monkeypatch: pytest.MonkeyPatch) -> None:
    stacks = 0
    for game, seat in positions("maharadjah", 3, seed=14, steps=200):
        with monkeypatch.context() as m:
            # whether a stack can go anywhere is asked; its destinations × counts are not
            m.setattr(maharadjah_legal, "stack_moves", _no_listing)
            keys = [group.key for group in game.legal_groups(seat)]
        starts = [k.removeprefix("stack ") for k in keys if k.startswith("stack ")]
        stacks += len(starts)
        for group in game.legal_groups(seat):
            if group.key.startswith("stack "):
                assert {m.start for m in group} == {group.key.removeprefix("stack ")}
    assert stacks > 0
