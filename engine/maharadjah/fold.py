"""The only code that changes a Maharadjah state: one event at a time, no randomness."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.maharadjah import events as ev
from engine.maharadjah import known
from engine.maharadjah.board import the_board
from engine.maharadjah.known import drop
from engine.maharadjah.stacking import carry
from engine.maharadjah.state import (
    COMBAT,
    LAST_TURN,
    MOVE,
    NEXT,
    OVER,
    POSTS,
    START,
    TURN_START,
    Battle,
    PendingMove,
    State,
    Submission,
    Todo,
)


def _add(state: State, space: str, nation: str, n: int) -> None:
    here = state.armies.setdefault(space, {})
    here[nation] = here.get(nation, 0) + n
    if here[nation] <= 0:
        del here[nation]
    if not here:
        del state.armies[space]


def _take_arrived(state: State, space: str, nation: str, n: int,
                  origins: tuple[str, ...] = ()) -> None:
    """Remove ``n`` armies of ``nation`` from ``space``; for the active nation keep the
    entered-from record (W-RET-3) right: the named ``origins`` go first, then armies
    that did not move, then the others."""
    if nation == state.active:
        came = state.arrived.get(space, {})
        unmoved = state.armies.get(space, {}).get(nation, 0) - sum(came.values())
        left = n
        for origin in origins:
            if came.get(origin, 0) > 0:
                came[origin] -= 1
                left -= 1
        from_unmoved = min(left, unmoved)
        left -= from_unmoved
        for origin in sorted(came):
            take = min(came[origin], left)
            came[origin] -= take
            left -= take
        # zero counts stay: the space is still one attackers entered from (W-RET-2)
        if space in state.fresh:
            state.fresh[space] = max(0, min(state.fresh[space], unmoved - from_unmoved))
    _add(state, space, nation, -n)


def _todo_done(state: State, kind: str, nation: str, n: int = 1) -> Todo | None:
    if state.todo and state.todo[0].kind == kind and state.todo[0].nation == nation:
        todo = state.todo[0]
        todo.count -= n
        if todo.count <= 0 and kind != "place":
            state.todo.pop(0)
        return todo
    return None


def _setup(state: State, e: ev.GameSetUp) -> None:
    state.game_type = e.game_type
    state.control = dict(e.control)
    state.turn = e.turn - 1
    for space, nation, n in e.armies:
        _add(state, space, nation, n)
    state.vp = {nation: [0] * (LAST_TURN + 1) for nation in state.control}
    state.growth = {nation: 0 for nation in state.control}
    state.phase = TURN_START


def _turn_started(state: State, e: ev.TurnStarted) -> None:
    state.turn = e.turn
    state.seq = -1
    state.phase = NEXT


def _replaced(state: State, e: ev.NationReplaced) -> None:
    for space, n in e.spaces:
        _add(state, space, e.old, -n)
        _add(state, space, e.new, n)
    state.gone.append(e.old)
    state.growth[e.new] = 0  # W-AMB-11


def _sequence(state: State, e: ev.SequenceStarted) -> None:
    state.active = e.nation
    state.seq = e.seq
    state.raided = []
    state.refused = []
    state.granted = []
    state.pending = None
    state.move_round = 0
    state.phase = START


def _fresh(armies: dict[str, dict[str, int]], nation: str) -> dict[str, int]:
    """The armies of ``nation`` free to move at the start of its Movement Phase. (Apart
    from ``_phase``, which every phase runs: its comprehension's cell is made only for a
    Movement Phase.)"""
    return {s: here[nation] for s, here in armies.items() if here.get(nation, 0) > 0}


def _phase(state: State, e: ev.PhaseStarted) -> None:
    state.phase = e.phase
    if e.phase == MOVE:
        state.move_round = e.move_round
        state.fresh = _fresh(state.armies, state.active)
        state.arrived = {}
        state.moved = []
    elif e.phase == COMBAT:
        state.broken_off = []
        state.fought = []
    elif e.phase == POSTS:
        state.posts_built = 0
        state.post_removed = False


def _leader_placed(state: State, e: ev.LeaderPlaced) -> None:
    if e.held:
        state.held.append(e.leader)
    else:
        if e.leader in state.held:
            state.held.remove(e.leader)
        state.leaders[e.leader] = e.space
        state.leader_turn[e.leader] = state.turn
    if state.todo and state.todo[0].kind == "leader" and state.todo[0].what == e.leader:
        state.todo.pop(0)


def _leader_gone(state: State, e: ev.LeaderRemoved | ev.LeaderKilled) -> None:
    state.leaders.pop(e.leader, None)
    if state.todo and state.todo[0].kind == "leader" and state.todo[0].what == e.leader:
        state.todo.pop(0)  # W-LEAD-2: it never appears
    if e.leader in state.held:
        state.held.remove(e.leader)


def _growth(state: State, e: ev.GrowthFigured) -> None:
    state.todo.append(Todo("place", e.nation, e.placeable, spaces=list(e.spaces),
                           total=e.total, what=str(e.reinforcements)))


def _owe(state: State, e: ev.Owe) -> None:
    state.todo.append(Todo(e.kind, e.nation, e.count, e.what))


def _placed(state: State, e: ev.ArmiesPlaced) -> None:
    _add(state, e.space, e.nation, e.armies)
    if e.why == "growth":
        todo = _todo_done(state, "place", e.nation, e.armies)
        if todo is not None:
            todo.placed[e.space] = todo.placed.get(e.space, 0) + e.armies


def _saved(state: State, e: ev.GrowthSaved) -> None:
    state.growth[e.nation] = e.halves
    if state.todo and state.todo[0].kind == "place" and state.todo[0].nation == e.nation:
        state.todo.pop(0)


def _removed(state: State, e: ev.ArmiesRemoved) -> None:
    if e.armies:
        _take_arrived(state, e.space, e.nation, e.armies)
    if state.todo and state.todo[0].kind == "land" and e.why == "no landing":
        state.todo.pop(0)
    if state.todo and state.todo[0].kind == "remove" and state.todo[0].what == e.why:
        if e.armies:
            _todo_done(state, "remove", e.nation, e.armies)
        else:  # nothing left to remove
            state.todo.pop(0)


def _moved(state: State, e: ev.Moved) -> None:
    end = e.path[-1]
    origin = e.path[-2] if len(e.path) > 1 else e.start
    if e.armies:
        _add(state, e.start, e.nation, -e.armies)
        _add(state, end, e.nation, e.armies)
        state.fresh[e.start] = state.fresh.get(e.start, 0) - e.armies
        came = state.arrived.setdefault(end, {})
        came[origin] = came.get(origin, 0) + e.armies
    for leader in e.leaders:
        state.leaders[leader] = end
        state.moved.append(leader)
    for power in e.arms:
        state.arms_at[power] = end
        state.moved.append(power)


def _passage_asked(state: State, e: ev.PassageAsked) -> None:
    state.pending = PendingMove(e.start, list(e.path), e.armies, list(e.leaders), list(e.arms),
                                list(e.drops))
    for power in e.powers:
        state.todo.append(Todo("passage", power, 1, e.zone))


def _passage_answered(state: State, e: ev.PassageAnswered) -> None:
    state.todo.pop(0)
    if e.yes:
        state.granted.append(f"{e.power}@{e.zone}")
    else:  # one refusal closes the zone to this nation's sea moves this sequence
        state.refused.append(e.zone)
        state.todo = [t for t in state.todo if t.kind != "passage"]
    if not any(t.kind == "passage" for t in state.todo):
        state.pending = None


def _losses(state: State, e: ev.Losses) -> None:
    if e.armies:
        _take_arrived(state, e.space, e.nation, e.armies, e.origins)
    if e.posts:
        state.posts.pop(e.space, None)


def _retreated(state: State, e: ev.Retreated) -> None:
    if e.nation == state.active and e.space in state.arrived:
        came = state.arrived[e.space]
        came[e.to] = max(0, came.get(e.to, 0) - e.armies)
    _add(state, e.space, e.nation, -e.armies)
    _add(state, e.to, e.nation, e.armies)
    for leader in e.leaders:
        state.leaders[leader] = e.to
    for power in e.arms:
        state.arms_at[power] = e.to
    if state.todo and state.todo[0].kind == "land" and state.todo[0].nation == e.nation:
        state.todo[0].count -= e.armies  # W-NAV-3: a landing after a naval attack
        if state.todo[0].count <= 0:
            state.todo.pop(0)


def _battle_started(state: State, e: ev.BattleStarted) -> None:
    state.battle = Battle(e.space, e.attacker, e.defender)


def _round(state: State, e: ev.BattleRound) -> None:
    assert state.battle is not None
    state.battle.rounds += 1


def _stage(state: State, e: ev.BattleStage) -> None:
    assert state.battle is not None
    state.battle.stage = e.stage
    state.battle.hits = e.hits


def _battle_ended(state: State, e: ev.BattleEnded) -> None:
    battle = state.battle
    if battle is not None and battle.space in the_board().seas:
        state.fought.append(battle.space)  # W-NAV-3: one power at a time, once each
        state.broken_off.append(f"{battle.space}/{battle.defender}")
    state.battle = None
    if e.why == "broken off":
        state.broken_off.append(e.space)


def _vp(state: State, e: ev.VPScored) -> None:
    state.vp[e.nation][state.turn] += e.vp


def _post_built(state: State, e: ev.PostBuilt) -> None:
    state.posts[e.space] = e.power
    state.posts_built += 1


def _post_removed(state: State, e: ev.PostRemoved) -> None:
    state.posts.pop(e.space, None)
    if not e.by:
        state.post_removed = True


def _consent_asked(state: State, e: ev.ConsentAsked) -> None:
    state.todo.append(Todo("consent", e.nation, 1, f"{e.power}@{e.space}"))


def _consent_answered(state: State, e: ev.ConsentAnswered) -> None:
    todo = state.todo.pop(0)
    if not e.yes:  # not asked again this sequence
        state.refused.append("post:" + todo.what.split("@")[1])


def _arms_assigned(state: State, e: ev.ArmsAssigned) -> None:
    state.arms_at.pop(e.power, None)
    if e.nation:
        state.arms[e.power] = e.nation
    else:
        state.arms.pop(e.power, None)


def _arms_placed(state: State, e: ev.ArmsPlaced) -> None:
    state.arms_at[e.power] = e.space
    if state.todo and state.todo[0].kind == "arms" and state.todo[0].what == e.power:
        state.todo.pop(0)


def _arms_returned(state: State, e: ev.ArmsReturned) -> None:
    state.arms.pop(e.power, None)
    state.arms_at.pop(e.power, None)
    state.todo = [t for t in state.todo if not (t.kind == "arms" and t.what == e.power)]


def _withdraw(state: State, withdrawals: tuple[tuple[str, str, int], ...],
              nation: str, leaders: tuple[tuple[str, str], ...] = (),
              arms: tuple[tuple[str, str], ...] = ()) -> None:
    """W-SUB-5, W-ALLY-5: the armies leave, their leaders and arms markers with them,
    and none of them moves further this phase."""
    for leader, dst in leaders:
        state.leaders[leader] = dst
        if leader not in state.moved:
            state.moved.append(leader)
    for power, dst in arms:
        state.arms_at[power] = dst
        if power not in state.moved:
            state.moved.append(power)
    for src, dst, n in withdrawals:
        came = state.arrived.get(src, {})
        for origin in sorted(came):
            take = min(came[origin], n)
            came[origin] -= take
        state.fresh[src] = 0
        _add(state, src, nation, -n)
        _add(state, dst, nation, n)


def _pop_offer(state: State, nation: str) -> None:
    if state.todo and state.todo[0].nation == nation and state.todo[0].kind in ("offer", "ally"):
        state.todo.pop(0)


def _declined(state: State, e: ev.Declined) -> None:
    _pop_offer(state, e.nation)


def _submitted(state: State, e: ev.Submitted) -> None:
    _pop_offer(state, e.subject)
    state.submissions.append(Submission(e.subject, e.overlord, list(e.territories)))
    _withdraw(state, e.withdrawals, e.overlord, e.leaders, e.arms)
    if state.battle is not None and state.battle.space in e.territories:
        state.battle = None


def _allied(state: State, e: ev.Allied) -> None:
    _pop_offer(state, e.nation)
    state.allies.append(e.nation)
    if e.cost == "marker":
        state.marker_boxed.append(e.nation)
        state.growth[e.nation] = 0
    else:
        _add(state, e.space, e.nation, -1)
        state.boxed[e.nation] = state.boxed.get(e.nation, 0) + 1
    _withdraw(state, e.withdrawals, state.active, e.leaders, e.arms)
    if state.battle is not None and {state.battle.attacker, state.battle.defender} <= {
            "BRITISH", *state.allies}:
        state.battle = None


def _checkpoint(state: State, e: ev.Checkpoint) -> None:
    state.raided = sorted(set(state.raided) | set(e.territories))


def _raj(state: State, e: ev.RajFixed) -> None:
    state.raj[e.nation] = e.vp


def _sequence_ended(state: State, e: ev.SequenceEnded) -> None:
    state.phase = NEXT
    state.active = ""
    state.fresh = {}
    state.arrived = {}
    state.moved = []


def _turn_ended(state: State, e: ev.TurnEnded) -> None:
    state.submissions = []
    state.raj = {}
    state.phase = TURN_START


def _game_ended(state: State, e: ev.GameEnded) -> None:
    state.phase = OVER
    state.winners = list(e.winners)


def _nothing(state: State, e: Any) -> None:
    pass


HANDLERS: dict[type, Callable[[State, Any], None]] = {
    ev.GameSetUp: _setup,
    ev.TurnStarted: _turn_started,
    ev.NationReplaced: _replaced,
    ev.SequenceStarted: _sequence,
    ev.PhaseStarted: _phase,
    ev.LeaderRemoved: _leader_gone,
    ev.LeaderPlaced: _leader_placed,
    ev.LeaderKilled: _leader_gone,
    ev.GrowthFigured: _growth,
    ev.Owe: _owe,
    ev.Checkpoint: _checkpoint,
    ev.BattleStage: _stage,
    ev.ArmiesPlaced: _placed,
    ev.GrowthSaved: _saved,
    ev.ArmiesRemoved: _removed,
    ev.Moved: _moved,
    ev.MovementEnded: _nothing,
    ev.PassageAsked: _passage_asked,
    ev.PassageAnswered: _passage_answered,
    ev.BattleStarted: _battle_started,
    ev.BattleRound: _round,
    ev.Losses: _losses,
    ev.Retreated: _retreated,
    ev.BattleEnded: _battle_ended,
    ev.CombatEnded: _nothing,
    ev.VPScored: _vp,
    ev.PostBuilt: _post_built,
    ev.PostRemoved: _post_removed,
    ev.ConsentAsked: _consent_asked,
    ev.ConsentAnswered: _consent_answered,
    ev.PostsEnded: _nothing,
    ev.ArmsAssigned: _arms_assigned,
    ev.ArmsPlaced: _arms_placed,
    ev.ArmsReturned: _arms_returned,
    ev.ArmsEnded: _nothing,
    ev.Submitted: _submitted,
    ev.Declined: _declined,
    ev.Allied: _allied,
    ev.RajFixed: _raj,
    ev.SequenceEnded: _sequence_ended,
    ev.TurnEnded: _turn_ended,
    ev.GameEnded: _game_ended,
}


def apply(state: State, event: Any) -> None:
    if type(event) is ev.Moved:
        _moved_keeping_inputs(state, event)
        return
    drop(id(state), None)  # known.forget
    HANDLERS[type(event)](state, event)


def _moved_keeping_inputs(state: State, e: ev.Moved) -> None:
    """A move of the active nation changes nothing its searches read
    (``movement.search_inputs``: the other nations' armies and where they are overrun)
    unless it overruns the space it enters (W-MOVE-5): their inputs are kept for the
    position after it, so the next listing does not read the whole map again, and so
    is the stacking judgement, carried through the move (``stacking.carry``) rather
    than made anew."""
    inputs = judged = None
    if e.nation == state.active:
        values = known.kept(state)  # (read once: the state is asked once)
        inputs = values.get("inputs")
        here = state.armies.get(e.path[-1])
        if inputs is not None and here and not (len(here) == 1 and e.nation in here):
            # enemies there: the inputs hold while the space stays overrun or not
            # (every count summed in C, the nation's taken off: no generator's cell of
            # ``e`` at every move)
            enemies = 2 * (sum(here.values()) - here.get(e.nation, 0))
            came = state.arrived.get(e.path[-1])
            before = sum(came.values()) if came else 0
            if (before >= enemies) != (before + e.armies >= enemies):
                inputs = None
        if inputs is not None:
            judged = values.get("judgement")
    drop(id(state), None)  # known.forget
    _moved(state, e)
    if inputs is not None:
        kept = known.of(state)
        kept["inputs"] = inputs
        if judged is not None:
            # leaders alone change nothing the judgement reads (the armies' places)
            after = judged if not e.armies else carry(judged, state, e.start, e.path[-1])
            if after is not None:
                kept["judgement"] = after
