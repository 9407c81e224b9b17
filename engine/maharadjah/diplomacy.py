"""Submission (W-SUB) and the British alliance (W-ALLY).

When they are offered (rulings): a nation that may submit is asked at the end of the
active nation's Movement Phase and, as a defender, at each retreat step and at the end
of each battle; a nation
may ally with the British when it is asked at the start of its own sequence, when it
is asked about submission, when a British or allied Movement Phase ends with their
armies in its territories, and at its retreat steps as a defender.
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import Forbidden, OutOfTurn
from engine.maharadjah import events as ev
from engine.maharadjah import intents as it
from engine.maharadjah import queries as Q
from engine.maharadjah.state import GROWTH, INVASION, RETREAT_DEF, START, State

Withdrawals = tuple[tuple[str, str, int], ...]


def region_territories(state: State, nation: str, region: str) -> list[str]:
    terr = Q.board().territories
    return [t for t in Q.occupied_by(state, nation) if terr[t].region == region]


def can_submit(state: State, nation: str, region: str) -> bool:
    """W-SUB-1..3: listed nation, 1-2 territories there, the active nation present."""
    if nation == state.active or not state.active or nation not in state.control:
        return False
    for entry in Q.rules().nations[nation].submit:
        if entry["region"] != region or state.turn < entry.get("from_turn", 1):
            continue
        held = region_territories(state, nation, region)
        if not 1 <= len(held) <= entry["max"]:
            return False
        if not any(Q.count(state, t, state.active) for t in held):
            return False
        if all(Q.submitted_here(state, nation, state.active, t) for t in held):
            return False
        return withdrawals(state, state.active, held) is not None
    return False


def withdrawals(state: State, mover: str, spaces: list[str]) -> Withdrawals | None:
    """W-SUB-5, W-AMB-29: every ``mover`` army in ``spaces`` goes back where it came from
    (if no other nation's army is there) or to an adjacent territory holding only its
    own armies, within stacking; None when one of them cannot."""
    b = Q.board()
    counts = Q.nation_counts(state, mover)
    out: list[tuple[str, str, int]] = []
    colonial = Q.is_colonial(mover)
    for space in sorted(spaces):
        here = Q.count(state, space, mover)
        if not here:
            continue
        came = dict(state.arrived.get(space, {}))
        groups = sorted(came.items()) + [("", here - sum(came.values()))]
        for origin, n in groups:
            for _ in range(n):
                dest = None
                if (origin and origin not in b.barbarians and (colonial or origin not in b.seas)
                        and not Q.others(state, origin, mover) and origin not in spaces):
                    dest = origin
                if dest is not None:
                    trial = dict(counts, **{dest: counts.get(dest, 0) + 1})
                    if not Q.stacks_ok(trial):
                        dest = None
                if dest is None:
                    for near in sorted(b.land.get(space, ())):
                        if near in spaces or not Q.count(state, near, mover):
                            continue
                        if Q.others(state, near, mover):
                            continue
                        trial = dict(counts, **{near: counts.get(near, 0) + 1})
                        if Q.stacks_ok(trial):
                            dest = near
                            break
                if dest is None:
                    return None
                counts[dest] = counts.get(dest, 0) + 1
                counts[space] -= 1
                out.append((space, dest, 1))
    merged: dict[tuple[str, str], int] = {}
    for src, dst, n in out:
        merged[(src, dst)] = merged.get((src, dst), 0) + n
    return tuple((s, d, n) for (s, d), n in sorted(merged.items()))


def escorts(state: State, mover: str, moves: Withdrawals
            ) -> tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]]:
    """W-SUB-5, W-ALLY-5 (amended): the leaders and arms markers of ``mover`` in a space
    its armies leave go with the last group leaving it (as in W-RET-5), so no leader is
    left beside the other nation's armies (ruling: a post of its nation there does not
    keep a leader back, unlike a retreat: the territory is the other nation's).
    ((leader, to), ...), ((power, to), ...)."""
    last = {src: dst for src, dst, _n in moves}  # moves are sorted: the last group wins
    leaders = tuple((lead, last[where]) for lead, where in sorted(state.leaders.items())
                    if where in last and Q.leader_nation(lead) == mover)
    arms = tuple((power, last[where]) for power, where in sorted(state.arms_at.items())
                 if where in last and state.arms.get(power) == mover)
    return leaders, arms


def alliance_open(state: State) -> bool:
    """W-ALLY-1, W-AMB-31: from the British invaders' placement in turn 12."""
    if state.turn > 12:
        return True
    return (state.turn == 12 and state.active == "BRITISH"
            and state.phase not in (START, GROWTH, INVASION))


def can_ally(state: State, nation: str) -> bool:
    return (alliance_open(state) and nation in state.control and not Q.is_colonial(nation)
            and nation not in state.allies and nation not in state.gone)


def ally_intents(state: State, nation: str) -> list[Any]:
    if not can_ally(state, nation) or _ally_withdrawals(state, nation) is None:
        return []
    out: list[Any] = [it.Ally(nation=nation, cost="marker")]
    out += [it.Ally(nation=nation, cost="army", space=s) for s in Q.army_spaces(state, nation)]
    return out


def _ally_withdrawals(state: State, nation: str) -> Withdrawals | None:
    """W-ALLY-5: the active member's armies leave the new ally's territories."""
    if state.active not in Q.alliance(state) or state.active == nation:
        return ()
    return withdrawals(state, state.active, Q.occupied_by(state, nation))


def offers_for(state: State, nation: str) -> list[Any]:
    """What ``nation`` may declare now: submission in each region, alliance."""
    out: list[Any] = []
    for entry in Q.rules().nations[nation].submit if nation in state.control else ():
        if can_submit(state, nation, entry["region"]):
            out.append(it.Submit(nation=nation, region=entry["region"]))
    return out + ally_intents(state, nation)


def offers(state: State, seat: int) -> list[Any]:
    return []


def offer_events(state: State) -> list[Any]:
    """W-SUB-4: at the end of the Movement Phase, ask each nation that may submit, and
    (W-ALLY-1, 5) each nation an alliance member is about to attack that may ally."""
    out = []
    attacker = state.active in Q.alliance(state)
    beside = _beside(state)
    for nation in Q.rules().order:
        if nation not in state.control or (nation not in beside and nation != state.active):
            continue
        # (loops: every Movement Phase's end asks, and generators would make cells of
        # ``state`` and ``nation`` at every call)
        for e in Q.rules().nations[nation].submit:
            if can_submit(state, nation, e["region"]):
                out.append(ev.Owe(kind="offer", nation=nation, count=1, what="submit"))
                break
        else:
            if attacker and _meets(state, nation) and ally_intents(state, nation):
                out.append(ev.Owe(kind="offer", nation=nation, count=1, what="ally"))
    return out


def _meets(state: State, nation: str) -> bool:
    """The active nation has armies in a territory where ``nation`` has some."""
    active = state.active
    for t in Q.territories_with_armies(state, nation):
        if Q.count(state, t, active):
            return True
    return False


def _beside(state: State) -> set[str]:
    """Nations with armies in a territory that holds active armies. Both of
    offer_events' questions need one: a submission (W-SUB-3: the active nation in a
    territory the nation occupies, which its armies do there) and an alliance before an
    attack (the active armies in one of its territories); asking them of the other
    nations would only search their regions and withdrawals in vain."""
    active, terr = state.active, Q.board().territories
    return {n for space, here in state.armies.items() if space in terr and here.get(active, 0) > 0
            for n, c in here.items() if c > 0}


def decide(state: State, seat: int, intent: Any) -> list[Any]:
    nation = intent.nation
    if nation not in state.control or Q.seat_of(state, nation) != seat:
        raise OutOfTurn("W-GEN-10", "a nation's declarations are its own player's")
    asked = bool(state.todo) and state.todo[0].nation == nation and state.todo[0].kind in (
        "offer", "ally")
    defending = (state.battle is not None and state.battle.stage == RETREAT_DEF
                 and state.battle.defender == nation and not state.todo)
    if not (asked or defending):
        raise OutOfTurn("W-SEQ-2", f"the {nation.title()} are not asked now")
    if isinstance(intent, it.Submit):
        if state.todo and state.todo[0].kind == "ally":
            raise Forbidden("W-SUB-9", "ally with the British first")
        if not can_submit(state, nation, intent.region):
            raise Forbidden("W-SUB-1", f"the {nation.title()} may not submit in "
                                       f"{intent.region.title()} now")
        held = region_territories(state, nation, intent.region)
        moves = withdrawals(state, state.active, held)
        assert moves is not None
        leaders, arms = escorts(state, state.active, moves)
        out: list[Any] = [ev.Submitted(subject=nation, overlord=state.active,
                                       territories=tuple(held), withdrawals=moves,
                                       leaders=leaders, arms=arms)]
        if state.active in Q.alliance(state) and can_ally(state, nation):  # W-SUB-9
            out.append(ev.Owe(kind="ally", nation=nation, count=1, what="submitted"))
        return out
    if not can_ally(state, nation):
        raise Forbidden("W-ALLY-1", f"the {nation.title()} may not ally with the British now")
    if intent.cost == "army":
        if not Q.count(state, intent.space, nation):
            raise Forbidden("W-ALLY-2", f"no {nation.title()} army in {intent.space}")
    elif intent.cost != "marker":
        raise Forbidden("W-ALLY-2", "the cost is the growth marker or one army")
    moves = _ally_withdrawals(state, nation)
    if moves is None:
        raise Forbidden("W-ALLY-5", "the alliance's armies could not leave its territories")
    leaders, arms = escorts(state, state.active, moves)
    return [ev.Allied(nation=nation, cost=intent.cost, space=intent.space, withdrawals=moves,
                      leaders=leaders, arms=arms)]
