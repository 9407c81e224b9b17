"""Legal decisions, built so a caller can ask cheaply: which stacks can move
(``movable``), where can this stack go (``stack_moves``), then the rest.

``legal_intents`` lists everything; ``rules.is_legal`` asks the rules themselves.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache, partial
from operator import countOf
from random import Random
from typing import Any

from engine.core import draw
from engine.core.errors import Forbidden, Refused
from engine.core.ruleset import LegalGroup, draw_index, groups_by_type
from engine.maharadjah import combat, diplomacy, known, scoring, stacking
from engine.maharadjah import events as ev
from engine.maharadjah import intents as it
from engine.maharadjah import queries as Q
from engine.maharadjah.board import Leader
from engine.maharadjah.movement import (
    Group,
    Inputs,
    Runs,
    can_move,
    counted_runs,
    destination_runs,
    destinations,
    group_of,
    rough_ground,
    search_inputs,
    walk_drops,
)
from engine.maharadjah.state import (
    ARMS,
    COMBAT,
    LOSSES,
    MOVE,
    POSTS,
    RETREAT_ATT,
    RETREAT_DEF,
    State,
)


# ----------------------------------------------------------------- placements
def place_spaces(state: State) -> list[str]:
    """W-GROW-6: spread one per territory before doubling; never break stacking."""
    todo = state.todo[0]
    can_add = Q.adding(state, todo.nation)
    placed = todo.placed
    # (loops: every placement asks, and comprehensions would make cells at every call)
    fits, counts = [], []
    for s in todo.spaces:
        if can_add(s, 1):
            fits.append(s)
            counts.append(placed.get(s, 0))
    if not fits:
        return []
    least = min(counts)
    out = []
    for s, n in zip(fits, counts, strict=True):
        if n == least:
            out.append(s)
    return out


def leader_spaces(state: State, leader: Leader) -> list[str]:
    """W-LEAD-2: a space with its nation's army, a territory with its post, or (held)
    the space of this turn's invaders."""
    nation = leader.nation
    b = Q.board()
    out = {s for s in Q.army_spaces(state, nation) if s not in b.barbarians}
    out |= {s for s, owner in state.posts.items() if owner == nation}
    out |= {a["space"] for a in Q.arrivals(state, nation)[:1]}
    return sorted(out)


def landing_spaces(state: State) -> list[str]:
    """W-NAV-3: a coast of the zone, vacant or holding only the nation's armies."""
    todo = state.todo[0]
    nation, zone = todo.nation, todo.what
    out = []
    can_add = Q.adding(state, nation)
    for coast in sorted(Q.board().coasts[zone]):
        own = set(state.armies.get(coast, {})) == {nation} and Q.occupiers(
            state, coast) == {nation} and state.posts.get(coast, nation) == nation
        if (Q.vacant(state, coast) or own) and can_add(coast, 1):
            out.append(coast)
    return out


# ------------------------------------------------------------------- movement
def _unmoved_leaders(state: State, start: str) -> tuple[str, ...]:
    return tuple(lead for lead in Q.leaders_at(state, start)
                 if Q.leader_nation(lead) == state.active and lead not in state.moved)


def _unmoved_arms(state: State, start: str) -> tuple[str, ...]:
    return tuple(p for p in Q.arms_of(state, state.active, start) if p not in state.moved)


def groups_at(state: State, start: str) -> list[Group]:
    """The group shapes offered from ``start``: armies alone, armies with every unmoved
    leader and arms marker there, and the leaders alone."""
    armies = state.fresh.get(start, 0)
    # (asked of every stack after every move: most spaces hold no leader or arms marker,
    # answered without the calls that would find none)
    leaders = _unmoved_leaders(state, start) if start in state.leaders.values() else ()
    arms = _unmoved_arms(state, start) if armies and start in state.arms_at.values() else ()
    out = []
    if armies:
        out.append(group_of((state.active, start, armies, (), ())))
        if leaders or arms:
            out.append(group_of((state.active, start, armies, leaders, arms)))
    if leaders:
        out.append(group_of((state.active, start, 0, leaders, ())))
    return out


def movable(state: State) -> list[str]:
    """Spaces holding an unmoved group of the active nation that can go somewhere."""
    starts = _starts(state)
    if not starts:
        return []
    inputs = search_inputs(state, state.active)
    judged = stacking.judge(state, inputs)
    return [s for s in starts if _can_leave(state, s, inputs, judged)]


def any_movable(state: State) -> bool:
    """``bool(movable(state))``, stopping at the first stack that can move (the automatic
    end of a Movement Phase asks this after every move): the position's moves counted
    stack by stack (``Count``) until one has any, the count kept for the listing that
    follows (``random_intent`` goes on from there)."""
    count = counting(state)
    starts, add = count.starts, count.add
    while not count.total and count.done < len(starts):
        add(state)
    return count.total > 0


class Count:
    """The moves of a Movement Phase position counted stack by stack, in the listing's
    order (``stack_moves``: starts, group shapes, sorted destinations, army counts), as
    far as asked: ``blocks`` (start, group, runs, moves) of the first ``done`` starts'
    shapes with any move, ``total`` their moves. The sizes to a destination with room
    for all the armies free to move whatever comes (a sea zone, W-STACK-5; a normal
    territory while the plan has no large stack, W-STACK-2, and a rough one too for a
    stack of at most ``ROUGH_SPARE`` free armies: ``Judgement.sizes_to``) are counted
    without asking the plan."""

    __slots__ = ("blocks", "done", "inputs", "judged", "starts", "total")

    def __init__(self, state: State, kept: dict[str, Any]) -> None:
        self.starts = _starts(state)
        self.blocks: list[tuple[str, Group, Runs, int]] = []
        self.done = self.total = 0
        if self.starts:  # (read only with a start to count)
            # (``kept``: the values kept beside the state, asked once: the position's
            # search inputs and judgement, when known, are there)
            inputs = kept.get("inputs")
            self.inputs: Inputs = inputs if inputs is not None else search_inputs(
                state, state.active)
            judged = kept.get("judgement")
            self.judged: stacking.Judgement = judged if judged is not None else \
                stacking.judge(state, self.inputs)

    def add(self, state: State) -> None:
        """Count the moves of the next start."""
        start = self.starts[self.done]
        self.done += 1
        judged, inputs = self.judged, self.inputs
        sizes_to = judged.sizes_to
        large = judged.flow.large  # (``Judgement.large`` without its property call)
        free = judged.supply.get(start, 0)
        for group in groups_at(state, start):
            armies = group.armies
            counted = counted_runs(state, group, inputs)
            if not armies:
                moves = counted.paths  # leaders alone: one move a path
            else:
                if large:
                    moves, asked = counted.to_sea, counted.land
                elif free > stacking.ROUGH_SPARE:
                    moves, asked = counted.to_sea + counted.to_normal, counted.rough
                else:
                    moves, asked = counted.paths, ()
                moves *= armies if armies < free else free
                for dest, paths in asked:
                    moves += len(sizes_to(state, start, dest, armies)) * len(paths)
            if moves:
                self.blocks.append((start, group, counted.runs, moves))
                self.total += moves


def counting(state: State) -> Count:
    """The position's count of moves, as far as it went (kept beside the state)."""
    kept = known.of(state)
    count: Count | None = kept.get("count")
    if count is None:
        count = kept["count"] = Count(state, kept)
    return count


def _starts(state: State) -> list[str]:
    """Spaces holding an unmoved group of the active nation, sorted."""
    if state.phase != MOVE or state.todo or state.battle is not None:
        return []
    starts = {s for s, n in state.fresh.items() if n > 0}
    # (a loop: a comprehension reading ``state`` would make it a cell at every call)
    active, moved = state.active, state.moved
    for lead, w in state.leaders.items():
        if Q.leader_nation(lead) == active and lead not in moved:
            starts.add(w)
    return sorted(starts)


def _can_leave(state: State, start: str, inputs: Inputs | None = None,
               judged: stacking.Judgement | None = None) -> bool:
    """A group of ``start`` has a move the rules accept: leaders alone anywhere they can
    go, armies somewhere the stacking limits can still be met after (W-STACK-3)."""
    if inputs is None:
        inputs = search_inputs(state, state.active)
    if judged is None:
        judged = stacking.judge(state, inputs)
    armies = state.fresh.get(start, 0)
    for group in groups_at(state, start):
        if not group.armies:
            if can_move(state, group):
                return True
        elif any(judged.sizes_to(state, start, dest, armies)
                 for dest, _paths in destination_runs(state, group, inputs)):
            return True
    return False


def move_ends(move: it.Move) -> stacking.Ends:
    """Where a move's armies end: those stopping on the way (W-LEAD-3), the rest at the
    end of its path."""
    ends = [(space, d) for space, d in zip(move.path, move.drops, strict=False) if d]
    rest = move.armies - sum(move.drops)
    return (*ends, (move.path[-1], rest)) if rest else tuple(ends)


def stack_moves(state: State, start: str,
                inputs: Inputs | None = None) -> list[it.Move]:
    """Every move offered from one space: each group shape, size and destination.
    ``inputs``: ``search_inputs(state, state.active)`` when the caller has it."""
    out = []
    if inputs is None:
        inputs = search_inputs(state, state.active)
    judged = stacking.judge(state, inputs)
    for group in groups_at(state, start):
        for dest, paths in destination_runs(state, group, inputs):
            sizes = judged.sizes_to(state, start, dest, group.armies) if group.armies else (0,)
            for path in paths:
                for k in sizes:
                    out.append(it.Move(start=start, path=path, armies=k,
                                       leaders=group.leaders, arms=group.arms))
    return out


def refused_moves(state: State, start: str) -> list[it.Move]:
    """W-STACK-3: for each destination the armies of ``start`` can reach, the smallest
    move the stacking limits refuse there (one path each), so a UI can show it with the
    engine's reason instead of leaving it out unexplained."""
    out: dict[tuple[Any, ...], it.Move] = {}
    if start not in _starts(state):
        return []
    inputs = search_inputs(state, state.active)
    judged = stacking.judge(state, inputs)
    for group in groups_at(state, start):
        if not group.armies:
            continue  # leaders alone never break the limits (W-STACK-5)
        for (dest, _came), path in sorted(destinations(state, group, inputs).items()):
            sizes = judged.sizes_to(state, start, dest, group.armies)
            k = next((n for n in range(1, group.armies + 1) if n not in sizes), 0)
            key = (dest, group.leaders, group.arms)
            if k and (key not in out or len(path) < len(out[key].path)):
                out[key] = it.Move(start=start, path=path, armies=k, leaders=group.leaders,
                                   arms=group.arms)
    return list(out.values())


def drop_moves(state: State, move: it.Move) -> list[it.Move]:
    """W-LEAD-3: the ways the armies of a leader's (or arms marker's) ``move`` may stop
    at spaces along its path, the rest going on. Not in legal_intents (a big stack with
    a leader has thousands); a UI asks once a leader's move is picked."""
    group = Group(state.active, move.start, move.armies, tuple(move.leaders), tuple(move.arms))
    path, k = tuple(move.path), move.armies
    out: list[it.Move] = []
    if not group.boosted or not k or len(path) < 2:
        return out

    def spread(i: int, left: int, acc: tuple[int, ...]) -> None:
        if i == len(path) - 1:
            if any(acc):
                try:
                    walk_drops(state, group, path, acc)
                except Refused:
                    return
                move = it.Move(start=group.start, path=path, armies=k, leaders=group.leaders,
                               arms=group.arms, drops=acc)
                if stacking.refusal(state, group.start, move_ends(move)) is None:
                    out.append(move)
            return
        for d in range(left + 1):
            spread(i + 1, left - d, acc + (d,))

    spread(0, k, ())
    return out


def reach(state: State, start: str) -> dict[str, int]:
    """Where the unmoved armies of ``start`` can go and how many at most (leaders'
    help included); a UI asks this once a stack is picked."""
    out: dict[str, int] = {}
    inputs = search_inputs(state, state.active)
    judged = stacking.judge(state, inputs)
    for group in groups_at(state, start):
        for (dest, _came) in destinations(state, group, inputs):
            if group.armies:
                sizes = judged.sizes_to(state, start, dest, group.armies)
                if not sizes:
                    continue  # W-STACK-3: none of them may go there now
                most = sizes[-1]
            else:
                most = 0
            out[dest] = max(out.get(dest, 0), most)
    return dict(sorted(out.items()))


def trim(state: State) -> list[Any]:
    """W-STACK-3 / W-AMB-40: remove the least excess, keeping one large stack (W-STACK-2)."""
    nation = state.active
    # (the position's judgement, when kept, has the nation's armies by space: every
    # Movement Phase's end asks, most with no space over a limit, 2 or 3)
    judged: stacking.Judgement | None = known.peek(state, "judgement")
    armies = judged.armies() if judged is not None else Q.nation_counts(state, nation)
    if not armies or max(armies.values()) <= 2:
        return []
    counts = {s: n for s, n in armies.items() if s in Q.board().territories}
    if Q.stacks_ok(counts):
        return []
    over = [s for s, n in counts.items() if n > Q.limit(s)]

    def kept(space: str) -> int:
        big = counts[space] if not Q.board().territories[space].rough else min(
            counts[space], Q.LARGE_ROUGH)
        return big - Q.limit(space)

    keeper = max(sorted(over), key=kept)
    out = []
    for space in sorted(over):
        cap = Q.limit(space) + (kept(space) if space == keeper else 0)
        if counts[space] > cap:
            out.append(ev.ArmiesRemoved(nation=nation, space=space, armies=counts[space] - cap,
                                        why="stacking"))
    return out


def end_movement(state: State) -> list[Any]:
    out: list[Any] = trim(state)
    if state.move_round == 1:  # W-INV-1, W-AMB-27
        armies, active = state.armies, state.active
        for space in sorted(Q.board().barbarians):
            here = armies.get(space)  # (``Q.count`` inline: every barbarian land)
            n = here.get(active, 0) if here else 0
            if n:
                out.append(ev.ArmiesRemoved(nation=state.active, space=space, armies=n,
                                            why="stranded"))
    out.append(ev.MovementEnded(nation=state.active))
    if Q.rules().cards[state.active]["raid"].get(state.turn):  # W-VP-3
        # the removals above never empty a territory, so they change nobody's raids
        out.append(ev.Checkpoint(nation=state.active, territories=scoring.alone(state,
                                                                                state.active)))
    return out + [ev.PhaseStarted(phase=COMBAT, move_round=state.move_round),
                  *diplomacy.offer_events(state)]


def end_movement_refusal(state: State) -> Forbidden | None:
    """W-STACK-3 and W-INV-1: fix what can still be fixed before ending the phase."""
    return stacking.end_refusal(state)


def may_end_movement(state: State) -> bool:
    """``end_movement_refusal(state) is None``, without writing the refusal."""
    return stacking.may_end(state)


# ---------------------------------------------------------- posts and arms
def post_options(state: State) -> list[Any]:
    """W-POST-1..6: builds and the one removal open now."""
    return list(_post_options(state))


def may_post(state: State) -> bool:
    """``bool(post_options(state))``, stopping at the first option (the automatic end of
    a Trading Post Phase asks this after every step)."""
    return next(_post_options(state), None) is not None


def _post_options(state: State) -> Iterator[Any]:
    power = state.active
    mine = [s for s, owner in state.posts.items() if owner == power]
    if state.posts_built == 0 and not state.post_removed:
        yield from (it.RemovePost(space=s) for s in sorted(mine))
    if state.posts_built >= 2 or len(mine) >= Q.rules().nations[power].posts:
        return
    posts = state.posts
    for space in _post_sites():
        # (a site holding a post is refused, W-POST-3: its refusal's words not written)
        if space not in posts and build_refusal(state, space) is None:
            yield it.BuildPost(space=space)


@cache
def _post_sites() -> tuple[str, ...]:
    """W-POST-2: the post sites, sorted."""
    return tuple(sorted(t for t, terr in Q.board().territories.items() if terr.post_site))


def build_refusal(state: State, space: str) -> Forbidden | None:
    power = state.active
    b = Q.board()
    terr = b.territories.get(space)
    if terr is None or not terr.post_site:
        return Forbidden("W-POST-2", f"{b.name(space)} is not a post site")
    if space in state.posts:
        return Forbidden("W-POST-3", f"{b.name(space)} already holds a post")
    if state.posts_built >= 2:
        return Forbidden("W-POST-6", "at most 2 posts a Trading Post Phase")
    mine = countOf(state.posts.values(), power)  # (without a Python loop: every site asks)
    if mine >= Q.rules().nations[power].posts:
        return Forbidden("W-POST-4", f"the {power.title()} hold all the posts they may")
    if Q.count(state, space, power):
        return None  # (a)
    holder = Q.occupier(state, space)
    if holder is None or holder == power:
        return Forbidden("W-POST-5", f"no army of the {power.title()} in {b.name(space)}")
    for sea in terr.seas:  # (a loop: no generator's cells at every site)
        if Q.count(state, sea, power):
            break
    else:
        return Forbidden("W-POST-5", f"no {power.title()} army at sea beside {b.name(space)}")
    if f"post:{space}" in state.refused:
        return Forbidden("W-POST-5", f"the {holder.title()} refused a post in {b.name(space)}")
    return None


def consent_needed(state: State, space: str) -> str | None:
    """W-POST-5 (b): the occupier whose player must agree, or None when it is automatic."""
    power = state.active
    if Q.count(state, space, power):
        return None
    holder = Q.occupier(state, space)
    assert holder is not None
    if Q.same_player(state, holder, power):
        return None
    if any(s.subject == holder and s.overlord == power and space in s.territories
           for s in state.submissions):  # W-SUB-8
        return None
    if power == "BRITISH" and holder in state.allies:  # W-ALLY-7
        return None
    return holder


def arms_ok(state: State, power: str, nation: str) -> bool:
    """W-ARMS-1 (a) and (b)."""
    if nation not in state.control or Q.is_colonial(nation) or nation in state.gone:
        return False
    # (loops, not ``any`` over generators: asked of every marker after every step)
    armies = state.armies
    for s, owner in state.posts.items():
        if owner == power and (here := armies.get(s)) and here.get(nation, 0):
            break
    else:
        return False  # (a): no army of the nation on a post of the power
    terr = Q.board().territories  # (b): an army of the power on land
    for s, here in armies.items():
        if here.get(power, 0) and s in terr:
            return True
    return False


def arms_options(state: State) -> list[Any]:
    power = state.active
    current = state.arms.get(power, "")
    out: list[Any] = [it.AssignArms(nation=n) for n in Q.rules().order
                      if n != current and arms_ok(state, power, n)]
    if current:
        out.append(it.AssignArms(nation=""))
    return out


def may_arm(state: State) -> bool:
    """``bool(arms_options(state))``, stopping at the first nation the power may arm (the
    automatic end of an Arms Phase asks this)."""
    power = state.active
    current = state.arms.get(power, "")
    if current:
        return True
    for n in Q.rules().order:  # (a loop: no generator's cells at every call)
        if n != current and arms_ok(state, power, n):
            return True
    return False


def arms_lapsed(state: State) -> list[Any]:
    """W-ARMS-6: markers whose conditions no longer hold (checked after every step)."""
    out: list[Any] = []
    if not state.arms:
        return out  # (most steps: no marker given)
    for power, nation in sorted(state.arms.items()):
        where = state.arms_at.get(power)
        if not arms_ok(state, power, nation) or (where and not Q.count(state, where, nation)):
            out.append(ev.ArmsReturned(power=power))
    return out


# ------------------------------------------------------------------ battles
def retreat_options(state: State) -> list[Any]:
    battle = state.battle
    assert battle is not None
    out: list[Any] = []

    def add(nation: str, dest: str, k: int) -> None:
        out.append(it.Retreat(to=dest, armies=k))
        # W-RET-5: a group before the last may take the leaders and arms markers along
        if k < Q.count(state, battle.space, nation) and any(
                combat.followers(state, nation, battle.space, k, escort=True)):
            out.append(it.Retreat(to=dest, armies=k, escort=True))

    if battle.stage == RETREAT_DEF:
        n = Q.count(state, battle.space, battle.defender)
        can_add = Q.adding(state, battle.defender)
        for dest in combat.defender_retreats(state):
            for k in range(1, n + 1):
                if can_add(dest, k):
                    add(battle.defender, dest, k)
    else:
        can_add = Q.adding(state, battle.attacker)
        for dest, n in sorted(combat.attacker_retreats(state).items()):
            for k in range(1, n + 1):
                if can_add(dest, k):
                    add(battle.attacker, dest, k)
        if combat.lone_post(state, battle):
            out.append(it.BreakOff())
    return out + [it.Stand()]


def loss_options(state: State) -> list[Any]:
    """W-CMB-6: every way to take ``hits`` losses among the entered-from groups."""
    battle = state.battle
    assert battle is not None
    groups = sorted(combat.loss_choices(state, battle).items())
    out: list[tuple[str, ...]] = []

    def pick(i: int, left: int, acc: tuple[str, ...]) -> None:
        if left == 0:
            out.append(acc)
            return
        if i == len(groups):
            return
        origin, n = groups[i]
        for k in range(min(n, left), -1, -1):
            pick(i + 1, left - k, acc + (origin,) * k)

    pick(0, battle.hits, ())
    return [it.TakeLosses(origins=o) for o in out]


# ---------------------------------------------------------------- everything
def legal_intents(state: State, seat: int) -> list[Any]:
    if seat not in Q.to_move(state):
        return []
    if state.todo:
        todo = state.todo[0]
        if todo.kind == "place":
            return [it.PlaceArmy(space=s) for s in place_spaces(state)]
        if todo.kind == "leader":
            return [it.PlaceLeader(space=s) for s in leader_spaces(state,
                                                                   Q.rules().leaders[todo.what])]
        if todo.kind == "arms":
            return [it.PlaceArms(space=s) for s in Q.territories_with_armies(state, todo.nation)]
        if todo.kind == "remove":
            return [it.RemoveArmy(space=s) for s in Q.army_spaces(state, todo.nation)]
        if todo.kind == "offer":
            return diplomacy.offers_for(state, todo.nation) + [it.Stand()]
        if todo.kind == "ally":
            return diplomacy.ally_intents(state, todo.nation)
        if todo.kind == "passage":
            return [it.AnswerConsent(yes=True), it.AnswerConsent(yes=False)]
        if todo.kind == "land":
            return [it.PlaceArmy(space=s) for s in landing_spaces(state)]
        if todo.kind == "consent":
            return [it.AnswerConsent(yes=True), it.AnswerConsent(yes=False)]
        return []
    battle = state.battle
    if battle is not None:
        if battle.stage == LOSSES:
            return loss_options(state)
        if battle.stage == RETREAT_DEF:
            return retreat_options(state) + diplomacy.offers_for(state, battle.defender)
        if battle.stage == RETREAT_ATT:
            return retreat_options(state)
        return []
    if state.phase == MOVE:
        out: list[Any] = []
        # a stack that cannot move lists no move, so movable()'s own search is skipped
        inputs = search_inputs(state, state.active)
        for start in _starts(state):
            out += stack_moves(state, start, inputs)
        if may_end_movement(state):
            out.append(it.EndMovement())
        return out
    if state.phase == COMBAT:
        must = combat.compulsory(state)
        fights: list[Any] = [it.Fight(space=s, enemy=e)
                             for s, e in must + combat.optional(state)]
        if not must:
            fights.append(it.EndCombat())
        return fights + diplomacy.offers(state, seat)
    if state.phase == POSTS:
        return post_options(state) + [it.EndPosts()]
    if state.phase == ARMS:
        return arms_options(state) + [it.EndArms()]
    return []


def random_intent(state: State, seat: int, rng: Random) -> it.Intent:
    """``draw.choice(rng, legal_intents(state, seat))`` drawing the same number, without building
    every move of a Movement Phase (a stack offers dozens: each destination times each
    army count): the moves are counted per group shape and only the one drawn is built,
    in the listing's order (starts, shapes, sorted destinations, army counts)."""
    # (``seat not in Q.to_move(state)`` read inline in a Movement Phase: the active
    # nation's seat, asked at every decision)
    if state.phase != MOVE or state.todo or state.battle is not None \
            or not state.active or state.control[state.active] != seat:
        drawn: it.Intent = draw.choice(rng, legal_intents(state, seat))
        return drawn
    # the moves of every group shape counted first (``Count``: what ``any_movable`` has
    # not counted yet), then the drawn move is found walking its group's runs
    count = counting(state)
    starts, add = count.starts, count.add
    while count.done < len(starts):
        add(state)
    total, blocks = count.total, count.blocks
    # EndMovement comes last (``may_end_movement``, the judgement at hand when counted)
    ending = count.judged.may_end() if starts else may_end_movement(state)
    index = draw_index(rng, total + ending)
    for start, group, runs, moves in blocks:
        if index >= moves:
            index -= moves
            continue
        armies = group.armies
        judged = count.judged
        sizes_to = judged.sizes_to
        # the destinations ``Count.add`` counted without the plan (every army free to
        # move, up to the group's) are walked by that count, the plan asked only of the
        # others and of the one drawn: the large stack's plan asks every territory, a
        # stack of more than ``ROUGH_SPARE`` free armies the rough ones
        free = judged.supply.get(start, 0)
        most = armies if armies < free else free
        ground = rough_ground()
        asks_land = bool(judged.flow.large)  # (``Judgement.large``)
        asks_rough = free > stacking.ROUGH_SPARE
        for dest, paths in runs:
            if not armies:
                sizes: tuple[int, ...] = (0,)
            elif asks_land and dest in ground or asks_rough and ground.get(dest):
                sizes = sizes_to(state, start, dest, armies)
            elif index < most * len(paths):
                sizes = sizes_to(state, start, dest, armies)
            else:
                index -= most * len(paths)
                continue
            here = len(sizes) * len(paths)
            if index < here:
                path, k = divmod(index, len(sizes))
                return it.Move(start=start, path=paths[path], armies=sizes[k],
                               leaders=group.leaders, arms=group.arms)
            index -= here
        raise AssertionError("a group's moves were miscounted")  # (never)
    return it.EndMovement()


def legal_groups(state: State, seat: int) -> Iterator[LegalGroup[Any]]:
    """In a Movement Phase one group per stack that can move ("stack LAH"), its moves
    produced only when walked, so "which stacks can move" lists no move; otherwise the
    legal intents grouped by kind."""
    if seat not in Q.to_move(state):
        return
    if state.phase == MOVE and not state.todo and state.battle is None:
        for start in movable(state):
            yield LegalGroup(f"stack {start}", partial(stack_moves, state, start))
        if may_end_movement(state):
            yield LegalGroup("end-movement", lambda: [it.EndMovement()])
        return
    yield from groups_by_type(legal_intents(state, seat))


def unused(state: State, seat: int) -> tuple[str, ...]:
    """What ending the active nation's phase now would leave undone, in words: stacks
    that could still move (W-MOVE-1), posts it may still attack (W-CMB-2, W-POST-9),
    posts it may still build (W-POST-6), the arms it may still give (W-ARMS-1). Empty
    while something else is asked (a placement, a battle) or out of those phases."""
    if state.todo or state.battle is not None or seat not in Q.to_move(state):
        return ()
    name = Q.board().name
    if state.phase == MOVE:
        out = []
        for space in movable(state):
            armies = state.fresh.get(space, 0)
            what = f"{armies} arm{'ies' if armies != 1 else 'y'}" if armies else "a leader"
            out.append(f"{what} in {name(space)}")
        return tuple(out)
    words = []
    for intent in legal_intents(state, seat):
        if isinstance(intent, it.Fight):
            words.append(f"an attack on the {Q.rules().nations[intent.enemy].name} in "
                         f"{name(intent.space)}")
        elif isinstance(intent, it.BuildPost):
            words.append(f"a trading post in {name(intent.space)}")
        elif isinstance(intent, it.AssignArms) and intent.nation:
            words.append(f"the arms for the {Q.rules().nations[intent.nation].name}")
    return tuple(words)


def kill_credit(state: State, killer: str, leader: str) -> list[Any]:
    return [ev.LeaderKilled(leader=leader, by=killer), *scoring.kill_leader(state, killer, leader)]
