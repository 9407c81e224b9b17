"""decide: validate an intent into events, or refuse citing the W- rule. Never mutates."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection
from typing import Any, get_args

from engine.core.errors import Forbidden, OutOfTurn, Refused
from engine.maharadjah import combat, diplomacy, flow, legal, scoring, stacking
from engine.maharadjah import events as ev
from engine.maharadjah import intents as it
from engine.maharadjah import queries as Q
from engine.maharadjah.movement import Group, walk_drops, walk_path
from engine.maharadjah.state import LOSSES, RETREAT_ATT, RETREAT_DEF, ROLL, Phase, State


def _need(ok: bool, rule: str, text: str) -> None:
    if not ok:
        raise Forbidden(rule, text)


INTENTS = get_args(it.Intent)


def decide(state: State, seat: int, intent: Any) -> list[Any]:
    return _decided(state, seat, intent, False)


def _decided(state: State, seat: int, intent: Any, listed: bool) -> list[Any]:
    """``decide``; ``listed``: the intent was listed for this very state
    (``decide_listed``), so the rules' checks, which it passes, are not asked again (the
    events are the same: each handler makes them alike either way)."""
    if not listed:
        if seat not in Q.to_move(state):
            raise OutOfTurn("W-SEQ-2", "it is not this seat's decision now")
        if not isinstance(intent, INTENTS):
            raise OutOfTurn("W-SEQ-1", f"{type(intent).__name__} is not a Maharadjah decision")
    if isinstance(intent, (it.Submit, it.Ally)):
        return diplomacy.decide(state, seat, intent)
    if state.todo:
        return _owed(state, intent, listed)
    if state.battle is not None:
        return _battle(state, intent, listed)
    handler = _BY_PHASE.get(state.phase)
    if handler is None:
        raise OutOfTurn("W-SEQ-1", "nothing can be decided now")
    return handler(state, intent, listed)


# ----------------------------------------------------------------- owed decisions
def _owed(state: State, intent: Any, listed: bool) -> list[Any]:
    todo = state.todo[0]
    name = Q.board().name
    if todo.kind == "place":
        if not listed:
            _need(isinstance(intent, it.PlaceArmy), "W-GROW-6", "place the new armies first")
            options = legal.place_spaces(state)
            if intent.space not in options:
                if intent.space not in todo.spaces:
                    raise Forbidden("W-GROW-6", f"new armies go where the {todo.nation.title()} "
                                                "had armies at the start of the phase")
                if not Q.can_add(state, todo.nation, intent.space):
                    raise Forbidden("W-STACK-4", f"{name(intent.space)} is full (W-STACK-1)")
                raise Forbidden("W-GROW-6", "one new army per territory before any gets two")
        return [ev.ArmiesPlaced(nation=todo.nation, space=intent.space, armies=1, why="growth")]
    if todo.kind == "leader":
        leader = Q.rules().leaders[todo.what]
        if not listed:
            _need(isinstance(intent, it.PlaceLeader), "W-LEAD-2", "place the leader first")
            _need(intent.space in legal.leader_spaces(state, leader), "W-LEAD-2",
                  f"{leader.name} appears with an army or post of the {leader.nation.title()}")
        return [flow._leader_placed(state, leader, intent.space)]
    if todo.kind == "arms":
        if not listed:
            _need(isinstance(intent, it.PlaceArms), "W-ARMS-3", "place the arms marker first")
            _need(intent.space in Q.territories_with_armies(state, todo.nation), "W-ARMS-3",
                  f"the marker enters where the {todo.nation.title()} have armies")
        return [ev.ArmsPlaced(power=todo.what, space=intent.space)]
    if todo.kind == "remove":
        if not listed:
            rule = "W-OVP-1" if todo.what == "overpopulation" else "W-SCHED-8"
            _need(isinstance(intent, it.RemoveArmy), rule, "remove the armies first")
            _need(Q.count(state, intent.space, todo.nation) > 0, rule,
                  f"no {todo.nation.title()} army in {name(intent.space)}")
        return [ev.ArmiesRemoved(nation=todo.nation, space=intent.space, armies=1, why=todo.what)]
    if todo.kind == "offer":
        if not listed:
            _need(isinstance(intent, it.Stand), "W-SUB-4", "submit, ally or decline")
        return [ev.Declined(nation=todo.nation)]
    if todo.kind == "passage":
        if not listed:
            _need(isinstance(intent, it.AnswerConsent), "W-BOAT-6", "answer the passage request")
        out = [ev.PassageAnswered(power=todo.nation, zone=todo.what, yes=intent.yes)]
        last = sum(t.kind == "passage" for t in state.todo) == 1
        if intent.yes and last and state.pending is not None:
            p = state.pending
            out += moved(state, state.active, p.start, tuple(p.path), p.armies,
                         tuple(p.leaders), tuple(p.arms), tuple(p.drops))
        return out
    if todo.kind == "land":
        if not listed:
            _need(isinstance(intent, it.PlaceArmy), "W-NAV-3", "land the armies at sea first")
            _need(intent.space in legal.landing_spaces(state), "W-NAV-3",
                  f"{name(intent.space)} is not a vacant or own coast of the {name(todo.what)}")
        leaders, arms = combat.followers(state, todo.nation, todo.what, 1)
        return [ev.Retreated(nation=todo.nation, space=todo.what, to=intent.space, armies=1,
                             leaders=leaders, arms=arms)]
    if todo.kind == "consent":
        if not listed:
            _need(isinstance(intent, it.AnswerConsent), "W-POST-5",
                  "answer the post request first")
        power, space = todo.what.split("@")
        answered: list[Any] = [ev.ConsentAnswered(yes=intent.yes)]
        return answered + ([ev.PostBuilt(power=power, space=space)] if intent.yes else [])
    raise OutOfTurn("W-SEQ-1", "nothing can be decided now")


# ------------------------------------------------------------------- movement
def _movement(state: State, intent: Any, listed: bool) -> list[Any]:
    if isinstance(intent, it.EndMovement):
        refusal = None if listed else legal.end_movement_refusal(state)
        if refusal is not None:
            raise refusal
        return legal.end_movement(state)
    _need(isinstance(intent, it.Move), "W-MOVE-1", "move, or end the Movement Phase")
    nation = state.active
    name = Q.board().name
    start = intent.start
    fresh = state.fresh.get(start, 0)
    _need(0 <= intent.armies <= fresh, "W-MOVE-1",
          f"only {fresh} {nation.title()} armies in {name(start)} have not moved" if fresh
          else f"the {nation.title()} armies in {name(start)} have moved this phase "
               "(each army moves once)")
    for lead in intent.leaders:
        _need(lead in state.leaders and state.leaders[lead] == start
              and Q.leader_nation(lead) == nation and lead not in state.moved, "W-LEAD-3",
              f"{lead.title()} is not an unmoved leader of the {nation.title()} there")
    for power in intent.arms:
        _need(state.arms_at.get(power) == start and state.arms.get(power) == nation
              and power not in state.moved, "W-ARMS-5", "that arms marker is not there, unmoved")
    _need(not intent.arms or intent.armies > 0, "W-ARMS-5",
          "an arms marker moves only with armies")
    _need(intent.armies > 0 or bool(intent.leaders), "W-MOVE-1", "move at least one piece")
    _need(len(set(intent.leaders)) == len(intent.leaders)
          and len(set(intent.arms)) == len(intent.arms), "W-MOVE-1", "a piece named twice")
    group = Group(nation, start, intent.armies, tuple(intent.leaders), tuple(intent.arms))
    drops = tuple(intent.drops)
    if any(drops):
        walk = walk_drops(state, group, tuple(intent.path), drops)
    else:
        drops = ()
        walk = walk_path(state, group, tuple(intent.path))
    stacked = stacking.refusal(state, start, legal.move_ends(intent))  # W-STACK-3
    if stacked is not None:
        raise stacked
    if walk.sea and walk.pos != walk.sea:  # a sea move (W-BOAT-6): the powers' leave
        asked = tuple(p for p in Q.enemies_in(state, walk.sea, nation)
                      if Q.is_colonial(p) and not Q.same_player(state, p, nation)
                      and f"{p}@{walk.sea}" not in state.granted)
        if asked:
            return [ev.PassageAsked(nation=nation, zone=walk.sea, powers=asked, start=start,
                                    path=tuple(intent.path), armies=intent.armies,
                                    leaders=tuple(intent.leaders), arms=tuple(intent.arms),
                                    drops=drops)]
    return moved(state, nation, start, tuple(intent.path), intent.armies,
                 tuple(intent.leaders), tuple(intent.arms), drops)


def decide_listed(state: State, seat: int, intent: Any) -> list[Any]:
    """``decide`` for an intent the listing made for this very state (or a move with
    stops on the way its maker checked with ``walk_drops`` and W-STACK-3): a move, most
    decisions of a game, is not walked or judged for stacking again; what it sails
    past still asks the colonial powers' leave (W-BOAT-6)."""
    if type(intent) is not it.Move:
        return _decided(state, seat, intent, True)
    drops = tuple(intent.drops) if any(intent.drops) else ()
    nation = state.active
    path = tuple(intent.path)
    seas = Q.board().seas
    # (most moves cross no sea zone: asked in C before the walk along the path)
    if not Q.is_colonial(nation) and path[-1] not in seas and not seas.keys().isdisjoint(path):
        asked = _passage(state, nation, path, seas)
        if asked:  # a sea move (W-BOAT-2) past colonial armies
            zone, powers = asked
            return [ev.PassageAsked(nation=nation, zone=zone, powers=powers,
                                    start=intent.start, path=path, armies=intent.armies,
                                    leaders=tuple(intent.leaders),
                                    arms=tuple(intent.arms), drops=drops)]
    return moved(state, nation, intent.start, path, intent.armies, tuple(intent.leaders),
                 tuple(intent.arms), drops)


def _passage(state: State, nation: str, path: tuple[str, ...],
             seas: Collection[str]) -> tuple[str, tuple[str, ...]] | None:
    """The sea zone of a move's path (W-BOAT-2: its one) and the colonial powers whose
    leave its sailing past their armies asks (W-BOAT-6), or None when none is asked.
    (Apart from ``decide_listed``, which every decision runs: its comprehensions' cells
    are made only for a move that crosses a sea zone.)"""
    zone = next((space for space in path if space in seas), "")
    if not zone:
        return None
    asked = tuple(p for p in Q.enemies_in(state, zone, nation)
                  if Q.is_colonial(p) and not Q.same_player(state, p, nation)
                  and f"{p}@{zone}" not in state.granted)
    return (zone, asked) if asked else None


def moved(state: State, nation: str, start: str, path: tuple[str, ...], armies: int,
          leaders: tuple[str, ...], arms: tuple[str, ...],
          drops: tuple[int, ...] = ()) -> list[Any]:
    out: list[Any] = []
    rest = armies - sum(drops)
    # the spaces armies enter: the whole path, or up to the last stop (W-LEAD-3)
    reached = len(path) if rest else max((i + 1 for i, d in enumerate(drops) if d), default=0)
    if armies:  # W-MOVE-11, W-LEAD-7 (a): lone enemy leaders die as armies enter
        placed = state.leaders.values()  # (most spaces hold none: no call for them)
        for space in path[:reached]:
            if space not in placed:
                continue
            for lead in Q.leaders_at(state, space):
                owner = Q.leader_nation(lead)
                if (owner != nation and not Q.count(state, space, owner)
                        and state.posts.get(space) != owner):
                    out += legal.kill_credit(state, nation, lead)
    if drops:  # (most moves stop nowhere on the way)
        out += _stops(nation, start, path, drops)
    return out + [ev.Moved(nation=nation, start=start, path=path, armies=rest, leaders=leaders,
                           arms=arms)]


def _stops(nation: str, start: str, path: tuple[str, ...],
           drops: tuple[int, ...]) -> list[Any]:
    """The moves of the armies a move drops on its way (W-LEAD-3). (Apart from
    ``moved``: its comprehension's cells are made only for a move with stops.)"""
    return [ev.Moved(nation=nation, start=start, path=path[:i + 1], armies=d)
            for i, d in enumerate(drops) if d]


# --------------------------------------------------------------------- combat
def _combat(state: State, intent: Any, listed: bool) -> list[Any]:
    must = () if listed else combat.compulsory(state)
    if isinstance(intent, it.EndCombat):
        _need(not must, "W-CMB-1", "every battle must be fought: "
              + ", ".join(Q.board().name(s) for s, _ in must))
        return flow.end_combat(state)
    if not listed:
        _need(isinstance(intent, it.Fight), "W-CMB-1",
              "choose a battle or end the Combat Phase")
        key = (intent.space, intent.enemy)
        if key not in must and key not in combat.optional(state):
            raise Forbidden("W-CMB-2", f"no battle against the {intent.enemy.title()} in "
                                       f"{Q.board().name(intent.space)}")
    return [ev.BattleStarted(space=intent.space, attacker=state.active, defender=intent.enemy)]


def _battle(state: State, intent: Any, listed: bool) -> list[Any]:
    battle = state.battle
    assert battle is not None
    if battle.stage == LOSSES:
        if not listed:
            _need(isinstance(intent, it.TakeLosses), "W-CMB-6", "choose which armies were hit")
            have = combat.loss_choices(state, battle)
            want = Counter(intent.origins)
            _need(sum(want.values()) == battle.hits and all(have.get(o, 0) >= n
                                                            for o, n in want.items()),
                  "W-CMB-6", f"name {battle.hits} hit armies by the space they came from")
        origins = tuple(sorted(intent.origins))
        return [ev.Losses(space=battle.space, nation=battle.attacker, armies=battle.hits,
                          origins=origins,
                         by=battle.defender),
                *scoring.kill_armies(state, battle.defender, battle.attacker, battle.hits),
                ev.BattleStage(stage="after")]
    if isinstance(intent, it.Stand):
        nxt = RETREAT_ATT if battle.stage == RETREAT_DEF else ROLL
        return [ev.BattleStage(stage=nxt)]
    if isinstance(intent, it.BreakOff):
        if not listed:
            _need(battle.stage == RETREAT_ATT and combat.lone_post(state, battle), "W-POST-9",
                  "only an attack on a lone post can be broken off")
        return combat.end(state, "broken off")
    nation = battle.defender if battle.stage == RETREAT_DEF else battle.attacker
    if not listed:
        _need(isinstance(intent, it.Retreat), "W-RET-1", "retreat or stand")
        if battle.stage == RETREAT_DEF:
            _need(intent.to in combat.defender_retreats(state), "W-RET-2",
                  f"the {nation.title()} may not retreat to {Q.board().name(intent.to)}")
        else:
            room = combat.attacker_retreats(state)
            _need(room.get(intent.to, 0) >= intent.armies, "W-RET-3",
                  "an attacking army retreats only to the space it entered from")
        _need(1 <= intent.armies <= Q.count(state, battle.space, nation), "W-RET-1",
              "retreat at least one of the armies in the battle")
        _need(Q.can_add(state, nation, intent.to, intent.armies), "W-STACK-4",
              f"{Q.board().name(intent.to)} cannot take them (W-STACK-1)")
    leaders, arms = combat.followers(state, nation, battle.space, intent.armies, intent.escort)
    if not listed:
        _need(not intent.escort or bool(leaders or arms), "W-RET-5",
              f"no leader or arms marker of the {nation.title()} to go with them")
    return [ev.Retreated(nation=nation, space=battle.space, to=intent.to, armies=intent.armies,
                         leaders=leaders, arms=arms)]


# ------------------------------------------------------------- posts and arms
def _posts(state: State, intent: Any, listed: bool) -> list[Any]:
    power = state.active
    if isinstance(intent, it.EndPosts):
        return [ev.PostsEnded(power=power), ev.PhaseStarted(phase=Phase.ARMS)]
    if isinstance(intent, it.RemovePost):
        if not listed:
            _need(state.posts.get(intent.space) == power, "W-POST-6",
                  f"no {power.title()} post in {Q.board().name(intent.space)}")
            _need(state.posts_built == 0 and not state.post_removed, "W-POST-6",
                  "one post may be removed, before building")
        return [ev.PostRemoved(power=power, space=intent.space)]
    if not listed:
        _need(isinstance(intent, it.BuildPost), "W-POST-1",
              "build, remove a post or end the phase")
        refusal = legal.build_refusal(state, intent.space)
        if refusal is not None:
            raise refusal
    holder = legal.consent_needed(state, intent.space)
    if holder is not None:
        return [ev.ConsentAsked(power=power, space=intent.space, nation=holder)]
    return [ev.PostBuilt(power=power, space=intent.space)]


def _arms(state: State, intent: Any, listed: bool) -> list[Any]:
    power = state.active
    if isinstance(intent, it.EndArms):
        return [ev.ArmsEnded(power=power), ev.PhaseStarted(phase=Phase.VP)]
    if not listed:
        _need(isinstance(intent, it.AssignArms), "W-ARMS-1",
              "assign the arms marker or end the phase")
        if intent.nation:
            _need(intent.nation != state.arms.get(power), "W-ARMS-2",
                  "it already holds the marker")
            _need(intent.nation in state.control and not Q.is_colonial(intent.nation),
                  "W-ARMS-2", "a power arms only an Indian nation")
            _need(legal.arms_ok(state, power, intent.nation), "W-ARMS-1",
                  f"the {intent.nation.title()} need an army on a {power.title()} post, and "
                  f"the {power.title()} an army on land")
        else:
            _need(power in state.arms, "W-ARMS-2", "the marker is not assigned")
    return [ev.ArmsAssigned(power=power, nation=intent.nation), ev.ArmsEnded(power=power),
            ev.PhaseStarted(phase=Phase.VP)]


def is_legal(state: State, seat: int, intent: Any) -> bool:
    """True when the rules accept ``intent`` from ``seat`` now."""
    try:
        decide(state, seat, intent)
    except Refused:
        return False
    return True


# the decisions of the phases in which the active nation decides, by phase (made once:
# ``_decided`` asks it at every decision but a move)
_BY_PHASE: dict[Phase, Callable[[State, Any, bool], list[Any]]] = {
    Phase.MOVE: _movement, Phase.COMBAT: _combat, Phase.POSTS: _posts, Phase.ARMS: _arms}
