"""Every registered game lists its legal intents in lazy groups and checks one cheaply.

``legal_intents`` is the flattened ``legal_groups`` in the same order (bots choose by
position, so the recordings depend on it); ``is_legal`` agrees with the listing and
never enumerates; listing the group keys prices no route.
"""

from __future__ import annotations

import pytest

from engine.core.ruleset import flatten
from engine.maharadjah import legal as maharadjah_legal
from engine.maharaja import legal as maharaja_legal
from engine.maharani import legal as maharani_legal
from engine.raja import legal as raja_legal
from tests.random_positions import positions

GAMES = {"maharaja-2020": (maharaja_legal, 3), "raja-2004": (raja_legal, 4),
         "maharani": (maharani_legal, 3), "maharadjah": (maharadjah_legal, 3)}
ROUTE_GAMES = ["maharaja-2020", "raja-2004"]  # their priests and architects travel
PRICING = {"maharaja-2020": "price_open_paths", "raja-2004": "priced_paths"}  # what prices




@pytest.mark.parametrize("ruleset_id", sorted(GAMES))
def test_legal_intents_are_the_groups_flattened_in_order(ruleset_id: str) -> None:
    kinds = set()
    for game, seat in positions(ruleset_id, GAMES[ruleset_id][1], seed=11):
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


@pytest.mark.parametrize("ruleset_id", sorted(GAMES))
def test_is_legal_agrees_with_the_listing_without_listing(ruleset_id: str,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    module = GAMES[ruleset_id][0]
    for game, seat in positions(ruleset_id, GAMES[ruleset_id][1], seed=12, steps=120):
        legal = game.legal_intents(seat)
        with monkeypatch.context() as m:
            m.setattr(module, "legal_intents", _no_listing)
            m.setattr(module, "legal_groups", _no_listing)
            assert all(game.is_legal(seat, intent) for intent in legal)
            others = [s for s in range(len(game.seats)) if s not in game.to_move()]
            assert not any(game.is_legal(s, legal[0]) for s in others)
            assert not game.is_legal(seat, object())  # not an intent of this game


@pytest.mark.parametrize("ruleset_id", ROUTE_GAMES)
def test_group_keys_are_listed_without_pricing_routes(ruleset_id: str,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    module = GAMES[ruleset_id][0]
    seen_move = False
    for game, seat in positions(ruleset_id, GAMES[ruleset_id][1], seed=13):
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
    for game, seat in positions("maharadjah", GAMES["maharadjah"][1], seed=14, steps=200):
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
