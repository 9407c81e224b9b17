"""The PostgreSQL store's schema, versioned: each start brings an older one up to date.

``MIGRATIONS`` holds one entry a version; a database whose schema is newer than this
code's stops the server with a message saying so (``SchemaTooNew``).
"""

from __future__ import annotations

import re

import psycopg
from psycopg.rows import TupleRow

LOCK = 7_130_541  # pg_advisory_xact_lock key: one migration at a time

# The schema, one entry a version: entry N brings version N to N + 1. Never edit an
# entry once released; add one.
MIGRATIONS: list[str] = [
    """
    CREATE TABLE names (name text PRIMARY KEY, key text NOT NULL, used double precision);
    CREATE TABLE counters (name text PRIMARY KEY, value bigint NOT NULL);
    CREATE TABLE tables (
        id bigint PRIMARY KEY,
        meta text NOT NULL,                 -- tables.TableMeta as JSON
        mrev bigint NOT NULL DEFAULT 1,     -- bumped by each change of meta
        touched double precision NOT NULL   -- when anything last happened there
    );
    CREATE TABLE games (
        table_id bigint PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
        head text NOT NULL,                 -- engine.core.record.Header as JSON
        steps integer NOT NULL,             -- how many steps the game has
        revision bigint NOT NULL,           -- bumped by each change of the game
        undo bytea                          -- an undo waiting for agreement (msgpack)
    );
    CREATE TABLE steps (
        table_id bigint NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
        step integer NOT NULL,
        rev bigint NOT NULL,                -- the game's revision that wrote it
        seat integer NOT NULL,
        intent text,                        -- the ruleset's intent as JSON (none: setup)
        events text NOT NULL,               -- its events as JSON
        PRIMARY KEY (table_id, step)
    );
    CREATE TABLE leases (
        table_id bigint PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
        node text NOT NULL,                 -- the process that owns the table
        epoch bigint NOT NULL,              -- bumped by each change of owner
        expires timestamptz NOT NULL
    );
    CREATE TABLE nodes (node text PRIMARY KEY, seen timestamptz NOT NULL,
                        about text NOT NULL DEFAULT '');
    CREATE TABLE presence (
        node text NOT NULL, table_id bigint NOT NULL,
        seat integer NOT NULL,              -- -1: the spectators
        count integer NOT NULL,
        PRIMARY KEY (node, table_id, seat)
    );
    CREATE TABLE decisions (
        id bigserial PRIMARY KEY,
        table_id bigint NOT NULL,
        node text NOT NULL,                 -- the process whose session asks
        name text NOT NULL, key text NOT NULL, address text NOT NULL,
        seat integer,
        kind text NOT NULL,                 -- play, undo, answer-undo, redo, join, close
        body bytea NOT NULL,
        answered boolean NOT NULL DEFAULT false,
        result bytea, rule text, reason text,
        revision bigint,                    -- the table's game revision once answered
        made timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX decisions_waiting ON decisions (table_id) WHERE NOT answered;
    CREATE TABLE links (
        digest text PRIMARY KEY, table_id bigint NOT NULL, seat integer NOT NULL,
        name text NOT NULL, browser text, made double precision NOT NULL
    );
    CREATE TABLE host_keys (name text PRIMARY KEY, key text NOT NULL);
    """,
]
VERSION = len(MIGRATIONS)


class SchemaTooNew(RuntimeError):
    """The database was migrated by a newer server than this one."""


def safe_url(url: str) -> str:
    """The URL without its password (messages, logs)."""
    return re.sub(r"(://[^:/@]*):[^@/]*@", r"\1:***@", url)


def migrate(conn: psycopg.Connection[TupleRow]) -> tuple[int, int]:
    """Bring the schema to ``VERSION`` (one process at a time, in one transaction).
    Returns (the version found, the version now); SchemaTooNew if the database's is
    newer than this code's."""
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (LOCK,))
        conn.execute("CREATE TABLE IF NOT EXISTS maharaja_schema (version integer NOT NULL)")
        row = conn.execute("SELECT version FROM maharaja_schema").fetchone()
        found = int(row[0]) if row else 0
        if found > VERSION:
            raise SchemaTooNew(
                f"the database's schema is version {found}, newer than this server's "
                f"({VERSION}): a newer maharaja migrated it; upgrade maharaja here too")
        for version in range(found, VERSION):
            conn.execute(MIGRATIONS[version].encode())
        if row is None:
            conn.execute("INSERT INTO maharaja_schema VALUES (%s)", (VERSION,))
        else:
            conn.execute("UPDATE maharaja_schema SET version = %s", (VERSION,))
    return found, VERSION


def connect(url: str) -> psycopg.Connection[TupleRow]:
    """A plain connection (start-up reads, the migrate command), autocommit."""
    return psycopg.connect(url, autocommit=True, connect_timeout=10)
