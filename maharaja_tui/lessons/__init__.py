"""Guided first games ("Learn to play"): one lesson per game, as data.

A lesson is a JSON file in this package named by its game's id (``raja-2004.json``):
the table it starts (players, seed, the computers' level, the new-game form's values)
and the steps that walk the first human seat through the game's main ideas. Each step
names the decision it expects as a token of the game's record notation (``C6``,
``START-VAR``, ``3:r4c0:E``: the engine reads it in the position at hand, so the
rules decide what it means), says in a sentence or two what to do and why, lists the
keys it asks for, the places to mark on the board, the player's-guide section F1 opens
and the rule ids it teaches.

This module holds a lesson's shape and its keys; ``files`` finds and loads the lesson
files, checked; ``run`` plays one. None of them knows a particular game: a game's
knowledge is in its lesson file, its adapter and its notation.
"""

from __future__ import annotations

import re
from typing import Any

import msgspec

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
