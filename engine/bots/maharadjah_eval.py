"""How good a Maharadjah position is for one seat, in victory points.

A player's estimate sums, over the nations they control: the VP already scored
(W-VP-7) and the Raj level fixed this turn (W-RAJ-7); the card VP still to come
for the territories each nation holds now (W-VP-2, raids of W-VP-3 read the same
way), each future scoring turn discounted by its distance and by how safe the
territory looks (own armies against the other players' armies next door); Raj
VP to come at the level held now (W-RAJ-2); colonial post VP to come (W-VP-6);
and the armies themselves, which hold, grow and fight (capped at what
overpopulation leaves, W-OVP-1). A territory where two nations' armies meet is a
battle to come (W-CMB-1): each side is credited with its chance of holding it,
its expected survivors and the kill VP its dice should earn, from the exact odds
of a fight to the end (``odds``). ``value`` is the seat's estimate against the
others' (half the best, half the mean), which is what a bot maximises.
Everything in Maharadjah is public (W-VP-7): a seat's view is the whole state.
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import product
from math import comb

from engine.bots.maharadjah_outlook import DECAY, Outlook, outlook, reach, removals
from engine.maharadjah import queries as Q
from engine.maharadjah import scoring
from engine.maharadjah.board import Nation
from engine.maharadjah.combat import bonus, threshold
from engine.maharadjah.state import LAST_TURN, Phase
from engine.maharadjah.state import State as MaharadjahState

# VP-equivalents, tuned by tournaments (scripts/tournament.py --game maharadjah).
THREAT = 0.4  # weight of each enemy army next door against a territory's own armies
ARMY = 0.45  # an army of a nation that still has something to score
IDLE_ARMY = 0.1  # an army of a nation with nothing left to score (it can still kill)
GROWTH = 0.25  # a territory's growth value (W-GROW-2) per army it yields a turn
WIN_BONUS = 30.0  # winning a finished game outright (shared: split)
CAP = 12  # battles bigger than this are judged as this big (odds)
PROSPECT = 0.7  # a post the armies could build, against one built
PULL = 0.5  # an army's way to card VP elsewhere (``reach``), against holding them


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
def _future_turns(turn: int, last: int = LAST_TURN) -> float:
    return sum(DECAY ** (t - turn) for t in range(turn, last + 1))


def nation_values(state: MaharadjahState) -> dict[str, float]:
    # (the bots' judgement asks this of every candidate of every decision: the board's
    # tables are read into locals once, and the sums keep their order)
    territories = Q.board().territories
    turn = state.turn
    control = state.control
    vp_of, raj_of = state.vp, state.raj
    values: dict[str, float] = {n: float(sum(vp_of.get(n, ()))) + raj_of.get(n, 0)
                                for n in control}
    # territories a nation holds alone (with its armies there: how safe, ``safety``, is
    # asked only where a card entry still to come scores them) and those it may hold
    # (a battle to come, at its odds; a lone leader)
    alone: dict[str, list[tuple[str, int]]] = {n: [] for n in control}
    held: dict[str, list[tuple[str, float]]] = {n: [] for n in control}
    armies: dict[str, float] = dict.fromkeys(control, 0.0)
    spaces: dict[str, int] = dict.fromkeys(control, 0)
    seat = control
    around = _Around(state)
    fight = state.battle
    fought = fight.space if fight is not None else None
    owed = tuple((t.nation, t.count) for t in state.todo
                 if t.kind == "remove" and t.what == "scheduled") if state.todo else ()
    plans, near = _plans(turn, state.seq, state.phase, state.game_type, owed)
    pull: dict[str, float] = dict.fromkeys(control, 0.0)
    for space, here in state.armies.items():
        if len(here) == 1 and space != fought:  # most spaces: one nation's armies
            for n, c in here.items():
                if c > 0 and n in seat:
                    spaces[n] += 1
                    armies[n] += c
                    pull[n] += near[n].get(space, 0.0)
                    if space in territories:
                        alone[n].append((space, c))
            continue
        present = [(n, c) for n, c in here.items() if c > 0 and n in seat]
        if not present:
            continue
        for n, _ in present:
            spaces[n] += 1
        if len(present) == 1 and space != fought:
            n, c = present[0]
            armies[n] += c
            pull[n] += near[n].get(space, 0.0)
            if space in territories:
                alone[n].append((space, c))
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
            back = _kill_vp(dfd, att, state.game_type)  # W-VP-4: defending counts too
            if back:
                values[dfd] += back * (min(present[0][1], CAP) - a_left) / len(defenders)
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
    owners = set(state.posts.values())
    halves_of = _halves()
    safety = around.safety
    for n, index, info, look in plans:
        mine = held.get(n, [])
        ours = alone.get(n, [])
        if not mine and not ours and not armies.get(n) and n not in owners:
            continue  # off the map (not come yet, or gone): only what it scored
        lands = len(mine) + len(ours)
        count = armies[n]
        if not info.colonial:
            count = min(count, 2.0 * spaces[n])  # W-OVP-1
        per_growth = 0.0  # armies a growth phase yields (W-GROW-2, 5)
        if not info.colonial and n not in state.marker_boxed:
            per_growth = (sum(halves_of[t] for t, _ in mine) +
                          sum(halves_of[t] for t, _ in ours)) / 6
        ranked = info.raj and bool(lands or n == "BRITISH")  # (W-RAJ-4: vacant land)
        controlled = scoring.raj_count(state, n) if ranked else 0
        future = raj = 0.0
        for stage in look.stages:
            part = 0.0
            if stage.vp is not None:
                vps = stage.vp
                for t, c in ours:
                    if vps[t]:
                        part += safety(t, n, c) * vps[t]
                for t, share in mine:
                    part += share * vps[t]
            if stage.removed:  # W-SCHED-1, 3, 4: what the armies left can still hold
                kept = min(look.pool, count + per_growth * stage.growths) - stage.removed
                if lands and kept < lands:
                    part *= max(0.0, kept) / lands
                if stage.raj and ranked:
                    raj += stage.raj * scoring.raj_level(min(controlled, max(0, int(kept))))
            elif stage.raj and ranked:
                raj += stage.raj * scoring.raj_level(controlled)
            future += part
        colonial = 0.0
        if info.colonial:
            if n in owners:
                mine_posts = tuple(sorted(s for s, o in state.posts.items() if o == n))
                kept_posts = sum(around.post_safety(s, n) for s in mine_posts) / len(mine_posts)
                colonial = _colonial_vp(mine_posts) * _future_turns(turn) * kept_posts
            if armies[n]:
                colonial += _post_prospects(state, n, index, around)
        worth = ARMY if (future or raj or colonial or look.scores_later) else IDLE_ARMY
        doomed = min(count, float(look.doomed))  # W-SCHED-8: soon off the map
        if per_growth and look.growth_soon:
            room = max(0.0, look.pool - armies[n] - state.boxed.get(n, 0))
            future += GROWTH * worth * min(per_growth * look.growth_soon, room)
        values[n] += future + raj + colonial + worth * (count - doomed) + IDLE_ARMY * doomed
        values[n] += PULL * pull[n]
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


@cache
def _halves() -> dict[str, int]:
    """W-GROW-2: a territory's growth value in halves."""
    return {t: 1 if terr.rough else 2 for t, terr in Q.board().territories.items()}


def _post_worth(state: MaharadjahState) -> float:
    return 2.0 * _future_turns(state.turn)


@lru_cache(maxsize=256)
def _plans(turn: int, seq: int, phase: Phase, game_type: str, owed: tuple[tuple[str, int], ...]
           ) -> tuple[tuple[tuple[str, int, Nation, Outlook], ...], dict[str, dict[str, float]]]:
    """Per moment of the game (the decisions judged at one point share it): each nation's
    outlook and where its armies could still go and score (``reach``). ``owed``: what the
    scheduled removals being made still take off, by nation (W-SCHED-8)."""
    nations = Q.rules().nations
    later_phase = phase not in (Phase.VP, Phase.SEQ_END, Phase.OVERPOP)
    moving = phase in (Phase.START, Phase.GROWTH, Phase.INVASION)
    plans = []
    near = _Near(turn)
    for index, n in enumerate(Q.rules().order):
        ahead = index > seq
        removing = dict(owed).get(n, 0)
        if not removing and (ahead or (index == seq and phase not in (
                Phase.SEQ_END, Phase.OVERPOP))):  # W-SCHED-5 still to come
            removing = sum(k for r, at_end, k in removals(n, game_type)
                           if r == turn and at_end)
        look = outlook(turn, n, game_type, ahead or (index == seq and later_phase),
                       ahead or (index == seq and phase == Phase.START), removing)
        plans.append((n, index, nations[n], look))
        near.moving[n] = ahead or (index == seq and moving)
    return tuple(plans), near


class _Near(dict[str, dict[str, float]]):
    """nation -> ``reach`` at one moment of the game, looked up for the nations with
    armies on the map only."""

    def __init__(self, turn: int) -> None:
        super().__init__()
        self.turn = turn
        self.moving: dict[str, bool] = {}

    def __missing__(self, nation: str) -> dict[str, float]:
        table = self[nation] = reach(self.turn, nation, self.moving[nation])
        return table


def _post_prospects(state: MaharadjahState, power: str, index: int,
                    around: _Around) -> float:
    """W-POST-5, W-VP-6: the posts ``power`` could build where its armies stand now (a
    free site it occupies, or one a nation of the same player occupies beside a sea
    zone holding its armies), at most 2 a phase and up to its limit (W-POST-4, 6), for
    the turns they would score: this turn's Trading Post Phase if it is still to come,
    else the next one. The armies may be attacked or the site taken before: PROSPECT."""
    owned = tuple(sorted(s for s, o in state.posts.items() if o == power))
    room = min(2, Q.rules().nations[power].posts - len(owned))
    if room <= 0:
        return 0.0
    armies = state.armies
    afloat = {sea for sea in _seas() if armies.get(sea, {}).get(power, 0) > 0}
    me = state.control[power]
    sites = []
    for site, seas in _post_sites():
        if site in state.posts:
            continue
        here = armies.get(site)
        if not here:
            continue
        if here.get(power, 0) > 0:
            sites.append(site)
        elif afloat and not afloat.isdisjoint(seas):
            holder = [n for n, c in here.items() if c > 0]
            if len(holder) == 1 and state.control.get(holder[0]) == me:
                sites.append(site)
    if not sites:
        return 0.0
    base = _colonial_vp(owned)
    gain, built, kept = 0.0, owned, 0.0
    for _ in range(min(room, len(sites))):  # the best site, then the best beside it
        best = max(sites, key=lambda s: (_colonial_vp(tuple(sorted((*built, s)))) * (
            around.post_safety(s, power)), s))
        sites.remove(best)
        built = tuple(sorted((*built, best)))
        kept += around.post_safety(best, power)
        gain = _colonial_vp(built) - base
    gain *= kept / (len(built) - len(owned))
    this_turn = index > state.seq or (index == state.seq and state.phase in (
        Phase.START, Phase.GROWTH, Phase.INVASION, Phase.MOVE, Phase.COMBAT, Phase.POSTS))
    turns = _future_turns(state.turn) if this_turn else DECAY * _future_turns(state.turn + 1)
    return PROSPECT * gain * turns


@cache
def _post_sites() -> tuple[tuple[str, frozenset[str]], ...]:
    """W-POST-2: the 12 post sites, each with its sea zones."""
    return tuple(sorted((t, frozenset(terr.seas))
                        for t, terr in Q.board().territories.items() if terr.post_site))


@cache
def _seas() -> tuple[str, ...]:
    return tuple(Q.board().seas)


class _Around:
    """Per position, what ``safety`` reads around a territory: the armies of each
    player's nations and the nations with a leader, space by space (most spaces hold one
    nation's armies: those are kept as (seat, armies), the others as armies by seat)."""

    __slots__ = ("control", "land", "led", "mixed", "single")

    def __init__(self, state: MaharadjahState) -> None:
        control = self.control = state.control
        self.land = _land()
        single: dict[str, tuple[int, int]] = {}
        mixed: dict[str, dict[int, int]] = {}
        for space, here in state.armies.items():
            if len(here) == 1:
                for other, c in here.items():
                    if c > 0 and other in control:
                        single[space] = (control[other], c)
                continue
            seats: dict[int, int] = {}
            for other, c in here.items():
                if c > 0 and other in control:
                    seats[control[other]] = seats.get(control[other], 0) + c
            if seats:
                mixed[space] = seats
        self.single, self.mixed = single, mixed
        self.led: dict[str, set[str]] = {}
        for lead, where in state.leaders.items():
            self.led.setdefault(where, set()).add(Q.leader_nation(lead))

    def _threat(self, spaces: tuple[str, ...], me: int) -> int:
        """The other players' armies in ``spaces``."""
        single, mixed = self.single, self.mixed
        threat = 0
        for near in spaces:
            one = single.get(near)
            if one is not None:
                if one[0] != me:
                    threat += one[1]
            elif near in mixed:
                seats = mixed[near]
                threat += sum(seats.values()) - seats.get(me, 0)
        return threat

    def safety(self, space: str, nation: str, own: int) -> float:
        """How likely ``nation`` keeps ``space``: its armies against the armies of other
        players' nations in the territories around it."""
        threat = self._threat(self.land[space], self.control[nation])
        strength = own + (1 if nation in self.led.get(space, ()) else 0)
        return strength / (strength + THREAT * threat)

    def post_safety(self, space: str, power: str) -> float:
        """How likely ``power``'s post in ``space`` lasts: the post (twice as hard to hit
        in rough terrain, W-CMB-5) and the power's player's armies that shield it
        (W-POST-8), against the other players' armies in and around it (W-POST-9)."""
        me = self.control[power]
        threat = self._threat((space, *self.land[space]), me)
        one = self.single.get(space)
        own = (one[1] if one[0] == me else 0) if one is not None else \
            self.mixed.get(space, {}).get(me, 0)
        strength = (2.0 if Q.board().territories[space].rough else 1.0) + 2.0 * own
        return strength / (strength + THREAT * threat)


@cache
def _land() -> dict[str, tuple[str, ...]]:
    """Each territory's land neighbours (``Board.land``) as tuples, read in a loop."""
    return {t: tuple(near) for t, near in Q.board().land.items()}


def estimates(state: MaharadjahState) -> list[float]:
    out = [0.0] * state.seats
    if state.phase == Phase.OVER:
        return [float(v) for v in scoring.totals(state)]
    for nation, v in nation_values(state).items():
        out[state.control[nation]] += v
    return out


def value(state: MaharadjahState, seat: int) -> float:
    mine = estimates(state)
    others = [v for s, v in enumerate(mine) if s != seat]
    out = mine[seat] - 0.5 * max(others) - 0.5 * sum(others) / len(others)
    if state.phase == Phase.OVER and seat in state.winners:
        out += WIN_BONUS / len(state.winners)
    return out
