"""Maharani: Mosaic Palace (Wolfgang Panning; 2-4 players), rules of /rules/maharani.md.

The board geometry and the tile set are the spec's reconstruction, loaded from
``data/`` and checked at load (M-BOARD-9). Rulings made here where the spec is silent:
- Draws are made when they happen (M-SETUP-3, M-EOT-3), uniformly from the bag with
  the seeded generator the core gives ``automatic``, and written into the event. This
  is the same as drawing from a shuffled bag (M-SETUP-1), and it means no bag order
  exists anywhere: the state keeps the bag as a sorted multiset (M-INFO-1).
- Artisan colours go by seat: GREEN, RED, BLUE, YELLOW; with 2 players seat 0 takes
  GREEN+YELLOW and seat 1 RED+BLUE (M-2P-1's choice is cosmetic; as in M-EX-11/12).
- The first player is drawn at random by the setup event (M-SETUP-2); seat 0 always
  sits at N and seats go clockwise.
- ``Place.artisan`` names the artisan colour that goes onto the tile; "" is accepted
  whenever the rules leave no choice (always with 3-4 players), and legal_intents
  names the colour. A 2-player placement with a real choice (M-2P-2) must name it.
- After the first tile, EndTurn declines the second (M-PLACE-6). The turn ends by
  itself after the second tile, or after the first when no second placement exists.
- REFRESH is refused after a tile was placed this turn (one action a turn, M-TURN-2).
- The exceptional end (M-END-2) also applies when the turntable is empty and cells
  remain (an empty bag on a data set where that can happen): nobody could place.
- A "round" (replay seeking) starts each time the first player's turn starts.
"""

from __future__ import annotations

from collections.abc import Iterator
from random import Random

from engine.core.describe import Description
from engine.core.errors import Forbidden
from engine.core.ruleset import LegalGroup, Ruleset, RulesetDefaults, Seat
from engine.maharani import components as C
from engine.maharani import events as ev
from engine.maharani import fold, legal
from engine.maharani import intents as it
from engine.maharani import options as op
from engine.maharani import state as st
from engine.maharani.board import palace
from engine.maharani.describe import describe as _describe
from engine.maharani.flow import automatic as _automatic
from engine.maharani.flow import to_move as _to_move
from engine.maharani.rules import decide as _decide
from engine.maharani.views import fork as _fork
from engine.maharani.views import redact as _redact
from engine.maharani.views import view as _view

__all__ = ["RULESET", "Event", "Intent", "MaharaniRules", "Options", "State"]

# The package's public names; inside the ruleset class they would name its attributes,
# so the class spells the types through the module aliases (st.State, op.Options).
Event = ev.Event
Intent = it.Intent
Options = op.Options
State = st.State


class MaharaniRules(RulesetDefaults[st.State, it.Intent, ev.Event]):
    id = "maharani"
    name = "Maharani: Mosaic Palace"
    rules_version = "maharani.md/1"
    min_seats = C.MIN_PLAYERS
    max_seats = C.MAX_PLAYERS
    State = st.State
    Event = ev.Event
    Intent = it.Intent
    Options = op.Options

    def new_state(self, options: op.Options, seats: list[Seat]) -> st.State:
        board = palace()  # M-SETUP-1
        n = len(seats)
        players = [
            st.Player(side=side, colours=list(colours), reserve=[C.ARTISANS[n]] * len(colours),
                      markers=dict.fromkeys(board.quarters, True))  # M-SETUP-4
            for side, colours in zip(C.SEAT_SIDES[n], C.SEAT_COLOURS[n], strict=True)
        ]
        return st.State(options=options, seats=n, players=players,
                             bag=sorted(board.tiles))

    def check_options(self, options: op.Options, seats: list[Seat]) -> None:
        if not isinstance(options, op.Options):
            raise Forbidden("M-SETUP-2", "these are not Maharani options")
        if not self.min_seats <= len(seats) <= self.max_seats:
            raise Forbidden("M-SETUP-2", f"Maharani takes 2 to 4 players, not {len(seats)}")

    def automatic(self, state: st.State, rng: Random) -> list[ev.Event]:
        return _automatic(state, rng)

    def to_move(self, state: st.State) -> tuple[int, ...]:
        return _to_move(state)

    def legal_intents(self, state: st.State, seat: int) -> list[it.Intent]:
        return legal.legal_intents(state, seat)

    def legal_groups(self, state: st.State, seat: int) -> Iterator[LegalGroup[it.Intent]]:
        return legal.legal_groups(state, seat)

    def is_legal(self, state: st.State, seat: int, intent: it.Intent) -> bool:
        return legal.is_legal(state, seat, intent)

    def decide(self, state: st.State, seat: int, intent: it.Intent) -> list[ev.Event]:
        return _decide(state, seat, intent)

    def apply(self, state: st.State, event: ev.Event) -> None:
        fold.apply(state, event)

    def view(self, state: st.State, seat: int | None) -> st.State:
        return _view(state, seat)

    def redact(self, event: ev.Event, seat: int | None) -> ev.Event:
        return _redact(event, seat)

    def fork(self, state: st.State, seat: int, rng: Random) -> st.State:
        return _fork(state, seat, rng)

    def describe(self, event: ev.Event, state: st.State) -> Description:
        return _describe(event, state)

    def boundary(self, event: ev.Event) -> str | None:
        if isinstance(event, ev.TurnStarted):
            return "round" if event.round else "turn"
        return None

    def is_over(self, state: st.State) -> bool:
        return state.phase == st.Phase.OVER


RULESET: Ruleset[st.State, it.Intent, ev.Event, op.Options] = MaharaniRules()
