"""The core driven through Claims, a tiny grid game that is no road-network game."""

from __future__ import annotations

from random import Random

import msgspec
import pytest

from engine.core import game as core_game
from engine.core.autoplay import play_randomly
from engine.core.describe import marked
from engine.core.errors import IllegalIntent, RulesetError
from engine.core.game import Game
from engine.core.ruleset import Seat, draw_index, flatten
from tests.core.fake_game import (
    ByDefault,
    Claim,
    Claimed,
    ClaimsRules,
    Counting,
    Options,
    Ticked,
)

SEATS = [Seat("Ann"), Seat("Bo")]


def refolded(game: Game, seat: int | None) -> list:
    """The move log as the old core built it: a whole refold from the start."""
    rules = game.ruleset
    state = rules.new_state(game.options, game.seats)
    out = []
    for _, event in game.events():
        out.append(marked(rules.describe(rules.redact(event, seat), state),
                          rules.boundary(event)))
        rules.apply(state, event)
    return out


# ------------------------------------------------------------------ is_legal
def test_is_legal_agrees_with_decide_and_lists_nothing() -> None:
    rules = ClaimsRules()
    game = Game(rules, SEATS, seed=3)
    listed = game.legal_intents(0)
    rules.listed = 0
    assert all(game.is_legal(0, i) for i in listed)
    assert not game.is_legal(1, listed[0])  # not Bo's turn
    game.play(0, Claim(row=0, col=0))
    assert not game.is_legal(1, Claim(row=0, col=0))  # taken: FK-CLAIM-2
    assert not game.is_legal(1, Claim(row=9, col=0))  # off the grid: FK-CLAIM-2
    assert game.is_legal(1, Claim(row=2, col=2))
    assert rules.listed == 0  # no enumeration behind is_legal


def test_is_legal_by_default_asks_decide_for_any_ruleset() -> None:
    rules = ByDefault()
    game = Game(rules, SEATS, seed=3)
    assert game.is_legal(0, Claim(row=1, col=1))
    assert not game.is_legal(0, Claim(row=5, col=1))
    assert not game.is_legal(1, Claim(row=1, col=1))
    assert rules.listed == 0


# --------------------------------------------------------------- legal groups
def test_legal_groups_list_keys_without_producing_intents() -> None:
    rules = ClaimsRules()
    game = Game(rules, SEATS, Options(rows=30, cols=40), seed=1)
    keys = [group.key for group in game.legal_groups(0)]
    assert keys == [f"row {r}" for r in range(30)]
    assert rules.produced == 0  # a wargame can list "which stacks can move" this way
    first = next(iter(game.legal_groups(0)))
    assert next(iter(first)) == Claim(row=0, col=0)
    assert rules.produced == 1


def test_legal_intents_is_the_flattened_groups_in_order() -> None:
    game = Game(ClaimsRules(), SEATS, seed=1)
    game.play(0, Claim(row=1, col=1))
    assert game.legal_intents(1) == flatten(game.legal_groups(1))
    assert len(game.legal_intents(1)) == 8
    assert list(game.legal_groups(0)) == []  # not Ann's turn


def test_default_groups_are_by_intent_type() -> None:
    game = Game(ByDefault(), SEATS, seed=1)
    groups = list(game.legal_groups(0))
    assert [g.key for g in groups] == ["Claim"]
    assert flatten(groups) == game.legal_intents(0)


# ---------------------------------------------------------------- descriptions
def test_descriptions_are_extended_not_refolded() -> None:
    rules = Counting()
    game = Game(rules, SEATS, seed=2)
    for cell in [(0, 0), (0, 1), (0, 2), (1, 0)]:
        game.play(game.to_move()[0], Claim(row=cell[0], col=cell[1]))
    assert game.descriptions(0) == refolded(game, 0)
    rules.applied = rules.described = 0
    assert game.descriptions(0) == refolded(game, 0)  # the refold counts, then reset
    rules.applied = rules.described = 0
    game.descriptions(0)
    assert (rules.applied, rules.described) == (0, 0)  # nothing new: nothing folded
    game.play(game.to_move()[0], Claim(row=2, col=2))
    rules.applied = rules.described = 0
    lines = game.descriptions(0)
    assert (rules.applied, rules.described) == (1, 1)  # only the new step's event
    assert lines == refolded(game, 0)


def test_an_undo_cuts_the_descriptions_instead_of_describing_the_game_again() -> None:
    """An undo's cost does not grow with the game: the log is cut where the undo went
    back to and goes on from there, and every seat's lines still read as a refold."""
    rules = Counting()
    game = Game(rules, SEATS, seed=2)
    for cell in [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1)]:
        game.play(game.to_move()[0], Claim(row=cell[0], col=cell[1]))
    game.descriptions(0)
    game.descriptions(None)
    game.undo()
    game.undo()
    rules.applied = rules.described = 0
    lines = game.descriptions(0)
    assert rules.described == 0  # cut, nothing described again
    assert lines == refolded(game, 0)
    game.play(game.to_move()[0], Claim(row=2, col=2))
    assert game.descriptions(0) == refolded(game, 0)
    assert game.descriptions(None) == refolded(game, None)


def test_descriptions_follow_undo_redo_and_rewind_for_each_seat() -> None:
    game = Game(ClaimsRules(), SEATS + [Seat("Cy")], seed=4)
    rng = Random(4)
    for _ in range(5):
        seat = game.to_move()[0]
        game.play(seat, rng.choice(game.legal_intents(seat)))
        for seat in (0, 1, None):
            assert game.descriptions(seat) == refolded(game, seat)
    game.undo()
    game.undo()
    assert game.descriptions(1) == refolded(game, 1)
    game.redo()
    assert game.descriptions(1) == refolded(game, 1)
    assert game.descriptions(0) == refolded(game, 0)
    game.rewind(2)
    assert game.descriptions(None) == refolded(game, None)
    seat = game.to_move()[0]
    game.play(seat, game.legal_intents(seat)[-1])
    for seat in (0, 1, 2, None):
        assert game.descriptions(seat) == refolded(game, seat)


def test_a_description_that_fails_does_not_spoil_the_log(monkeypatch) -> None:  # noqa: ANN001
    rules = ClaimsRules()
    game = Game(rules, SEATS, seed=3)
    game.descriptions(0)
    game.play(0, Claim(row=0, col=0))
    game.play(1, Claim(row=0, col=1))
    calls = []

    def second_fails(event, state):  # noqa: ANN001, ANN202
        calls.append(event)
        if len(calls) == 2:
            raise ZeroDivisionError
        return ClaimsRules.describe(rules, event, state)

    with monkeypatch.context() as m:
        m.setattr(rules, "describe", second_fails)
        with pytest.raises(ZeroDivisionError):
            game.descriptions(0)  # the first new step was folded, the second failed
    assert game.descriptions(0) == refolded(game, 0)


def test_descriptions_keep_secrets_per_seat() -> None:
    game = Game(ClaimsRules(), SEATS, seed=5)
    dealt = game.state.favourites
    assert f"[{dealt[0]}, -1]" in "".join(t for t, _ in game.descriptions(0)[0])
    assert "[-1, -1]" in "".join(t for t, _ in game.descriptions(None)[0])


def test_a_whole_game_plays_and_reads_back() -> None:
    game = play_randomly(Game(ClaimsRules(), SEATS, seed=6), Random(6))
    assert game.is_over() and sum(game.state.points) >= 9
    assert game.descriptions(1) == refolded(game, 1)


# ------------------------------------------------------ the automatic guard
def test_a_ruleset_that_never_settles_is_an_error_not_a_hang(monkeypatch) -> None:  # noqa: ANN001
    monkeypatch.setattr(core_game, "MAX_AUTOMATIC_BATCHES", 50)
    with pytest.raises(RulesetError, match="'claims'.*50 batches"):
        Game(ClaimsRules(), SEATS, Options(runaway=60), seed=1)
    assert Game(ClaimsRules(), SEATS, Options(runaway=49), seed=1).state.ticks == 49


def test_the_guard_leaves_the_game_as_it_was(monkeypatch) -> None:  # noqa: ANN001
    rules = ClaimsRules()
    game = Game(rules, SEATS, seed=1)
    game.play(0, Claim(row=0, col=0))
    before = msgspec.msgpack.encode(game.state)
    steps = len(game.steps)
    monkeypatch.setattr(core_game, "MAX_AUTOMATIC_BATCHES", 20)
    monkeypatch.setattr(rules, "automatic", lambda state, rng: [Ticked()])
    with pytest.raises(RulesetError, match="never settles"):
        game.play(1, Claim(row=0, col=1))
    assert msgspec.msgpack.encode(game.state) == before and len(game.steps) == steps
    monkeypatch.undo()
    game.play(1, Claim(row=0, col=1))  # and it goes on


def test_refusals_cite_a_rule_and_change_nothing() -> None:
    game = Game(ClaimsRules(), SEATS, seed=1)
    with pytest.raises(IllegalIntent, match="CORE-1"):
        game.play(1, Claim(row=0, col=0))
    with pytest.raises(IllegalIntent, match="FK-CLAIM-2"):
        game.play(0, Claim(row=7, col=0))
    assert len(game.steps) == 1


# ------------------------------------------------------------ the trusted path
class Trusting(ClaimsRules):
    """Claims whose ``decide_listed`` skips every check and ``random_intent`` counts the
    free cells instead of listing them, counting the calls of each path."""

    def __init__(self) -> None:
        super().__init__()
        self.decided = self.trusted = 0

    def decide(self, state, seat, intent):  # noqa: ANN001, ANN201
        self.decided += 1
        return super().decide(state, seat, intent)

    def decide_listed(self, state, seat, intent):  # noqa: ANN001, ANN201
        self.trusted += 1
        return [Claimed(seat=seat, row=intent.row, col=intent.col)]

    def random_intent(self, state, seat, rng):  # noqa: ANN001, ANN201
        free = [(r, c) for r, row in enumerate(state.grid) for c, o in enumerate(row) if o < 0]
        row, col = free[draw_index(rng, len(free))]
        return Claim(row=row, col=col)


def test_autoplay_plays_on_the_trusted_path_with_the_same_draws() -> None:
    plain, trusting = ClaimsRules(), Trusting()
    before = play_randomly(Game(plain, SEATS, seed=5), Random(5))
    after = play_randomly(Game(trusting, SEATS, seed=5), Random(5))
    assert after.steps == before.steps and after.state == before.state
    assert trusting.decided == 0 and trusting.listed == 0  # no re-validation, no listing
    assert trusting.trusted == len(after.steps) - 1


def test_play_still_validates_what_comes_from_outside() -> None:
    rules = Trusting()
    game = Game(rules, SEATS, seed=5)
    game.play(0, Claim(row=0, col=0))
    with pytest.raises(IllegalIntent, match="taken"):
        game.play(1, Claim(row=0, col=0))
    with pytest.raises(IllegalIntent, match="CORE-1|not"):
        game.play(0, Claim(row=1, col=1))  # Bo's decision
    assert rules.trusted == 0 and len(game.steps) == 2


def test_the_default_hooks_are_the_listing_and_decide() -> None:
    rules = ClaimsRules()
    game = Game(rules, SEATS, seed=5)
    for k in range(20):
        rng, mine = Random(k), Random(k)
        assert game.random_intent(0, mine) == rng.choice(game.legal_intents(0))
        assert mine.getstate() == rng.getstate()
    intent = game.random_intent(0, Random(1))
    assert rules.decide_listed(game.state, 0, intent) == rules.decide(game.state, 0, intent)


@pytest.mark.parametrize("count", [1, 2, 3, 7, 64, 1000])
def test_draw_index_draws_as_choice(count: int) -> None:
    for k in range(30):
        rng, mine = Random(k), Random(k)
        assert draw_index(mine, count) == rng.choice(range(count)) == \
            rng.__class__(k).choice(list(range(count)))
        assert mine.getstate() == rng.getstate()
