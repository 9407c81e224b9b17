"""The ledger (``ledger.py``) in PostgreSQL, for server processes sharing their tables
(``maharaja serve --store``): every process sees the same clocks, finished games,
ratings and players' settings.

Who writes what, so that nothing is written twice by two processes:
- a table's clock log only by the table's owner, with the table's next write (the step
  that moved the clocks and its clock entries are one transaction, lease checked), so
  that the process taking a table over after a failover has the clocks as the step it
  goes on from left them; the other processes read the new entries when they read the
  step (``clock_log``);
- a finished game by its table's owner, once (the game's id is its key), and each
  player's rating once a game (``rating_history``'s key: a new owner that keeps the game
  again after a failover moves no rating twice);
- a player's settings by the process their session is on.
Each of these writes announces itself (``NOTIFY``), and the other processes read the
ratings and settings again. Reads are plain statements on a connection of the ledger's
own, as the embedded ledger reads its SQLite file.
"""

from __future__ import annotations

import logging
from typing import Any

import msgspec
import psycopg
from psycopg.rows import TupleRow

from maharaja_server.transport.ledger import Ledger
from maharaja_server.transport.protocol import TimeControl
from maharaja_server.transport.store_pg import PgStore
from maharaja_server.transport.store_pg_schema import connect

log = logging.getLogger("maharaja_server.transport.ledger_pg")


class PgLedger(Ledger):
    """``Ledger``'s functions on the shared store (the embedded one's SQLite is not
    touched)."""

    def __init__(self, store: PgStore) -> None:  # noqa: D107 - no SQLite schema here
        self.store = store
        self._conn: psycopg.Connection[TupleRow] | None = None

    def _read(self, query: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """Rows of one statement; a dropped connection is opened again once."""
        for attempt in (1, 2):
            try:
                if self._conn is None or self._conn.closed:
                    self._conn = connect(self.store.url)
                return self._conn.execute(query.encode(), args).fetchall()
            except psycopg.OperationalError:
                if attempt == 2:
                    raise
                log.warning("ledger: its connection dropped; connecting again")
                self._conn = None
        raise AssertionError("unreachable")

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    # ------------------------------------------------------------- clock logs
    def clock_logs(self) -> dict[int, list[bytes]]:
        logs: dict[int, list[bytes]] = {}
        for table_id, entry in self._read(
                "SELECT table_id, entry FROM clock_log ORDER BY table_id, n"):
            logs.setdefault(int(table_id), []).append(bytes(entry))
        return logs

    def clock_log(self, table_id: int, since: int = 0) -> list[bytes]:
        return [bytes(entry) for (entry,) in self._read(
            "SELECT entry FROM clock_log WHERE table_id = %s AND n >= %s ORDER BY n",
            (table_id, since))]

    def add_clock_entry(self, table_id: int, n: int, entry: bytes) -> None:
        self.store.add_clock(table_id, n, entry)

    def drop_clock_log(self, table_id: int) -> None:
        """Nothing to do: the table's row goes, and its clock log with it."""

    # --------------------------------------------------------- finished games
    def keep_game(self, game_id: int, ruleset: str, finished: float, summary: bytes,
                  save: bytes, clock: bytes, names: list[str], control: bytes) -> None:
        self.store.queue(
            "INSERT INTO finished_games VALUES (%s, %s, %s, %s, %s, %s, %s) "
            "ON CONFLICT (id) DO NOTHING",
            (game_id, ruleset, finished, summary, save, clock, control))
        for name in sorted(set(names)):
            self.store.queue("INSERT INTO game_players VALUES (%s, %s) ON CONFLICT DO NOTHING",
                             (game_id, name))

    def has_game(self, game_id: int) -> bool:
        return bool(self._read("SELECT 1 FROM finished_games WHERE id = %s", (game_id,)))

    def game_summaries(self, name: str = "", limit: int = 50) -> list[bytes]:
        if name:
            rows = self._read(
                "SELECT summary FROM finished_games JOIN game_players ON game = id "
                "WHERE name = %s ORDER BY finished DESC LIMIT %s", (name, limit))
        else:
            rows = self._read(
                "SELECT summary FROM finished_games ORDER BY finished DESC LIMIT %s", (limit,))
        return [bytes(row[0]) for row in rows]

    def game_summary(self, game_id: int) -> bytes:
        rows = self._read("SELECT summary FROM finished_games WHERE id = %s", (game_id,))
        return bytes(rows[0][0]) if rows else b"{}"

    def game_clock(self, game_id: int) -> TimeControl:
        rows = self._read("SELECT control FROM finished_games WHERE id = %s", (game_id,))
        return msgspec.json.decode(bytes(rows[0][0]) if rows else b"{}", type=TimeControl)

    def game_save(self, game_id: int) -> tuple[bytes, bytes] | None:
        rows = self._read("SELECT save, clock FROM finished_games WHERE id = %s", (game_id,))
        return (bytes(rows[0][0]), bytes(rows[0][1])) if rows else None

    # ---------------------------------------------------------------- ratings
    def rating(self, name: str, ruleset: str) -> tuple[float, float, int] | None:
        rows = self._read("SELECT mu, sigma, games FROM ratings WHERE name = %s AND "
                          "ruleset = %s", (name, ruleset))
        return (float(rows[0][0]), float(rows[0][1]), int(rows[0][2])) if rows else None

    def all_ratings(self) -> list[tuple[str, str, float, float, int]]:
        return [(str(n), str(r), float(m), float(s), int(g)) for n, r, m, s, g in
                self._read("SELECT name, ruleset, mu, sigma, games FROM ratings")]

    def put_rating(self, name: str, ruleset: str, mu: float, sigma: float, games: int,
                   game_id: int, at: float) -> None:
        # The history row first: a game that moved this rating already moves it no more.
        self.store.queue(
            "WITH moved AS (INSERT INTO rating_history VALUES (%s, %s, %s, %s, %s, %s) "
            "ON CONFLICT DO NOTHING RETURNING 1) "
            "INSERT INTO ratings SELECT %s, %s, %s, %s, %s WHERE EXISTS (SELECT 1 FROM moved) "
            "ON CONFLICT (name, ruleset) DO UPDATE SET mu = EXCLUDED.mu, "
            "sigma = EXCLUDED.sigma, games = EXCLUDED.games",
            (name, ruleset, game_id, at, mu, sigma, name, ruleset, mu, sigma, games),
            f"ratings {name}")

    def rating_history(self, name: str, ruleset: str,
                       limit: int = 20) -> list[tuple[float, float, float]]:
        rows = self._read(
            "SELECT at, mu, sigma FROM rating_history WHERE name = %s AND ruleset = %s "
            "ORDER BY at DESC LIMIT %s", (name, ruleset, limit))
        return [(float(a), float(m), float(s)) for a, m, s in reversed(rows)]

    # --------------------------------------------------------------- settings
    def webhooks(self) -> dict[str, str]:
        return {str(n): str(u) for n, u in
                self._read("SELECT name, webhook FROM player_settings")}

    def put_webhook(self, name: str, url: str) -> None:
        if url:
            self.store.queue("INSERT INTO player_settings VALUES (%s, %s) ON CONFLICT (name) "
                             "DO UPDATE SET webhook = EXCLUDED.webhook", (name, url),
                             f"settings {name}")
        else:
            self.store.queue("DELETE FROM player_settings WHERE name = %s", (name,),
                             f"settings {name}")
