"""legal_intents and is_legal: what a seat may do now (M-TURN-2, M-PLACE, M-2P-2).

Each placement is listed once per artisan outcome, naming the artisan colour that
goes onto the tile (``""`` when none does), so the list has no two intents with
the same effect. ``legal_groups`` offers the placements as one group produced
lazily, then Refresh and EndTurn; ``legal_intents`` is them flattened, in order.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache, partial
from typing import Any

from engine.core.errors import Refused
from engine.core.ruleset import LegalGroup
from engine.maharani import components as C
from engine.maharani import intents as it
from engine.maharani.board import palace
from engine.maharani.queries import artisan_options, placement_offers
from engine.maharani.rules import decide
from engine.maharani.state import Phase, State


def legal_intents(state: State, seat: int) -> list[Any]:
    # what legal_groups yields, flattened without building the groups (random play and
    # the bots' rollouts list every decision)
    if not _deciding(state, seat):
        return []
    return _placements(state, seat) + _closing(state, seat)


def legal_groups(state: State, seat: int) -> Iterator[LegalGroup[Any]]:
    if not _deciding(state, seat):
        return
    yield LegalGroup("place", partial(_placements, state, seat))
    for intent in _closing(state, seat):
        yield LegalGroup(_KEYS[type(intent)], partial(list, (intent,)))


_KEYS = {it.Refresh: "refresh", it.EndTurn: "end-turn"}
_REFRESH, _END_TURN = it.Refresh(), it.EndTurn()


def _deciding(state: State, seat: int) -> bool:
    turn = state.turn
    return state.phase == Phase.TURN and turn is not None and turn.seat == seat


def _closing(state: State, seat: int) -> list[Any]:
    """The intents after the placements: Refresh or EndTurn, when open."""
    assert state.turn is not None
    placed = state.turn.placed
    if placed == 0 and not all(state.players[seat].markers.values()):  # M-AMB-9
        return [_REFRESH]
    if placed == 1:
        return [_END_TURN]
    return []


def _placements(state: State, seat: int) -> list[Any]:
    board = palace()
    player = state.players[seat]
    side = player.side
    # with every reserve stocked, each own colour is offered wherever an artisan goes
    # (placed new, or moved if one stands there: M-ART-2/3), so no board search is needed
    stocked: list[str] | None = list(player.colours) if all(player.reserve) else None
    out: list[Any] = []
    append = out.append
    options: dict[tuple[str, str], list[str]] = {}  # (tile colour, quarter) -> artisans
    for _slot, tile, offers in placement_offers(state, seat, _offers):
        colour = board.tiles[tile].colour
        for _cell, quarter, arrows in offers:
            for arrow, places in arrows:
                if arrow != side:
                    append(places[""])
                    continue
                names = stocked
                if names is None:
                    key = (colour, quarter)
                    names = options.get(key)
                    if names is None:
                        names = options[key] = [
                            c for c, _ in artisan_options(state, seat, colour, quarter)]
                if not names:
                    append(places[""])
                for name in names:
                    append(places[name])
    return out


@cache
def _offers(local: str, slot: int,
            ) -> tuple[tuple[str, str, tuple[tuple[int, dict[str, it.Place]], ...]], ...]:
    """The palace's ``fitting`` for a tile in ``slot``, each arrow with its Place intents
    by the artisan they name ("" none): intents are frozen, so each is built once and
    shared by every listing instead of dozens built per decision."""
    return tuple(
        (cell, quarter, tuple((arrow, {name: it.Place(slot=slot, cell=cell, arrow=C.SIDES[arrow],
                                                      artisan=name)
                                       for name in ("", *C.ARTISAN_COLOURS)})
                              for arrow in arrows))
        for cell, quarter, arrows in palace().fitting[local])


def is_legal(state: State, seat: int, intent: Any) -> bool:
    """True when ``seat`` may send ``intent`` now (without listing every intent)."""
    if state.phase != Phase.TURN or state.turn is None or state.turn.seat != seat:
        return False
    try:
        decide(state, seat, intent)
    except Refused:
        return False
    return True
