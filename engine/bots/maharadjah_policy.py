"""The medium bot's judgement of Maharadjah choices: the position each choice leaves.

Every decision a seat is asked for (moves, fights, losses, retreats, placements,
removals, offers, consents, posts) is judged the same way: its own events are
folded into a copy of the state and ``maharadjah_eval.value`` scores the result,
battles still to fight counted at their exact odds. Colonial arms (W-ARMS) go only
to a nation of the same player: the estimate cannot see what a marker will do. An
alliance with the British is charged the card VP its members hold within the nation's
reach (``forgone_by_alliance``, W-ALLY-4): allied, it may not attack them.

The flat list of legal moves is long (every group, size, destination and entered-from
space), so moves are thinned before they are judged: one path per destination, and
only the sizes "all", "all but one" and "one". A leader's (or arms marker's) move
over two or more crossings is also judged with armies left on the way (W-LEAD-3,
not in the legal list: ``drop_moves`` lists thousands): one army at one space
of the path, and one at every space when enough go. The rollout policy of the hard search
ends a Movement Phase when it may; where it may not (invaders still in a barbarian
land, W-INV-1; an over-limit stack, W-STACK-3) it builds its moves from the rules'
building blocks (``movable``, ``groups_at``, ``destinations``) without the flat
list, with the same thinning and only the largest group of each space.
"""

from __future__ import annotations

from typing import Any

import msgspec

from engine.bots.maharadjah_eval import forgone_by_alliance, value
from engine.core.errors import Refused
from engine.core.game import copy_state
from engine.maharadjah import intents as I
from engine.maharadjah import queries as Q
from engine.maharadjah import stacking
from engine.maharadjah.fold import apply
from engine.maharadjah.legal import (
    end_movement_refusal,
    groups_at,
    legal_intents,
    movable,
    move_ends,
)
from engine.maharadjah.movement import Group, destinations, walk_drops
from engine.maharadjah.rules import decide, decide_listed
from engine.maharadjah.state import Phase
from engine.maharadjah.state import State as MaharadjahState

Scored = list[tuple[float, Any]]

ARMS_FRIEND = 0.5  # a colonial arms marker given to a nation of the same player
ARMS_STRANGER = -1.0  # ... or to another player's nation


def thin(legal: list[Any]) -> list[Any]:
    """Moves reduced to one path per (group, destination) and sizes all / all-1 / 1;
    every other intent kept."""
    best: dict[tuple[Any, ...], int] = {}
    moves: dict[tuple[Any, ...], I.Move] = {}
    out: list[Any] = []
    for intent in legal:
        if not isinstance(intent, I.Move):
            out.append(intent)
            continue
        key = (intent.start, intent.path[-1], intent.leaders, intent.arms)
        best[key] = max(best.get(key, 0), intent.armies)
        moves.setdefault(key + (intent.armies,), intent)
    for key, top in best.items():
        for k in sorted({top, top - 1, 1} - {0} if top else {0}, reverse=True):
            move = moves.get(key + (k,))
            if move is not None:
                out.append(move)
    return out


def with_drops(state: MaharadjahState, pool: list[Any]) -> list[Any]:
    """``pool`` and, after each leader's or arms marker's move, its drop variants that
    the rules accept (W-LEAD-3)."""
    out: list[Any] = []
    for intent in pool:
        out.append(intent)
        if not isinstance(intent, I.Move) or not (intent.leaders or intent.arms) or \
                not intent.armies or len(intent.path) < 2 or intent.drops:
            continue
        stops = len(intent.path) - 1
        shapes = [tuple(int(j == i) for j in range(stops)) for i in range(stops)]
        if 1 < stops < intent.armies:
            shapes.append((1,) * stops)
        group = Group(state.active, intent.start, intent.armies, intent.leaders, intent.arms)
        for drops in shapes:
            try:
                walk_drops(state, group, intent.path, drops)
            except Refused:
                continue
            dropped = msgspec.structs.replace(intent, drops=drops)
            if stacking.refusal(state, intent.start, move_ends(dropped)) is None:  # W-STACK-3
                out.append(dropped)
    return out


def quick_moves(state: MaharadjahState) -> list[Any]:
    """The rollout's move candidates, from the building blocks (no flat list)."""
    out: list[Any] = []
    for start in movable(state):
        groups = groups_at(state, start)
        group = max(groups, key=lambda g: (g.armies, len(g.leaders) + len(g.arms)))
        seen: set[str] = set()
        for (dest, _came), path in sorted(destinations(state, group).items()):
            if dest in seen:
                continue
            seen.add(dest)
            sizes = {group.armies, group.armies - 1} - {0} if group.armies else {0}
            if group.armies:  # W-STACK-3
                sizes &= set(stacking.sizes(state, start, dest, group.armies))
            out += [I.Move(start=start, path=path, armies=k, leaders=group.leaders,
                           arms=group.arms) for k in sorted(sizes)]
    if end_movement_refusal(state) is None:
        out.append(I.EndMovement())
    return out


def score(state: MaharadjahState, seat: int, intent: Any) -> float:
    if isinstance(intent, I.AssignArms):
        friend = intent.nation and Q.seat_of(state, intent.nation) == seat
        return value(state, seat) + (ARMS_FRIEND if friend else ARMS_STRANGER
                                     if intent.nation else 0.0)
    after = copy_state(state)
    # the pool's moves are the rules' own (listed, or their stops checked by with_drops)
    events = decide_listed(after, seat, intent) if isinstance(intent, I.Move) else decide(
        after, seat, intent)
    for event in events:
        apply(after, event)
    if isinstance(intent, I.Ally):  # W-ALLY-4: no more attacks on the members
        return value(after, seat) - forgone_by_alliance(state, intent.nation)
    return value(after, seat)


def rank(state: MaharadjahState, seat: int, legal: list[Any]) -> Scored:
    moving = state.phase == Phase.MOVE and state.battle is None
    pool = with_drops(state, thin(legal)) if moving else legal
    scored = [(score(state, seat, intent), n, intent) for n, intent in enumerate(pool)]
    scored.sort(key=lambda t: (-t[0], t[1]))
    return [(s, intent) for s, _, intent in scored]


def best(state: MaharadjahState, seat: int) -> Any:
    """The rollout policy: the best of the quick candidates (moves) or of all the legal
    intents (every other decision, whose lists are short). A rollout ends a Movement
    Phase as soon as the rules allow: judging ~40 moves at each of a phase's dozen
    steps would cost a second a rollout, so a searched move is compared with the
    others as the last one of its phase, then fought out with sampled dice."""
    if state.phase == Phase.MOVE and not state.todo and state.battle is None:
        if end_movement_refusal(state) is None:
            return I.EndMovement()
        pool = quick_moves(state)
    else:
        pool = legal_intents(state, seat)
    if len(pool) <= 1:
        return pool[0] if pool else None
    return max(pool, key=lambda intent: score(state, seat, intent))
