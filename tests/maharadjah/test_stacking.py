"""No silent stacking loss (amended W-STACK-3): a move after which the stacking limits
could no longer be met by the armies still free to move is refused before it is made,
with its reason; the excess is removed only where it was not of the player's making
(W-STACK-6, a blocked stack: W-AMB-40)."""

from __future__ import annotations

from collections.abc import Iterator
from random import Random

import pytest

from engine.core.autoplay import random_intent
from engine.core.game import Game
from engine.core.ruleset import Seat
from engine.maharadjah import RULESET, known, legal, stacking
from engine.maharadjah import events as ev
from engine.maharadjah import intents as it
from engine.maharadjah.movement import destinations, search_inputs
from engine.maharadjah.state import Phase, State
from tests.maharadjah.helpers import of, play, position, refused, seat

HARAPPANS = ("BAL", "DEL", "GAN", "GUJ", "KAS", "LAH", "PUN", "RAJ", "SND")


def maurya_invasion() -> object:
    """Turn 1 (W-INV-4, a great invasion): 6 Maurya in Afghanistan and 6 in China, the
    Harappans one army in each of their territories."""
    armies = {t: {"HARAPPANS": 1} for t in HARAPPANS}
    armies.update({"AFG": {"MAURYA": 6}, "CAS": {"MAURYA": 6}})
    return position(1, "MAURYA", armies, seats=5)


def reason(state: object, nation: str, intent: object) -> str:
    from engine.core.errors import IllegalIntent

    try:
        RULESET.decide(state, seat(state, nation), intent)  # type: ignore[arg-type]
    except IllegalIntent as exc:
        return str(exc)
    raise AssertionError(f"{intent} was accepted")


def test_a_move_that_makes_the_limits_unreachable_is_refused_first() -> None:
    """W-STACK-3 (amended), W-STACK-1, W-STACK-2: Kashmir is rough, 2 armies at most or
    4 as the one large stack. Four Maurya may go there from China (the others still fit
    around it); then 2 more would stay over the limit for good: refused with its
    reason, and the list no longer offers it."""
    s = maurya_invasion()
    assert refused(s, "MAURYA", it.Move(start="CAS", path=("KAS",), armies=5)) == "W-STACK-3"
    assert "at most 4 may go there now" in reason(s, "MAURYA",
                                                  it.Move(start="CAS", path=("KAS",), armies=5))
    play(s, "MAURYA", it.Move(start="CAS", path=("KAS",), armies=4))
    play(s, "MAURYA", it.Move(start="AFG", path=("BAL",), armies=2))
    play(s, "MAURYA", it.Move(start="AFG", path=("PUN",), armies=3))
    two = it.Move(start="CAS", path=("KAS",), armies=2)
    assert refused(s, "MAURYA", two) == "W-STACK-3"
    text = reason(s, "MAURYA", two)
    assert text.startswith("W-STACK-3: Kashmir cannot take 2 more Maurya armies from Central Asia")
    assert "none may go there now" in text
    listed = RULESET.legal_intents(s, seat(s, "MAURYA"))
    assert not [m for m in listed if isinstance(m, it.Move) and m.path[-1] == "KAS"]
    assert it.Move(start="CAS", path=("GAN",), armies=2) in listed
    assert "KAS" not in legal.reach(s, "CAS")
    assert refused(s, "MAURYA", it.EndMovement()) == "W-INV-1"  # China must be left
    play(s, "MAURYA", it.Move(start="CAS", path=("GAN",), armies=2))
    events = play(s, "MAURYA", it.Move(start="AFG", path=("GAN",), armies=1))
    assert not [e for e in of(events, ev.ArmiesRemoved) if e.nation == "MAURYA"]
    assert s.phase != Phase.MOVE  # nothing left to move: the phase ended by itself


def test_the_excess_not_of_the_players_making_is_still_removed() -> None:
    """W-STACK-3, W-AMB-40, W-INV-1: the Afghans' invaders can leave Afghanistan only into
    rough Baluchistan (their allies hold the Punjab and the Ganges): 4 fit there as the
    large stack and 2 are lost whatever they do. Moves that lose no more are allowed; the
    phase ends once nothing better is possible, and only those 2 are removed."""
    s = position(15, "AFGHANS", {"AFG": {"AFGHANS": 6}, "PUN": {"SIKHS": 1},
                                 "GAN": {"MUGHALS": 1}},
                 allies=["AFGHANS", "SIKHS", "MUGHALS"])
    assert stacking.judge(s).loss == 2
    assert refused(s, "AFGHANS", it.EndMovement()) == "W-INV-1"
    play(s, "AFGHANS", it.Move(start="AFG", path=("BAL",), armies=4))
    assert s.armies["BAL"] == {"AFGHANS": 4}
    events = play(s, "AFGHANS", it.EndMovement())
    removed = [(e.space, e.armies, e.why) for e in of(events, ev.ArmiesRemoved)
               if e.why != "scheduled"]  # (2 leave at the end of the sequence, W-SCHED-5)
    assert removed == [("AFG", 2, "stranded")]


def test_a_later_move_can_make_room_and_the_phase_waits_for_it() -> None:
    """W-STACK-3: Agra is the large stack; Delhi may take a fourth army while its own
    armies can still leave, and ending the phase is refused until one does."""
    s = position(10, "MUSLIMS", {"DEL": {"MUSLIMS": 3}, "AGR": {"MUSLIMS": 4},
                                 "RAJ": {"MUSLIMS": 1}})
    play(s, "MUSLIMS", it.Move(start="RAJ", path=("DEL",), armies=1))  # DEL 4, AGR 4
    assert reason(s, "MUSLIMS", it.EndMovement()).startswith(
        "W-STACK-3: too many armies in Agra, Delhi")
    play(s, "MUSLIMS", it.Move(start="DEL", path=("RAJ",), armies=1))
    events = play(s, "MUSLIMS", it.EndMovement())
    assert not of(events, ev.ArmiesRemoved)
    assert s.armies["DEL"] == {"MUSLIMS": 3} and s.armies["AGR"] == {"MUSLIMS": 4}


@pytest.mark.parametrize("seed", [3, 4])
def test_random_play_never_loses_armies_it_could_have_kept(seed: int) -> None:
    """W-STACK-3 (amended), W-AMB-40: in random games, the armies removed for stacking
    or stranded when a Movement Phase ends are never more than the loss already there
    when the phase began (its invaders placed above the limits, a blocked stack)."""
    game = Game(RULESET, [Seat(f"P{n}") for n in range(4)], None, seed)
    rng = Random(seed)
    began: int | None = None
    checked = 0
    while game.to_move():
        state = game.state
        if state.phase == Phase.MOVE and began is None and not state.todo:
            began = stacking.judge(state).loss
        seat_, intent = random_intent(game, rng)
        lost = 0
        for event in game.play(seat_, intent):
            if isinstance(event, ev.ArmiesRemoved) and event.why in ("stacking", "stranded"):
                lost += event.armies  # the removals end_movement makes, just before
            elif isinstance(event, ev.MovementEnded):
                if began is not None:  # (a phase no one decided in ended as it began)
                    assert lost <= began, (len(game.steps), lost, began)
                    checked += 1
                began = None
            else:
                lost = 0
    assert checked > 50


@pytest.mark.parametrize("seed", [5, 6])
def test_the_quick_judgement_agrees_with_a_new_plan_for_every_move(seed: int) -> None:
    """W-STACK-3: the sizes the listing offers (mostly judged from the position's own
    plan) are exactly the moves after which a new plan loses no more armies, for every
    group shape and destination of random positions."""
    game = Game(RULESET, [Seat(f"P{n}") for n in range(4)], None, seed)
    rng = Random(seed)
    compared = 0
    while game.to_move():
        state = game.state
        for start in legal._starts(state):
            judged = stacking.judge(state)
            for group in legal.groups_at(state, start):
                if not group.armies:
                    continue
                for dest, _came in legal.destinations(state, group):
                    fresh = stacking.judge(state)  # the same position: the same answer
                    assert fresh is judged
                    want = tuple(k for k in range(1, group.armies + 1) if stacking._after(
                        state, judged, start, ((dest, k),)) <= judged.loss)
                    assert judged.sizes_to(state, start, dest, group.armies) == want, (
                        len(game.steps), start, dest)
                    for k in range(1, group.armies + 1):  # the fixed armies' excess, read once
                        fixed = dict(judged.fixed)
                        fixed[dest] = fixed.get(dest, 0) + k
                        assert judged._fixed_after(((dest, k),)) == stacking._fixed_loss(fixed)
                    compared += 1
        game.play(*random_intent(game, rng))
    assert compared > 500


def test_adding_many_spaces_is_the_limits_of_each_count() -> None:
    """W-STACK-1, W-STACK-2, W-STACK-4: the placements' and retreats' check, the
    nation's counts read once (``adding``), is the limits of the counts with the armies
    added, for every nation, space and number of armies, territories one, two and three
    over their limits among them."""
    from engine.maharadjah import queries as Q

    rng = Random(9)
    spaces = [*sorted(Q.board().territories), *sorted(Q.board().seas)]
    checked = 0
    for _ in range(300):
        armies: dict[str, dict[str, int]] = {}
        for space in rng.sample(spaces, 8):
            armies[space] = {"MAURYA": rng.randint(1, 6)}
            if rng.random() < 0.3:
                armies[space]["GREEKS"] = rng.randint(1, 3)
        state = position(1, "MAURYA", armies, seats=5)
        for nation in ("MAURYA", "GREEKS"):
            fits = Q.adding(state, nation)
            for space in rng.sample(spaces, 10):
                for k in (1, 2, 3):
                    counts = Q.nation_counts(state, nation)
                    counts[space] = counts.get(space, 0) + k
                    assert fits(space, k) == Q.stacks_ok(counts), (armies, nation, space, k)
                    checked += 1
    assert checked > 10_000


def new_judgement(state: State) -> stacking.Judgement:
    """The position's judgement from scratch: a new plan of its own split and options."""
    fixed, supply = stacking._split(state, state.active)
    inputs = search_inputs(state, state.active)
    options = {s: stacking._options(state, s, inputs) for s in supply}
    return stacking.Judgement(fixed, supply, options)


@pytest.mark.parametrize("seed", [7, 8, 9])
def test_a_judgement_carried_through_a_move_answers_as_a_new_one(seed: int) -> None:
    """W-STACK-3: after a move into a space without enemies the position keeps the
    judgement carried from the one before (``stacking.carry``) instead of a new plan; at
    every such position of random games it has the new judgement's shortfall, armies
    and destinations, and the armies lost if the phase ended now, offers the same sizes
    for every stack and destination, and ending the phase is refused alike, with the
    same words."""
    game = Game(RULESET, [Seat(f"P{n}") for n in range(4)], None, seed)
    rng = Random(seed)
    compared = sizes = counted = 0
    while game.to_move():
        state = game.state
        kept = known.peek(state, "judgement")
        if kept is not None and kept.carried:
            fresh = new_judgement(state)
            assert (kept.loss, kept.fixed, kept.supply, kept.options) == (
                fresh.loss, fresh.fixed, fresh.supply, fresh.options), len(game.steps)
            # (the armies by space, carried from the position before once it was asked)
            carried = kept.counts is not None
            assert kept.ended() == stacking.loss_now(state), len(game.steps)
            counted += carried and kept.ended() > 0
            for start in legal._starts(state):
                for group in legal.groups_at(state, start):
                    for dest, _came in destinations(state, group):
                        assert kept.sizes_to(state, start, dest, group.armies) == \
                            fresh.sizes_to(state, start, dest, group.armies), (
                                len(game.steps), start, dest)
                        sizes += 1
            refusal = stacking.end_refusal(state)
            known.forget(state)
            again = stacking.end_refusal(state)  # a new judgement of the same position
            assert (refusal is None) == (again is None)
            assert refusal is None or again is None or str(refusal) == str(again)
            compared += 1
        game.play(*random_intent(game, rng))
    assert compared > 100 and sizes > 1000 and counted > 10, (compared, sizes, counted)


@pytest.mark.parametrize("seed", [7, 10])
def test_a_carried_judgement_lets_through_only_what_the_position_before_did(
        seed: int) -> None:
    """W-STACK-3, W-MOVE-5: a judgement carried through a move its armies alone could
    make asks the plan only for the sizes the position before the move let through
    (``Judgement._then``): at every such position of random games, the sizes a new
    judgement offers for every stack and destination are among those, and the carried
    one, asked afresh, offers exactly the new one's."""
    game = Game(RULESET, [Seat(f"P{n}") for n in range(4)], None, seed)
    rng = Random(seed)
    compared = cut = 0
    while game.to_move():
        state = game.state
        kept = known.peek(state, "judgement")
        if kept is not None and kept.before is not None:
            fresh = new_judgement(state)
            kept.sizes.clear()  # asked afresh (the position before keeps its own)
            for start in legal._starts(state):
                free = fresh.supply.get(start, 0)
                for group in legal.groups_at(state, start):
                    for dest, _came in destinations(state, group):
                        then = kept._then(state, start, dest)
                        want = fresh.sizes_to(state, start, dest, free)
                        assert then is None or set(want) <= set(then), (
                            len(game.steps), start, dest)
                        assert kept.sizes_to(state, start, dest, free) == want, (
                            len(game.steps), start, dest)
                        compared += 1
                        cut += then is not None and len(then) < free
        game.play(*random_intent(game, rng))
    assert compared > 500 and cut > 20, (compared, cut)


def sizes_asking_each(judged: stacking.Judgement, state: State, start: str,
                      dest: str) -> tuple[int, ...]:
    """``Judgement._sizes`` asking the large-stack check (``_as_large``) of each number
    of armies beyond the plan's sure room, the way it did before its closed form."""
    free = judged.supply.get(start, 0)
    sure = judged._sure(start, dest)
    if sure >= free:
        return tuple(range(1, free + 1))
    out = list(range(1, sure + 1))
    then = judged._then(state, start, dest) if judged.before is not None else None
    for k in range(sure + 1, free + 1):
        if (then is None or k in then) and (judged._as_large(start, dest, k) or
                                            judged._replanned(state, start, ((dest, k),))):
            out.append(k)
        elif not stacking._overruns(state, dest, free):
            break
    return tuple(out)


@pytest.mark.parametrize("seed", [11, 12])
def test_the_large_stack_check_in_closed_form_is_the_plans_own(seed: int) -> None:
    """W-STACK-2, W-STACK-3: the sizes a plan lets into a territory beyond its own room,
    the large-stack check answered for every number of armies at once
    (``Judgement._large_terms``), are those of the check asked of each number (the plan's
    armies taken from where it sent them, ``_as_large``), for every stack and
    territory of random positions, new judgements and carried ones, the plan with a
    large stack elsewhere, in the territory itself or none."""
    from engine.maharadjah import queries as Q

    game = Game(RULESET, [Seat(f"P{n}") for n in range(4)], None, seed)
    rng = Random(seed)
    compared: dict[str, int] = {}
    territories = Q.board().territories
    while game.to_move():
        state = game.state
        if state.phase == Phase.MOVE and not state.todo and state.battle is None:
            kept = known.peek(state, "judgement")
            for judged in (new_judgement(state), *([kept] if kept is not None else [])):
                for start, free in judged.supply.items():
                    for dest in judged.options[start]:
                        if dest not in territories or judged.flow.room(dest) >= stacking.ANY // 2:
                            continue  # (no limit there: _sizes is not asked)
                        sure = judged._sure(start, dest)
                        assert judged._sizes(state, start, dest) == sizes_asking_each(
                            judged, state, start, dest), (len(game.steps), start, dest)
                        if sure < free:
                            large = judged.flow.large
                            kind = "none" if not large else "here" if large == dest else "other"
                            compared[kind] = compared.get(kind, 0) + 1
        game.play(*random_intent(game, rng))
    assert min(compared.values()) > 20 and len(compared) == 3, compared


@pytest.mark.parametrize("seed", [13, 14])
def test_a_small_stack_may_always_go_into_rough_ground_while_no_stack_is_large(
        seed: int) -> None:
    """W-STACK-1, W-STACK-2, W-STACK-3: while the plan has no large stack, up to
    ``ROUGH_SPARE`` armies may go into any rough territory a stack can reach (the large
    stack's room there beyond its limit), so the listing answers those sizes without
    asking the plan: at every such stack and destination of random positions a new plan
    after the move loses no more armies, and the plan's own answer is the same."""
    game = Game(RULESET, [Seat(f"P{n}") for n in range(4)], None, seed)
    rng = Random(seed)
    compared = 0
    rough = stacking._rough()
    while game.to_move():
        state = game.state
        if state.phase == Phase.MOVE and not state.todo and state.battle is None:
            judged = new_judgement(state)
            if not judged.large:
                for start, free in judged.supply.items():
                    if free > stacking.ROUGH_SPARE:
                        continue
                    for dest in judged.options[start]:
                        if dest not in rough or dest == start:
                            continue
                        assert all(stacking._after(state, judged, start, ((dest, k),))
                                   <= judged.loss for k in range(1, free + 1)), (
                                       len(game.steps), start, dest)
                        assert judged._sizes(state, start, dest) == tuple(
                            range(1, free + 1))
                        assert judged.sizes_to(state, start, dest, free) == tuple(
                            range(1, free + 1))
                        compared += 1
        game.play(*random_intent(game, rng))
    assert compared > 200, compared


def repaired_copy(judged: stacking.Judgement, start: str, dest: str, k: int,
                  large: str) -> bool:
    """``Judgement._repaired`` of one end by the plan's copy: ``large`` made the large
    stack, the armies forced into ``dest``, the copy repaired."""
    flow = judged.flow.copy()
    if large != flow.large:
        flow.enlarge(large)
    flow.force(start, dest, k)
    flow.repair()
    return flow.loss() + judged.stuck <= judged.loss


def moved_on_against_the_repair(judged: stacking.Judgement, counts: list[int]) -> None:
    """``_moved_on`` against the copy's repair for every stack, destination, number of
    armies and large stack (the plan's own, or a territory when the plan has none) of
    ``judged``; ``counts``: [proved, accepted] added up."""
    limits = stacking._limits()
    for start, free in judged.supply.items():
        for dest in judged.options[start]:
            larges = {judged.flow.large} if judged.flow.large else (
                {"", dest} if dest in limits else {""})
            for large in larges:
                for k in range(1, free + 1):
                    full = repaired_copy(judged, start, dest, k, large)
                    quick = judged._moved_on(start, dest, k, large)
                    assert full or not quick, (judged.fixed, judged.supply, judged.options,
                                               start, dest, k, large)
                    counts[0] += quick
                    counts[1] += full


@pytest.mark.parametrize("seed", [15, 16])
def test_armies_moved_straight_on_prove_what_the_repair_would_find(seed: int) -> None:
    """W-STACK-2, W-STACK-3: when the armies a move leaves over a territory's room can
    each go straight on to room of their own (``Judgement._moved_on``, no copy of the
    plan), the plan repaired after the move loses no more either, for every stack,
    destination, number of armies and large stack (the plan's own, or the destination
    when the plan has none) of random positions, new judgements and carried ones, and of
    crowded made-up ones (a few spaces, each stack able to end in some); and it proves
    most of those the repair accepts."""
    from engine.maharadjah import queries as Q

    game = Game(RULESET, [Seat(f"P{n}") for n in range(4)], None, seed)
    rng = Random(seed)
    counts = [0, 0]
    while game.to_move():
        state = game.state
        if state.phase == Phase.MOVE and not state.todo and state.battle is None:
            kept = known.peek(state, "judgement")
            for judged in (new_judgement(state), *([kept] if kept is not None else [])):
                moved_on_against_the_repair(judged, counts)
        game.play(*random_intent(game, rng))
    spaces = sorted(Q.board().territories)[:12] + sorted(Q.board().seas)[:1]
    for _ in range(400):
        here = rng.sample(spaces, 5)
        fixed = {s: rng.randint(1, 4) for s in here if rng.random() < 0.5}
        supply = {s: rng.randint(1, 5) for s in here[:4] if rng.random() < 0.8}
        options = {s: (s, *rng.sample([t for t in here if t != s], rng.randint(1, 3)))
                   for s in supply}
        moved_on_against_the_repair(stacking.Judgement(fixed, supply, options), counts)
    proved, accepted = counts
    assert accepted > 5000 and proved > 0.9 * accepted, (proved, accepted)


def plan_of(flow: stacking._Flow, spaces: set[str]) -> tuple[object, ...]:
    """What a plan answers with: its large stack, the armies it sends where and places
    nowhere (counts of none left out) and its room in ``spaces``."""
    into = {space: {who: k for who, k in here.items() if k}
            for space, here in flow.into.items()}
    return (flow.large, {space: here for space, here in into.items() if here},
            {who: k for who, k in flow.short.items() if k},
            {space: flow.room(space) for space in sorted(spaces)})


@pytest.mark.parametrize("seed", [7, 11])
def test_a_move_takes_over_only_a_carried_plan(seed: int) -> None:
    """W-STACK-3: a judgement carried through a move takes over the plan of the one it
    was carried from (``stacking.carry``: that position is gone once the move is
    folded) but copies a new judgement's, which an equal position may be answered with
    (``_JUDGED``): after every step of random games each remembered judgement still has
    the plan a new solve of its own split and options makes."""
    game = Game(RULESET, [Seat(f"P{n}") for n in range(4)], None, seed)
    rng = Random(seed)
    checked = carried = 0
    while game.to_move():
        game.play(*random_intent(game, rng))
        for judged in stacking._JUDGED.values():
            fresh = stacking._solve(judged.fixed, judged.supply, judged.options)
            spaces = {*judged.flow.left, *fresh.left}
            assert plan_of(judged.flow, spaces) == plan_of(fresh, spaces), len(game.steps)
            checked += 1
        kept = known.peek(game.state, "judgement")
        carried += kept is not None and kept.carried
    assert checked > 1000 and carried > 100, (checked, carried)


def kept_judgements(seed: int) -> Iterator[tuple[int, State, stacking.Judgement]]:
    """(step, position, the judgement kept beside it) at every position of a random game
    of 4 players that has one, before its step is played."""
    game = Game(RULESET, [Seat(f"P{n}") for n in range(4)], None, seed)
    rng = Random(seed)
    while game.to_move():
        kept = known.peek(game.state, "judgement")
        if kept is not None:
            yield len(game.steps), game.state, kept
        game.play(*random_intent(game, rng))


@pytest.mark.parametrize("seed", [7, 12])
def test_the_armies_a_judgement_keeps_are_the_maps(seed: int) -> None:
    """W-STACK-3: the nation's armies by space a judgement keeps (read from its split, or
    carried through the moves since, ``Judgement.armies``) are those on the map, and the
    excess the end of the phase removes from them (``legal.trim``) is the one read from
    the map, at every position of random games a judgement is kept for."""
    from engine.maharadjah import queries as Q

    compared = trimmed = 0
    for step, state, kept in kept_judgements(seed):
        assert kept.armies() == Q.nation_counts(state, state.active), step
        removed = legal.trim(state)
        known.forget(state)
        assert removed == legal.trim(state), step
        compared += 1
        trimmed += bool(removed)
    assert compared > 100 and trimmed > 10, (compared, trimmed)
