"""Parsed CSS is kept between starts and shared by the apps of one process (issue 15:
the launch parsed every stylesheet source 3-4 times). A damaged cache file is never
trusted: the app parses again and looks the same."""

from __future__ import annotations

import hashlib
import pickle
from pathlib import Path

import pytest

from maharaja_tui import css_cache
from tests.tui.first_frame import first_frame_code, run_child

# The first frame of ``maharaja play --seed 7``: how many sources Textual's parser read
# in this process, and what the frame looks like (colours included).
FIRST_FRAME = first_frame_code(
    '{"parses": len(parses), "look": self.export_screenshot()}',
    before="""
from textual.css import stylesheet
parses = []
parse = stylesheet.parse
stylesheet.parse = lambda *a, **k: parses.append(1) or parse(*a, **k)
""")


def first_frame(home: Path) -> dict[str, object]:
    return run_child(FIRST_FRAME, home / "data", cache=home / "cache")


def only_file(home: Path) -> Path:
    files = list((home / "cache" / "maharaja").glob("css-*.pickle"))
    assert len(files) == 1, files
    return files[0]


def test_a_warm_start_parses_no_css_and_a_damaged_cache_is_parsed_again(tmp_path: Path) -> None:
    cold = first_frame(tmp_path)
    assert cold["parses"] > 0  # type: ignore[operator]
    warm = first_frame(tmp_path)
    assert warm["parses"] == 0
    assert warm["look"] == cold["look"]

    path = only_file(tmp_path)
    good = path.read_bytes()
    magic, head = css_cache._MAGIC, len(css_cache._MAGIC) + css_cache._DIGEST
    # Rules that load well but are not what was written (every colour red), under the
    # digest of what was: trusted, they would change the look.
    entries = pickle.loads(good[head:])
    for rules in entries.values():
        for rule in rules:
            rule.styles.color = "red"
    path.write_bytes(good[:head] + pickle.dumps(entries))
    again = first_frame(tmp_path)
    assert again["parses"] == cold["parses"]  # parsed again...
    assert again["look"] == cold["look"]  # ...so it looks the same
    assert css_cache._read(path)  # and the file is rebuilt

    body = pickle.dumps({("css",): "not rules"})
    damaged = {
        "a flipped byte": good[:-10] + bytes([good[-10] ^ 0xFF]) + good[-9:],
        "cut short": good[: len(good) // 2],
        "empty": b"",
        "another format": b"maharaja-css 0\n" + good[len(magic):],
        # A digest that matches what is not ours: still refused.
        "foreign content": magic + hashlib.blake2b(body, digest_size=css_cache._DIGEST).digest()
        + body,
        "garbage with its digest": magic
        + hashlib.blake2b(b"\x80junk", digest_size=css_cache._DIGEST).digest() + b"\x80junk",
    }
    for why, data in damaged.items():
        path.write_bytes(data)
        assert css_cache._read(path) == {}, why


def test_a_second_app_in_the_process_parses_no_css(monkeypatch: pytest.MonkeyPatch,
                                                    tmp_path: Path) -> None:
    """The suite starts hundreds of apps per worker, the SSH server one per session."""
    from textual.css import stylesheet

    from maharaja_tui.app import MaharajaApp, Start
    from maharaja_tui.screens.new_game import default_setup
    from tests.tui.helpers import synchronously

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    parses: list[int] = []
    parse = stylesheet.parse
    monkeypatch.setattr(stylesheet, "parse", lambda *a, **k: parses.append(1) or parse(*a, **k))

    @synchronously
    async def start() -> None:
        app = MaharajaApp(Start("play", setup=default_setup(seed=7)), computer_delay=3600)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()

    start()
    parses.clear()
    start()
    assert parses == []


def test_a_cache_that_cannot_be_written_is_only_slower(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("a file where the cache directory should be")
    monkeypatch.setattr(css_cache, "_file", blocked / "maharaja" / "css.pickle")
    monkeypatch.setattr(css_cache, "_parsed", True)
    css_cache.save()  # no exception
    assert blocked.read_text().startswith("a file")


def test_a_start_that_parses_one_source_keeps_the_others(tmp_path: Path) -> None:
    """The first parse of a start writes the file at once (an app may end at its first
    frame): the entries it has not asked for yet must stay in it."""
    first_frame(tmp_path)
    path = only_file(tmp_path)
    head = len(css_cache._MAGIC) + css_cache._DIGEST
    entries = pickle.loads(path.read_bytes()[head:])
    first = next(key for key in entries if key[1][1] == "App.DEFAULT_CSS")  # parsed first
    del entries[first]
    body = pickle.dumps(entries)
    path.write_bytes(css_cache._MAGIC + hashlib.blake2b(body, digest_size=css_cache._DIGEST)
                     .digest() + body)
    assert first_frame(tmp_path)["parses"] == 1
    assert first_frame(tmp_path)["parses"] == 0


def test_the_theme_s_variables_are_keyed_by_one_short_digest(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A memo key held the theme's ~170 variables as a tuple of pairs: hashed and compared
    item by item at every lookup, most of a warm start's parsing (issue 15). Each theme
    still has its own entries."""
    first_frame(tmp_path)
    path = only_file(tmp_path)
    head = len(css_cache._MAGIC) + css_cache._DIGEST
    variables = {key[5] for key in pickle.loads(path.read_bytes()[head:])}
    assert len(variables) == 1
    assert all(isinstance(digest, str) and len(digest) == 32 for digest in variables)

    from textual.css.stylesheet import Stylesheet

    for name, value in (("_memo", {}), ("_used", set()), ("_parsed", False),
                        ("_variables", (None, ""))):
        monkeypatch.setattr(css_cache, name, value)  # this process's memo stays as it was
    parse_rules = css_cache._memoised(lambda *args: [])

    def key_of(theme: dict[str, str]) -> str:
        parse_rules(Stylesheet(variables=theme), "Screen { color: $text; }", ("", "x"))
        return css_cache._variables[1]

    assert key_of({"text": "red"}) != key_of({"text": "blue"})
    assert key_of({"text": "red"}) == key_of({"text": "red"})
