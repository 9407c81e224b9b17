"""Victory points from the cards (W-VP, W-CARD) and Raj (W-RAJ), as events."""

from __future__ import annotations

from itertools import product
from typing import Any

from engine.maharadjah import events as ev
from engine.maharadjah import queries as Q
from engine.maharadjah.state import State

RAJ_LEVELS = ((36, 4), (27, 3), (18, 2), (9, 1))  # W-RAJ-2
RAJ_RIVALS = frozenset({"MAURYA", "GUPTA", "MUSLIMS", "MUGHALS"})  # W-RAJ-5


def applies(line: dict[str, Any], state: State) -> bool:
    """W-VP-5, W-CARD-3: ``only_in`` / ``not_in`` game types."""
    if "only_in" in line and state.game_type not in line["only_in"]:
        return False
    return state.game_type not in line.get("not_in", [])


def _card(nation: str) -> dict[str, Any]:
    return Q.rules().cards[nation]


def kill_armies(state: State, killer: str, victim: str, armies: int) -> list[ev.VPScored]:
    """W-VP-4: credit for armies destroyed by ``killer``'s dice."""
    if killer not in state.control or not armies:
        return []
    vp = sum(line["vp"] for line in _card(killer)["any_time"]
             if line.get("kill_armies") == victim and applies(line, state))
    return [ev.VPScored(nation=killer, vp=vp * armies,
                        why=f"{armies} {victim.title()} destroyed")] if vp else []


def kill_leader(state: State, killer: str, leader: str) -> list[ev.VPScored]:
    if killer not in state.control:
        return []
    vp = sum(line["vp"] for line in _card(killer)["any_time"]
             if leader in line.get("kill_leaders", []) and applies(line, state))
    name = Q.rules().leaders[leader].name
    return [ev.VPScored(nation=killer, vp=vp, why=f"{name} killed")] if vp else []


def destroy_post(state: State, killer: str, owner: str) -> list[ev.VPScored]:
    if killer not in state.control:
        return []
    vp = sum(line["vp"] for line in _card(killer)["any_time"]
             if line.get("destroy_posts") == owner and applies(line, state))
    return [ev.VPScored(nation=killer, vp=vp, why=f"{owner.title()} post destroyed")] if vp else []


def _in_scope(territory: str, scope: list[str]) -> bool:
    return "ALL" in scope or Q.board().territories[territory].region in scope


def entry_vp(entry: dict[str, Any], territories: list[str]) -> int:
    """W-VP-2, W-AMB-44: named territories at their value, others in scope at ``other``."""
    total = 0
    other = entry.get("other")
    for t in territories:
        if t in entry:
            total += entry[t]
        elif other is not None and _in_scope(t, other["scope"]):
            total += other["vp"]
    return total


def end_of_turn(state: State) -> list[ev.VPScored]:
    """W-VP-2 for every nation whose card scores at the end of this turn."""
    out = []
    for nation in Q.rules().order:
        if nation not in state.control or nation in state.gone:
            continue
        entry = _card(nation)["end_of_turn"].get(state.turn)
        if entry is None:
            continue
        vp = entry_vp(entry, Q.occupied_by(state, nation))
        if vp:
            out.append(ev.VPScored(nation=nation, vp=vp,
                                   why=f"occupation at the end of turn {state.turn}"))
    return out


def raids(state: State, nation: str) -> list[ev.VPScored]:
    """W-VP-3: the territories held alone at a checkpoint of this sequence."""
    entry = _card(nation)["raid"].get(state.turn)
    if entry is None:
        return []
    vp = entry_vp(entry, state.raided)
    return [ev.VPScored(nation=nation, vp=vp, why=f"raids of turn {state.turn}")] if vp else []


def alone(state: State, nation: str) -> tuple[str, ...]:
    """Territories ``nation`` occupies with no other nation's army there (W-VP-3)."""
    out = []  # (a loop: no generator, and no cells, at every call)
    for t in Q.occupied_by(state, nation):
        if not Q.others(state, t, nation):
            out.append(t)
    return tuple(out)


def colonial(state: State, power: str) -> list[ev.VPScored]:
    """W-VP-6, W-AMB-22: 1 per post, plus 1-3 for the coasts, each post on one zone of
    its owner's choosing (the engine chooses the best)."""
    mine = [s for s, owner in state.posts.items() if owner == power]
    if not mine:
        return []
    choices = [Q.board().territories[s].seas for s in mine]
    coasts = max(len(set(pick)) for pick in product(*choices))
    vp = len(mine) + min(coasts, 3)
    return [ev.VPScored(nation=power, vp=vp, why=f"{len(mine)} posts on {coasts} coasts")]


def raj_count(state: State, nation: str) -> int:
    """W-RAJ-3..5: the territories a Raj nation controls now."""
    terr = Q.board().territories
    british_posts = {s for s, owner in state.posts.items() if owner == "BRITISH"}

    def contested(t: str) -> bool:
        return t in british_posts and any(
            o in RAJ_RIVALS and o not in state.allies for o in Q.occupiers(state, t))

    if nation == "BRITISH":
        # a territory counts on any of four grounds, each gathered as a set (the bots
        # ask this for every position they judge, so no pass over all 36 territories)
        armed = {t for t, here in state.armies.items() if t in terr and any(here.values())}
        counted = {t for t in armed if state.armies[t].get("BRITISH", 0)}
        counted |= {t for t in british_posts if t in terr and not contested(t)}
        if state.allies:
            allied = {t for t in armed | set(state.leaders.values()) if t in terr}
            counted |= {t for t in allied if any(o in state.allies for o in Q.occupiers(state, t))}
        taken = armed | set(state.leaders.values()) | set(state.arms_at.values()) | set(
            state.posts)
        counted |= terr.keys() - taken  # vacant (W-GEN-6)
        return len(counted)
    own = set(Q.occupied_by(state, nation))
    if british_posts and nation not in state.allies:
        own = {t for t in own if not contested(t)}
    for sub in state.submissions:
        if sub.overlord == nation:
            own |= set(sub.territories)  # W-SUB-10: never contested
    return len(own)


def raj_level(territories: int) -> int:
    """W-RAJ-2: only the highest level counts."""
    return next((vp for need, vp in RAJ_LEVELS if territories >= need), 0)


def totals(state: State) -> list[int]:
    """W-END-2: each player's VP summed over their nations and turns."""
    out = [0] * state.seats
    for nation, by_turn in state.vp.items():
        out[state.control[nation]] += sum(by_turn)
    return out
