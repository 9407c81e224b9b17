"""A throwaway 2-4 seat ruleset for the server tests: secret hands, a plan phase, secret PP.

Every round each seat is dealt a private hand of card codes (``ruby4821``) and a
secret PP number; seats plan one card each at the same time; the plans are revealed
together and the highest number wins the round. Unplayed cards and PP are never
revealed, so a test can assert they never reach another seat's terminal.
"""

from __future__ import annotations

from random import Random
from typing import Any

import msgspec

from engine.core.describe import Description, desc
from engine.core.errors import IllegalIntent
from engine.core.ruleset import RulesetDefaults, Seat

WORDS = ("ruby", "jade", "onyx", "opal", "pearl", "amber", "coral", "topaz")
HIDDEN = "?"


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    rounds: int = 3
    hand: int = 3


class Dealt(msgspec.Struct, tag="dealt"):
    round: int
    hands: list[list[str]]
    pp: list[int]


class Planned(msgspec.Struct, tag="planned"):
    seat: int
    card: str


class Revealed(msgspec.Struct, tag="revealed"):
    cards: list[str]
    winner: int


class Finished(msgspec.Struct, tag="finished"):
    pass


Event = Dealt | Planned | Revealed | Finished


class Plan(msgspec.Struct, tag="plan"):
    card: str


Intent = Plan


class State(msgspec.Struct):
    seats: int
    rounds: int
    hand: int
    round: int = 0
    hands: list[list[str]] = []
    pp: list[int] = []
    plans: list[str | None] = []
    scores: list[int] = []
    revealed: list[list[str]] = []
    over: bool = False


def value(card: str) -> int:
    return int("".join(c for c in card if c.isdigit()) or 0)


class SecretDuel(RulesetDefaults[Any, Any, Any]):
    id = "test-secrets"
    name = "Secret Duel (test game)"
    rules_version = "1"
    min_seats = 2
    max_seats = 4
    State = State
    Event = Event
    Intent = Intent
    Options = Options

    def new_state(self, options: Options, seats: list[Seat]) -> State:
        n = len(seats)
        return State(seats=n, rounds=options.rounds, hand=options.hand,
                     plans=[None] * n, scores=[0] * n)

    def check_options(self, options: Options, seats: list[Seat]) -> None:
        if not self.min_seats <= len(seats) <= self.max_seats:
            raise IllegalIntent("TS-1", "this game needs 2 to 4 seats")
        if options.rounds < 1 or not 1 <= options.hand <= 6:
            raise IllegalIntent("TS-2", "rounds must be >= 1 and hand 1..6")

    def automatic(self, state: State, rng: Random) -> list[Any]:
        if state.over:
            return []
        if state.round == 0:
            return [self._deal(state, rng, 1)]
        if all(p is not None for p in state.plans):
            cards = [p or "" for p in state.plans]
            best = max(range(state.seats), key=lambda s: (value(cards[s]), -s))
            events: list[Any] = [Revealed(cards, best)]
            if state.round >= state.rounds:
                events.append(Finished())
            else:
                events.append(self._deal(state, rng, state.round + 1))
            return events
        return []

    def _deal(self, state: State, rng: Random, round_: int) -> Dealt:
        hands = [[f"{rng.choice(WORDS)}{rng.randint(1000, 9999)}" for _ in range(state.hand)]
                 for _ in range(state.seats)]
        pp = [rng.randint(100000, 999999) for _ in range(state.seats)]
        return Dealt(round_, hands, pp)

    def to_move(self, state: State) -> tuple[int, ...]:
        if state.over or state.round == 0:
            return ()
        return tuple(s for s in range(state.seats) if state.plans[s] is None)

    def legal_intents(self, state: State, seat: int) -> list[Any]:
        if seat not in self.to_move(state):
            return []
        return [Plan(card) for card in state.hands[seat]]

    def decide(self, state: State, seat: int, intent: Any) -> list[Any]:
        if not isinstance(intent, Plan) or intent.card not in state.hands[seat]:
            raise IllegalIntent("TS-3", "you can only plan a card from your own hand")
        if state.plans[seat] is not None:
            raise IllegalIntent("TS-4", "you have already planned this round")
        return [Planned(seat, intent.card)]

    def apply(self, state: State, event: Any) -> None:
        match event:
            case Dealt():
                state.round = event.round
                state.hands = [list(h) for h in event.hands]
                state.pp = list(event.pp)
                state.plans = [None] * state.seats
            case Planned():
                state.plans[event.seat] = event.card
                state.hands[event.seat].remove(event.card)
            case Revealed():
                state.revealed.append(list(event.cards))
                state.scores[event.winner] += 1
            case Finished():
                state.over = True

    def view(self, state: State, seat: int | None) -> State:
        out = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=State)
        if state.over:
            return out
        for s in range(state.seats):
            if s != seat:
                out.hands[s] = [HIDDEN] * len(out.hands[s])
                out.pp[s] = 0
                if out.plans[s] is not None:
                    out.plans[s] = HIDDEN
        return out

    def redact(self, event: Any, seat: int | None) -> Any:
        if isinstance(event, Dealt):
            return Dealt(event.round,
                         [h if s == seat else [HIDDEN] * len(h) for s, h in enumerate(event.hands)],
                         [p if s == seat else 0 for s, p in enumerate(event.pp)])
        if isinstance(event, Planned) and event.seat != seat:
            return Planned(event.seat, HIDDEN)
        return event

    def describe(self, event: Any, state: State) -> Description:
        match event:
            case Dealt():
                return desc(f"Round {event.round}: hands dealt")
            case Planned():
                return desc((f"seat {event.seat}", f"seat:{event.seat}"), f" planned {event.card}")
            case Revealed():
                return desc("Revealed ", " ".join(event.cards), f"; seat {event.winner} wins")
            case _:
                return desc("Game over")

    def boundary(self, event: Any) -> str | None:
        return "round" if isinstance(event, Dealt) else None

    def is_over(self, state: State) -> bool:
        return state.over


RULESET = SecretDuel()


class LongOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    rounds: int = 100_000
    hand: int = 3


class LongDuel(SecretDuel):
    """The same game, long enough for load tests (scripts/load_ssh.py)."""

    id = "test-secrets-long"
    name = "Secret Duel (long test game)"
    Options = LongOptions


LONG = LongDuel()
