"""Maharaja (Kramer & Kiesling, 2020 edition): the rules as a ruleset for the core.

Rule ids (MJ-…) refer to ``shared/rules/maharaja.md``. Modules: ``components``
(declared data), ``board`` (the map), ``state``/``events``/``intents`` (the
data), ``rules`` (deciding), ``legal`` (legal intents), ``fold`` (applying),
``scoring``, ``views`` (hidden information) and ``describe``.
"""

from __future__ import annotations

from collections.abc import Iterator
from random import Random
from typing import Any

from engine.core.describe import Description
from engine.core.errors import Forbidden
from engine.core.ruleset import LegalGroup, Ruleset, RulesetDefaults, Seat
from engine.maharaja import components as C
from engine.maharaja import describe as _describe
from engine.maharaja import events as ev
from engine.maharaja import fold, legal, rules, views
from engine.maharaja import intents as it
from engine.maharaja import options as op
from engine.maharaja import state as st
from engine.maharaja import upgrade as _upgrade
from engine.maharaja.brahmabot import DIFFICULTIES
from engine.maharaja.options import FINAL_SCORING, SPECIAL_RULES

# The package's public names; inside the ruleset class they would name its attributes,
# so the class spells the types through the module aliases (st.State, op.Options).
Event = ev.Event
Intent = it.Intent
Options = op.Options
State = st.State


class MaharajaRules(RulesetDefaults[st.State, it.Intent, ev.Event]):
    id = "maharaja-2020"
    name = "Maharaja (2020)"
    rules_version = _upgrade.RULES_VERSION  # 2: ability details as named fields
    min_seats = 1  # solo (Brahmabot); standard games take 2–4
    max_seats = 4
    State = st.State
    Event = ev.Event
    Intent = it.Intent
    Options = op.Options

    def check_options(self, options: op.Options, seats: list[Seat]) -> None:
        if options.mode == "solo":
            self._check_solo(options, seats)
        elif options.mode != "standard":
            raise Forbidden("MJ-BOT-S1", f"unknown game mode {options.mode!r}")
        elif not 2 <= len(seats) <= self.max_seats:  # min_seats 1 is solo only
            raise Forbidden("MJ-COMP-7", f"Maharaja takes 2 to 4 players, not {len(seats)} "
                            "(or 1 in solo mode against Brahmabot)")
        colours = options.colours or C.COLOURS[: len(seats)]
        if options.mode == "solo":
            colours = colours[:1]
        if len(colours) != len(seats) or len(set(colours)) != len(colours) or any(
            c not in C.COLOURS for c in colours
        ):
            raise Forbidden("MJ-COMP-7", "each seat needs its own colour: "
                            + ", ".join(C.COLOURS))
        unknown = [r for r in options.special_rules if r not in SPECIAL_RULES]
        if unknown:
            raise Forbidden("MJ-VAR-R1", f"unknown special-rule tile {unknown[0]}")
        if options.final_scoring is not None and options.final_scoring not in FINAL_SCORING:
            raise Forbidden("MJ-VAR-F1", f"unknown final-scoring tile {options.final_scoring}")

    def describe_options(self, options: op.Options) -> str:
        return options.describe()

    def _check_solo(self, options: op.Options, seats: list[Seat]) -> None:
        if len(seats) != 1:
            raise Forbidden("MJ-BOT-S1", "a solo game has exactly one player")
        if options.difficulty not in DIFFICULTIES:
            raise Forbidden("MJ-BOT-S3", "difficulty is easy, medium or hard, not "
                            f"{options.difficulty!r}")

    def new_state(self, options: op.Options, seats: list[Seat]) -> st.State:
        return fold.new_state(options, len(seats))  # solo adds Brahmabot as player 1

    # The hot path (every decision, every simulated step) calls the rules' functions
    # directly, one call frame less than a method that forwards to them.
    automatic = staticmethod(rules.automatic)
    to_move = staticmethod(rules.to_move)

    def legal_intents(self, state: st.State, seat: int) -> list[it.Intent]:
        return legal.legal_intents(state, seat)

    def legal_groups(self, state: st.State, seat: int) -> Iterator[LegalGroup[it.Intent]]:
        return legal.legal_groups(state, seat)

    random_intent = staticmethod(legal.random_intent)
    decide = staticmethod(rules.decide)
    decide_listed = staticmethod(rules.decide_listed)
    apply = staticmethod(fold.apply)

    def view(self, state: st.State, seat: int | None) -> st.State:
        return views.view(state, seat)

    def redact(self, event: ev.Event, seat: int | None) -> ev.Event:
        return views.redact(event, seat)

    def fork(self, state: st.State, seat: int, rng: Random) -> st.State:
        return views.fork(state, seat, rng)

    def describe(self, event: ev.Event, state: st.State) -> Description:
        return _describe.describe(event, state)

    def boundary(self, event: ev.Event) -> str | None:
        return _describe.boundary(event)

    def is_over(self, state: st.State) -> bool:
        return state.phase == st.Phase.OVER

    def upgrade(self, record: dict[str, Any], rules_version: str) -> dict[str, Any]:
        return _upgrade.upgrade(record, rules_version)


RULESET: Ruleset[st.State, it.Intent, ev.Event, op.Options] = MaharajaRules()

__all__ = ["RULESET", "Event", "Intent", "MaharajaRules", "Options", "State"]
