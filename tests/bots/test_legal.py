"""Bots only ever return one of the legal intents they were offered."""

from __future__ import annotations

import pytest

from engine.bots import LEVELS, Budget, choose_intent
from engine.bots.match import decision_rng
from engine.core.game import Game
from engine.core.ruleset import Seat
from engine.maharaja import RULESET, Options

from .conftest import new_game


def play_checked(game: Game, levels: list[str], decisions: int, budget: Budget) -> int:
    """Let bots play; every choice must be in the legal list. Returns decisions made."""
    made = 0
    while game.to_move() and made < decisions:
        seat = game.to_move()[0]
        legal = game.legal_intents(seat)
        intent = choose_intent(RULESET, game.view(seat), seat, legal, levels[seat],
                               decision_rng(game.seed, seat, len(game.steps)), budget=budget)
        assert intent in legal
        game.play(seat, intent)
        made += 1
    return made


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_fast_levels_play_a_whole_two_player_game(level: str) -> None:
    game = new_game(2, seed=11)
    play_checked(game, [level, "medium"], 5000, Budget.fixed(2))
    assert game.is_over()


def test_hard_plays_setup_and_two_rounds() -> None:
    game = new_game(2, seed=12)
    play_checked(game, ["hard", "easy"], 60, Budget.fixed(3))
    assert game.state.round >= 2


# 3 players (~4.7 CPU-s) in the slow job: 4 players, in the default run, seats the same
# levels and one more on the same options.
@pytest.mark.parametrize("players", [pytest.param(3, marks=pytest.mark.slow), 4])
def test_mixed_levels_with_more_players(players: int) -> None:
    levels = ["easy", "medium", "hard", "medium"][:players]
    game = new_game(players, seed=20 + players,
                    options=Options(special_rules=("R1", "R3", "R4"), final_scoring="F5"))
    assert play_checked(game, levels, 60, Budget.fixed(1)) == 60


@pytest.mark.parametrize("level", LEVELS)
def test_solo_human_seat(level: str) -> None:
    game = Game(RULESET, [Seat("Solo")], Options(mode="solo", difficulty="hard"), 5)
    play_checked(game, [level], 5000, Budget.fixed(2))
    assert game.is_over()
    assert game.state.winners


def test_unknown_level_is_refused() -> None:
    game = new_game(2)
    seat = game.to_move()[0]
    with pytest.raises(ValueError, match="unknown bot level"):
        choose_intent(RULESET, game.view(seat), seat, game.legal_intents(seat), "expert",
                      decision_rng(0, seat, 0))


def test_a_ruleset_without_evaluator_falls_back_to_easy(monkeypatch: pytest.MonkeyPatch) -> None:
    import engine.bots
    from engine.raja import RULESET as RAJA

    # Every game now has an evaluator (Raja's came later): hide Raja's so that the
    # fallback is what is played, instead of a 0.85 s time-budgeted search a decision.
    monkeypatch.setattr(engine.bots, "evaluator_for", lambda ruleset_id: None)
    game = Game(RAJA, [Seat("Ana"), Seat("Ben"), Seat("Cy")], RAJA.Options(), 3)
    for _ in range(30):
        if not game.to_move():
            break
        seat = game.to_move()[0]
        legal = game.legal_intents(seat)
        intent = choose_intent(RAJA, game.view(seat), seat, legal, "hard",
                               decision_rng(0, seat, len(game.steps)))
        assert intent in legal
        game.play(seat, intent)


def test_budget_needs_a_limit() -> None:
    with pytest.raises(ValueError):
        Budget(iterations=None, seconds=None, ceiling=None)
