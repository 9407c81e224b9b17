"""Where a group may go in a Movement Phase (W-MOVE, W-BOAT, W-INV-1).

One walker checks a path crossing by crossing; ``decide`` uses it to refuse a
move with the rule it breaks, ``legal`` uses it to explore every destination.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, partial
from itertools import count
from typing import Any, NamedTuple

from engine.core.errors import Forbidden
from engine.maharadjah import known
from engine.maharadjah import queries as Q
from engine.maharadjah.state import State

MAX_PATH = 4  # W-BOAT-3: the one case of 4 crossings


class Group(NamedTuple):
    """A group moving together (a tuple: the searches build and hash thousands)."""

    nation: str
    start: str
    armies: int
    leaders: tuple[str, ...] = ()
    arms: tuple[str, ...] = ()

    @property
    def boosted(self) -> bool:
        """W-LEAD-3, W-ARMS-4: a leader or an arms marker moves with the group."""
        return bool(self.leaders or self.arms)


# Groups are made several times a decision (a stack's shapes, a search's key): straight
# from their five fields as a tuple, without the Python-level __new__ a NamedTuple call runs
group_of = partial(tuple.__new__, Group)


class Walk(NamedTuple):
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


def _refuse(rule: str, text: str) -> Forbidden:
    return Forbidden(rule, text)


class _Refusal(NamedTuple):
    """Why a crossing is refused; the text is only written when someone reads it."""

    rule: str
    text: Callable[[], str]


# a search's memos of entering and ending in a space and of both (``_Crossing.enemies``,
# ``endings``, ``arrivals``)
Seen = tuple[dict[str, "str | _Refusal | None"], dict[str, bool], dict[str, bool]]

# Walks are built by the hundred a search: straight from their fields as a tuple, without
# the Python-level __new__ a NamedTuple call runs (the fields in Walk's order).
_walk = partial(tuple.__new__, Walk)


class _Crossing:
    """What one group's crossings need to know, worked out once per search (the
    group's kind and allowance, the board's tables) or once per space entered (its
    enemy armies)."""

    __slots__ = ("allowance", "arrivals", "board", "boats", "boosted", "colonial", "endings",
                 "enemies", "group", "state", "straits")

    def __init__(self, state: State, group: Group, seen: Seen | None = None) -> None:
        self.state = state
        self.group = group
        self.board = Q.board()
        self.colonial = Q.is_colonial(group.nation)
        self.boosted = group.boosted
        self.allowance = allowance(group)
        self.boats = Q.has_boats(state, group.nation)
        self.straits = _straits()
        # what entering a space and ending there mean for this group, by space: its own
        # or shared by the searches of one position's groups alike (``_seen``)
        self.enemies: dict[str, str | _Refusal | None]
        self.endings: dict[str, bool]
        self.arrivals: dict[str, bool]
        self.enemies, self.endings, self.arrivals = seen if seen is not None else ({}, {}, {})

    def ends_in(self, end: str) -> bool:
        """``_ending`` accepts a move of the group ending in ``end``."""
        ok = self.endings.get(end)
        if ok is None:
            ok = self.endings[end] = _ending(self.state, self.group, end) is None
        return ok

    def arrives(self, space: str) -> bool:
        """The group may enter the territory ``space`` (``entering`` refuses nothing)
        and end its move there (``ends_in``): the last crossing of a walk."""
        ok = self.arrivals.get(space)
        if ok is None:
            enemy = self.enemies[space] if space in self.enemies else self.entering(space)
            ok = self.arrivals[space] = not isinstance(enemy, _Refusal) and self.ends_in(space)
        return ok

    def entering(self, nxt: str) -> str | _Refusal | None:
        """The enemy armies in ``nxt`` (W-MOVE-4, W-AMB-36, W-ALLY-4): a refusal, the
        stop they impose ("W-MOVE-4") or None."""
        if nxt in self.enemies:
            return self.enemies[nxt]
        state, group = self.state, self.group
        here = state.armies.get(nxt)
        # most spaces hold no army or only the group's nation's: no enemy to count
        enemies = Q.others(state, nxt, group.nation) if here and (
            len(here) > 1 or group.nation not in here) else 0
        out = self._met(nxt, here, enemies) if enemies and here else None
        self.enemies[nxt] = out
        return out

    def _met(self, nxt: str, here: dict[str, int], enemies: int) -> str | _Refusal | None:
        """``entering`` a space holding ``enemies`` armies of other nations. (Apart: the
        cells of its lambdas and generators are made only where enemies stand.)"""
        state, group = self.state, self.group
        out: str | _Refusal | None = None
        name = self.board.name
        if group.armies == 0:
            out = _Refusal("W-AMB-36",
                           lambda: f"a leader may not enter {name(nxt)} alone: enemy armies")
        else:
            nation = group.nation
            occupants = [o for o, n in here.items() if o != nation and n]  # enemies_in
            alliance = Q.alliance(state)  # (Q.members, the alliance read once)
            if nation != "BRITISH" and nation in alliance and any(
                    o in alliance for o in occupants):
                out = _Refusal("W-ALLY-4",
                               lambda: f"{name(nxt)} holds armies of a British ally")
            else:
                submissions = state.submissions
                passing = all(
                    (submissions and Q.submitted_here(state, o, nation, nxt))
                    or (nation == "BRITISH" and o in state.allies) for o in occupants)
                arrived = sum(state.arrived.get(nxt, {}).values())
                if not passing and arrived < 2 * enemies:
                    out = "W-MOVE-4"  # W-MOVE-5: no overrun yet
        return out


# Why a walk stopped where it did, by the rule that stopped it: said when a path asks
# to go on from there (a player picks a space beyond it).
STOPS = {"W-MOVE-3": "rough terrain ends a move", "W-MOVE-4": "it meets another nation's armies",
         "W-MOVE-7": "crossing a strait is the whole move",
         "W-BOAT-2": "a landing is the whole move"}


def step(state: State, group: Group, walk: Walk, nxt: str) -> Walk:
    """One crossing from ``walk.pos`` to ``nxt``; raises Forbidden when not allowed."""
    out = _cross(_Crossing(state, group), walk, nxt)
    if isinstance(out, _Refusal):
        raise Forbidden(out.rule, out.text())
    return out


def _cross(ctx: _Crossing, walk: Walk, nxt: str) -> Walk | _Refusal:
    """``step`` without raising: the search tries hundreds of crossings a listing."""
    b = ctx.board
    name = b.name
    # the walk's fields as locals: a NamedTuple field read is a descriptor call
    cur, crossings, sea, before, after, ended, path = walk
    colonial = ctx.colonial
    group = ctx.group
    if ended:
        return _Refusal(ended, lambda: f"the move ends in {name(cur)} "
                        f"({STOPS.get(ended, 'it stops there')}): it cannot go on to "
                        f"{name(nxt)}")
    if nxt in b.barbarians:
        return _Refusal("W-MOVE-6", lambda: f"no piece may enter a barbarian land ({name(nxt)})")
    crossings += 1
    if nxt in b.seas:
        if cur in b.seas:
            if not colonial:
                return _Refusal("W-BOAT-2", lambda: "an Indian sea move uses one sea zone only")
            if nxt not in b.seas[cur].adjacent_seas:
                return _Refusal("W-AMB-23", lambda: f"{name(cur)} and {name(nxt)} are not adjacent")
        elif cur not in b.territories or nxt not in b.territories[cur].seas:
            return _Refusal("W-MOVE-10", lambda: f"{name(cur)} does not border {name(nxt)}")
        if colonial:
            if crossings > 3:
                return _Refusal("W-MOVE-2", lambda: "a colonial army moves 3 crossings")
            return _walk((nxt, crossings, sea, before, after, ended, path + (nxt,)))
        if group.armies == 0:
            return _Refusal("W-AMB-7", lambda: "a leader never opens the sea to an Indian nation")
        if not ctx.boats:
            turn = ctx.state.turn
            return _Refusal("W-BOAT-1",
                            lambda: f"the {group.nation.title()} have no boats in turn {turn}")
        if sea:
            return _Refusal("W-BOAT-2", lambda: "an Indian sea move uses one sea zone only")
        if before > (1 if ctx.boosted else 0):
            return _Refusal("W-BOAT-3", lambda: "at most one land crossing before embarking, "
                                                "and only with a leader or arms marker")
        return _walk((nxt, crossings, nxt, before, after, ended, path + (nxt,)))
    terr = b.territories.get(nxt)
    if terr is None:
        return _Refusal("W-MOVE-6", lambda: f"unknown space {nxt!r}")
    stop = ""
    if cur in b.seas:
        if nxt not in b.coasts[cur]:
            return _Refusal("W-BOAT-2", lambda: f"{name(nxt)} does not border the {name(cur)}")
        if not colonial and cur in ctx.state.refused:
            return _Refusal("W-BOAT-6", lambda: f"passage through the {name(cur)} was refused")
        if not colonial and not ctx.boosted:
            stop = "W-BOAT-2"  # the landing is the army's whole move
    elif cur in b.barbarians:
        if nxt not in b.borders[cur]:
            return _Refusal("W-INV-1", lambda: f"{name(cur)} does not border {name(nxt)}")
    else:
        if nxt not in b.land[cur]:
            return _Refusal("W-MOVE-8", lambda: f"{name(cur)} and {name(nxt)} are not adjacent")
        if nxt in ctx.straits.get(cur, ()):  # W-MOVE-7 (Board.is_strait, without a set built)
            if path:
                return _Refusal("W-MOVE-7",
                                lambda: "the strait must be the only crossing of the move")
            stop = "W-MOVE-7"
        if not colonial and sea:
            after += 1
            if before + after > 2:
                return _Refusal("W-BOAT-3", lambda: "at most two land crossings with a sea move")
        elif not colonial and not sea:
            before += 1
    if colonial or not sea:
        if crossings > ctx.allowance:
            return _Refusal("W-MOVE-2", lambda: f"this group moves {ctx.allowance} crossings")
    known = ctx.enemies  # entering's memo, read here first: most spaces are met again
    enemy = known[nxt] if nxt in known else ctx.entering(nxt)
    if isinstance(enemy, _Refusal):
        return enemy
    if enemy:
        stop = stop or enemy
    if terr.rough and group.armies and not ctx.boosted:
        stop = stop or "W-MOVE-3"
    return _walk((nxt, crossings, sea, before, after, stop, path + (nxt,)))


def finish(state: State, group: Group, walk: Walk) -> None:
    """Checks on where a move ends."""
    if not walk.path:
        raise _refuse("W-MOVE-1", "a move crosses at least one border")
    refusal = _ending(state, group, walk.pos)
    if refusal is not None:
        raise Forbidden(refusal.rule, refusal.text())


def _ending(state: State, group: Group, end: str) -> _Refusal | None:
    """``finish`` for a walk of at least one crossing, without raising."""
    b = Q.board()
    if end in b.seas and not Q.is_colonial(group.nation) and not naval_targets(
            state, group.nation, end):
        return _Refusal("W-BOAT-5", lambda: "an Indian army ends its move at sea only to "
                                            "attack colonial armies there (W-NAV-3)")
    here = state.armies.get(end)
    if not here or (len(here) == 1 and group.nation in here):
        return None  # (most ends: no other nation's armies there)
    for other in Q.enemies_in(state, end, group.nation):
        if Q.members(state, group.nation, other):
            return _Refusal("W-ALLY-4", lambda: f"members of the alliance may not end in "
                                                f"{b.name(end)} together (W-ALLY-6)")
        if Q.submitted_here(state, other, group.nation, end):
            return _Refusal("W-SUB-6", partial(_submitted_text, other, b.name(end)))
    return None


def _submitted_text(nation: str, place: str) -> str:
    return f"the {nation.title()} submitted in {place}"


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
        walk = step(state, group._replace(armies=left), walk, nxt)
        here = drops[i] if i < len(drops) else 0
        if here:
            if walk.pos == group.start:
                raise _refuse("W-MOVE-1", "a move never ends where it started")
            finish(state, Group(group.nation, group.start, here), walk)
            left -= here
    finish(state, group._replace(armies=left), walk)
    return walk


def naval_targets(state: State, nation: str, zone: str) -> list[str]:
    """W-NAV-3: the colonial powers an Indian nation may attack in ``zone``."""
    return [o for o in Q.enemies_in(state, zone, nation)
            if Q.is_colonial(o) and not Q.members(state, nation, o)]


def walk_path(state: State, group: Group, path: tuple[str, ...]) -> Walk:
    ctx = _Crossing(state, group)
    walk = Walk(group.start)
    for nxt in path:
        out = _cross(ctx, walk, nxt)
        if isinstance(out, _Refusal):
            raise Forbidden(out.rule, out.text())
        walk = out
    finish(state, group, walk)
    return walk


@cache
def neighbours(space: str) -> tuple[str, ...]:
    b = Q.board()
    if space in b.territories:
        t = b.territories[space]
        return tuple(sorted(b.land[space])) + t.seas
    if space in b.seas:
        return tuple(sorted(b.coasts[space])) + b.seas[space].adjacent_seas
    return tuple(sorted(b.borders.get(space, ())))


@cache
def _sea_neighbours(space: str) -> tuple[str, ...]:
    """The sea zones among ``neighbours(space)``, in its order."""
    seas = Q.board().seas
    return tuple(n for n in neighbours(space) if n in seas)


# destinations by what they depend on (see ``search_inputs``): movable, stack_moves, reach
# and end_movement_refusal ask the same question of one state several times a listing,
# and the listing after a move asks it again of every stack the move left alone.
class Inputs:
    """``search_inputs``' answer: a value compared by content, hashed once; ``stamp``, a
    number naming that content (equal inputs made while it is remembered share it),
    is what the memos key by (a number is hashed without a call, and they look it up
    several times a decision)."""

    __slots__ = ("hash", "hostile", "nation", "stamp", "value")

    def __init__(self, value: tuple[Any, ...], nation: str = "",
                 hostile: frozenset[str] = frozenset()) -> None:
        self.value = value
        self.hash = hash(value)
        # (read from the value, not compared: the nation it was read for, and the spaces
        # holding other nations' armies, the only ones a search meets enemies in)
        self.nation, self.hostile = nation, hostile
        self.stamp = _stamp(self)

    def __hash__(self) -> int:
        return self.hash

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Inputs) and self.hash == other.hash
                                 and self.value == other.value)


_STAMPS: dict[Inputs, int] = {}
_STAMPED = count()  # (never started again: a stamp names one content only)


def _stamp(inputs: Inputs) -> int:
    """The stamp of inputs of this content: the one given to equal inputs, else a new
    one (when equal inputs were forgotten, a new one too: the memos then miss, never
    answer for other inputs)."""
    stamp = _STAMPS.get(inputs)
    if stamp is None:
        if len(_STAMPS) >= _FOUND_MAX:
            _STAMPS.clear()
        stamp = _STAMPS[inputs] = next(_STAMPED)
    return stamp


_FOUND: dict[tuple[Group, int], dict[tuple[str, str], tuple[str, ...]]] = {}
# A few positions' searches (each stack's group shapes: the position played, the moves
# of its phase, a computer's copies of it), then the memos start again: a phase's
# inputs are seldom met again once it is over, and whatever the memos hold the garbage
# collector walks at every full collection (4096 searches kept cost random play 4 % of
# its instructions, a medium computer nothing).
_FOUND_MAX = 128


def search_inputs(state: State, nation: str, keep: bool = True) -> Inputs:
    """Everything in a state that ``_cross`` and ``_ending`` read for a group of
    ``nation``: the other nations' armies (its own are never read, so its moves keep
    the other stacks' searches valid), where those are overrun (W-MOVE-5: all the
    arrivals are read for, so an attack short of it keeps them valid too), the turn
    (boats), refusals, allies, submissions. ``keep``: False for a position made only
    to be asked once (its inputs not kept beside it)."""
    if keep and nation == state.active:  # asked again and again of the position played
        kept = known.of(state)
        inputs: Inputs | None = kept.get("inputs")
        if inputs is None:
            inputs = kept["inputs"] = _inputs(state, nation)
        return inputs
    return _inputs(state, nation)


def _inputs(state: State, nation: str) -> Inputs:
    enemy: list[tuple[str, tuple[tuple[str, int], ...]]] = []
    overrun: list[str] = []
    arrived = state.arrived
    for space, here in state.armies.items():
        if nation not in here:
            theirs = tuple(here.items())
        elif len(here) > 1:
            mixed = []  # (a loop: no generator, and no cell of ``nation``, a call)
            for item in here.items():
                if item[0] != nation:
                    mixed.append(item)
            theirs = tuple(mixed)
        else:
            continue  # only its own armies
        enemy.append((space, theirs))
        # (their counts summed in C, the nation's taken off: as entering() counts them)
        if arrived and space in arrived and sum(arrived[space].values()) >= 2 * (
                sum(here.values()) - here.get(nation, 0)):
            overrun.append(space)
    return Inputs((state.turn, tuple(enemy), tuple(overrun),
                   tuple(state.refused), tuple(state.allies),
                   tuple((x.subject, x.overlord, tuple(x.territories))
                         for x in state.submissions)),
                  nation, frozenset([space for space, _ in enemy]))


def destinations(state: State, group: Group,
                 inputs: Inputs | None = None) -> dict[tuple[str, str], tuple[str, ...]]:
    """Every legal end of a move: (destination, entered-from) -> the first path found.

    The entered-from space matters for retreats (W-RET-3), so both are offered.
    ``inputs``: ``search_inputs(state, group.nation)`` when the caller has it.
    """
    # a search reads the group's armies only as none or some (allowance, W-AMB-7,
    # W-AMB-36, W-MOVE-3), so a stack that only shrank keeps its search
    shape = group if group.armies <= 1 else group_of((group.nation, group.start, 1,
                                                      group.leaders, group.arms))
    return dict(_found(state, shape, inputs if inputs is not None
                       else search_inputs(state, group.nation)))


def _found(state: State, shape: Group, inputs: Inputs) -> dict[tuple[str, str], tuple[str, ...]]:
    """The memo's answer for a group of ``shape`` (not to be changed: it is shared)."""
    key = (shape, inputs.stamp)
    found = _FOUND.get(key)
    if found is None:
        if len(_FOUND) >= _FOUND_MAX:
            _FOUND.clear()
            _ENDS.clear()
            _RUNS.clear()
            _COUNTED.clear()
            _SEEN.clear()
        # what entering and ending in a space mean is read from the same inputs for
        # every group of the nation, leaders alone apart (W-AMB-36): shared by their
        # searches (each group's first search in a position meets the same spaces)
        seen_key = (shape.nation, shape.armies == 0, inputs.stamp)
        seen = _SEEN.get(seen_key)
        if seen is None:
            seen = _SEEN[seen_key] = _calm(shape.nation, inputs, not shape.armies)
        found = _FOUND[key] = _search(state, shape, seen=seen)
    return found


_SEEN: dict[tuple[str, bool, int], Seen] = {}


def _calm(nation: str, inputs: Inputs, alone: bool = False) -> Seen:
    """The memos of entering and ending in a space and of both (``_Crossing.entering``,
    ``ends_in``, ``arrives``) for the searches of ``nation``'s groups (``alone``: leaders
    alone) on ``inputs``, already holding what the spaces without another nation's
    armies give: no enemy to meet, a move may end in any such territory, and in such a
    sea zone only a colonial one (W-BOAT-5: an Indian army ends at sea only to attack
    colonial armies there); and what the spaces the other nations hold give
    (``_held``). What they leave out is worked out when first met."""
    if inputs.nation != nation:
        return {}, {}, {}  # (inputs read for another nation: nothing known of this one's)
    land, seas = _spaces()
    hostile = inputs.hostile
    calm_land = land - hostile
    arrivals = dict.fromkeys(calm_land, True)
    endings = arrivals.copy()
    endings.update(dict.fromkeys(seas - hostile, Q.is_colonial(nation)))
    enemies: dict[str, str | _Refusal | None] = dict.fromkeys(calm_land)
    if hostile:
        _held(nation, inputs, alone, (enemies, endings, arrivals))
    return enemies, endings, arrivals


def _held(nation: str, inputs: Inputs, alone: bool, seen: Seen) -> None:
    """``_calm`` for the spaces other nations hold, read off the inputs (their armies,
    overruns, allies, submissions: what ``entering`` and ``_ending`` read of the map) for
    all at once rather than one question at a time as the searches meet them: ending
    there (W-BOAT-5 at sea for an Indian nation, W-ALLY-4 beside an alliance member,
    W-SUB-6 where a nation submitted to this one) and, in a territory, the stop its
    armies impose (W-MOVE-4: none where they submitted to this one or are the
    British's allies, W-MOVE-5, or once overrun). The refusals (a leader alone,
    W-AMB-36; an alliance member, W-ALLY-4) stay to be worked out with their words."""
    enemies, endings, arrivals = seen
    _turn, held, overrun, _refused, allies, submissions = inputs.value
    land, seas = _spaces()
    colonial = Q.is_colonial(nation)
    alliance = {"BRITISH", *allies}
    member = nation in alliance
    british = nation == "BRITISH"
    # (subject, space): where a nation submitted to this one (W-SUB-5, W-SUB-6)
    submitted = {(subject, space) for subject, overlord, spaces in submissions
                 if overlord == nation for space in spaces}
    if not member and not submitted:
        # (most nations most of the time: no ally and no submission to it, so a held
        # territory is ended in, and stops the move unless overrun; leaders alone are
        # refused it. The sea zones as below.)
        left = []
        for item in held:
            space = item[0]
            if space not in land:
                if space in seas:
                    left.append(item)
                continue
            for _other, n in item[1]:
                if n:
                    break
            else:
                continue  # (no army: no enemy, as ``entering`` counts them)
            endings[space] = True
            if alone:
                arrivals[space] = False
            else:
                enemies[space] = None if space in overrun else "W-MOVE-4"
                arrivals[space] = True
        held = tuple(left)
    for space, theirs in held:
        at_sea = space in seas
        if not at_sea and space not in land:
            continue  # a barbarian land: never entered
        allied = passing = under = armed = False
        targets = colonial or not at_sea
        for other, n in theirs:
            if not n:
                continue  # (no army: no enemy, as ``entering`` counts them)
            armed = True
            if member and other in alliance:
                allied = True
            elif not targets and Q.is_colonial(other):
                targets = True  # W-NAV-3: a colonial power it may attack there
            if submitted and (other, space) in submitted:
                under = True
        if not armed:
            continue
        ok = endings[space] = targets and not allied and not under
        if at_sea:
            continue
        if alone or (allied and not british):
            arrivals[space] = False  # entering is refused
            continue
        if submitted or (british and allies):
            passing = True
            for other, n in theirs:
                if n and (other, space) not in submitted and not (british and other in allies):
                    passing = False
                    break
        enemies[space] = None if passing or space in overrun else "W-MOVE-4"
        arrivals[space] = ok


@cache
def _spaces() -> tuple[frozenset[str], frozenset[str]]:
    """The board's territories and sea zones."""
    b = Q.board()
    return frozenset(b.territories), frozenset(b.seas)


Runs = tuple["Run", ...]
_RUNS: dict[tuple[Group, int], Runs] = {}


def destination_runs(state: State, group: Group, inputs: Inputs) -> Runs:
    """``destinations`` in the listing's order (by destination, then entered-from
    space), the paths to each destination together: ((destination, (path, ...)), ...),
    kept with the search. The listing asks the stacking limits once a destination."""
    shape = group if group.armies <= 1 else group_of((group.nation, group.start, 1,
                                                      group.leaders, group.arms))
    key = (shape, inputs.stamp)
    found = _RUNS.get(key)
    if found is None:
        ends = _found(state, shape, inputs)
        runs: list[Run] = []
        last = ""
        # the keys sorted alone (pairs of names, which the sort compares fastest), not
        # with their paths; a destination's paths made a tuple as they come (most have
        # one), its run the last one made while the destination is the same
        for end in sorted(ends):
            dest = end[0]
            if dest == last:
                runs[-1] = (dest, (*runs[-1][1], ends[end]))
            else:
                runs.append((dest, (ends[end],)))
                last = dest
        found = _RUNS[key] = tuple(runs)
    return found


Run = tuple[str, tuple[tuple[str, ...], ...]]  # (destination, the paths there)


class Counted(NamedTuple):
    """``destination_runs`` with what counting a group's moves needs of them: the paths
    (every run's together, those to sea zones, those to territories of normal ground)
    and the runs to rough territories and to any territory (W-STACK-1: the limits by
    ground; sea zones have none, W-STACK-5)."""

    runs: Runs
    paths: int
    to_sea: int
    to_normal: int
    rough: Runs
    land: Runs


_COUNTED: dict[tuple[Group, int], Counted] = {}
# (made once a search: straight from its fields, as ``group_of``)
_counted = partial(tuple.__new__, Counted)


def counted_runs(state: State, group: Group, inputs: Inputs) -> Counted:
    """``destination_runs`` of ``group`` with their paths counted by the ground of their
    destination, kept with the search."""
    shape = group if group.armies <= 1 else group_of((group.nation, group.start, 1,
                                                      group.leaders, group.arms))
    key = (shape, inputs.stamp)
    found = _COUNTED.get(key)
    if found is None:
        runs = destination_runs(state, shape, inputs)
        ground = rough_ground()
        to_sea = to_normal = to_rough = 0
        rough, land = [], []
        for run in runs:
            is_rough = ground.get(run[0])
            if is_rough is None:
                to_sea += len(run[1])
                continue
            land.append(run)
            if is_rough:
                rough.append(run)
                to_rough += len(run[1])
            else:
                to_normal += len(run[1])
        found = _COUNTED[key] = _counted((runs, to_sea + to_normal + to_rough, to_sea,
                                          to_normal, tuple(rough), tuple(land)))
    return found


@cache
def rough_ground() -> dict[str, bool]:
    """Each territory: whether its ground is rough (W-STACK-1); sea zones are not in it."""
    return {name: terr.rough for name, terr in Q.board().territories.items()}


_ENDS: dict[tuple[str, str, int], tuple[str, ...]] = {}


def ends(state: State, nation: str, start: str, inputs: Inputs) -> tuple[str, ...]:
    """Where armies of ``nation`` in ``start`` moving alone may end, sorted."""
    key = (nation, start, inputs.stamp)
    found = _ENDS.get(key)
    if found is None:
        # (the runs, sorted by destination, are the listing's of the same search)
        found = _ENDS[key] = tuple([dest for dest, _paths in destination_runs(
            state, group_of((nation, start, 1, (), ())), inputs)])
    return found


def can_move(state: State, group: Group) -> bool:
    """``bool(destinations(state, group))``, stopping at the first destination found:
    the automatic end of a Movement Phase asks only this after every move."""
    return bool(_search(state, group, first=True))


@cache
def _straits() -> dict[str, frozenset[str]]:
    out: dict[str, set[str]] = {}
    for pair in Q.board().strait:
        for a in pair:
            out.setdefault(a, set()).update(pair - {a})
    return {a: frozenset(b) for a, b in out.items()}


def _search(state: State, group: Group, first: bool = False,
            seen: Seen | None = None) -> dict[tuple[str, str], tuple[str, ...]]:
    """Where ``group`` may end (see ``destinations``): two land crossings for the most
    common group (``_over_land``), else the walk search (``_walks``). ``seen``: the
    memos of entering and ending in a space shared with the searches of the same
    inputs (``_found``); a search of its own without."""
    ctx = _Crossing(state, group, seen)
    if ctx.colonial:
        return _colonial_walks(ctx, first)
    if not ctx.boats or not group.armies:
        # (leaders alone never take to the sea, W-AMB-7: over land as without boats)
        if ctx.allowance == 2 and group.armies:
            return _over_land(ctx, first)
        return _land_walks(ctx, first)
    if ctx.allowance == 2 and group.start in ctx.board.territories:
        return _over_land_or_sea(ctx, first)
    return _boat_walks(ctx, first)


@cache
def _two_steps(start: str) -> tuple[tuple[str, bool, tuple[str, ...]], ...]:
    """The land crossings of an army walking two from ``start``, in ``neighbours``
    order, with what the board alone decides: each first step (a territory, not a sea
    zone or a barbarian land: W-MOVE-6, W-BOAT-1) with whether it ends the walk there
    (the strait, W-MOVE-7; rough ground, W-MOVE-3) and the second steps from it (not
    across a strait, which must be a move's only crossing, and not back to ``start``)."""
    b = Q.board()
    barbarians, territories = b.barbarians, b.territories
    straits = _straits()
    land = b.borders[start] if start in barbarians else b.land[start]
    out = []
    for first_step in neighbours(start):
        if first_step not in land or first_step in barbarians:
            continue
        stop = first_step in straits.get(start, ()) or territories[first_step].rough
        seconds = tuple(second for second in neighbours(first_step)
                        if second in b.land[first_step] and second not in barbarians
                        and second not in straits.get(first_step, ()) and second != start)
        out.append((first_step, stop, seconds))
    return tuple(out)


Ends = tuple[tuple[str, tuple[str, str], tuple[str, ...]], ...]


@cache
def _two_walks(start: str) -> tuple[tuple[str, bool, tuple[str, str], tuple[str, ...], Ends],
                                    ...]:
    """``_two_steps`` with each end's key in a search's answer (end, entered from) and
    path made once: (first step, stop, key, path, ((second step, key, path), ...))."""
    return tuple((first_step, stop, (first_step, start), (first_step,),
                  _ends_via(first_step, seconds))
                 for first_step, stop, seconds in _two_steps(start))


def _ends_via(via: str, spaces: tuple[str, ...]) -> Ends:
    """(space, key, path) of the walks of two crossings through ``via`` into ``spaces``."""
    return tuple((space, (space, via), (via, space)) for space in spaces)


def _over_land(ctx: _Crossing, first: bool) -> dict[tuple[str, str], tuple[str, ...]]:
    """``_walks`` for an Indian group of armies alone with no boats this turn (W-MOVE-2:
    two land crossings; W-BOAT-1: no sea): each end is reached by one path only, so the
    walks need no stack and no record of where they have been. The same crossings and
    stops as ``_cross`` (barbarian lands, the strait, enemies, rough ground), the
    board's part of them worked out once per start (``_two_steps``)."""
    known = ctx.enemies
    start = ctx.group.start
    found: dict[tuple[str, str], tuple[str, ...]] = {}
    endings = ctx.endings
    ending = ctx.ends_in
    entering = ctx.entering
    for first_step, stop, key, path, seconds in _two_walks(start):
        enemy = known[first_step] if first_step in known else entering(first_step)
        if isinstance(enemy, _Refusal):
            continue
        ok = endings.get(first_step)
        if ok if ok is not None else ending(first_step):
            found[key] = path
            if first:
                return found
        if stop or enemy:
            continue
        if _second_steps(ctx, found, seconds, first):
            return found
    return found


def _second_steps(ctx: _Crossing, found: dict[tuple[str, str], tuple[str, ...]],
                  ends: Ends, first: bool) -> bool:
    """The ends of walks of two crossings (``_ends_via``: not into the group's start)
    added to ``found``: each entered (W-MOVE-4, W-AMB-36, W-ALLY-4) and ended in
    (``_ending``), ``arrives``. True once ``first`` has one."""
    arrivals, arrives = ctx.arrivals, ctx.arrives
    for space, key, path in ends:
        ok = arrivals.get(space)
        if ok if ok is not None else arrives(space):
            found[key] = path
            if first:
                return True
    return False


def _over_land_or_sea(ctx: _Crossing, first: bool) -> dict[tuple[str, str], tuple[str, ...]]:
    """``_walks`` for an Indian group of armies alone with boats this turn, from a
    territory: the walks over land of ``_over_land`` (a sea move starts where they stand,
    W-BOAT-3), then each sea zone beside it (W-MOVE-10) and the coasts of that zone
    they may land on, the landing being their whole move (W-BOAT-2) unless the zone's
    passage was refused (W-BOAT-6): one path to each end, as ``_over_land``."""
    found = _over_land(ctx, first)
    if first and found:
        return found
    start = ctx.group.start
    endings, ending = ctx.endings, ctx.ends_in
    refused = ctx.state.refused
    for sea in ctx.board.territories[start].seas:
        ok = endings.get(sea)
        if ok if ok is not None else ending(sea):  # W-BOAT-5
            found[(sea, start)] = (sea,)
            if first:
                return found
        if sea not in refused and _second_steps(ctx, found, _landings(sea, start), first):
            return found
    return found


@cache
def _landings(sea: str, start: str) -> Ends:
    """The walks through ``sea`` onto the territories an Indian group may land on from
    it (``_indian_steps``) but ``start``."""
    return _ends_via(sea, tuple(step[0] for step in _indian_steps(sea) if step[0] != start))


def _land_walks(ctx: _Crossing, first: bool) -> dict[tuple[str, str], tuple[str, ...]]:
    """``_walks`` for an Indian group with no boats this turn (a leader's group, or
    leaders alone: three crossings): the same depth-first walks in the same order, so
    the same first path to each end, over land only (every sea crossing is refused,
    W-BOAT-1, W-AMB-7), a walk being where it is and how many crossings it made."""
    return _stepped_walks(ctx, first, _land_steps)


# A crossing as the board alone decides it: (next space, whether it is land, whether the
# crossing is the strait, whether that land is rough, the key of a search's end there:
# (next space, the space crossed from), made once, so a search's answer holds the
# board's keys rather than a new tuple for every end it finds)
Step = tuple[str, bool, bool, bool, tuple[str, str]]


@cache
def _colonial_steps(pos: str) -> tuple[Step, ...]:
    """The crossings a colonial group may make from ``pos`` as far as the board alone
    decides, in ``neighbours`` order (``Step``). Barbarian lands are never
    entered (W-MOVE-6); a sea zone from an adjacent sea zone (W-AMB-23) or a territory
    it borders (W-MOVE-10); a territory from a sea zone it borders (W-BOAT-2), from a
    barbarian land it borders (W-INV-1) or from an adjacent territory (W-MOVE-8)."""
    b = Q.board()
    barbarians, territories, seas = b.barbarians, b.territories, b.seas
    at_sea = pos in seas
    out = []
    for nxt in neighbours(pos):
        if nxt in barbarians:
            continue
        if nxt in seas:
            if at_sea:
                if nxt not in seas[pos].adjacent_seas:
                    continue
            elif pos not in territories or nxt not in territories[pos].seas:
                continue
            out.append((nxt, False, False, False, (nxt, pos)))
            continue
        terr = territories.get(nxt)
        if terr is None:
            continue
        strait = False
        if at_sea:
            if nxt not in b.coasts[pos]:
                continue
        elif pos in barbarians:
            if nxt not in b.borders[pos]:
                continue
        else:
            if nxt not in b.land[pos]:
                continue
            strait = nxt in _straits().get(pos, ())
        out.append((nxt, True, strait, terr.rough, (nxt, pos)))
    return tuple(out)


def _colonial_walks(ctx: _Crossing,
                    first: bool) -> dict[tuple[str, str], tuple[str, ...]]:
    """``_walks`` for a colonial group (W-MOVE-2: three crossings by land or sea, the
    boat rules not theirs): the same depth-first walks in the same order, so the same
    first path to each end, a walk being where it is and how many crossings it made.
    Sea zones never stop them; the same stops on land as ``_cross`` (enemies, the
    strait, rough ground), the board's part of each crossing worked out once
    (``_colonial_steps``)."""
    return _stepped_walks(ctx, first, _colonial_steps)


def _stepped_walks(ctx: _Crossing, first: bool, steps: Callable[[str], tuple[Step, ...]]
                   ) -> dict[tuple[str, str], tuple[str, ...]]:
    """The depth-first walks of ``_walks`` for a group whose crossings from each space
    the board alone decides (``steps``: ``_colonial_steps``, ``_land_steps``), a walk
    being where it is and how many crossings it made: sea zones never stop it, land
    stops it as ``_cross`` does (enemies, the strait, rough ground)."""
    group = ctx.group
    known, allowance, entering = ctx.enemies, ctx.allowance, ctx.entering
    rough_stops = bool(group.armies) and not ctx.boosted  # W-MOVE-3
    start = group.start
    found: dict[tuple[str, str], tuple[str, ...]] = {}
    endings, ending = ctx.endings, ctx.ends_in
    # the spaces a walk was at after each number of crossings (a walk's future depends on
    # its path only through them): one set a number, asked without a tuple made
    seen: tuple[set[str], ...] = (set(), set(), set(), set())
    # the spaces walked on from: a walk's crossings from there add the ends (next space,
    # that space) whatever crossings it made before (the strait's only with none, the
    # first), so a walk with its last crossing to make from a space already walked on
    # from adds nothing
    walked: set[str] = set()
    # (pos, crossings, path): only walks that go on are pushed (not one stopped, nor
    # one whose allowance is spent, W-MOVE-2, nor one already walked on from there):
    # those the search would pop and drop
    stack: list[tuple[str, int, tuple[str, ...]]] = [(start, 0, ())]
    while stack:
        pos, crossings, path = stack.pop()
        at = seen[crossings]
        if pos in at:
            continue
        at.add(pos)
        crossings += 1
        ahead = seen[crossings]
        goes_on = crossings < allowance
        if pos in walked:
            if not goes_on:
                continue
        else:
            walked.add(pos)
        for nxt, land, strait, rough, key in steps(pos):
            if land:
                if strait and path:
                    continue  # W-MOVE-7: the strait is the only crossing of its move
                enemy = known[nxt] if nxt in known else entering(nxt)
                if isinstance(enemy, _Refusal):
                    continue
                halt = enemy or strait or (rough_stops and rough)
            else:
                halt = False
            if nxt != start and key not in found:
                ok = endings.get(nxt)
                if ok if ok is not None else ending(nxt):
                    found[key] = path + (nxt,)
                    if first:
                        return found
            if goes_on and not halt and nxt not in ahead:
                stack.append((nxt, crossings, path + (nxt,)))
    return found


@cache
def _land_steps(pos: str) -> tuple[Step, ...]:
    """``_colonial_steps`` over land only: an Indian group's crossings without boats
    (W-BOAT-1; leaders alone never take to the sea, W-AMB-7)."""
    return tuple(step for step in _colonial_steps(pos) if step[1])


@cache
def _indian_steps(pos: str) -> tuple[Step, ...]:
    """The crossings an Indian group with boats may make from ``pos`` as far as the
    board alone decides, in ``neighbours`` order (``Step``). Barbarian lands
    are never entered (W-MOVE-6); a sea zone only from a territory it borders (W-MOVE-10;
    never from another sea zone, W-BOAT-2); a territory from a sea zone it borders
    (W-BOAT-2), from a barbarian land it borders (W-INV-1) or from an adjacent
    territory (W-MOVE-8)."""
    at_sea = pos in Q.board().seas
    # W-BOAT-2: one sea zone only
    return tuple(step for step in _colonial_steps(pos) if step[1] or not at_sea)


def _boat_walks(ctx: _Crossing, first: bool) -> dict[tuple[str, str], tuple[str, ...]]:
    """``_walks`` for an Indian group of armies with boats this turn (W-BOAT): the same
    depth-first walks in the same order, so the same first path to each end, a walk
    being where it is, its crossings, the sea zone it sailed and its land crossings
    before embarking and after landing. The same crossings and stops as ``_cross``,
    the board's part of each worked out once (``_indian_steps``)."""
    group = ctx.group
    known, allowance, entering = ctx.enemies, ctx.allowance, ctx.entering
    boosted = ctx.boosted
    rough_stops = not boosted  # W-MOVE-3 (a group of armies)
    most_before = 1 if boosted else 0  # W-BOAT-3
    refused = ctx.state.refused
    seas, barbarians = ctx.board.seas, ctx.board.barbarians
    start = group.start
    found: dict[tuple[str, str], tuple[str, ...]] = {}
    endings, ending = ctx.endings, ctx.ends_in
    seen: set[tuple[str, int, str, int, int]] = set()
    # (pos, crossings, sea, before, after, path): walks that may go on (a stopped walk,
    # one of MAX_PATH crossings or one already walked on from there goes no further, so
    # it is never pushed)
    stack: list[tuple[str, int, str, int, int, tuple[str, ...]]] = [
        (start, 0, "", 0, 0, ())]
    while stack:
        walk = stack.pop()
        pos, crossings, sea, before, after, path = walk
        seen_key = walk[:5]
        if seen_key in seen:
            continue
        seen.add(seen_key)
        crossings += 1
        at_sea = pos in seas
        if at_sea and pos in refused:
            continue  # W-BOAT-6: no landing from a zone whose passage was refused
        on_land = not at_sea and pos not in barbarians  # (invaders leave their land alone)
        for nxt, land, strait, rough, key in _indian_steps(pos):
            if not land:
                # W-BOAT-2: one sea zone; W-BOAT-3: at most one land crossing before
                # embarking, and only with a leader or arms marker
                if sea or before > most_before:
                    continue
                halt = False
                n_sea, n_before, n_after = nxt, before, after
            else:
                n_sea, n_before, n_after = sea, before, after
                halt = False
                if at_sea:
                    halt = not boosted  # W-BOAT-2: the landing is the army's whole move
                elif on_land:
                    if strait:
                        if path:
                            continue  # W-MOVE-7: the strait is the only crossing of its move
                        halt = True
                    if sea:
                        n_after += 1
                        if before + n_after > 2:
                            continue  # W-BOAT-3: two land crossings with a sea move
                    else:
                        n_before += 1
                if not sea and crossings > allowance:
                    continue  # W-MOVE-2
                enemy = known[nxt] if nxt in known else entering(nxt)
                if isinstance(enemy, _Refusal):
                    continue
                halt = halt or bool(enemy) or (rough_stops and rough)
            if nxt != start and key not in found:
                ok = endings.get(nxt)
                if ok if ok is not None else ending(nxt):
                    found[key] = path + (nxt,)
                    if first:
                        return found
            if not halt and crossings < MAX_PATH and (
                    nxt, crossings, n_sea, n_before, n_after) not in seen:
                stack.append((nxt, crossings, n_sea, n_before, n_after, path + (nxt,)))
    return found


def _walks(ctx: _Crossing, first: bool = False) -> dict[tuple[str, str], tuple[str, ...]]:
    """Depth first over walks. A walk's future depends on its path only through the
    fields of ``seen``'s key, and when a walk is popped the whole subtree of any earlier
    walk with the same key has been explored (a repeat is never its descendant: those
    have more crossings), so repeats are skipped: the same destinations and first
    paths as walking every path, in far fewer crossings."""
    group = ctx.group
    found: dict[tuple[str, str], tuple[str, ...]] = {}
    endings, ending = ctx.endings, ctx.ends_in
    seen: set[tuple[str, int, str, int, int]] = set()
    stack = [Walk(group.start)]
    start, allowance, colonial = group.start, ctx.allowance, ctx.colonial
    while stack:
        walk = stack.pop()
        pos, crossings, sea, _before, _after, stop, _path = walk  # locals, as in _cross
        if stop or crossings >= MAX_PATH:
            continue
        seen_key = walk[:5]  # (pos, crossings, sea, before, after)
        if seen_key in seen:
            continue
        seen.add(seen_key)
        candidates = neighbours(pos)
        if crossings >= allowance and (colonial or not sea):
            # W-MOVE-2: the allowance is spent, so _cross refuses every land crossing
            # (and every crossing of a colonial group, whose allowance is 3): try only
            # what it might still accept instead of refusing the rest one by one
            candidates = () if colonial else _sea_neighbours(pos)
        for nxt in candidates:
            new = _cross(ctx, walk, nxt)
            if isinstance(new, _Refusal):
                continue
            key = (nxt, pos)  # new.pos is nxt
            if key not in found and nxt != start:
                ok = endings.get(nxt)
                if ok if ok is not None else ending(nxt):
                    found[key] = new.path
                    if first:
                        return found
            stack.append(new)
    return found
