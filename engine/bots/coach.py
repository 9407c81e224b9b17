"""The coach's sentences: what one option leaves a seat with against another, in the
game's own words ("one more statue and 1st instead of 2nd in Delhi's scoring, but 4
fewer coins, by the round's end").

Each game declares its ``Vocabulary`` beside its evaluator (``engine/bots/<game>_words``):
the things a seat holds that a player counts (statues, coins, palaces, territories...),
each with its worth in the evaluator's unit so the weightiest is said first, and how to
count them in a state. The hint (``advice``) and the analysis count them at the end of
the search's own playouts and compare two options' counts here; nothing here knows a
game. Only the seat's own things are counted, from states the seat's view led to, so a
sentence says nothing the seat may not know.

A key is a thing's name, or ``name:detail`` for one of several of its kind (a city's
scoring, a nation's armies); the vocabulary's ``detail`` names the detail for a player.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from engine.core.words import plural

Kind = Literal["count", "place", "holding"]
SAID = 3  # the differences a sentence names at most
NEAR = 0.05  # judgements closer than this (in the evaluator's unit) are as good
NEXT = "your next best choice"  # what the best is compared with
ORDINALS = ("no place", "1st", "2nd", "3rd", "4th", "5th", "6th")


@dataclass(frozen=True)
class Thing:
    """One kind of thing a seat holds, as a player counts it.

    ``count``: more is better ("3 more coins"; ``mass`` nouns read "3 gold less");
    ``place``: a rank, 1 the best and 0 none ("1st instead of 3rd in Delhi's scoring");
    ``holding``: held or not, 1 or 0 ("the Craftsman instead of the Monk").
    ``worth``: one of it in the evaluator's unit, to say the weightiest first (below
    zero: a thing the fewer the better, as enemy armies at one's borders).
    """

    noun: str
    worth: float
    kind: Kind = "count"
    many: str | None = None  # the plural, where it is not the usual one
    mass: bool = False

    def named(self, n: int) -> str:
        return self.noun if n == 1 else self.many or plural(self.noun)


class Vocabulary(Protocol):
    """A game's things, declared beside its evaluator."""

    things: Mapping[str, Thing]

    def count(self, state: Any, seat: int) -> dict[str, float]:
        """The seat's own things in ``state`` by key (only what the seat knows)."""

    def detail(self, name: str, detail: str) -> str:
        """How a key's detail reads: "in Delhi's scoring", "the Craftsman", "for the
        Mughals"."""

    def horizon(self, view: Any, seat: int) -> str:
        """When the search's playouts stop, as a player says it: "by the round's end"."""


@dataclass(frozen=True)
class Difference:
    weight: float  # in the evaluator's unit
    gain: bool
    text: str
    held: bool = False  # a holding changed hands ("the Craftsman instead of the Monk")


def differences(mine: Mapping[str, float], other: Mapping[str, float],
                words: Vocabulary) -> list[Difference]:
    """What ``mine`` holds more or less of than ``other`` (means over playouts, rounded
    to whole things), the weightiest first. Holdings pair up: the one gained is said
    "instead of" the one given up."""
    out: list[Difference] = []
    gained: list[tuple[float, str]] = []
    lost: list[tuple[float, str]] = []
    for key in sorted(mine.keys() | other.keys()):
        name, _, detail = key.partition(":")
        thing = words.things.get(name)
        if thing is None:
            continue
        a, b = _whole(mine.get(key, 0.0)), _whole(other.get(key, 0.0))
        if a == b:
            continue
        label = words.detail(name, detail) if detail else ""
        if thing.kind == "holding":
            (gained if a > b else lost).append((thing.worth, label or thing.noun))
        elif thing.kind == "place":
            better = _rank(a) < _rank(b)
            text = f"{_ordinal(a)} instead of {_ordinal(b)}"
            out.append(Difference(thing.worth * abs(_rank(a) - _rank(b)), better,
                                  f"{text} {label}".strip()))
        else:  # (a thing worth less than nothing is a gain the fewer there are)
            out.append(Difference(abs(thing.worth * (a - b)), (a > b) == (thing.worth > 0),
                                  _counted(thing, a - b, label)))
    for n, (worth, label) in enumerate(gained):
        if n < len(lost):
            out.append(Difference(worth + lost[n][0], True, f"{label} instead of {lost[n][1]}",
                                  held=True))
        else:
            out.append(Difference(worth, True, label, held=True))
    for worth, label in lost[len(gained):]:
        out.append(Difference(worth, False, f"without {label}", held=True))
    out.sort(key=lambda d: -d.weight)
    return out


def compare(mine: Mapping[str, float], other: Mapping[str, float],
            words: Vocabulary) -> tuple[list[Difference], list[Difference]]:
    """The weightiest differences (``SAID`` at most): what ``mine`` gains over
    ``other``, and what it gives up."""
    found = differences(mine, other, words)
    said = found[:SAID]
    for side in (True, False):  # a gain and a price are both said where both exist
        missing = [d for d in found if d.gain == side][:1]
        if missing and not any(d.gain == side for d in said):
            said = said[:SAID - 1] + missing
    return [d for d in said if d.gain], [d for d in said if not d.gain]


def _clause(first: list[Difference], joiner: str, then: list[Difference], when: str) -> str:
    """"a and b, but c, by the round's end"; ``when`` may be empty (at once)."""
    text = listed([d.text for d in first])
    if then:
        text += f"{joiner}{listed([d.text for d in then])}"
        return f"{text}, {when}" if when else text
    return f"{text} {when}" if when else text


def contrast(mine: Mapping[str, float], other: Mapping[str, float], words: Vocabulary,
             when: str) -> str | None:
    """One clause: what ``mine`` gains over ``other``, then what it gives up, and when
    ("one more statue, but 4 fewer coins, by the round's end"); None when they hold the
    same things."""
    gains, losses = compare(mine, other, words)
    if gains or losses:
        return _clause(gains or losses, ", but ", losses if gains else [], when)
    return None


def amount(gap: float, unit: str) -> str:
    """A judgement's margin as a player reads it: "about 4 gold", rounded to a whole one;
    "less than 1 PP" under a half."""
    whole = _whole(abs(gap))
    return f"about {whole} {unit}" if whole >= 1 else f"less than 1 {unit}"


def ahead(gap: float, unit: str, than: str = NEXT) -> str:
    """"about 1 PP ahead of your next best choice"; "as good as ..." within ``NEAR``."""
    return f"{amount(gap, unit)} ahead of {than}" if gap >= NEAR else f"as good as {than}"


def behind(gap: float, unit: str) -> str:
    """"about 4 gold behind the best"; "as good as the best" within ``NEAR``."""
    return f"{amount(gap, unit)} behind the best" if gap >= NEAR else "as good as the best"


def better(mine: Mapping[str, float], other: Mapping[str, float], words: Vocabulary,
           when: str, gap: float, unit: str, now: Mapping[str, float] | None = None,
           than: str = NEXT) -> str:
    """Why ``mine`` is better than ``other`` (``than`` for a player) by ``gap`` (the
    computer's judgement, in ``unit``): how far ahead, then what it gains, at what price
    ("about 1 PP ahead of your next best choice; one more statue, for 7 fewer coins, by
    the round's end"). Where it gains nothing one counts over ``other``: what it leads
    to from ``now`` (the seat's things at the decision), or what it gives up."""
    lead = ahead(gap, unit, than)
    gains, losses = compare(mine, other, words)
    if gains:
        return f"{lead}; {_clause(gains, ', for ', losses, when)}"
    # (what a lone step changes at once its label says: a lead only for playouts)
    since = contrast(mine, now, words, when) if now is not None and when else None
    if since:
        return f"{lead}; it leads to {since}"
    if losses and gap >= NEAR:
        return f"{lead}, even with {_clause(losses, '', [], when)}"
    return lead


def gained(mine: Mapping[str, float], played: Mapping[str, float], words: Vocabulary,
           when: str, gap: float, unit: str) -> str:
    """Why a move the seat did not play was ``gap`` better than the one it played (an
    analysis): "by the round's end it would have given one more statue, for 3 fewer
    coins"; where it gains nothing one counts, the judgement itself."""
    gains, losses = compare(mine, played, words)
    judged = f"the computer judges it {amount(gap, unit)} better overall"
    if gains:
        price = f", for {listed([d.text for d in losses])}" if losses else ""
        return f"{when} it would have given {listed([d.text for d in gains])}{price}"
    if losses:
        return f"{when} it would have given {listed([d.text for d in losses])}, but {judged}"
    return f"{judged} {when}"


def worse(mine: Mapping[str, float], best: Mapping[str, float], words: Vocabulary,
          when: str, gap: float, unit: str) -> str:
    """Why ``mine`` falls short of the best by ``gap``: how far behind, then what it
    gains over it and what it gives up ("about 4 gold behind the best; one more house,
    but 2nd instead of 1st in Delhi's scoring, by the round's end")."""
    said = contrast(mine, best, words, when)
    return f"{behind(gap, unit)}; {said}" if said else behind(gap, unit)


def listed(parts: list[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    if len(parts) <= 1:
        return "".join(parts)
    return f"{', '.join(parts[:-1])} and {parts[-1]}"


def _whole(value: float) -> int:
    """A mean over playouts as whole things (halves away from zero)."""
    return int(value + 0.5) if value >= 0 else -int(-value + 0.5)


def _rank(place: int) -> int:
    return place if place > 0 else len(ORDINALS)  # no place is the worst


def _ordinal(place: int) -> str:
    return ORDINALS[place] if 0 <= place < len(ORDINALS) else f"{place}th"


def _counted(thing: Thing, delta: int, label: str) -> str:
    n = abs(delta)
    number = "one" if n == 1 and not thing.mass else str(n)
    noun = thing.named(n)
    if delta > 0:
        text = f"{number} more {noun}"
    elif thing.mass:
        text = f"{n} {noun} less"
    else:
        text = f"{number} fewer {noun}"  # ("one fewer enemy army next to ...", not after)
    return f"{text} {label}".strip()
