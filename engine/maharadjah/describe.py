"""Short descriptions of events for the log (roles: "side:K" a nation, K in the order of
W-ORDER-1 as the spec's sides, drawn in its colour; "space", "vp", "dice"). A nation's
name carries its map letter, "Mughals (O)", so the log reads without colour too."""

from __future__ import annotations

from typing import Any

from engine.core.describe import STAGE, Description, concern, desc
from engine.core.words import counted
from engine.maharadjah import events as ev
from engine.maharadjah import queries as Q
from engine.maharadjah.spec import NATIONS
from engine.maharadjah.state import State


def _n(nation: str) -> tuple[str, str]:
    info = Q.rules().nations.get(nation)
    if info is None:
        return (nation, "")
    return (f"{info.name} ({NATIONS[info.order].letter})", f"side:{info.order}")


# The phases as the rulebook names them (W-SEQ-1, W-TURN-1); the log read "Vp phase".
PHASE_NAMES = {"turn_start": "Start of the turn", "start": "Start of the sequence",
               "growth": "Population Growth Phase", "invasion": "Invasion Phase",
               "move": "Movement Phase", "combat": "Combat Phase",
               "posts": "Trading Post Phase", "arms": "Colonial Arms Phase",
               "vp": "VP Phase", "seq_end": "End of the sequence",
               "overpop": "Overpopulation", "turn_end": "End of the turn"}


def _s(space: str) -> tuple[str, str]:
    return (Q.board().name(space), "space")


def _lead(leader: str) -> tuple[str, str]:
    info = Q.rules().leaders[leader]
    return (info.name, f"side:{Q.rules().nations[info.nation].order}")


def _with(leaders: tuple[str, ...], arms: tuple[str, ...]) -> str:
    """W-RET-5: the leaders and arms markers going along."""
    names = [Q.rules().leaders[x].name for x in leaders]
    names += [f"the {Q.rules().nations[p].name} arms" for p in arms]
    return f" with {' and '.join(names)}" if names else ""


def nation_of(role: str) -> str | None:
    """The nation a segment's role names (``side:K``, the K-th of W-ORDER-1), or None."""
    if not role.startswith("side:"):
        return None
    order, k = Q.rules().order, role[5:].partition("+")[0]
    return order[int(k)] if k.isdigit() and int(k) < len(order) else None


def describe(event: Any, state: State) -> Description:
    """The event in words, marked as concerning the players of the nations it names
    (their own nations' doings, and what others did to them): the log's "concerns you"
    and the summary since a player's last turn lead with those."""
    out = _describe(event, state)
    seats: list[int] = []
    for _, role in out:
        nation = nation_of(role)
        seat = state.control.get(nation) if nation is not None else None
        if seat is not None and seat not in seats:
            seats.append(seat)
    return (*out, *(concern(seat) for seat in seats)) if seats else out


def _describe(event: Any, state: State) -> Description:
    e = event
    if isinstance(e, ev.GameSetUp):
        return desc(f"Setup for the {e.game_type} game; play starts in turn {e.turn}")
    if isinstance(e, ev.TurnStarted):
        years = Q.rules().turns[e.turn].get("years", "")
        return desc(f"Turn {e.turn} ({years})")
    if isinstance(e, ev.SequenceStarted):
        return desc(_n(e.nation), "'s sequence")
    if isinstance(e, ev.PhaseStarted):
        return desc(PHASE_NAMES.get(e.phase, f"{e.phase.replace('_', ' ').title()} phase"))
    if isinstance(e, ev.NationReplaced):
        return desc(_n(e.new), " replace the ", _n(e.old))
    if isinstance(e, ev.GrowthFigured):
        return desc(_n(e.nation), f": value {e.value / 2:g}, total {max(e.total, 0) / 2:g}, "
                    f"{counted(e.earned, 'army')} earned, "
                    f"{counted(e.reinforcements, 'reinforcement')}")
    if isinstance(e, ev.ArmiesPlaced):
        return desc(_n(e.nation), f": {counted(e.armies, 'army')} into ", _s(e.space),
                    f" ({e.why})")
    if isinstance(e, ev.ArmiesRemoved):
        return desc(_n(e.nation), f": {e.armies} removed from ", _s(e.space), f" ({e.why})")
    if isinstance(e, ev.GrowthSaved):
        return desc(_n(e.nation), f" save {e.halves / 2:g} growth")
    if isinstance(e, ev.Moved):
        who = counted(e.armies, "army")
        extra = "".join(f" with {Q.rules().leaders[x].name}" for x in e.leaders)
        path = " → ".join(Q.board().name(s) for s in (e.start, *e.path))
        return desc(_n(e.nation), f": {who}{extra} {path}")
    if isinstance(e, ev.LeaderPlaced):
        return desc(_lead(e.leader), " appears in " if not e.held else " waits in ", _s(e.space))
    if isinstance(e, ev.LeaderRemoved):
        return desc(_lead(e.leader), " leaves the game")
    if isinstance(e, ev.LeaderKilled):
        return desc(_lead(e.leader), " is killed by the ", _n(e.by))
    if isinstance(e, ev.BattleStarted):
        return desc("Battle in ", _s(e.space), ": ", _n(e.attacker), " attack the ", _n(e.defender))
    if isinstance(e, ev.BattleRound):
        return desc(("dice " + " ".join(map(str, e.attacker_dice)), "dice"),
                    f" (+{e.attacker_bonus}) v ",
                    ("dice " + " ".join(map(str, e.defender_dice)), "dice"),
                    f" (+{e.defender_bonus}): {counted(e.hits_on_defender, 'hit')}, "
                    f"{e.hits_on_attacker} back")
    if isinstance(e, ev.Losses):
        posts = " and its post" if e.posts else ""
        return desc(_n(e.nation), f" lose {counted(e.armies, 'army')}{posts} in ", _s(e.space))
    if isinstance(e, ev.Retreated):
        return desc(_n(e.nation), f": {e.armies} retreat from ", _s(e.space), " to ", _s(e.to),
                    _with(e.leaders, e.arms))
    if isinstance(e, ev.BattleEnded):
        return desc("Battle in ", _s(e.space), f" over ({e.why})")
    if isinstance(e, ev.VPScored):
        return desc(_n(e.nation), " score ", (f"{e.vp} VP", "vp"), f" ({e.why})")
    if isinstance(e, ev.PostBuilt):
        return desc(_n(e.power), " build a post in ", _s(e.space))
    if isinstance(e, ev.PostRemoved):
        return desc(_n(e.power), " lose their post in ", _s(e.space))
    if isinstance(e, ev.ArmsAssigned):
        if not e.nation:
            return desc(_n(e.power), " withdraw their arms")
        return desc(_n(e.power), " arm the ", _n(e.nation))
    if isinstance(e, ev.RajFixed):
        return desc(_n(e.nation), f" control {counted(e.territories, 'territory')}: Raj {e.vp} VP")
    if isinstance(e, ev.Submitted):
        return desc(_n(e.subject), " submit to the ", _n(e.overlord))
    if isinstance(e, ev.Allied):
        return desc(_n(e.nation), " ally with the British")
    if isinstance(e, ev.TurnEnded):
        return desc(f"End of turn {e.turn}")
    if isinstance(e, ev.GameEnded):
        return desc("Game over: " + ", ".join(f"{'ABCDE'[i]} {t}" for i, t in enumerate(e.totals)))
    if isinstance(e, ev.BattleStage):
        return desc(STAGES.get(e.stage, e.stage), STAGE)
    if isinstance(e, ev.PassageAsked):
        return desc(_n(e.nation), " ask leave to sail the ", _s(e.zone))
    if isinstance(e, ev.PassageAnswered):
        return desc(_n(e.power), " grant passage" if e.yes else " refuse passage")
    if isinstance(e, ev.ConsentAsked):
        return desc(_n(e.power), " ask the ", _n(e.nation), " for a post in ", _s(e.space))
    if isinstance(e, ev.ConsentAnswered):
        return desc("post accepted" if e.yes else "post refused")
    if isinstance(e, ev.Owe):
        return desc(_n(e.nation), f" to decide: {OWED.get(e.kind, e.kind)}")
    if isinstance(e, ev.Declined):
        return desc(_n(e.nation), " decline")
    if isinstance(e, ev.ArmsPlaced):
        return desc(_n(e.power), " arms enter ", _s(e.space))
    if isinstance(e, ev.ArmsReturned):
        return desc(_n(e.power), " arms return")
    if isinstance(e, ev.Checkpoint):
        return desc(_n(e.nation), " hold alone: " + ", ".join(Q.board().name(t)
                                                           for t in e.territories))
    ends: dict[type, str] = {ev.MovementEnded: "Movement over", ev.CombatEnded: "Combat over",
            ev.SequenceEnded: "Sequence over", ev.PostsEnded: "Trading posts done",
            ev.ArmsEnded: "Colonial arms done"}
    return desc(ends.get(type(e), type(e).__name__))


STAGES = {"roll": "next round", "after": "losses taken", "losses": "choose the losses",
          "retreat_def": "defender may retreat", "retreat_att": "attacker may retreat"}
OWED = {"remove": "armies to remove", "leader": "where the leader appears",
        "arms": "where the arms enter", "offer": "submit or ally?", "ally": "the alliance cost",
        "land": "where to land"}
