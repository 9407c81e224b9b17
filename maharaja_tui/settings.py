"""The config file: ``config.toml`` in the user config directory (platformdirs), or the
file ``--config`` or ``MAHARAJA_CONFIG`` names. Parsed by tomllib, checked by msgspec:
a bad value or an unknown key is one line naming the key and the file.

    name = "Anand"              # your seat's name (default "You")
    theme = "ansi-dark"         # any Textual theme: textual-dark, nord, ansi-light, ...
    autosave_keep = 20          # autosaves kept (the oldest finished ones go first)
    confirm_end_turn = true     # ending a turn with something unused asks first

    [opponents]                 # the bare command's game and `play`'s defaults
    count = 2                   # computer opponents
    level = "medium"            # easy, medium or hard

    [keys]                      # key bindings by binding id, as in Posting
    "game.undo" = "ctrl+u"
    "app.help" = "f1,question_mark"

    [server]                    # `maharaja serve`'s options, by their long names
    port = 2222
    web = 8080
    password_file = "~/maharaja-passwords"
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Annotated, Any, Literal

import msgspec

ENV = "MAHARAJA_CONFIG"
Count = Annotated[int, msgspec.Meta(ge=0, le=15)]
Port = Annotated[int, msgspec.Meta(ge=0, le=65535)]
Positive = Annotated[float, msgspec.Meta(gt=0)]


class ConfigError(ValueError):
    """One line naming the file and the key."""


class Opponents(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    count: Count | None = None  # None: the command's and the form's own defaults
    level: Literal["easy", "medium", "hard"] | None = None


class Server(msgspec.Struct, forbid_unknown_fields=True, frozen=True, omit_defaults=True):
    """`maharaja serve`'s options; None: the command's own default."""

    data_dir: str | None = None
    host: str | None = None
    public: bool | None = None
    port: Port | None = None
    authorized_keys: str | None = None
    password_file: str | None = None
    max_sessions: Annotated[int, msgspec.Meta(ge=1, le=10_000)] | None = None
    session_memory: Annotated[int, msgspec.Meta(ge=0)] | None = None
    idle_timeout: Positive | None = None
    handover_after: Positive | None = None
    default_game: str | None = None
    bot_delay: Annotated[float, msgspec.Meta(ge=0)] | None = None
    web: Port | None = None
    web_host: str | None = None
    web_url: str | None = None
    store: str | None = None  # postgresql://...: several servers share their tables


class Settings(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    name: Annotated[str, msgspec.Meta(min_length=1, max_length=24)] = "You"
    theme: str | None = None
    autosave_keep: Annotated[int, msgspec.Meta(ge=1, le=10_000)] = 20
    confirm_end_turn: bool = True  # ending a turn (or phase) with something unused asks
    opponents: Opponents = Opponents()
    keys: dict[str, Annotated[str, msgspec.Meta(min_length=1)]] = {}
    server: Server = Server()
    path: Path | None = None  # the file read (None: none); not a key of the file

    def server_defaults(self) -> dict[str, Any]:
        """The [server] table as argparse defaults (paths with ~ expanded)."""
        values = msgspec.structs.asdict(self.server)
        out: dict[str, Any] = {}
        for key, value in values.items():
            if value is None:
                continue
            if key in ("data_dir", "authorized_keys", "password_file"):
                value = _path(str(value), f"config file {self.path}: key 'server.{key}'")
            out[key] = value
        return out


def default_path() -> Path:
    from platformdirs import user_config_dir

    return Path(user_config_dir("maharaja")) / "config.toml"


def config_path(given: str | Path | None = None) -> tuple[Path, bool]:
    """The file to read and whether it was named (a named file must exist)."""
    if given:
        return _path(str(given), "config file"), True
    if os.environ.get(ENV):
        return _path(os.environ[ENV], f"config file (${ENV})"), True
    return default_path(), False


def _path(text: str, what: str) -> Path:
    """A path written by a person (~ and ~user expanded); ConfigError when refused."""
    from maharaja_tui.fields import FieldError, path_field

    try:
        return path_field(text)
    except FieldError as problem:
        raise ConfigError(f"{what}: {problem}") from None


def load(given: str | Path | None = None) -> Settings:
    """The settings of the config file; the defaults when there is none."""
    path, named = config_path(given)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        if named:
            raise ConfigError(f"config file {path}: no such file") from None
        return Settings()
    except OSError as exc:
        raise ConfigError(f"config file {path}: {exc.strerror or exc}") from None
    import tomllib  # only for a file to read (its regexes: ~8M instructions of the launch)

    try:
        raw = tomllib.loads(data.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError(f"config file {path}: not TOML ({exc})") from None
    if "path" in raw:
        raise ConfigError(f"config file {path}: unknown key 'path'")
    bindings = raw.get("keys")
    for binding, keys in bindings.items() if isinstance(bindings, dict) else ():
        if not isinstance(keys, str) or not keys.strip():  # msgspec would not name it
            raise ConfigError(f"config file {path}: key 'keys.{binding}': expected keys "
                              "such as \"ctrl+u\" or \"f1,question_mark\"")
    try:
        settings = msgspec.convert(raw, Settings)
    except msgspec.ValidationError as exc:
        raise ConfigError(f"config file {path}: {explain(str(exc))}") from None
    if settings.theme is not None:
        from textual.theme import BUILTIN_THEMES

        if settings.theme not in BUILTIN_THEMES:
            raise ConfigError(f"config file {path}: key 'theme': unknown theme "
                              f"{settings.theme!r} (one of {', '.join(sorted(BUILTIN_THEMES))})")
    return msgspec.structs.replace(settings, path=path)


UNKNOWN = re.compile(r"Object contains unknown field `([^`]*)`(?: - at `\$\.?(.*)`)?")
AT = re.compile(r"^(.*) - at `\$\.?(.*)`$")


def explain(message: str) -> str:
    """msgspec's message in the file's words: ``key 'server.port': expected ...``."""
    if found := UNKNOWN.match(message):
        where = ".".join(p for p in (found[2], found[1]) if p)
        return f"unknown key {where!r}"
    if found := AT.match(message):
        key = re.sub(r"\[(['\"]?)(.*?)\1\]", r".\2", found[2])
        return f"key {key!r}: {found[1][0].lower()}{found[1][1:]}"
    return message


def check_keys(settings: Settings, known: set[str]) -> None:
    """Every [keys] entry names a binding id the app has."""
    unknown = sorted(set(settings.keys) - known)
    if unknown:
        raise ConfigError(f"config file {settings.path}: unknown binding id "
                          f"{'keys.' + unknown[0]!r} (the ids: {', '.join(sorted(known))})")


def binding_ids() -> set[str]:
    """The ids of the app's bindings that may be rebound (Binding(id=...))."""
    import importlib
    import pkgutil

    from textual.binding import Binding
    from textual.dom import DOMNode

    import maharaja_tui

    # Screens and dialogs are imported lazily (launch time): load every class that can bind.
    for module in pkgutil.walk_packages(maharaja_tui.__path__, "maharaja_tui."):
        if module.name.split(".")[1] in ("app", "screens", "widgets", "games"):
            importlib.import_module(module.name)
    found: set[str] = set()
    todo: list[type] = [DOMNode]
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        if cls.__module__.startswith("maharaja_tui"):
            found.update(b.id for b in cls.__dict__.get("BINDINGS", [])
                         if isinstance(b, Binding) and b.id)
    return found
