"""Parsed Textual CSS, kept between starts and between apps of one process (issue 15).

Textual parses every stylesheet source (our .tcss files, each widget class's
DEFAULT_CSS) at every start, and parses all of them again at every ``reparse`` (the
theme's variables, a screen's CSS), each time in a fresh ``Stylesheet`` whose own
cache starts empty: 79 parses of 22 sources before the first game frame. ``install``
memoises ``Stylesheet._parse_rules`` for the whole process (a second app, the test
suite's hundreds, an SSH session, parses nothing it has seen), and what was
parsed is kept in the user cache directory for the next start (``save``, after a
parse that found something new: on a warm cache nothing is written).

A memo entry is keyed by everything the parse reads: the source text, where it was
read from, its flags and the theme's variables. The file is named after this install,
Textual's and Python's, and carries a digest: a file that is unreadable, damaged, of
another version or not ours is ignored (and rewritten), never trusted.

This rests on Textual internals (``Stylesheet._parse_rules`` and its arguments), which
is why ``pyproject.toml`` pins textual==8.2.8: check this module when moving the pin.
"""

from __future__ import annotations

import os
import pickle
import sys
import tempfile
from pathlib import Path
from typing import Any

import textual
import textual.css.styles as textual_styles
from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet

try:  # hashlib's own blake2b, without the OpenSSL library hashlib loads first (issue 15)
    from _blake2 import blake2b
except ImportError:  # a Python built without its own hashes
    from hashlib import blake2b

_MAGIC = b"maharaja-css 2\n"  # 2: the theme's variables keyed by their digest
_DIGEST = 32  # bytes of blake2b before the pickle
KEEP = 300  # entries at most before only those used by this process are kept (~22 a start)

Key = tuple[Any, ...]
_memo: dict[Key, list[RuleSet]] = {}
_used: set[Key] = set()  # what this process asked for: what the next start needs
_parsed = False  # something was parsed here: the file is out of date
_file: Path | None = None  # where this process reads and writes, once installed
_variables: tuple[dict[str, str] | None, str] = (None, "")


def cache_file() -> Path:
    """One file per install of this package, of Textual and of Python (several checkouts
    share the cache dir). Textual's install is told by where its files are and when
    they were written (``textual.__version__`` would read the package metadata,
    importlib.metadata, which the launch does without)."""
    from platformdirs import user_cache_dir

    installs = [str(Path(__file__).parent), sys.version]
    for module in (textual, textual_styles):
        stat = os.stat(str(module.__file__))
        installs += [str(module.__file__), str(stat.st_mtime_ns), str(stat.st_size)]
    here = blake2b("\n".join(installs).encode(), digest_size=8).hexdigest()
    return Path(user_cache_dir("maharaja")) / f"css-{here}.pickle"


def install(path: Path | None = None) -> None:
    """Memoise Textual's CSS parsing in this process (once; later calls do nothing),
    starting from the entries saved in ``path`` (default: ``cache_file()``)."""
    global _file
    if _file is not None:
        return
    _file = path or cache_file()
    _memo.update(_read(_file))
    Stylesheet._parse_rules = _memoised(Stylesheet._parse_rules)  # type: ignore[method-assign]
    Stylesheet.parse = _saving(Stylesheet.parse)  # type: ignore[method-assign]


def _memoised(parse_rules: Any) -> Any:
    def _parse_rules(self: Stylesheet, css: str, read_from: tuple[str, str],
                     is_default_rules: bool = False, tie_breaker: int = 0,
                     scope: str = "") -> list[RuleSet]:
        global _parsed, _variables
        # The variables are substituted while parsing: a theme has its own entries.
        # (Textual replaces the dict when they change: its items are read once.) They
        # are keyed by a digest: a tuple of their ~170 items was hashed and compared
        # item by item at every lookup, most of a warm start's parsing (issue 15).
        if _variables[0] is not self._variables:
            items = repr(sorted(self._variables.items())).encode()
            _variables = (self._variables, blake2b(items, digest_size=16).hexdigest())
        key = (css, read_from, is_default_rules, tie_breaker, scope, _variables[1])
        _used.add(key)
        rules = _memo.get(key)
        if rules is None:  # Textual raises on bad CSS: errors are never memoised
            rules = parse_rules(self, css, read_from, is_default_rules, tie_breaker, scope)
            _memo[key] = rules
            _parsed = True
        return rules  # shared as Textual shares its own cache's: rules are not mutated

    return _parse_rules


def _saving(parse: Any) -> Any:
    def _parse(self: Stylesheet) -> None:
        parse(self)
        save()  # at once: an app may be ended by its first frame (the launch bench)

    return _parse


def _read(path: Path) -> dict[Key, list[RuleSet]]:
    """The entries saved in ``path``; none when it is missing, damaged or foreign."""
    try:
        data = path.read_bytes()
        head = len(_MAGIC) + _DIGEST
        if not data.startswith(_MAGIC) or len(data) <= head:
            return {}
        body = data[head:]
        if blake2b(body, digest_size=_DIGEST).digest() != data[len(_MAGIC):head]:
            return {}
        entries = pickle.loads(body)  # noqa: S301 - the user's own cache, digest checked
    except Exception:  # unreadable or not ours: parse again, as without a cache
        return {}
    if not isinstance(entries, dict) or not all(
            isinstance(key, tuple) and len(key) == 6 and isinstance(rules, list)
            and all(isinstance(rule, RuleSet) for rule in rules)
            for key, rules in entries.items()):
        return {}
    return entries


def save() -> None:
    """Write the entries read and parsed, when something had to be parsed since the
    last write (a start with a warm cache writes nothing). Atomic; a cache that cannot
    be written is only slower. The entries read but not used yet stay: an early write
    (the first of a start) would lose those the start asks for later. Stale ones (a
    source edited, another theme) are dropped once the file holds ``KEEP`` of them."""
    global _parsed
    if _file is None or not _parsed:
        return
    _parsed = False
    entries = _memo
    if len(entries) > KEEP:
        entries = {key: _memo[key] for key in _used if key in _memo}
    try:
        body = pickle.dumps(entries, protocol=pickle.HIGHEST_PROTOCOL)
        digest = blake2b(body, digest_size=_DIGEST).digest()
        _file.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=_file.parent, prefix=_file.name, suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(_MAGIC + digest + body)
            os.replace(tmp, _file)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except Exception:  # noqa: S110 - a read-only or full disk: the next start parses
        pass
