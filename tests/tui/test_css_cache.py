"""Parsed CSS is kept between starts and shared by the apps of one process (the launch
parsed every stylesheet source 3-4 times). A damaged cache file is never trusted: the
app parses again and looks the same."""

from __future__ import annotations

import pickle
import zlib
from pathlib import Path

import pytest

from maharaja_tui import css_cache
from maharaja_tui.compat import SharedParses
from tests.tui.first_frame import first_frame_code, run_child

# The first frame of ``maharaja play --seed 7``: how many sources had to be parsed in
# this process, and what the frame looks like (colours included).
FIRST_FRAME = first_frame_code(
    '{"parses": SharedParses.made, "look": self.export_screenshot()}',
    before="from maharaja_tui.compat import SharedParses")
HEAD = len(css_cache.MAGIC) + css_cache.CHECKSUM


def with_checksum(body: bytes) -> bytes:
    return css_cache.MAGIC + zlib.crc32(body).to_bytes(css_cache.CHECKSUM, "big") + body


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
    # Rules that load well but are not what was written (every colour red), under the
    # checksum of what was: trusted, they would change the look.
    entries = pickle.loads(good[HEAD:])
    for rules in entries.values():
        for rule in rules:
            rule.styles.color = "red"
    path.write_bytes(good[:HEAD] + pickle.dumps(entries))
    again = first_frame(tmp_path)
    assert again["parses"] == cold["parses"]  # parsed again...
    assert again["look"] == cold["look"]  # ...so it looks the same
    assert css_cache.read(path)  # and the file is rebuilt

    body = pickle.dumps({("css",): "not rules"})
    damaged = {
        "a flipped byte": good[:-10] + bytes([good[-10] ^ 0xFF]) + good[-9:],
        "cut short": good[: len(good) // 2],
        "empty": b"",
        "another format": b"maharaja-css 0\n" + good[len(css_cache.MAGIC):],
        # A checksum that matches what is not ours: still refused.
        "foreign content": with_checksum(body),
        "garbage with its checksum": with_checksum(b"\x80junk"),
    }
    for why, data in damaged.items():
        path.write_bytes(data)
        assert css_cache.read(path) == {}, why


def test_a_second_app_in_the_process_parses_no_css(monkeypatch: pytest.MonkeyPatch,
                                                    tmp_path: Path) -> None:
    """The suite starts hundreds of apps per worker, the SSH server one per session."""
    from maharaja_tui.app import MaharajaApp, Start
    from maharaja_tui.screens.new_game import default_setup
    from tests.tui.helpers import synchronously

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))

    @synchronously
    async def start() -> None:
        app = MaharajaApp(Start("play", setup=default_setup(seed=7)), computer_delay=3600)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()

    start()
    made = SharedParses.made
    start()
    assert SharedParses.made == made


def test_a_cache_that_cannot_be_written_is_only_slower(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("a file where the cache directory should be")
    monkeypatch.setattr(css_cache, "_file", blocked / "maharaja" / "css.pickle")
    monkeypatch.setattr(css_cache, "_saved", SharedParses.made - 1)  # something new
    css_cache.save()  # no exception
    assert blocked.read_text().startswith("a file")


def test_a_start_that_parses_one_source_keeps_the_others(tmp_path: Path) -> None:
    """The first parse of a start writes the file at once (an app may end at its first
    frame): the entries it has not asked for yet must stay in it."""
    first_frame(tmp_path)
    path = only_file(tmp_path)
    entries = pickle.loads(path.read_bytes()[HEAD:])
    first = next(key for key in entries if key[1][1] == "App.DEFAULT_CSS")  # parsed first
    del entries[first]
    path.write_bytes(with_checksum(pickle.dumps(entries)))
    assert first_frame(tmp_path)["parses"] == 1
    assert first_frame(tmp_path)["parses"] == 0


def test_each_theme_has_its_own_parses(monkeypatch: pytest.MonkeyPatch) -> None:
    """The theme's variables are substituted while parsing: a source parsed under one
    theme is parsed again under another, and found again under the same."""
    monkeypatch.setattr(SharedParses, "parsed", {})  # this process's parses stay as they were

    def parses_made(theme: dict[str, str]) -> int:
        made = SharedParses.made
        stylesheet = SharedParses(variables=theme)
        stylesheet.add_source("Screen { color: $text; }", read_from=("", "x"))
        stylesheet.parse()
        return SharedParses.made - made

    assert parses_made({"text": "red"}) == 1
    assert parses_made({"text": "blue"}) == 1
    assert parses_made({"text": "red"}) == 0
