"""Ratings per game, from the finished games of tables created as rated.

The model is openskill's Plackett-Luce (a Weng-Lin Bayesian rating for any number of
players, ties allowed): each player has a skill estimate ``mu`` and its uncertainty
``sigma`` per game (25 and 25/3 to begin with); a finished game moves them by the
places the players took, everyone against everyone. The leaderboard orders players by
``mu - 3 sigma`` (a skill they have shown with near certainty), so that one lucky
first game does not top it.

Rated tables are for people only (a computer seat is refused at creation): a computer's
strength depends on the level, the game and this program's version, and a rating won
against it would not mean the same from one release to the next. A seat a computer
played for after its player's time ran out is still that player's result: the table
says who timed out, and the rating counts the game as it ended. A game the others
ended by vote is not rated. In Maharadjah a player's nations make one side: its
places are the players' by their VP totals (W-END-2), so a player is rated, not a
nation.

The places come from each game's outcome (its spec's ``outcome``: the ranking when the
game has one, else the winners first and then the players by the game's first
final figure, equal figures sharing a place).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from openskill.models import PlackettLuce

from engine.registry import specs
from maharaja_server.transport import protocol as p
from maharaja_server.transport.ledger import Ledger

log = logging.getLogger("maharaja_server.transport.ratings")

Outcome = Callable[[Any], dict[str, list[int]]]


def outcome_of(ruleset_id: str) -> Outcome | None:
    """The game's outcome function (None: it has none, so it cannot be rated)."""
    spec = specs().get(ruleset_id)
    return spec.load_outcome() if spec is not None else None


def places(result: dict[str, list[int]], seats: int) -> list[int]:
    """Each seat's place, 1 the first; seats equal by the outcome share a place."""
    if len(result.get("ranking", [])) == seats:
        order = result["ranking"]
        return [order.index(seat) + 1 for seat in range(seats)]
    winners = set(result.get("winners", []))
    figure = next((v for k, v in result.items() if k not in ("winners", "ranking")
                   and isinstance(v, list) and len(v) == seats), [0] * seats)
    keys = [(seat in winners, figure[seat]) for seat in range(seats)]
    return [1 + sum(other > keys[seat] for other in keys) for seat in range(seats)]


def shown(mu: float, sigma: float) -> str:
    return f"{mu:.1f} ±{sigma:.1f}"


class Ratings:
    def __init__(self, ledger: Ledger,
                 outcome: Callable[[str], Outcome | None] = outcome_of) -> None:
        self.ledger = ledger
        self.outcome = outcome
        self.model = PlackettLuce()
        # name -> ruleset -> (mu, sigma, games); read once, written through.
        self.table: dict[str, dict[str, tuple[float, float, int]]] = {}
        for name, ruleset, mu, sigma, games in ledger.all_ratings():
            self.table.setdefault(name, {})[ruleset] = (mu, sigma, games)

    def can_rate(self, ruleset_id: str) -> bool:
        return self.outcome(ruleset_id) is not None

    def places(self, ruleset_id: str, state: Any, seats: int) -> list[int]:
        outcome = self.outcome(ruleset_id)
        if outcome is None:
            return [1] * seats
        return places(outcome(state), seats)

    def get(self, name: str, ruleset: str) -> tuple[float, float, int]:
        default = self.model.rating()
        return self.table.get(name, {}).get(ruleset, (default.mu, default.sigma, 0))

    def shown(self, name: str, ruleset: str) -> str:
        mu, sigma, _ = self.get(name, ruleset)
        return shown(mu, sigma)

    def rate(self, game_id: int, ruleset: str, names: list[str], ranks: list[int],
             at: float) -> None:
        """Move each player's rating by the places of one finished game."""
        if len(set(names)) != len(names) or len(names) < 2:
            log.info("game %d not rated: a player held two seats", game_id)
            return
        teams = [[self.model.rating(mu=m, sigma=s, name=n)]
                 for n in names for m, s, _ in [self.get(n, ruleset)]]
        rated = self.model.rate(teams, ranks=[float(r) for r in ranks])
        for name, (player,) in zip(names, rated, strict=True):
            games = self.get(name, ruleset)[2] + 1
            self.table.setdefault(name, {})[ruleset] = (player.mu, player.sigma, games)
            self.ledger.put_rating(name, ruleset, player.mu, player.sigma, games, game_id, at)
        log.info("game %d rated: %s", game_id, ", ".join(
            f"{n} {self.shown(n, ruleset)}" for n in names))

    def leaderboard(self, ruleset: str, limit: int = 50) -> list[p.Standing]:
        rows = [p.Standing(name, *games[ruleset]) for name, games in self.table.items()
                if ruleset in games]
        rows.sort(key=lambda s: (-(s.mu - 3 * s.sigma), s.name))
        return rows[:limit]

    def lines(self, name: str) -> list[p.RatingLine]:
        return [p.RatingLine(ruleset, mu, sigma, games,
                             self.ledger.rating_history(name, ruleset))
                for ruleset, (mu, sigma, games) in sorted(self.table.get(name, {}).items())]
