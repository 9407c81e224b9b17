"""What the server keeps of play beyond a table's life, in its records (``server.db``).

Four tables of their own, each written through the records' one writer thread, so
that the event loop never waits on the disk: each table's clock log (``clocks.py``),
every finished game with its save and its result (``history.py``), each player's
rating per game with its history (``ratings.py``), and each player's settings (the
webhook a notice is posted to, ``webhooks.py``). A store that is not SQLite provides
these functions and nothing else: they are all the other modules ask of it.
"""

from __future__ import annotations

import msgspec

from maharaja_server.transport.protocol import TimeControl
from maharaja_server.transport.records import Records

SCHEMA = """
CREATE TABLE IF NOT EXISTS clock_log (
    table_id INTEGER NOT NULL, n INTEGER NOT NULL, entry BLOB NOT NULL,
    PRIMARY KEY (table_id, n));
CREATE TABLE IF NOT EXISTS finished_games (
    id INTEGER PRIMARY KEY, ruleset TEXT NOT NULL, finished REAL NOT NULL,
    summary BLOB NOT NULL, save BLOB NOT NULL, clock BLOB NOT NULL,
    control BLOB NOT NULL DEFAULT '{}');
CREATE TABLE IF NOT EXISTS game_players (
    game INTEGER NOT NULL, name TEXT NOT NULL, PRIMARY KEY (game, name));
CREATE TABLE IF NOT EXISTS ratings (
    name TEXT NOT NULL, ruleset TEXT NOT NULL, mu REAL NOT NULL, sigma REAL NOT NULL,
    games INTEGER NOT NULL, PRIMARY KEY (name, ruleset));
CREATE TABLE IF NOT EXISTS rating_history (
    name TEXT NOT NULL, ruleset TEXT NOT NULL, game INTEGER NOT NULL, at REAL NOT NULL,
    mu REAL NOT NULL, sigma REAL NOT NULL, PRIMARY KEY (name, ruleset, game));
CREATE TABLE IF NOT EXISTS player_settings (name TEXT PRIMARY KEY, webhook TEXT NOT NULL);
"""


class Ledger:
    def __init__(self, records: Records) -> None:
        self.records = records
        records.create(SCHEMA)

    # ------------------------------------------------------------- clock logs
    def clock_logs(self) -> dict[int, list[bytes]]:
        """Every table's clock log, its entries in order."""
        logs: dict[int, list[bytes]] = {}
        for table_id, entry in self.records.read(
                "SELECT table_id, entry FROM clock_log ORDER BY table_id, n"):
            logs.setdefault(int(table_id), []).append(bytes(entry))
        return logs

    def add_clock_entry(self, table_id: int, n: int, entry: bytes) -> None:
        self.records.write("INSERT OR REPLACE INTO clock_log VALUES (?, ?, ?)",
                           (table_id, n, entry))

    def drop_clock_log(self, table_id: int) -> None:
        self.records.write("DELETE FROM clock_log WHERE table_id = ?", (table_id,))

    # --------------------------------------------------------- finished games
    def keep_game(self, game_id: int, ruleset: str, finished: float, summary: bytes,
                  save: bytes, clock: bytes, names: list[str], control: bytes) -> None:
        """A finished game, kept for good (a table's expiry never removes it): its
        summary, save, clock log and time control."""
        self.records.write(
            "INSERT OR REPLACE INTO finished_games VALUES (?, ?, ?, ?, ?, ?, ?)",
            (game_id, ruleset, finished, summary, save, clock, control))
        for name in set(names):
            self.records.write("INSERT OR IGNORE INTO game_players VALUES (?, ?)",
                               (game_id, name))

    def has_game(self, game_id: int) -> bool:
        return bool(self.records.read("SELECT 1 FROM finished_games WHERE id = ?",
                                      (game_id,)))

    def game_summaries(self, name: str = "", limit: int = 50) -> list[bytes]:
        """Summaries of finished games, the latest first (``name``: that player's)."""
        if name:
            rows = self.records.read(
                "SELECT summary FROM finished_games JOIN game_players ON game = id "
                "WHERE name = ? ORDER BY finished DESC LIMIT ?", (name, limit))
        else:
            rows = self.records.read(
                "SELECT summary FROM finished_games ORDER BY finished DESC LIMIT ?", (limit,))
        return [bytes(row[0]) for row in rows]

    def game_summary(self, game_id: int) -> bytes:
        rows = self.records.read("SELECT summary FROM finished_games WHERE id = ?",
                                 (game_id,))
        return bytes(rows[0][0]) if rows else b"{}"

    def game_clock(self, game_id: int) -> TimeControl:
        rows = self.records.read("SELECT control FROM finished_games WHERE id = ?",
                                 (game_id,))
        return msgspec.json.decode(bytes(rows[0][0]) if rows else b"{}", type=TimeControl)

    def game_save(self, game_id: int) -> tuple[bytes, bytes] | None:
        """A finished game's save file and its clock log (None: no such game)."""
        rows = self.records.read("SELECT save, clock FROM finished_games WHERE id = ?",
                                 (game_id,))
        return (bytes(rows[0][0]), bytes(rows[0][1])) if rows else None

    # ---------------------------------------------------------------- ratings
    def rating(self, name: str, ruleset: str) -> tuple[float, float, int] | None:
        rows = self.records.read("SELECT mu, sigma, games FROM ratings WHERE name = ? AND "
                                 "ruleset = ?", (name, ruleset))
        return (float(rows[0][0]), float(rows[0][1]), int(rows[0][2])) if rows else None

    def all_ratings(self) -> list[tuple[str, str, float, float, int]]:
        return [(str(n), str(r), float(m), float(s), int(g)) for n, r, m, s, g in
                self.records.read("SELECT name, ruleset, mu, sigma, games FROM ratings")]

    def put_rating(self, name: str, ruleset: str, mu: float, sigma: float, games: int,
                   game_id: int, at: float) -> None:
        self.records.write("INSERT OR REPLACE INTO ratings VALUES (?, ?, ?, ?, ?)",
                           (name, ruleset, mu, sigma, games))
        self.records.write("INSERT OR REPLACE INTO rating_history VALUES (?, ?, ?, ?, ?, ?)",
                           (name, ruleset, game_id, at, mu, sigma))

    def rating_history(self, name: str, ruleset: str,
                       limit: int = 20) -> list[tuple[float, float, float]]:
        rows = self.records.read(
            "SELECT at, mu, sigma FROM rating_history WHERE name = ? AND ruleset = ? "
            "ORDER BY at DESC LIMIT ?", (name, ruleset, limit))
        return [(float(a), float(m), float(s)) for a, m, s in reversed(rows)]

    # --------------------------------------------------------------- settings
    def webhooks(self) -> dict[str, str]:
        return {str(n): str(u) for n, u in
                self.records.read("SELECT name, webhook FROM player_settings")}

    def put_webhook(self, name: str, url: str) -> None:
        if url:
            self.records.write("INSERT OR REPLACE INTO player_settings VALUES (?, ?)",
                               (name, url))
        else:
            self.records.write("DELETE FROM player_settings WHERE name = ?", (name,))


def encode(value: object) -> bytes:
    return msgspec.json.encode(value)
