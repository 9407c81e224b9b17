"""Property tests over random legal games of 2, 3 and 4 players (hypothesis, few examples).

Invariants: tiles and artisans conserved, M-ART-4 never broken, gold never negative,
every quarter scored once; the log folds to the live state; undo/redo and save/load
round-trip; views never hold a bag order; random intents are legal or refused cleanly.
"""

from __future__ import annotations

from random import Random
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import record
from engine.core.autoplay import play_randomly
from engine.core.errors import IllegalIntent
from engine.core.game import Game
from engine.maharani import RULESET
from engine.maharani import components as C
from engine.maharani import intents as it
from engine.maharani.board import palace
from engine.maharani.queries import owner, tile_colour
from engine.maharani.state import State

from .helpers import seats

SETTINGS = settings(max_examples=15, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def encode(state: Any) -> bytes:
    return msgspec.msgpack.encode(state)


def check_invariants(state: State) -> None:
    """M-COMP-2 (60 tiles), M-ART-4 and M-ART-5 (one artisan per colour, quarter and tile
    colour; the penalty never needed), M-AMB-13 (gold >= 0), M-EVAL-3 (scored once)."""
    board = palace()
    tiles = [*state.bag, *(t for t in state.slots if t), *(p.tile for p in state.cells.values()),
             *state.removed]
    assert sorted(tiles) == sorted(board.tiles)
    assert all(board.tiles[t].central for t in state.removed)
    assert set(state.artisans) <= set(state.cells)  # each artisan stands on a tile
    seen: set[tuple[str, str, str]] = set()
    for cell, artisan in state.artisans.items():
        key = (artisan, board.cells[cell].quarter, tile_colour(state, cell) or "")
        assert key not in seen, key
        seen.add(key)
    n = state.seats
    for seat, player in enumerate(state.players):
        assert player.gold >= 0
        for colour, reserve in zip(player.colours, player.reserve, strict=True):
            assert owner(state, colour) == seat
            on_board = sum(1 for a in state.artisans.values() if a == colour)
            assert reserve >= 0 and reserve + on_board == C.ARTISANS[n]
    assert len(set(state.scored)) == len(state.scored)


def junk(rng: Random, state: State) -> Any:
    """A random intent, legal or (mostly) not."""
    cells = [*palace().cells, "r3c3", "nowhere"]
    return rng.choice([
        it.Place(slot=rng.randint(0, 5), cell=rng.choice(cells), arrow=rng.choice("NESWX"),
                artisan=rng.choice(["", *C.ARTISAN_COLOURS, "PINK"])),
        it.Refresh(), it.EndTurn(),
    ])


def play(n: int, seed: int, probe: bool = True) -> Game:
    rng = Random(seed)
    g = Game(RULESET, seats(n), None, seed)
    for _ in range(2000):
        movers = g.to_move()
        if not movers:
            break
        if probe and rng.random() < 0.3:
            seat = rng.randrange(n)
            intent = junk(rng, g.state)
            before, steps = encode(g.state), len(g.steps)
            legal = RULESET.is_legal(g.state, seat, intent)
            try:
                g.play(seat, intent)
            except IllegalIntent as exc:
                assert exc.rule.startswith(("M-", "CORE-")) and not legal
                assert encode(g.state) == before and len(g.steps) == steps
            else:
                assert legal
            check_invariants(g.state)
            continue
        seat = movers[0]
        listed = g.legal_intents(seat)
        assert listed, f"seat {seat} is to move but has no legal intent"
        assert len(set(listed)) == len(listed)
        intent = rng.choice(listed)
        assert RULESET.is_legal(g.state, seat, intent)
        g.play(seat, intent)
        check_invariants(g.state)
    assert g.is_over()
    return g


@SETTINGS
@given(n=st.integers(2, 4), seed=st.integers(0, 10**6))
def test_random_games_end_and_fold(n: int, seed: int) -> None:
    """Random legal games of 2-4 players end (M-END-1) with every quarter scored once
    (M-EVAL-3), the winners holding the most gold (M-END-3); the log folds to the state."""
    g = play(n, seed)
    state = RULESET.new_state(g.options, g.seats)
    for _, event in g.events():
        RULESET.apply(state, event)
    assert encode(state) == encode(g.state)
    assert sorted(g.state.scored) == sorted(palace().quarters)
    best = max(p.gold for p in g.state.players)
    assert g.state.winners == [s for s, p in enumerate(g.state.players) if p.gold == best]


@SETTINGS
@given(n=st.integers(2, 4), seed=st.integers(0, 10**6), back=st.integers(1, 40))
def test_undo_redo_and_save_load_round_trip(n: int, seed: int, back: int) -> None:
    """Undo never redraws; redo restores the same state; saves replay identically."""
    g = play(n, seed, probe=False)
    final = encode(g.state)
    back = min(back, len(g.steps) - 1)
    for _ in range(back):
        g.undo()
    for _ in range(back):
        g.redo()
    assert encode(g.state) == final
    data = record.encode(g)
    loaded = record.decode(data, {RULESET.id: RULESET})
    assert encode(loaded.state) == final
    assert msgspec.json.decode(record.encode(loaded))["steps"] == msgspec.json.decode(data)["steps"]


@SETTINGS
@given(n=st.integers(2, 4), seed=st.integers(0, 10**6), cut=st.floats(0, 1))
def test_views_never_hold_the_bag_order(n: int, seed: int, cut: float) -> None:
    """M-INFO-1: every seat and spectator sees all but the bag's order: the view's bag is
    the same multiset, sorted, and nothing else differs; events hide nothing."""
    g = play(n, seed, probe=False)
    g.rewind(max(1, int(len(g.steps) * cut)))
    for seat in [None, *range(n)]:
        view = g.view(seat)
        assert view.bag == sorted(g.state.bag)
        assert encode(msgspec.structs.replace(view, bag=[])) == encode(
            msgspec.structs.replace(g.state, bag=[]))
        for _, event in g.events():
            assert RULESET.redact(event, seat) == event
    assert g.descriptions(0)


def test_the_bag_is_never_ordered() -> None:
    """M-INFO-1, M-COMP-7: the state itself keeps the bag sorted; draws live in events."""
    g = play_randomly(Game(RULESET, seats(3), None, 5), Random(5), max_steps=10)
    assert g.state.bag == sorted(g.state.bag)


def test_boundaries_and_descriptions() -> None:
    """Replay seeking: a round mark at setup, a turn mark at each TurnStarted; every event
    reads as a line."""
    from engine.core.describe import plain
    from engine.core.replay import Replay

    g = play(4, 7, probe=False)
    replay = Replay(g)
    assert len(replay.starts("turn")) == g.state.turns
    assert all(plain(d) for d in replay.descriptions)


def test_a_placement_reads_as_a_sentence() -> None:
    """The log names the seat, the tile, the cell, the arrow, the marker and the gold."""
    from engine.core.describe import plain

    from .helpers import game, place

    g = game(4, slots=("ORANGE H1-R", "RED H2-P", "RED H2-P", "BLUE H2-P"))
    place(g, 1, "r0c1", "N")
    lines = [plain(d) for d in g.descriptions(0)]
    assert "Green places an orange H1-R tile from slot 1 on r0c1 pointing N: +1 gold" in (
        lines[-2])
    assert lines[-1] == "A Green artisan is placed on r0c1: +1 gold (a group of 1)"


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_of_each_size_end(n: int) -> None:
    """M-END-1 for every player count, with invariants checked at every step."""
    for seed in range(3):
        g = play(n, 100 * n + seed)
        assert g.is_over() and not g.state.exceptional  # M-END-2 never with default data
        assert len(g.state.cells) == len(palace().cells)
