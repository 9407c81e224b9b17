import os
import shutil
import sys
import tempfile
import time
import uuid
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

# The helpers and the fake ruleset are imported by bare name here and in the server's
# session processes (which get this sys.path), whatever the test-suite layout.
HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """A real PostgreSQL server for the test run (pgserver, installed with the test
    extra, brings its binaries), started once and shared by the workers: the first to
    ask starts it, the last to finish stops it and removes its files. Never skipped: a
    machine without it fails these tests, as CI would.

    Its files are not under pytest's temporary folder: as root, pgserver runs the server
    as a user of its own, who must reach them, and every pytest run makes that folder
    private to root again."""
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID") or uuid.uuid4().hex
    root = Path(tempfile.gettempdir()) / f"maharaja-pg-{run[:16]}"
    for old in root.parent.glob("maharaja-pg-*"):
        # An earlier run's that its last worker could not remove whole (a server
        # process still writing as it went): gone once nobody can be using it.
        if old != root and time.time() - old.stat().st_mtime > 3600 and \
                not (old / "postmaster.pid").exists():
            shutil.rmtree(old, ignore_errors=True)
    with warnings.catch_warnings():  # its lock file's folder: no XDG_RUNTIME_DIR here
        warnings.simplefilter("ignore")
        import pgserver

        server = pgserver.get_server(root, cleanup_mode="delete")
    yield server.get_uri()


@pytest.fixture
def postgres(postgres_server: str) -> Iterator[str]:
    """A database of its own for one test: its URL (dropped after the test)."""
    import psycopg

    name = "test_" + uuid.uuid4().hex[:12]
    with psycopg.connect(postgres_server, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    yield postgres_server.replace("/postgres?", f"/{name}?", 1)
    with psycopg.connect(postgres_server, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE {name} WITH (FORCE)")
