"""Battles (W-CMB, W-NAV, W-RET): who fights where, dice, hits, retreat destinations."""

from __future__ import annotations

from collections.abc import Iterator
from random import Random
from typing import Any

from engine.core import draw
from engine.maharadjah import events as ev
from engine.maharadjah import queries as Q
from engine.maharadjah import scoring
from engine.maharadjah.diplomacy import can_submit, offers_for
from engine.maharadjah.movement import naval_targets
from engine.maharadjah.state import RETREAT_ATT, RETREAT_DEF, ROLL, Battle, State

AFTER = "after"  # a battle stage: the round's losses are taken, W-CMB-7..9 follow


def compulsory(state: State) -> list[tuple[str, str]]:
    """W-CMB-1: every land territory where the active nation shares with another's armies;
    W-NAV-3: an Indian nation at sea fights a first colonial power there."""
    terr = Q.board().territories
    active = state.active
    out: list[tuple[str, str]] = []
    # (loops: no generators, and no cells of ``active`` and ``space``, at every call)
    shared = []
    for s, here in state.armies.items():
        if len(here) > 1 and here.get(active, 0):  # shared, with its armies
            shared.append(s)
    shared.sort()
    for space in shared:
        if space in terr:
            for enemy in Q.enemies_in(state, space, active):
                out.append((space, enemy))
        elif (space in Q.board().seas and not Q.is_colonial(active)
              and space not in state.fought):
            for enemy in naval_targets(state, active, space):
                out.append((space, enemy))
    return out


def optional(state: State) -> list[tuple[str, str]]:
    """W-CMB-2 / W-POST-9 lone posts, W-NAV-1 colonial armies at sea: the active may attack."""
    b = Q.board()
    me = state.active
    out = []
    for space, owner in sorted(state.posts.items()):
        if (owner != me and Q.count(state, space, me) and not Q.others(state, space, me)
                and space not in state.broken_off
                and not Q.members(state, me, owner)  # W-ALLY-4
                and not Q.submitted_here(state, me, owner, space)):  # W-SUB-8
            out.append((space, owner))
    for sea in sorted(state.fought):  # W-NAV-3: the next power, at the Indian's choice
        if Q.count(state, sea, me):
            out += [(sea, enemy) for enemy in Q.enemies_in(state, sea, me)
                    if Q.is_colonial(enemy) and f"{sea}/{enemy}" not in state.broken_off
                    and not Q.members(state, me, enemy)]
    if Q.is_colonial(me):
        for sea in sorted(b.seas):
            if Q.count(state, sea, me):
                for enemy in Q.enemies_in(state, sea, me):
                    if f"{sea}/{enemy}" not in state.broken_off and not Q.members(state, me, enemy):
                        out.append((sea, enemy))
    return out


def defending_posts(state: State, battle: Battle) -> int:
    return 1 if state.posts.get(battle.space) == battle.defender else 0


def units(state: State, battle: Battle) -> tuple[int, int]:
    """Combat units in the battle: (attacking armies, defending armies + posts)."""
    return (Q.count(state, battle.space, battle.attacker),
            Q.count(state, battle.space, battle.defender) + defending_posts(state, battle))


def bonus(state: State, nation: str, space: str) -> int:
    """W-CMB-4: +1 for a leader of the nation, +1 for an arms marker it holds (max +2)."""
    leader = 0
    for lead in Q.leaders_at(state, space):  # (a loop: no generator's cells a call)
        if Q.leader_nation(lead) == nation:
            leader = 1
            break
    return leader + int(bool(Q.arms_of(state, nation, space)))


def threshold(target_colonial: bool, defending: bool, space: str) -> int:
    """W-CMB-5: the modified roll that hits a unit."""
    terr = Q.board().territories.get(space)
    if target_colonial or (defending and terr is not None and terr.rough):
        return 6
    return 5


def roll(state: State, rng: Random) -> list[Any]:
    """One round (W-CMB-3..6): both sides roll at once; hits and losses as events."""
    battle = state.battle
    assert battle is not None
    space, att, dfd = battle.space, battle.attacker, battle.defender
    att_armies = Q.count(state, space, att)
    def_armies = Q.count(state, space, dfd)
    def_posts = defending_posts(state, battle)
    # (a die is ``draw.randint(rng, 1, 6)``: ``draw.dice`` rolls them alike)
    a_dice = draw.dice(rng, att_armies)
    d_dice = draw.dice(rng, def_armies + def_posts)
    a_bonus = bonus(state, att, space)
    d_bonus = bonus(state, dfd, space)
    a_mod = a_bonus + int(Q.is_colonial(att))
    # defenders' posts roll as Indian armies (W-CMB-4): the colonial +1 is for armies only
    d_mods = [d_bonus + int(Q.is_colonial(dfd))] * def_armies + [d_bonus] * def_posts
    on_def = threshold(Q.is_colonial(dfd) and def_armies > 0, True, space)
    on_att = threshold(Q.is_colonial(att), False, space)
    hits_def = hits_att = 0  # (loops: no generators' cells a round)
    for d in a_dice:
        if d + a_mod >= on_def:
            hits_def += 1
    for d, m in zip(d_dice, d_mods, strict=True):
        if d + m >= on_att:
            hits_att += 1
    out: list[Any] = [ev.BattleRound(space=space, attacker_dice=a_dice, defender_dice=d_dice,
                                     attacker_bonus=a_bonus, defender_bonus=d_bonus,
                                     hits_on_defender=hits_def, hits_on_attacker=hits_att)]
    if def_armies:  # W-CMB-6: posts are hit only once no defending army is left
        lost = min(hits_def, def_armies)
        if lost:
            out.append(ev.Losses(space=space, nation=dfd, armies=lost, by=att))
            out += scoring.kill_armies(state, att, dfd, lost)
    elif def_posts and hits_def:
        out.append(ev.Losses(space=space, nation=dfd, armies=0, posts=1, by=att))
        out += scoring.destroy_post(state, att, dfd)
    lost = min(hits_att, att_armies)
    if lost and len(loss_choices(state, battle)) > 1 and lost < att_armies:
        out.append(ev.BattleStage(stage="losses", hits=lost))
        return out
    if lost:
        out.append(ev.Losses(space=space, nation=att, armies=lost, by=dfd))
        out += scoring.kill_armies(state, dfd, att, lost)
    out.append(ev.BattleStage(stage=AFTER))
    return out


def loss_choices(state: State, battle: Battle) -> dict[str, int]:
    """Attacking armies by entered-from space ("" = did not move; W-CMB-6, W-RET-3)."""
    came = dict(state.arrived.get(battle.space, {}))
    unmoved = Q.count(state, battle.space, battle.attacker) - sum(came.values())
    if unmoved > 0:
        came[""] = unmoved
    return {o: n for o, n in came.items() if n > 0}


def lone_losses(state: State, battle: Battle) -> list[Any]:
    """W-CMB-9, W-LEAD-7 (b), W-ARMS-7: leaders and arms left without combat units."""
    out: list[Any] = []
    space = battle.space
    for side, other in ((battle.attacker, battle.defender), (battle.defender, battle.attacker)):
        mine = Q.count(state, space, side) + (1 if state.posts.get(space) == side else 0)
        if mine or not Q.count(state, space, other):
            continue
        for lead in Q.leaders_at(state, space):
            if Q.leader_nation(lead) == side:
                out.append(ev.LeaderKilled(leader=lead, by=other))
                out += scoring.kill_leader(state, other, lead)
        out += [ev.ArmsReturned(power=p) for p in Q.arms_of(state, side, space)]
    return out


def after_round(state: State) -> list[Any]:
    battle = state.battle
    assert battle is not None
    out = lone_losses(state, battle)
    att, dfd = units(state, battle)
    if not att or not dfd:
        return out + end(state, "destroyed")
    return out + [ev.BattleStage(stage=RETREAT_DEF)]


def end(state: State, why: str) -> list[Any]:
    battle = state.battle
    assert battle is not None
    alone = scoring.alone(state, state.active)
    out: list[Any] = [ev.BattleEnded(space=battle.space, why=why)]
    if Q.rules().cards[state.active]["raid"].get(state.turn):
        out.append(ev.Checkpoint(nation=state.active, territories=alone))
    dfd = battle.defender
    if dfd in state.control and any(  # W-SUB-4: at the end of a battle, the defender
            can_submit(state, dfd, e["region"]) for e in Q.rules().nations[dfd].submit):
        out.append(ev.Owe(kind="offer", nation=dfd, count=1, what="submit"))
    return out


def defender_retreats(state: State) -> list[str]:
    """W-RET-2: where the defender's armies may go, one army at least."""
    return list(_defender_retreats(state))


def defender_may_retreat(state: State) -> bool:
    """``bool(defender_retreats(state))``, stopping at the first destination (the
    automatic step of a defender's retreat asks only this)."""
    return next(_defender_retreats(state), None) is not None


def _defender_retreats(state: State) -> Iterator[str]:
    battle = state.battle
    if battle is None or not Q.count(state, battle.space, battle.defender):
        return
    b = Q.board()
    space, att, dfd = battle.space, battle.attacker, battle.defender
    entered = set(state.arrived.get(space, {}))
    if space in b.territories:
        near = set(b.land[space])
        seas = set(b.territories[space].seas)
    else:
        near = set(b.coasts[space])
        seas = set(b.seas[space].adjacent_seas)
    fits = None  # (``Q.adding``: the defender's counts read once, when first asked)
    for dest in sorted(near - entered):
        pieces = set(state.armies.get(dest, {}))
        pieces |= {Q.leader_nation(lead) for lead in Q.leaders_at(state, dest)}
        # (loops: no comprehensions' cells at every destination)
        arms = state.arms
        for p, w in state.arms_at.items():
            if w == dest and p in arms:
                pieces.add(arms[p])
        if dest in state.posts:
            pieces.add(state.posts[dest])
        if pieces == {dfd}:
            pass  # (a) only its own pieces
        elif Q.vacant(state, dest):
            beside = False  # (b) vacant and no attacker beside it
            for t in b.land[dest]:
                if t != space and Q.count(state, t, att):
                    beside = True
                    break
            if beside:
                continue
        else:
            continue
        if fits is None:
            fits = Q.adding(state, dfd)
        if fits(dest, 1):
            yield dest
    if Q.is_colonial(dfd):
        yield from sorted(seas - entered)


def attacker_retreats(state: State) -> dict[str, int]:
    """W-RET-3: each attacking army only to the space it entered from."""
    battle = state.battle
    if battle is None:
        return {}
    b = Q.board()
    out = {}
    colonial = Q.is_colonial(battle.attacker)
    if battle.space in b.seas and not colonial:
        return {}  # W-NAV-3: Indians at sea cannot retreat
    fits = None  # (``Q.adding``: the attacker's counts read once, when first asked)
    for origin, n in state.arrived.get(battle.space, {}).items():
        if n <= 0 or origin in b.barbarians:
            continue
        if origin in b.seas and not colonial:
            continue
        if Q.others(state, origin, battle.attacker):
            continue
        if fits is None:
            fits = Q.adding(state, battle.attacker)
        if fits(origin, 1):
            out[origin] = n
    return out


def followers(state: State, nation: str, space: str, armies: int,
              escort: bool = False) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """W-RET-5: leaders and arms go with a group that takes them (``escort``), and with
    the last retreating group of their nation (a leader stays with its nation's post)."""
    if escort:
        return (tuple(lead for lead in Q.leaders_at(state, space)
                      if Q.leader_nation(lead) == nation), tuple(Q.arms_of(state, nation, space)))
    if armies < Q.count(state, space, nation):
        return (), ()
    if state.posts.get(space) == nation:
        leaders: tuple[str, ...] = ()
    else:
        leaders = tuple(lead for lead in Q.leaders_at(state, space)
                        if Q.leader_nation(lead) == nation)
    return leaders, tuple(Q.arms_of(state, nation, space))


def stage_auto(state: State, rng: Random) -> list[Any]:
    """What happens in the current battle with nobody deciding."""
    battle = state.battle
    assert battle is not None
    if battle.stage == ROLL:
        att, dfd = units(state, battle)
        if not att or not dfd:
            return end(state, "destroyed")
        return roll(state, rng)
    if battle.stage == AFTER:
        return after_round(state)
    if battle.stage == RETREAT_DEF:
        if not units(state, battle)[1]:
            return end(state, "retreated")
        if not Q.count(state, battle.space, battle.defender) or not defender_may_retreat(state):
            if not can_submit_now(state):
                return [ev.BattleStage(stage=RETREAT_ATT)]
        return []
    if battle.stage == RETREAT_ATT:
        if not units(state, battle)[0]:
            return end(state, "retreated")
        if not attacker_retreats(state) and not lone_post(state, battle):
            return [ev.BattleStage(stage=ROLL)]
    return []


def lone_post(state: State, battle: Battle) -> bool:
    """W-POST-9: only a post defends; the attacker may break off."""
    return not Q.count(state, battle.space, battle.defender) and defending_posts(state, battle) > 0


def can_submit_now(state: State) -> bool:
    battle = state.battle
    return battle is not None and bool(offers_for(state, battle.defender))
