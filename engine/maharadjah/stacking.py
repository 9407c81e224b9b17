"""W-STACK-3 judged before a move: can the stacking limits still be met at the end of
the Movement Phase by the armies still free to move?

A position's *shortfall* is the fewest armies the active nation would lose when its
Movement Phase ends (the excess over the limits, W-STACK-3 / W-AMB-40, and invaders
stranded in a barbarian land, W-INV-1) if each army still free to move either stays or
makes one move of its own to a space open to it now. It is a transport problem: the
free armies of each space go to the spaces they can reach, each territory takes up to
its limit (W-STACK-1) beside the armies already there, one territory may be the large
stack (W-STACK-2), sea zones take any number (W-STACK-5); a small max-flow solves it
for each candidate large stack.

A move is refused when the position after it has a larger shortfall than before
(``refusal``): the player learns it before moving, never by losing armies. Whatever
shortfall a position already has was not of the player's making (invaders placed above
the limits, W-STACK-6; a blocked stack) and is removed at the end of the phase.
``EndMovement`` is refused while the armies would lose more now than the shortfall.

Rulings (the spec's amendment leaves the model open):
- The armies free to move are judged moving on their own: a leader's or an arms
  marker's longer reach (W-LEAD-3) and passages an overrun not yet made would open
  (W-MOVE-5) are not counted. Every move this judgement plans is then a move the player
  can make, one after another, so a phase never locks with every move refused and its
  end refused too; a move the judgement cannot see through may be refused although a
  leader could have saved it, and then the player makes the leader's move first.
- Only armies that have not moved are free to move (W-MOVE-1: each army moves once).

A position's judgement (``judge``) is kept for the positions asked most recently; the
listing asks only ``sizes`` per destination, mostly answered by the judgement's own plan
(the armies it plans for a space leave room for the move) without a new flow.
"""

from __future__ import annotations

from bisect import bisect_right
from functools import cache
from itertools import chain
from typing import Any

from engine.core.errors import Forbidden
from engine.maharadjah import known
from engine.maharadjah import queries as Q
from engine.maharadjah.movement import Inputs, ends, search_inputs
from engine.maharadjah.state import State

ANY = 1 << 20  # room in a sea zone or the large normal stack (W-STACK-2, W-STACK-5)
# W-STACK-1, W-STACK-2: what rough ground's large stack holds beyond its limit of 2. A plan
# without a large stack leaves that much room in any rough territory beside its own
# (``_large_terms``: up to ``sure + ROUGH_SPARE`` armies pass the large-stack check
# there), so that many armies of a stack may always go into one.
ROUGH_SPARE = Q.LARGE_ROUGH - 2

Ends = tuple[tuple[str, int], ...]  # (space, armies ending there)


# W-STACK-1 by territory, and the rough ones: the board's, read when a plan is first
# made (``_limits``); the plans' own methods read them as globals (asked thousands of
# times a game), a plan existing only once they are read
_LIMITS: dict[str, int] = {}
_ROUGH: set[str] = set()


def _limits() -> dict[str, int]:
    """W-STACK-1 by territory."""
    if not _LIMITS:
        territories = Q.board().territories
        _ROUGH.update(t for t, terr in territories.items() if terr.rough)
        _LIMITS.update({t: (2 if terr.rough else 3) for t, terr in territories.items()})
    return _LIMITS


def _rough() -> set[str]:
    _limits()
    return _ROUGH


def _large_cap(space: str) -> int:
    """W-STACK-2: the large stack's limit there."""
    return Q.LARGE_ROUGH if space in _rough() else ANY


class Judgement:
    """The shortfall of one position and the plan that reaches it.

    ``fixed``: the nation's armies that cannot move (they moved, or no more may), by
    space; ``supply``: armies free to move, by space; ``options``: where each space's
    free armies may end (staying first, unless it is a barbarian land); ``flow``: the
    plan (its large stack, the armies it sends where, those it places nowhere)."""

    __slots__ = ("before", "carried", "counts", "entered", "fixed", "flow", "loss", "now",
                 "options", "over", "sizes", "stuck", "supply")

    def __init__(self, fixed: dict[str, int], supply: dict[str, int],
                 options: dict[str, tuple[str, ...]], flow: _Flow | None = None) -> None:
        self.fixed = fixed
        self.supply = supply
        self.options = options
        # ``flow``: a plan carried from the position before (``carry``), else a new one
        self.carried = flow is not None
        if flow is None:
            self.flow = _solve(fixed, supply, options)
            self.stuck = _stuck(fixed)  # they can neither move nor stay
            self.loss = self.flow.loss() + self.stuck
        else:
            # (``carry`` gives only plans placing every army, none of them stuck)
            self.flow = flow
            self.stuck = self.loss = 0
        # the nation's armies by space (every army fixed or free), once asked (``ended``)
        self.counts: dict[str, int] | None = None
        self.sizes: dict[tuple[str, str], tuple[int, ...]] = {}
        self.now = -1  # ``loss_now`` of the position, once asked (``ended``)
        self.over: tuple[int, list[tuple[int, str]]] | None = None  # (``_fixed_after``)
        # the judgement this one was carried from through a move its armies alone could
        # make (``carry``), whose sizes bound this one's (``_then``), and where it ended
        self.before: Judgement | None = None
        self.entered = ""

    def ended(self) -> int:
        """``loss_now``: the armies lost if the phase ended now, read from the split
        (every army of the nation is fixed or free), not the map."""
        if self.now < 0:
            self.now = _fixed_loss(self.armies())
        return self.now

    def armies(self) -> dict[str, int]:
        """The nation's armies by space (``Q.nation_counts`` of the position), read from
        the split; not to be changed (kept)."""
        counts = self.counts
        if counts is None:
            counts = self.counts = dict(self.fixed)
            for space, n in self.supply.items():
                counts[space] = counts.get(space, 0) + n
        return counts

    def may_end(self) -> bool:
        """``may_end`` of the position judged: ending now loses no more than the plan."""
        now = self.ended()
        return not now or now <= self.loss

    @property
    def large(self) -> str:
        return self.flow.large

    @property
    def short(self) -> dict[str, int]:
        return self.flow.short

    def load(self, space: str) -> int:
        """The plan's armies in a space."""
        return self.fixed.get(space, 0) + sum(self.flow.into.get(space, {}).values())

    # ----------------------------------------------------------------- one move
    def sizes_to(self, state: State, start: str, dest: str, most: int) -> tuple[int, ...]:
        """The numbers of ``start``'s free armies, 1 to ``most``, that may move to
        ``dest`` now (W-STACK-3)."""
        key = (start, dest)
        known = self.sizes.get(key)
        if known is None:
            if dest not in _LIMITS or not (self.flow.large or (
                    dest in _ROUGH and self.supply.get(start, 0) > ROUGH_SPARE)):
                # a sea zone (W-STACK-5), or a territory that may become the large stack
                # the plan has not used, with room for every free army of start: the most
                # common answers, given at once (and counted so by ``legal.Count``)
                known = _upto(self.supply.get(start, 0))
            else:
                known = self._sizes(state, start, dest)
            self.sizes[key] = known
        if not known or known[-1] <= most:
            return known
        # (the sizes rise: cut in C, with no generator whose cell ``most`` every call
        # would make)
        return known[:bisect_right(known, most)]

    def _sizes(self, state: State, start: str, dest: str) -> tuple[int, ...]:
        # (asked of every stack and destination after every move: ``_sure`` inline)
        # (a territory; a normal one only when the plan has a large stack: ``sizes_to``)
        free = self.supply.get(start, 0)
        flow = self.flow
        room = flow.left.get(dest)
        if room is None:
            room = flow.room(dest)
        if room >= ANY // 2:
            return _upto(free)  # the large normal stack
        here = flow.into.get(dest)
        kept = here.get(start, 0) if here else 0
        short = flow.short.get(start, 0) if flow.short else 0
        sure = kept + (room if room > 0 else 0) + short
        if sure >= free:
            return _upto(free)
        out = list(range(1, sure + 1))
        steady: bool | None = None
        then = self._then(state, start, dest) if self.before is not None else None
        terms: tuple[int, int, int] | None = None
        for k in range(sure + 1, free + 1):
            # (``allows`` without its quick checks: k is beyond the sure room)
            if then is None or k in then:
                if terms is None:
                    terms = self._large_terms(start, dest, room, short)
                most, over_from, gain = terms
                need = k - kept  # (k > sure: more than the plan sends there)
                # ``_as_large`` in closed form (see ``_large_terms``)
                if (need if need < most else most) - (
                        need - over_from if need > over_from else 0) + gain >= 0 \
                        or self._replanned(state, start, ((dest, k),)):
                    out.append(k)
                    continue
            if steady is None:
                steady = not _overruns(state, dest, free)
            if steady:
                break  # more armies there only make it worse (nothing opens on the way)
        return tuple(out)

    def _large_terms(self, start: str, dest: str, room: int,
                     short: int) -> tuple[int, int, int]:
        """``_as_large`` for every number of armies at once: (most, over_from, gain) such
        that ``need`` armies of ``start`` beyond those the plan sends to ``dest`` (room its
        room there, short the armies of start it places nowhere) pass the check when
        ``min(need, most) - max(0, need - over_from) + gain >= 0``: each army taken
        from those placed nowhere, then from the old large stack while it stands over its
        limit, saves one (``most`` of them), each beyond the large cap of ``dest``
        (``over_from``) is lost, ``gain`` the rest (the excess ``dest`` had, the old
        large stack's given back or kept)."""
        flow = self.flow
        cap = Q.LARGE_ROUGH if dest in _ROUGH else ANY
        over_from = cap - (flow.cap(dest) - room)
        most = short
        gain = -room if room < 0 else 0
        large = flow.large
        if large and large != dest:
            left = flow.room(large)
            excess = flow.cap(large) - left - _LIMITS[large]
            if excess > 0:
                there = flow.into.get(large)
                from_large = there.get(start, 0) if there else 0
                most += from_large if from_large < excess else excess
                gain -= excess
            if left < 0:
                gain -= left
        return most, over_from, gain

    def _then(self, state: State, start: str, dest: str) -> tuple[int, ...] | None:
        """The numbers of ``start``'s armies the position before the move(s) this
        judgement was carried through let into ``dest``, or None: only those may go now.
        Every plan of now is one of then with the moved armies making their move (a move
        their armies alone could make: an option of their start), so whatever keeps the
        shortfall now (none: only plans that place every army are carried) kept it then,
        where armies may end after the move being the same then and now: unless an
        overrun (W-MOVE-5) of ``dest`` opens passages, a space whose arrivals the moves
        since then did not change."""
        here = state.armies.get(dest)
        enemies = bool(here) and not (here is not None and len(here) == 1
                                      and state.active in here)
        key = (start, dest)
        judged: Judgement | None = self
        while judged is not None and judged.before is not None:
            if enemies and judged.entered == dest:
                return None  # more arrivals there: a move may overrun it now, not then
            judged = judged.before
            then = judged.sizes.get(key)
            if then is not None:
                return then
        return None

    def _sure(self, start: str, dest: str) -> int:
        """Armies of ``start`` that may surely end in ``dest``: the plan's own room there,
        what it sends there from start anyway, and start's armies it places nowhere
        (moving those loses nothing); any number into a sea zone or the large normal
        stack."""
        flow = self.flow
        room = flow.room(dest)
        if room >= ANY // 2:
            return ANY
        return flow.into.get(dest, {}).get(start, 0) + max(0, room) + flow.short.get(start, 0)

    def _as_large(self, start: str, dest: str, k: int) -> bool:
        """The plan, ``k`` armies of ``start`` taken from where it sent them (those it
        placed nowhere first, then those in its large stack) and put in ``dest`` as the
        large stack, the old one back to its limit, loses no more."""
        flow = self.flow
        limits = _LIMITS
        if dest not in limits:
            return True
        kept = flow.into.get(dest, {}).get(start, 0)
        need = k - kept if k > kept else 0
        saved = min(need, flow.short.get(start, 0))
        room = flow.room(dest)
        here = flow.cap(dest) - room
        cap = Q.LARGE_ROUGH if dest in _ROUGH else ANY  # (_large_cap inline)
        gain = saved - max(0, here + need - cap) + max(0, -room)
        large = flow.large
        if large and large != dest:
            freed = min(need - saved, flow.into.get(large, {}).get(start, 0))
            left = flow.room(large)
            was = flow.cap(large) - left
            gain += max(0, -left) - max(0, was - freed - limits[large])
        return gain >= 0

    def allows(self, state: State, start: str, ends: Ends) -> bool:
        """Whether armies of ``start`` ending in ``ends`` keep the shortfall: the sizes
        already judged, then the plan with room to spare, then the plan with its armies
        moved on where they must (its large stack, or the move's end as the large
        stack); a new plan only when none will do."""
        if len(ends) == 1:
            dest, k = ends[0]
            known = self.sizes.get((start, dest))
            if known is not None:
                return k in known
            if k <= self._sure(start, dest) or self._as_large(start, dest, k):
                return True
        return self._replanned(state, start, ends)

    def _replanned(self, state: State, start: str, ends: Ends) -> bool:
        """``allows`` once the plan's own room and large stack fall short."""
        if self._fixed_after(ends) > self.loss:
            # the armies that can no longer move break the limits for more, whatever
            # the others do: no plan can help (asked first, the cheapest answer)
            return False
        limits = _limits()
        large, last = self.flow.large, ends[-1][0]
        # (with no large stack, the move's end as the large stack has every room the plan
        # has and more: when that fails, the plan as it is would fail too)
        if (large or last not in limits) and self._repaired(start, ends, large):
            return True
        if last in limits and last != large:
            # another large stack leaves the old one's armies that cannot move over its limit
            kept = max(0, self.fixed.get(large, 0) - limits[large]) if large else 0
            if kept + self.stuck <= self.loss and self._repaired(start, ends, last):
                return True
        return _after(state, self, start, ends) <= self.loss

    def _fixed_after(self, ends: Ends) -> int:
        """``_fixed_loss`` of the armies that cannot move once ``ends`` are added to them:
        the excess over the limits of the spaces the move leaves alone read once a
        judgement (with what each would give back as the large stack, best first)."""
        if self.over is None:
            over, back = 0, []
            for space, n in self.fixed.items():
                limit = _LIMITS.get(space)
                if limit is not None and n > limit:
                    over += n - limit
                    cap = Q.LARGE_ROUGH if space in _ROUGH else ANY
                    back.append((n - limit - max(0, n - cap), space))
            back.sort(reverse=True)
            self.over = (over, back)
        over, back = self.over
        added: dict[str, int] = {}
        for space, k in ends:
            added[space] = added.get(space, 0) + k
        # (most judgements have no fixed armies over a limit: no search made for one; a
        # loop, not a generator that would make ``added`` a cell at every call)
        best = 0
        for given, space in back:
            if space not in added:
                best = given
                break
        stuck = self.stuck
        fixed = self.fixed
        for space, k in added.items():
            limit = _LIMITS.get(space)
            if limit is None:
                if space in _barbarians():
                    stuck += k  # W-INV-1
                continue
            n = fixed.get(space, 0)
            if n > limit:
                over -= n - limit
            n += k
            if n > limit:
                over += n - limit
                cap = Q.LARGE_ROUGH if space in _ROUGH else ANY
                best = max(best, n - limit - max(0, n - cap))
        return over - best + stuck

    def _repaired(self, start: str, ends: Ends, large: str) -> bool:
        """The plan, with ``large`` as its large stack and the armies of ``start`` forced
        to end in ``ends`` (``_Flow.force``), repaired (``_Flow.repair``) loses no more."""
        if len(ends) == 1 and (large == self.flow.large or not self.flow.large) and \
                self._moved_on(start, ends[0][0], ends[0][1], large):
            return True  # (the repair would find a plan at least as good)
        flow = self.flow.copy()
        if large != flow.large:
            flow.enlarge(large)
        for space, k in ends:
            flow.force(start, space, k)
        flow.repair()
        return flow.loss() + self.stuck <= self.loss

    def _moved_on(self, start: str, dest: str, k: int, large: str) -> bool:
        """A sure ``_repaired`` of one end without a copy of the plan: ``k`` armies of
        ``start`` forced into ``dest`` as ``_Flow.force`` takes them (those the plan sent
        there, then those it placed nowhere, then those it sent elsewhere, which leave
        room behind), ``dest`` the large stack if ``large`` names it (the plan having
        none), and the armies ``dest`` then holds beyond its room moved straight on, each
        to room among its own options. True when that places them all: a plan losing no
        more than this one (the repair, a maximum flow, finds one at least as good);
        False when it does not, which proves nothing."""
        flow = self.flow
        into = flow.into
        here = into.get(dest)
        kept = here.get(start, 0) if here else 0
        if kept > k:
            kept = k
        need = k - kept
        short = flow.short.get(start, 0) if flow.short else 0
        rest = need - (need if need < short else short)
        freed: dict[str, int] = {}  # room given back (or taken, negative) per space
        if rest:
            for other, there in into.items():
                if other != dest:
                    take = there.get(start, 0)
                    if take:
                        if take > rest:
                            take = rest
                        freed[other] = take
                        rest -= take
                        if not rest:
                            break
        room = flow.room(dest)
        if large == dest != flow.large:
            room += (Q.LARGE_ROUGH if dest in _ROUGH else ANY) - _LIMITS[dest]
        over = need - room
        if over <= 0 or not here:
            return over <= 0
        options, room_of = flow.options, flow.room
        for who, n in here.items():
            if who == start:
                n -= kept
            if n <= 0:
                continue
            for space in options[who]:
                if space == dest:
                    continue
                left = room_of(space) + freed.get(space, 0)
                if left > 0:
                    moved = min(n, left, over)
                    freed[space] = freed.get(space, 0) - moved
                    over -= moved
                    if not over:
                        return True
                    n -= moved
                    if not n:
                        break
        return False


@cache
def _upto(n: int) -> tuple[int, ...]:
    return tuple(range(1, n + 1))


_JUDGED: dict[tuple[Any, ...], Judgement] = {}
_JUDGED_MAX = 16  # (a few positions' judgements: see ``movement._FOUND_MAX``)


def judge(state: State, inputs: Inputs | None = None) -> Judgement:
    """The active nation's shortfall now (see the module). ``inputs``:
    ``search_inputs(state, state.active)`` when the caller has it."""
    kept = known.of(state)
    found: Judgement | None = kept.get("judgement")
    if found is None:
        found = kept["judgement"] = _judged(state, inputs)
    return found


def _judged(state: State, inputs: Inputs | None) -> Judgement:
    """A new judgement of the position (or the one made of an equal position)."""
    nation = state.active
    if inputs is None:
        inputs = search_inputs(state, nation)
    # (dicts in their own order: the same position folded alike keys alike)
    # (loops, not generators: asked of every new position, and a comprehension would
    # make cells of ``state``, ``nation`` and ``inputs`` at every call)
    # (each part a flat tuple of names and numbers, not a tuple of pairs: a key is a few
    # tuples for the garbage collector to walk, not a few a space)
    spaces, counts = _own(state, nation)
    # arrivals matter where an overrun may still come (W-MOVE-5, ``_overruns``)
    came: list[str | int] = []
    for s, c in state.arrived.items():
        came.append(s)
        came.append(sum(c.values()))
    key = (nation, tuple(spaces), tuple(counts),
           tuple(chain.from_iterable(state.fresh.items())), tuple(came), inputs.stamp)
    found = _JUDGED.get(key)
    if found is None:
        fixed, supply = _split(state, nation, spaces, counts)
        options = {}
        for s in supply:
            options[s] = _options(state, s, inputs)
        found = Judgement(fixed, supply, options)
        if len(_JUDGED) >= _JUDGED_MAX:
            _JUDGED.clear()
        _JUDGED[key] = found
    return found


def carry(before: Judgement, state: State, start: str, dest: str) -> Judgement | None:
    """The judgement of ``state`` just after a move of the active nation's free armies
    from ``start`` to ``dest``, a space without other nations' armies (so the search
    inputs, and where every stack may end, are those of ``before``'s position), made
    from ``before``'s plan instead of a new one: the moved armies forced to stay in
    ``dest`` (``_Flow.force``) and the plan repaired around them. Only a plan that
    places every army is carried: none can lose fewer, so it answers every question
    (``sizes_to``, ``allows``, ``refusal``) as a new plan would. None otherwise (a
    move the plan cannot absorb, a position that already loses armies): ``judge`` then
    makes a new one."""
    if before.loss:
        return None
    nation = state.active
    fixed, supply = before.fixed, before.supply
    here = state.armies.get(start)
    n = here.get(nation, 0) if here else 0
    left = min(n, max(0, state.fresh.get(start, 0)))
    moved = supply.get(start, 0) - left
    there = state.armies.get(dest)
    m = there.get(nation, 0) if there else 0
    free_there = min(m, max(0, state.fresh.get(dest, 0)))
    if (moved <= 0 or n - left != fixed.get(start, 0) or free_there != supply.get(dest, 0)
            or m - free_there != fixed.get(dest, 0) + moved or dest in _barbarians()):
        return None  # not a plain move of free armies (the split of each space is checked)
    # a carried judgement is kept beside its one position only (never in ``_JUDGED``, never
    # shared by another position's entry), and that position is gone once this move is
    # folded: its plan is taken over rather than copied (the judgements after it read
    # only its ``sizes``, ``_then``); a new judgement's plan may be asked again of an
    # equal position, so it is copied
    flow = before.flow if before.carried else before.flow.copy()
    flow.force(start, dest, moved)
    new_fixed = dict(fixed)
    new_fixed[dest] = m - free_there
    new_supply = dict(supply)
    options = before.options
    if left:
        new_supply[start] = left
    else:
        del new_supply[start]
        options = dict(options)  # (copied in C, the start taken out: the same order)
        del options[start]
    flow.fixed, flow.options = new_fixed, options
    if flow.short or (flow.left and min(flow.left.values()) < 0):
        flow.repair()
        if flow.loss():
            return None
    after = Judgement(new_fixed, new_supply, options, flow)
    if before.counts is not None:  # (the armies by space: ``moved`` of start's now in dest)
        counts = after.counts = dict(before.counts)
        counts[dest] = m
        if n:
            counts[start] = n
        else:
            del counts[start]
    if dest in before.options.get(start, ()):
        after.before, after.entered = before, dest  # (``_then``)
    return after


def _own(state: State, nation: str) -> tuple[list[str], list[int]]:
    """The nation's spaces and its armies there, in the map's order."""
    spaces: list[str] = []
    counts: list[int] = []
    for space, here in state.armies.items():
        if nation in here:
            spaces.append(space)
            counts.append(here[nation])
    return spaces, counts


def _split(state: State, nation: str, spaces: list[str] | None = None,
           counts: list[int] | None = None) -> tuple[dict[str, int], dict[str, int]]:
    """The nation's armies that cannot move and those free to move, by space. ``spaces``
    and ``counts``: its spaces and armies there in the map's order, when read already
    (``_judged``), else read here."""
    if spaces is None or counts is None:
        spaces, counts = _own(state, nation)
    fixed: dict[str, int] = {}
    supply: dict[str, int] = {}
    fresh = state.fresh
    for space, n in zip(spaces, counts, strict=True):
        if n <= 0:
            continue
        free = min(n, max(0, fresh.get(space, 0)))
        if free:
            supply[space] = free
        if n - free:
            fixed[space] = n - free
    return fixed, supply


def _options(state: State, start: str, inputs: Inputs) -> tuple[str, ...]:
    """Where the free armies of ``start`` may end: staying, then every destination of
    an army moving alone (W-MOVE-1), in order."""
    found = ends(state, state.active, start, inputs)
    return found if start in Q.board().barbarians else (start, *found)


def loss_now(state: State) -> int:
    """Armies the active nation would lose if its Movement Phase ended now."""
    return _fixed_loss(Q.nation_counts(state, state.active))


def _fixed_loss(armies: dict[str, int]) -> int:
    """Armies lost if ``armies`` stayed as they are: the excess over the limits with the
    best large stack (W-STACK-1, W-STACK-2), and those in barbarian lands (W-INV-1)."""
    if not armies or max(armies.values()) <= 2:
        return _stuck(armies)  # (no space over a limit: 2 or 3, W-STACK-1)
    limits = _limits()
    over = 0
    best = 0  # what the best large stack takes back
    for space, n in armies.items():
        limit = limits.get(space)
        if limit is not None and n > limit:
            over += n - limit
            best = max(best, n - limit - max(0, n - _large_cap(space)))
    return over - best + _stuck(armies)


def _stuck(armies: dict[str, int]) -> int:
    """Armies in barbarian lands: removed when the phase ends (W-INV-1, W-AMB-27)."""
    # (asked of every plan: the few spaces of ``armies`` looked up among the barbarian
    # lands, not each barbarian land in ``armies`` through a map of ``get``)
    barbarians = _barbarians()
    stuck = 0
    for space in armies:
        if space in barbarians:
            stuck += armies[space]
    return stuck


@cache
def _barbarians() -> frozenset[str]:
    return frozenset(Q.board().barbarians)


# --------------------------------------------------------------------------- a move
def sizes(state: State, start: str, dest: str, most: int,
          inputs: Inputs | None = None) -> tuple[int, ...]:
    """The numbers of ``start``'s free armies, 1 to ``most``, that may move to ``dest``
    now (W-STACK-3)."""
    return judge(state, inputs).sizes_to(state, start, dest, most)


def allowed(state: State, start: str, ends: Ends,
            inputs: Inputs | None = None) -> bool:
    """Whether armies of ``start`` ending in ``ends`` keep the shortfall (W-STACK-3)."""
    return judge(state, inputs).allows(state, start, ends)


def _after(state: State, judged: Judgement, start: str, ends: Ends) -> int:
    """The shortfall after the move (a new plan; new passages if the move overruns)."""
    fixed = dict(judged.fixed)
    supply = dict(judged.supply)
    supply[start] = supply.get(start, 0) - sum(k for _, k in ends)
    if supply[start] <= 0:
        del supply[start]
    for space, k in ends:
        fixed[space] = fixed.get(space, 0) + k
    options = judged.options
    if any(_overruns(state, space, k) for space, k in ends):
        after = _moved_state(state, start, ends)
        inputs = search_inputs(after, after.active, keep=False)  # asked once
        options = {s: _options(after, s, inputs) for s in supply}
    return _solve(fixed, supply, options).loss() + _stuck(fixed)


def _overruns(state: State, space: str, k: int) -> bool:
    """Would ``k`` more armies arriving in ``space`` overrun it (W-MOVE-5)?"""
    here = state.armies.get(space)
    if not here or (len(here) == 1 and state.active in here):
        return False
    enemies = Q.others(state, space, state.active)
    came = sum(state.arrived.get(space, {}).values())
    return came < 2 * enemies <= came + k


def _moved_state(state: State, start: str, ends: Ends) -> State:
    """The position's armies and arrivals after the move (what the search reads)."""
    import msgspec

    nation = state.active
    armies = {s: dict(here) for s, here in state.armies.items()}
    arrived = {s: dict(came) for s, came in state.arrived.items()}
    for space, k in ends:
        armies[start][nation] -= k
        armies.setdefault(space, {})[nation] = armies.get(space, {}).get(nation, 0) + k
        came = arrived.setdefault(space, {})
        came[start] = came.get(start, 0) + k  # only the count is read (W-MOVE-5)
    return msgspec.structs.replace(state, armies=armies, arrived=arrived)


def refusal(state: State, start: str, ends: Ends) -> Forbidden | None:
    """W-STACK-3 for a move whose armies end in ``ends`` (the move itself legal)."""
    ends = tuple((s, k) for s, k in ends if k)
    if not ends:
        return None
    judged = judge(state)
    if judged.allows(state, start, ends):
        return None
    lost = _after(state, judged, start, ends)
    name = Q.board().name
    nation = state.active.title()
    where = ends[-1][0]
    more = lost - judged.loss
    text = (f"the stacking limits (W-STACK-1, W-STACK-2) could no longer be met, and {more} "
            f"{'army' if more == 1 else 'armies'} would be removed at the end of the phase")
    if len(ends) == 1:
        most = len(judged.sizes_to(state, start, where, judged.supply.get(start, 0)))
        may = f"at most {most}" if most else "none"
        text = (f"{name(where)} cannot take {ends[0][1]} more {nation} "
                f"{'army' if ends[0][1] == 1 else 'armies'} from {name(start)}: {text}; "
                f"{may} may go there now")
    return Forbidden("W-STACK-3", text)


# --------------------------------------------------------------- ending the phase
def may_end(state: State) -> bool:
    """W-STACK-3, W-INV-1: whether the phase may end now (no move would save armies):
    ``end_refusal`` without the words, what a listing asks."""
    judged: Judgement | None = known.peek(state, "judgement")  # (the listing has judged it)
    if judged is None:
        now = loss_now(state)
        return not now or now <= judge(state).loss
    return judged.may_end()


def end_refusal(state: State) -> Forbidden | None:
    """W-STACK-3, W-INV-1: the phase may not end while moves would save armies."""
    if may_end(state):
        return None
    judged = judge(state)
    if judged.carried:
        # the text names the spaces its plan empties: a new plan's, whatever came before
        judged = known.of(state)["judgement"] = _judged(state, None)
    b = Q.board()
    left = [s for s in sorted(judged.supply) if s in b.barbarians
            and any(t != s for t in judged.options[s])]
    if left and sum(judged.short.get(s, 0) for s in left) < sum(judged.supply[s] for s in left):
        return Forbidden("W-INV-1", f"the invaders in {b.name(left[0])} must leave it")
    limits = _limits()
    over = [s for s in sorted(judged.supply) if s in limits
            and judged.fixed.get(s, 0) + judged.supply[s] > judged.load(s)]
    where = ", ".join(b.name(s) for s in over) or "the territories over their limits"
    return Forbidden("W-STACK-3", f"too many armies in {where} (W-STACK-1, W-STACK-2): "
                                  "move some away")


# --------------------------------------------------------------------------- the flow
def _solve(fixed: dict[str, int], supply: dict[str, int],
           options: dict[str, tuple[str, ...]]) -> _Flow:
    """The best plan: a maximum flow within the limits, then, if armies are left over
    or stand over a limit, each territory they could use tried as the large stack
    (its extra room given to the same plan, which then places what it can)."""
    base = _Flow(fixed, supply, options)
    if not base.loss():
        return base
    left = base.left
    candidates = {t for t, room in left.items() if room < 0} | base.reachable()
    best, best_loss = base, base.loss()
    for large in sorted(candidates):
        # cannot beat the best so far: the excess elsewhere stays whatever comes here
        rest = sum(-room for t, room in left.items() if room < 0 and t != large)
        if rest >= best_loss:
            continue
        flow = base.copy()
        flow.enlarge(large)
        flow.settle()
        loss = flow.loss()
        if loss < best_loss:
            best, best_loss = flow, loss
            if not loss:
                break
    return best


class _Flow:
    """A plan: the free armies of each space sent into room (``into``: space -> from ->
    armies), ``left`` the room left per space (negative: armies over its limit, which
    are lost; a space is entered when first asked, ``room``), ``short`` the free armies
    placed nowhere (lost), ``large`` the large stack. Built greedily (staying first,
    then the options in order) and completed along augmenting paths: an army moves
    into a full space while one of the armies sent there goes on elsewhere."""

    __slots__ = ("fixed", "into", "large", "left", "options", "short")

    def __init__(self, fixed: dict[str, int], supply: dict[str, int],
                 options: dict[str, tuple[str, ...]]) -> None:
        self.fixed, self.options, self.large = fixed, options, ""
        limits = _limits()
        # territories over their limit already are lost armies whatever comes
        left = {space: limits[space] - n for space, n in fixed.items() if space in limits}
        self.left = left
        into: dict[str, dict[str, int]] = {}
        short: dict[str, int] = {}
        room_of = self.room
        for start, n in supply.items():
            for space in options.get(start, ()):
                room = room_of(space)
                if room > 0:
                    k = n if n < room else room
                    left[space] = room - k
                    into.setdefault(space, {})[start] = k
                    n -= k
                    if not n:
                        break
            if n:
                short[start] = n
        self.into, self.short = into, short
        if short:
            self.settle()

    def room(self, space: str) -> int:
        """The room left in ``space`` (entered in ``left`` when first asked)."""
        room = self.left.get(space)
        if room is None:
            room = self.left[space] = self.cap(space) - self.fixed.get(space, 0)
        return room

    def copy(self) -> _Flow:
        other = _Flow.__new__(_Flow)
        other.fixed, other.options, other.large = self.fixed, self.options, self.large
        other.left = dict(self.left)
        other.into = {space: dict(here) for space, here in self.into.items()}
        other.short = dict(self.short)
        return other

    def cap(self, space: str) -> int:
        limit = _LIMITS.get(space)
        if limit is None:
            return ANY  # a sea zone (W-STACK-5)
        if space == self.large:
            return Q.LARGE_ROUGH if space in _ROUGH else ANY  # (_large_cap inline)
        return limit

    def loss(self) -> int:
        left = self.left.values()
        # (most plans have room everywhere: asked without a Python loop then)
        over = -sum(room for room in left if room < 0) if left and min(left) < 0 else 0
        return over + sum(self.short.values())

    def enlarge(self, space: str) -> None:
        """Make ``space`` the large stack (W-STACK-2), the old one back to its limit."""
        limits = _limits()
        old = self.large
        if old:
            self.left[old] = self.room(old) - (_large_cap(old) - limits[old])
        base = self.room(space)
        self.large = space
        self.left[space] = base + _large_cap(space) - limits[space]

    def force(self, start: str, space: str, k: int) -> None:
        """``k`` free armies of ``start`` end in ``space`` and move no more: those the
        plan sent there stay, then those it placed nowhere, then the others leave where
        it sent them."""
        here = self.into.get(space, {})
        kept = min(k, here.get(start, 0))
        if kept:
            here[start] -= kept
        need = k - kept
        saved = min(need, self.short.get(start, 0))
        if saved:
            self.short[start] -= saved
        rest = need - saved
        if rest:
            for other, there in self.into.items():
                if other == space:
                    continue
                take = min(rest, there.get(start, 0))
                if take:
                    there[start] -= take
                    self.left[other] += take
                    rest -= take
                    if not rest:
                        break
        self.left[space] = self.room(space) - need

    def repair(self) -> None:
        """Move planned armies out of every space over its limit while they can go
        somewhere, then place what was placed nowhere."""
        for space in [s for s, room in self.left.items() if room < 0]:
            while self.left[space] < 0 and self._route([(space, who) for who, k in
                                                        self.into.get(space, {}).items()
                                                        if k > 0], space):
                pass
        self.settle()

    def settle(self) -> None:
        """Place the armies placed nowhere, along augmenting paths."""
        short = self.short
        for start in list(short):
            while short[start] and self._route([("", start)], ""):
                short[start] -= 1
            if not short[start]:
                del short[start]

    def _route(self, sources: list[tuple[str, str]], root: str) -> bool:
        """One army more placed (``root`` "": an army of the one source start) or one
        army of ``root`` moved out (sources: its armies by start), breadth first through
        full spaces, whose armies move on; False when no path exists."""
        options, into, room = self.options, self.into, self.room
        parent: dict[str, tuple[str, str]] = {}  # space -> (space before, whose army)
        frontier = []
        for before, who in sources:
            for space in options[who]:
                if space not in parent and space != root:
                    parent[space] = (before, who)
                    frontier.append(space)
        while frontier:
            nxt = []
            for space in frontier:
                if room(space) > 0:
                    self._shift(space, parent, root)
                    return True
                for other, k in into.get(space, {}).items():
                    if k <= 0:
                        continue
                    for further in options[other]:
                        if further not in parent and further != root:
                            parent[further] = (space, other)
                            nxt.append(further)
            frontier = nxt
        return False

    def _shift(self, end: str, parent: dict[str, tuple[str, str]], root: str) -> None:
        into = self.into
        self.left[end] -= 1
        space = end
        while True:
            before, who = parent[space]
            here = into.setdefault(space, {})
            here[who] = here.get(who, 0) + 1
            if before == root:
                if root:  # an army of root moved out of it
                    into[root][who] -= 1
                    self.left[root] += 1
                return
            into[before][who] -= 1
            space = before

    def reachable(self) -> set[str]:
        """Territories an army placed nowhere could reach, directly or by moving
        planned armies on: a larger limit there (the large stack) might place it."""
        seen: set[str] = set()
        frontier = [s for start in self.short for s in self.options[start]]
        while frontier:
            space = frontier.pop()
            if space in seen:
                continue
            seen.add(space)
            for other, k in self.into.get(space, {}).items():
                if k > 0:
                    frontier.extend(self.options[other])
        return {s for s in seen if s in _limits()}
