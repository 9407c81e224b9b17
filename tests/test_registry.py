"""One registration per game: a GameSpec named by an entry point, read from the installed
metadata and from the checkout's pyproject.toml (so no reinstall is needed)."""

from __future__ import annotations

import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

from engine import registry
from engine.bots.evaluator import evaluator_for
from engine.core.errors import RecordError

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201
    registry._found.cache_clear()
    registry.rulesets.cache_clear()
    yield monkeypatch
    monkeypatch.undo()
    registry._found.cache_clear()
    registry.rulesets.cache_clear()


def built_in_games() -> dict[str, str]:
    """The games of the tree: each ``engine/<game>/spec.py``'s id -> its entry point."""
    out = {}
    for spec_file in sorted((ROOT / "engine").glob("*/spec.py")):
        point = f"engine.{spec_file.parent.name}.spec:SPEC"
        out[registry.load(point).id] = point
    return out


def test_the_built_in_games_register_without_installed_metadata(fresh) -> None:  # noqa: ANN001
    fresh.setattr(metadata, "entry_points", lambda **kw: [])  # a stale editable install
    first = next(iter(registry._source_entry_points()))  # the checkout's first line
    assert list(registry.specs())[0] == registry.default_game() == first
    assert set(registry.rulesets()) == set(built_in_games())


def test_an_installed_game_joins_the_checkout_s(fresh) -> None:  # noqa: ANN001
    first = next(iter(registry._source_entry_points()))
    point = metadata.EntryPoint("grid-test", "tests.core.grid.spec:SPEC", registry.GROUP)
    fresh.setattr(metadata, "entry_points", lambda **kw: [point])
    assert list(registry.specs())[0] == first
    assert list(registry.specs())[-1] == "grid-test"
    assert registry.get_ruleset("grid-test").name.startswith("Three in a Row")
    assert evaluator_for("grid-test") is None  # no evaluator: bots play the easy way


def test_an_entry_point_that_is_no_spec_is_refused(fresh) -> None:  # noqa: ANN001
    point = metadata.EntryPoint("bad", "engine.raja:RULESET", registry.GROUP)
    fresh.setattr(metadata, "entry_points", lambda **kw: [point])
    with pytest.raises(RecordError, match="not a GameSpec"):
        registry.specs()


def test_pyproject_registers_every_built_in_game_once() -> None:
    """Each game of the tree (``engine/<game>/spec.py``) has its line, under its id;
    a game added to the tree without one fails here."""
    points = registry._source_entry_points()
    assert points == built_in_games()
    assert len(points) >= 4  # the tree's games were found at all
    for game_id, spec in registry.specs().items():
        assert spec.id == game_id and spec.load_ruleset().id == game_id


def test_the_checkout_s_games_are_read_as_tomllib_reads_them() -> None:
    """A launch from a checkout reads the entry points' table without tomllib (issue
    15); a table written otherwise than pyproject.toml does is left to tomllib."""
    text = registry.SOURCE_PROJECT.read_text(encoding="utf-8")
    assert registry._plain_table(text) == registry._toml_entry_points(text)
    header = '[project]\nname = "x"\n[project.entry-points."maharaja.games"]\n'
    plain = header + '# the default first\nmaharaja-2020 = "engine.maharaja.spec:SPEC"\n\n' \
        'raja_2004 = "engine.raja.spec:SPEC"\n[tool.x]\ny = "z"\n'
    assert registry._plain_table(plain) == registry._toml_entry_points(plain) == {
        "maharaja-2020": "engine.maharaja.spec:SPEC", "raja_2004": "engine.raja.spec:SPEC"}
    for odd in ('a = "m:S" # a comment', "a = 'm:S'", '"a" = "m:S"', 'a.b = "m:S"',
                'a = "m\\u0041:S"', 'a = """m:S"""', 'a = "m:S"\na = "n:T"'):
        assert registry._plain_table(header + odd + "\n") is None, odd
    inline = '[project.entry-points]\n"maharaja.games" = { a = "m:S" }\n'
    assert registry._plain_table(inline) is None
    assert registry._toml_entry_points(inline) == {"a": "m:S"}


def test_the_engine_registry_imports_no_user_interface() -> None:
    code = ("import sys; from engine.registry import specs, rulesets; rulesets(); "
            "from engine.bots.evaluator import evaluator_for; evaluator_for('raja-2004'); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('textual', 'maharaja_tui')))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True)
    assert out.stdout.strip() == "[]"
