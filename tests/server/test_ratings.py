"""Ratings per game at rated tables (openskill's Plackett-Luce): a rated 3-player game
of Maharaja moves its players' ratings by their places; the places come from the
game's outcome, ties shared; an unrated game and a game ended by vote move nothing."""

from __future__ import annotations

import random
from pathlib import Path

from engine.registry import rulesets
from maharaja_server.transport.ledger import Ledger
from maharaja_server.transport.online import Online
from maharaja_server.transport.protocol import SeatSpec
from maharaja_server.transport.ratings import places
from maharaja_server.transport.records import Records
from maharaja_server.transport.tables import Identity, TableService

PLAYERS = [Identity("asha", "a"), Identity("bodhi", "b"), Identity("chand", "c")]
GAME = "maharaja-2020"


def serve(root: Path) -> tuple[TableService, Online]:
    records = Records(root / "server.db")
    service = TableService(root / "tables", rulesets(), records=records)
    online = Online(service, Ledger(records))
    service.load_all()
    return service, online


def play_out(service: TableService, table: int, seed: int = 3) -> None:
    """The three players play random legal decisions to the end."""
    rng = random.Random(seed)
    game = service.game(table)
    while not game.is_over():
        seat = game.to_move()[0]
        service.play(PLAYERS[seat], table, seat, rng.choice(game.legal_intents(seat)))


def test_a_rated_three_player_game_moves_the_ratings(tmp_path: Path) -> None:
    service, online = serve(tmp_path)
    table = service.create(PLAYERS[0], GAME, [SeatSpec()] * 3, b"{}", False, "Rated",
                           rated=True)
    for who in PLAYERS:
        service.join(who, table.id, None)
    start = [online.ratings.get(who.name, GAME) for who in PLAYERS]
    assert {r[:2] for r in start} == {(25.0, 25 / 3)} and {r[2] for r in start} == {0}
    info = service.info(table)
    assert info.rated and all(seat.rating == "25.0 ±8.3" for seat in info.seats)
    play_out(service, table.id)
    result = online.history.games()[0]
    assert result.id == table.id and result.rated and sorted(result.places)[0] == 1
    after = [online.ratings.get(who.name, GAME) for who in PLAYERS]
    for place, (mu, sigma, games) in zip(result.places, after, strict=True):
        assert games == 1 and sigma < 25 / 3
        if place == 1:
            assert mu > 25
        if place == 3:
            assert mu < 25
    board = online.ratings.leaderboard(GAME)
    assert [s.name for s in board][0] == PLAYERS[result.places.index(1)].name
    # Kept: after a restart, the ratings and each one's history are there.
    service.records.flush()
    service.records.close()
    service, online = serve(tmp_path)
    assert [online.ratings.get(who.name, GAME) for who in PLAYERS] == after
    line = online.ratings.lines("asha")[0]
    assert line.ruleset == GAME and line.games == 1 and len(line.history) == 1
    service.records.close()


def test_an_unrated_game_moves_no_rating(tmp_path: Path) -> None:
    service, online = serve(tmp_path)
    table = service.create(PLAYERS[0], GAME, [SeatSpec()] * 3, b"{}", False, "Friendly")
    for who in PLAYERS:
        service.join(who, table.id, None)
    play_out(service, table.id)
    assert online.history.games()[0].id == table.id  # kept all the same
    assert online.ratings.leaderboard(GAME) == []
    assert service.info(table).seats[0].rating == ""
    service.records.close()


def test_places_follow_the_outcome_and_share_ties() -> None:
    assert places({"ranking": [2, 0, 1], "winners": [2]}, 3) == [2, 3, 1]
    assert places({"final_pp": [21, 14, 21], "winners": [0]}, 3) == [1, 3, 2]
    assert places({"gold": [19, 24, 24], "winners": [1, 2]}, 3) == [3, 1, 1]
    assert places({"vp": [5, 5, 5, 5], "winners": []}, 4) == [1, 1, 1, 1]


def test_a_spectator_sees_the_clocks_and_ratings_and_no_secret(tmp_path: Path) -> None:
    """What every session is pushed about a table (its info, a spectator's too) holds
    the clocks and the ratings, and none of a seat's secrets."""
    import msgspec
    from fake_ruleset import RULESET

    from maharaja_server.transport.protocol import TimeControl

    records = Records(tmp_path / "server.db")
    service = TableService(tmp_path / "tables", {RULESET.id: RULESET}, records=records)
    Online(service, Ledger(records), outcome=lambda _: (lambda state: {"winners": [0]}))
    table = service.create(PLAYERS[0], RULESET.id, [SeatSpec()] * 3, b"{}", False, "Open",
                           rated=True, clock=TimeControl("turn", base=3600, bank=7200))
    for who in PLAYERS:
        service.join(who, table.id, None)
    info = service.info(table)
    assert all(seat.rating for seat in info.seats)
    assert [c.running for c in info.clocks] == [True, True, True]
    shown = msgspec.json.encode(info).decode()
    state = service.game(table.id).state
    for secret in [*(c for hand in state.hands for c in hand), *map(str, state.pp)]:
        assert secret not in shown
    records.close()
