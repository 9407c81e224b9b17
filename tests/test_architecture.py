"""The layers of ARCHITECTURE.md, enforced: who may import whom.

Imports are read from the source (every ``import`` and ``from … import``, at any depth,
including those inside functions and for type checking), so a lazy import breaks a rule
as much as a top one. The games, their adapters and the packages are found, not listed:
the games from the registry's entry points, their adapters from their specs, the UI's
modules of particular games and the packages from the tree.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

from engine import registry

ROOT = Path(__file__).resolve().parent.parent
UI = ("textual", "rich", "maharaja_tui", "maharaja_server")
# What the table of ARCHITECTURE.md covers: every package of the tree is in it.
PACKAGES = ("engine", "maharaja_tui", "maharaja_server")
SERVER_LAYERS = ("transport", "session_ui")
CONTRACT = ("maharaja_tui.games", "maharaja_tui.games.base")  # the adapters' contract
# What a session's UI may take from the transport: the hub's wire format, where its
# socket is, the rulesets a server hosts.
WIRE = ("maharaja_server.transport.protocol", "maharaja_server.transport.sockpath",
        "maharaja_server.transport.config")


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


def module_of(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def files(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


def within(name: str, prefixes: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def breaking(paths: list[Path] | str, forbidden: tuple[str, ...],
             allowed: tuple[str, ...] = ()) -> list[str]:
    paths = files(paths) if isinstance(paths, str) else paths
    return [f"{path.relative_to(ROOT)} imports {name}" for path in paths
            for name in sorted(imports(path))
            if within(name, forbidden) and not within(name, allowed)
            and not any(a.startswith(name + ".") for a in allowed)]  # the package on the way


@cache
def games() -> tuple[str, ...]:
    """Each registered game's package (its spec's): ``engine.maharaja``, ..."""
    return tuple(sorted({path.partition(":")[0].rpartition(".")[0]
                         for path in registry.entry_points().values()}))


@cache
def adapters() -> dict[str, str]:
    """Each registered game's package -> its adapter's module (from its spec)."""
    found = {}
    for path in registry.entry_points().values():
        spec = registry.load(path)
        if spec.adapter:
            found[path.partition(":")[0].rpartition(".")[0]] = spec.adapter.partition(":")[0]
    return found


@cache
def particular_ui() -> tuple[str, ...]:
    """The UI's modules of particular games: every module of ``maharaja_tui/games`` but
    the adapters' contract."""
    return tuple(sorted(m for m in map(module_of, files("maharaja_tui/games"))
                        if m not in CONTRACT))


def test_the_registry_and_the_tree_agree_on_the_games_and_adapters() -> None:
    """Every engine package with a spec is a registered game (Maharani and Maharadjah
    too), every registered adapter lies among the UI's modules of particular games."""
    in_tree = {module_of(p.parent / "__init__.py") for p in (ROOT / "engine").glob("*/spec.py")}
    assert set(games()) == in_tree
    assert {"engine.maharani", "engine.maharadjah"} <= set(games())
    assert set(adapters().values()) <= set(particular_ui())
    assert len(adapters()) >= 4


def test_every_package_has_its_row_in_the_layer_table() -> None:
    found = {p.parent.name for p in ROOT.glob("*/__init__.py")} - {"tests", "scripts"}
    assert found == set(PACKAGES)
    server = {p.parent.name for p in (ROOT / "maharaja_server").glob("*/__init__.py")}
    assert server == set(SERVER_LAYERS)
    loose = {p.name for p in (ROOT / "maharaja_server").glob("*.py")}
    assert loose == {"__init__.py", "__main__.py"}, "each server module is in a layer"


def test_the_core_imports_no_game_no_registry_and_no_ui() -> None:
    assert not breaking("engine/core", (*games(), "engine.family", "engine.registry",
                                        "engine.bots", *UI))


def test_the_engine_imports_no_ui() -> None:
    assert not breaking("engine", UI)


def test_the_family_imports_no_particular_game() -> None:
    assert not breaking("engine/family", games())


@pytest.mark.parametrize("game", games())
def test_a_game_imports_no_other_game(game: str) -> None:
    others = tuple(g for g in games() if g != game)
    assert not breaking(game.replace(".", "/"), others)


def test_the_registry_imports_no_game() -> None:
    """Specs name their parts by ``module:attr``, imported on first use."""
    assert not breaking([ROOT / "engine" / "registry.py"], (*games(), "engine.bots", *UI))


def test_widgets_import_no_ruleset_no_screen_and_no_adapter() -> None:
    assert not breaking("maharaja_tui/widgets", ("engine", "maharaja_tui.games",
                                                 "maharaja_tui.screens", "maharaja_server"))


def test_an_adapter_imports_no_game_but_its_own() -> None:
    for game, adapter in adapters().items():
        path = ROOT / (adapter.replace(".", "/") + ".py")
        assert not breaking([path], tuple(g for g in games() if g != game))
    for module in particular_ui():  # the family's base, a game's helpers: one game at most
        used = {g for g in games() for name in imports(ROOT / (module.replace(".", "/") + ".py"))
                if within(name, (g,))}
        assert len(used) <= 1, (module, used)


def test_screens_app_cli_and_the_adapters_contract_know_no_particular_game() -> None:
    contract = [ROOT / (module.replace(".", "/") + ".py") for module in CONTRACT[1:]]
    generic = [*files("maharaja_tui/screens"), *(ROOT / "maharaja_tui").glob("*.py"),
               ROOT / "maharaja_tui" / "games" / "__init__.py", *contract]
    assert not breaking(generic, (*games(), *particular_ui()))


def test_the_app_imports_no_server() -> None:
    """``maharaja serve`` is the server's command, run through the registry of commands."""
    assert not breaking("maharaja_tui", ("maharaja_server",))


def test_the_server_knows_no_particular_game() -> None:
    assert not breaking("maharaja_server", (*games(), *particular_ui()))


def test_the_servers_transport_imports_no_textual_and_no_session_ui() -> None:
    """SSH, the web page, the hub, the records, logins and limits run without Textual
    (the config file, maharaja_tui.settings, is plain data)."""
    assert not breaking("maharaja_server/transport",
                        ("textual", "rich", "maharaja_tui", "maharaja_server.session_ui"),
                        allowed=("maharaja_tui.settings",))


def test_a_sessions_ui_takes_only_the_wire_from_the_transport() -> None:
    assert not breaking("maharaja_server/session_ui", ("maharaja_server.transport",),
                        allowed=WIRE)


def test_the_server_imports_no_librarys_private_module() -> None:
    """What the server needs beyond a library's public API is named in its compat
    modules (maharaja_tui.compat for Textual, asyncssh_compat): only Textual's compat
    module imports a library's private module."""
    private = {str(path.relative_to(ROOT))
               for path in [*files("maharaja_server"), ROOT / "maharaja_tui" / "compat.py"]
               for name in imports(path)
               if not within(name, PACKAGES) and any(part.startswith("_") and
                                                     not part.startswith("__")
                                                     for part in name.split("."))}
    assert private == {"maharaja_tui/compat.py"}


def test_the_rule_checker_itself_sees_imports() -> None:
    """A test that cannot fail is a defect: the checker finds known imports."""
    assert "engine.family.network" in imports(ROOT / "engine" / "maharaja" / "board.py")
    assert breaking("maharaja_tui/games", ("engine.maharaja",))
    assert breaking("maharaja_server/session_ui", ("textual",))


def game_names(path: Path) -> set[str]:
    """The registered game ids a file spells out as string constants."""
    ids = set(registry.entry_points())
    return {node.value for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Constant) and node.value in ids}


def test_no_generic_code_names_a_game() -> None:
    """The screens, widgets, server, core, bots' driver and the tournament take games
    from the registry; a default is the registry's first game, not a literal."""
    generic = [*files("maharaja_tui/screens"), *files("maharaja_tui/widgets"),
               *files("maharaja_server"), *files("engine/core"),
               ROOT / "scripts" / "tournament.py", ROOT / "engine" / "bots" / "match.py",
               *(ROOT / "maharaja_tui" / n for n in ("app.py", "cli.py", "autosaves.py"))]
    assert not {str(p.relative_to(ROOT)): game_names(p) for p in generic if game_names(p)}
    assert game_names(ROOT / "engine" / "maharaja" / "spec.py") == {"maharaja-2020"}
