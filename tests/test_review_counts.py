"""scripts/review_counts.py counts what the maintainability review counts, on a tiny tree
written here: each kind of finding once or twice, beside look-alikes it must not count."""

from __future__ import annotations

import textwrap
from pathlib import Path

from scripts import review_counts

FILES = {
    "engine/__init__.py": "",
    "engine/core/__init__.py": "",
    # A public seam with Any twice, a private helper's Any (no seam), a type: ignore, and
    # "type: ignore" in a string (no comment).
    "engine/core/seam.py": '''
        from typing import Any

        TEXT = "# type: ignore is no comment here"


        class Table:
            owner: Any
            _cache: Any

            def __init__(self) -> None:
                self.view: Any = None
                self._mine = 1

            def play(self, intent: Any) -> Any:
                return intent

            def _helper(self, x: Any) -> Any:
                return x


        def helper(x: int) -> int:
            return x + "1"  # type: ignore[operator]
    ''',
    "maharaja_server/__init__.py": "",
    # Library privates: a private module, a library class's private attribute, one
    # instance attribute of a library base and an override of its private method, a
    # string that names a private, an object nobody here defines; ours are not counted.
    "maharaja_server/touch.py": '''
        import random
        import threading
        from _collections_abc import dict_keys

        from maharaja_server.ours import Mine


        class Worker(threading.Thread):
            def run(self) -> None:
                self._target()
                self._mine = 1
                self._mine += 1

            def _bootstrap(self) -> None:
                pass


        def draw(rng: random.Random, thing: object) -> int:
            mine = Mine()
            mine._secret = 2
            getattr(thing, "_hidden", None)
            thing._unknown
            return random.Random._randbelow(rng, 6) + mine._secret
    ''',
    "maharaja_server/ours.py": '''
        class Mine:
            def __init__(self) -> None:
                self._secret = 1
    ''',
    # Replacements: a library class's method, process-wide; a library object's method
    # given a function; a setting of our own object is none.
    "maharaja_server/replace.py": '''
        import random


        def patch(conn: object, mine: object) -> None:
            def send(*args: object) -> None:
                pass

            random.Random.random = lambda self: 0.5
            setattr(random.Random, "seed", send)
            conn.send_packet = send
            mine.colour = "red"
    ''',
    # An import cycle: a imports b when imported, b imports a in a function (counted, not
    # at import time); c and d import each other when imported.
    "maharaja_server/a.py": "from maharaja_server import b\n",
    "maharaja_server/b.py": '''
        def late() -> None:
            from maharaja_server import a  # a function-local import
    ''',
    "maharaja_server/c.py": "import maharaja_server.d\n",
    "maharaja_server/d.py": "from maharaja_server.c import *  # noqa: F403\n",
    # Tests import freely: counted in their own column, never as cycles.
    "tests/test_x.py": '''
        def test_x() -> None:
            from maharaja_server import a
            from maharaja_server import b
    ''',
}


def tree(root: Path) -> Path:
    for name, text in FILES.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return root


def whats(counts: review_counts.Counts, metric: str) -> list[str]:
    return [f"{f.path}: {f.what}" for f in counts.findings if f.metric == metric]


def test_private_touches_of_libraries_only(tmp_path: Path) -> None:
    counts = review_counts.count(tree(tmp_path))
    assert sorted(whats(counts, "private touches")) == sorted([
        "maharaja_server/touch.py: from _collections_abc import dict_keys",
        "maharaja_server/touch.py: self._target (threading.Thread)",
        "maharaja_server/touch.py: Worker._bootstrap overrides threading.Thread._bootstrap",
        "maharaja_server/touch.py: thing._hidden",
        "maharaja_server/touch.py: thing._unknown",
        "maharaja_server/touch.py: random.Random._randbelow",
    ])


def test_method_replacements(tmp_path: Path) -> None:
    counts = review_counts.count(tree(tmp_path))
    assert sorted(whats(counts, "method replacements")) == sorted([
        "maharaja_server/replace.py: random.Random.random = ...",
        "maharaja_server/replace.py: setattr(random.Random, 'seed')",
        "maharaja_server/replace.py: conn.send_packet = send (a library object's method)",
    ])


def test_any_at_public_seams_type_ignores_and_local_imports(tmp_path: Path) -> None:
    counts = review_counts.count(tree(tmp_path))
    assert sorted(whats(counts, "Any at seams")) == sorted([
        "engine/core/seam.py: Table.owner", "engine/core/seam.py: Table.view",
        "engine/core/seam.py: play(intent)", "engine/core/seam.py: play -> "])
    assert whats(counts, "type: ignore") == ["engine/core/seam.py: # type: ignore[operator]"]
    assert counts.table()["function-local imports"] == {"maharaja_server": 1, "tests": 2}


def test_import_cycles_hidden_or_not(tmp_path: Path) -> None:
    counts = review_counts.count(tree(tmp_path))
    assert counts.cycles == [["maharaja_server.a", "maharaja_server.b"],
                             ["maharaja_server.c", "maharaja_server.d"]]
    assert counts.load_cycles == [["maharaja_server.c", "maharaja_server.d"]]
    report = review_counts.report(counts, tmp_path)
    assert "import cycles (engine, maharaja_tui, maharaja_server): 2, of which 1" in report


def test_counting_leaves_the_process_s_recursion_limit_as_it_was(tmp_path: Path) -> None:
    """The cycle search raised it for the whole process: a later test of the same worker
    decoded a save nested 3,000 levels deep that the loader refuses under the usual limit."""
    import sys

    limit = sys.getrecursionlimit()
    review_counts.count(tree(tmp_path))
    assert sys.getrecursionlimit() == limit
