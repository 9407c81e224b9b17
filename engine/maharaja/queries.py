"""Questions about a state that the rules, legal moves and scoring all ask."""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from engine.family.network import Network
from engine.family.travel import tolls
from engine.maharaja import brahmabot as B
from engine.maharaja import components as C
from engine.maharaja.board import load_board
from engine.maharaja.state import NOBODY, PHASE_ACTIONS, PHASE_OVER, State, Task

# The board itself, cached by load_board: the rules ask at every priest move and route
# listing, and a function that forwards to it was one call frame more each time.
board: Callable[[], Network] = load_board




def has_ability(state: State, seat: int, character: int) -> bool:
    """The seat holds the tile, or a Maharani token of theirs lies on it (MJ-REW-8)."""
    if state.phase == PHASE_OVER:
        return False  # MJ-END-1
    if state.players[seat].character == character:
        return True
    for token in state.maharanis:  # a loop, not any(): asked at every listing
        if token.seat == seat and token.character == character:
            return True
    return False


def maharani_for(state: State, seat: int, character: int) -> bool:
    """True when the seat would use ``character`` through a Maharani token."""
    return state.players[seat].character != character and has_ability(state, seat, character)


def village_capacity(state: State) -> int:
    return 1 if state.seats <= 2 else 2  # MJ-SHR-4 (solo plays as 2 seats)


def village_open_for(state: State, seat: int, village: str) -> str | None:
    """None if ``seat`` may put a shrine in ``village``; otherwise the refusal."""
    holders = state.villages[village]
    if seat in holders:
        return f"MJ-SHR-3: you already have a shrine in village {village}"
    if len(holders) >= village_capacity(state):
        return f"MJ-SHR-4: village {village} is full"
    return None


def free_slots(state: State, city: str) -> list[int]:
    return [i for i, owner in enumerate(state.cities[city].slots) if owner == NOBODY]


def statue_cost(state: State, seat: int, city: str, discount: int) -> int:
    """MJ-STAT-2: 12 where the Maharaja is (or everywhere with R3), else 10, less discounts."""
    base = C.STATUE_COST_MAHARAJA if (
        city == state.maharaja or state.options.has("R3")
    ) else C.STATUE_COST
    if (state.players[seat].character == 15 or state.maharanis) and has_ability(state, seat, 15):
        discount += C.STATUE_DISCOUNT_15
    return max(0, base - discount)


def shrine_cost(discount: int) -> int:
    return max(0, C.SHRINE_COST - discount)


def builds_anywhere(state: State, seat: int) -> bool:
    # MJ-STAT-3, MJ-SHR-2; has_ability asked only where it may hold (the seat's tile, or
    # a Maharani token): every listing of a building task asks
    return (state.players[seat].character == 12 or bool(state.maharanis)) \
        and has_ability(state, seat, 12)


def pp_gain(state: State, seat: int, amount: int) -> int:
    """MJ-CHAR-11: whenever you gain PP, gain 1 more (not at final scoring)."""
    if amount > 0 and has_ability(state, seat, 11):
        return amount + 1
    return amount


def open_roads(state: State) -> frozenset[str]:
    return board().open_roads(state.villages.__getitem__)  # MJ-MOVE-2


def open_mask(state: State) -> int:
    return board().open_mask(state.villages.__getitem__)


def route_tolls(state: State, seat: int, villages: tuple[str, ...]) -> tuple[tuple[int, int], ...]:
    """MJ-MOVE-3 (character 9: nobody is paid)."""
    # has_ability asked only where it may hold (the seat's tile, or a Maharani token):
    # every priest move asks
    if (state.players[seat].character == 9 or state.maharanis) and has_ability(state, seat, 9):
        return ()
    return tolls(villages, state.villages.__getitem__, seat, per_piece=False)


def move_tolls(state: State, seat: int, route: tuple[str, ...]) -> tuple[tuple[int, int], ...]:
    """What a priest moving along ``route`` from where it stands owes, per seat paid
    (MJ-MOVE-3); the route must leave the priest's city (ValueError otherwise)."""
    walk = board().walk(state.players[seat].priest, route)
    return route_tolls(state, seat, walk.villages)


_DISCOUNTS = {int(action): spec.discount for action, spec in C.ACTIONS.items()}


def task_discount(task: Task) -> int:
    return _DISCOUNTS[task.action]  # by the action's number: no Action() at every listing


def next_turn_seat(state: State) -> int | None:
    """MJ-ROUND-3/4: lowest character number among those who have not played."""
    waiting = [s for s, p in enumerate(state.players) if not p.played]
    if not waiting:
        return None
    return min(waiting, key=lambda s: state.players[s].character)


def character_holder(state: State, number: int) -> int | None:
    for seat, player in enumerate(state.players):
        if player.character == number:
            return seat
    return None


def reward_window(state: State) -> int:
    if state.solo is not None:
        return B.REWARD_CHOICES  # MJ-BOT-R9
    return C.REWARD_WINDOW[state.seats]


def available_rewards(state: State) -> list[tuple[int, int]]:
    """(track position, tile) pairs a scoring player may choose (MJ-SCORE-5)."""
    return [(pos, tile) for pos, tile in enumerate(state.rewards[: reward_window(state)])
            if tile is not None]


def task_left(task: Task) -> bool:
    """Whether a planned action has something left: statues or shrines to build, or
    its one-shot effect not yet taken (MJ-ACT-10)."""
    if task.statues > 0 or task.shrines > 0:
        return True
    spec = C.ACTIONS[C.Action(task.action)]
    return not (spec.statues or spec.shrines) and not task.done


def task_words(task: Task) -> str:
    """``Statue and shrine (arrow 1): 1 shrine left``: a planned action as the turn shows it."""
    name = f"{C.ACTIONS[C.Action(task.action)].name} ({task.source})"
    left = [f"{n} {word}{'s' if n > 1 else ''}" for n, word in
            ((task.statues, "statue"), (task.shrines, "shrine")) if n]
    return f"{name}: {' + '.join(left)} left" if left else name


def unused_actions(state: State, seat: int) -> tuple[str, ...]:
    """The seat's planned actions that ending its turn now would leave unused: those
    with something left that the rules allow now, or after a move of the priest
    (building needs the priest in the city, MJ-STAT-3). Ending the turn loses them
    (MJ-ACT-10, MJ-ROUND-3). Empty out of the seat's turn."""
    # legal, rules and fold import this module: imported here, when a turn ends
    from engine.maharaja import fold, legal, rules

    turn = state.turn
    if state.phase != PHASE_ACTIONS or turn is None or turn.seat != seat or state.pending:
        return ()
    left = [t for t, task in enumerate(turn.tasks) if task_left(task)]
    usable = {t for t in left if legal.task_intents(state, seat, t)}
    builds = [t for t in left if t not in usable
              and (turn.tasks[t].statues > 0 or turn.tasks[t].shrines > 0)]
    for move in legal.moves(state, seat) if builds else ():
        after = msgspec.convert(msgspec.to_builtins(state), State)  # a copy to move in
        for event in rules.decide(after, seat, move):
            fold.apply(after, event)
        usable.update(t for t in builds if legal.task_intents(after, seat, t))
        builds = [t for t in builds if t not in usable]
        if not builds:
            break
    return tuple(task_words(turn.tasks[t]) for t in sorted(usable))
