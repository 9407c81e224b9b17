"""Setup by player count (M-SETUP, M-COMP, M-2P-1)."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalIntent
from engine.core.game import Game
from engine.maharani import RULESET, Options
from engine.maharani.board import palace
from engine.maharani.queries import slot_quarter

from .helpers import seats


@pytest.mark.parametrize(("n", "sides", "colours", "artisans"), [
    (4, [0, 1, 2, 3], [["GREEN"], ["RED"], ["BLUE"], ["YELLOW"]], 8),
    (3, [0, 1, 2], [["GREEN"], ["RED"], ["BLUE"]], 10),
    (2, [0, 2], [["GREEN", "YELLOW"], ["RED", "BLUE"]], 7),
])
def test_players_by_count(n: int, sides: list[int], colours: list[list[str]],
                          artisans: int) -> None:
    """M-SETUP-2 (sides N E S W / N E S / N S), M-SETUP-4 (8 / 10 / 7+7 artisans),
    M-2P-1 (two colours each), M-COMP-3 (4 markers face up), M-COMP-4 (artisan colours),
    M-COMP-5 (gold 0), M-COMP-6 (a position marker on each side)."""
    state = Game(RULESET, seats(n), None, 1).state
    assert [p.side for p in state.players] == sides
    assert [p.colours for p in state.players] == colours
    assert all(p.reserve == [artisans] * len(p.colours) for p in state.players)
    assert all(p.markers == {"NW": True, "NE": True, "SE": True, "SW": True}
               for p in state.players)
    assert all(p.gold == 0 for p in state.players)


def test_bag_turntable_and_first_player() -> None:
    """M-SETUP-1 (60 tiles in the bag), M-SETUP-3 (turned to the first player, 4 drawn
    into slots 1-4), M-COMP-1 (4 slots), M-COMP-7 (the bag), M-SETUP-2 (first at random)."""
    fresh = RULESET.new_state(Options(), seats(4))
    assert sorted(fresh.bag) == sorted(palace().tiles)
    firsts = set()
    for seed in range(12):
        g = Game(RULESET, seats(4), None, seed)
        s = g.state
        firsts.add(s.first)
        assert s.orientation == s.players[s.first].side
        assert g.to_move() == (s.first,)
        assert all(s.slots) and len(s.slots) == 4 and len(s.bag) == 56
        assert sorted([*s.bag, *s.slots]) == sorted(palace().tiles)
        assert slot_quarter(s.orientation, 1) == palace().quarters[s.orientation]
    assert len(firsts) > 1


@pytest.mark.parametrize("n", [1, 5])
def test_player_count_is_refused(n: int) -> None:
    """M-SETUP-2: 2 to 4 players."""
    with pytest.raises(IllegalIntent, match="M-SETUP-2: Maharani takes 2 to 4 players"):
        Game(RULESET, seats(4)[:n] if n < 5 else [*seats(4), *seats(1)], None, 0)
