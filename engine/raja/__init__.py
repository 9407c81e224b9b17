"""Raja / Maharaja: Palace Building in India (Phalanx, 2004), rules of /rules/raja.md.

Rulings made here where the spec is silent:
- One architect move is a simple path (no junction twice); longer walks are several
  moves, each priced on its own, so repeat crossings still pay again (R-MOVE-5).
- legal_intents offers one route per (destination, toll breakdown): the shortest.
- Secret selection (R-ROUND-3) is simultaneous: every seat that has not selected is
  to move. The order of the two arrows only numbers the slots (0 and 1); a token
  action (R-VAR-TOKEN-2) becomes slot 2.
- Merchant gold and the Yogi token (R-AMB-7) are automatic events emitted the first
  moment the active player holds the card during their turn, so a card gained by a
  swap pays at once and never twice in one turn.
- A short QUARRY (fewer than 2 left) books what there was and leaves the part undone,
  so it is forfeited at the end of the turn (R-ACT-1 ruling); an empty quarry refuses.
- The Builder's free house in a village does not count toward TWO_HOUSES' village
  limit (R-CHAR-5: it is not a part).
- A Builder step (R-CHAR-5) names slot -1 instead of a part.
- Under multi_character, an exchange names the card the active player gives even
  when they hold only one (it must then be that one).
- Neutral palaces are 5 minus the seat count when ``neutral_palaces`` is on.
- Every module combination is allowed; only the seat count (R-MODE-1) is checked.
- ``hidden_gold`` (default on, R-INFO-1) shows other seats' gold as -1 in views; the
  amounts in events (tolls, payouts) stay public, as they are at the table.
"""

from __future__ import annotations

from collections.abc import Iterator
from random import Random

from engine.core.describe import Description
from engine.core.errors import Forbidden
from engine.core.ruleset import LegalGroup, Ruleset, RulesetDefaults, Seat
from engine.raja import components as C
from engine.raja import events as ev
from engine.raja import fold, legal
from engine.raja import intents as it
from engine.raja import options as op
from engine.raja import state as st
from engine.raja.board import board
from engine.raja.describe import describe as _describe
from engine.raja.flow import automatic as _automatic
from engine.raja.flow import to_move as _to_move
from engine.raja.options import PRESETS, preset
from engine.raja.queries import palace_limit
from engine.raja.rules import decide as _decide
from engine.raja.views import fork as _fork
from engine.raja.views import redact as _redact
from engine.raja.views import view as _view

__all__ = ["PRESETS", "RULESET", "Event", "Intent", "Options", "RajaRules", "State", "preset"]

# The package's public names; inside the ruleset class they would name its attributes,
# so the class spells the types through the module aliases (st.State, op.Options).
Event = ev.Event
Intent = it.Intent
Options = op.Options
State = st.State


class RajaRules(RulesetDefaults[st.State, it.Intent, ev.Event]):
    id = "raja-2004"
    name = "Raja (2004)"
    rules_version = "raja.md/1"
    min_seats = 2
    max_seats = 5
    State = st.State
    Event = ev.Event
    Intent = it.Intent
    Options = op.Options

    def describe_options(self, options: op.Options) -> str:
        return op.describe(options)

    def new_state(self, options: op.Options, seats: list[Seat]) -> st.State:
        network = board()
        state = st.State(
            options=options,
            seats=len(seats),
            players=[],
            villages={v: [] for v in network.villages},
            cities={c: st.City() for c in network.city_ids},
            bank=list(C.BASIC_CARDS) + ([C.YOGI] if options.yogi_tokens else []),
            tokens=C.TOKENS if options.yogi_tokens else 0,
            maharaja=network.start,
        )
        state.players = [
            st.Player(gold=C.START_GOLD, architect=network.start, supply=palace_limit(state),
                      setup_houses=C.SETUP_HOUSES, reserve=0, quarry=C.QUARRY_HOUSES)
            for _ in seats
        ]
        return state

    def check_options(self, options: op.Options, seats: list[Seat]) -> None:
        if not isinstance(options, op.Options):
            raise Forbidden("R-MODE-2", "these are not Raja options")
        if not self.min_seats <= len(seats) <= self.max_seats:
            raise Forbidden("R-MODE-1", f"Raja takes 2 to 5 players, not {len(seats)}")

    def automatic(self, state: st.State, rng: Random) -> list[ev.Event]:
        return _automatic(state, rng)

    def to_move(self, state: st.State) -> tuple[int, ...]:
        return _to_move(state)

    def legal_intents(self, state: st.State, seat: int) -> list[it.Intent]:
        return legal.legal_intents(state, seat)

    def legal_groups(self, state: st.State, seat: int) -> Iterator[LegalGroup[it.Intent]]:
        return legal.legal_groups(state, seat)

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
        if isinstance(event, ev.RoundStarted):
            return "round"
        if isinstance(event, ev.TurnStarted):
            return "turn"
        return None

    def is_over(self, state: st.State) -> bool:
        return state.phase == st.Phase.OVER


RULESET: Ruleset[st.State, it.Intent, ev.Event, op.Options] = RajaRules()
