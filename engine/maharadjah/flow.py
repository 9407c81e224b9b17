"""The game's clock (W-TURN-1, W-SEQ-1): what happens with nobody deciding (whose
decision the game waits for is ``queries.to_move``)."""

from __future__ import annotations

from random import Random
from typing import Any

from engine.maharadjah import combat, diplomacy, legal, scoring
from engine.maharadjah import events as ev
from engine.maharadjah import queries as Q
from engine.maharadjah.board import Leader
from engine.maharadjah.state import (
    ARMS,
    COMBAT,
    GROWTH,
    INVASION,
    LAST_TURN,
    MOVE,
    NEXT,
    OVER,
    OVERPOP,
    POSTS,
    SEQ_END,
    SETUP,
    START,
    TURN_END,
    TURN_START,
    VP,
    State,
)

HALVES_PER_ARMY = 6  # W-GROW-5: an army costs 3
MAX_SAVED = 5  # W-GROW-5: 2½
LETTERS = "ABCDE"


def automatic(state: State, rng: Random) -> list[Any]:
    if state.phase == OVER:
        return []
    # W-ARMS-6: the marker returns at once (asked only while one is given: most steps)
    if state.arms and (lapsed := legal.arms_lapsed(state)):
        return lapsed
    if state.todo:
        return todo_auto(state)
    if state.battle is not None:
        return combat.stage_auto(state, rng)
    handler = PHASES.get(state.phase)
    return handler(state) if handler else []


# ------------------------------------------------------------------ setup and turns
def setup(state: State) -> list[Any]:
    """W-ASSIGN-1, W-SETUP-1..4 and S1/S2."""
    rules = Q.rules()
    kind = "short" if state.game_type == "short" else "standard"
    data = rules.setup[kind]
    assigned = {n: rules.nations[n].assign[state.game_type] for n in rules.order}
    control = tuple((n, LETTERS.index(letter)) for n, letter in assigned.items()
                    if letter is not None)
    armies = tuple((space, nation, 1) for nation, spaces in data["armies"].items()
                   for space in spaces)
    return [ev.GameSetUp(game_type=state.game_type, turn=int(data["turn"]), control=control,
                         armies=armies)]


def turn_start(state: State) -> list[Any]:
    if state.turn >= LAST_TURN:  # W-END-1, W-END-2
        totals = scoring.totals(state)
        best = max(totals)
        winners = tuple(i for i, t in enumerate(totals) if t == best)
        return [ev.GameEnded(totals=tuple(totals), winners=winners)]
    turn = state.turn + 1
    out: list[Any] = [ev.TurnStarted(turn=turn)]
    for lead in Q.rules().leaders.values():  # W-SCHED-1, 3: Ashoka, Chandra
        if lead.removed.get("start_of_turn") == turn and lead.id in state.leaders:
            out.append(ev.LeaderRemoved(leader=lead.id))
    for item in Q.rules().turns[turn].get("start", []):
        if item.get("not_in") == state.game_type:
            continue  # W-SETUP-S3
        if "replace" in item:  # W-SCHED-2
            old, new = item["replace"], item["by"]
            spaces = tuple((s, here[old]) for s, here in sorted(state.armies.items())
                           if here.get(old, 0) > 0)
            if old in state.control:
                out.append(ev.NationReplaced(old=old, new=new, spaces=spaces))
        elif item["remove"] in state.control:  # W-SCHED-1, 3, 4
            on = Q.on_map(state, item["remove"])
            if on:
                out.append(ev.Owe(kind="remove", nation=item["remove"],
                                  count=min(on, item["armies"]), what="scheduled"))
    return out


def has_business(state: State, nation: str) -> bool:
    """W-TURN-1 item 2: a nation with nothing on the map and nothing arriving skips."""
    if nation not in state.control or nation in state.gone:
        return False
    row = Q.rules().turns[state.turn]
    if Q.present(state, nation) or nation in state.posts.values():
        return True
    # (loops: no generators' cells of ``nation`` at every call)
    for lead in state.leaders:
        if Q.leader_nation(lead) == nation:
            return True
    if Q.arrivals(state, nation) or Q.reinforcements(state, nation):
        return True
    for t in row.get("top_up", []):
        if t["nation"] == nation:
            return True
    return False


def next_sequence(state: State) -> list[Any]:
    order = Q.rules().order
    for index in range(state.seq + 1, len(order)):
        if has_business(state, order[index]):
            return [ev.SequenceStarted(nation=order[index], seq=index)]
    return [ev.PhaseStarted(phase=TURN_END)]


def sequence_start(state: State) -> list[Any]:
    """Phase 0 (W-LEAD-6), the British top-up (W-SCHED-7), arms checks, a raid checkpoint."""
    nation = state.active
    out: list[Any] = []
    for lead, _ in sorted(state.leaders.items()):
        info = Q.rules().leaders[lead]
        if (info.nation == nation and not info.removed
                and state.leader_turn.get(lead, state.turn) < state.turn):
            out.append(ev.LeaderRemoved(leader=lead))
    for item in Q.rules().turns[state.turn].get("top_up", []):
        if item["nation"] == nation:
            add = min(max(0, item["armies"] - Q.on_map(state, nation)), Q.pool(state, nation))
            if add:
                out.append(ev.ArmiesPlaced(nation=nation, space=item["space"], armies=add,
                                           why="reinforcement"))
    out += legal.arms_lapsed(state)
    if diplomacy.ally_intents(state, nation):  # W-ALLY-1
        out.append(ev.Owe(kind="offer", nation=nation, count=1, what="ally"))
    return out + [ev.PhaseStarted(phase=GROWTH)]


def growth(state: State) -> list[Any]:
    """W-GROW-1..8, W-SCHED-6, then arms (W-ARMS-3) and leaders (W-LEAD-2) as decisions."""
    nation = state.active
    info = Q.rules().nations[nation]
    out: list[Any] = []
    if Q.rules().cards[nation]["raid"].get(state.turn):  # W-VP-3: after leader expiry
        out.append(ev.Checkpoint(nation=nation, territories=scoring.alone(state, nation)))
    reinf = Q.reinforcements(state, nation)
    held = spaces = Q.territories_with_armies(state, nation)
    if reinf and not spaces:  # W-SCHED-6: into vacant South India territories
        spaces = [t for t, terr in sorted(Q.board().territories.items())
                  if terr.region == "SOUTH" and Q.vacant(state, t)]
        if not spaces:
            reinf = 0
    grows = not info.colonial and nation not in state.marker_boxed  # W-GROW-1, W-ALLY-2
    if grows and state.turn not in info.no_growth:  # W-GROW-3
        counted = [t for t in held
                   if state.turn not in info.south_only
                   or Q.board().territories[t].region == "SOUTH"]
        value = sum(1 if Q.board().territories[t].rough else 2 for t in counted)
        total = value + state.growth.get(nation, 0)
        earned = total // HALVES_PER_ARMY
    else:
        value, total, earned = 0, -1, 0  # no growth: the track stays as it is
    if grows or reinf:
        placeable = min(earned + reinf, Q.pool(state, nation))
        out.append(ev.GrowthFigured(nation=nation, value=value, total=total, earned=earned,
                                    reinforcements=reinf, placeable=placeable,
                                    spaces=tuple(spaces)))
    for power, recipient in sorted(state.arms.items()):
        if recipient == nation and power not in state.arms_at:
            out.append(ev.Owe(kind="arms", nation=nation, count=1, what=power))
    for lead in Q.rules().leaders_of(nation):
        if lead.turn == state.turn and not lead.with_invaders and lead.id not in state.leaders:
            out.append(ev.Owe(kind="leader", nation=nation, count=1, what=lead.id))
    return out + [ev.PhaseStarted(phase=INVASION)]


def invasion(state: State) -> list[Any]:
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
                    out.append(ev.ArmiesRemoved(nation=other, space=space, armies=there,
                                                why="indigenous"))
            for lead in Q.leaders_at(state, space):
                owner = Q.leader_nation(lead)
                if owner != nation and state.posts.get(space) != owner:
                    out.append(ev.LeaderKilled(leader=lead, by=nation))
                    out += scoring.kill_leader(state, nation, lead)
            for power, where in sorted(state.arms_at.items()):
                if where == space and state.arms.get(power) != nation:
                    out.append(ev.ArmsReturned(power=power))
        out.append(ev.ArmiesPlaced(nation=nation, space=space, armies=n, why="invasion"))
    if groups:
        first = groups[0]["space"]
        for leader in Q.rules().leaders_of(nation):
            if leader.turn == state.turn and (leader.with_invaders or leader.id in state.held):
                out.append(ev.LeaderPlaced(leader=leader.id, space=first))
    return out + [ev.PhaseStarted(phase=MOVE, move_round=1)]


def movement(state: State) -> list[Any]:
    if legal.any_movable(state):
        return []
    return legal.end_movement(state)


def combat_phase(state: State) -> list[Any]:
    must = combat.compulsory(state)
    may = combat.optional(state)
    if not must and not may:
        return end_combat(state)
    if len(must) == 1 and not may:
        space, enemy = must[0]
        return [ev.BattleStarted(space=space, attacker=state.active, defender=enemy)]
    return []


def end_combat(state: State) -> list[Any]:
    out: list[Any] = [ev.CombatEnded(nation=state.active)]
    if not Q.is_colonial(state.active):  # W-NAV-3: survivors at sea land at once
        armies, active = state.armies, state.active
        for zone in sorted(Q.board().seas):
            here = armies.get(zone)  # (``Q.count`` inline: every sea zone)
            n = here.get(active, 0) if here else 0
            if n:
                out.append(ev.Owe(kind="land", nation=state.active, count=n, what=zone))
    if Q.great(state) and state.move_round == 1:  # W-INV-4
        return out + [ev.PhaseStarted(phase=MOVE, move_round=2)]
    return out + [ev.PhaseStarted(phase=POSTS if Q.is_colonial(state.active) else VP)]


def posts(state: State) -> list[Any]:
    if legal.may_post(state):
        return []
    return [ev.PostsEnded(power=state.active), ev.PhaseStarted(phase=ARMS)]


def arms(state: State) -> list[Any]:
    if legal.may_arm(state):
        return []
    return [ev.ArmsEnded(power=state.active), ev.PhaseStarted(phase=VP)]


def vp_phase(state: State) -> list[Any]:
    """W-SEQ-1 item 8: raids (W-VP-3) with the last checkpoint, then Raj (W-RAJ-2)."""
    nation = state.active
    out: list[Any] = []
    if Q.rules().cards[nation]["raid"].get(state.turn):
        alone = scoring.alone(state, nation)
        out.append(ev.Checkpoint(nation=nation, territories=alone))
        held = sorted(set(state.raided) | set(alone))
        entry = Q.rules().cards[nation]["raid"][state.turn]
        vp = scoring.entry_vp(entry, held)
        if vp:
            out.append(ev.VPScored(nation=nation, vp=vp, why=f"raids of turn {state.turn}"))
    if Q.rules().nations[nation].raj:
        count = scoring.raj_count(state, nation)
        out.append(ev.RajFixed(nation=nation, territories=count, vp=scoring.raj_level(count)))
    return out + [ev.PhaseStarted(phase=SEQ_END)]


def sequence_end(state: State) -> list[Any]:
    """W-SCHED-5 then (next step) overpopulation."""
    nation = state.active
    out: list[Any] = []
    for item in Q.rules().turns[state.turn].get("end_of_sequence", []):
        if item["nation"] == nation:
            for lead in Q.rules().leaders_of(nation):
                if lead.removed.get("end_of_sequence") == state.turn and lead.id in state.leaders:
                    out.append(ev.LeaderRemoved(leader=lead.id))
            on = Q.on_map(state, nation)
            if on:
                out.append(ev.Owe(kind="remove", nation=nation, count=min(on, item["armies"]),
                                  what="scheduled"))
    return out + [ev.PhaseStarted(phase=OVERPOP)]


def overpopulation(state: State) -> list[Any]:
    """W-OVP-1..3."""
    nation = state.active
    out: list[Any] = []
    if not Q.is_colonial(nation):
        # (``on_map`` and ``army_spaces`` in one walk over the map: every sequence's end)
        armies = allowed = 0
        for here in state.armies.values():
            n = here.get(nation, 0)
            if n > 0:
                armies += n
                allowed += 2
        if armies > allowed:
            out.append(ev.Owe(kind="remove", nation=nation, count=armies - allowed,
                              what="overpopulation"))
    return out + [ev.SequenceEnded(nation=nation)]


def turn_end(state: State) -> list[Any]:
    """W-TURN-1 item 3: occupation VP, colonial VP, Raj credited, submissions expire."""
    out: list[Any] = list(scoring.end_of_turn(state))
    for nation in Q.rules().order:
        if nation in state.control and Q.rules().cards[nation]["colonial"]:
            out += scoring.colonial(state, nation)
    for nation, vp in sorted(state.raj.items(), key=lambda kv: Q.rules().order.index(kv[0])):
        if vp:
            out.append(ev.VPScored(nation=nation, vp=vp, why="Raj"))
    return out + [ev.TurnEnded(turn=state.turn)]


PHASES = {
    SETUP: setup,
    TURN_START: turn_start,
    NEXT: next_sequence,
    START: sequence_start,
    GROWTH: growth,
    INVASION: invasion,
    MOVE: movement,
    COMBAT: combat_phase,
    POSTS: posts,
    ARMS: arms,
    VP: vp_phase,
    SEQ_END: sequence_end,
    OVERPOP: overpopulation,
    TURN_END: turn_end,
}


# ------------------------------------------------------------------ owed decisions
def todo_auto(state: State) -> list[Any]:
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
            return [ev.GrowthSaved(nation=nation, halves=max(saved, 0))]
        if len(options) == 1:
            return [ev.ArmiesPlaced(nation=nation, space=options[0], armies=1, why="growth")]
        return []
    if todo.kind == "leader":
        options = legal.leader_spaces(state, Q.rules().leaders[todo.what])
        if not options:
            return [ev.LeaderRemoved(leader=todo.what)]  # W-LEAD-2: it never appears
        if len(options) == 1:
            return [_leader_placed(state, Q.rules().leaders[todo.what], options[0])]
        return []
    if todo.kind == "arms":
        options = Q.territories_with_armies(state, nation)
        if not options:
            return [ev.ArmsReturned(power=todo.what)]
        if len(options) == 1:
            return [ev.ArmsPlaced(power=todo.what, space=options[0])]
        return []
    if todo.kind == "land":
        options = legal.landing_spaces(state)
        if not options:  # eliminated, not destroyed (W-VP-4)
            return [ev.ArmiesRemoved(nation=nation, space=todo.what, armies=todo.count,
                                     why="no landing")]
        if len(options) == 1:
            leaders, arms = combat.followers(state, nation, todo.what, 1)
            return [ev.Retreated(nation=nation, space=todo.what, to=options[0], armies=1,
                                 leaders=leaders, arms=arms)]
        return []
    if todo.kind in ("offer", "ally"):
        if not diplomacy.offers_for(state, nation):
            return [ev.Declined(nation=nation)]
        return []
    if todo.kind == "remove":
        spaces = Q.army_spaces(state, nation)
        if not spaces or todo.count <= 0:
            return [ev.ArmiesRemoved(nation=nation, space="", armies=0, why=todo.what)]
        if todo.count >= Q.on_map(state, nation) or len(spaces) == 1:
            out = []
            left = todo.count
            for space in spaces:
                n = min(left, Q.count(state, space, nation))
                out.append(ev.ArmiesRemoved(nation=nation, space=space, armies=n, why=todo.what))
                left -= n
                if not left:
                    break
            return out
        return []
    return []


def _leader_placed(state: State, leader: Leader, space: str) -> ev.LeaderPlaced:
    held = space in Q.board().barbarians or (
        space in Q.board().seas and not Q.count(state, space, leader.nation))
    return ev.LeaderPlaced(leader=leader.id, space=space, held=held)
