"""What a game supplies to be written and read as a text record, and the helpers
every game's notation shares.

A game's notation turns each decision into one token in the game's own words
(``DEL-JAI``, ``1/5``, ``BALxH``) and each draw into a short text (the deal of the
setup, a refill of tiles, dice), and reads them back. The record format around the
tokens (headers, seat markers, rounds, comments, the result) is the core's
(``engine.core.record_text``) and knows no game.

Writing is strict and reading lenient: ``forms`` lists the ways to write a decision,
shortest first, and the record keeps the first that reads back to the very same
intent; ``candidates`` reads what a person typed (any case, unambiguous
abbreviations) into the intents it may mean, in the order a player would mean them,
and the record plays the first the rules accept.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Generic, Protocol, TypeVar

S = TypeVar("S")
In = TypeVar("In")
Ev = TypeVar("Ev")
O = TypeVar("O")  # noqa: E741
T = TypeVar("T")


class NotationError(ValueError):
    """Text a record cannot read: the message in plain words, the rule id when the
    rules refused a decision, and where (1-based line and column; 0 when unknown).
    ``tag`` names the header a game's options came from, which the record places."""

    def __init__(self, message: str, line: int = 0, column: int = 0, rule: str = "",
                 *, tag: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column
        self.rule = rule
        self.tag = tag

    def __str__(self) -> str:
        where = f"line {self.line}" if self.line else ""
        if self.line and self.column:
            where += f", column {self.column}"
        said = self.message
        if self.rule and self.rule not in said:
            said += f" ({self.rule})"
        return f"{where}: {said}" if where else said

    def at(self, line: int, column: int) -> NotationError:
        """This error placed in the text: ``column`` is where the token starts, and a
        column the game gave (within the token, 1-based) counts from there."""
        inner = self.column - 1 if self.column > 0 and not self.line else 0
        return NotationError(self.message, line, column + inner, self.rule, tag=self.tag)


class Notation(Protocol):
    """A game's tokens and draws, declared beside its rules (``engine/<game>/notation.py``)."""

    seat_letters: tuple[str, ...]  # every letter a seat of this game may have
    # Event fields that only say which of a seat's alike means a decision used (Maharaja's
    # planned action, Raja's slot and part): two readings of a token whose events differ
    # only there mean the same, and the reader takes the first; any other difference (a
    # price, a place) makes the token ambiguous.
    bookkeeping: frozenset[str]

    def letters(self, options: Any, seats: int) -> tuple[str, ...]:
        """Each seat's letter, in seat order: the record's seat tags and markers."""
        ...

    def write_options(self, options: Any) -> list[tuple[str, str]]:
        """The header tags that state ``options`` (none for the defaults)."""
        ...

    def read_options(self, tags: Mapping[str, str], letters: Sequence[str]) -> Any:
        """The options the tags state (the seats' letters in seat order may say some,
        a seat's colour); a bad tag raises NotationError naming it."""
        ...

    def forms(self, state: Any, seat: int, intent: Any) -> Iterable[str]:
        """The ways to write ``intent`` of ``seat`` in ``state``, shortest first; the
        writer keeps the first that reads back to it (the last is always complete)."""
        ...

    def candidates(self, state: Any, seat: int, token: str) -> list[Any]:
        """What ``token`` may mean for ``seat`` in ``state``, in the order a player
        would mean it; the reader plays the first the rules accept. A token that means
        nothing raises NotationError (its column counted within the token)."""
        ...

    def is_draw(self, event: Any) -> bool:
        """Whether ``event`` holds a draw (an automatic batch holds at most one, first)."""
        ...

    def draw(self, state: Any, event: Any, seat: int | None, later: Iterator[Any]) -> str:
        """The draw of ``event`` as text, for ``seat`` (None: everything): what that
        seat may not know by the record's end is written ``?``. ``state`` is before the
        event; ``later`` yields the game's events after it (what they reveal)."""
        ...

    def deal(self, state: Any, drawn: list[Any], text: str) -> list[Any]:
        """The batch the seed drew (``drawn``, whose first event holds the draw) made
        again with the draw ``text`` gives, checked against the components; parts
        given as ``?`` are taken from ``drawn``. Raises NotationError."""
        ...

    def hidden(self, steps: Sequence[Any], index: int, seat: int) -> bool:
        """Whether ``seat`` may not know the decision of step ``index`` (another seat's)
        by the end of ``steps``: the record then writes ``?`` for it."""
        ...

    def result(self, state: Any) -> str:
        """A finished game's result in the game's words (``Y wins: R 48 PP, Y 52 PP``)."""
        ...

    def line_break(self, event: Any) -> bool:
        """Whether the record starts a new line after ``event`` (besides new turns and
        rounds, which the ruleset's ``boundary`` marks)."""
        ...

    def round_label(self, event: Any, count: int) -> str:
        """The label before a round ``event`` starts (the ``count``-th): ``3.``; the
        reader passes labels over, so they are for the eye only."""
        ...

    def turn_label(self, event: Any) -> str:
        """A comment to open the line of a turn ``event`` starts ("" for none): who acts
        when the seat's letter does not say it (a Maharadjah player's nation)."""
        ...


AnyNotation = Notation  # (a notation works on its own game's types, unseen here)


class NotationDefaults(Generic[S, In, Ev, O]):
    """What a notation need not write: no draws, no hidden decisions, no extra breaks."""

    bookkeeping: frozenset[str] = frozenset()

    def is_draw(self, event: Ev) -> bool:
        return False

    def draw(self, state: S, event: Ev, seat: int | None, later: Iterator[Ev]) -> str:
        raise NotationError("this game draws nothing")

    def deal(self, state: S, drawn: list[Ev], text: str) -> list[Ev]:
        raise NotationError("this game draws nothing")

    def hidden(self, steps: Sequence[Any], index: int, seat: int) -> bool:
        return False

    def line_break(self, event: Ev) -> bool:
        return False

    def round_label(self, event: Ev, count: int) -> str:
        return f"{count}."

    def turn_label(self, event: Ev) -> str:
        return ""


def fold_key(text: str) -> str:
    """A name as the reader compares it: no case, no spaces, dashes or underscores."""
    return "".join(ch for ch in text.casefold() if ch not in " -_'.")


def lookup(word: str, table: Mapping[str, T], what: str, *, column: int = 1) -> T:
    """The entry of ``table`` that ``word`` names: a key or an alias in any case, or
    the beginning of exactly one of them. Anything else raises NotationError listing
    what it could have been."""
    key = fold_key(word)
    if not key:
        raise NotationError(f"{what} expected", column=column)
    folded = _folded(table)
    if key in folded:
        return folded[key]
    starts = {value_key(v): v for name, v in folded.items() if name.startswith(key)}
    if len(starts) == 1:
        return next(iter(starts.values()))
    names = sorted({name for name in table if fold_key(name).startswith(key)})
    if names:
        raise NotationError(f"{word!r} may be any {what} of {', '.join(names[:8])}: write more "
                            "of it", column=column)
    known = sorted(dict.fromkeys(table))
    listed = ", ".join(known[:12]) + (", …" if len(known) > 12 else "")
    raise NotationError(f"{word!r} is no {what} (one of {listed})", column=column)


_FOLDED: dict[int, tuple[Mapping[str, Any], dict[str, Any]]] = {}


def _folded(table: Mapping[str, T]) -> dict[str, T]:
    """``table`` by folded keys, kept for the game's declared tables (read every token)."""
    kept = _FOLDED.get(id(table))
    if kept is not None and kept[0] is table:
        return kept[1]
    if len(_FOLDED) > 256:
        _FOLDED.clear()
    folded = {fold_key(name): value for name, value in table.items()}
    _FOLDED[id(table)] = (table, folded)
    return folded


def value_key(value: object) -> object:
    """A table's values compared by what they are (aliases of one entry count once)."""
    try:
        hash(value)
    except TypeError:
        return id(value)
    return value


def number(word: str, what: str, low: int, high: int, *, column: int = 1) -> int:
    """A whole number in ``low..high`` or a NotationError saying what was expected."""
    text = word.strip()
    if not text.isdigit() or not text.isascii():
        raise NotationError(f"{what} expected (a number {low}-{high}), not {word!r}",
                            column=column)
    value = int(text)
    if not low <= value <= high:
        raise NotationError(f"{what} {value} is out of range ({low}-{high})", column=column)
    return value


def write_list(values: Iterable[object], known: Iterable[bool] | None = None) -> str:
    """Values separated by spaces, an unknown one as ``?``; trailing unknowns as ``...``."""
    words = [str(v) for v in values]
    if known is None:
        return " ".join(words)
    words = [w if k else "?" for w, k in zip(words, known, strict=True)]
    cut = len(words)
    while cut and words[cut - 1] == "?":
        cut -= 1
    return " ".join(words[:cut] + (["..."] if cut < len(words) else []))


def read_list(text: str) -> tuple[list[str], bool]:
    """The words of a list and whether it ends with ``...`` (the rest unknown)."""
    words = text.replace(",", " ").split()
    rest = bool(words) and words[-1] in ("...", "…")
    return (words[:-1] if rest else words), rest
