"""Guided first games ("Learn to play"): one lesson per game, as data.

A lesson is a JSON file in this package named by its game's id (``raja-2004.json``):
the table it starts (players, seed, the computers' level, the new-game form's values)
and the steps that walk the first human seat through the game's main ideas. Each step
names the decision it expects as a token of the game's record notation (``C6``,
``START-VAR``, ``3:r4c0:E``: the engine reads it in the position at hand, so the
rules decide what it means), says in a sentence or two what to do and why, lists the
keys it asks for, the places to mark on the board, the player's-guide section F1 opens
and the rule ids it teaches.

Everything is checked when a lesson is loaded (``load``): its fields and their types,
the game, the seats, the guide's sections, the rule ids in the game's rules reference,
the places on the game's board, the keys, and that no text is longer than the lesson
panel shows at 80 columns. Whether each token is the right decision at its step is the
engine's to say as the lesson is played (``tests/tui/test_lessons.py`` plays every
lesson to its end by the keys its steps ask for).

This module and ``run`` know no particular game: a game's knowledge is in its lesson
file, its adapter and its notation.
"""

from __future__ import annotations

import re
import textwrap
from functools import cache
from pathlib import Path
from typing import Any

import msgspec

FOLDER = Path(__file__).parent
# The lesson panel at 80x24: the whole width over the choices less its padding, and
# the rows it may take from the board above it under its top border (as "since your
# last turn" does). A step (its title and keys, then its words) must fit them whole,
# and where the guide and the rules explain it must fit the border.
PANEL_WIDTH = 78
STEP_ROWS = 3
DIALOG_WIDTH = 72  # the welcome's dialog at 80 columns
WELCOME_LINES = 5

# Keys a step may ask for by name; any single character is a key too, and a longer
# word that is no key name is typed letter by letter (a list's filter).
KEY_NAMES = frozenset({
    "enter", "escape", "up", "down", "left", "right", "home", "end", "pageup", "pagedown",
    "tab", "space", "backspace", "f1"})
KEY_WORDS = {"enter": "Enter", "escape": "Esc", "up": "↑", "down": "↓", "left": "←",
             "right": "→", "home": "Home", "end": "End", "pageup": "PgUp",
             "pagedown": "PgDn", "tab": "Tab", "space": "Space", "backspace": "Backspace",
             "f1": "F1"}
DONE = "Lesson done"  # the panel's title over the farewell
RULE_ID = re.compile(r"^[A-Z]+(?:-[A-Z0-9]+)+$")


class LessonError(ValueError):
    """A lesson file that cannot be used: the file and what is wrong, in words."""


class Step(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One decision of the guided seat."""

    expect: str  # the decision, a token of the game's notation (its record's words)
    text: str  # what to do and why, one or two sentences
    keys: tuple[str, ...]  # the keys it asks for (see KEY_NAMES)
    section: str  # the player's guide section that explains it (F1 opens it)
    rules: tuple[str, ...]  # the rule ids it teaches
    highlight: tuple[str, ...] = ()  # places marked on the board (the board's own ids)


class Table(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The game a lesson starts: the guided seat is the first, the others computers."""

    players: int
    seed: int
    level: str = "easy"  # the computers' level
    options: dict[str, Any] = msgspec.field(default_factory=dict)  # the form's field values


class Lesson(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    game: str
    title: str
    table: Table
    welcome: str  # said once before the first step (what the lesson shows)
    steps: tuple[Step, ...]
    farewell: str  # said after the last step (the game goes on)


def path_of(game: str) -> Path:
    return FOLDER / f"{game}.json"


def games() -> tuple[str, ...]:
    """The ids of the games that have a lesson here, in the registry's order."""
    from maharaja_tui.games import playable

    return tuple(game for game in playable() if path_of(game).is_file())


@cache
def load(game: str) -> Lesson:
    """The lesson of ``game``, checked; LessonError says what is wrong with it."""
    path = path_of(game)
    try:
        lesson = msgspec.json.decode(path.read_bytes(), type=Lesson)
    except OSError as problem:
        raise LessonError(f"no lesson for {game} ({path.name}: {problem.strerror})") from None
    except msgspec.ValidationError as problem:
        raise LessonError(f"{path.name}: {problem}") from None
    except msgspec.DecodeError as problem:
        raise LessonError(f"{path.name} is not JSON: {problem}") from None
    problems = check(lesson, game)
    if problems:
        raise LessonError(f"{path.name}: " + "; ".join(problems))
    return lesson


def check(lesson: Lesson, game: str) -> list[str]:
    """Everything wrong with ``lesson`` as the lesson of ``game``, in words."""
    from engine.core.errors import RecordError
    from engine.registry import spec_of
    from maharaja_tui.computer import bot_levels
    from maharaja_tui.games import UnsupportedGame, adapter_class
    from maharaja_tui.reference import sections

    if lesson.game != game:
        return [f"it is the lesson of {lesson.game!r}, not of {game!r}"]
    try:
        spec = spec_of(game)
        adapter = adapter_class(game)
    except (RecordError, UnsupportedGame) as problem:
        return [str(problem)]
    problems: list[str] = []
    low, high, _ = spec.seats
    if not low <= lesson.table.players <= high:
        problems.append(f"{spec.title} takes {low} to {high} players, not "
                        f"{lesson.table.players}")
    if lesson.table.level not in bot_levels():
        problems.append(f"no computer level {lesson.table.level!r} "
                        f"(one of {', '.join(bot_levels())})")
    fields = {field.id for field in adapter.table_form().fields}
    problems += [f"no option {name!r} on the new-game form" for name in lesson.table.options
                 if name not in fields]
    if not lesson.steps:
        problems.append("it has no steps")
    guide, rules = spec.guide_file(), spec.rules_file()
    titles = {s.title for s in sections(guide)} if guide is not None else set()
    reference = rules.read_text(encoding="utf-8") if rules is not None else ""
    places = set(adapter(()).place_ids().values())
    problems += too_long("the welcome", lesson.welcome, WELCOME_LINES, DIALOG_WIDTH)
    problems += too_long("the farewell", lesson.farewell, STEP_ROWS)
    problems += too_many(DONE, "the farewell", text=lesson.farewell)
    for number, step in enumerate(lesson.steps, start=1):
        where = f"step {number} ({step.expect})"
        if not step.expect.strip():
            problems.append(f"step {number} expects no decision")
        problems += too_many_rows(where, step, number, len(lesson.steps))
        if step.section not in titles:
            problems.append(f"{where}: the guide has no section {step.section!r}")
        if not step.rules:
            problems.append(f"{where} names no rule id")
        for rule in step.rules:
            if not RULE_ID.match(rule) or not re.search(rf"\b{re.escape(rule)}\b", reference):
                problems.append(f"{where}: {rule} is no rule id of the rules reference")
        problems += [f"{where}: no place {place!r} on the board" for place in step.highlight
                     if place not in places]
        if not step.keys:
            problems.append(f"{where} asks for no key")
        problems += [f"{where}: {key!r} is no key" for key in step.keys if not is_key(key)]
    return problems


def too_long(where: str, text: str, lines: int, width: int = PANEL_WIDTH) -> list[str]:
    """``where`` says nothing, or more than ``lines`` lines at ``width`` columns."""
    wrapped = textwrap.wrap(text, width)
    if not text.strip():
        return [f"{where} says nothing"]
    if len(wrapped) > lines:
        return [f"{where} is {len(wrapped)} lines at {width} columns (at most {lines})"]
    return []


def too_many_rows(where: str, step: Step, number: int, total: int) -> list[str]:
    """``where`` (the step) takes more room on the lesson panel at 80 columns than it
    has: its words, keys, guide section or rule ids would be cut."""
    from maharaja_tui.lessons.run import step_data

    if not step.text.strip():
        return [f"{where} says nothing"]
    data = step_data(step, number, total)
    problems = too_many("", where, data)
    if len(data.footer) > PANEL_WIDTH - 2:  # the border's corners
        problems.append(f"{where}: {data.footer!r} is longer than the panel's border "
                        f"({PANEL_WIDTH - 2}): fewer rule ids")
    return problems


def too_many(title: str, where: str, data: Any = None, text: str = "") -> list[str]:
    """``where`` takes more rows of the lesson panel at 80 columns than it has: ``data``
    (the panel's), or ``text`` under ``title``."""
    from maharaja_tui.widgets.lesson_panel import LessonData, LessonPanel

    panel = LessonPanel()
    panel.set_reactive(LessonPanel.data, data or LessonData(title, texts=(text,)))
    rows = len(panel.rows(PANEL_WIDTH))
    if rows > STEP_ROWS:
        return [f"{where} takes {rows} rows of the lesson panel at 80 columns "
                f"(at most {STEP_ROWS}: fewer words)"]
    return []


def is_key(key: str) -> bool:
    """A key name, one printable character, or a word typed letter by letter."""
    return key in KEY_NAMES or (bool(key) and key.isprintable() and " " not in key)


def key_presses(keys: tuple[str, ...]) -> list[str]:
    """The keys as Textual names them, one press each (a typed word letter by letter)."""
    out: list[str] = []
    for key in keys:
        if key in KEY_NAMES or len(key) == 1:
            out.append(key)
        else:
            out += list(key)
    return out


def keys_in_words(keys: tuple[str, ...]) -> str:
    """``Enter · type var · Enter``: the keys as the lesson panel says them."""
    return " · ".join(KEY_WORDS.get(key, key if len(key) == 1 else f"type {key}")
                      for key in keys)
