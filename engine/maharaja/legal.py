"""Every legal intent of a seat: what the UI highlights and the bots choose from.

Each intent listed here is accepted by ``rules.decide`` (a property test checks
it). Intents that differ in no way that matters are listed once: a plan and its
mirror, and two tasks of the same action at the same progress.

``legal_groups`` lists them by what they share (the move, each task, tokens,
abilities); a group's intents are produced when it is iterated, so the priest's
routes are priced only for a caller that walks the "move" group. Groups read the
live state: iterate them before it changes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache, lru_cache, partial
from random import Random
from typing import Any

import msgspec

from engine.core import draw
from engine.core.ruleset import LegalGroup, draw_index
from engine.family.travel import price_open_paths, road_tolls
from engine.maharaja import components as C
from engine.maharaja import intents as it
from engine.maharaja.queries import (
    available_rewards,
    board,
    builds_anywhere,
    character_holder,
    free_slots,
    has_ability,
    route_tolls,
    shrine_cost,
    statue_cost,
    task_discount,
    village_capacity,
)
from engine.maharaja.rules import maharani_targets, start_shrine_seat, to_move
from engine.maharaja.state import (
    PHASE_ACTIONS,
    PHASE_CHARACTERS,
    PHASE_PLANNING,
    PHASE_START_SHRINES,
    State,
    Turn,
)

# The actions as module constants, like the phases in state.py (read at every listing).
_TAKE_COINS, _TAKE_SHRINES, _BUY_PRESTIGE, _CHANGE_CHARACTER, _MOVE_FLAG = (
    C.Action.TAKE_COINS, C.Action.TAKE_SHRINES, C.Action.BUY_PRESTIGE,
    C.Action.CHANGE_CHARACTER, C.Action.MOVE_FLAG)
_ONCE = C.Timing.ONCE
PLANS = [it.CommitPlan(first=a, second=b) for a in C.Action for b in C.Action if a <= b]


def legal_intents(state: State, seat: int) -> list[Any]:
    """``flatten(legal_groups(...))`` without building the groups (the bots' hot path).
    A turn, where most decisions are, is listed straight into one list."""
    turn = state.turn
    if turn is not None and turn.seat == seat and not state.pending \
            and state.phase == PHASE_ACTIONS:
        return turn_intents(state, seat)  # to_move is (turn.seat,) here
    return [intent for _, produce in _listing(state, seat) for intent in produce()]


def legal_groups(state: State, seat: int) -> Iterator[LegalGroup[Any]]:
    for key, produce in _listing(state, seat):
        yield LegalGroup(key, produce)


Producer = Callable[[], Iterable[Any]]


def _listing(state: State, seat: int) -> Iterator[tuple[str, Producer]]:
    """The groups as (key, producer) pairs: what ``legal_groups`` wraps."""
    if seat not in to_move(state):
        return
    if state.pending:
        yield state.pending[0].kind, lambda: _pending(state, seat)
        return
    phase = state.phase
    if phase == PHASE_CHARACTERS:
        yield "character", lambda: [it.ChooseCharacter(number=n) for n in state.display]
    elif phase == PHASE_START_SHRINES:
        if start_shrine_seat(state) == seat:
            yield "start-shrine", lambda: [it.PlaceStartShrine(village=v)
                                           for v in open_villages(state, seat)]
    elif phase == PHASE_PLANNING:
        yield "plan", lambda: PLANS
    elif phase == PHASE_ACTIONS:
        yield from turn_groups(state, seat)


def open_villages(state: State, seat: int) -> list[str]:
    cap = village_capacity(state)
    return [v for v, held in state.villages.items() if len(held) < cap and seat not in held]


def _pending(state: State, seat: int) -> list[Any]:
    pending = state.pending[0]
    player = state.players[seat]
    if pending.kind == "lost-character":
        return [it.ChooseCharacter(number=n) for n in state.display]
    if pending.kind == "reward":
        choices: list[Any] = [it.ChooseReward(tile=t) for _, t in available_rewards(state)]
        return choices + ([it.PassReward()] if state.solo is not None else [])
    if pending.kind == "buy-pp":
        return [it.BuyPrestige(count=n) for n in range(min(pending.left, player.coins) + 1)]
    out: list[Any] = [it.PassReward()]
    if pending.kind == "free-shrine":
        out += [it.FreeShrine(place=p) for p in shrine_places(state, seat, anywhere=True)]
    elif pending.kind == "maharani":
        out += [it.PlaceMaharani(character=c) for c in maharani_targets(state, seat)]
    return out


def shrine_places(state: State, seat: int, *, anywhere: bool,
                  ground: Ground | None = None) -> Sequence[str]:
    """``ground``: the seat's ``seat_ground`` when the caller has it (which keeps them)."""
    if ground is None:
        return shrine_cities(state, seat, anywhere) + open_villages(state, seat)
    return ground.shrine_places(state, seat, anywhere)


def shrine_cities(state: State, seat: int, anywhere: bool) -> list[str]:
    """The cities among ``shrine_places``, in their order."""
    priest = state.players[seat].priest
    return list(state.cities) if anywhere else ([priest] if priest in state.cities else [])


END_TURN = [it.EndTurn()]
TOKENS = [it.SpendToken(action=a) for a in C.TOKEN_ACTIONS]


def turn_groups(state: State, seat: int) -> Iterator[tuple[str, Producer]]:
    """The end of the turn, the move, each task (once per distinct one), tokens, abilities."""
    turn = state.turn
    assert turn is not None
    player = state.players[seat]
    yield "end-turn", END_TURN.copy
    yield "move", partial(moves, state, seat)
    for index in distinct_tasks(turn):
        yield f"task {index}", partial(task_intents, state, seat, index)
    if player.tokens > 0 and not turn.token_used:
        yield "token", TOKENS.copy
    yield "ability", partial(abilities, state, seat)


def turn_intents(state: State, seat: int) -> list[Any]:
    """``turn_groups`` flattened, in the same order, without the groups."""
    out: list[Any] = []
    for items, make in turn_parts(state, seat):
        out += items if make is None else map(make, items)
    return out


def turn_parts(state: State, seat: int) -> list[Run]:
    """A turn's listing as runs, in ``turn_groups``' order: what ``turn_intents``
    flattens and ``random_intent`` counts (so the two cannot drift apart)."""
    turn = state.turn
    assert turn is not None
    ground = seat_ground(state, seat)  # looked up once for the moves and shrine places
    parts: list[Run] = [(END_TURN, None), (affordable_moves(state, seat, ground), None)]
    for index in distinct_tasks(turn):
        parts += task_parts(state, seat, index, ground)
    if state.players[seat].tokens > 0 and not turn.token_used:
        parts.append((TOKENS, None))
    parts += ability_parts(state, seat, ground)
    return parts


_BOTH_TASKS = (0, 1)


def distinct_tasks(turn: Turn) -> Sequence[int]:
    """The index of each task unlike every one before it (two tasks of the same action
    at the same progress allow the same things: listed once)."""
    tasks = turn.tasks
    if len(tasks) == 2 and tasks[0].action != tasks[1].action:
        return _BOTH_TASKS  # the usual turn (two actions differ): no signatures built
    seen: set[tuple[int, int, int, bool, bool]] = set()
    out = []
    for index, task in enumerate(tasks):
        signature = (task.action, task.statues, task.shrines, task.city_shrine, task.done)
        if signature not in seen:
            seen.add(signature)
            out.append(index)
    return out


def task_intents(state: State, seat: int, index: int) -> list[Any]:
    """What the turn's task ``index`` allows now (MJ-ACT-10)."""
    return flatten_runs(task_parts(state, seat, index))


# A run of listed intents, ``(items, make)``: the intent of each item is ``make(item)``,
# made lazily, so a random draw builds only the one it picks; with ``make`` None the
# items are the intents. A tuple, not a class: counting a turn's runs is then ``len``
# of each run's items, in C (every decision of a random game counts them).
Run = tuple[Sequence[Any], Callable[[Any], Any] | None]


def flatten_runs(runs: list[Run]) -> list[Any]:
    return [intent for items, make in runs
            for intent in (items if make is None else map(make, items))]


def task_parts(state: State, seat: int, index: int, ground: Ground | None = None
               ) -> list[Run]:
    """``task_intents`` as runs, in the same order."""
    turn = state.turn
    assert turn is not None
    task = turn.tasks[index]
    player = state.players[seat]
    out: list[Run] = []
    anywhere: bool | None = None  # builds_anywhere, asked once for statues and shrines
    if task.statues > 0 and player.statues > 0:
        anywhere = builds_anywhere(state, seat)
        cities = list(state.cities) if anywhere else (
            [player.priest] if player.priest in state.cities else [])
        for city in cities:
            if statue_cost(state, seat, city, task_discount(task)) <= player.coins:
                out.append((free_slots(state, city), partial(_statue, city, index)))
    if task.shrines > 0 and player.shrines > 0 and (
        shrine_cost(task_discount(task)) <= player.coins
    ):
        anywhere = builds_anywhere(state, seat) if anywhere is None else anywhere
        places: Sequence[str]
        if task.city_shrine and task.shrines == 1:  # MJ-ACT-4: the last one in a city
            places = shrine_cities(state, seat, anywhere)
        else:
            places = shrine_places(state, seat, anywhere=anywhere, ground=ground)
        out.append((places, partial(_shrine, index)))
    if task.done:
        return out
    action = task.action  # an int: compared with the Action members, no Action() built
    if action == _TAKE_COINS or (
        action == _TAKE_SHRINES and player.supply > 0
    ) or (action == _BUY_PRESTIGE and player.coins >= 3):
        out.append(((it.DoAction(task=index),), None))
    elif action == _CHANGE_CHARACTER:
        out.append((character_choices(state, seat), partial(_change, index)))
    elif action == _MOVE_FLAG:
        out.append((movable_flags(state), partial(_flag, index)))
    return out


def _statue(city: str, task: int, slot: int) -> it.BuildStatue:
    return it.BuildStatue(city=city, slot=slot, task=task)


def _shrine(task: int, place: str) -> it.BuildShrine:
    return it.BuildShrine(place=place, task=task)


def _change(task: int, number: int) -> it.ChangeCharacter:
    return it.ChangeCharacter(number=number, task=task)


def _flag(task: int, city: str) -> it.MoveFlag:
    return it.MoveFlag(city=city, task=task)


def random_intent(state: State, seat: int, rng: Random) -> Any:
    """``draw.choice(rng, legal_intents(state, seat))``, drawing the same number, but in a turn
    built from counts: only the intent drawn is made (the routes are listed anyway)."""
    turn = state.turn
    if turn is None or turn.seat != seat or state.pending or state.phase != PHASE_ACTIONS:
        phase = state.phase
        if not state.pending:  # the listings of _listing drawn from by count (same draw)
            if phase == PHASE_PLANNING and not state.players[seat].planned:
                # the listing is PLANS itself: drawn from, not copied
                return draw.choice(rng, PLANS)
            if phase == PHASE_START_SHRINES and start_shrine_seat(state) == seat:
                villages = open_villages(state, seat)
                return it.PlaceStartShrine(village=villages[draw_index(rng, len(villages))])
            if phase == PHASE_CHARACTERS and seat == state.chooser:
                display = state.display
                return it.ChooseCharacter(number=display[draw_index(rng, len(display))])
        return draw.choice(rng, legal_intents(state, seat))
    parts = turn_parts(state, seat)
    count = 0
    for items, _ in parts:
        count += len(items)
    # draw_index(rng, count) without its call: a turn lists at least END_TURN (count > 0)
    pick = draw.below(rng, count)
    for items, make in parts:
        if pick < len(items):
            return items[pick] if make is None else make(items[pick])
        pick -= len(items)
    raise AssertionError("drawn past the listing")  # draw_index stays below the count


def character_choices(state: State, seat: int) -> list[int]:
    own = state.players[seat].character
    held = [] if state.options.has("R4") else [
        p.character for s, p in enumerate(state.players) if s != seat and p.character
    ]
    return sorted(n for n in [*state.display, *held] if n != own)


def movable_flags(state: State) -> list[str]:
    return [f for pos, f in enumerate(state.flags) if f is not None and pos >= C.FLAG_STEP]


def abilities(state: State, seat: int) -> list[Any]:
    return flatten_runs(ability_parts(state, seat))


def ability_parts(state: State, seat: int, ground: Ground | None = None) -> list[Run]:
    """``abilities`` as runs, in the same order (a run per usable character)."""
    turn = state.turn
    assert turn is not None
    player = state.players[seat]
    mine = [player.character]
    if state.maharanis:  # a Maharani token lends its character's ability (MJ-REW-8)
        mine = sorted({player.character} | {m.character for m in state.maharanis
                                            if m.seat == seat})
    out: list[Run] = []
    for n in mine:
        spec = C.CHARACTERS.get(n)
        if spec is None or spec.timing is not _ONCE or n in turn.abilities_used:
            continue
        if n != player.character and not has_ability(state, seat, n):  # own tile: held
            continue
        out.append(ability_run(state, seat, n, ground))
    return out


# The abilities' intents that take no place, made once (frozen, like END_TURN): a turn
# lists them at every decision. Character 3's trades count 1..3 (MJ-CHAR-3).
_PLAIN = {n: (it.UseAbility(character=n),) for n in (2, 4, 6, 14)}
_TRADES_BOUGHT = tuple(it.UseAbility(character=3, pp_bought=k)
                       for k in range(1, C.TRADES_3 + 1))
_TRADES_SOLD = tuple(it.UseAbility(character=3, pp_sold=k) for k in range(1, C.TRADES_3 + 1))


def ability_run(state: State, seat: int, n: int, ground: Ground | None = None) -> Run:
    """Character ``n``'s 1x ability, as one run of intents (empty when it cannot be used)."""
    player = state.players[seat]
    if n == 2:
        return (_PLAIN[2] if player.supply > 0 else (), None)
    if n == 3:  # as many trades as the coins (2 each) or the PP (1 each) pay for
        return (_TRADES_BOUGHT[:max(0, player.coins // 2)]
                + _TRADES_SOLD[:max(0, player.pp)], None)
    if n == 4:
        return (_PLAIN[4] if player.pp >= 1 and state.tokens > 0 else (), None)
    if n == 6:
        return (_PLAIN[6], None)
    if n == 10:
        return (movable_flags(state), _flag_ability)
    if n == 13:
        if player.supply <= 0 or player.coins < C.SHRINE_COST:
            return ((), None)
        return (shrine_places(state, seat, anywhere=True, ground=ground), _shrine_ability)
    if n == 14:
        return (_PLAIN[14] if state.tokens > 0 else (), None)
    return ((), None)


def _flag_ability(city: str) -> it.UseAbility:
    return it.UseAbility(character=10, place=city)


def _shrine_ability(place: str) -> it.UseAbility:
    return it.UseAbility(character=13, place=place)


def moves(state: State, seat: int) -> list[it.MovePriest]:
    """MJ-MOVE-4: one intent per destination and distinct toll breakdown, cheapest first."""
    return list(affordable_moves(state, seat))


def affordable_moves(state: State, seat: int, ground: Ground | None = None
                     ) -> Sequence[it.MovePriest]:
    """``moves``, as the shared frozen listing itself when every route is affordable."""
    player = state.players[seat]
    routes = (ground or seat_ground(state, seat)).routes
    listed, costs, dearest = routes[player.priest]
    coins = player.coins
    if dearest <= coins:
        return listed  # every route is affordable: no filtering
    return [move for move, cost in zip(listed, costs, strict=True) if cost <= coins]


Listing = tuple[tuple[it.MovePriest, ...], tuple[int, ...], int]  # intents, tolls, dearest
# Who holds a piece in each village, as bytes: asked at every decision of a turn, and one
# encoding hashes faster than a tuple of tuples built and hashed (and compared) again.
_OCCUPANCY = msgspec.msgpack.Encoder()
GROUNDS_KEPT = 1024  # (seat, occupancy) keys remembered: a game's few hundred, and more
_GROUNDS: dict[tuple[int, bytes, bool, int], Ground] = {}


class _Routes(dict[str, Listing]):
    """Routes over one set of road tolls by the junction they leave, priced when first
    asked: a priest that walks on in its turn prices from each junction it reaches under
    the tolls it had (the listings are frozen, so every state that asks shares them)."""

    def __init__(self, road_toll: tuple[int, ...], open_mask: int) -> None:
        super().__init__()
        self.road_toll, self.open_mask = road_toll, open_mask

    def __missing__(self, here: str) -> Listing:
        listed, costs = price_open_paths(board(), here, self.road_toll, self.open_mask,
                                         _path_intents(here))  # the intents themselves
        listing = self[here] = (listed, costs, max(costs, default=0))
        return listing


class Ground:
    """What a seat's listing reads from one occupancy of the villages, worked out once for
    every state with it: the seat's routes, and where it may build a shrine (when first
    asked, by where its priest stands; the open villages once, wherever it stands)."""

    __slots__ = ("_open", "_places", "routes")

    def __init__(self, routes: _Routes) -> None:
        self.routes = routes
        self._places: dict[str | None, tuple[str, ...]] = {}
        self._open: list[str] | None = None

    def shrine_places(self, state: State, seat: int, anywhere: bool) -> tuple[str, ...]:
        """``shrine_places``, kept by where the priest stands (None: anywhere)."""
        key = None if anywhere else state.players[seat].priest
        places = self._places.get(key)
        if places is None:
            villages = self._open
            if villages is None:  # the seat's open villages: the same wherever it stands
                villages = self._open = open_villages(state, seat)
            places = self._places[key] = (*shrine_cities(state, seat, anywhere), *villages)
        return places


def seat_ground(state: State, seat: int) -> Ground:
    """The seat's ``Ground`` over the state's occupancy of the villages."""
    # MJ-CHAR-9: nobody is paid (has_ability, asked only where a Maharani token lies or
    # the seat holds character 9: most listings never call it)
    free = (state.players[seat].character == 9 or bool(state.maharanis)) \
        and has_ability(state, seat, 9)
    # Each village's holders in the board's order (the lists themselves: only read), the
    # order road_tolls reads them in: encoded without the village ids, which every state
    # lists alike. The seat count (a village's capacity, MJ-SHR-4) tells open villages apart.
    occupancy = tuple(state.villages.values())
    key = (seat, _OCCUPANCY.encode(occupancy), free, state.seats)
    ground = _GROUNDS.get(key)
    if ground is None:
        if len(_GROUNDS) >= GROUNDS_KEPT:
            _GROUNDS.clear()  # bounded; a game in play refills its few keys at once
        ground = _GROUNDS[key] = Ground(_routes(*road_tolls(board(), seat, occupancy, False,
                                                            free)))
    return ground


@lru_cache(maxsize=1024)
def _routes(road_toll: tuple[int, ...], open_mask: int) -> _Routes:
    """One ``_Routes`` per set of road tolls: another occupancy often has the same (a
    shrine on a road still closed, or where the seat pays nobody), and so its routes."""
    return _Routes(road_toll, open_mask)


@cache
def _path_intents(here: str) -> tuple[it.MovePriest, ...]:
    """One move intent per simple path from ``here`` (a route recurs under many
    occupancies; built once, the labels ``price_open_paths`` lists)."""
    return tuple(it.MovePriest(route=path.roads) for path in board().paths_from[here])


__all__ = ["character_holder", "legal_groups", "legal_intents", "route_tolls"]
