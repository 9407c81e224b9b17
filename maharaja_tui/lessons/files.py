"""The lesson files: which games have one, and loading one checked.

Everything is checked when a lesson is loaded (``load``): its fields and their types,
the game, the seats, the guide's sections, the rule ids in the game's rules reference,
the places on the game's board, the keys, and that no text is longer than the lesson
panel shows at 80 columns (a step as ``run`` shows it). Whether each token is the right
decision at its step is the engine's to say as the lesson is played
(``tests/tui/test_lessons.py`` plays every lesson to its end by the keys its steps ask
for).
"""

from __future__ import annotations

import re
import textwrap
from functools import cache
from pathlib import Path
from typing import Any

import msgspec

from maharaja_tui.lessons import DONE, RULE_ID, Lesson, LessonError, Step, is_key
from maharaja_tui.lessons.run import step_data
from maharaja_tui.widgets.lesson_panel import LessonData, LessonPanel

FOLDER = Path(__file__).parent
# The lesson panel at 80x24: the whole width over the choices less its padding, and
# the rows it may take from the board above it under its top border (as "since your
# last turn" does). A step (its title and keys, then its words) must fit them whole,
# and where the guide and the rules explain it must fit the border.
PANEL_WIDTH = 78
STEP_ROWS = 3
DIALOG_WIDTH = 72  # the welcome's dialog at 80 columns
WELCOME_LINES = 5


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
    panel = LessonPanel()
    panel.set_reactive(LessonPanel.data, data or LessonData(title, texts=(text,)))
    rows = len(panel.rows(PANEL_WIDTH))
    if rows > STEP_ROWS:
        return [f"{where} takes {rows} rows of the lesson panel at 80 columns "
                f"(at most {STEP_ROWS}: fewer words)"]
    return []
