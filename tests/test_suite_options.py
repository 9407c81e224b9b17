"""The suite's own options: how many workers ``-n auto`` starts, and where the
workers keep compiled bytecode when the environment asks for none in the source tree."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from tests import conftest


def workers(monkeypatch: pytest.MonkeyPatch, cores: int, free_mb: int = 64_000) -> int:
    monkeypatch.delenv("PYTEST_XDIST_AUTO_NUM_WORKERS", raising=False)
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: set(range(cores)))
    pages = {"SC_AVPHYS_PAGES": free_mb * 256, "SC_PAGE_SIZE": 4096}
    monkeypatch.setattr(os, "sysconf", lambda name: pages[name])
    return conftest.pytest_xdist_auto_num_workers(None)  # type: ignore[arg-type]


def test_auto_starts_one_and_a_half_workers_a_core_and_one_more_than_the_cores(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert [workers(monkeypatch, cores) for cores in (1, 2, 4, 8)] == [2, 3, 6, 12]


def test_auto_leaves_each_worker_400_mb_of_the_free_memory(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert workers(monkeypatch, 8, free_mb=1300) == 3
    assert workers(monkeypatch, 8, free_mb=100) == 1


def test_pytest_xdists_own_variable_still_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    workers(monkeypatch, 2)
    monkeypatch.setenv("PYTEST_XDIST_AUTO_NUM_WORKERS", "5")
    assert conftest.pytest_xdist_auto_num_workers(None) == 5  # type: ignore[arg-type]


def test_workers_keep_bytecode_in_pytests_cache_when_the_tree_may_have_none(
        request: pytest.FixtureRequest) -> None:
    if not os.environ.get("PYTHONDONTWRITEBYTECODE"):
        pytest.skip("bytecode goes to __pycache__ as usual here")
    cache = getattr(request.config, "cache", None)
    if cache is None:
        pytest.skip("run without pytest's cache (-p no:cacheprovider)")
    assert not sys.dont_write_bytecode
    assert sys.pycache_prefix is not None
    assert Path(sys.pycache_prefix) == cache.mkdir("pycache")
    # this very module was compiled there (pytest's assert rewriting included)
    here = Path(__file__).resolve()
    cached = Path(sys.pycache_prefix, *here.parent.parts[1:])
    assert any(p.name.startswith(here.stem + ".") for p in cached.glob("*.pyc"))


def test_the_suite_loads_no_benchmark_plugin(request: pytest.FixtureRequest) -> None:
    """pytest-benchmark, where installed, is not ours (benchmarks are scripts/bench):
    pyproject's addopts block it, so no process loads it."""
    assert request.config.pluginmanager.is_blocked("benchmark")
    assert "pytest_benchmark.plugin" not in sys.modules


def test_installed_packages_read_their_own_bytecode_not_the_prefixs(
        request: pytest.FixtureRequest) -> None:
    """The prefix holds our modules' bytecode only: an installed package's module whose own
    __pycache__ copy is current is read from there, so a clean checkout does not compile
    Textual, asyncssh ... again in every worker. asyncssh: no pytest plugin
    imports it, so the prefix was set before it was imported."""
    import importlib.util

    import asyncssh.connection

    prefix = sys.pycache_prefix
    if prefix is None or getattr(request.config, "cache", None) is None:
        pytest.skip("no pycache prefix in this run")
    source = Path(asyncssh.connection.__file__)
    own = source.parent / "__pycache__" / f"{source.stem}.{sys.implementation.cache_tag}.pyc"
    if not own.exists():
        pytest.skip("asyncssh was installed without compiled bytecode")
    in_prefix = Path(importlib.util.cache_from_source(str(source)))
    assert in_prefix.is_relative_to(prefix) and not in_prefix.exists()
    # and our own modules are compiled into the prefix, never beside their source
    import engine

    ours = Path(importlib.util.cache_from_source(engine.__file__))
    assert ours.exists() and ours.is_relative_to(prefix)
