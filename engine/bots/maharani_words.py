"""The Maharani coach's words: the things a seat counts (gold, its artisans standing in
quarters still to be scored, its action markers face up), each worth roughly what
``maharani_eval`` credits for it in gold, so the coach says the weightiest first.
Everything but the bag's order is public (M-INFO-1); only the seat's own things are
read.
"""

from __future__ import annotations

from engine.bots.coach import Thing
from engine.bots.maharani_eval import MARKER_UP
from engine.maharani.board import palace
from engine.maharani.state import State

THINGS = {
    "gold": Thing("gold", 1.0, mass=True),
    "artisan": Thing("artisan", 3.0),  # gold to come when its quarter is scored (M-EVAL-1)
    "marker": Thing("action marker face up", MARKER_UP, many="action markers face up"),
}


class MaharaniWords:
    things = THINGS

    def count(self, state: State, seat: int) -> dict[str, float]:
        player = state.players[seat]
        out = {"gold": float(player.gold), "marker": float(sum(player.markers.values()))}
        board = palace()
        for cell, colour in state.artisans.items():
            quarter = board.cells[cell].quarter
            if colour in player.colours and quarter not in state.scored:
                key = f"artisan:{quarter}"
                out[key] = out.get(key, 0.0) + 1.0
        return out

    def detail(self, name: str, detail: str) -> str:
        return f"in the {detail} quarter" if name == "artisan" else detail

    def horizon(self, view: State, seat: int) -> str:
        # the search plays on until the next player's turn is over (maharani_bot)
        return "by your next turn" if view.seats == 2 else "once the next player has played"


WORDS = MaharaniWords()
