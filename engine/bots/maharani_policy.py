"""The medium bot's judgement of Maharani choices: what a choice earns at once.

A placement is scored by the gold its events pay (tile zone, artisan group), the
quarter gold a new artisan adds where it stands (M-EVAL-1: artisans in a quarter
are gold to come), less a turned marker and the fee of a second tile (M-EOT-1).
These are exactly the changes of ``maharani_eval.estimates`` for the seat, read off
the events ``decide`` returns, so no state is copied: it is cheap enough to be the
rollout policy of the hard search too. Declining the second tile scores 0; a
refresh scores the markers it turns up, less a turn without gold.
"""

from __future__ import annotations

from typing import Any

from engine.bots.maharani_eval import EMPTY_RESERVE, MARKER_UP, artisans_by_quarter
from engine.maharani import components as C
from engine.maharani import events as ev
from engine.maharani import intents as it
from engine.maharani.board import palace
from engine.maharani.legal import legal_intents
from engine.maharani.rules import decide
from engine.maharani.state import State

Scored = list[tuple[float, Any]]

REFRESH_TEMPO = 1.0  # a turn spent placing nothing
CENTRE_PULL = 0.01  # among equal choices, prefer cells next to more tiles (denser zones)


def score(state: State, seat: int, intent: Any,
          counts: dict[tuple[str, str], int] | None = None) -> float:
    if isinstance(intent, it.EndTurn):
        return 0.0
    player = state.players[seat]
    if isinstance(intent, it.Refresh):
        return MARKER_UP * sum(not up for up in player.markers.values()) - REFRESH_TEMPO
    counts = artisans_by_quarter(state) if counts is None else counts
    board = palace()
    total = 0.0
    for event in decide(state, seat, intent):
        total += event.gold
        if isinstance(event, ev.TilePlaced):
            total -= MARKER_UP if event.marker else 0.0
            total += CENTRE_PULL * sum(n in state.cells for n in board.neighbours[event.cell])
        elif isinstance(event, ev.ArtisanStep) and not event.source:
            n = counts.get((board.cells[event.cell].quarter, event.colour), 0)
            total += C.quarter_gold(n + 1) - C.quarter_gold(n)
            if player.reserve[player.colours.index(event.colour)] == 1:
                total -= EMPTY_RESERVE
    turn = state.turn
    if turn is not None and turn.placed == 1:
        total -= C.SECOND_TILE_FEE
    return total


def rank(state: State, seat: int, legal: list[Any]) -> Scored:
    counts = artisans_by_quarter(state)
    scored = [(score(state, seat, intent, counts), n, intent) for n, intent in enumerate(legal)]
    scored.sort(key=lambda t: (-t[0], t[1]))
    return [(s, intent) for s, _, intent in scored]


def best(state: State, seat: int) -> Any:
    legal = legal_intents(state, seat)
    if not legal:
        return None
    counts = artisans_by_quarter(state)
    return max(legal, key=lambda intent: score(state, seat, intent, counts))
