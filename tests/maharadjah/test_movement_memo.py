"""The movement searches' memo (issue 15): a memoised answer is always the fresh one.

``destinations`` memoises a search by ``search_inputs`` (what a search reads) and by the
group's shape with its armies as none or some; a key that missed something a search
reads would hand a later listing a stale answer. Random games give every kind of
position (attacks, overruns, boats, allies), and the memo lives across the whole game.
"""

from __future__ import annotations

from random import Random

from engine.core.game import Game
from engine.core.ruleset import Seat
from engine.maharadjah import RULESET
from engine.maharadjah import legal as L
from engine.maharadjah import movement as M
from engine.maharadjah.movement import Group


def test_memoised_destinations_are_the_fresh_search() -> None:
    """W-MOVE-2..11, W-BOAT, W-ALLY-4, W-SUB-6: the memo never changes where a group may go."""
    rng = Random(15)
    M._FOUND.clear()
    compared = 0
    for seed in range(2):
        game = Game(RULESET, [Seat(f"P{i}") for i in range(4)], None, seed)
        while game.to_move():
            seat = rng.choice(game.to_move())
            state = game.state
            for start in L._starts(state):
                for group in L.groups_at(state, start):
                    for shape in {group, Group(group.nation, start, min(group.armies, 1),
                                               group.leaders, group.arms)}:
                        assert M.destinations(state, shape) == M._search(state, shape), (
                            seed, len(game.steps), shape)
                        compared += 1
                assert L._can_leave(state, start) == bool(L.stack_moves(state, start))
            assert L.any_movable(state) == bool(L.movable(state))
            game.play(seat, rng.choice(game.legal_intents(seat)))
    assert compared > 1000
