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

from collections.abc import Iterable
from functools import cache
from typing import Any

from engine.core.errors import IllegalIntent
from engine.maharadjah import queries as Q
from engine.maharadjah.movement import Group, destinations, search_inputs
from engine.maharadjah.state import State

ANY = 1 << 20  # room in a sea zone or the large normal stack (W-STACK-2, W-STACK-5)

Ends = tuple[tuple[str, int], ...]  # (space, armies ending there)


@cache
def _limits() -> dict[str, int]:
    """W-STACK-1 by territory."""
    return {t: (2 if terr.rough else 3) for t, terr in Q.board().territories.items()}


@cache
def _rough() -> frozenset[str]:
    return frozenset(t for t, terr in Q.board().territories.items() if terr.rough)


def _large_cap(space: str) -> int:
    """W-STACK-2: the large stack's limit there."""
    return Q.LARGE_ROUGH if space in _rough() else ANY


class Judgement:
    """The shortfall of one position and the plan that reaches it.

    ``fixed``: the nation's armies that cannot move (they moved, or no more may), by
    space; ``supply``: armies free to move, by space; ``options``: where each space's
    free armies may end (staying first, unless it is a barbarian land); ``large``: the
    plan's large stack ("" for none); ``load``: the plan's armies per territory;
    ``sent``: the plan's free armies by (from, to)."""

    __slots__ = ("fixed", "large", "load", "loss", "options", "sent", "sizes", "stranded",
                 "supply")

    def __init__(self, fixed: dict[str, int], supply: dict[str, int],
                 options: dict[str, tuple[str, ...]]) -> None:
        self.fixed = fixed
        self.supply = supply
        self.options = options
        loss, self.large, self.load, self.sent, stranded = _solve(fixed, supply, options)
        stuck = _stuck(fixed)  # unable to move and unable to stay (W-INV-1)
        self.loss, self.stranded = loss + stuck, stranded + stuck
        self.sizes: dict[str, tuple[int, ...]] = {}

    def headroom(self, space: str, start: str) -> int:
        """Armies from ``start`` that may end in ``space`` without changing the plan's
        shortfall: the room the plan leaves there, and what it sends there from
        ``start`` anyway."""
        if space not in _limits():
            return ANY
        cap = _large_cap(space) if space == self.large else _limits()[space]
        return cap - self.load.get(space, 0) + self.sent.get((start, space), 0)


_JUDGED: dict[tuple[Any, ...], Judgement] = {}
_JUDGED_MAX = 256


def judge(state: State, inputs: tuple[Any, ...] | None = None) -> Judgement:
    """The active nation's shortfall now (see the module). ``inputs``:
    ``search_inputs(state, state.active)`` when the caller has it."""
    nation = state.active
    if inputs is None:
        inputs = search_inputs(state, nation)
    own = tuple(sorted((s, here[nation]) for s, here in state.armies.items()
                       if here.get(nation, 0) > 0))
    fresh = tuple(sorted((s, n) for s, n in state.fresh.items() if n > 0))
    # arrivals matter where an overrun may still come (W-MOVE-5, ``_overruns``)
    came = tuple(sorted((s, sum(c.values())) for s, c in state.arrived.items()))
    key = (nation, own, fresh, came, inputs)
    found = _JUDGED.get(key)
    if found is None:
        fixed, supply = _split(state, nation)
        options = {s: _options(state, s, inputs) for s in supply}
        found = Judgement(fixed, supply, options)
        if len(_JUDGED) >= _JUDGED_MAX:
            _JUDGED.clear()
        _JUDGED[key] = found
    return found


def _split(state: State, nation: str) -> tuple[dict[str, int], dict[str, int]]:
    fixed: dict[str, int] = {}
    supply: dict[str, int] = {}
    for space, here in state.armies.items():
        n = here.get(nation, 0)
        if n <= 0:
            continue
        free = min(n, max(0, state.fresh.get(space, 0)))
        if free:
            supply[space] = free
        if n - free:
            fixed[space] = n - free
    return fixed, supply


def _options(state: State, start: str, inputs: tuple[Any, ...]) -> tuple[str, ...]:
    """Where the free armies of ``start`` may end: staying, then every destination of
    an army moving alone (W-MOVE-1), in the search's order."""
    ends = {dest: None for dest, _came in destinations(state, Group(state.active, start, 1),
                                                        inputs)}
    stay = () if start in Q.board().barbarians else (start,)
    return stay + tuple(sorted(ends))


def loss_now(state: State) -> int:
    """Armies the active nation would lose if its Movement Phase ended now."""
    nation = state.active
    counts = Q.nation_counts(state, nation)
    loss, *_ = _solve(counts, {}, {})
    return loss + _stuck(counts)


def _stuck(armies: dict[str, int]) -> int:
    """Armies in barbarian lands: removed when the phase ends (W-INV-1, W-AMB-27)."""
    barbarians = Q.board().barbarians
    return sum(n for s, n in armies.items() if s in barbarians)


# --------------------------------------------------------------------------- a move
def sizes(state: State, start: str, dest: str, most: int,
          inputs: tuple[Any, ...] | None = None) -> tuple[int, ...]:
    """The numbers of ``start``'s free armies, 1 to ``most``, that may move to ``dest``
    now (W-STACK-3)."""
    judged = judge(state, inputs)
    known = judged.sizes.get(f"{start}>{dest}")
    if known is None:
        known = judged.sizes[f"{start}>{dest}"] = _sizes(state, judged, start, dest)
    return known if not known or known[-1] <= most else tuple(k for k in known if k <= most)


def _sizes(state: State, judged: Judgement, start: str, dest: str) -> tuple[int, ...]:
    free = judged.supply.get(start, 0)
    sure = max(0, min(free, judged.headroom(dest, start)))
    out = list(range(1, sure + 1))
    steady = not _overruns(state, dest, free)
    for k in range(sure + 1, free + 1):
        if _allowed(state, judged, start, ((dest, k),)):
            out.append(k)
        elif steady:
            break  # more armies there only make it worse (nothing opens on the way)
    return tuple(out)


def allowed(state: State, start: str, ends: Ends,
            inputs: tuple[Any, ...] | None = None) -> bool:
    """Whether armies of ``start`` ending in ``ends`` keep the shortfall (W-STACK-3)."""
    judged = judge(state, inputs)
    if all(k <= judged.headroom(space, start) for space, k in ends):
        return True
    return _allowed(state, judged, start, ends)


def _allowed(state: State, judged: Judgement, start: str, ends: Ends) -> bool:
    return _after(state, judged, start, ends) <= judged.loss


def _after(state: State, judged: Judgement, start: str, ends: Ends) -> int:
    """The shortfall after the move (a new flow; new passages if the move overruns)."""
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
        inputs = search_inputs(after, after.active)
        options = {s: _options(after, s, inputs) for s in supply}
    loss, *_ = _solve(fixed, supply, options)
    return loss + _stuck(fixed)


def _overruns(state: State, space: str, k: int) -> bool:
    """Would ``k`` more armies arriving in ``space`` overrun it (W-MOVE-5)?"""
    enemies = Q.others(state, space, state.active)
    if not enemies:
        return False
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


def refusal(state: State, start: str, ends: Ends) -> IllegalIntent | None:
    """W-STACK-3 for a move whose armies end in ``ends`` (the move itself legal)."""
    ends = tuple((s, k) for s, k in ends if k)
    if not ends or allowed(state, start, ends):
        return None
    judged = judge(state)
    lost = _after(state, judged, start, ends)
    name = Q.board().name
    nation = state.active.title()
    where = ends[-1][0]
    more = lost - judged.loss
    text = (f"the stacking limits (W-STACK-1, W-STACK-2) could no longer be met, and {more} "
            f"{'army' if more == 1 else 'armies'} would be removed at the end of the phase")
    if len(ends) == 1:
        most = len(sizes(state, start, where, judged.supply.get(start, 0)))
        may = f"at most {most}" if most else "none"
        text = (f"{name(where)} cannot take {ends[0][1]} more {nation} "
                f"{'army' if ends[0][1] == 1 else 'armies'} from {name(start)}: {text}; "
                f"{may} may go there now")
    return IllegalIntent("W-STACK-3", text)


# --------------------------------------------------------------- ending the phase
def end_refusal(state: State) -> IllegalIntent | None:
    """W-STACK-3, W-INV-1: the phase may not end while moves would save armies."""
    judged = judge(state)
    if loss_now(state) <= judged.loss:
        return None
    b = Q.board()
    left = [s for s in sorted(judged.supply) if s in b.barbarians
            and any(t != s for t in judged.options[s])]
    if left and judged.stranded < sum(judged.supply[s] for s in left):
        return IllegalIntent("W-INV-1", f"the invaders in {b.name(left[0])} must leave it")
    limits = _limits()
    over = [s for s in sorted(judged.supply) if s in limits
            and judged.fixed.get(s, 0) + judged.supply[s] > judged.load.get(s, 0)]
    where = ", ".join(b.name(s) for s in over) or "the territories over their limits"
    return IllegalIntent("W-STACK-3", f"too many armies in {where} (W-STACK-1, W-STACK-2): "
                                      "move some away")


# --------------------------------------------------------------------------- the flow
def _solve(fixed: dict[str, int], supply: dict[str, int],
           options: dict[str, tuple[str, ...]]
           ) -> tuple[int, str, dict[str, int], dict[tuple[str, str], int], int]:
    """(shortfall, large stack, armies per territory, free armies sent (from, to),
    free armies left in barbarian lands) of the best plan."""
    limits = _limits()
    excess = {t: n - limits[t] for t, n in fixed.items() if t in limits and n > limits[t]}
    base = _Flow(fixed, supply, options, "")
    if not excess and not base.short:
        return 0, "", base.load(), base.sent(), 0
    candidates = set(excess) | base.reachable()
    if not candidates:
        return base.loss(excess), "", base.load(), base.sent(), base.stranded()
    best: _Flow | None = None
    best_loss = 0
    for large in sorted(candidates):
        rest = sum(n for t, n in excess.items() if t != large)
        if large in excess:
            rest += max(0, fixed[large] - _large_cap(large))
        if best is not None and rest >= best_loss:
            continue  # cannot beat the best so far
        flow = _Flow(fixed, supply, options, large)
        loss = flow.loss(excess)
        if best is None or loss < best_loss:
            best, best_loss = flow, loss
            if not loss:
                break
    assert best is not None
    return best_loss, best.large, best.load(), best.sent(), best.stranded()


class _Flow:
    """A maximum flow of free armies into room: greedily (staying first, then the
    options in order), then along augmenting paths (a unit moves into a full space
    while one of the units sent there goes on elsewhere)."""

    __slots__ = ("fixed", "into", "large", "left", "options", "short", "supply")

    def __init__(self, fixed: dict[str, int], supply: dict[str, int],
                 options: dict[str, tuple[str, ...]], large: str) -> None:
        self.fixed, self.supply, self.options, self.large = fixed, supply, options, large
        limits = _limits()
        left: dict[str, int] = {}
        for space in _spaces(options.values()):
            if space in limits:
                cap = _large_cap(space) if space == large else limits[space]
                left[space] = max(0, cap - fixed.get(space, 0))
            else:
                left[space] = ANY  # a sea zone (W-STACK-5)
        into: dict[str, dict[str, int]] = {}
        short: dict[str, int] = {}
        for start, n in supply.items():
            for space in options.get(start, ()):
                room = left[space]
                if room:
                    k = n if n < room else room
                    left[space] = room - k
                    into.setdefault(space, {})[start] = k
                    n -= k
                    if not n:
                        break
            if n:
                short[start] = n
        self.left, self.into, self.short = left, into, short
        for start in list(short):
            while short[start] and self._augment(start):
                short[start] -= 1
            if not short[start]:
                del short[start]

    def _augment(self, start: str) -> bool:
        """Place one more army of ``start``, moving planned ones on if need be."""
        options, into, left = self.options, self.into, self.left
        parent: dict[str, tuple[str, str]] = {}  # space -> (space before, whose army)
        frontier = []
        for space in options[start]:
            if space not in parent:
                parent[space] = ("", start)
                frontier.append(space)
        while frontier:
            nxt = []
            for space in frontier:
                if left[space]:
                    self._shift(space, parent)
                    return True
                for other, k in into.get(space, {}).items():
                    if k <= 0 or other == start:
                        continue
                    for further in options[other]:
                        if further not in parent:
                            parent[further] = (space, other)
                            nxt.append(further)
            frontier = nxt
        return False

    def _shift(self, end: str, parent: dict[str, tuple[str, str]]) -> None:
        into = self.into
        self.left[end] -= 1
        space = end
        while True:
            before, who = parent[space]
            here = into.setdefault(space, {})
            here[who] = here.get(who, 0) + 1
            if not before:
                return
            into[before][who] -= 1
            space = before

    def reachable(self) -> set[str]:
        """Territories an army still unplaced could reach, directly or by moving planned
        armies on: a larger limit there (the large stack) might place it."""
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

    def placed(self) -> int:
        return sum(k for here in self.into.values() for k in here.values())

    def stranded(self) -> int:
        barbarians = Q.board().barbarians
        return sum(n for s, n in self.short.items() if s in barbarians)

    def loss(self, excess: dict[str, int]) -> int:
        rest = sum(n for t, n in excess.items() if t != self.large)
        if self.large in excess:
            rest += max(0, self.fixed[self.large] - _large_cap(self.large))
        return rest + sum(self.short.values())

    def load(self) -> dict[str, int]:
        out = {t: n for t, n in self.fixed.items() if t in _limits()}
        for space, here in self.into.items():
            if space in _limits():
                out[space] = out.get(space, 0) + sum(here.values())
        return out

    def sent(self) -> dict[tuple[str, str], int]:
        return {(who, space): k for space, here in self.into.items()
                for who, k in here.items() if k > 0}


def _spaces(groups: Iterable[tuple[str, ...]]) -> set[str]:
    return {space for group in groups for space in group}
