"""The layers of ARCHITECTURE.md, enforced: who may import whom.

Imports are read from the source (every ``import`` and ``from … import``, at any depth,
including those inside functions), so a lazy import breaks a rule as much as a top one.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("engine.maharaja", "engine.raja", "engine.maharani", "engine.maharadjah")
UI = ("textual", "rich", "maharaja_tui", "maharaja_server")


def imports(path: Path) -> set[str]:
    """The modules a file imports (relative imports resolved against its package)."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            found.add(base)
            found |= {f"{base}.{alias.name}" for alias in node.names}
    return found


def files(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


def breaking(folder: str, forbidden: tuple[str, ...]) -> list[str]:
    return [f"{path.relative_to(ROOT)} imports {name}" for path in files(folder)
            for name in sorted(imports(path))
            if any(name == f or name.startswith(f + ".") for f in forbidden)]


def test_the_core_imports_no_game_no_registry_and_no_ui() -> None:
    assert not breaking("engine/core", (*GAMES, "engine.family", "engine.registry",
                                        "engine.bots", *UI))


def test_the_engine_imports_no_ui() -> None:
    assert not breaking("engine", UI)


def test_the_family_imports_no_particular_game() -> None:
    assert not breaking("engine/family", GAMES)


@pytest.mark.parametrize("game", [g.replace(".", "/") for g in GAMES])
def test_a_game_imports_no_other_game(game: str) -> None:
    others = tuple(g for g in GAMES if g != game.replace("/", "."))
    assert not breaking(game, others)


def test_widgets_import_no_ruleset_and_no_screen() -> None:
    assert not breaking("maharaja_tui/widgets", ("engine", "maharaja_tui.games",
                                                 "maharaja_tui.screens"))


def test_screens_and_the_server_know_no_particular_game() -> None:
    particular = (*GAMES, "maharaja_tui.games.maharaja", "maharaja_tui.games.raja",
                  "maharaja_tui.games.route")
    assert not breaking("maharaja_tui/screens", particular)
    assert not breaking("maharaja_server", particular)
    app = [ROOT / "maharaja_tui" / n for n in ("app.py", "cli.py", "autosaves.py")]
    assert not [p.name for p in app if any(i.startswith(particular) for i in imports(p))]


def test_the_rule_checker_itself_sees_imports() -> None:
    """A test that cannot fail is a defect: the checker finds a known import."""
    assert "engine.family.network" in imports(ROOT / "engine" / "maharaja" / "board.py")
    assert breaking("maharaja_tui/games", ("engine.maharaja",))


def game_names(path: Path) -> set[str]:
    """The registered game ids a file spells out as string constants."""
    ids = {"maharaja-2020", "raja-2004", "maharani", "maharadjah"}
    return {node.value for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Constant) and node.value in ids}


def test_no_generic_code_names_a_game() -> None:
    """Issue 10 item 3: the screens, widgets, server, core, bots' driver and the tournament
    take games from the registry; a default is the registry's first game, not a literal."""
    generic = [*files("maharaja_tui/screens"), *files("maharaja_tui/widgets"),
               *files("maharaja_server"), *files("engine/core"),
               ROOT / "scripts" / "tournament.py", ROOT / "engine" / "bots" / "match.py",
               *(ROOT / "maharaja_tui" / n for n in ("app.py", "cli.py", "autosaves.py"))]
    assert not {str(p.relative_to(ROOT)): game_names(p) for p in generic if game_names(p)}
    assert game_names(ROOT / "engine" / "maharaja" / "spec.py") == {"maharaja-2020"}
