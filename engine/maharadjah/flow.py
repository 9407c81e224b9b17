"""The game's clock (W-TURN-1, W-SEQ-1): what happens with nobody deciding, and whose
decision the game waits for."""

from __future__ import annotations

from random import Random
from typing import Any

from engine.maharadjah import combat, diplomacy, legal, scoring
from engine.maharadjah import events as E
from engine.maharadjah import queries as Q
from engine.maharadjah.board import Leader
from engine.maharadjah.state import (
    ARMS,
    COMBAT,
    GROWTH,
    INVASION,
    LOSSES,
    MOVE,
    NEXT,
    OVER,
    POSTS,
    RETREAT_ATT,
    RETREAT_DEF,
    SEQ_END,
    SETUP,
    TURN_END,
    TURN_START,
    VP,
    MaharadjahState,
)

LAST_TURN = 16  # W-END-1
HALVES_PER_ARMY = 6  # W-GROW-5: an army costs 3
MAX_SAVED = 5  # W-GROW-5: 2½
LETTERS = "ABCDE"


def to_move(state: MaharadjahState) -> tuple[int, ...]:
    if state.phase == OVER:
        return ()
    if state.todo:
        return (Q.seat_of(state, state.todo[0].nation),)
    battle = state.battle
    if battle is not None:
        if battle.stage == RETREAT_DEF:
            return (Q.seat_of(state, battle.defender),)
        if battle.stage in (LOSSES, RETREAT_ATT):
            return (Q.seat_of(state, battle.attacker),)
        return ()
    if state.phase in (MOVE, COMBAT, POSTS, ARMS) and state.active:
        return (Q.seat_of(state, state.active),)
    return ()


def automatic(state: MaharadjahState, rng: Random) -> list[Any]:
    if state.phase == OVER:
        return []
    if lapsed := legal.arms_lapsed(state):  # W-ARMS-6: the marker returns at once
        return lapsed
    if state.todo:
        return todo_auto(state)
    if state.battle is not None:
        return combat.stage_auto(state, rng)
    handler = PHASES.get(state.phase)
    return handler(state) if handler else []


# ------------------------------------------------------------------ setup and turns
def setup(state: MaharadjahState) -> list[Any]:
    """W-ASSIGN-1, W-SETUP-1..4 and S1/S2."""
    rules = Q.rules()
    kind = "short" if state.game_type == "short" else "standard"
    data = rules.setup[kind]
    control = tuple((n, LETTERS.index(rules.nations[n].assign[state.game_type]))
                    for n in rules.order if rules.nations[n].assign[state.game_type] is not None)
    armies = tuple((space, nation, 1) for nation, spaces in data["armies"].items()
                   for space in spaces)
    return [E.GameSetUp(state.game_type, int(data["turn"]), control, armies)]


def turn_start(state: MaharadjahState) -> list[Any]:
    if state.turn >= LAST_TURN:  # W-END-1, W-END-2
        totals = scoring.totals(state)
        best = max(totals)
        return [E.GameEnded(tuple(totals), tuple(i for i, t in enumerate(totals) if t == best))]
    turn = state.turn + 1
    out: list[Any] = [E.TurnStarted(turn)]
    for lead in Q.rules().leaders.values():  # W-SCHED-1, 3: Ashoka, Chandra
        if lead.removed.get("start_of_turn") == turn and lead.id in state.leaders:
            out.append(E.LeaderRemoved(lead.id))
    for item in Q.rules().turns[turn].get("start", []):
        if item.get("not_in") == state.game_type:
            continue  # W-SETUP-S3
        if "replace" in item:  # W-SCHED-2
            old, new = item["replace"], item["by"]
            spaces = tuple((s, here[old]) for s, here in sorted(state.armies.items())
                           if here.get(old, 0) > 0)
            if old in state.control:
                out.append(E.NationReplaced(old, new, spaces))
        elif item["remove"] in state.control:  # W-SCHED-1, 3, 4
            on = Q.on_map(state, item["remove"])
            if on:
                out.append(E.Owe("remove", item["remove"], min(on, item["armies"]), "scheduled"))
    return out


def has_business(state: MaharadjahState, nation: str) -> bool:
    """W-TURN-1 item 2: a nation with nothing on the map and nothing arriving skips."""
    if nation not in state.control or nation in state.gone:
        return False
    row = Q.rules().turns[state.turn]
    if Q.on_map(state, nation) or nation in state.posts.values():
        return True
    if any(Q.leader_nation(lead) == nation for lead in state.leaders):
        return True
    if Q.arrivals(state, nation) or Q.reinforcements(state, nation):
        return True
    return any(t["nation"] == nation for t in row.get("top_up", []))


def next_sequence(state: MaharadjahState) -> list[Any]:
    order = Q.rules().order
    for index in range(state.seq + 1, len(order)):
        if has_business(state, order[index]):
            return [E.SequenceStarted(order[index], index)]
    return [E.PhaseStarted(TURN_END)]


def sequence_start(state: MaharadjahState) -> list[Any]:
    """Phase 0 (W-LEAD-6), the British top-up (W-SCHED-7), arms checks, a raid checkpoint."""
    nation = state.active
    out: list[Any] = []
    for lead, _ in sorted(state.leaders.items()):
        info = Q.rules().leaders[lead]
        if (info.nation == nation and not info.removed
                and state.leader_turn.get(lead, state.turn) < state.turn):
            out.append(E.LeaderRemoved(lead))
    for item in Q.rules().turns[state.turn].get("top_up", []):
        if item["nation"] == nation:
            add = min(max(0, item["armies"] - Q.on_map(state, nation)), Q.pool(state, nation))
            if add:
                out.append(E.ArmiesPlaced(nation, item["space"], add, "reinforcement"))
    out += legal.arms_lapsed(state)
    if diplomacy.ally_intents(state, nation):  # W-ALLY-1
        out.append(E.Owe("offer", nation, 1, "ally"))
    return out + [E.PhaseStarted(GROWTH)]


def growth(state: MaharadjahState) -> list[Any]:
    """W-GROW-1..8, W-SCHED-6, then arms (W-ARMS-3) and leaders (W-LEAD-2) as decisions."""
    nation = state.active
    info = Q.rules().nations[nation]
    out: list[Any] = []
    if Q.rules().cards[nation]["raid"].get(state.turn):  # W-VP-3: after leader expiry
        out.append(E.Checkpoint(nation, scoring.alone(state, nation)))
    reinf = Q.reinforcements(state, nation)
    spaces = Q.territories_with_armies(state, nation)
    if reinf and not spaces:  # W-SCHED-6: into vacant South India territories
        spaces = [t for t, terr in sorted(Q.board().territories.items())
                  if terr.region == "SOUTH" and Q.vacant(state, t)]
        if not spaces:
            reinf = 0
    grows = not info.colonial and nation not in state.marker_boxed  # W-GROW-1, W-ALLY-2
    if grows and state.turn not in info.no_growth:  # W-GROW-3
        counted = [t for t in Q.territories_with_armies(state, nation)
                   if state.turn not in info.south_only
                   or Q.board().territories[t].region == "SOUTH"]
        value = sum(1 if Q.board().territories[t].rough else 2 for t in counted)
        total = value + state.growth.get(nation, 0)
        earned = total // HALVES_PER_ARMY
    else:
        value, total, earned = 0, -1, 0  # no growth: the track stays as it is
    if grows or reinf:
        placeable = min(earned + reinf, Q.pool(state, nation))
        out.append(E.GrowthFigured(nation, value, total, earned, reinf, placeable, tuple(spaces)))
    for power, recipient in sorted(state.arms.items()):
        if recipient == nation and power not in state.arms_at:
            out.append(E.Owe("arms", nation, 1, power))
    for lead in Q.rules().leaders_of(nation):
        if lead.turn == state.turn and not lead.with_invaders and lead.id not in state.leaders:
            out.append(E.Owe("leader", nation, 1, lead.id))
    return out + [E.PhaseStarted(INVASION)]


def invasion(state: MaharadjahState) -> list[Any]:
    """W-INV-1..5: the listed armies arrive; indigenous ones clear their territory."""
    nation = state.active
    out: list[Any] = []
    left = Q.pool(state, nation)
    groups = Q.arrivals(state, nation)
    terr = Q.board().territories
    for group in groups:
        n = min(group["armies"], left)  # W-INV-5 (ruling: groups in listed order)
        left -= n
        space = group["space"]
        if not n:
            continue
        if space in terr:  # W-INV-2: indigenous
            for other, there in sorted(state.armies.get(space, {}).items()):
                if other != nation:
                    out.append(E.ArmiesRemoved(other, space, there, "indigenous"))
            for lead in Q.leaders_at(state, space):
                owner = Q.leader_nation(lead)
                if owner != nation and state.posts.get(space) != owner:
                    out.append(E.LeaderKilled(lead, nation))
                    out += scoring.kill_leader(state, nation, lead)
            for power, where in sorted(state.arms_at.items()):
                if where == space and state.arms.get(power) != nation:
                    out.append(E.ArmsReturned(power))
        out.append(E.ArmiesPlaced(nation, space, n, "invasion"))
    if groups:
        first = groups[0]["space"]
        for lead in Q.rules().leaders_of(nation):
            if lead.turn == state.turn and (lead.with_invaders or lead.id in state.held):
                out.append(E.LeaderPlaced(lead.id, first))
    return out + [E.PhaseStarted(MOVE, 1)]


def movement(state: MaharadjahState) -> list[Any]:
    if legal.movable(state):
        return []
    return legal.end_movement(state)


def combat_phase(state: MaharadjahState) -> list[Any]:
    must = combat.compulsory(state)
    may = combat.optional(state)
    if not must and not may:
        return end_combat(state)
    if len(must) == 1 and not may:
        space, enemy = must[0]
        return [E.BattleStarted(space, state.active, enemy)]
    return []


def end_combat(state: MaharadjahState) -> list[Any]:
    out: list[Any] = [E.CombatEnded(state.active)]
    if not Q.is_colonial(state.active):  # W-NAV-3: survivors at sea land at once
        for zone in sorted(Q.board().seas):
            n = Q.count(state, zone, state.active)
            if n:
                out.append(E.Owe("land", state.active, n, zone))
    if Q.great(state) and state.move_round == 1:  # W-INV-4
        return out + [E.PhaseStarted(MOVE, 2)]
    return out + [E.PhaseStarted(POSTS if Q.is_colonial(state.active) else VP)]


def posts(state: MaharadjahState) -> list[Any]:
    if legal.post_options(state):
        return []
    return [E.PostsEnded(state.active), E.PhaseStarted(ARMS)]


def arms(state: MaharadjahState) -> list[Any]:
    if legal.arms_options(state):
        return []
    return [E.ArmsEnded(state.active), E.PhaseStarted(VP)]


def vp_phase(state: MaharadjahState) -> list[Any]:
    """W-SEQ-1 item 8: raids (W-VP-3) with the last checkpoint, then Raj (W-RAJ-2)."""
    nation = state.active
    out: list[Any] = []
    if Q.rules().cards[nation]["raid"].get(state.turn):
        alone = scoring.alone(state, nation)
        out.append(E.Checkpoint(nation, alone))
        held = sorted(set(state.raided) | set(alone))
        entry = Q.rules().cards[nation]["raid"][state.turn]
        vp = scoring.entry_vp(entry, held)
        if vp:
            out.append(E.VPScored(nation, vp, f"raids of turn {state.turn}"))
    if Q.rules().nations[nation].raj:
        count = scoring.raj_count(state, nation)
        out.append(E.RajFixed(nation, count, scoring.raj_level(count)))
    return out + [E.PhaseStarted(SEQ_END)]


def sequence_end(state: MaharadjahState) -> list[Any]:
    """W-SCHED-5 then (next step) overpopulation."""
    nation = state.active
    out: list[Any] = []
    for item in Q.rules().turns[state.turn].get("end_of_sequence", []):
        if item["nation"] == nation:
            for lead in Q.rules().leaders_of(nation):
                if lead.removed.get("end_of_sequence") == state.turn and lead.id in state.leaders:
                    out.append(E.LeaderRemoved(lead.id))
            on = Q.on_map(state, nation)
            if on:
                out.append(E.Owe("remove", nation, min(on, item["armies"]), "scheduled"))
    return out + [E.PhaseStarted("overpop")]


def overpopulation(state: MaharadjahState) -> list[Any]:
    """W-OVP-1..3."""
    nation = state.active
    out: list[Any] = []
    if not Q.is_colonial(nation):
        armies = Q.on_map(state, nation)
        allowed = 2 * len(Q.army_spaces(state, nation))
        if armies > allowed:
            out.append(E.Owe("remove", nation, armies - allowed, "overpopulation"))
    return out + [E.SequenceEnded(nation)]


def turn_end(state: MaharadjahState) -> list[Any]:
    """W-TURN-1 item 3: occupation VP, colonial VP, Raj credited, submissions expire."""
    out: list[Any] = list(scoring.end_of_turn(state))
    for nation in Q.rules().order:
        if nation in state.control and Q.rules().cards[nation]["colonial"]:
            out += scoring.colonial(state, nation)
    for nation, vp in sorted(state.raj.items(), key=lambda kv: Q.rules().order.index(kv[0])):
        if vp:
            out.append(E.VPScored(nation, vp, "Raj"))
    return out + [E.TurnEnded(state.turn)]


PHASES = {
    SETUP: setup,
    TURN_START: turn_start,
    NEXT: next_sequence,
    "start": sequence_start,
    GROWTH: growth,
    INVASION: invasion,
    MOVE: movement,
    COMBAT: combat_phase,
    POSTS: posts,
    ARMS: arms,
    VP: vp_phase,
    SEQ_END: sequence_end,
    "overpop": overpopulation,
    TURN_END: turn_end,
}


# ------------------------------------------------------------------ owed decisions
def todo_auto(state: MaharadjahState) -> list[Any]:
    """Resolve the first owed decision when it leaves no choice."""
    todo = state.todo[0]
    nation = todo.nation
    if todo.kind == "place":
        options = legal.place_spaces(state)
        if todo.count <= 0 or not options:
            reinf = int(todo.what or 0)
            placed = sum(todo.placed.values())
            if todo.total < 0:
                saved = state.growth.get(nation, 0)
            else:
                saved = min(MAX_SAVED, todo.total - HALVES_PER_ARMY * max(0, placed - reinf))
            return [E.GrowthSaved(nation, max(saved, 0))]
        if len(options) == 1:
            return [E.ArmiesPlaced(nation, options[0], 1, "growth")]
        return []
    if todo.kind == "leader":
        options = legal.leader_spaces(state, Q.rules().leaders[todo.what])
        if not options:
            return [E.LeaderRemoved(todo.what)]  # W-LEAD-2: it never appears
        if len(options) == 1:
            return [_leader_placed(state, Q.rules().leaders[todo.what], options[0])]
        return []
    if todo.kind == "arms":
        options = Q.territories_with_armies(state, nation)
        if not options:
            return [E.ArmsReturned(todo.what)]
        if len(options) == 1:
            return [E.ArmsPlaced(todo.what, options[0])]
        return []
    if todo.kind == "land":
        options = legal.landing_spaces(state)
        if not options:  # eliminated, not destroyed (W-VP-4)
            return [E.ArmiesRemoved(nation, todo.what, todo.count, "no landing")]
        if len(options) == 1:
            leaders, arms = combat.followers(state, nation, todo.what, 1)
            return [E.Retreated(nation, todo.what, options[0], 1, leaders, arms)]
        return []
    if todo.kind in ("offer", "ally"):
        if not diplomacy.offers_for(state, nation):
            return [E.Declined(nation)]
        return []
    if todo.kind == "remove":
        spaces = Q.army_spaces(state, nation)
        if not spaces or todo.count <= 0:
            return [E.ArmiesRemoved(nation, "", 0, todo.what)]
        if todo.count >= Q.on_map(state, nation) or len(spaces) == 1:
            out = []
            left = todo.count
            for space in spaces:
                n = min(left, Q.count(state, space, nation))
                out.append(E.ArmiesRemoved(nation, space, n, todo.what))
                left -= n
                if not left:
                    break
            return out
        return []
    return []


def _leader_placed(state: MaharadjahState, leader: Leader, space: str) -> E.LeaderPlaced:
    held = space in Q.board().barbarians or (
        space in Q.board().seas and not Q.count(state, space, leader.nation))
    return E.LeaderPlaced(leader.id, space, held)
