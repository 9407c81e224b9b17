"""Read-only questions about a state, shared by the rules, legal moves and scoring."""

from __future__ import annotations

from engine.family.travel import tolls
from engine.raja import components as C
from engine.raja.board import board
from engine.raja.state import BUILDER_SLOT, State, Turn


def lowest_card(state: State, seat: int) -> int:
    """The card that ranks a seat (R-VAR-MULTI-4); 99 before any card is chosen."""
    return min(state.players[seat].cards, default=99)


def holds(state: State, seat: int, card: int) -> bool:
    return card in state.players[seat].cards


def house_cost(slot: int) -> int:
    """What building a house for ``slot`` costs: nothing with the Builder's power
    (R-CHAR-5), else the house's price (R-ACT-2)."""
    return 0 if slot == BUILDER_SLOT else C.HOUSE_COST


def capacity(state: State) -> int:
    return C.VILLAGE_CAPACITY[state.seats]  # R-BUILD-1


def village_has_room(state: State, village: str) -> bool:
    return len(state.villages[village]) < capacity(state)


def palace_limit(state: State) -> int:
    return C.PALACES_SHORT if state.options.short_game else C.PALACES


def end_index(state: State) -> int:
    return C.END_INDEX_SHORT if state.options.short_game else C.END_INDEX


def last_round(state: State, number: int, governor_to: int) -> bool:
    """R-END-1(b), R-VAR-SHORT-2: is round ``number``, its governor placed on
    ``governor_to``, the last one? The short game also ends after round 8."""
    if state.options.short_game and number >= C.ROUNDS_SHORT:
        return True
    return governor_to >= end_index(state)


def palace_cost(state: State, seat: int) -> int:
    return C.CRAFTSMAN_PALACE_COST if holds(state, seat, C.CRAFTSMAN) else C.PALACE_COST


def next_turn_seat(state: State) -> int | None:
    """R-ROUND-6: lowest card among seats without a turn this round, worked out afresh."""
    waiting = [s for s in range(state.seats) if not state.players[s].had_turn]
    if not waiting:
        return None
    return min(waiting, key=lambda s: (lowest_card(state, s), s))


def palaces_on_board(state: State, seat: int) -> int:
    return sum(
        (city.central == seat) + city.outer.count(seat) for city in state.cities.values()
    )


def move_tolls(state: State, seat: int, roads: tuple[str, ...]) -> tuple[tuple[int, int], ...]:
    """R-MOVE-4: one gold per house of another player in each village passed, per seat
    paid; who pays them is ``bank_pays_tolls``. ValueError when the roads do not lead
    on from the architect's city."""
    walk = board().walk(state.players[seat].architect, roads)
    return tolls(walk.villages, state.villages.__getitem__, seat, per_piece=True)


def bank_pays_tolls(state: State, seat: int) -> bool:
    """R-MOVE-6: the bank pays the Wandering Monk's tolls (the owners are still paid)."""
    return holds(state, seat, C.MONK)


def forfeits(turn: Turn) -> tuple[tuple[str, str], ...]:
    """(action, part) of the turn's selected actions left undone that forfeit when the
    turn ends (R-TURN-4); untaken gold is not among them: it is paid (ruling)."""
    return tuple((chosen.action, kind) for chosen in turn.slots
                 for kind, done in zip(C.ACTION_PARTS[chosen.action], chosen.done, strict=True)
                 if not done and kind != C.P_GOLD)


def untaken_gold(turn: Turn) -> int:
    """R-TURN-4 ruling: gold parts left undone are paid when the turn ends."""
    return sum(C.GOLD_ACTION for chosen in turn.slots
               for kind, done in zip(C.ACTION_PARTS[chosen.action], chosen.done, strict=True)
               if not done and kind == C.P_GOLD)
