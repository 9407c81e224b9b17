"""The refusal shown names the real cause: every why-not entry of a few hundred random
positions against a brute force.

An action the rules refuse now is listed with the engine's refusal of one sample
intent (the adapter's ``unavailable``; a place on the board: ``why_not_at``). That
sample must be the most permissive one: a brute force tries every other way of doing
the same thing (every route, city, slot, village) and none may get further through the
engine's checks than the sample, nor be allowed at all (the legal list would offer it).
How far a refusal got is its place in the checks ``decide`` makes for that intent, in
order (``LEVELS``, read off engine/<game>/rules.py); checks that are alternatives of one
another (a village full, or a city without your architect) share a level.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from engine.core.errors import IllegalIntent
from maharaja_tui.games import adapter_for
from tests.random_positions import positions

# Per intent class: the engine's checks in the order decide makes them (shallow first);
# each level lists the patterns of its refusals. A refusal matching none fails the test.
LEVELS: dict[str, tuple[str, ...]] = {
    # engine/maharaja/rules.py _move (MJ-ROUND-3, MJ-MOVE-1, MJ-MOVE-2, MJ-MOVE-4)
    "MovePriest": (r"your turn|can only be done", r"road|does not leave", r"is closed",
                   r"tolls cost"),
    # _statue, statue_events (MJ-ACT-10, MJ-STAT-1, MJ-STAT-3, MJ-ACT-11)
    "BuildStatue": (r"your turn|can only be done", r"no such planned|builds no", r"not one",
                    r"slot .* is not free", r"no statue left", r"priest must be in",
                    r"statue costs"),
    # _shrine, shrine_events (MJ-ACT-10, MJ-ACT-4, MJ-SHR-1..4, MJ-ACT-11)
    "BuildShrine": (r"your turn|can only be done", r"no such planned|builds no",
                    r"must be built in a city", r"no shrine left",
                    r"priest must be in|already have a shrine|is full|neither a city",
                    r"shrine costs"),
    "DoAction": (r"your turn|can only be done", r"no such planned|not done this way|already done",
                 r"no shrine of your colour|prestige costs"),
    "SpendToken": (r"your turn|can only be done", r"no action token", r"already spent",
                   r"any action but"),
    # engine/raja/rules.py _move (R-MOVE-1, R-MOVE-2, R-MOVE-3, R-MOVE-5)
    "MoveArchitect": (r"not your turn|choose a card", r"at least one road|does not leave",
                      r"blocked by an empty village|each junction once", r"lead to",
                      r"you need"),
    # _build_house, _part, _destination (R-TURN-3, R-CHAR-5, R-BUILD-6, R-TURN-5, R-BUILD-1..3)
    "BuildHouse": (r"not your turn|choose a card", r"selected actions|no such part|already done"
                   r"|Builder", r"no house in your reserve", r"you need",
                   r"is full|at least one must go in a city|architect is not in|neither a village"),
    # _palace (R-BUILD-3, R-BUILD-6, R-BUILD-4, R-TURN-5)
    "BuildPalace": (r"not your turn|choose a card", r"selected actions|no such part|already done",
                    r"architect is not in a city", r"no palace left", r"site is taken|sites? of",
                    r"you need"),
}


def level(intent: Any, refusal: IllegalIntent) -> int:
    """How far ``refusal`` got; 0 for an intent with no other way of doing it (a
    starting shrine on a place that is no village: its one refusal)."""
    name = type(intent).__name__
    if name not in LEVELS:
        return 0
    for n, patterns in enumerate(LEVELS[name]):
        if re.search(patterns, refusal.reason):
            return n
    raise AssertionError(f"{name}: a refusal LEVELS does not place: {refusal}")


def verdict(ruleset: Any, view: Any, seat: int, intent: Any) -> IllegalIntent | None:
    try:
        ruleset.decide(view, seat, intent)
    except IllegalIntent as refusal:
        return refusal
    return None


def candidates(adapter: Any, view: Any, seat: int, sample: Any,
               place: str | None) -> Iterator[Any]:
    """Every other way of doing what ``sample`` does (its task or slot kept; a move to
    ``place`` when the sample is that place's, else a move anywhere)."""
    name = type(sample).__name__
    net = getattr(adapter, "network", None)
    yield sample
    if name in ("MovePriest", "MoveArchitect"):
        start = adapter.pawn(view, seat)
        for path in net.paths_from[start]:
            if place is None or path.stops[-1] == place:
                yield adapter.move_intent(view, path.stops[-1], path.roads)
    elif name == "BuildStatue":
        for city in view.cities:
            for slot in range(7):
                yield type(sample)(city=city, slot=slot, task=sample.task)
    elif name == "BuildShrine":
        for place in (*view.cities, *view.villages):
            yield type(sample)(place=place, task=sample.task)
    elif name == "BuildHouse":
        for place in (*view.cities, *view.villages):
            yield type(sample)(place=place, slot=sample.slot, part=sample.part)
    elif name == "BuildPalace":
        for central in (True, False):
            yield type(sample)(central=central, slot=sample.slot, part=sample.part)
    elif name == "SpendToken":
        for action in range(1, 10):
            yield type(sample)(action=action)


def samples(adapter: Any, view: Any, seat: int,
            legal: list[Any]) -> Iterator[tuple[Any, str | None]]:
    """The why-not samples of a position: each refused entry's (for any place), and each
    place's on the board (``why_not_at``: its move first)."""
    for entry in adapter.unavailable(view, seat, legal):
        yield entry.intents[0], None
    net = getattr(adapter, "network", None)
    for junction in net.junctions if net is not None else ():
        if any(adapter.place_of(view, seat, i) == junction for i in legal):
            continue  # a target: no why-not
        for sample in adapter.why_not_at(view, seat, junction, legal)[:1]:
            yield sample, junction


@pytest.mark.parametrize("ruleset_id,players,seed", [
    ("maharaja-2020", 3, 11), ("maharaja-2020", 4, 12), ("maharaja-2020", 2, 13),
    ("raja-2004", 3, 21), ("raja-2004", 5, 22)])
def test_every_why_not_names_the_real_cause(ruleset_id: str, players: int, seed: int) -> None:
    checked = 0
    for game, seat in positions(ruleset_id, players, seed, steps=200):
        view = game.view(seat)
        adapter = adapter_for(game.ruleset, game.seats)
        legal = game.ruleset.legal_intents(view, seat)
        for sample, place in samples(adapter, view, seat, legal):
            shown = verdict(game.ruleset, view, seat, sample)
            if shown is None:
                continue  # the screen drops an entry the engine accepts
            checked += 1
            deepest = -1
            for other in candidates(adapter, view, seat, sample, place):
                if place is not None and adapter.place_of(view, seat, other) != place:
                    continue  # a place's why-not is about that place
                refusal = verdict(game.ruleset, view, seat, other)
                assert refusal is not None, (
                    f"{sample} is refused ({shown}) yet {other} is allowed")
                assert other not in legal
                deepest = max(deepest, level(other, refusal))
            assert level(sample, shown) == deepest, (
                f"{sample}: shown '{shown}', but another way gets further (level "
                f"{deepest} of {LEVELS.get(type(sample).__name__)})")
    assert checked > 20
