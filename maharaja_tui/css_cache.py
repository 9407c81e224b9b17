"""Parsed Textual CSS, kept between starts and shared by the apps of one process.

Textual parses every stylesheet source (our .tcss files, each widget class's
DEFAULT_CSS) at every start, and parses all of them again at every ``reparse`` (the
theme's variables, a screen's CSS): 79 parses of 22 sources before the first game
frame. ``install`` gives an app a stylesheet that keeps its parses for every app of the
process (``compat.SharedParses``: a second app, the test suite's hundreds, parses
nothing it has seen), and what was parsed is kept in the user cache directory for the
next start (``save``, after a parse that found something new: on a warm cache nothing
is written).

An entry is keyed by everything the parse reads: the source text, where it was read
from, its flags and the theme's variables. The file is named after this install,
Textual's and Python's, and carries a checksum: a file that is unreadable, damaged, of
another version or not ours is ignored (and rewritten), never trusted.

The rules are pickled as Textual makes them (``textual.css.model.RuleSet``), which is
why the file is named after Textual's install: another Textual parses afresh.
"""

from __future__ import annotations

import os
import pickle
import sys
import tempfile
import zlib
from pathlib import Path
from typing import Any

import textual
import textual.css.styles as textual_styles
from platformdirs import user_cache_dir
from textual.app import App
from textual.css.model import RuleSet

from maharaja_tui.compat import SharedParses, share_parses

MAGIC = b"maharaja-css 3\n"  # 3: a CRC-32 checksum, the variables keyed by their text
CHECKSUM = 4  # bytes of the body's CRC-32 before the pickle
KEEP = 300  # entries at most before only those used by this process are kept (~22 a start)

Key = tuple[Any, ...]
_file: Path | None = None  # where this process reads and writes, once installed
_saved = 0  # SharedParses.made when the file was last written or read


def cache_file() -> Path:
    """One file per install of this package, of Textual and of Python (several checkouts
    share the cache dir). Textual's install is told by where its files are and when
    they were written (``textual.__version__`` would read the package metadata,
    importlib.metadata, which the launch does without)."""
    installs = [str(Path(__file__).parent), sys.version]
    for module in (textual, textual_styles):
        stat = os.stat(str(module.__file__))
        installs += [str(module.__file__), str(stat.st_mtime_ns), str(stat.st_size)]
    text = "\n".join(installs).encode()
    # Two checksums of the text, 64 bits: zlib is loaded at any start (hashlib is not,
    # and its OpenSSL costs 1% of the launch).
    here = f"{zlib.crc32(text):08x}{zlib.adler32(text):08x}"
    return Path(user_cache_dir("maharaja")) / f"css-{here}.pickle"


class CachedParses(SharedParses):
    """The app's stylesheet: parses shared in the process, and saved once made."""

    def parse(self) -> None:
        super().parse()
        save()  # at once: an app may be ended by its first frame (the launch bench)


def install(app: App[Any], path: Path | None = None) -> None:
    """``app`` (in its ``__init__``, before its CSS is read) parses through the parses
    shared in this process, which the first install starts from the entries saved in
    ``path`` (default: ``cache_file()``)."""
    global _file, _saved
    if _file is None:
        _file = path or cache_file()
        SharedParses.parsed.update(read(_file))
        _saved = SharedParses.made
    share_parses(app, CachedParses)


def read(path: Path) -> dict[Key, list[RuleSet]]:
    """The entries saved in ``path``; none when it is missing, damaged or foreign."""
    try:
        data = path.read_bytes()
        head = len(MAGIC) + CHECKSUM
        if not data.startswith(MAGIC) or len(data) <= head:
            return {}
        body = data[head:]
        if zlib.crc32(body).to_bytes(CHECKSUM, "big") != data[len(MAGIC):head]:
            return {}
        entries = pickle.loads(body)  # noqa: S301 - the user's own cache, checksum checked
    except Exception:  # unreadable or not ours: parse again, as without a cache
        return {}
    if not isinstance(entries, dict) or not all(
            isinstance(key, tuple) and len(key) == 6 and isinstance(rules, list)
            and all(isinstance(rule, RuleSet) for rule in rules)
            for key, rules in entries.items()):
        return {}
    return entries


def write(path: Path, entries: dict[Key, list[RuleSet]]) -> None:
    """``entries`` to ``path``, atomically, with the magic and the checksum ``read``
    checks (raises OSError where it cannot be written)."""
    body = pickle.dumps(entries, protocol=pickle.HIGHEST_PROTOCOL)
    checksum = zlib.crc32(body).to_bytes(CHECKSUM, "big")
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(MAGIC + checksum + body)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def save() -> None:
    """Write the entries read and parsed, when something had to be parsed since the
    last write (a start with a warm cache writes nothing). A cache that cannot be
    written is only slower. The entries read but not used yet stay: an early write (the
    first of a start) would lose those the start asks for later. Stale ones (a source
    edited, another theme) are dropped once the file holds ``KEEP`` of them."""
    global _saved
    if _file is None or SharedParses.made == _saved:
        return
    _saved = SharedParses.made
    entries = SharedParses.parsed
    if len(entries) > KEEP:
        entries = {key: entries[key] for key in SharedParses.asked if key in entries}
    try:
        write(_file, entries)
    except Exception:  # noqa: S110 - a read-only or full disk: the next start parses
        pass
