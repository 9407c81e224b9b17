"""The maintainability review's counts for a source tree, read from its code alone.

    python3 scripts/review_counts.py [TREE] [--list] [--json]

TREE is a checkout (default: this one); nothing of it is imported. For each area
(``engine/core``, the rest of ``engine``, ``maharaja_tui``, ``maharaja_server``,
``scripts``, ``tests``) it counts:

private touches
    uses of a library's private names (``_name``, one leading underscore, not a
    documented one such as ``os._exit`` or a namedtuple's ``_replace``): importing a
    private module or name (``from textual._compositor import Compositor``,
    ``from _blake2 import blake2b``: one per name imported), reading or writing
    ``X._name`` where X is an imported library module or class, ``self._name`` in a
    class with a library base where none of our classes defines ``_name``,
    ``obj._name`` where nothing in the tree defines ``_name``, the same spelled as a
    string (``getattr(app, "_thread_id")``, ``monkeypatch.setattr("textual._wait.x")``),
    and a method of ours that overrides a library class's private method.
method replacements
    assignments to an attribute of an imported library module or class
    (``Strip.divide = ...``, ``setattr(Stylesheet, ...)``: replaced process-wide), and a
    function assigned over a library object's method (``conn.send_packet = f``: an
    attribute nothing in the tree defines, given a function).
Any at seams
    ``Any`` written in the signatures of public functions and methods (of public
    classes) and in the annotations of public class and instance attributes, counted in
    ``engine/core``, ``maharaja_tui`` and ``maharaja_server`` only (each ``Any`` once).
type: ignore
    ``# type: ignore`` comments.
function-local imports
    ``import`` statements inside a function's body.
import cycles
    strongly connected components of more than one module in the graph of what the
    modules of ``engine``, ``maharaja_tui`` and ``maharaja_server`` import of each other,
    anywhere (a cycle is not gone for being hidden in a function or behind
    ``if TYPE_CHECKING:``); the report says which of them run at import time.

The counts are read from the syntax, so they are close, not exact: a private name that
some class of ours defines is taken as ours wherever it is read. ``--list`` prints
every finding with its file and line, to check them.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import inspect
import io
import json
import sys
import tokenize
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

AREAS = ("engine/core", "engine", "maharaja_tui", "maharaja_server", "scripts", "tests")
SEAM_AREAS = ("engine/core", "maharaja_tui", "maharaja_server")
METRICS = ("private touches", "method replacements", "Any at seams", "type: ignore",
           "function-local imports")
# Underscored names a library documents as public.
DOCUMENTED = {"_exit", "_replace", "_asdict", "_fields", "_make", "_field_defaults"}
SKIPPED_DIRS = {".git", "__pycache__", ".venv", "venv", "build", "dist", ".mypy_cache",
                ".ruff_cache", ".pytest_cache", "node_modules"}


def private(name: str) -> bool:
    """``_name`` or ``__name``, but no dunder (``__init__``), no enum sunder
    (``_missing_``) and no documented name (``os._exit``)."""
    if not name.startswith("_") or name.endswith("_"):
        return False
    return name.lstrip("_") != "" and name not in DOCUMENTED


def private_path(dotted: str) -> bool:
    return any(private(part) for part in dotted.split("."))


@dataclass(frozen=True)
class Finding:
    metric: str
    path: str  # relative to the tree, with forward slashes
    line: int
    what: str


@dataclass
class Module:
    name: str  # dotted, from the tree's root
    path: Path
    rel: str
    tree: ast.Module
    source: str
    imports: dict[str, str] = field(default_factory=dict)  # local name -> dotted target
    classes: dict[str, ast.ClassDef] = field(default_factory=dict)


def area_of(rel: str) -> str:
    for area in AREAS:
        if rel == area or rel.startswith(area + "/"):
            return area
    return "other"


def python_files(root: Path) -> Iterator[Path]:
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root).parts
        if not any(part in SKIPPED_DIRS or part.startswith(".") for part in parts[:-1]):
            yield path


def module_name(rel: Path) -> str:
    parts = list(rel.with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


class Tree:
    """The tree's modules, parsed, with what each name they import refers to."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.modules: dict[str, Module] = {}
        for path in python_files(root):
            rel = path.relative_to(root)
            source = path.read_text(encoding="utf-8")
            try:
                tree = ast.parse(source, filename=str(path))
            except SyntaxError:
                continue
            name = module_name(rel)
            self.modules[name] = Module(name, path, rel.as_posix(), tree, source)
        # Our top-level names: the tree's packages and every file's own name (scripts and
        # test helpers put their folders on sys.path and import each other by it).
        self.ours = {name.split(".")[0] for name in self.modules}
        self.ours |= {m.path.stem for m in self.modules.values()} - set(sys.stdlib_module_names)
        self.ours.discard("__init__")
        for module in self.modules.values():
            self._read_imports(module)
        self.defined = self._names_we_define()
        self._lineages: dict[int, tuple[list[ast.ClassDef], list[str]]] = {}
        self._class_module: dict[int, Module] = {}
        # class index: (module, class name) -> node
        for module in self.modules.values():
            for node in module.tree.body:
                if isinstance(node, ast.ClassDef):
                    module.classes[node.name] = node

    def is_ours(self, dotted: str) -> bool:
        return dotted.split(".")[0] in self.ours

    def resolve(self, module: Module, level: int, target: str | None) -> str:
        """An import's dotted module, relative ones against ``module``'s package."""
        if not level:
            return target or ""
        package = module.name.split(".")
        if not module.path.name == "__init__.py":
            package = package[:-1]
        base = package[:len(package) - level + 1] if level > 1 else package
        return ".".join([*base, target] if target else base)

    def _read_imports(self, module: Module) -> None:
        for node in ast.walk(module.tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    local = alias.asname or alias.name.split(".")[0]
                    module.imports[local] = alias.name if alias.asname else local
            elif isinstance(node, ast.ImportFrom):
                base = self.resolve(module, node.level, node.module)
                for alias in node.names:
                    module.imports[alias.asname or alias.name] = f"{base}.{alias.name}"

    def _names_we_define(self) -> set[str]:
        """Every attribute name the tree defines: its classes' (``class_names``) and its
        modules' top-level names (a module is an object too)."""
        names: set[str] = set()
        for module in self.modules.values():
            for node in ast.walk(module.tree):
                if isinstance(node, ast.ClassDef):
                    names |= names_of(node)
        self.class_defined = set(names)
        for module in self.modules.values():
            for node in module.tree.body:
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    names.add(node.name)
                elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                    names |= {leaf.id for t in targets for leaf in ast.walk(t)
                              if isinstance(leaf, ast.Name)}
        return names

    # ---------------------------------------------------------------- classes
    def dotted(self, module: Module, node: ast.expr) -> str | None:
        """What a name or dotted name refers to through ``module``'s imports."""
        parts: list[str] = []
        while isinstance(node, ast.Attribute):
            parts.append(node.attr)
            node = node.value
        if not isinstance(node, ast.Name):
            return None
        root = module.imports.get(node.id)
        if root is None:
            if node.id not in module.classes:
                return None  # a local name, a parameter, a builtin
            root = f"{module.name}.{node.id}"
        return ".".join([root, *reversed(parts)])

    def class_node(self, dotted: str) -> tuple[Module, ast.ClassDef] | None:
        module_name, _, name = dotted.rpartition(".")
        module = self.modules.get(module_name)
        if module is not None and name in module.classes:
            return module, module.classes[name]
        # ``from package import Class`` where the package's __init__ re-exports it
        if module is not None and name in module.imports:
            target = module.imports[name]
            if target != dotted:
                return self.class_node(target)
        return None

    def lineage(self, module: Module, cls: ast.ClassDef) -> tuple[list[ast.ClassDef], list[str]]:
        """Our classes in ``cls``'s ancestry (itself first) and its library bases."""
        key = id(cls)
        if key not in self._lineages:
            self._lineages[key] = self._lineage(module, cls)
        return self._lineages[key]

    def _lineage(self, module: Module, cls: ast.ClassDef) -> tuple[list[ast.ClassDef], list[str]]:
        ours: list[ast.ClassDef] = []
        library: list[str] = []
        todo = [(module, cls)]
        seen: set[int] = set()
        while todo:
            where, node = todo.pop(0)
            if id(node) in seen:
                continue
            seen.add(id(node))
            ours.append(node)
            for base in node.bases:
                if isinstance(base, ast.Subscript):
                    base = base.value
                dotted = self.dotted(where, base)
                if dotted is None:
                    continue
                found = self.class_node(dotted) if self.is_ours(dotted) else None
                if found is not None:
                    todo.append(found)
                elif not self.is_ours(dotted) and dotted.split(".")[0] not in ("typing", "abc",
                                                                               "builtins"):
                    library.append(dotted)
        return ours, library

    def our_class(self, module: Module, node: ast.expr) -> ast.ClassDef | None:
        """The class of ours ``node`` names, if it names one."""
        dotted = self.dotted(module, node)
        found = self.class_node(dotted) if dotted and self.is_ours(dotted) else None
        if found is None:
            return None
        self._class_module[id(found[1])] = found[0]
        return found[1]

    def class_module(self, cls: ast.ClassDef, default: Module) -> Module:
        return self._class_module.get(id(cls), default)


def class_names(cls: ast.ClassDef) -> set[str]:
    """The names a class of ours defines: methods, class-body names, ``self.x = ...``
    and ``__slots__``."""
    names: set[str] = set()
    for node in ast.walk(cls):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Name):
                    names.add(target.id)
                    if target.id == "__slots__" and node.value is not None:
                        names |= {c.value for c in ast.walk(node.value)
                                  if isinstance(c, ast.Constant) and isinstance(c.value, str)}
                elif (isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name)
                      and target.value.id in ("self", "cls")):
                    names.add(target.attr)
    return names


_CLASS_NAMES: dict[int, set[str]] = {}


def names_of(cls: ast.ClassDef) -> set[str]:
    if id(cls) not in _CLASS_NAMES:
        _CLASS_NAMES[id(cls)] = class_names(cls)
    return _CLASS_NAMES[id(cls)]


def defined_in(classes: Iterable[ast.ClassDef], name: str) -> bool:
    return any(name in names_of(cls) for cls in classes)


_LIBRARY_NAMES: dict[str, set[str]] = {}


def library_names(dotted_class: str) -> set[str]:
    """The names a library class and its ancestors define: their attributes and what
    their methods read or set on ``self`` (instance attributes). Empty when the library
    cannot be imported here."""
    if dotted_class in _LIBRARY_NAMES:
        return _LIBRARY_NAMES[dotted_class]
    names: set[str] = set()
    module_name, _, attr = dotted_class.rpartition(".")
    try:
        obj = getattr(importlib.import_module(module_name), attr)
    except Exception:  # noqa: BLE001 - not importable here: nothing known of it
        obj = None
    for cls in getattr(obj, "__mro__", ()):
        if cls is object:
            continue
        names |= set(vars(cls))
        try:
            path = inspect.getsourcefile(cls)
        except TypeError:  # a builtin
            continue
        names |= source_classes(path).get(cls.__qualname__, set())
    _LIBRARY_NAMES[dotted_class] = names
    return names


_SOURCE_CLASSES: dict[str | None, dict[str, set[str]]] = {}


def source_classes(path: str | None) -> dict[str, set[str]]:
    """A library file's classes (by qualified name) and the attribute names each reads
    or sets on ``self``."""
    if path not in _SOURCE_CLASSES:
        found: dict[str, set[str]] = {}
        try:
            tree = ast.parse(Path(path or "").read_text("utf-8"))
        except (OSError, UnicodeDecodeError, SyntaxError, ValueError):
            tree = ast.Module(body=[], type_ignores=[])

        def visit(body: list[ast.stmt], prefix: str) -> None:
            for node in body:
                if isinstance(node, ast.ClassDef):
                    found[prefix + node.name] = {
                        leaf.attr for leaf in ast.walk(node)
                        if isinstance(leaf, ast.Attribute) and isinstance(leaf.value, ast.Name)
                        and leaf.value.id == "self"}
                    visit(node.body, f"{prefix}{node.name}.")

        visit(tree.body, "")
        _SOURCE_CLASSES[path] = found
    return _SOURCE_CLASSES[path]


def library_defines(bases: Iterable[str], name: str) -> bool:
    return any(name in library_names(base) for base in bases)


# -------------------------------------------------------------------- the walk
class Reader(ast.NodeVisitor):
    """One module's findings."""

    def __init__(self, tree: Tree, module: Module) -> None:
        self.tree = tree
        self.module = module
        self.found: list[Finding] = []
        self.classes: list[ast.ClassDef] = []
        self.functions = 0
        self.seams = area_of(module.rel) in SEAM_AREAS
        self.function_names: set[str] | None = None

    def add(self, metric: str, node: ast.AST, what: str) -> None:
        self.found.append(Finding(metric, self.module.rel, getattr(node, "lineno", 0), what))

    def library(self, node: ast.expr) -> str | None:
        dotted = self.tree.dotted(self.module, node)
        if dotted is None or self.tree.is_ours(dotted):
            return None
        return dotted

    # ---------------------------------------------------------------- imports
    def visit_Import(self, node: ast.Import) -> None:
        if self.functions:
            self.add("function-local imports", node, ", ".join(a.name for a in node.names))
        for alias in node.names:
            if not self.tree.is_ours(alias.name) and private_path(alias.name):
                self.add("private touches", node, f"import {alias.name}")

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        base = self.tree.resolve(self.module, node.level, node.module)
        if self.functions:
            self.add("function-local imports", node, f"from {base} import "
                     + ", ".join(a.name for a in node.names))
        if node.level or self.tree.is_ours(base):
            return
        for alias in node.names:
            if private_path(base) or private(alias.name):
                self.add("private touches", node, f"from {base} import {alias.name}")

    # ---------------------------------------------------------------- scopes
    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self.classes.append(node)
        ours, library = self.tree.lineage(self.module, node)
        if library:
            for item in node.body:
                names: list[tuple[str, ast.AST]] = []
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    names.append((item.name, item))
                elif isinstance(item, (ast.Assign, ast.AnnAssign)):
                    targets = item.targets if isinstance(item, ast.Assign) else [item.target]
                    names += [(t.id, item) for t in targets if isinstance(t, ast.Name)]
                for name, where in names:
                    if private(name) and library_defines(library, name):
                        self.add("private touches", where,
                                 f"{node.name}.{name} overrides {library[0]}.{name}")
        if self.seams and not private(node.name):
            for item in node.body:
                if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name) \
                        and not private(item.target.id):
                    self.count_any(item.annotation, f"{node.name}.{item.target.id}")
        self.generic_visit(node)
        self.classes.pop()

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        if self.seams and self.public_scope(node):
            args = node.args
            for arg in [*args.posonlyargs, *args.args, *args.kwonlyargs,
                        *([args.vararg] if args.vararg else []),
                        *([args.kwarg] if args.kwarg else [])]:
                if arg.annotation is not None:
                    self.count_any(arg.annotation, f"{node.name}({arg.arg})")
            if node.returns is not None:
                self.count_any(node.returns, f"{node.name} -> ")
        self.functions += 1
        self.generic_visit(node)
        self.functions -= 1

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> None:
        self.visit_FunctionDef(node)

    def public_scope(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
        if self.functions:
            return False  # a nested function is no seam
        if private(node.name) and not node.name.startswith("__"):
            return False
        return not (self.classes and private(self.classes[-1].name))

    def count_any(self, annotation: ast.expr, where: str) -> None:
        if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
            try:
                annotation = ast.parse(annotation.value, mode="eval").body
            except SyntaxError:
                return
        for leaf in ast.walk(annotation):
            name = leaf.id if isinstance(leaf, ast.Name) else (
                leaf.attr if isinstance(leaf, ast.Attribute) else None)
            if name == "Any":
                self.add("Any at seams", annotation, where)
            elif isinstance(leaf, ast.Constant) and isinstance(leaf.value, str):
                self.count_any(leaf, where)

    # ---------------------------------------------------------------- attributes
    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        target = node.target
        if (self.seams and self.classes and self.functions == 1
                and not private(self.classes[-1].name)
                and isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name)
                and target.value.id == "self" and not private(target.attr)):
            self.count_any(node.annotation, f"{self.classes[-1].name}.{target.attr}")
        self.generic_visit(node)

    def visit_Assign(self, node: ast.Assign) -> None:
        for target in node.targets:
            if not isinstance(target, ast.Attribute):
                continue
            lib = self.library(target.value)
            if lib is not None:
                self.add("method replacements", node, f"{lib}.{target.attr} = ...")
            elif (self.function_value(node.value)
                  and not (isinstance(target.value, ast.Name)
                           and target.value.id in ("self", "cls"))
                  and target.attr not in self.tree.defined):
                self.add("method replacements", node,
                         f"{ast.unparse(target)} = {ast.unparse(node.value)} (a library "
                         "object's method)")
        self.generic_visit(node)

    def function_value(self, value: ast.expr) -> bool:
        if isinstance(value, ast.Lambda):
            return True
        if self.function_names is None:
            self.function_names = {n.name for n in ast.walk(self.module.tree)
                                   if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
        return isinstance(value, ast.Name) and value.id in self.function_names

    def visit_Attribute(self, node: ast.Attribute) -> None:
        if private(node.attr):
            self.private_attribute(node, node.value, node.attr)
        self.generic_visit(node)

    def private_attribute(self, node: ast.AST, owner: ast.expr, name: str) -> None:
        lib = self.library(owner)
        if lib is not None:
            self.add("private touches", node, f"{lib}.{name}")
            return
        cls, module = None, self.module
        if isinstance(owner, ast.Name) and owner.id in ("self", "cls") and self.classes:
            cls = self.classes[-1]
        elif isinstance(owner, ast.Call) and isinstance(owner.func, ast.Name) \
                and owner.func.id == "super" and self.classes:
            cls = self.classes[-1]
        elif (found := self.tree.our_class(self.module, owner)) is not None:
            cls, module = found, self.tree.class_module(found, self.module)
        if cls is not None:
            # A library's name, whether or not we also set it; else ours, unless none of
            # our classes in the lineage defines it either.
            ours, library = self.tree.lineage(module, cls)
            if library and (library_defines(library, name) or not defined_in(ours, name)):
                self.add("private touches", node,
                         f"{ast.unparse(owner)}.{name} ({library[0]})")
            return
        if isinstance(owner, ast.Name) and owner.id in self.module.imports \
                and self.tree.is_ours(self.module.imports[owner.id]):
            return  # a module of ours
        if isinstance(owner, ast.Name) and owner.id == "self":  # a function set on a class
            if name not in self.tree.class_defined:
                self.add("private touches", node, f"self.{name}")
        elif name not in self.tree.defined:
            self.add("private touches", node, f"{ast.unparse(owner)}.{name}")

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        called = func.attr if isinstance(func, ast.Attribute) else (
            func.id if isinstance(func, ast.Name) else "")
        args = node.args
        if called in ("getattr", "setattr", "hasattr", "delattr") and len(args) >= 2 \
                and isinstance(args[1], ast.Constant) and isinstance(args[1].value, str):
            name = args[1].value
            lib = self.library(args[0])
            if called == "setattr" and lib is not None:
                self.add("method replacements", node, f"setattr({lib}, {name!r})")
            elif private(name):
                self.private_attribute(node, args[0], name)
        if called in ("setattr", "patch", "setitem", "delattr") and args \
                and isinstance(args[0], ast.Constant) and isinstance(args[0].value, str):
            target = args[0].value
            if "." in target and not self.tree.is_ours(target) and private_path(target):
                self.add("private touches", node, f"patches {target}")
        self.generic_visit(node)


# -------------------------------------------------------------------- counts
def type_ignores(module: Module) -> Iterator[Finding]:
    if "type:" not in module.source:
        return
    try:
        for token in tokenize.generate_tokens(io.StringIO(module.source).readline):
            if token.type == tokenize.COMMENT and "type: ignore" in token.string.replace(
                    "type:ignore", "type: ignore"):
                yield Finding("type: ignore", module.rel, token.start[0], token.string)
    except (tokenize.TokenError, SyntaxError):
        return


def type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imported(tree: Tree, module: Module, *, everywhere: bool) -> set[str]:
    """The tree's modules ``module`` imports when it is imported (at module level and in
    class bodies), and with ``everywhere`` also in its functions and for type checking
    (``if TYPE_CHECKING:``)."""
    found: set[str] = set()

    def walk(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and not everywhere:
                continue
            if isinstance(node, ast.If) and type_checking(node) and not everywhere:
                walk(node.orelse)
                continue
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = tree.resolve(module, node.level, node.module)
                for alias in node.names:
                    name = f"{base}.{alias.name}"
                    found.add(name if name in tree.modules else base)
            for child in ast.iter_child_nodes(node):
                if isinstance(child, (ast.ExceptHandler, ast.match_case)):
                    walk(child.body)
            for attribute in ("body", "orelse", "finalbody"):
                inner = getattr(node, attribute, None)
                if isinstance(inner, list):
                    walk([n for n in inner if isinstance(n, ast.stmt)])

    walk(module.tree.body)
    edges = set()
    for name in found:
        while name and name not in tree.modules:
            name = name.rpartition(".")[0]
        if name and name != module.name:
            edges.add(name)
    return edges


def cycles(tree: Tree, modules: Iterable[str], *, everywhere: bool) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan's) in the graph of
    what ``modules`` import (``everywhere``: in functions and for type checking too)."""
    graph = {name: sorted(imported(tree, tree.modules[name], everywhere=everywhere))
             for name in modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def connect(root: str) -> None:
        # Tarjan's walk with a stack of its own (a deep import chain needs no recursion,
        # and the process's recursion limit is left as it was).
        nonlocal counter
        walk: list[tuple[str, Iterator[str]]] = []

        def enter(node: str) -> None:
            nonlocal counter
            index[node] = low[node] = counter
            counter += 1
            stack.append(node)
            on_stack.add(node)
            walk.append((node, iter(graph.get(node, ()))))

        enter(root)
        while walk:
            node, others = walk[-1]
            for other in others:
                if other not in graph:
                    continue
                if other not in index:
                    enter(other)
                    break
                if other in on_stack:
                    low[node] = min(low[node], index[other])
            else:
                walk.pop()
                if walk:
                    parent = walk[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        other = stack.pop()
                        on_stack.discard(other)
                        component.append(other)
                        if other == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return sorted(found)


@dataclass
class Counts:
    findings: list[Finding]
    cycles: list[list[str]]  # every import counted: the review's cycles
    load_cycles: list[list[str]]  # those that run when a module is imported

    def table(self) -> dict[str, Counter[str]]:
        table: dict[str, Counter[str]] = defaultdict(Counter)
        for finding in self.findings:
            table[finding.metric][area_of(finding.path)] += 1
        return table

    def total(self, metric: str) -> int:
        return sum(1 for f in self.findings if f.metric == metric)


def count(root: Path) -> Counts:
    tree = Tree(root)
    findings: list[Finding] = []
    for module in tree.modules.values():
        reader = Reader(tree, module)
        reader.visit(module.tree)
        findings += reader.found
        findings += type_ignores(module)
    packages = [n for n, m in tree.modules.items()
                if area_of(m.rel) not in ("scripts", "tests", "other")]
    return Counts(sorted(set(findings), key=lambda f: (f.metric, f.path, f.line, f.what)),
                  cycles(tree, packages, everywhere=True),
                  cycles(tree, packages, everywhere=False))


def report(counts: Counts, root: Path) -> str:
    table = counts.table()
    columns = [*AREAS, "other"]
    used = [c for c in columns if any(table[m][c] for m in METRICS)]
    width = max(len(m) for m in METRICS)
    lines = [f"review counts for {root}",
             f"{'':{width}}  " + "  ".join(f"{c:>15}" for c in [*used, "total"])]
    for metric in METRICS:
        cells = [table[metric][c] for c in used]
        lines.append(f"{metric:{width}}  "
                     + "  ".join(f"{n:>15}" for n in [*cells, sum(cells)]))
    lines.append(f"import cycles (engine, maharaja_tui, maharaja_server): {len(counts.cycles)}"
                 f", of which {len(counts.load_cycles)} at import time")
    for component in counts.cycles:
        lines.append(("  " if component in counts.load_cycles
                      else "  (through imports in functions or for type checking) ")
                     + " <-> ".join(component))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("tree", nargs="?", default=str(Path(__file__).resolve().parents[1]))
    parser.add_argument("--list", action="store_true", help="every finding, file and line")
    parser.add_argument("--json", action="store_true", help="the counts as JSON")
    args = parser.parse_args(argv)
    root = Path(args.tree).resolve()
    counts = count(root)
    if args.json:
        print(json.dumps({"counts": {m: dict(c) for m, c in counts.table().items()},
                          "totals": {m: counts.total(m) for m in METRICS},
                          "cycles": counts.cycles, "load_cycles": counts.load_cycles},
                         indent=2))
        return 0
    print(report(counts, root))
    if args.list:
        for finding in counts.findings:
            print(f"{finding.metric}: {finding.path}:{finding.line}: {finding.what}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
