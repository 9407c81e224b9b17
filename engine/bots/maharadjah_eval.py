"""How good a Maharadjah position is for one seat, in victory points.

A player's estimate sums, over the nations they control: the VP already scored
(W-VP-7) and the Raj level fixed this turn (W-RAJ-7); the card VP still to come
for the territories each nation holds now (W-VP-2, raids of W-VP-3 read the same
way), each future scoring turn discounted by its distance and by how safe the
territory looks (own armies against the other players' armies next door); Raj
VP to come at the level held now (W-RAJ-2), and for an Indian Raj nation half a level
per 9 territories it holds beyond that level's threshold (``RAJ_NEXT``): the count a
level is fixed on moves with losses and growth, so each territory counts towards the
next level and against losing this one (with the step alone, a territory short of 9 or
18 was worth nothing to the Raj, and the Gupta emptied Malwa to attack with both its
armies instead of one); colonial post VP to come (W-VP-6),
each post's share weighed by how likely it stands (the armies that shield it against
the other players' armies around it, W-POST-8: lone posts were the British's easy
prey), and a share of what the posts a power could build where its armies stand
alone on free sites would add (W-POST-5 a: without it the powers marched inland), or
on vacant sites its armies yet to move could still reach (else two arriving armies
went to one site together and built one post instead of two);
and the armies themselves, which hold, grow and fight (capped at what
overpopulation leaves, W-OVP-1). An army standing where its card scores less than
in a territory it could still reach is pulled there (``_reach``): without the pull
the estimate is flat for an army far from its card's territories, which then
wanders (the Pandya, two armies in central India at turn 1, used to go north and
score 3 VP a game). A territory where two nations' armies meet is a battle to come
(W-CMB-1): each side is credited with its chance of holding it, its expected
survivors and the kill VP its dice should earn, from the exact odds of a fight to
the end (``odds``). Armies of the British alliance are no threat to a member's
territories and posts (W-ALLY-4: members may not attack one another). ``value`` is the
seat's estimate against the
others' (half the best, half the mean), which is what a bot maximises.
Everything in Maharadjah is public (W-VP-7): a seat's view is the whole state.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations, product
from math import comb
from typing import Any

from engine.maharadjah import queries as Q
from engine.maharadjah import scoring
from engine.maharadjah.combat import bonus, threshold
from engine.maharadjah.state import LAST_TURN, Phase
from engine.maharadjah.state import State as MaharadjahState

# VP-equivalents, tuned by tournaments (scripts/tournament.py --game maharadjah).
DECAY = 0.7  # a scoring turn one turn further away is worth this much less
THREAT = 0.4  # weight of each enemy army next door against a territory's own armies
ARMY = 0.45  # an army of a nation that still has something to score
IDLE_ARMY = 0.1  # an army of a nation with nothing left to score (it can still kill)
GROWTH = 0.25  # a territory's growth value (W-GROW-2) per army it yields a turn
WIN_BONUS = 30.0  # winning a finished game outright (shared: split)
CAP = 12  # battles bigger than this are judged as this big (odds)
SITE = 0.7  # a free post site a colonial power's armies hold alone, per VP a turn it would add
# (below 1, and scored from the next turn on: building the post itself is always worth more)
REACH_SITE = 0.8  # of a vacant site an unmoved colonial army could still take this phase
PULL = 0.2  # an army where its card scores less than where it could go: per VP of the difference
RAJ_LAST = {"MAURYA": 5}  # W-RAJ-6, W-SCHED-2: the Maurya leave after turn 5
OWN_THREAT_OFF = 1.0  # of the judging seat's own armies left out of the threat to others
FORGO = 0.5  # of the card VP in members' territories an ally's armies could reach (W-ALLY-4)
RAJ_NEXT = 0.5  # an Indian Raj nation's way to its next level, per level (the British are
# left out: their count takes in every vacant territory, W-RAJ-4 d)


def _towards_next_level(ruled: int) -> float:
    """How far ``ruled`` territories are from the Raj level held to the next one, 0 to 1
    (W-RAJ-2's thresholds, ``scoring.RAJ_LEVELS``); 0 at the highest level."""
    steps = sorted(scoring.RAJ_LEVELS)  # (territories needed, VP), lowest first
    below = max((need for need, _ in steps if ruled >= need), default=0)
    above = next((need for need, _ in steps if need > ruled), None)
    return 0.0 if above is None else (ruled - below) / (above - below)


@cache
def odds(att: int, dfd: int, p_att: int, p_def: int) -> tuple[float, float, float, float]:
    """A battle fought to the end (W-CMB-3..6): (attacker holds, defender holds,
    attacker's expected survivors, defender's expected survivors). ``p_att`` / ``p_def``
    are each side's chance to hit with one die, in sixths."""
    if att <= 0 or dfd <= 0:
        return (float(att > 0), float(dfd > 0), float(att), float(dfd))
    pa, pd = p_att / 6, p_def / 6
    hits_a = [comb(att, k) * pa ** k * (1 - pa) ** (att - k) for k in range(att + 1)]
    hits_d = [comb(dfd, k) * pd ** k * (1 - pd) ** (dfd - k) for k in range(dfd + 1)]
    stay = hits_a[0] * hits_d[0]
    win = lose = a_left = d_left = 0.0
    for ka, pka in enumerate(hits_a):
        for kd, pkd in enumerate(hits_d):
            if ka == 0 and kd == 0:
                continue
            p = pka * pkd
            w, lo, al, dl = odds(max(0, att - kd), max(0, dfd - ka), p_att, p_def)
            win += p * w
            lose += p * lo
            a_left += p * al
            d_left += p * dl
    norm = 1 - stay
    return (win / norm, lose / norm, a_left / norm, d_left / norm)


def _sixths(target_colonial: bool, defending: bool, space: str, modifier: int) -> int:
    need = threshold(target_colonial, defending, space) - modifier
    return max(1, min(6, 7 - need))


def battle(state: MaharadjahState, space: str, att: str, dfd: str) -> tuple[
        float, float, float, float]:
    """The odds of the battle ``att`` fights (or will fight) against ``dfd`` in ``space``."""
    a = Q.count(state, space, att)
    d_armies = Q.count(state, space, dfd)
    d = d_armies + (1 if state.posts.get(space) == dfd else 0)
    a_mod = bonus(state, att, space) + int(Q.is_colonial(att))
    d_mod = bonus(state, dfd, space) + int(Q.is_colonial(dfd) and d_armies > 0)
    p_att = _sixths(Q.is_colonial(dfd) and d_armies > 0, True, space, a_mod)
    p_def = _sixths(Q.is_colonial(att), False, space, d_mod)
    return odds(min(a, CAP), min(d, CAP), p_att, p_def)


@cache
def _weights(turn: int) -> dict[str, list[tuple[float, bool, dict[str, Any]]]]:
    """nation -> the card entries still to score from ``turn`` on: (discount, raid, entry)."""
    out: dict[str, list[tuple[float, bool, dict[str, Any]]]] = {}
    for nation, card in Q.rules().cards.items():
        out[nation] = [(DECAY ** (when - turn), kind == "raid", entry)
                       for kind in ("end_of_turn", "raid")
                       for when, entry in card[kind].items() if when >= turn]
    return out


@cache
def _territory_vp(turn: int, nation: str, territory: str, raids_now: bool) -> float:
    """The discounted card VP ``territory`` brings ``nation`` from ``turn`` on; this
    turn's raid entry counts only while ``raids_now`` (its VP Phase is still to come)."""
    total = 0.0
    for weight, raid, entry in _weights(turn)[nation]:
        if raid and weight == 1.0 and not raids_now:
            continue
        total += weight * scoring.entry_vp(entry, [territory])
    return total


@cache
def _future_turns(turn: int, last: int = LAST_TURN) -> float:
    return sum(DECAY ** (t - turn) for t in range(turn, last + 1))


@cache
def _order_index() -> dict[str, int]:
    return {n: i for i, n in enumerate(Q.rules().order)}


def _scores_this_turn(state: MaharadjahState, nation: str) -> bool:
    """False once the nation's VP Phase of this turn is over (raids are tallied then;
    end-of-turn occupation still counts, see ``_territory_vp``)."""
    index = _order_index()[nation]
    return index > state.seq or (index == state.seq and state.phase not in (
        Phase.VP, Phase.SEQ_END, Phase.OVERPOP))


def nation_values(state: MaharadjahState, judge: int | None = None) -> dict[str, float]:
    # (the bots' judgement asks this of every candidate of every decision: the board's
    # tables are read into locals once, and the sums keep their order)
    territories = Q.board().territories
    turn = state.turn
    control = state.control
    vp_of, raj_of = state.vp, state.raj
    values: dict[str, float] = {n: float(sum(vp_of.get(n, ()))) + raj_of.get(n, 0)
                                for n in control}
    held: dict[str, list[tuple[str, float]]] = {n: [] for n in control}
    alone: dict[str, list[str]] = {n: [] for n in control}  # spaces held alone
    armies: dict[str, float] = dict.fromkeys(control, 0.0)
    spaces: dict[str, int] = dict.fromkeys(control, 0)
    seat = control
    around = _Around(state, judge)
    safety = around.safety
    fight = state.battle
    fought = fight.space if fight is not None else None
    for space, here in state.armies.items():
        if len(here) == 1 and space != fought:  # most spaces: one nation's armies
            for n, c in here.items():
                if c > 0 and n in seat:
                    spaces[n] += 1
                    armies[n] += c
                    alone[n].append(space)
                    if space in territories:
                        held[n].append((space, safety(space, n, c)))
            continue
        present = [(n, c) for n, c in here.items() if c > 0 and n in seat]
        if not present:
            continue
        for n, _ in present:
            spaces[n] += 1
        if len(present) == 1 and space != fought:
            n, c = present[0]
            armies[n] += c
            alone[n].append(space)
            if space in territories:
                held[n].append((space, safety(space, n, c)))
            continue
        # a battle to come: the active nation (or the biggest army) attacks the others
        present.sort(key=lambda nc: (nc[0] != state.active, -nc[1], nc[0]))
        att = present[0][0]
        defenders = present[1:]
        if fight is not None and fight.space == space and fight.attacker == att and all(
                n != fight.defender for n, _ in defenders) and fight.defender in seat:
            defenders.append((fight.defender, 0))  # a lone post (W-POST-9)
        if not defenders:
            armies[att] += present[0][1]
            continue
        for dfd, c in defenders:
            win, lose, a_left, d_left = battle(state, space, att, dfd)
            armies[att] += a_left / len(defenders)
            armies[dfd] += d_left
            kill = _kill_vp(att, dfd, state.game_type) if att in control else 0
            if kill:
                values[att] += kill * (c - d_left)
            if space in territories:
                held[att].append((space, win / len(defenders)))
                held[dfd].append((space, lose))
            owner = state.posts.get(space)
            if owner == dfd and win > 0:
                values[dfd] -= win * _post_worth(state)
    for lead, where in state.leaders.items():  # lone leaders occupy too (W-GEN-5)
        n = Q.leader_nation(lead)
        if n in held and where in territories and not state.armies.get(where) and \
                all(t != where for t, _ in held[n]):
            held[n].append((where, 0.5))
    nations = Q.rules().nations
    scoring_later = _weights(turn + 1)
    halves_of = _halves()
    order = _order_index()
    later_phase = state.phase not in (Phase.VP, Phase.SEQ_END, Phase.OVERPOP)
    for n in control:
        if n in state.gone:
            continue
        index = order[n]  # _scores_this_turn, inline
        vps = _territory_vps(turn, n, index > state.seq or (index == state.seq and later_phase))
        future = 0.0
        mine = held[n]
        for t, share in mine:
            future += share * vps[t]
        info = nations[n]
        if not info.colonial:
            reach = _reach(turn, n, index > state.seq or (index == state.seq and later_phase))
            future += PULL * sum(reach[s] for s in alone[n])  # a space's first army
        raj = 0.0
        if info.raj and turn <= RAJ_LAST.get(n, LAST_TURN):
            ruled = scoring.raj_count(state, n) if (n == "BRITISH" or mine) else 0
            level = scoring.raj_level(ruled) + (
                0.0 if n == "BRITISH" else RAJ_NEXT * _towards_next_level(ruled))
            first = turn + 1 if n in raj_of else turn
            raj = level * _future_turns(first, RAJ_LAST.get(n, LAST_TURN)) * (
                DECAY if first > turn else 1.0)
        colonial = 0.0
        if info.colonial:
            own = tuple(sorted(s for s, o in state.posts.items() if o == n))
            if own:
                colonial = _kept_posts_vp(own, around, n) * _future_turns(turn)
            sites = [s for s in alone[n] if s in territories and territories[s].post_site
                     and s not in state.posts]
            spare = 0
            if n == state.active and state.phase == Phase.MOVE:  # armies still to move
                spare = sum(c for c in state.fresh.values() if c > 0) - sum(
                    1 for s in sites if state.fresh.get(s, 0) > 0)
            if (sites or spare > 0) and len(own) < info.posts:  # W-POST-5 a
                gained = float(_new_posts(own, tuple(sorted(sites)), info.posts)) if sites \
                    else 0.0
                vacant: list[str] = []
                if spare > 0:  # an army yet to move can still reach a vacant site
                    vacant = [t for t in _post_sites() if t not in state.posts
                              and t not in sites and not any(state.armies.get(t, {}).values())]
                    if vacant:
                        more = _new_posts(own, tuple(sorted(sites + vacant)), info.posts,
                                          len(sites) + spare)
                        gained += REACH_SITE * (more - gained)
                # as safe as the posts would be: else building one would look a loss
                claimed = sites or vacant
                if claimed and gained:
                    keep = sum(around.post_safety(s, n) for s in claimed) / len(claimed)
                    colonial += SITE * keep * gained * _future_turns(turn + 1)
        worth = ARMY if (future or raj or colonial or scoring_later[n]) else IDLE_ARMY
        count = armies[n]
        if not info.colonial:
            count = min(count, 2.0 * spaces[n])  # W-OVP-1
            if n not in state.marker_boxed and turn < LAST_TURN:
                halves = sum(halves_of[t] for t, _ in mine)
                future += GROWTH * worth * halves / 6 * min(3.0, LAST_TURN - turn)
        values[n] += future + raj + colonial + worth * count
    return values


@cache
def _kill_vp(killer: str, victim: str, game_type: str) -> int:
    """W-VP-4: what one army of ``victim`` destroyed by ``killer`` scores."""
    return sum(line["vp"] for line in Q.rules().cards[killer]["any_time"]
               if line.get("kill_armies") == victim and (
                   "only_in" not in line or game_type in line["only_in"])
               and game_type not in line.get("not_in", []))


@cache
def _colonial_vp(posts: tuple[str, ...]) -> int:
    """W-VP-6: what a power's posts score a turn (``scoring.colonial``'s figure)."""
    choices = [Q.board().territories[s].seas for s in posts]
    coasts = max(len(set(pick)) for pick in product(*choices))
    return len(posts) + min(coasts, 3)


def _kept_posts_vp(own: tuple[str, ...], around: _Around, power: str) -> float:
    """W-VP-6, W-POST-7..9: what ``power``'s posts score a turn, each post's share
    weighed by how likely it stands (``_Around.post_safety``): a post no army shields
    falls to the first enemy army that walks in (most lost posts were lone ones the
    British took while the owner's armies marched inland)."""
    full = _colonial_vp(own)
    total = float(full)
    for space in own:
        keep = around.post_safety(space, power)
        if keep < 1.0:
            total -= (1.0 - keep) * (full - _colonial_vp(tuple(s for s in own if s != space)))
    return total


@cache
def _new_posts(own: tuple[str, ...], sites: tuple[str, ...], most: int,
               reach: int | None = None) -> int:
    """W-POST-4, 6, W-VP-6: the VP a turn that the best posts built on ``sites`` (two a
    phase, within the power's limit, and on at most ``reach`` of them) would add to
    those of ``own``."""
    room = min(2, most - len(own), len(sites) if reach is None else min(reach, len(sites)))
    base = _colonial_vp(own)
    return max(_colonial_vp(tuple(sorted(own + pick))) - base
               for pick in combinations(sites, room))


@cache
def _post_sites() -> tuple[str, ...]:
    """W-POST-2: the territories that may hold a post."""
    return tuple(t for t, terr in Q.board().territories.items() if terr.post_site)


@cache
def _halves() -> dict[str, int]:
    """W-GROW-2: a territory's growth value in halves."""
    return {t: 1 if terr.rough else 2 for t, terr in Q.board().territories.items()}


@cache
def _territory_vps(turn: int, nation: str, raids_now: bool) -> dict[str, float]:
    return {t: _territory_vp(turn, nation, t, raids_now) for t in Q.board().territories}


@cache
def _reach(turn: int, nation: str, raids_now: bool) -> dict[str, float]:
    """space -> how much more the best territory an army standing there could go and
    score is worth than where it stands: that territory's discounted card VP, discounted
    once more for each turn of marching there (two crossings a turn, W-MOVE-2; rough and
    enemy stops ignored), so that every crossing nearer counts."""
    vps = _territory_vps(turn, nation, raids_now)
    far = _distances()
    out: dict[str, float] = {}
    for space, row in far.items():
        best = max((v * DECAY ** (row[t] / 2) for t, v in vps.items() if t in row),
                   default=0.0)
        out[space] = max(0.0, best - vps.get(space, 0.0))
    return out


@cache
def _distances() -> dict[str, dict[str, int]]:
    """space (territory or barbarian land) -> territory -> crossings over land."""
    board = Q.board()
    land: dict[str, set[str]] = {t: set(near) for t, near in board.land.items()}
    for t, terr in board.territories.items():
        for b in terr.barbarians:
            land.setdefault(b, set()).add(t)
    out: dict[str, dict[str, int]] = {}
    for start in land:
        row = {start: 0}
        frontier = [start]
        while frontier:
            nxt = []
            for s in frontier:
                for near in land.get(s, ()):
                    if near in board.territories and near not in row:
                        row[near] = row[s] + 1
                        nxt.append(near)
            frontier = nxt
        out[start] = {t: d for t, d in row.items() if t in board.territories}
    return out


def _post_worth(state: MaharadjahState) -> float:
    return 2.0 * _future_turns(state.turn)


class _Around:
    """Per position, what ``safety`` reads around a territory: the armies of each
    player's nations and the nations with a leader, space by space."""

    __slots__ = ("by_seat", "control", "judge", "land", "led", "members", "outside",
                 "outside_total", "total")

    def __init__(self, state: MaharadjahState, judge: int | None = None) -> None:
        control = self.control = state.control
        self.judge = judge
        self.land = _land()
        self.by_seat: dict[str, dict[int, int]] = {}
        self.total: dict[str, int] = {}
        # the same counts without the alliance's armies, which may not attack a member
        # (W-ALLY-4): read for a member's territories and posts, once anyone has allied
        self.members = Q.alliance(state) if state.allies else frozenset()
        members = self.members
        self.outside: dict[str, dict[int, int]] = {}
        self.outside_total: dict[str, int] = {}
        for space, here in state.armies.items():
            seats: dict[int, int] = {}
            for other, c in here.items():
                if c > 0 and other in control:
                    seats[control[other]] = seats.get(control[other], 0) + c
            self.by_seat[space] = seats
            self.total[space] = sum(seats.values())
            if members:
                outside: dict[int, int] = {}
                for other, c in here.items():
                    if c > 0 and other in control and other not in members:
                        outside[control[other]] = outside.get(control[other], 0) + c
                self.outside[space] = outside
                self.outside_total[space] = sum(outside.values())
        self.led: dict[str, set[str]] = {}
        for lead, where in state.leaders.items():
            self.led.setdefault(where, set()).add(Q.leader_nation(lead))

    def safety(self, space: str, nation: str, own: int) -> float:
        """How likely ``nation`` keeps ``space``: its armies against the armies of other
        players' nations in the territories around it."""
        me = self.control[nation]
        total, by_seat = (self.outside_total, self.outside) if nation in self.members else (
            self.total, self.by_seat)
        threat = 0.0
        judge = self.judge
        for near in self.land[space]:
            if near in total:
                threat += total[near] - by_seat[near].get(me, 0)
                if judge is not None and judge != me:
                    threat -= OWN_THREAT_OFF * by_seat[near].get(judge, 0)
        strength = own + (1 if nation in self.led.get(space, ()) else 0)
        return strength / (strength + THREAT * threat)

    def post_safety(self, space: str, power: str) -> float:
        """How likely ``power``'s post in ``space`` stands: the post (one defender,
        W-POST-7) and the armies of its player there against the other players'
        armies there, in the territories around and on the seas of its coast."""
        me = self.control[power]
        total, by_seat = (self.outside_total, self.outside) if power in self.members else (
            self.total, self.by_seat)
        threat = 0.0
        judge = self.judge
        for near in self.land[space] + _coasts()[space] + (space,):
            if near in total:
                threat += total[near] - by_seat[near].get(me, 0)
                if judge is not None and judge != me:
                    threat -= OWN_THREAT_OFF * by_seat[near].get(judge, 0)
        if not threat:
            return 1.0
        strength = 1 + (self.by_seat[space].get(me, 0) if space in self.by_seat else 0)
        return strength / (strength + THREAT * threat)


@cache
def _coasts() -> dict[str, tuple[str, ...]]:
    """Each territory's sea zones (W-MAP-4)."""
    return {t: tuple(terr.seas) for t, terr in Q.board().territories.items()}


@cache
def _land() -> dict[str, tuple[str, ...]]:
    """Each territory's land neighbours (``Board.land``) as tuples, read in a loop."""
    return {t: tuple(near) for t, near in Q.board().land.items()}


def forgone_by_alliance(state: MaharadjahState, nation: str) -> float:
    """What allying with the British costs ``nation`` beyond its price (W-ALLY-2): it may
    no longer attack a member (W-ALLY-4), so the card VP still to come in the
    territories other players' members hold within a turn's march of its armies (two
    crossings, W-MOVE-2; an invader's entry counts as one, W-INV-1) are out of its reach,
    each counted at ``FORGO``. (The estimate saw neither side of the alliance and, the
    values tied, the Afghans allied on arrival at turn 15 and could raid nothing.)"""
    members = Q.alliance(state)
    me = state.control[nation]
    index = _order_index()[nation]
    vps = _territory_vps(state.turn, nation, index >= state.seq)
    far = _distances()
    starts = [s for s, here in state.armies.items() if here.get(nation, 0) > 0 and s in far]
    if state.active == nation:  # this turn's invaders, asked before they are placed
        starts += [a["space"] for a in Q.arrivals(state, nation) if a["space"] in far]
    total = 0.0
    for t, here in state.armies.items():
        if t not in vps or not vps[t]:
            continue
        if not any(c > 0 and n in members and n != nation and state.control.get(n) != me
                   for n, c in here.items()):
            continue
        if any(far[s].get(t, 99) <= 2 for s in starts):
            total += vps[t]
    return FORGO * total


def estimates(state: MaharadjahState, judge: int | None = None) -> list[float]:
    out = [0.0] * state.seats
    if state.phase == Phase.OVER:
        return [float(v) for v in scoring.totals(state)]
    for nation, v in nation_values(state, judge).items():
        out[state.control[nation]] += v
    return out


def value(state: MaharadjahState, seat: int) -> float:
    mine = estimates(state, seat)
    others = [v for s, v in enumerate(mine) if s != seat]
    out = mine[seat] - 0.5 * max(others) - 0.5 * sum(others) / len(others)
    if state.phase == Phase.OVER and seat in state.winners:
        out += WIN_BONUS / len(state.winners)
    return out
