"""Folding events into the state: the only code that changes a State."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from engine.maharaja import brahmabot as B
from engine.maharaja import components as C
from engine.maharaja import events as ev
from engine.maharaja.queries import board
from engine.maharaja.state import (
    NOBODY,
    PHASE_CHARACTERS,
    PHASE_SETUP,
    PHASE_START_SHRINES,
    City,
    Maharani,
    Pending,
    Phase,
    Player,
    Solo,
    State,
    Task,
    Turn,
)


def new_state(options: Any, seat_count: int) -> State:
    net = board()
    if options.mode == "solo":
        return solo_state(options)
    colours = options.colours or C.COLOURS[:seat_count]
    return State(
        options=options,
        seats=seat_count,
        players=[
            Player(colour=colours[s], coins=C.START_COINS, pp=C.START_PP,
                   shrines=C.START_SHRINES_ON_BOARD,
                   supply=C.SHRINES_PER_COLOUR - C.START_SHRINES_ON_BOARD,
                   statues=C.STATUES_PER_COLOUR)
            for s in range(seat_count)
        ],
        cities={c: City(slots=[NOBODY] * C.SLOTS, shrines=[0] * seat_count)
                for c in net.city_ids},
        villages={v: [] for v in net.villages},
        tokens=C.ACTION_TOKENS,
    )


def solo_state(options: Any) -> State:
    """MJ-BOT-S1, S4: the human's usual setup beside Brahmabot's."""
    human = (options.colours or C.COLOURS)[0]
    bot = next(c for c in C.COLOURS if c != human)
    state = new_state(msgspec.structs.replace(options, mode="standard", colours=(human, bot)), 2)
    state.options = options
    level = B.DIFFICULTIES[options.difficulty]
    robot = state.players[B.BOT_SEAT]
    robot.shrines, robot.supply = C.SHRINES_PER_COLOUR, 0
    robot.coins, robot.pp = level.coins, level.pp
    robot.start_shrines = C.START_SHRINES_PLACED
    return state


def _setup(s: State, e: ev.SetupDrawn) -> None:
    if e.solo is not None:
        _setup_solo(s, e.solo)
    else:
        s.display = list(e.display)
    s.rewards = list(e.rewards) + [None] * (C.REWARD_TRACK_LENGTH - len(e.rewards))
    s.flags = [None] * C.FIRST_FLAG_POSITION + list(e.flags)
    s.first_player = e.first_player
    s.phase = Phase.CHARACTERS
    s.chooser = e.first_player


def _setup_solo(s: State, solo: Solo) -> None:
    """MJ-BOT-S2, S3: Brahmabot takes the top character; three face up; free shrines."""
    # Copy every list: the event stays in the log and must never change with the state.
    s.solo = msgspec.structs.replace(solo, stack=list(solo.stack), deck=list(solo.deck),
                                     drawn=list(solo.drawn), removed=list(solo.removed))
    stack = s.solo.stack
    s.players[B.BOT_SEAT].character = stack.pop(0) if stack else 0
    _refill_row(s)
    for village in _setup_villages(s.solo):
        s.villages[village].append(B.BOT_SEAT)
        s.players[B.BOT_SEAT].shrines -= 1


def _setup_villages(solo: Solo) -> list[str]:
    marks = B.DIFFICULTIES[solo.difficulty].marks
    return [v for mark in marks for v in B.SETUP_TILES[solo.setup_tile][mark]]


def _refill_row(s: State) -> None:
    """MJ-BOT-S2: whenever the row loses a tile, refill it to 3 at the right end."""
    if s.solo is None:
        return
    while len(s.display) < B.ROW and s.solo.stack:
        s.display.append(s.solo.stack.pop(0))
    s.solo.stack_size = len(s.solo.stack)


def _character(s: State, e: ev.CharacterTaken) -> None:
    player = s.players[e.seat]
    if e.from_seat >= 0:
        s.players[e.from_seat].character = 0
        if s.solo is None or e.from_seat != B.BOT_SEAT:
            s.pending.insert(0, Pending(e.from_seat, "lost-character"))
    elif e.number in s.display:
        s.display.remove(e.number)
    if e.returned:
        s.display.append(e.returned)
    player.character = e.number
    _refill_row(s)
    if s.pending and s.pending[0].seat == e.seat and s.pending[0].kind == "lost-character":
        s.pending.pop(0)
    if s.phase == PHASE_CHARACTERS:
        nxt = (e.seat + 1) % s.seats
        if all(p.character for p in s.players):
            s.phase = Phase.START_SHRINES
            s.chooser = NOBODY
        else:
            s.chooser = nxt
    if e.reason == "action" and s.turn is not None:
        _mark_done(s, e)


def _mark_done(s: State, e: Any) -> None:
    task = getattr(e, "task", -1)
    if s.turn is not None and task >= 0:
        s.turn.tasks[task].done = True


def _shrine(s: State, e: ev.ShrineBuilt) -> None:
    player = s.players[e.seat]
    player.coins -= e.cost
    if e.from_supply:
        player.supply -= 1
    else:
        player.shrines -= 1
    if e.place in s.cities:
        s.cities[e.place].shrines[e.seat] += 1
    else:
        s.villages[e.place].append(e.seat)
    if s.phase == PHASE_START_SHRINES and e.reason == PHASE_SETUP:
        player.start_shrines += 1
    if e.task >= 0 and s.turn is not None:
        task = s.turn.tasks[e.task]
        task.shrines -= 1
        if e.place in s.cities:
            task.city_shrine = False  # MJ-ACT-4 is satisfied
    if e.reason == "free shrine" and s.pending and s.pending[0].kind == "free-shrine":
        s.pending.pop(0)


def _shrine_moved(s: State, e: ev.ShrineMoved) -> None:
    if e.source in s.cities:
        s.cities[e.source].shrines[e.seat] -= 1
    else:
        s.villages[e.source].remove(e.seat)
    if e.place in s.cities:
        s.cities[e.place].shrines[e.seat] += 1
    else:
        s.villages[e.place].append(e.seat)


def _statue(s: State, e: ev.StatueBuilt) -> None:
    player = s.players[e.seat]
    player.coins -= e.cost
    player.statues -= 1
    s.cities[e.city].slots[e.slot] = e.seat
    if e.task >= 0 and s.turn is not None:
        s.turn.tasks[e.task].statues -= 1
    # A slot's bonus arrives as its own Gained event (MJ-STAT-4).


def _gained(s: State, e: ev.Gained) -> None:
    # A gain is mostly of one resource: a field set costs far more than a test of zero.
    player = s.players[e.seat]
    if e.coins:
        player.coins += e.coins
    if e.pp:
        player.pp += e.pp
    if e.shrines:
        player.shrines += e.shrines
        player.supply -= e.shrines
    if e.tokens:
        player.tokens += e.tokens
        s.tokens -= e.tokens
    if e.reason == "buy prestige" and s.pending and s.pending[0].kind == "buy-pp":
        s.pending.pop(0)


def _round_started(s: State, e: ev.RoundStarted) -> None:
    s.round = e.round
    s.maharaja = e.city
    s.flags[s.flags.index(e.city)] = None
    s.visited.append(e.city)
    s.phase = Phase.PLANNING
    for player in s.players:
        player.plan = None
        player.planned = False
        player.played = False
    if s.solo is not None:  # MJ-BOT-R1: three tiles, the third face down
        solo = s.solo
        solo.drawn, solo.deck = solo.deck[:3], solo.deck[3:]
        solo.face_down, solo.used, solo.check = 2, "", ""
        s.players[B.BOT_SEAT].planned = True


def _plan(s: State, e: ev.PlanCommitted) -> None:
    player = s.players[e.seat]
    player.plan = e.plan
    player.planned = True
    if all(p.planned for p in s.players):
        s.phase = Phase.ACTIONS


def _turn_started(s: State, e: ev.TurnStarted) -> None:
    plan = s.players[e.seat].plan = e.plan  # two actions, in order (MJ-ROUND-3)
    s.turn = Turn(seat=e.seat, tasks=[new_task(plan[0], "arrow 1"),
                                      new_task(plan[1], "arrow 2")])


_ACTION_SPECS = {int(action): spec for action, spec in C.ACTIONS.items()}


def new_task(action: int, source: str) -> Task:
    spec = _ACTION_SPECS[action]  # by the action's number: no Action() at every turn
    return Task(action=action, source=source, statues=spec.statues, shrines=spec.shrines,
                city_shrine=spec.city_shrine)


def _moved(s: State, e: ev.PriestMoved) -> None:
    players = s.players
    mover = players[e.seat]
    mover.priest = e.stops[-1]
    for seat, coins in e.tolls:
        mover.coins -= coins
        players[seat].coins += coins


def _task_done(s: State, e: ev.TaskDone) -> None:
    _mark_done(s, e)


def _token(s: State, e: ev.TokenSpent) -> None:
    player = s.players[e.seat]
    player.tokens -= 1
    s.tokens += 1
    assert s.turn is not None
    s.turn.token_used = True
    s.turn.tasks.append(new_task(e.action, "token"))


def _ability(s: State, e: ev.AbilityUsed) -> None:
    assert s.turn is not None
    s.turn.abilities_used.append(e.character)
    if e.maharani and C.CHARACTERS[e.character].timing is C.Timing.ONCE:
        # MJ-REW-8: a 1× ability's token is removed when used.
        for m in s.maharanis:
            if m.seat == e.seat and m.character == e.character:
                s.maharanis.remove(m)
                break


def _flag(s: State, e: ev.FlagMoved) -> None:
    flags = s.flags
    if flags[e.target] is None:
        flags[e.target] = e.city
        flags[e.source] = None
    else:
        # MJ-FLAG-1: the flags from the target up to the old position slide right.
        moved = flags[e.target:e.source]
        flags[e.target + 1:e.source + 1] = moved
        flags[e.target] = e.city
    _mark_done(s, e)


def _turn_ended(s: State, e: ev.TurnEnded) -> None:
    s.players[e.seat].played = True
    s.players[e.seat].plan = None
    s.turn = None


def _scored(s: State, e: ev.CityScored) -> None:
    s.phase = Phase.SCORING
    s.scored = (s.round, e.city, tuple(e.ranking))
    s.ranking = list(e.ranking)
    for seat, coins in enumerate(e.coins):
        s.players[seat].coins += coins
    # MJ-SCORE-4; Brahmabot never takes reward tiles (MJ-BOT-R9).
    choosers = [seat for seat in e.ranking if s.solo is None or seat != B.BOT_SEAT]
    s.pending = [Pending(seat, "reward") for seat in choosers] + s.pending


def _reward(s: State, e: ev.RewardTaken) -> None:
    s.rewards[e.source] = None
    if e.target >= 0:  # solo: the tile leaves the game (MJ-BOT-R9)
        s.rewards[e.target] = e.tile
    s.pending.pop(0)
    spec = C.REWARDS[e.tile]
    twice = 2 if _has(s, e.seat, 16) else 1  # MJ-REW-9
    extra: list[Pending] = []
    if spec.buy_pp:
        extra = [Pending(e.seat, "buy-pp", spec.buy_pp) for _ in range(twice)]
    elif spec.free_shrine:
        extra = [Pending(e.seat, "free-shrine") for _ in range(twice)]
    elif spec.maharani:
        extra = [Pending(e.seat, "maharani") for _ in range(twice)]
    s.pending[0:0] = extra


def _has(s: State, seat: int, character: int) -> bool:
    if s.players[seat].character == character:
        return True
    return any(m.seat == seat and m.character == character for m in s.maharanis)


def _reward_passed(s: State, e: ev.RewardPassed) -> None:
    s.pending.pop(0)


def _maharani(s: State, e: ev.MaharaniPlaced) -> None:
    s.maharanis.append(Maharani(e.seat, e.character, e.expires))
    s.pending.pop(0)


def _round_ended(s: State, e: ev.RoundEnded) -> None:
    # MJ-ROUND-6 (a) flags contiguous, ending at p8, order kept.
    left = [f for f in s.flags if f is not None]
    s.flags = [None] * (C.PRE_VISIT - len(left)) + left
    # (b) reward tiles slide down, order kept.
    tiles = [t for t in s.rewards if t is not None]
    s.rewards = tiles + [None] * (C.REWARD_TRACK_LENGTH - len(tiles))
    # (c) Maharani tokens expire.
    s.maharanis = [m for m in s.maharanis if m.expires > e.round]
    s.ranking = []
    s.phase = Phase.BETWEEN_ROUNDS
    if s.solo is not None:  # MJ-BOT-R10
        s.solo.removed.append(s.solo.used)
        s.solo.deck = list(e.deck)
        s.solo.drawn = []


def _brahmabot(s: State, e: ev.BrahmabotTurn) -> None:
    """MJ-BOT-R2, MJ-HIDE-3: only the tile used is turned face up ("S'il s'agit de la
    Tuile qui est face cachée, retournez-la"); an unused face-down tile stays secret."""
    solo = s.solo
    assert solo is not None
    solo.check, solo.used = e.check, e.tile
    if 0 <= solo.face_down < len(solo.drawn) and solo.drawn[solo.face_down] == e.tile:
        solo.face_down = -1


def _reward_discarded(s: State, e: ev.RewardDiscarded) -> None:
    s.rewards[e.position] = None


def _ended(s: State, e: ev.GameEnded) -> None:
    s.final = list(e.final)
    s.winners = list(e.winners)
    for seat, score in enumerate(e.final):
        s.players[seat].pp += score.total
    s.phase = Phase.OVER
    s.turn = None
    s.pending = []


HANDLERS: dict[type, Callable[[State, Any], None]] = {
    ev.SetupDrawn: _setup,
    ev.CharacterTaken: _character,
    ev.ShrineBuilt: _shrine,
    ev.ShrineMoved: _shrine_moved,
    ev.StatueBuilt: _statue,
    ev.Gained: _gained,
    ev.RoundStarted: _round_started,
    ev.PlanCommitted: _plan,
    ev.TurnStarted: _turn_started,
    ev.PriestMoved: _moved,
    ev.TaskDone: _task_done,
    ev.TokenSpent: _token,
    ev.AbilityUsed: _ability,
    ev.FlagMoved: _flag,
    ev.TurnEnded: _turn_ended,
    ev.CityScored: _scored,
    ev.RewardTaken: _reward,
    ev.RewardPassed: _reward_passed,
    ev.MaharaniPlaced: _maharani,
    ev.RoundEnded: _round_ended,
    ev.GameEnded: _ended,
    ev.BrahmabotTurn: _brahmabot,
    ev.RewardDiscarded: _reward_discarded,
}


def apply(state: State, event: Any) -> None:
    HANDLERS[type(event)](state, event)
    turn = state.turn
    if turn is not None:
        turn.travelled = type(event) is ev.PriestMoved
