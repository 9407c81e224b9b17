"""Game records of every game (engine.records): each recording and random games of each
game round-trip (written, read: the same log and state, the same text again), a seat's
record reads back as that seat's game and holds nothing it may not know, and damaged
text never raises anything but the reader's own error (NotationError).

The default run checks every recording whole, a seat's record halfway through each,
and a few random games; ``-m slow`` checks many more (and many more damaged texts)."""

from __future__ import annotations

from pathlib import Path
from random import Random
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import records
from engine.core import record
from engine.core.game import AnyGame, Game
from engine.core.notation import NotationError
from engine.core.ruleset import Seat
from engine.registry import get_ruleset, rulesets

RECORDINGS = Path(__file__).resolve().parent.parent / "maharaja_tui" / "recordings"
GAMES = sorted(p for p in RECORDINGS.glob("*.json") if not p.name.endswith(".expected.json"))

# (game, options, player counts): each game with its variants and modes.
SETUPS: list[tuple[str, dict[str, Any], tuple[int, ...]]] = [
    ("maharaja-2020", {}, (2, 3, 4)),
    ("maharaja-2020", {"special_rules": ("R1", "R2", "R3", "R4"), "final_scoring": "F3",
                       "colours": ("blue", "green", "red")}, (3,)),
    ("maharaja-2020", {"first_game": True, "final_scoring": "F5"}, (4,)),
    ("maharaja-2020", {"mode": "solo", "difficulty": "easy"}, (1,)),
    ("maharaja-2020", {"mode": "solo", "difficulty": "hard", "special_rules": ("R1",)}, (1,)),
    ("raja-2004", {}, (2, 3, 4, 5)),
    ("raja-2004", {"yogi_tokens": True, "home_city": True, "auction": True}, (3, 4)),
    ("raja-2004", {"multi_character": True, "short_game": True, "hidden_gold": False}, (2, 5)),
    ("maharani", {}, (2, 3, 4)),
    ("maharadjah", {}, (3, 4, 5)),
    ("maharadjah", {"short_game": True}, (3,)),
]


def encoded(state: Any) -> bytes:
    return msgspec.msgpack.encode(state)


def random_game(setup: int, players: int, seed: int, steps: int) -> AnyGame:
    game_id, options, _ = SETUPS[setup]
    rules = get_ruleset(game_id)
    game = Game(rules, [Seat(f"P{n}") for n in range(players)],
                msgspec.convert(options, rules.Options), seed)
    rng = Random(seed)
    for _ in range(steps):
        if not game.to_move():
            break
        seat = rng.choice(game.to_move())
        game.play_listed(seat, game.random_intent(seat, rng))
    return game


def round_trips(game: AnyGame) -> str:
    """The game written, read back: the same log, state and text. Returns the text."""
    text = records.write(game)
    reading = records.read(text)
    assert reading.errors == [] and reading.complete and reading.seat is None
    assert reading.game.steps == game.steps
    assert encoded(reading.game.state) == encoded(game.state)
    assert records.write(reading.game) == text
    return text


def seat_round_trips(game: AnyGame, seat: int) -> None:
    """A seat's record reads back as that seat's game: its view and its move log as it
    read them, the same text again; once over, it is the whole record."""
    text = records.write(game, seat)
    reading = records.read(text)
    assert reading.errors == [] and reading.complete
    if game.is_over():
        assert text == records.write(game) and reading.seat is None
        return
    assert "[Seed" not in text and reading.seat == seat
    assert encoded(reading.game.view(seat)) == encoded(game.view(seat))
    assert reading.game.descriptions(seat) == game.descriptions(seat)
    assert reading.game.to_move() == game.to_move()
    assert records.write(reading.game, seat) == text


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_every_recording_round_trips(path: Path) -> None:
    game = record.load(path, rulesets(), validate=False)
    round_trips(game)
    game.rewind(len(game.steps) // 2)
    seat_round_trips(game, len(game.steps) % len(game.seats))


@pytest.mark.slow
@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_every_recordings_seat_records_round_trip_all_along(path: Path) -> None:
    full = record.load(path, rulesets(), validate=False)
    for cut in sorted({2, *range(3, len(full.steps), max(1, len(full.steps) // 12))}):
        game = record.load(path, rulesets(), validate=False)
        game.rewind(cut)
        for seat in range(len(game.seats)):
            seat_round_trips(game, seat)


def random_games(examples: int) -> Any:
    return settings(max_examples=examples, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@st.composite
def setups(draw: st.DrawFn) -> tuple[int, int, int, int]:
    setup = draw(st.integers(0, len(SETUPS) - 1))
    players = draw(st.sampled_from(SETUPS[setup][2]))
    return setup, players, draw(st.integers(0, 10**6)), draw(st.integers(0, 400))


def check_random_game(setup: int, players: int, seed: int, steps: int) -> None:
    game = random_game(setup, players, seed, steps)
    round_trips(game)
    seat_round_trips(game, seed % players)


@random_games(12)
@given(setups())
def test_random_games_round_trip(drawn: tuple[int, int, int, int]) -> None:
    check_random_game(*drawn)


@pytest.mark.slow
@random_games(300)
@given(setups())
def test_many_random_games_round_trip(drawn: tuple[int, int, int, int]) -> None:
    check_random_game(*drawn)


@pytest.mark.slow
@pytest.mark.parametrize("setup", range(len(SETUPS)),
                         ids=[f"{g}-{'-'.join(map(str, o.values())) or 'plain'}"
                              for g, o, _ in SETUPS])
def test_each_game_and_variant_round_trips_to_its_end(setup: int) -> None:
    """Every game with each of its variants and modes, played out by random decisions."""
    game = random_game(setup, SETUPS[setup][2][-1], 1000 + setup, 4000)
    round_trips(game)


def test_a_seats_record_does_not_depend_on_what_the_seat_may_not_know() -> None:
    """MJ-HIDE-2, MJ-HIDE-3, R-INFO-2: a game read back from a seat's record has other
    secrets (redrawn) and yet writes the same record for that seat: the record holds
    none of them."""
    cases = [(0, 3, 12, 30), (3, 1, 5, 25), (4, 1, 8, 30), (5, 4, 9, 40)]
    for setup, players, seed, steps in cases:
        game = random_game(setup, players, seed, steps)
        assert not game.is_over()
        seat = 0
        text = records.write(game, seat)
        other = records.read(text).game
        assert records.write(other) != records.write(game), "the secrets were redrawn"
        assert records.write(other, seat) == text


def test_a_seats_record_writes_unseen_plans_as_question_marks() -> None:
    """MJ-HIDE-2: plans are secret until their turn starts."""
    game = random_game(0, 3, 5, 0)
    while not game.state.phase == "planning":
        seat = game.to_move()[0]
        game.play(seat, game.legal_intents(seat)[0])
    for seat in (0, 1):  # two plans committed, the third not yet
        game.play(seat, game.legal_intents(seat)[-1])
    plan = game.steps[-1].intent
    assert records.write(game, 2).splitlines()[-1].endswith("1. R: ? Y: ?")
    assert records.write(game, 1).splitlines()[-1].endswith(
        f"1. R: ? Y: {plan.first}/{plan.second}")


DAMAGE = list(" \n\t[]{}()\":;/@-+*^_?.,<>x0123456789") + list("abcvrtmRYGBADEST")


@st.composite
def damaged(draw: st.DrawFn) -> str:
    setup, players, seed, steps = draw(setups())
    game = random_game(setup, players, seed, min(steps, 150))
    text = records.write(game, draw(st.sampled_from([None, *range(players)])))
    chars = list(text)
    for _ in range(draw(st.integers(1, 8))):
        at = draw(st.integers(0, len(chars)))
        how = draw(st.sampled_from(("put", "add", "cut", "swap")))
        if how == "add":
            chars.insert(at, draw(st.sampled_from(DAMAGE)))
        elif chars:
            at = min(at, len(chars) - 1)
            if how == "put":
                chars[at] = draw(st.sampled_from(DAMAGE))
            elif how == "cut":
                del chars[at:at + draw(st.integers(1, 12))]
            else:  # a token moved elsewhere: the decisions out of order
                other = draw(st.integers(0, len(chars) - 1))
                chars[at], chars[other] = chars[other], chars[at]
    return "".join(chars)


def check_damaged(text: str) -> None:
    try:
        reading = records.read(text)
    except NotationError:
        return
    assert all(isinstance(e, NotationError) and e.line >= 0 for e in reading.errors)
    records.write(reading.game, reading.seat)  # what was read can be written


@random_games(25)
@given(damaged())
def test_damaged_records_raise_nothing_but_the_readers_error(text: str) -> None:
    check_damaged(text)


@pytest.mark.slow
@random_games(1500)
@given(damaged())
def test_many_damaged_records_raise_nothing_but_the_readers_error(text: str) -> None:
    check_damaged(text)
