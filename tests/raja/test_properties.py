"""Property tests over random legal games (hypothesis, small example counts).

Invariants: pieces conserved per colour, gold never negative, the log folds to the
live state, undo/redo and save/load round-trip, seat views hide what they must,
and random intents are either legal or refused with the state unchanged.
"""

from __future__ import annotations

from random import Random
from typing import Any

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import record
from engine.core.errors import IllegalIntent
from engine.core.game import Game
from engine.raja import RULESET, Options
from engine.raja import components as C
from engine.raja import intents as it
from engine.raja.board import board
from engine.raja.queries import palace_limit
from engine.raja.state import State
from engine.raja.views import HIDDEN_GOLD

from .helpers import seats

SETTINGS = settings(max_examples=25, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

options = st.builds(
    Options,
    short_game=st.booleans(), yogi_tokens=st.booleans(), home_city=st.booleans(),
    auction=st.booleans(), multi_character=st.booleans(), hidden_gold=st.booleans(),
)


def encode(state: Any) -> bytes:
    return msgspec.msgpack.encode(state)


def check_invariants(state: State) -> None:
    """R-COMP-4, R-BUILD-6, R-AMB-8: pieces never appear or vanish; gold stays >= 0."""
    houses_on_board: dict[int, int] = {}
    for owners in [*state.villages.values(), *(c.houses for c in state.cities.values())]:
        for seat in owners:
            houses_on_board[seat] = houses_on_board.get(seat, 0) + 1
    for seat, p in enumerate(state.players):
        assert p.gold >= 0
        stock = p.setup_houses + p.reserve + p.quarry
        assert stock + houses_on_board.get(seat, 0) == C.SETUP_HOUSES + C.QUARRY_HOUSES
        built = sum((c.central == seat) + c.outer.count(seat) for c in state.cities.values())
        assert p.supply + built == palace_limit(state)
    for city in state.cities.values():
        assert len(city.outer) <= C.OUTER_SITES
    cards = sorted(state.bank + [c for p in state.players for c in p.cards])
    assert cards == list(range(1, 8 if state.options.yogi_tokens else 7))
    assert state.tokens + sum(p.tokens for p in state.players) == (
        C.TOKENS if state.options.yogi_tokens else 0)


def junk(rng: Random, state: State) -> Any:
    """A random intent, legal or (mostly) not."""
    places = [*board().villages, *board().city_ids, "START", "nowhere"]
    slot, part = rng.randint(-2, 3), rng.randint(-1, 2)
    return rng.choice([
        it.PickCard(card=rng.randint(0, 8)), it.Bid(amount=rng.randint(-1, 20)), it.Pass(),
        it.PlaceSetupHouse(village=rng.choice(places)),
        it.SelectActions(first=rng.choice(C.ACTIONS), second=rng.choice([*C.ACTIONS, "FLY"])),
        it.MoveArchitect(to=rng.choice(places), roads=tuple(rng.sample(board().road_ids,
                                                                      rng.randint(0, 3)))),
        it.TakeGold(slot=slot, part=part), it.BuildHouse(place=rng.choice(places), slot=slot,
                                                       part=part),
        it.MoveHouse(source=rng.choice(places), dest=rng.choice(places), slot=slot, part=part),
        it.TakeQuarry(slot=slot, part=part), it.BuildPalace(central=rng.random() < 0.5, slot=slot,
                                                          part=part),
        it.MoveGovernor(city=rng.choice(places), slot=slot, part=part),
        it.TakeCharacter(card=rng.randint(0, 8), slot=slot, part=part, give=rng.randint(0, 7)),
        it.AttractCharacter(target=rng.randint(-1, 5), slot=slot,
                           part=part), it.GiveCard(card=rng.randint(0, 8)),
        it.UseToken(action=rng.choice([*C.ACTIONS, "FLY"])), it.EndTurn(),
    ])


def play(n: int, opts: Options, seed: int, probe: bool = True) -> Game:
    rng = Random(seed)
    g = Game(RULESET, seats(n), opts, seed)
    for _ in range(20_000):
        movers = g.to_move()
        if not movers:
            break
        if probe and rng.random() < 0.3:
            seat = rng.randrange(n)
            intent = junk(rng, g.state)
            before, steps = encode(g.state), len(g.steps)
            try:
                g.play(seat, intent)
            except IllegalIntent as exc:
                assert exc.rule.startswith(("R-", "CORE-"))
                assert encode(g.state) == before and len(g.steps) == steps
            else:
                if not isinstance(intent, it.MoveArchitect):
                    g.undo()  # check it was listed, as seen before it was played
                    assert intent in g.legal_intents(seat), intent
                    g.redo()
            check_invariants(g.state)
            continue
        seat = rng.choice(movers)
        legal = g.legal_intents(seat)
        assert legal, f"seat {seat} is to move but has no legal intent"
        g.play(seat, rng.choice(legal))
        check_invariants(g.state)
    assert g.is_over()
    return g


@SETTINGS
@given(n=st.integers(2, 5), opts=options, seed=st.integers(0, 10**6))
def test_random_games_keep_invariants_and_fold(n: int, opts: Options, seed: int) -> None:
    """Random legal games end (R-END-1) with pieces conserved (R-COMP-4) and gold >= 0
    (R-TURN-5); the log folds to the live state; random intents are refused cleanly."""
    g = play(n, opts, seed)
    state = RULESET.new_state(opts, g.seats)
    for _, event in g.events():
        RULESET.apply(state, event)
    assert encode(state) == encode(g.state)
    assert len(g.state.ranking) == n


@SETTINGS
@given(n=st.integers(2, 5), opts=options, seed=st.integers(0, 10**6),
       back=st.integers(1, 40))
def test_undo_redo_and_save_load_round_trip(
    n: int, opts: Options, seed: int, back: int
) -> None:
    """Undo never redraws; redo restores the same state; saves replay identically."""
    g = play(n, opts, seed, probe=False)
    final = encode(g.state)
    back = min(back, len(g.steps) - 1)
    for _ in range(back):
        g.undo()
    replay = RULESET.new_state(opts, g.seats)
    for _, event in g.events():
        RULESET.apply(replay, event)
    assert encode(replay) == encode(g.state)
    for _ in range(back):
        g.redo()
    assert encode(g.state) == final
    data = record.encode(g)
    loaded = record.decode(data, {RULESET.id: RULESET})
    assert encode(loaded.state) == final
    strip = lambda raw: {**msgspec.json.decode(raw), "header": None}  # noqa: E731
    assert strip(record.encode(loaded)) == strip(data)
    assert msgspec.json.decode(record.encode(loaded))["steps"] == msgspec.json.decode(data)["steps"]


@SETTINGS
@given(n=st.integers(2, 5), hidden=st.booleans(), seed=st.integers(0, 10**6),
       cut=st.floats(0, 1))
def test_views_hide_plans_and_gold(n: int, hidden: bool, seed: int, cut: float) -> None:
    """R-INFO-1, R-INFO-2: other seats' unrevealed plans and (hidden_gold) gold are blank."""
    g = play(n, Options(hidden_gold=hidden), seed, probe=False)
    g.rewind(max(1, int(len(g.steps) * cut)))
    for seat in [None, *range(n)]:
        view = g.view(seat)
        for other, (shown, real) in enumerate(zip(view.players, g.state.players, strict=True)):
            if other == seat:
                assert shown == real
                continue
            assert shown.plan == (real.plan if real.revealed else [])
            over = g.state.phase == "over"  # the final ranking counts gold openly (R-END-2)
            assert shown.gold == (HIDDEN_GOLD if hidden and not over else real.gold)
        for _, event in g.events():
            shown_event = RULESET.redact(event, seat)
            if getattr(event, "actions", None) and type(event).__name__ == "ActionsSelected":
                assert (shown_event.actions == event.actions) == (event.seat == seat)
    assert g.descriptions(0)  # the log reads for any seat


@SETTINGS
@given(n=st.integers(2, 5), opts=options, seed=st.integers(0, 10**6))
def test_hidden_gold_hides_totals_not_payments(n: int, opts: Options, seed: int) -> None:
    """R-INFO-3: with hidden gold only the totals are hidden; every payment and income
    is public as at the table: folding the events as any seat (or a spectator) sees
    them gives every seat's true gold, and each change of gold reads in the log with
    its amount."""
    from engine.core.describe import plain

    opts = msgspec.structs.replace(opts, hidden_gold=True)
    g = play(n, opts, seed, probe=False)
    events = [event for _, event in g.events()]
    for seat in (None, 0, n - 1):
        seen = RULESET.new_state(opts, g.seats)
        for event in events:
            shown = RULESET.redact(event, seat)
            before = [p.gold for p in seen.players]
            line = plain(RULESET.describe(shown, seen))
            RULESET.apply(seen, shown)
            if [p.gold for p in seen.players] != before:
                assert " gold" in line, line
        assert [p.gold for p in seen.players] == [p.gold for p in g.state.players]
    g.rewind(len(g.steps) // 2)
    if g.state.phase != "over":
        assert all(p.gold == HIDDEN_GOLD for p in g.view(0).players[1:])


def test_boundaries_and_descriptions() -> None:
    """R-ROUND-4: rounds and turns are marked for replay seeking; every event reads."""
    from engine.core.describe import plain
    from engine.core.replay import Replay

    g = play(4, Options(), 7, probe=False)
    replay = Replay(g)
    rounds = replay.starts("round")
    assert len(rounds) == g.state.round and len(replay.starts("turn")) == 5 * g.state.round
    assert all(plain(d) for d in replay.descriptions)
    replay.seek(rounds[1])
    assert replay.state.round == 1


@SETTINGS
@given(n=st.integers(2, 5), opts=options, seed=st.integers(0, 10**6))
def test_house_parts_list_what_decide_accepts(n: int, opts: Options, seed: int) -> None:
    """R-BUILD-1/3/6, R-ACT-1, R-TURN-5, R-CHAR-5: a house or house-move part is listed
    straight from the rules; it must be exactly the candidates ``decide``
    accepts, in the same order, at every decision of a random game."""
    from engine.raja import legal as L

    g = Game(RULESET, seats(n), opts, seed)
    rng = Random(seed)
    compared = 0
    while g.to_move():
        seat = rng.choice(g.to_move())
        for group in L.legal_groups(g.state, seat):
            kind = group.key.rsplit(" ", 1)[-1]
            if group.key.startswith("slot ") and kind in (C.P_HOUSE, C.P_MOVE):
                s, p = int(group.key.split()[1]), int(group.key.split()[3])
                trial = L._filter(g.state, seat, L._part_steps(g.state, seat, s, p, kind))
                assert list(group) == trial, group.key
                compared += 1
        g.play(seat, rng.choice(g.legal_intents(seat)))
    assert compared > 0
