"""The movement searches' memo: a memoised answer is always the fresh one.

``destinations`` memoises a search by ``search_inputs`` (what a search reads) and by the
group's shape with its armies as none or some; a key that missed something a search
reads would hand a later listing a stale answer. Random games give every kind of
position (attacks, overruns, boats, allies), and the memo lives across the whole game.
"""

from __future__ import annotations

from collections.abc import Iterator
from random import Random

import pytest

from engine.core.game import Game
from engine.core.ruleset import Seat
from engine.maharadjah import RULESET, known
from engine.maharadjah import intents as it
from engine.maharadjah import legal as L
from engine.maharadjah import movement as M
from engine.maharadjah import queries as Q
from engine.maharadjah.movement import Group
from engine.maharadjah.state import State


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


def groups_of_random_games(seeds: range, rng: Random) -> Iterator[tuple[int, State, Group]]:
    """(seed, position, group shape) for every group shape the active nation offers at
    every step of random games of 4 players, one game a seed."""
    for seed in seeds:
        game = Game(RULESET, [Seat(f"P{i}") for i in range(4)], None, seed)
        while game.to_move():
            state = game.state
            for start in L._starts(state):
                for group in L.groups_at(state, start):
                    yield seed, state, group
            seat = rng.choice(game.to_move())
            game.play(seat, rng.choice(game.legal_intents(seat)))


def test_the_runs_counted_by_ground_are_those_of_the_search() -> None:
    """W-STACK-1, W-STACK-5: the destinations' paths counted by their ground
    (``counted_runs``, kept with the search) are those of a fresh search's runs: sea
    zones, normal and rough territories, in random positions of every kind."""
    from engine.maharadjah import queries as Q

    territories = Q.board().territories
    compared = 0
    for _seed, state, group in groups_of_random_games(range(6, 8), Random(18)):
        inputs = M._inputs(state, group.nation)
        found: dict[str, list[tuple[str, ...]]] = {}
        for (dest, _came), path in M._search(state, group).items():
            found.setdefault(dest, []).append(path)
        counted = M.counted_runs(state, group, inputs)
        assert [(d, sorted(p)) for d, p in counted.runs] == [
            (d, sorted(found[d])) for d in sorted(found)]
        by = {d: len(found[d]) for d in sorted(found)}
        assert counted.paths == sum(by.values())
        assert counted.to_sea == sum(n for d, n in by.items() if d not in territories)
        assert counted.to_normal == sum(n for d, n in by.items() if d in territories
                                        and not territories[d].rough)
        assert [d for d, _ in counted.rough] == [
            d for d in by if d in territories and territories[d].rough]
        assert [d for d, _ in counted.land] == [d for d in by if d in territories]
        compared += 1
    assert compared > 300


def test_the_runs_are_the_search_in_the_listings_order() -> None:
    """W-RET-3: a move's destination and entered-from space are both offered, so the
    listing's runs (``destination_runs``) are a fresh search's ends sorted by
    destination, then entered-from space, the paths to one destination together in
    that order, in random positions of every kind."""
    compared = many = 0
    for _seed, state, group in groups_of_random_games(range(8, 10), Random(19)):
        ends = sorted(M._search(state, group).items())
        expected: list[tuple[str, tuple[tuple[str, ...], ...]]] = []
        for (dest, _came), path in ends:
            if expected and expected[-1][0] == dest:
                expected[-1] = (dest, (*expected[-1][1], path))
            else:
                expected.append((dest, (path,)))
        runs = M.destination_runs(state, group, M._inputs(state, group.nation))
        assert list(runs) == expected
        many += any(len(paths) > 1 for _, paths in runs)
        compared += 1
    assert compared > 300 and many > 50


def test_the_searches_of_each_kind_of_group_are_the_walk_search() -> None:
    """W-MOVE-2..10, W-LEAD-3, W-INV-1, W-BOAT-1..6, W-AMB-7: an Indian group without
    boats this turn (or leaders alone) is searched over land only (armies alone: two
    crossings, one path to each end; with a leader, or leaders alone: the walks in the
    same order), an Indian group of armies with boats by the boat rules' own walks
    (armies alone from a territory: over land, then one sea zone and its coasts), a
    colonial group by land and sea with no boat rules (W-MOVE-2, W-MOVE-10, W-AMB-23);
    each finds exactly the ends and first paths the general walk search finds, in random
    positions of every kind."""
    compared = colonial = boats = by_sea = 0
    for seed, state, group in groups_of_random_games(range(2, 4), Random(16)):
        ctx = M._Crossing(state, group)
        if ctx.colonial:
            fast = M._colonial_walks
        elif ctx.boats and group.armies:
            fast = M._over_land_or_sea if ctx.allowance == 2 and (
                group.start in ctx.board.territories) else M._boat_walks
        else:
            fast = (M._over_land if ctx.allowance == 2 and group.armies
                    else M._land_walks)
        assert fast(ctx, False) == M._walks(M._Crossing(state, group)), (
            seed, group)
        assert bool(fast(M._Crossing(state, group), True)) == bool(
            M._walks(M._Crossing(state, group)))
        compared += 1
        colonial += ctx.colonial
        boats += fast is M._boat_walks
        by_sea += fast is M._over_land_or_sea
    assert compared > 300 and colonial > 30 and boats > 30 and by_sea > 30, (
        compared, colonial, boats, by_sea)


def test_the_inputs_kept_through_a_move_are_the_fresh_ones() -> None:
    """W-MOVE-4, W-MOVE-5: the search inputs a position keeps through a move into a
    space without enemies (``fold.apply``) are those read afresh from the map, at every
    step of random games (moves, attacks, overruns, battles)."""
    rng = Random(17)
    kept = 0
    for seed in range(4, 6):
        game = Game(RULESET, [Seat(f"P{i}") for i in range(4)], None, seed)
        while game.to_move():
            state = game.state
            if state.active:
                before = known.peek(state, "inputs")
                fresh = M._inputs(state, state.active)
                assert M.search_inputs(state, state.active) == fresh, (seed, len(game.steps))
                kept += before is not None
            seat = rng.choice(game.to_move())
            game.play(seat, rng.choice(game.legal_intents(seat)))
    assert kept > 500


def test_what_a_search_knows_before_it_starts_is_what_it_would_work_out() -> None:
    """W-MOVE-4, W-AMB-36, W-ALLY-4, W-SUB-6, W-BOAT-5: the memos of entering and ending
    in a space and of both that a position's searches start with (``_calm``: the spaces
    without another nation's armies) hold what the group's own crossing works out for
    each space from the map, for every group shape (armies, leaders alone; Indian and colonial
    nations) of random positions; and those the other nations hold (``_held``: their
    stop, W-MOVE-4, lifted by an overrun, W-MOVE-5, or a submission; ending there or at
    sea beside them, W-BOAT-5, W-ALLY-4, W-SUB-6)."""
    checked = at_sea = held = open_ = 0
    for _seed, state, group in groups_of_random_games(range(8, 10), Random(19)):
        inputs = M._inputs(state, group.nation)
        enemies, endings, arrivals = M._calm(group.nation, inputs, not group.armies)
        fresh = M._Crossing(state, group)
        for space, enemy in enemies.items():
            assert enemy == fresh.entering(space), (len(state.armies), group, space)
            if space in inputs.hostile:
                held += 1
                open_ += enemy is None
        for space, ok in endings.items():
            assert ok == fresh.ends_in(space), (group, space)
            at_sea += space in fresh.board.seas
            held += space in inputs.hostile
        for space, ok in arrivals.items():
            assert ok == M._Crossing(state, group).arrives(space), (group, space)
            held += space in inputs.hostile
        checked += len(enemies) + len(endings) + len(arrivals)
        assert M._calm(group.nation, M._inputs(state, "MAURYA" if group.nation != "MAURYA"
                                               else "GREEKS")) == ({}, {}, {})
    assert checked > 10_000 and at_sea > 500, (checked, at_sea)
    assert held > 1000 and open_ > 20, (held, open_)


def test_what_a_search_knows_of_the_spaces_held_beside_allies_and_submissions() -> None:
    """W-MOVE-4, W-ALLY-4, W-SUB-6, W-BOAT-5: what a position's searches start with for
    the spaces other nations hold (``_held``) is what the group's own crossing works out,
    where they are the British's allies or submitted to the nation moving: made-up
    positions (random games' maps, with allies and submissions drawn at random) for
    the British, their allies and the others, armies and leaders alone; Indian armies
    at sea beside them."""
    from engine.core.game import copy_state
    from engine.maharadjah import queries as Q
    from engine.maharadjah.state import Submission

    draw = Random(23)
    checked = passing = closed = 0
    for step, (_seed, played, group) in enumerate(groups_of_random_games(range(10, 11),
                                                                         Random(29))):
        if step % 7:
            continue  # (a sample: the positions of one game are much alike)
        state = copy_state(played)
        nations = sorted({n for here in state.armies.values() for n in here})
        state.allies = sorted(draw.sample([n for n in nations if n != "BRITISH"],
                                          min(3, len(nations) - 1)))
        for zone in draw.sample(sorted(Q.board().seas), 3):  # Indian armies at sea too
            state.armies.setdefault(zone, {})[draw.choice(["MAHRATTAS", "CHOLA"])] = 1
        for mover in sorted({group.nation, "BRITISH", state.allies[0]}):
            held = [(s, n) for s, here in sorted(state.armies.items()) for n in here
                    if n != mover]
            state.submissions = [Submission(n, mover, [s]) for s, n in held
                                 if draw.random() < 0.3]
            inputs = M._inputs(state, mover)
            for armies in (1, 0):
                shape = Group(mover, group.start, armies, () if armies else ("RAMA",))
                enemies, endings, arrivals = M._calm(mover, inputs, not armies)
                for space in inputs.hostile:
                    fresh = M._Crossing(state, shape)
                    if space in enemies:
                        assert enemies[space] == fresh.entering(space), (mover, space)
                        passing += enemies[space] is None
                    if space in endings:
                        assert endings[space] == fresh.ends_in(space), (mover, space)
                        closed += not endings[space]
                    if space in arrivals:
                        assert arrivals[space] == M._Crossing(state, shape).arrives(space)
                    checked += 1
    assert checked > 1000 and passing > 50 and closed > 50, (checked, passing, closed)


def test_the_group_shapes_are_read_from_the_leaders_and_arms_markers_there() -> None:
    """W-LEAD-3, W-ARMS-4, W-MOVE-1: a space offers its unmoved armies alone, with every
    unmoved leader and arms marker of the active nation there, and those leaders alone
    (``groups_at``, which asks the map for them only where some stand), as the map's
    leaders and markers (``leaders_at``, ``arms_of``) give them, at every step of random
    games."""
    from engine.maharadjah import queries as Q

    rng = Random(31)
    compared = led = armed = 0
    for seed in range(11, 17):
        game = Game(RULESET, [Seat(f"P{i}") for i in range(4)], None, seed)
        while game.to_move():
            state = game.state
            nation = state.active
            for start in L._starts(state):
                armies = state.fresh.get(start, 0)
                leaders = tuple(lead for lead in Q.leaders_at(state, start)
                                if Q.leader_nation(lead) == nation and lead not in state.moved)
                arms = tuple(p for p in Q.arms_of(state, nation, start)
                             if p not in state.moved) if armies else ()
                expected = []
                if armies:
                    expected.append(Group(nation, start, armies))
                    if leaders or arms:
                        expected.append(Group(nation, start, armies, leaders, arms))
                if leaders:
                    expected.append(Group(nation, start, 0, leaders))
                assert L.groups_at(state, start) == expected, (seed, len(game.steps), start)
                compared += 1
                led += bool(leaders)
                armed += bool(arms)
            seat = rng.choice(game.to_move())
            game.play(seat, rng.choice(game.legal_intents(seat)))
    assert compared > 3000 and led > 100 and armed > 5, (compared, led, armed)


def test_the_memos_key_is_the_inputs_content() -> None:
    """The memos key a search by its inputs' stamp: inputs read from equal positions
    share one (while the memos remember it: content they forgot gets a new one), any
    change a search reads (the other nations' armies, an overrun, a refusal, allies,
    submissions, the turn) gives another, at every step of random games (where the
    memos answer for the position only if so)."""
    from engine.core.game import copy_state

    same = other = 0
    seen: dict[int, tuple[object, ...]] = {}
    for _seed, state, group in groups_of_random_games(range(12, 14), Random(37)):
        inputs = M._inputs(state, group.nation)
        assert M._inputs(copy_state(state), group.nation).stamp == inputs.stamp
        if inputs.stamp in seen:
            assert seen[inputs.stamp] == inputs.value
            same += 1
        else:
            remembered = set(M._STAMPS.values())
            assert all(stamp not in remembered for stamp, value in seen.items()
                       if value == inputs.value)  # (the old one forgotten)
            seen[inputs.stamp] = inputs.value
            other += 1
    assert same > 100 and other > 100, (same, other)


def test_the_count_of_moves_kept_from_the_automatic_end_is_the_listings() -> None:
    """W-MOVE-1, W-STACK-3: the moves a position's count holds once the automatic end of
    the phase has asked whether any stack can still move (``any_movable``: counted as far
    as the first stack with a move, kept for the listing) and the listing has drawn from
    it (``random_intent``, going on from there) are the moves ``legal_intents`` lists,
    group shape by group shape, at every step of random games: the drawn move is the one
    ``choice`` picks from that list, and a stack can move exactly when it has a move."""
    from engine.core.autoplay import random_intent

    compared = partial = 0
    for seed in range(10, 12):
        game = Game(RULESET, [Seat(f"P{i}") for i in range(4)], None, seed)
        rng = Random(seed)
        while game.to_move():
            state = game.state
            kept = known.peek(state, "count")
            if kept is not None:
                partial += kept.done < len(kept.starts)
                seat = game.to_move()[0]
                listed = game.legal_intents(seat)
                assert L.any_movable(state) == bool(L.movable(state))
                assert L.random_intent(state, seat, Random(compared)) == Random(
                    compared).choice(listed), (seed, len(game.steps))
                assert known.peek(state, "count") is kept  # (the one finished)
                by_shape: dict[tuple[object, ...], int] = {}
                for move in listed:
                    if isinstance(move, it.Move):
                        shape = (move.start, move.armies > 0, move.leaders, move.arms)
                        by_shape[shape] = by_shape.get(shape, 0) + 1
                assert {(start, group.armies > 0, group.leaders, group.arms): moves
                        for start, group, _runs, moves in kept.blocks} == by_shape, (
                    seed, len(game.steps))
                assert kept.total == sum(by_shape.values())
                compared += 1
            game.play(*random_intent(game, rng))
    assert compared > 500 and partial > 200, (compared, partial)


def test_the_memos_keep_a_few_positions_searches_not_the_games(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The searches' memos (and the judgements kept for equal positions) hold a few
    positions' worth, not a whole game's: a phase's inputs are seldom met again once it
    is over, and whatever the memos hold the garbage collector walks at every full
    collection. After two random games (hundreds of searches) they hold no more than a
    few hundred, and starting again changes no answer (the memo's answers are the fresh
    searches': ``test_memoised_destinations_are_the_fresh_search``)."""
    from engine.core.autoplay import play_randomly
    from engine.maharadjah import stacking as S

    made: list[Group] = []
    search = M._search

    def counted(state: State, group: Group, first: bool = False,
                seen: M.Seen | None = None) -> dict[tuple[str, str], tuple[str, ...]]:
        made.append(group)
        return search(state, group, first, seen)

    monkeypatch.setattr(M, "_search", counted)
    for seed in (3, 4):
        play_randomly(Game(RULESET, [Seat(f"P{i}") for i in range(4)], None, seed),
                      Random(seed))
    assert len(made) > 500, len(made)
    assert len(M._FOUND) <= 256 and len(M._STAMPS) <= 256, (len(M._FOUND), len(M._STAMPS))
    assert max(len(M._RUNS), len(M._COUNTED), len(M._ENDS), len(M._SEEN)) <= 256
    assert len(S._JUDGED) <= 32, len(S._JUDGED)


def test_the_searches_answers_are_made_of_tuples_kept_once() -> None:
    """What the memos keep of a search is mostly the board's own tuples, not new ones for
    the garbage collector to walk at every young collection: the key of an end (next
    space, space crossed from) of a colonial walk is the board's, made once with its
    crossing, and the judgements' keys are a flat tuple a part (names and numbers, not
    a pair a space). Searched afresh at every step of random games, the ends are the
    same objects."""
    from engine.maharadjah import stacking as S

    compared = keyed = 0
    for _seed, state, group in groups_of_random_games(range(20, 22), Random(41)):
        if not Q.is_colonial(group.nation):
            continue
        found, again = M._search(state, group), M._search(state, group)
        assert found == again
        for end, again_end in zip(sorted(found), sorted(again), strict=True):
            assert end is again_end, end
            keyed += 1
        compared += 1
    assert compared > 50 and keyed > 500, (compared, keyed)
    assert S._JUDGED
    for key in S._JUDGED:
        assert all(not isinstance(x, tuple) for part in key[1:4] for x in part), key
