"""Saves this program should not play as they are: written under newer rules (said as
a newer format is, and left alone in the lists), or of another game under a wrong id
(said in the game's own words, and set aside). Damaged autosaves set aside are kept
to a number, the oldest going first, and a set-aside name is found in one listing.

A newer rules version used to open silently, and a Maharani save under Maharaja's id
said "corrupted content (Invalid value 'maharani.GameSetUp' ...)".
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from engine.core import record
from engine.core.errors import RecordError
from engine.registry import rulesets
from maharaja_tui import autosaves
from tests.tui import games
from tests.tui import maharani_games as M


def save_doc(game: object) -> dict[str, object]:
    return json.loads(record.encode(game))  # type: ignore[arg-type]


def next_version(version: str) -> str:
    head = version.rstrip("0123456789")
    return f"{head}{int(version[len(head):]) + 1}"


@pytest.mark.parametrize("validate", [True, False])
def test_a_save_under_newer_rules_is_refused_as_a_newer_format_is(
        tmp_path: Path, validate: bool) -> None:
    for game in (games.game_until(games.my_turn), M.game_until(M.my_turn)):
        data = save_doc(game)
        header = data["header"]
        assert isinstance(header, dict)
        header["rules_version"] = next_version(game.ruleset.rules_version)
        path = tmp_path / "newer.json"
        path.write_text(json.dumps(data))
        with pytest.raises(RecordError) as info:
            record.load(path, rulesets(), validate=validate)
        said = str(info.value)
        assert "newer version" in said and "update the program" in said, said
        assert game.ruleset.rules_version in said and not info.value.damaged


def test_an_older_rules_version_is_still_upgraded(tmp_path: Path) -> None:
    """Maharaja's rules version 1 (spelt abilities as one string) still opens."""
    path = Path(__file__).parent.parent / "saves" / "maharaja-rules-1-variants-R1-R2-F3.json"
    assert record.load(path, rulesets()).is_over()


def test_a_save_of_another_game_under_a_wrong_id_says_so(tmp_path: Path) -> None:
    data = save_doc(M.game_until(M.my_turn))
    header = data["header"]
    assert isinstance(header, dict)
    header["ruleset"] = "maharaja-2020"
    path = tmp_path / "mislabelled.json"
    path.write_text(json.dumps(data))
    for validate in (True, False):
        with pytest.raises(RecordError) as info:
            record.load(path, rulesets(), validate=validate)
        said = str(info.value)
        assert said.endswith("this file says maharaja-2020 but holds maharani events"), said
        assert "corrupted" not in said and "GameSetUp" not in said


def test_the_lists_leave_a_newer_save_alone_and_set_a_mislabelled_one_aside(
        data_home: Path) -> None:
    folder = autosaves.autosave_dir()
    folder.mkdir(parents=True)
    game = games.game_until(games.my_turn)
    newer = save_doc(game)
    newer["header"]["rules_version"] = next_version(game.ruleset.rules_version)  # type: ignore[index]
    (folder / "20300101000000-1.json").write_text(json.dumps(newer))
    wrong = save_doc(M.game_until(M.my_turn))
    wrong["header"]["ruleset"] = "maharaja-2020"  # type: ignore[index]
    (folder / "20300101000000-2.json").write_text(json.dumps(wrong))
    assert autosaves.unfinished() == []
    assert (folder / "20300101000000-1.json").exists()  # a newer program's: kept
    assert (folder / "damaged" / "20300101000000-2.json").exists()
    assert any("holds maharani events" in n for n in autosaves.notices())


def damage(folder: Path, name: str) -> Path:
    path = folder / name
    path.write_bytes(b"{not json")
    return path


def test_damaged_autosaves_are_kept_to_a_number_the_oldest_going_first(
        data_home: Path) -> None:
    folder = autosaves.autosave_dir()
    folder.mkdir(parents=True)
    problem = RecordError("x: damaged")
    for n in range(autosaves.KEEP_DAMAGED + 5):
        path = damage(folder, f"2030010100{n:04d}-1.json")
        autosaves.set_aside(path, problem)
        aside = folder / "damaged" / path.name
        os.utime(aside, (1_000_000 + n, 1_000_000 + n))  # set aside one after another
    autosaves.notices()
    kept = sorted(p.name for p in (folder / "damaged").iterdir())
    assert kept == [f"2030010100{n:04d}-1.json" for n in range(5, autosaves.KEEP_DAMAGED + 5)]


def test_a_name_set_aside_again_is_numbered_past_the_highest(data_home: Path) -> None:
    folder = autosaves.autosave_dir()
    aside = folder / "damaged"
    aside.mkdir(parents=True)
    for name in ("20300101000000-1.json", "20300101000000-1.2.json",
                 "20300101000000-1.7.json", "20300101000000-10.json"):
        (aside / name).write_bytes(b"")
    autosaves.set_aside(damage(folder, "20300101000000-1.json"), RecordError("x: damaged"))
    assert (aside / "20300101000000-1.8.json").read_bytes() == b"{not json"
    assert "20300101000000-1.8.json" in autosaves.notices()[0]
