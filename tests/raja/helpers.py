"""Scenario helpers: games whose setup draw the test chooses, driven through the core."""

from __future__ import annotations

from random import Random
from typing import Any

from engine.core.game import SETUP_SEAT, Game, Step
from engine.core.ruleset import Seat
from engine.raja import RULESET, Options
from engine.raja import events as ev
from engine.raja import intents as it
from engine.raja.board import board
from engine.raja.state import Phase

# The rulebook's governor letters mapped onto the board's city ids, in board order.
LETTER = dict(zip("ABCDEFG", board().city_ids, strict=True))
NAMES = ("Ana", "Ben", "Cy", "Dee", "Eve")


def seats(n: int) -> list[Seat]:
    return [Seat(NAMES[i]) for i in range(n)]


def game(
    n: int,
    cards: tuple[int, ...] | None = None,
    options: Options | None = None,
    track: str = "ABCDEFG",
    houses: tuple[str, ...] | None = None,
) -> Game:
    """A game past character choice and setup houses, at round 1's secret selection.

    ``cards[i]`` is seat i's character; setup houses go on ``houses`` (village ids)
    in turn, skipping full ones, defaulting to the board's village order.
    """
    options = options or Options()
    neutral = 5 - n if options.neutral_palaces else 0
    dealt = ev.SetupDealt(track=tuple(LETTER[c] for c in track), neutral=neutral)
    # The setup step as the core would record it: the chosen draw, then what follows.
    state = RULESET.new_state(options, seats(n))
    setup: list[Any] = [dealt]
    RULESET.apply(state, dealt)
    while more := RULESET.automatic(state, Random(0)):
        setup += more
        for event in more:
            RULESET.apply(state, event)
    g = Game(RULESET, seats(n), options, 0, _steps=[Step(SETUP_SEAT, None, setup)])
    if options.auction:
        return g
    for seat, card in enumerate(cards or tuple(range(1, n + 1))):
        g.play(seat, it.PickCard(card=card))
    spots = list(houses or board().villages)
    while g.state.phase == Phase.HOUSES:
        seat = g.to_move()[0]
        village = next(v for v in spots if len(g.state.villages[v]) < cap(g))
        spots.remove(village)
        g.play(seat, it.PlaceSetupHouse(village=village))
    return g


def cap(g: Game) -> int:
    return 1 if g.state.seats == 2 else 2


def select(g: Game, plans: dict[int, tuple[str, str]], default: tuple[str, str] = ("GOLD", "GOLD")
           ) -> None:
    """Every seat selects; the first turn then starts."""
    for seat in range(g.state.seats):
        first, second = plans.get(seat, default)
        g.play(seat, it.SelectActions(first=first, second=second))


def end_turns(g: Game, until_seat: int | None = None) -> None:
    """End turns (taking nothing) until ``until_seat`` is to act or the round is scored."""
    while g.state.turn is not None and g.state.turn.seat != until_seat:
        g.play(g.state.turn.seat, it.EndTurn())


def slot_of(g: Game, action: str) -> int:
    assert g.state.turn is not None
    return next(i for i, s in enumerate(g.state.turn.slots) if s.action == action)


def gold(g: Game) -> list[int]:
    return [p.gold for p in g.state.players]


def route(g: Game, seat: int, to: str) -> Any:
    """The first legal move of ``seat`` to ``to``."""
    return next(i for i in g.legal_intents(seat) if isinstance(i, it.MoveArchitect) and i.to == to)


def clear_board(g: Game) -> None:
    """Remove every house from villages (scenario tests then place what they need)."""
    for owners in g.state.villages.values():
        owners.clear()


def fill_roads(g: Game, owner: int) -> None:
    """Put one house of ``owner`` on every village so every road is open."""
    for owners in g.state.villages.values():
        owners[:] = [owner]
