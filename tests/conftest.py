"""Every test keeps its saves in its own temporary data directory, so tests stay
independent when pytest-xdist runs them side by side."""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """What ``-n auto`` means: one and a half workers a core (3 on 2 cores), at least one
    more than the cores. A fair part of the suite waits (SSH sessions and their
    processes starting, subprocesses, idle checks): with a worker a core, a core idled
    meanwhile (~60 s of a 187 s run on 2 cores). Measured side by side on 2 cores, the
    server, bots and subprocess tests (266; a loaded machine, load 14-35, so ratios
    only): 2 workers 639 s wall and 149 CPU s, 3 workers 456 s and 139, 4 workers
    500 s and 166 (each worker collects the suite and imports the app again). A worker
    peaks at ~160 MB; the count also leaves 400 MB of free memory a worker.
    PYTEST_XDIST_AUTO_NUM_WORKERS still decides when set (pytest-xdist's own variable)."""
    del config
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS", "").isdigit():
        return int(os.environ["PYTEST_XDIST_AUTO_NUM_WORKERS"])
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    workers = max(cores + 1, cores * 3 // 2)
    try:
        free = os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):  # not known here: trust the cores
        return workers
    return max(1, min(workers, free // (400 * 2**20)))


def pytest_configure(config: pytest.Config) -> None:
    """Compiled bytecode for the workers in pytest's cache dir, when the environment says
    to write none (PYTHONDONTWRITEBYTECODE; set where this suite is developed). Each worker
    would otherwise compile our modules and rewrite every test module's asserts again at
    every run: ~4.5 CPU s a worker of the ~7 its collection takes. The source tree stays
    free of __pycache__ as asked; Python (and pytest's assert rewriting) check each file's
    mtime and size against its cached copy, as they do in __pycache__, and replace cached
    files atomically, so workers may share the cache. Modules imported before this hook
    (pytest and its plugins) keep their own __pycache__.

    The prefix is for our own sources: installed packages (Textual, Rich, asyncssh ...)
    still read the bytecode their install compiled into their own __pycache__, which
    the prefix alone would hide (``_installed_bytecode_first``). Without that, a clean
    checkout (CI) compiled ~650 installed modules again in each worker, at once: a cold
    collection 7.9 -> 6.6 CPU s a process. (SSH sessions the server tests start get the
    prefix by PYTHONPYCACHEPREFIX, without this: the first of them compile what they import.)"""
    cache = getattr(config, "cache", None)  # None under -p no:cacheprovider
    if sys.dont_write_bytecode and cache is not None and sys.pycache_prefix is None:
        try:
            sys.pycache_prefix = str(cache.mkdir("pycache"))
        except OSError:  # a read-only checkout: compile as before
            return
        sys.dont_write_bytecode = False
        _installed_bytecode_first(sys.pycache_prefix, str(config.rootpath))


def _installed_bytecode_first(prefix: str, root: str) -> None:
    """Where the import system would ask the prefix for a module's bytecode and the prefix
    has none, read the module's own ``__pycache__`` copy instead, for modules outside the
    checkout (``root``). The import system checks that copy against the source's mtime
    and size as it checks any; a stale one is recompiled and written to the prefix,
    which is then read first. Only the reading of bytecode changes, by a finder of our
    own ahead of the standard ones (the import system's public extension point: no
    method of the standard library is replaced); our own modules keep theirs in the
    prefix alone."""
    import importlib.abc
    from importlib.machinery import ModuleSpec, PathFinder, SourceFileLoader

    prefix = os.path.join(prefix, "")
    ours = os.path.join(root, "")

    class InstalledBytecodeLoader(SourceFileLoader):
        def get_data(self, path: str) -> bytes:
            try:
                return super().get_data(path)
            except OSError:
                if not (path.startswith(prefix) and path.endswith(".pyc")):
                    raise
                mirrored = os.sep + path[len(prefix):]  # the source's path, from the prefix's
                head, name = os.path.split(mirrored)
                return super().get_data(os.path.join(head, "__pycache__", name))

    class InstalledBytecodeFinder(importlib.abc.MetaPathFinder):
        def find_spec(self, fullname: str, path: Any = None,
                      target: Any = None) -> ModuleSpec | None:
            spec = PathFinder.find_spec(fullname, path, target)
            if spec is None or type(spec.loader) is not SourceFileLoader \
                    or spec.origin is None or spec.origin.startswith(ours):
                return spec  # ours, or not a plain source module: as found
            spec.loader = InstalledBytecodeLoader(fullname, spec.origin)
            return spec

    # Just ahead of the path finder: built-in and frozen modules are found as before.
    at = next((n for n, finder in enumerate(sys.meta_path) if finder is PathFinder),
              len(sys.meta_path))
    sys.meta_path.insert(at, InstalledBytecodeFinder())


@pytest.fixture(autouse=True)
def data_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    # The parsed-CSS cache (maharaja_tui.css_cache) stays out of the user's own cache dir.
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "data"


@pytest.fixture(autouse=True)
def true_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    """Apps draw for a true-colour terminal unless a test says otherwise: the contrast
    floor picks colours that meet it as the terminal's colour system shows them, and
    the one Textual finds out from the environment (TERM=xterm: 16 colours) must not
    decide what a test sees or a snapshot holds."""
    import textual.constants

    monkeypatch.setattr(textual.constants, "COLOR_SYSTEM", "truecolor")


@pytest.fixture(autouse=True)
def release_apps() -> Iterator[None]:
    """Let a finished test's Textual app be freed. Textual's StylesCache.get_inner_outer
    is an lru_cache (1024) on a method, so it keeps the last 1024 widgets' style caches
    and, through their strips' filters, their apps: a worker's heap grew by ~15,000
    objects an app test (373k after test_maharani.py) and every full collection walked
    them. Emptying it after each test keeps the heap at ~100k. Upstream: Textualize/textual
    issue 6665 (open); the SSH server's long-lived processes have the same leak."""
    yield
    styles_cache = sys.modules.get("textual._styles_cache")
    if styles_cache is not None:
        styles_cache.StylesCache.get_inner_outer.cache_clear()


def pytest_collection_finish(session: pytest.Session) -> None:
    """Fewer and cheaper garbage collections in the test processes. What is imported and
    collected lives to the end, so it is frozen out of every later collection; and the
    full collection runs after 20 middle ones instead of 10, each middle one after 50
    young ones instead of 10, and a young one after 10,000 allocations instead of 700:
    with a Textual app and a game's history in the heap, full collections took ~140 ms
    each and 17% of a TUI file's CPU (test_maharani.py + test_solo.py in one process:
    ~25 -> ~22 CPU s, peak memory 90 -> 140 MB)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 50, 20)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """A worker's garbage collected, and what is left frozen, before it reports that it
    finished. After that report pytest collects five times over (its check for exceptions
    raised in finalizers) while the main process waits on the worker's end, and execnet
    interrupts a worker still busy 5 s after it asked it to end (SIGINT): on a loaded
    machine the five walks of a worker's whole heap took longer, and the interrupt came out
    as a KeyboardInterrupt traceback (PytestUnraisableExceptionWarning) under a clean
    summary. Collected here, those later walks find nothing new to go through; a finalizer
    that raises here is still reported, by the same check."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        gc.collect()
        gc.freeze()
