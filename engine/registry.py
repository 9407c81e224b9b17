"""The games this engine knows: one ``GameSpec`` per game, found through entry points.

A game registers once, as an entry point of the group ``maharaja.games`` naming its
spec (``maharaja-2020 = "engine.maharaja.spec:SPEC"`` in pyproject.toml). The
entry points are read from the installed metadata and, when the code runs from a
source checkout, from the pyproject.toml beside it: an editable install keeps the
metadata of the day it was installed, and a game added since must not need a
reinstall to appear. The checkout's entry points come first (its first game is the
default game) and win over installed ones of the same name.

A spec holds import paths, not objects, for its ruleset, its bots' evaluator and
its terminal UI's adapter: reading the registry imports no ruleset and never
Textual; each part is imported on first use.

Other groups of entry points are read the same way (``entry_points(group)``): the
``maharaja`` command's commands that other packages add (``maharaja.commands``: the
SSH server's ``serve``), so that the app imports no server.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from importlib import import_module
from pathlib import Path
from typing import Any, NamedTuple

import msgspec

from engine.core.errors import RecordError
from engine.core.ruleset import AnyRuleset

GROUP = "maharaja.games"
COMMANDS = "maharaja.commands"  # commands of the ``maharaja`` command other packages add
SOURCE_PROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


class SeatColour(NamedTuple):
    """How a seat (or a side under a seat) looks: a colour's name, the letter or glyph
    that stands for it without colour (NO_COLOR) and a colour the terminal can draw."""

    name: str  # "red"
    letter: str  # "R"
    colour: str  # "#ff5f5f"


PLAYERS = "players"  # a preset's key for its number of players, beside its options


class GameSpec(msgspec.Struct, frozen=True):
    """Everything the engine, the bots and the screens need to know a game by."""

    id: str  # the ruleset's id, as saved games name it
    title: str  # "Maharaja (2020)"
    ruleset: str  # "module:attr" of its Ruleset
    seats: tuple[int, int, int]  # fewest, most and default players at a new table
    palette: tuple[SeatColour, ...]  # the colours players may take, in seat order
    evaluator: str = ""  # "module:attr" of its bots' Evaluator; "" plays the easy level
    adapter: str = ""  # "module:attr" of its terminal UI adapter class; "" shows nothing
    rules: str = ""  # "package:file" of its rules reference, with rule ids
    guide: str = ""  # "package:file" of its player's guide (F1), markdown in ## sections
    rule_example: str = ""  # a rule id to show as an example ("MJ-SHR-3")
    # name -> options; a preset's PLAYERS sets the number of players too (the form's
    # first preset is the one it opens on)
    presets: Mapping[str, Mapping[str, Any]] = msgspec.field(default_factory=dict)
    sides: tuple[SeatColour, ...] = ()  # pieces grouped under players (nations), if any
    # "module:attr" of state -> the final figures (recordings check them), "winners" among
    # them: the seats that won (scripts/tournament.py counts them).
    outcome: str = ""
    # The roles its descriptions use, in the game's words, mapped onto the UI's generic
    # ones ("city" -> "place"; maharaja_tui/widgets/segments.py ROLES); others draw plainly.
    roles: Mapping[str, str] = msgspec.field(default_factory=dict)
    story: str = ""  # "module:attr" of its end-of-game story Teller (engine.core.story)
    # "module:attr" of its move notation (engine.core.notation), for the records people
    # read and write; "" is the NOTATION of the module "notation" beside its ruleset
    # (engine/<game>/notation.py), when there is one
    notation: str = ""

    def load_ruleset(self) -> AnyRuleset:
        ruleset: AnyRuleset = load(self.ruleset)  # what the spec names is a Ruleset
        return ruleset

    def load_evaluator(self) -> Any:
        return load(self.evaluator) if self.evaluator else None

    def load_outcome(self) -> Any:
        return load(self.outcome) if self.outcome else None

    def load_story(self) -> Any:
        return load(self.story) if self.story else None

    def load_notation(self) -> Any:
        if self.notation:
            return load(self.notation)
        module = self.ruleset.partition(":")[0]
        package = module if hasattr(import_module(module), "__path__") else \
            module.rpartition(".")[0]
        try:
            return load(f"{package}.notation:NOTATION")
        except ModuleNotFoundError as exc:
            if exc.name != f"{package}.notation":
                raise
            return None

    def load_adapter(self) -> Any:
        return load(self.adapter) if self.adapter else None

    def rules_file(self) -> Path | None:
        return package_file(self.rules)

    def guide_file(self) -> Path | None:
        return package_file(self.guide)


def package_file(path: str) -> Path | None:
    """The file a ``package:file`` path names (None for "")."""
    if not path:
        return None
    package, _, name = path.partition(":")
    return Path(import_module(package).__file__ or "").parent / name


def load(path: str) -> Any:
    """The object a ``module:attr`` path names."""
    module, _, attr = path.partition(":")
    target: Any = import_module(module)
    for part in attr.split(".") if attr else ():
        target = getattr(target, part)
    return target


def _source_entry_points(group: str = GROUP) -> dict[str, str]:
    """The entry points of ``group`` in the checkout this code runs from, if it is one."""
    try:
        text = SOURCE_PROJECT.read_text(encoding="utf-8")
    except OSError:
        return {}
    plain = _plain_table(text, group)
    return _toml_entry_points(text, group) if plain is None else plain


def _plain_table(text: str, group: str = GROUP) -> dict[str, str] | None:
    """The entry points' table as pyproject.toml writes it: its header, then only
    ``name = "module:attr"`` lines, comments and blank lines up to the next table.
    None when written any other way (tomllib reads those). A launch from a checkout
    reads its games here: importing tomllib compiles its regexes, and with parsing the
    whole file it was ~13M instructions of the launch."""
    lines = iter(text.splitlines())
    table = f'[project.entry-points."{group}"]'
    if not any(line.strip() == table for line in lines):
        return None
    found: dict[str, str] = {}
    for line in lines:
        line = line.strip()
        if line.startswith("["):
            break
        if not line or line.startswith("#"):
            continue
        name, equals, value = (part.strip() for part in line.partition("="))
        plain_name = name.replace("-", "").replace("_", "").isalnum() and name.isascii()
        plain_value = (len(value) >= 2 and value[0] == value[-1] == '"'
                       and '"' not in value[1:-1] and "\\" not in value)
        if not (equals and plain_name and plain_value) or name in found:
            return None
        found[name] = value[1:-1]
    return found


def _toml_entry_points(text: str, group: str = GROUP) -> dict[str, str]:
    import tomllib  # here, not at the top: importing the registry stays cheap (the launch)

    try:
        project = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return {}
    found = project.get("project", {}).get("entry-points", {}).get(group, {})
    return {str(k): str(v) for k, v in found.items()}


def entry_points(group: str = GROUP) -> dict[str, str]:
    """name -> ``module:attr`` of every entry point of ``group`` (every registered spec),
    the checkout's first."""
    from importlib import metadata  # (with email, csv...) only when the games are listed

    found = _source_entry_points(group)
    for point in metadata.entry_points(group=group):
        found.setdefault(point.name, point.value)
    return found


_extra: dict[str, GameSpec] = {}


class _Found:
    """The entry points' specs, each imported when first asked for: starting a game
    imports its own package, not every game's (the launch figure).

    ``first`` holds the checkout's entry points, which win over installed ones of the
    same name: a game found there (the default game among them) is started without
    reading the installed metadata (importlib.metadata, with email, csv, zipfile...),
    which is read only to list every game or to find one the checkout lacks."""

    def __init__(self, first: dict[str, str]) -> None:
        self.first = first
        self._points: dict[str, str] | None = None
        self.loaded: dict[str, GameSpec] = {}  # by entry point name

    @property
    def points(self) -> dict[str, str]:
        """Every entry point: the checkout's first, then the installed ones."""
        if self._points is None:
            self._points = entry_points()
        return self._points

    def one(self, name: str) -> GameSpec:
        if name not in self.loaded:
            path = self.first.get(name) or self.points[name]
            spec = load(path)
            if not isinstance(spec, GameSpec):
                raise RecordError(f"entry point {name} ({path}) is not a GameSpec")
            self.loaded[name] = spec
        return self.loaded[name]

    def all(self) -> dict[str, GameSpec]:
        return {spec.id: spec for spec in map(self.one, self.points)}

    def by_id(self, game_id: str) -> GameSpec | None:
        """The spec of ``game_id``: its entry point names it as a rule, so only that one
        is imported; otherwise (a spec registered under another name) all of them."""
        if (game_id in self.first or game_id in self.points) and self.one(game_id).id == game_id:
            return self.one(game_id)
        return self.all().get(game_id)


@cache
def _found() -> _Found:
    return _Found(_source_entry_points())


def specs() -> dict[str, GameSpec]:
    """Every known game by id, the default game first."""
    return {**_found().all(), **_extra}


def register(spec: GameSpec) -> None:
    """Add a game in this process only (tests, plugins loaded by hand)."""
    _extra[spec.id] = spec
    rulesets.cache_clear()


def unregister(game_id: str) -> None:
    _extra.pop(game_id, None)
    rulesets.cache_clear()


def spec_of(game_id: str) -> GameSpec:
    spec = _extra.get(game_id) or _found().by_id(game_id)
    if spec is None:
        known = ", ".join(sorted(specs()))
        raise RecordError(f"unknown game {game_id!r}; known games: {known}")
    return spec


def default_game() -> str:
    found = _found()
    points = found.first or found.points  # the checkout's first game, if run from one
    if points:
        return found.one(next(iter(points))).id
    return next(iter(specs()))


@cache
def rulesets() -> dict[str, AnyRuleset]:
    return {game_id: spec.load_ruleset() for game_id, spec in specs().items()}


def get_ruleset(ruleset_id: str) -> AnyRuleset:
    """One game's ruleset, importing no other game."""
    return spec_of(ruleset_id).load_ruleset()
