"""F1 is a player's guide per game: written for players, opened at the
section of the decision at hand, with the rules reference (rule ids) one key away."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.maharaja import intents as mj
from engine.raja import intents as rj
from engine.registry import spec_of
from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.games import adapter_class
from maharaja_tui.reference import sections
from maharaja_tui.screens.help import KEYS, HelpScreen
from tests.tui import games, raja_games
from tests.tui.helpers import screen_text, synchronously

GUIDES = Path(__file__).resolve().parents[2] / "maharaja_tui" / "guides"
# Words of an engine specification, not of a player's guide.
NOT_FOR_PLAYERS = ("engine", "MUST", "Worked example", "for tests", "seeds/", "RULING",
                   "RECONSTRUCTION", "implement")


@pytest.mark.parametrize("name", ["maharaja-2020.md", "raja-2004.md", "maharani.md",
                                  "maharadjah.md"])
def test_each_guide_is_written_for_players(name: str) -> None:
    text = (GUIDES / name).read_text(encoding="utf-8")
    assert [word for word in NOT_FOR_PLAYERS if word in text] == []
    assert len(sections(GUIDES / name)) >= 6  # short sections, each in the contents
    assert not re.search(r"§\d", text)  # no section numbers of a document they cannot see
    # Diagrams are plain text: a fence without a language makes Textual guess one, and
    # its guesses coloured the diagrams as CSS or Objective-C.
    openings = re.findall(r"^```(.*)$", text, flags=re.MULTILINE)[::2]
    assert openings and set(openings) == {"text"}


@pytest.mark.parametrize("game", ["maharaja-2020", "raja-2004"])
def test_every_decision_names_a_section_of_its_guide(game: str) -> None:
    guide = spec_of(game).guide_file()
    assert guide is not None and guide.parent == GUIDES
    titles = {s.title for s in sections(guide)}
    adapter = adapter_class(game)
    assert adapter.guide_default in titles
    assert set(adapter.guide_topics.values()) <= titles


def test_the_keys_say_only_ctrl_q_quits() -> None:
    assert "- **ctrl+q**: quit" in KEYS and "- **q**" not in KEYS


def test_the_final_scoring_facts_match_the_rules() -> None:
    text = (GUIDES / "maharaja-2020.md").read_text(encoding="utf-8")
    assert "3 PP per statue" in text and "1 PP per 5 coins" in text  # MJ-END-2
    assert "12 coins in the Maharaja's city, 10 elsewhere" in text  # MJ-STAT-2
    raja = (GUIDES / "raja-2004.md").read_text(encoding="utf-8")
    assert "monopoly bonus of 5 gold" in raja  # R-SCORE-6


async def settle(pilot) -> None:  # noqa: ANN001
    """The markdown body renders after the screen: wait for it."""
    for _ in range(4):
        await pilot.pause()


@synchronously
async def test_f1_opens_the_guide_at_the_decision_and_r_the_rules_reference() -> None:
    game = games.game_until(games.my_planning)
    app = MaharajaApp(Start("game", game=game), computer_delay=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        text = screen_text(app)
        assert "Player's guide" in text and "Planning your two actions" in text
        assert "Statue at a discount" in text  # the section's body: the nine actions
        assert "rules specification for the engine" not in text
        await pilot.press("r")
        await settle(pilot)
        assert "Rules reference" in screen_text(app)
        await pilot.press("slash", *"MJ-FLAG-1", "enter")
        await settle(pilot)
        assert "exactly 3 positions" in screen_text(app)
        await pilot.press("r")
        await settle(pilot)
        assert "Planning your two actions" in screen_text(app)


@synchronously
async def test_f1_on_a_raja_turn_opens_moving_and_building() -> None:
    game = raja_games.game_until(raja_games.my_turn)
    app = MaharajaApp(Start("game", game=game), computer_delay=3600)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await settle(pilot)
        text = screen_text(app)
        assert "Player's guide — Raja" in text and "1 gold per house" in text


def test_the_topics_follow_the_decision() -> None:
    adapter = adapter_class("maharaja-2020")
    assert adapter.guide_topics[mj.ChooseReward] == "City scoring and rewards"
    raja = adapter_class("raja-2004")
    assert raja.guide_topics[rj.SelectActions] == "Selecting your two actions"


@pytest.mark.parametrize("game", ["maharaja-2020", "raja-2004", "maharani", "maharadjah"])
def test_each_guide_section_names_where_its_rules_are(game: str) -> None:
    from maharaja_tui.reference import section_of

    spec = spec_of(game)
    guide, rules = spec.guide_file(), spec.rules_file()
    assert guide is not None and rules is not None
    mapping = adapter_class(game).guide_rules
    titles = [s.title for s in sections(guide)][1:]  # not the introduction
    assert set(titles) == set(mapping)
    for title, rule in mapping.items():
        assert section_of(rule, rules) > 0, f"{game}: {title} -> {rule}, not in the rules"


@synchronously
async def test_r_opens_the_rules_at_the_section_read_and_back() -> None:
    game = games.game_until(games.my_turn)
    app = MaharajaApp(Start("game", game=game), computer_delay=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("f1")
        await settle(pilot)
        toc = app.screen.query_one("#help-toc")

        def shown() -> str:
            return str(toc.get_option_at_index(toc.highlighted).prompt)

        title = shown()  # the decision's section (Change character: Characters)
        family = adapter_class(game.ruleset.id).guide_rules[title].rsplit("-", 1)[0]
        await pilot.press("r")
        await settle(pilot)
        assert f"({family})" in shown() or f"({family}," in shown(), shown()
        await pilot.press("down", "r")  # back to the guide where it was left
        await settle(pilot)
        assert shown() == title
        await pilot.press("home", "r")  # the keys stay the keys
        await settle(pilot)
        assert toc.highlighted == 0 and "Rules reference" in screen_text(app)


@synchronously
async def test_no_key_of_the_keys_stands_alone_on_its_line() -> None:
    app = MaharajaApp(Start("game", game=games.game_until(games.my_turn)), computer_delay=3600)
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        await pilot.press("f1", "home")
        await settle(pilot)
        body = [line.split("▎", 1)[-1] for line in screen_text(app).splitlines()]
        assert any("pick in the action list" in line for line in body)
        for line in body:
            words = line.replace("│", " ").split()
            assert words != ["Enter"], screen_text(app)
