"""The table a new game starts with (seats, options, seed), without the new-game form.

``maharaja play`` builds its game from here before the first frame; the form itself
(``screens.new_game``, with its Textual widgets) is imported only when shown (the launch figure).
"""

from __future__ import annotations

import random
from typing import Any

import msgspec

from engine.core.ruleset import HUMAN, Computer, Seat
from engine.registry import default_game
from maharaja_tui.computer import bot_levels
from maharaja_tui.games import adapter_class
from maharaja_tui.games.base import NewGameForm

NAMES = ("You", "Anand", "Bela", "Chandra", "Devi")


def bot_level() -> str:
    """The computers' level when nobody picks one: medium, as the bare command plays."""
    levels = bot_levels()
    return "medium" if "medium" in levels else levels[0]


def seat_name(seat: int) -> str:
    return NAMES[seat] if seat < len(NAMES) else f"Player {seat + 1}"


class GameSetup(msgspec.Struct, frozen=True):
    """What the new-game screen hands the app: enough to build a Game."""

    seats: tuple[Seat, ...]
    options: Any
    seed: int
    ruleset_id: str = msgspec.field(default_factory=default_game)
    lesson: bool = False  # a guided first game: the game's lesson (maharaja_tui.lessons)


def lesson_setup(game: str | None = None, *, name: str = "You") -> GameSetup:
    """The table of ``game``'s lesson (its seed, seats and options): the guided seat
    first, easy computers (or the lesson's level) after. LessonError if it has none."""
    from maharaja_tui.lessons import load

    game = game or default_game()
    lesson = load(game)
    table = lesson.table
    form = adapter_class(game).table_form()
    values = {f.id: f.default for f in form.fields} | dict(table.options)
    seats = (Seat(name),) + tuple(Seat(seat_name(s), Computer(level=table.level))
                                  for s in range(1, table.players))
    options = adapter_class(game).make_options(values, form.colours[:table.players])
    return GameSetup(seats, options, table.seed, game, lesson=True)


def form_of(ruleset_id: str) -> NewGameForm:
    return adapter_class(ruleset_id).new_game_form()


def default_setup(players: int = 3, seed: int | None = None, humans: int = 1,
                  game: str | None = None, solo: str | None = None, *, name: str = "You",
                  level: str | None = None) -> GameSetup:
    """The default table: you (or several people, hot seat) against medium computers;
    with ``solo`` (a difficulty), you alone against the game's solo opponent."""
    game = game or default_game()
    form = adapter_class(game).table_form()  # its labels are not shown
    seed = random.randrange(1, 10**6) if seed is None else seed
    values = {f.id: f.default for f in form.fields}
    if solo is not None:
        values["solo"] = solo
        options = adapter_class(game).make_options(values, form.colours[:1])
        return GameSetup((Seat(name),), options, seed, game)
    level = level or bot_level()
    seats = tuple(
        Seat((name if humans == 1 else f"Player {s + 1}") if s < humans else seat_name(s),
             HUMAN if s < humans else Computer(level=level))
        for s in range(players))
    options = adapter_class(game).make_options(values, form.colours[:players])
    return GameSetup(seats, options, seed, game)
