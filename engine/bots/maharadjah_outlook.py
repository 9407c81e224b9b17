"""What a nation has coming over the turns, as the Maharadjah evaluator weighs it.

A player plays a hand of nations across the game, and a nation's armies may outlive it:
at the start of turn 6 every Maurya army becomes a Gupta army (W-SCHED-2), so a Maurya
territory held in turn 5 is a Gupta territory scored at the end of turn 7. The event
table also takes armies off the map (W-SCHED-1, 3, 4, 5) and stops growth (W-GROW-3):
the Gupta lose 8 armies at the start of turn 8 and 8 more at the start of turn 9, and
never grow again, so what they hold in turn 10 is what those removals leave.

``outlook`` reads that once per (turn, nation, moment in the turn) from the rules' data:
the card VP still to come for each territory, grouped by how many armies the event
table will have removed and how many growth phases will have come by then; the Raj
turns grouped the same way; the growth phases of the next turns; the removals close at
hand. The evaluator turns the groups into VP with the armies and territories of the
position (``nation_values``): where the armies left after the removals cannot hold every
territory held now, the later scorings count only the share they can.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engine.maharadjah import queries as Q
from engine.maharadjah import scoring
from engine.maharadjah.state import LAST_TURN

DECAY = 0.7  # a scoring turn one turn further away is worth this much less
GROWTH_SEEN = 3  # growth phases this many turns ahead are counted (the nearer, the surer)
SOON = 1  # removals this many turns ahead make the armies they take worth little now
NEAR = 0.8  # a territory one crossing further away is worth this much less to go to


@dataclass(frozen=True)
class Stage:
    """Scorings that come after ``removed`` armies were taken off and ``growths`` growth
    phases were played (from now on; counted only against a removal): territory ->
    discounted card VP (None: no card entry), and the discounted number of Raj turns
    (W-RAJ-6) in that stretch."""

    removed: int
    growths: int
    vp: dict[str, float] | None
    raj: float


@dataclass(frozen=True)
class Outlook:
    stages: tuple[Stage, ...]
    growth_soon: int  # growth phases in the next GROWTH_SEEN turns (W-GROW-1, 3)
    doomed: int  # armies the event table removes this turn or the next (W-SCHED-8)
    pool: int  # the armies of the nation that will bear them (W-GEN-4)
    scores_later: bool  # a card entry or a Raj turn still to come after this turn


@cache
def bearer(nation: str, turn: int) -> str:
    """The nation whose card, growth and Raj a ``nation`` army of now serves in ``turn``
    (W-SCHED-2: the Gupta from turn 6 for a Maurya army)."""
    follow = Q.successor(nation)
    if follow is not None and turn >= follow[0]:
        return bearer(follow[1], turn)
    return nation


@cache
def removals(nation: str, game_type: str) -> tuple[tuple[int, bool, int], ...]:
    """The event table's removals of ``nation``'s armies and of its successors' (their
    armies are these armies, W-SCHED-2), as ``Q.scheduled_removals`` gives them."""
    out = list(Q.scheduled_removals(nation, game_type))
    follow = Q.successor(nation)
    if follow is not None:
        out += [r for r in removals(follow[1], game_type) if r[0] >= follow[0]]
    return tuple(sorted(out))


@cache
def outlook(turn: int, nation: str, game_type: str, raids_now: bool, growth_now: bool,
            removing_now: int) -> Outlook:
    """``nation``'s prospects from a moment of ``turn``: ``raids_now`` while its VP Phase
    of this turn is still to come (W-VP-3), ``growth_now`` while its growth of this turn
    is, ``removing_now`` the armies the event table still takes off it this turn."""
    later = [(r, at_end, k) for r, at_end, k in removals(nation, game_type) if r > turn]
    # this turn's removal comes before its VP Phase at the turn's start (W-SCHED-1, 3, 4),
    # after it at the end of the sequence (W-SCHED-5)
    first = any(r == turn and not at_end for r, at_end, _ in removals(nation, game_type))

    def removed(when: int, after_raids: bool) -> int:
        """Armies removed before a scoring of turn ``when``; ``after_raids``: the
        scoring is tallied in the VP Phase, before the end-of-sequence removal."""
        now = 0 if (after_raids and when == turn and not first) else removing_now
        return now + sum(k for r, at_end, k in later
                         if r < when or (r == when and not (at_end and after_raids)))

    def growths(when: int) -> int:
        out = int(growth_now and Q.grows(bearer(nation, turn), turn))
        return out + sum(Q.grows(bearer(nation, t), t) for t in range(turn + 1, when + 1))

    groups: dict[tuple[int, int], tuple[dict[str, float], list[float]]] = {}

    def group(key: tuple[int, int]) -> tuple[dict[str, float], list[float]]:
        if not key[0]:
            key = (0, 0)  # (growth only matters against a removal: one stage without)
        if key not in groups:
            groups[key] = (dict.fromkeys(Q.board().territories, 0.0), [0.0])
        return groups[key]

    for when in range(turn, LAST_TURN + 1):
        who = bearer(nation, when)
        card = Q.rules().cards[who]
        weight = DECAY ** (when - turn)
        for kind in ("end_of_turn", "raid"):
            entry = card[kind].get(when)
            if entry is None or (kind == "raid" and when == turn and not raids_now):
                continue
            vp, _ = group((removed(when, kind == "raid"), growths(when)))
            for t, value in entry_vps(who, kind, when).items():
                vp[t] += weight * value
        if Q.rules().nations[who].raj and _raj_open(who, when) and (
                when > turn or raids_now):  # (fixed in the VP Phase, W-RAJ-7)
            group((removed(when, True), growths(when)))[1][0] += weight
    stages = tuple(Stage(r, g, vp if any(vp.values()) else None, raj[0])
                   for (r, g), (vp, raj) in sorted(groups.items()))
    seen = range(turn + 1, min(turn + GROWTH_SEEN, LAST_TURN) + 1)
    soon = removing_now + sum(k for r, _, k in later if r <= turn + SOON)
    return Outlook(stages, sum(Q.grows(bearer(nation, t), t) for t in seen), soon,
                   Q.rules().nations[bearer(nation, LAST_TURN)].armies,
                   _scores_after(nation, turn))


@cache
def entry_vps(nation: str, kind: str, when: int) -> dict[str, int]:
    """W-VP-2, W-VP-3: territory -> the VP one card entry gives it (scoring nothing: left
    out)."""
    entry = Q.rules().cards[nation][kind][when]
    out = {t: scoring.entry_vp(entry, [t]) for t in Q.board().territories}
    return {t: vp for t, vp in out.items() if vp}


def _raj_open(nation: str, turn: int) -> bool:
    """W-RAJ-6: a Raj nation scores Raj each turn it is on the map (the Maurya to 5)."""
    follow = Q.successor(nation)
    return follow is None or turn < follow[0]


@cache
def _scores_after(nation: str, turn: int) -> bool:
    """A card entry (or Raj) of the nation or its successor after ``turn``."""
    for when in range(turn + 1, LAST_TURN + 1):
        who = bearer(nation, when)
        card = Q.rules().cards[who]
        if card["end_of_turn"].get(when) or card["raid"].get(when) or (
                Q.rules().nations[who].raj and _raj_open(who, when)):
            return True
    return False


# ------------------------------------------------------ where the card's VP lie from here
@cache
def crossings(colonial: bool) -> dict[str, dict[str, int]]:
    """Border crossings (W-GEN-9) from each space to each territory: over land, from a
    barbarian land into the territories it borders (W-INV-1, never back), from a sea
    zone to its coasts, and for a colonial power also to sea and along it (W-MOVE-2;
    Indian boats come and go with the turns, W-BOAT-1, so Indian armies are kept to the
    land once ashore)."""
    board = Q.board()
    step: dict[str, set[str]] = {t: set(near) for t, near in board.land.items()}
    for land, borders in board.borders.items():
        step[land] = set(borders)
    for sea, coast in board.coasts.items():
        step[sea] = set(coast)
        if colonial:
            step[sea] |= set(board.seas[sea].adjacent_seas)
            for t in coast:
                step[t].add(sea)
    out: dict[str, dict[str, int]] = {}
    for start in step:
        seen = {start: 0}
        frontier = [start]
        while frontier:
            nxt = []
            for space in frontier:
                for near in step[space]:
                    if near not in seen:
                        seen[near] = seen[space] + 1
                        nxt.append(near)
            frontier = nxt
        out[start] = {t: d for t, d in seen.items() if t in board.territories}
    return out


@cache
def reach(turn: int, nation: str, moving_now: bool) -> dict[str, float]:
    """Space -> the most card VP (W-VP-2, the successor's too) that an army there could
    still go and score in another territory: discounted by the turns to its scorings and
    by NEAR a crossing on the way, counting only the scorings it can reach in time at 2
    crossings a Movement Phase for an Indian army, 3 for a colonial one (W-MOVE-2);
    ``moving_now`` while the nation's Movement Phase of this turn is still to come. What
    pulls an army towards its card's territories before it can get there."""
    colonial = Q.rules().nations[nation].colonial
    allowance = 3 if colonial else 2
    # target -> (Movement Phases before the scoring, its discounted VP there)
    worth: dict[str, list[tuple[int, float]]] = {}
    for when in range(turn, LAST_TURN + 1):
        who = bearer(nation, when)
        if when in Q.rules().cards[who]["end_of_turn"]:
            moves, weight = when - turn + int(moving_now), DECAY ** (when - turn)
            for t, vp in entry_vps(who, "end_of_turn", when).items():
                worth.setdefault(t, []).append((moves, weight * vp))
    if not worth:
        return {}
    # target -> by crossings to it: what an army that far could still score there
    ahead = {}
    for t, scorings in worth.items():
        by_need = [sum(vp for moves, vp in scorings if moves >= need)
                   for need in range(_longest(colonial) // allowance + 2)]
        ahead[t] = [NEAR ** d * by_need[-(-d // allowance)]
                    for d in range(_longest(colonial) + 1)]
    order = sorted(ahead, key=lambda t: -ahead[t][1])  # (one crossing away: the most)
    out: dict[str, float] = {}
    for space, far in crossings(colonial).items():
        best = 0.0
        for t in order:
            values = ahead[t]
            if values[1] <= best:
                break  # no territory after this one can do better
            d = far.get(t)
            if d and values[d] > best:
                best = values[d]
        if best:
            out[space] = best
    return out


@cache
def _longest(colonial: bool) -> int:
    return max(max(far.values()) for far in crossings(colonial).values())
