"""Deciding: intents validated into events, and the events no one decides.

Every function here reads the state and never changes it; a refusal raises a
Refused citing the rule id (MJ-…).
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import Any

from engine.core import draw
from engine.core.errors import Forbidden, OutOfTurn
from engine.maharaja import components as C
from engine.maharaja import events as ev
from engine.maharaja import intents as it
from engine.maharaja import solo
from engine.maharaja.board import slot_bonus
from engine.maharaja.queries import (
    available_rewards,
    board,
    builds_anywhere,
    character_holder,
    free_slots,
    has_ability,
    maharani_for,
    next_turn_seat,
    pp_gain,
    route_tolls,
    shrine_cost,
    statue_cost,
    task_discount,
    village_open_for,
)
from engine.maharaja.scoring import (
    city_coins,
    city_ranking,
    final_scores,
    game_should_end,
    winners,
)
from engine.maharaja.state import (
    PHASE_ACTIONS,
    PHASE_BETWEEN_ROUNDS,
    PHASE_CHARACTERS,
    PHASE_PLANNING,
    PHASE_SCORING,
    PHASE_SETUP,
    PHASE_START_SHRINES,
    Pending,
    State,
    Task,
    Turn,
)

Events = list[Any]


def refuse(rule: str, reason: str) -> Forbidden:
    return Forbidden(rule, reason)


# ------------------------------------------------------------------ whose move
def start_shrine_seat(state: State) -> int | None:
    """MJ-SETUP-6: in character order, one shrine each, until each placed 4."""
    # the first seat of the fewest shrines placed, then the lowest character (a loop,
    # not min() over a key function: every setup decision asks three or four times)
    seat, least = None, None
    for s, p in enumerate(state.players):
        if p.start_shrines < C.START_SHRINES_PLACED and (
            least is None or (p.start_shrines, p.character) < least
        ):
            seat, least = s, (p.start_shrines, p.character)
    return seat




def to_move(state: State) -> tuple[int, ...]:
    if state.pending:
        return (state.pending[0].seat,)
    phase = state.phase
    if phase == PHASE_ACTIONS and state.turn is not None:  # first: most decisions are here
        return (state.turn.seat,)
    if phase == PHASE_CHARACTERS:
        return (state.chooser,)
    if phase == PHASE_START_SHRINES:
        seat = start_shrine_seat(state)
        return () if seat is None else (seat,)
    if phase == PHASE_PLANNING:
        return tuple(s for s, p in enumerate(state.players) if not p.planned)
    return ()


# ------------------------------------------------------------------ automatic
def automatic(state: State, rng: Random) -> Events:
    phase = state.phase
    if phase == PHASE_ACTIONS and state.turn is not None and not state.pending:
        return []  # a turn under way (most steps): nothing happens until its seat decides
    if phase == PHASE_SETUP:
        return [solo.setup_draw(state, rng) if state.solo is None and state.options.mode == "solo"
                else setup_draw(state, rng)]
    if state.pending:
        return pass_impossible(state)
    if phase == PHASE_START_SHRINES and start_shrine_seat(state) is None:
        return [start_round(state)]
    if phase == PHASE_ACTIONS and state.turn is None:
        seat = next_turn_seat(state)
        if seat is not None and state.solo is not None and seat == solo.BOT:
            return solo.bot_turn(state)
        if seat is not None:
            plan = state.players[seat].plan
            assert plan is not None
            return [ev.TurnStarted(seat=seat, plan=plan)]
        return score_city(state)
    if phase == PHASE_SCORING:
        deck = solo.reshuffle(state, rng) if state.solo is not None else ()
        return [ev.RoundEnded(round=state.round, deck=deck)]
    if phase == PHASE_BETWEEN_ROUNDS:
        if game_should_end(state):
            return [end_game(state)]
        return [start_round(state)]
    return []


def setup_draw(state: State, rng: Random) -> ev.SetupDrawn:
    """MJ-SETUP-1..3, 5: the seeded draws of the setup."""
    count = state.seats + 3
    display: tuple[int, ...]
    if state.options.first_game and state.seats == 4:
        display = C.FIRST_GAME_CHARACTERS
    else:
        display = tuple(sorted(draw.sample(rng, sorted(C.CHARACTERS), count)))
    rewards = list(C.REWARDS)
    draw.shuffle(rng, rewards)
    flags = list(board().city_ids)
    draw.shuffle(rng, flags)
    return ev.SetupDrawn(display=tuple(display), rewards=tuple(rewards), flags=tuple(flags),
                         first_player=draw.randrange(rng, state.seats))


def start_round(state: State) -> ev.RoundStarted:
    """MJ-ROUND-1: the Maharaja goes to the city of the leftmost pre-visit flag."""
    city = next(f for f in state.flags if f is not None)
    return ev.RoundStarted(round=state.round + 1, city=city)


def score_city(state: State) -> Events:
    """MJ-SCORE-1..4 and MJ-VAR-R1."""
    if state.solo is not None:
        return solo.score_city(state)
    city = state.maharaja
    assert city is not None
    cps, order = city_ranking(state, city)
    coins = city_coins(state, cps, order)
    out: Events = [ev.CityScored(city=city, cp=tuple(cps), ranking=tuple(order),
                                 coins=tuple(coins))]
    if order and state.options.has("R1"):
        out.append(ev.Gained(seat=order[0], reason="first in city scoring (R1)",
                             pp=pp_gain(state, order[0], 1)))
    return out


def pass_impossible(state: State) -> Events:
    """A pending decision with nothing to choose resolves itself."""
    pending = state.pending[0]
    player = state.players[pending.seat]
    impossible = (
        (pending.kind == "reward" and not available_rewards(state))
        or (pending.kind == "free-shrine" and player.shrines == 0)
        or (pending.kind == "maharani" and not maharani_targets(state, pending.seat))
    )
    return [ev.RewardPassed(seat=pending.seat)] if impossible else []


def maharani_targets(state: State, seat: int) -> list[int]:
    if len(state.maharanis) >= C.MAHARANI_TOKENS:
        return []
    mine = {m.character for m in state.maharanis if m.seat == seat}
    return [c for c in state.display if c not in mine]


def end_game(state: State) -> ev.GameEnded:
    final = final_scores(state)
    if state.solo is not None:
        final = solo.final_scores(state, final[solo.HUMAN])
        return ev.GameEnded(final=tuple(final), winners=tuple(solo.winners(state, final)))
    return ev.GameEnded(final=tuple(final), winners=tuple(winners(state, final)))


# ------------------------------------------------------------------ deciding
def decide(state: State, seat: int, intent: Any) -> Events:
    handler = DECIDERS.get(type(intent))
    if handler is None:
        raise OutOfTurn("CORE-4", f"{type(intent).__name__} is not a Maharaja intent")
    return handler(state, seat, intent)


def decide_listed(state: State, seat: int, intent: Any) -> Events:
    """``decide`` for an intent the listing made for this very state: a priest's move,
    most decisions of a game, is not checked again (its road walk, open roads and tolls
    were the listing's); the others are decided as ever."""
    if type(intent) is it.MovePriest:
        stops, villages = board().walk(state.players[seat].priest, intent.route)
        return [ev.PriestMoved(seat=seat, route=intent.route, stops=stops,
                               tolls=route_tolls(state, seat, villages))]
    return decide(state, seat, intent)


def _choose_character(state: State, seat: int, i: it.ChooseCharacter) -> Events:
    pending = state.pending[0] if state.pending else None
    if pending is not None and pending.kind == "lost-character" and pending.seat == seat:
        if i.number not in state.display:
            raise refuse("MJ-CHAR-2", f"character {i.number} is not in the display")
        return [ev.CharacterTaken(seat=seat, number=i.number, reason="lost")]
    if state.phase != PHASE_CHARACTERS:
        raise refuse("MJ-SETUP-5", "characters are chosen only at setup")
    if seat != state.chooser:
        raise refuse("MJ-SETUP-5", "another player chooses a character now")
    if i.number not in state.display:
        raise refuse("MJ-SETUP-5", f"character {i.number} is not in the display")
    return [ev.CharacterTaken(seat=seat, number=i.number, reason="setup")]


def _start_shrine(state: State, seat: int, i: it.PlaceStartShrine) -> Events:
    if state.phase != PHASE_START_SHRINES:
        raise refuse("MJ-SETUP-6", "starting shrines are placed only at setup")
    if start_shrine_seat(state) != seat:
        raise refuse("MJ-SETUP-6", "another player places a starting shrine now")
    if i.village not in state.villages:
        raise refuse("MJ-SETUP-6", f"{i.village} is not a village")
    problem = village_open_for(state, seat, i.village)
    if problem:
        raise Forbidden(*problem.split(": ", 1))
    return [ev.ShrineBuilt(seat=seat, place=i.village, cost=0, reason="setup")]


def _plan(state: State, seat: int, i: it.CommitPlan) -> Events:
    if state.phase != PHASE_PLANNING:
        raise refuse("MJ-ROUND-2", "plans are set only in the planning phase")
    if state.players[seat].planned:
        raise refuse("MJ-ROUND-2", "your plan is already committed")
    for action in (i.first, i.second):
        if action not in C.ACTIONS:
            raise refuse("MJ-ACT-1", f"there is no action {action} on the disc (1–9)")
    return [ev.PlanCommitted(seat=seat, plan=(i.first, i.second))]


def _turn(state: State, seat: int) -> Turn:
    turn = state.turn
    if state.phase != PHASE_ACTIONS or turn is None or state.pending:
        raise OutOfTurn("MJ-ROUND-3", "this can only be done during your turn")
    if turn.seat != seat:
        raise OutOfTurn("MJ-ROUND-3", "it is not your turn")
    return turn


def _task(state: State, seat: int, index: int) -> Task:
    turn = _turn(state, seat)
    if not 0 <= index < len(turn.tasks):
        raise refuse("MJ-ACT-10", "no such planned action this turn")
    return turn.tasks[index]


def _move(state: State, seat: int, i: it.MovePriest) -> Events:
    _turn(state, seat)
    net = board()
    if not i.route:
        raise refuse("MJ-MOVE-1", "a move needs at least one road")
    try:
        stops, villages = net.walk(state.players[seat].priest, i.route)
    except ValueError as problem:  # an unknown road is named as such first
        unknown = [road for road in i.route if road not in net.roads]
        if unknown:
            raise refuse("MJ-MOVE-1", f"there is no road {unknown[0]}") from None
        raise refuse("MJ-MOVE-1", str(problem)) from None
    if not all(map(state.villages.__getitem__, villages)):  # the walk passes every village
        for road in i.route:  # name the first closed road in route order
            empty = [v for v in net.roads[road].villages if not state.villages[v]]
            if empty:
                raise refuse("MJ-MOVE-2",
                              f"road {road} is closed: village {empty[0]} has no shrine")
    owed = route_tolls(state, seat, villages)
    total = sum(c for _, c in owed)
    if total > state.players[seat].coins:
        raise refuse("MJ-MOVE-4", f"the tolls cost {total} coins and you have "
                     f"{state.players[seat].coins}")
    return [ev.PriestMoved(seat=seat, route=i.route, stops=tuple(stops), tolls=owed)]


def _statue(state: State, seat: int, i: it.BuildStatue) -> Events:
    task = _task(state, seat, i.task)
    if task.statues <= 0:
        raise refuse("MJ-ACT-10", "that action builds no (more) statues")
    return statue_events(state, seat, i.city, i.slot, task_discount(task), i.task)


def statue_events(state: State, seat: int, city: str, slot: int, discount: int,
                  task: int) -> Events:
    player = state.players[seat]
    if city not in state.cities:
        raise refuse("MJ-STAT-1", f"statues go only in cities, and {city} is not one")
    if not 0 <= slot < C.SLOTS or state.cities[city].slots[slot] != -1:
        raise refuse("MJ-STAT-1", f"that statue slot of {city} is not free")
    if player.statues <= 0:
        raise refuse("MJ-STAT-1", "you have no statue left on your board")
    if player.priest != city and not builds_anywhere(state, seat):
        raise refuse("MJ-STAT-3", f"your priest must be in {city} to build a statue there")
    cost = statue_cost(state, seat, city, discount)
    if cost > player.coins:
        raise refuse("MJ-ACT-11", f"the statue costs {cost} coins and you have {player.coins}")
    out: Events = [ev.StatueBuilt(seat=seat, city=city, slot=slot, cost=cost, task=task)]
    bonus = slot_bonus(board(), city, slot)
    if bonus is not None:
        out.extend(bonus_events(state, seat, bonus))
    return out


def bonus_events(state: State, seat: int, bonus: C.Bonus) -> Events:
    """MJ-STAT-4 / MJ-MAP-3."""
    reason = f"bonus slot: {C.BONUS_TEXT[bonus]}"
    player = state.players[seat]
    if bonus is C.Bonus.ACTION:
        return [ev.Gained(seat=seat, reason=reason, tokens=min(1, state.tokens))]
    if bonus is C.Bonus.COINS:
        return [ev.Gained(seat=seat, reason=reason, coins=2)]
    if bonus is C.Bonus.PRESTIGE:
        return [ev.Gained(seat=seat, reason=reason, pp=pp_gain(state, seat, 1))]
    return [ev.Gained(seat=seat, reason=reason, shrines=min(2, player.supply))]


def _shrine(state: State, seat: int, i: it.BuildShrine) -> Events:
    task = _task(state, seat, i.task)
    if task.shrines <= 0:
        raise refuse("MJ-ACT-10", "that action builds no (more) shrines")
    if task.city_shrine and task.shrines == 1 and i.place not in state.cities:
        raise refuse("MJ-ACT-4", "one of the two shrines must be built in a city")
    cost = shrine_cost(task_discount(task))
    return shrine_events(state, seat, i.place, cost, task=i.task,
                         priest_needed=not builds_anywhere(state, seat))


def shrine_events(state: State, seat: int, place: str, cost: int, *, task: int = -1,
                  priest_needed: bool, from_supply: bool = False, reason: str = "") -> Events:
    player = state.players[seat]
    if from_supply:
        if player.supply <= 0:
            raise refuse("MJ-CHAR-13", "no shrine of your colour is left in the supply")
    elif player.shrines <= 0:
        raise refuse("MJ-SHR-1", "you have no shrine left on your board")
    if place in state.cities:
        if priest_needed and player.priest != place:
            raise refuse("MJ-SHR-2", f"your priest must be in {place} to build a shrine there")
    elif place in state.villages:
        problem = village_open_for(state, seat, place)
        if problem:
            raise Forbidden(*problem.split(": ", 1))
    else:
        raise refuse("MJ-SHR-1", f"{place} is neither a city nor a village")
    if cost > player.coins:
        raise refuse("MJ-ACT-11", f"the shrine costs {cost} coin and you have none")
    return [ev.ShrineBuilt(seat=seat, place=place, cost=cost, task=task, from_supply=from_supply,
                           reason=reason)]


def _action(state: State, seat: int, i: it.DoAction) -> Events:
    task = _task(state, seat, i.task)
    action = C.Action(task.action)
    spec = C.ACTIONS[action]
    if action not in (C.Action.TAKE_COINS, C.Action.TAKE_SHRINES, C.Action.BUY_PRESTIGE):
        raise refuse("MJ-ACT-10", f"{spec.name} is not done this way")
    if task.done:
        raise refuse("MJ-ACT-10", f"{spec.name} is already done this turn")
    player = state.players[seat]
    done = ev.TaskDone(seat=seat, task=i.task)
    if action is C.Action.TAKE_COINS:
        return [done, ev.Gained(seat=seat, reason=spec.name, coins=spec.coins)]
    if action is C.Action.TAKE_SHRINES:
        if player.supply <= 0:
            raise refuse("MJ-ACT-6", "no shrine of your colour is left in the supply")
        return [done, ev.Gained(seat=seat, reason=spec.name,
                                shrines=min(spec.supply_shrines, player.supply))]
    if player.coins < spec.pay:
        raise refuse("MJ-ACT-11", f"buying prestige costs {spec.pay} coins")
    return [done, ev.Gained(seat=seat, reason=spec.name, coins=-spec.pay,
                            pp=pp_gain(state, seat, spec.pp))]


def _change(state: State, seat: int, i: it.ChangeCharacter) -> Events:
    task = _task(state, seat, i.task)
    if task.action != C.Action.CHANGE_CHARACTER or task.done:
        raise refuse("MJ-ACT-8", "no change of character is planned and left this turn")
    player = state.players[seat]
    if i.number == player.character:
        raise refuse("MJ-CHAR-2", "you already hold that character")
    holder = character_holder(state, i.number)
    if holder is None and i.number not in state.display:
        raise refuse("MJ-CHAR-2", f"character {i.number} is neither in the display nor held")
    if holder is not None and state.options.has("R4"):
        raise refuse("MJ-VAR-R4", "you may only take a character from the display")
    if state.solo is not None:
        # MJ-BOT-R8: your old tile leaves the game; Brahmabot, robbed, takes the leftmost.
        out: Events = [ev.CharacterTaken(seat=seat, number=i.number, task=i.task,
                                         from_seat=-1 if holder is None else holder,
                                         reason="action")]
        if holder == solo.BOT:
            out.append(ev.CharacterTaken(seat=solo.BOT, number=state.display[0],
                                         reason="brahmabot"))
        return out
    return [ev.CharacterTaken(seat=seat, number=i.number, from_seat=-1 if holder is None
                              else holder, returned=player.character, reason="action",
                              task=i.task)]


def _flag(state: State, seat: int, i: it.MoveFlag) -> Events:
    task = _task(state, seat, i.task)
    if task.action != C.Action.MOVE_FLAG or task.done:
        raise refuse("MJ-ACT-9", "no flag move is planned and left this turn")
    return flag_events(state, seat, i.city, i.task)


def flag_events(state: State, seat: int, city: str, task: int) -> Events:
    if city not in state.flags:
        raise refuse("MJ-FLAG-1", f"the flag of {city} is not on the pre-visit track")
    source = state.flags.index(city)
    if source < C.FLAG_STEP:
        raise refuse("MJ-FLAG-1", f"the flag of {city} has fewer than 3 positions to its left")
    return [ev.FlagMoved(seat=seat, city=city, source=source, target=source - C.FLAG_STEP,
                         task=task)]


def _token(state: State, seat: int, i: it.SpendToken) -> Events:
    turn = _turn(state, seat)
    if state.players[seat].tokens <= 0:
        raise refuse("MJ-TOKEN-1", "you have no action token")
    if turn.token_used:
        raise refuse("MJ-TOKEN-1", "you already spent an action token this turn")
    if i.action not in C.TOKEN_ACTIONS:
        raise refuse("MJ-TOKEN-1", "a token buys any action but Change character")
    return [ev.TokenSpent(seat=seat, action=i.action)]


def _ability(state: State, seat: int, i: it.UseAbility) -> Events:
    turn = _turn(state, seat)
    n = i.character
    spec = C.CHARACTERS.get(n)
    if spec is None or not has_ability(state, seat, n):
        raise refuse("MJ-CHAR-2", f"you cannot use character {n}'s ability")
    if spec.timing is not C.Timing.ONCE:
        raise refuse("MJ-CHAR-3", f"character {n}'s ability is not used as an action")
    if n in turn.abilities_used:
        raise refuse("MJ-CHAR-3", f"character {n}'s ability was already used this turn")
    if (i.place and n not in (10, 13)) or ((i.pp_bought or i.pp_sold) and n != 3):
        raise refuse("MJ-CHAR-3", f"character {n}'s ability takes no place or trade")
    used = ev.AbilityUsed(seat=seat, character=n, maharani=maharani_for(state, seat, n))
    return [used, *ABILITIES[n](state, seat, i)]


def _ability_2(state: State, seat: int, i: it.UseAbility) -> Events:
    if state.players[seat].supply <= 0:
        raise refuse("MJ-CHAR-2", "no shrine of your colour is left in the supply")
    return [ev.Gained(seat=seat, reason="character 2", shrines=1)]


def _ability_3(state: State, seat: int, i: it.UseAbility) -> Events:
    # one way only: the other count is 0, this one 1..3
    if min(i.pp_bought, i.pp_sold) != 0 or not 1 <= max(i.pp_bought, i.pp_sold) <= C.TRADES_3:
        raise refuse("MJ-CHAR-3", "trade one way (coins for PP or PP for coins), 1 to 3 times")
    player = state.players[seat]
    if i.pp_bought:
        n = i.pp_bought
        if player.coins < 2 * n:
            raise refuse("MJ-CHAR-3", f"{n} trades cost {2 * n} coins")
        return [ev.Gained(seat=seat, reason="character 3", coins=-2 * n,
                          pp=pp_gain(state, seat, n))]
    n = i.pp_sold
    if player.pp < n:
        raise refuse("MJ-CHAR-3", f"you do not have {n} PP to trade")
    return [ev.Gained(seat=seat, reason="character 3", coins=2 * n, pp=-n)]


def _ability_4(state: State, seat: int, i: it.UseAbility) -> Events:
    if state.players[seat].pp < 1:
        raise refuse("MJ-CHAR-3", "character 4 needs 1 PP to pay")
    if state.tokens <= 0:
        raise refuse("MJ-COMP-5", "no action token is left in the supply")
    return [ev.Gained(seat=seat, reason="character 4", pp=-1, tokens=1)]


def _ability_6(state: State, seat: int, i: it.UseAbility) -> Events:
    return [ev.Gained(seat=seat, reason="character 6", pp=pp_gain(state, seat, 1))]


def _ability_10(state: State, seat: int, i: it.UseAbility) -> Events:
    return flag_events(state, seat, i.place, -1)


def _ability_13(state: State, seat: int, i: it.UseAbility) -> Events:
    return shrine_events(state, seat, i.place, C.SHRINE_COST, priest_needed=False,
                         from_supply=True, reason="character 13")


def _ability_14(state: State, seat: int, i: it.UseAbility) -> Events:
    if state.tokens <= 0:
        raise refuse("MJ-COMP-5", "no action token is left in the supply")
    return [ev.Gained(seat=seat, reason="character 14", tokens=1)]


ABILITIES: dict[int, Callable[[State, int, it.UseAbility], Events]] = {
    2: _ability_2, 3: _ability_3, 4: _ability_4, 6: _ability_6, 10: _ability_10,
    13: _ability_13, 14: _ability_14,
}


def _end_turn(state: State, seat: int, i: it.EndTurn) -> Events:
    _turn(state, seat)
    return [ev.TurnEnded(seat=seat)]


def _pending(state: State, seat: int, kind: str) -> Pending:
    pending = state.pending[0] if state.pending else None
    if pending is None or pending.seat != seat or pending.kind != kind:
        raise refuse("MJ-SCORE-4", "no such choice is awaited from you now")
    return pending


def _reward(state: State, seat: int, i: it.ChooseReward) -> Events:
    _pending(state, seat, "reward")
    window = dict((tile, pos) for pos, tile in available_rewards(state))
    if i.tile not in window:
        raise refuse("MJ-SCORE-5", f"reward tile {i.tile} is not in the available window")
    source = window[i.tile]
    others = [p for p, t in enumerate(state.rewards) if t is not None and p != source]
    target = max(others, default=-1) + 1
    if state.solo is not None:
        target = -1  # MJ-BOT-R9: the tile you take leaves the game
    out: Events = [ev.RewardTaken(seat=seat, tile=i.tile, source=source, target=target)]
    spec = C.REWARDS[i.tile]
    times = 2 if has_ability(state, seat, 16) else 1  # MJ-REW-9
    player = state.players[seat]
    supply = player.supply
    for _ in range(times):
        reason = f"reward tile {i.tile}"
        if spec.coins or spec.pp:
            out.append(ev.Gained(seat=seat, reason=reason, coins=spec.coins,
                                 pp=pp_gain(state, seat, spec.pp)))
        if spec.supply_shrines:
            moved = min(spec.supply_shrines, supply)
            supply -= moved
            out.append(ev.Gained(seat=seat, reason=reason, shrines=moved))
    if spec.others_pay:
        for other, p in enumerate(state.players):
            if other != seat:
                out.append(ev.Gained(seat=other, reason=reason,
                                     coins=-min(p.coins, spec.others_pay * times)))
    return out


def _pass(state: State, seat: int, i: it.PassReward) -> Events:
    pending = state.pending[0] if state.pending else None
    if pending is None or pending.seat != seat:
        raise refuse("MJ-SCORE-4", "no choice is awaited from you now")
    if pending.kind == "reward" and state.solo is not None:
        # MJ-BOT-R9: if you take none, the lowest tile leaves the game.
        return [ev.RewardPassed(seat=seat), *solo.discard_lowest(state)]
    if pending.kind in ("reward", "lost-character"):
        raise refuse("MJ-SCORE-4", "this choice cannot be passed")
    return [ev.RewardPassed(seat=seat)]


def _free_shrine(state: State, seat: int, i: it.FreeShrine) -> Events:
    _pending(state, seat, "free-shrine")
    return shrine_events(state, seat, i.place, 0, priest_needed=False, reason="free shrine")


def _buy(state: State, seat: int, i: it.BuyPrestige) -> Events:
    pending = _pending(state, seat, "buy-pp")
    if not 0 <= i.count <= pending.left:
        raise refuse("MJ-REW-6", f"buy from 0 to {pending.left} PP")
    if i.count > state.players[seat].coins:
        raise refuse("MJ-REW-6", f"{i.count} PP cost {i.count} coins")
    return [ev.Gained(seat=seat, reason="buy prestige", coins=-i.count,
                      pp=pp_gain(state, seat, i.count))]


def _maharani(state: State, seat: int, i: it.PlaceMaharani) -> Events:
    _pending(state, seat, "maharani")
    if i.character not in maharani_targets(state, seat):
        raise refuse("MJ-REW-8", f"a Maharani token cannot go on character {i.character}")
    return [ev.MaharaniPlaced(seat=seat, character=i.character, expires=state.round + 1)]


DECIDERS: dict[type, Callable[[State, int, Any], Events]] = {
    it.ChooseCharacter: _choose_character,
    it.PlaceStartShrine: _start_shrine,
    it.CommitPlan: _plan,
    it.MovePriest: _move,
    it.BuildStatue: _statue,
    it.BuildShrine: _shrine,
    it.DoAction: _action,
    it.ChangeCharacter: _change,
    it.MoveFlag: _flag,
    it.SpendToken: _token,
    it.UseAbility: _ability,
    it.EndTurn: _end_turn,
    it.ChooseReward: _reward,
    it.PassReward: _pass,
    it.FreeShrine: _free_shrine,
    it.BuyPrestige: _buy,
    it.PlaceMaharani: _maharani,
}

__all__ = ["automatic", "decide", "free_slots", "to_move"]
