"""What the app's text fields and command-line values accept, and the one line that
says why when they refuse: a file's path (save as, open, the config file) and the
seed. A refusal is a ``FieldError``, shown next to the field; the app goes on.

``~nosuchuser/x.json`` made Python raise RuntimeError (no such home) and a 10,000-digit
seed ValueError (beyond int's digit limit), each ending the app.
"""

from __future__ import annotations

import os
from pathlib import Path

MAX_SEED_DIGITS = 18  # any seed a person types; a file name holds it (autosave/<created>-<seed>)
SEED_RULE = f"The seed is a whole number of up to {MAX_SEED_DIGITS} digits (empty: random)"


class FieldError(ValueError):
    """A value a field refuses; its text is the one line the player reads."""


def path_field(text: str) -> Path:
    """A path typed by a person: ``~`` and ``~user`` stand for home folders."""
    text = text.strip()
    if not text:
        raise FieldError("Type the path of a file")
    if "\0" in text:
        raise FieldError("A path cannot hold a NUL character")
    try:
        return Path(text).expanduser()
    except RuntimeError:  # no home for ~ or ~user
        user = text[1:].split("/", 1)[0].split(os.sep, 1)[0]
        if user:
            raise FieldError(f"No user named {user!r} on this computer: "
                             f"{quote(text)}") from None
        raise FieldError(f"Your home folder is not known here (HOME is not set): "
                         f"type the whole path instead of {quote(text)}") from None


def seed_field(text: str) -> int | None:
    """The seed typed (None: empty, draw one). Digits only, so a seed is the same in a
    file name, a save and on the command line."""
    text = text.strip()
    if not text:
        return None
    if len(text) > MAX_SEED_DIGITS or not (text.isascii() and text.isdigit()):
        raise FieldError(f"{SEED_RULE}, not {quote(text)}")
    return int(text)


def quote(text: str, limit: int = 40) -> str:
    """``text`` as a message quotes it: one line, the start of a long one."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
