"""Where a group may go in a Movement Phase (W-MOVE, W-BOAT, W-INV-1).

One walker checks a path crossing by crossing; ``decide`` uses it to refuse a
move with the rule it breaks, ``legal`` uses it to explore every destination.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.core.errors import IllegalIntent
from engine.maharadjah import queries as Q
from engine.maharadjah.state import State

MAX_PATH = 4  # W-BOAT-3: the one case of 4 crossings


@dataclass(frozen=True)
class Group:
    nation: str
    start: str
    armies: int
    leaders: tuple[str, ...] = ()
    arms: tuple[str, ...] = ()

    @property
    def boosted(self) -> bool:
        """W-LEAD-3, W-ARMS-4: a leader or an arms marker moves with the group."""
        return bool(self.leaders or self.arms)


@dataclass(frozen=True)
class Walk:
    pos: str
    crossings: int = 0
    sea: str = ""  # the sea zone an Indian group sailed (W-BOAT-2)
    before: int = 0  # land crossings before embarking
    after: int = 0  # land crossings after landing
    stop: str = ""  # the rule that ended the move here, if any
    path: tuple[str, ...] = ()


def allowance(group: Group) -> int:
    """W-MOVE-2: Indian armies 2; colonial armies, leaders and their groups 3."""
    if Q.is_colonial(group.nation) or group.boosted or group.armies == 0:
        return 3
    return 2


def _refuse(rule: str, text: str) -> IllegalIntent:
    return IllegalIntent(rule, text)


def step(state: State, group: Group, walk: Walk, nxt: str) -> Walk:
    """One crossing from ``walk.pos`` to ``nxt``; raises IllegalIntent when not allowed."""
    b = Q.board()
    name = b.name
    cur = walk.pos
    colonial = Q.is_colonial(group.nation)
    if walk.stop:
        raise _refuse(walk.stop, f"the move ends in {name(cur)}")
    if nxt in b.barbarians:
        raise _refuse("W-MOVE-6", f"no piece may enter a barbarian land ({name(nxt)})")
    crossings = walk.crossings + 1
    if nxt in b.seas:
        if cur in b.seas:
            if not colonial:
                raise _refuse("W-BOAT-2", "an Indian sea move uses one sea zone only")
            if nxt not in b.seas[cur].adjacent_seas:
                raise _refuse("W-AMB-23", f"{name(cur)} and {name(nxt)} are not adjacent")
        elif cur not in b.territories or nxt not in b.territories[cur].seas:
            raise _refuse("W-MOVE-10", f"{name(cur)} does not border {name(nxt)}")
        if colonial:
            if crossings > 3:
                raise _refuse("W-MOVE-2", "a colonial army moves 3 crossings")
            return replace(walk, pos=nxt, crossings=crossings, path=walk.path + (nxt,))
        if group.armies == 0:
            raise _refuse("W-AMB-7", "a leader never opens the sea to an Indian nation")
        if not Q.has_boats(state, group.nation):
            raise _refuse("W-BOAT-1",
                          f"the {group.nation.title()} have no boats in turn {state.turn}")
        if walk.sea:
            raise _refuse("W-BOAT-2", "an Indian sea move uses one sea zone only")
        if walk.before > (1 if group.boosted else 0):
            raise _refuse("W-BOAT-3", "at most one land crossing before embarking, and only "
                                      "with a leader or arms marker")
        return replace(walk, pos=nxt, crossings=crossings, sea=nxt, path=walk.path + (nxt,))
    if nxt not in b.territories:
        raise _refuse("W-MOVE-6", f"unknown space {nxt!r}")
    stop = ""
    before, after = walk.before, walk.after
    if cur in b.seas:
        if nxt not in b.coasts[cur]:
            raise _refuse("W-BOAT-2", f"{name(nxt)} does not border the {name(cur)}")
        if not colonial and cur in state.refused:
            raise _refuse("W-BOAT-6", f"passage through the {name(cur)} was refused")
        if not colonial and not group.boosted:
            stop = "W-BOAT-2"  # the landing is the army's whole move
    elif cur in b.barbarians:
        if nxt not in b.borders[cur]:
            raise _refuse("W-INV-1", f"{name(cur)} does not border {name(nxt)}")
    else:
        if nxt not in b.land[cur]:
            raise _refuse("W-MOVE-8", f"{name(cur)} and {name(nxt)} are not adjacent")
        if b.is_strait(cur, nxt):
            if walk.path:
                raise _refuse("W-MOVE-7", "the strait must be the only crossing of the move")
            stop = "W-MOVE-7"
        if not colonial and walk.sea:
            after += 1
            if before + after > 2:
                raise _refuse("W-BOAT-3", "at most two land crossings with a sea move")
        elif not colonial and not walk.sea:
            before += 1
    if colonial or not walk.sea:
        if crossings > allowance(group):
            raise _refuse("W-MOVE-2", f"this group moves {allowance(group)} crossings")
    enemies = Q.others(state, nxt, group.nation)
    if enemies:
        if group.armies == 0:
            raise _refuse("W-AMB-36", f"a leader may not enter {name(nxt)} alone: enemy armies")
        occupants = Q.enemies_in(state, nxt, group.nation)
        if any(Q.members(state, group.nation, o) for o in occupants) and group.nation != "BRITISH":
            raise _refuse("W-ALLY-4", f"{name(nxt)} holds armies of a British ally")
        passing = all(
            Q.submitted_here(state, o, group.nation, nxt)
            or (group.nation == "BRITISH" and o in state.allies) for o in occupants)
        arrived = sum(state.arrived.get(nxt, {}).values())
        if not passing and arrived < 2 * enemies:
            stop = stop or "W-MOVE-4"  # W-MOVE-5: no overrun yet
    terr = b.territories[nxt]
    if terr.rough and group.armies and not group.boosted:
        stop = stop or "W-MOVE-3"
    return Walk(nxt, crossings, walk.sea, before, after, stop, walk.path + (nxt,))


def finish(state: State, group: Group, walk: Walk) -> None:
    """Checks on where a move ends."""
    b = Q.board()
    if not walk.path:
        raise _refuse("W-MOVE-1", "a move crosses at least one border")
    end = walk.pos
    if end in b.seas and not Q.is_colonial(group.nation) and not naval_targets(
            state, group.nation, end):
        raise _refuse("W-BOAT-5", "an Indian army ends its move at sea only to attack "
                                  "colonial armies there (W-NAV-3)")
    for other in Q.enemies_in(state, end, group.nation):
        if Q.members(state, group.nation, other):
            raise _refuse("W-ALLY-4", f"members of the alliance may not end in {b.name(end)} "
                                      "together (W-ALLY-6)")
        if Q.submitted_here(state, other, group.nation, end):
            raise _refuse("W-SUB-6", f"the {other.title()} submitted in {b.name(end)}")


def walk_drops(state: State, group: Group, path: tuple[str, ...],
               drops: tuple[int, ...]) -> Walk:
    """W-LEAD-3: armies moving with a leader or arms marker may stop at any space of its
    path: ``drops[i]`` of them end their move at ``path[i]`` and the rest go on."""
    if not group.boosted:
        raise _refuse("W-LEAD-3", "only armies moving with a leader or an arms marker stop "
                                  "along its path; others move as their own group")
    if len(drops) >= len(path) or min(drops, default=0) < 0 or sum(drops) > group.armies:
        raise _refuse("W-LEAD-3", "armies stop at spaces before the end of the path, "
                                  "no more than move")
    if sum(drops) == group.armies and not group.leaders:
        raise _refuse("W-ARMS-5", "an arms marker moves only with armies")
    left = group.armies
    walk = Walk(group.start)
    for i, nxt in enumerate(path):
        walk = step(state, replace(group, armies=left), walk, nxt)
        here = drops[i] if i < len(drops) else 0
        if here:
            if walk.pos == group.start:
                raise _refuse("W-MOVE-1", "a move never ends where it started")
            finish(state, Group(group.nation, group.start, here), walk)
            left -= here
    finish(state, replace(group, armies=left), walk)
    return walk


def naval_targets(state: State, nation: str, zone: str) -> list[str]:
    """W-NAV-3: the colonial powers an Indian nation may attack in ``zone``."""
    return [o for o in Q.enemies_in(state, zone, nation)
            if Q.is_colonial(o) and not Q.members(state, nation, o)]


def walk_path(state: State, group: Group, path: tuple[str, ...]) -> Walk:
    walk = Walk(group.start)
    for nxt in path:
        walk = step(state, group, walk, nxt)
    finish(state, group, walk)
    return walk


def neighbours(space: str) -> list[str]:
    b = Q.board()
    if space in b.territories:
        t = b.territories[space]
        return sorted(b.land[space]) + list(t.seas)
    if space in b.seas:
        return sorted(b.coasts[space]) + list(b.seas[space].adjacent_seas)
    return sorted(b.borders.get(space, ()))


def destinations(state: State, group: Group) -> dict[tuple[str, str], tuple[str, ...]]:
    """Every legal end of a move: (destination, entered-from) -> the first path found.

    The entered-from space matters for retreats (W-RET-3), so both are offered.
    """
    found: dict[tuple[str, str], tuple[str, ...]] = {}
    stack = [Walk(group.start)]
    while stack:
        walk = stack.pop()
        if walk.stop or len(walk.path) >= MAX_PATH:
            continue
        for nxt in neighbours(walk.pos):
            try:
                new = step(state, group, walk, nxt)
            except IllegalIntent:
                continue
            key = (new.pos, walk.pos)
            if key not in found and new.pos != group.start:
                try:
                    finish(state, group, new)
                    found[key] = new.path
                except IllegalIntent:
                    pass
            stack.append(new)
    return found
