"""Maharadjah (Avalon Hill's *Maharajah* wargame): rules of shared/rules/maharadjah.md.

17 nations over 16 turns on the reconstructed map of §5 (``data/map.json``); the
nations, the event table and the victory-point cards are data too. Seats are the
players A-E of W-ASSIGN-1 in order. Decisions that are not the active nation's
(casualties, retreats, permissions) go to the seat controlling that nation.

Rulings made here where the spec is silent:
- A move is one intent: a group (armies of one space that have not moved, with any
  of the unmoved leaders and arms markers there) follows one path; each army moves
  once per Movement Phase. Armies with a leader or arms marker may stop along the
  path (``Move.drops``, W-LEAD-3); legal_intents lists each path with the whole group
  going on, and ``drop_moves`` the ways to stop on the way (there can be thousands).
- The overrun count of W-MOVE-5 counts the active armies that entered T this phase.
- Armies that did not move have no entered-from space and cannot retreat (W-RET-3).
- W-STACK-3 (amended): a move after which the limits could no longer be met by the
  armies still free to move (each judged moving on its own) is refused before it is
  made, and ending the Movement Phase is refused while moves would still save armies
  (``stacking``); what excess remains was not of the player's making (W-STACK-6, a
  blocked stack) and is removed at once, the territory keeping the most armies
  serving as the large stack (W-AMB-40).
- W-INV-5: short groups are filled in the listed order (it never matters in play).
- A leader of W-LEAD-2 is placed after the growth armies, in any space holding its
  nation's army or post, or held for the space of this turn's first invader group.
- Growth with no growth at all (W-GROW-3 "none"): the saved potential stays as it is.
  Reinforcements are placed before growth armies are counted against the total, so
  saved = min(2½, total − 3 × (placed − reinforcements)).
- The end-of-sequence raid checkpoint (W-VP-3) is taken in the VP Phase, where raids
  are tallied; nothing but removals happens after it.
- W-SUB-5, W-ALLY-5 (amended): leaders and arms markers go with the last group that
  withdraws from a space (a post of their nation there keeps no leader back).
- W-RET-5: leaders and arms markers go with a retreating group that takes them
  (``Retreat.escort``), else with the last retreating group of their nation (a
  leader stays with its nation's post unless a group takes it).
- W-ARMS-6 is checked after every step ("at once"), whatever made a condition fail.
- W-VP-6 / W-AMB-22: the engine picks the best sea zone for Malabar and Golkonda.
- A lone-post attack broken off (W-POST-9) may not be resumed in the same Combat
  Phase; a refused post request is not asked again in the same sequence.
- Submission is offered at the end of the active nation's Movement Phase (every nation
  that may submit is asked), to the defender at each retreat step and at the end of
  each battle; alliance with
  the British at the start of each Indian sequence once it is open, with those offers,
  at the end of a British or allied Movement Phase to each nation it is about to
  attack, and at the defender's retreat steps. Alliance is refused (W-ALLY-5) when an
  alliance army in the new ally's territories would have nowhere to go.
- W-BOAT-6: leave to sail is asked when the move is made; the move waits for every
  power's answer. A grant or a refusal holds for the rest of the nation's sequence; a
  refusal closes the zone to its sea moves, not to a naval attack there.
- W-NAV-3: an Indian nation at sea must fight a first colonial power there; others
  are optional. Survivors land when the Combat Phase ends, one army at a time,
  chosen by their owner; those that cannot land are lost (not destroyed).
- Sea battles between colonial powers (W-NAV-1) and lone-post attacks are fought at
  most once per power and space in a Combat Phase.
- A move never ends where it started (it would be no move).
- When one decision leaves a single option (one space to place in, all armies to
  remove) it is taken automatically.
"""

from __future__ import annotations

from collections.abc import Iterator
from random import Random

from engine.core.describe import Description
from engine.core.errors import Forbidden
from engine.core.ruleset import LegalGroup, Ruleset, RulesetDefaults, Seat
from engine.maharadjah import events as ev
from engine.maharadjah import fold, legal
from engine.maharadjah import intents as it
from engine.maharadjah import options as op
from engine.maharadjah import state as st
from engine.maharadjah.describe import describe as _describe
from engine.maharadjah.flow import automatic as _automatic
from engine.maharadjah.legal import drop_moves, movable, reach, stack_moves
from engine.maharadjah.options import game_type
from engine.maharadjah.queries import to_move as _to_move
from engine.maharadjah.rules import decide as _decide
from engine.maharadjah.rules import decide_listed as _decide_listed
from engine.maharadjah.rules import is_legal
from engine.maharadjah.views import fork as _fork
from engine.maharadjah.views import redact as _redact
from engine.maharadjah.views import view as _view

__all__ = ["RULESET", "Event", "Intent", "MaharadjahRules", "Options", "State", "drop_moves",
           "is_legal", "movable", "reach", "stack_moves"]

# The package's public names; inside the ruleset class they would name its attributes,
# so the class spells the types through the module aliases (st.State, op.Options).
Event = ev.Event
Intent = it.Intent
Options = op.Options
State = st.State


class MaharadjahRules(RulesetDefaults[st.State, it.Intent, ev.Event]):
    id = "maharadjah"
    name = "Maharadjah (wargame)"
    rules_version = "maharadjah.md/1"
    min_seats = 3
    max_seats = 5
    State = st.State
    Event = ev.Event
    Intent = it.Intent
    Options = op.Options

    def new_state(self, options: op.Options, seats: list[Seat]) -> st.State:
        return st.State(options=options, seats=len(seats),
                        game_type=game_type(options, len(seats)))

    def check_options(self, options: op.Options, seats: list[Seat]) -> None:
        if not isinstance(options, op.Options):
            raise Forbidden("W-ASSIGN-1", "these are not Maharadjah options")
        if not self.min_seats <= len(seats) <= self.max_seats:
            raise Forbidden("W-ASSIGN-1", f"Maharadjah takes 3 to 5 players, not {len(seats)}")
        if options.short_game and len(seats) != 3:
            raise Forbidden("W-SETUP-S1", "the short game is for 3 players")

    def describe_options(self, options: op.Options) -> str:
        return "short game (turns 9 to 16)" if options.short_game else ""

    # The hooks asked at every decision and event (the clock, whose decision it is, the
    # random and the listed decision, the fold) are the rules' functions themselves: no
    # method's frame in front of each call.
    automatic = staticmethod(_automatic)
    to_move = staticmethod(_to_move)

    def legal_intents(self, state: st.State, seat: int) -> list[it.Intent]:
        return legal.legal_intents(state, seat)

    def legal_groups(self, state: st.State, seat: int) -> Iterator[LegalGroup[it.Intent]]:
        return legal.legal_groups(state, seat)

    def is_legal(self, state: st.State, seat: int, intent: it.Intent) -> bool:
        return is_legal(state, seat, intent)

    random_intent = staticmethod(legal.random_intent)  # builds only the move drawn

    def decide(self, state: st.State, seat: int, intent: it.Intent) -> list[ev.Event]:
        return _decide(state, seat, intent)

    decide_listed = staticmethod(_decide_listed)
    apply = staticmethod(fold.apply)

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
            return "round"
        if isinstance(event, ev.SequenceStarted):
            return "turn"
        if isinstance(event, ev.PhaseStarted):
            return "phase"  # the log folds the many phases in which nothing happens
        if isinstance(event, ev.MovementEnded | ev.CombatEnded | ev.PostsEnded | ev.ArmsEnded
                      | ev.SequenceEnded):
            return "end"
        return None

    def is_over(self, state: st.State) -> bool:
        return state.phase == st.OVER


RULESET: Ruleset[st.State, it.Intent, ev.Event, op.Options] = MaharadjahRules()
