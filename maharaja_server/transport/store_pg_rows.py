"""A game as rows of the PostgreSQL store: its header, then one row a step."""

from __future__ import annotations

from typing import Any

import msgspec

from engine.core import record
from engine.core.errors import RecordError
from engine.core.game import AnyGame, AnyStep, Step


def head_of(game: AnyGame) -> str:
    """What a game is besides its steps, as a save's header (engine.core.record)."""
    if game.start is not None:  # a server's games start from their seed
        raise ValueError("a game played from a position is not hosted by the server")
    rules = game.ruleset
    header = record.Header(
        ruleset=rules.id, rules_version=rules.rules_version,
        options=msgspec.Raw(msgspec.json.encode(game.options)), seats=game.seats,
        seed=game.seed, created=game.created, updated=game.created)
    return msgspec.json.encode(header).decode()


def step_row(table_id: int, index: int, rev: int, step: AnyStep) -> tuple[Any, ...]:
    intent = None if step.intent is None else msgspec.json.encode(step.intent).decode()
    return (table_id, index, rev, step.seat, intent, msgspec.json.encode(step.events).decode())


class StepDecoder:
    """A ruleset's steps from their rows."""

    def __init__(self, rules: Any) -> None:
        self.rules = rules
        self._intent = msgspec.json.Decoder(rules.Intent)
        self._events: msgspec.json.Decoder[Any] = msgspec.json.Decoder(list[rules.Event])

    def step(self, seat: int, intent: str | None, events: str) -> AnyStep:
        return Step(seat, None if intent is None else self._intent.decode(intent),
                    self._events.decode(events))


def game_from(table_id: int, head: str, rows: list[tuple[int, str | None, str]],
              rulesets: dict[str, Any], *, validate: bool = True) -> AnyGame:
    """The game of ``head`` and its steps' rows (seat, intent, events), replayed through
    the rules when ``validate`` (as a save is loaded); RecordError if they do not make
    one."""
    name = f"table {table_id}'s game"
    try:
        header = msgspec.json.decode(head, type=record.Header)
        rules = rulesets[header.ruleset]
        options = msgspec.json.decode(header.options, type=rules.Options)
        decoder = StepDecoder(rules)
        steps = [decoder.step(*row) for row in rows]
    except KeyError as exc:
        raise RecordError(f"{name}: this server has no game {exc}", damaged=False) from None
    except (msgspec.DecodeError, msgspec.ValidationError) as exc:
        raise RecordError(f"{name}: corrupted content ({exc})") from None
    return record.rebuild(rules, header, options, steps, name=name, validate=validate)
