"""``maharaja serve --store postgresql://... migrate``: the schema, and a server's data.

Brings the database's schema up to date (as every start does) and, when the data
directory (``--data-dir``, else the default one) holds an embedded server's records
(``server.db``), copies them in, in one transaction: names and their keys, the table
counter, every table with its seats and its game (each replayed through its rules
first, as a start does), the join links and the host key, so that players find their
tables, seats and server as they left them. The data directory is left as it was.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import msgspec

from engine.core.errors import RecordError
from maharaja_server.transport.links import Link
from maharaja_server.transport.records import Records
from maharaja_server.transport.store_pg_rows import head_of, step_row
from maharaja_server.transport.store_pg_schema import connect, migrate, safe_url


class MigrationError(Exception):
    """Nothing was copied; one line saying why."""


def run(url: str, data_dir: Path, rulesets: dict[str, Any]) -> list[str]:
    """Migrate; the lines to print."""
    out = []
    with connect(url) as conn:
        found, now = migrate(conn)
        out.append(f"{safe_url(url)}: schema version {now}" + (
            f" (was {found})" if found != now else " (up to date)"))
        if not (data_dir / "server.db").exists():
            out.append(f"{data_dir}: no server records (server.db) to copy")
            return out
        held = conn.execute("SELECT count(*) FROM tables").fetchone()
        names = conn.execute("SELECT count(*) FROM names").fetchone()
        if (held and held[0]) or (names and names[0]):
            raise MigrationError(
                f"the database already holds {held[0] if held else 0} table(s) and "
                f"{names[0] if names else 0} name(s): a server's records are copied into "
                "an empty one only (nothing was copied)")
        records = Records(data_dir / "server.db")
        try:
            rows = records.name_rows()
            metas = records.tables()
            games = {}
            for table_id in sorted(metas):
                try:
                    games[table_id] = records.load_game(table_id, rulesets)
                except RecordError as exc:
                    raise MigrationError(f"{exc} (nothing was copied)") from None
            counter = max([records.counter("tables"), *metas])
        finally:
            records.close()
        links = _links(data_dir / "links.json")
        key_path = data_dir / "ssh_host_ed25519_key"
        with conn.transaction():
            with conn.cursor() as cur:
                cur.executemany("INSERT INTO names VALUES (%s, %s, %s)",
                                [(n, k, used) for n, (k, used) in rows.items()])
                cur.execute("INSERT INTO counters VALUES ('tables', %s) ON CONFLICT (name) "
                            "DO UPDATE SET value = GREATEST(counters.value, EXCLUDED.value)",
                            (counter,))
                steps = 0
                for table_id, meta in sorted(metas.items()):
                    game, touched = games[table_id]
                    cur.execute("INSERT INTO tables (id, meta, touched) VALUES (%s, %s, %s)",
                                (table_id, meta.decode(), touched or time.time()))
                    if game is None:
                        continue
                    cur.execute("INSERT INTO games VALUES (%s, %s, %s, 1, NULL)",
                                (table_id, head_of(game), len(game.steps)))
                    cur.executemany("INSERT INTO steps VALUES (%s, %s, %s, %s, %s, %s)",
                                    [step_row(table_id, i, 1, step)
                                     for i, step in enumerate(game.steps)])
                    steps += len(game.steps)
                cur.executemany("INSERT INTO links VALUES (%s, %s, %s, %s, %s, %s)",
                                [(digest, link.table, link.seat, link.name, link.browser,
                                  link.made) for digest, link in links.items()
                                 if link.table in metas])
                if key_path.exists():
                    cur.execute("INSERT INTO host_keys VALUES ('ssh-ed25519', %s) "
                                "ON CONFLICT (name) DO UPDATE SET key = EXCLUDED.key",
                                (key_path.read_text(),))
        out.append(f"copied from {data_dir}: {len(rows)} name(s), {len(metas)} table(s) with "
                   f"{steps} step(s), {len(links)} join link(s)"
                   + (", the host key" if key_path.exists() else ""))
    return out


def _links(path: Path) -> dict[str, Link]:
    if not path.exists():
        return {}
    try:
        return msgspec.convert(json.loads(path.read_text()), type=dict[str, Link])
    except (ValueError, msgspec.ValidationError) as exc:
        raise MigrationError(f"{path} is damaged ({exc}); nothing was copied") from None
