"""What the server keeps, whichever way it keeps it: the store the transport writes to.

Two implementations:

* ``records.Records``, the embedded default: SQLite (``server.db``) and each table's
  game in the ordinary save format (``tables/<id>/game.json``) in the data directory,
  written by one thread off the event loop. One server process.
* ``store_pg.PgStore``: PostgreSQL (``maharaja serve --store postgresql://...``), the
  game logs as rows of steps; several server processes share it, each table owned by
  one of them at a time (``cluster.py``).

Writes are queued (the event loop never waits on a disk or a database to go on) and
land in the order they were made; reads at start may block.
"""

from __future__ import annotations

from typing import Any, Protocol

from engine.core.game import AnyGame


class Store(Protocol):
    # ----------------------------------------------------------------- names
    def names(self) -> dict[str, str]:
        """Each bound name's key."""

    def name_rows(self) -> dict[str, tuple[str, float | None]]:
        """Each name's key and when it was last used (None: never since an older server
        bound it at login)."""

    def put_name(self, name: str, key: str, used: float | None) -> None: ...

    def forget_names(self, names: list[str]) -> None: ...

    async def claim(self, name: str, key: str) -> bool:
        """Bind ``name`` to ``key`` unless another key has it (True: it is ``key``'s)."""

    # ---------------------------------------------------------------- tables
    def counter(self, name: str) -> int: ...

    def put_counter(self, name: str, value: int) -> None:
        """Queued before the rows that use the value (a table's id before its row)."""

    def tables(self) -> dict[int, bytes]:
        """Each table's settings and seats (``tables.TableMeta`` as JSON) by id."""

    def put_table(self, table_id: int, meta: bytes) -> None: ...

    def drop_table(self, table_id: int) -> None: ...

    # ------------------------------------------------------------- game logs
    def save_game(self, table_id: int, game: AnyGame) -> None:
        """The table's game as it is now (its steps; an undo takes some back)."""

    def load_game(self, table_id: int, rulesets: dict[str, Any]
                  ) -> tuple[AnyGame | None, float | None]:
        """The table's game (validated by replaying it; None before it started) and
        when it last changed. ``engine.core.errors.RecordError`` when it is damaged."""

    def drop_game(self, table_id: int) -> None:
        """The table is gone, and its game with it (after any save still queued)."""

    # ------------------------------------------------------------ the writes
    def flush(self) -> None:
        """Wait for every queued write (tests, shutdown)."""

    def close(self) -> None:
        """The queued writes land first."""
