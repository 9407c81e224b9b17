"""The coach's sentences: two options' things compared in a game's words, the weightiest
first, a gain and a price both said, and every game's vocabulary counting a seat's own
things at a real position."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

from engine.bots import choose_intent
from engine.bots.coach import Thing, better, contrast, differences, gained, worse
from engine.bots.evaluator import evaluator_for
from engine.bots.match import bot_seat
from engine.core.game import Game
from engine.registry import rulesets


class Words:
    things = {
        "statue": Thing("statue", 3.0),
        "coin": Thing("coin", 0.3),
        "gold": Thing("gold", 1.0, mass=True),
        "place": Thing("place", 2.0, kind="place"),
        "card": Thing("character", 5.0, kind="holding"),
    }

    def count(self, state: Any, seat: int) -> dict[str, float]:
        return dict(state)

    def detail(self, name: str, detail: str) -> str:
        return {"place": f"in {detail}'s scoring", "card": f"the {detail}"}[name]

    def horizon(self, view: Any, seat: int) -> str:
        return "by the round's end"


WORDS = Words()
WHEN = "by the round's end"


def test_the_weightiest_difference_comes_first() -> None:
    said = differences({"statue": 2, "coin": 3}, {"statue": 1, "coin": 10}, WORDS)
    assert [d.text for d in said] == ["one more statue", "7 fewer coins"]
    assert [d.gain for d in said] == [True, False]


def test_means_over_playouts_read_as_whole_things() -> None:
    assert contrast({"coin": 4.6}, {"coin": 2.0}, WORDS, WHEN) == "3 more coins " + WHEN
    assert contrast({"coin": 2.2}, {"coin": 2.0}, WORDS, WHEN) is None


def test_mass_nouns_and_places_and_holdings_read_as_players_say_them() -> None:
    assert contrast({"gold": 9}, {"gold": 12}, WORDS, WHEN) == "3 gold less " + WHEN
    assert contrast({"place:Delhi": 1}, {"place:Delhi": 3}, WORDS, WHEN) == (
        "1st instead of 3rd in Delhi's scoring " + WHEN)
    assert contrast({"place:Delhi": 0}, {"place:Delhi": 2}, WORDS, WHEN) == (
        "no place instead of 2nd in Delhi's scoring " + WHEN)
    assert contrast({"card:Craftsman": 1}, {"card:Monk": 1}, WORDS, WHEN) == (
        "the Craftsman instead of the Monk " + WHEN)


def test_one_fewer_reads_before_its_noun_however_long() -> None:
    words = Words()
    words.things = {**WORDS.things, "threat": Thing(
        "enemy army next to your territories", -1.0,
        many="enemy armies next to your territories")}
    assert contrast({"threat": 2, "coin": 1}, {"threat": 3, "coin": 2}, words, WHEN) == (
        f"one fewer enemy army next to your territories, but one fewer coin, {WHEN}")


def test_a_gain_and_its_price_are_both_said() -> None:
    mine = {"statue": 3, "place:Delhi": 1, "card:Yogi": 1, "coin": 0}
    other = {"statue": 1, "place:Delhi": 3, "coin": 9}
    text = contrast(mine, other, WORDS, WHEN)
    assert text is not None and "but 9 fewer coins" in text, text


def test_the_best_says_how_far_ahead_then_what_it_gains_and_at_what_price() -> None:
    assert better({"statue": 2, "coin": 1}, {"statue": 1, "coin": 8}, WORDS, WHEN, 1.2,
                  "PP") == ("about 1 PP ahead of your next best choice; one more statue, for 7 "
                            f"fewer coins, {WHEN}")


def test_where_nothing_one_counts_differs_the_margin_is_said() -> None:
    assert better({"coin": 1}, {"coin": 1}, WORDS, WHEN, 0.4, "PP") == (
        "less than 1 PP ahead of your next best choice")
    assert better({"coin": 4}, {"coin": 4}, WORDS, WHEN, 0.4, "PP", now={"coin": 1}) == (
        f"less than 1 PP ahead of your next best choice; it leads to 3 more coins {WHEN}")
    assert better({"coin": 1}, {"coin": 1}, WORDS, WHEN, 0.0, "PP") == (
        "as good as your next best choice")
    assert worse({"coin": 1}, {"coin": 1}, WORDS, WHEN, 0.0, "PP") == "as good as the best"
    assert worse({"coin": 1}, {"coin": 1}, WORDS, WHEN, 2.6, "gold") == (
        "about 3 gold behind the best")


def test_an_alternative_says_how_far_behind_then_what_differs() -> None:
    assert worse({"statue": 2, "coin": 1}, {"statue": 1, "coin": 8}, WORDS, WHEN, 0.7,
                 "PP") == f"about 1 PP behind the best; one more statue, but 7 fewer coins, {WHEN}"


@pytest.mark.parametrize(("gap", "said"), [
    (0.04, "as good as your next best choice"),
    (0.3, "less than 1 PP ahead of your next best choice"),
    (0.5, "about 1 PP ahead of your next best choice"),
    (1.1, "about 1 PP ahead of your next best choice"),
    (4.2, "about 4 PP ahead of your next best choice"),
    (12.6, "about 13 PP ahead of your next best choice")])
def test_a_margin_reads_rounded_to_whole_points(gap: float, said: str) -> None:
    """A player reads "about 1 PP", not the judgement's "0.7" or "1.1"."""
    text = better({"card:Yogi": 1}, {"card:Monk": 1}, WORDS, "", gap, "PP")
    assert text == f"{said}; the Yogi instead of the Monk"
    assert "judged" not in text and text.count("next best") == 1


@pytest.mark.parametrize(("game_id", "decisions"), [
    ("maharaja-2020", 40), ("raja-2004", 40), ("maharani", 9), ("maharadjah", 40)])
def test_every_games_vocabulary_counts_a_seats_own_things(game_id: str,
                                                          decisions: int) -> None:
    evaluator = evaluator_for(game_id)
    words = getattr(evaluator, "words", None)
    assert words is not None, f"{game_id} has no coach's words"
    game = Game(rulesets()[game_id], [bot_seat(f"m{n}", "medium") for n in range(3)], None, 2)
    for n in range(decisions):
        seat = game.to_move()[0]
        game.play(seat, choose_intent(game.ruleset, game.view(seat), seat,
                                      game.legal_intents(seat), "medium", Random(n)))
    seat = game.to_move()[0]
    counted = words.count(game.view(seat), seat)
    assert counted and all(isinstance(v, float) for v in counted.values())
    for key in counted:
        name, _, detail = key.partition(":")
        assert name in words.things, key
        if detail:
            assert words.detail(name, detail), key
    assert words.horizon(game.view(seat), seat).startswith("by ") or \
        words.horizon(game.view(seat), seat).startswith("once ")


def test_a_maharaja_character_is_named_by_its_ability_not_its_number() -> None:
    """MJ-CHAR: the tiles have numbers and abilities, no names: a hint names a tile by
    what it does, with the number the display shows."""
    from engine.bots.maharaja_words import WORDS as MAHARAJA
    from engine.maharaja import components as C

    names = [c.name for c in C.CHARACTERS.values()]
    assert all(names) and len(set(names)) == len(names)  # each tile a name of its own
    assert MAHARAJA.detail("character", "12") == "Build anywhere (12)"
    assert differences({"character:15": 1}, {"character:6": 1}, MAHARAJA)[0].text == (
        "Cheaper statues (15) instead of Take 1 PP (6)")


def test_a_nations_sequence_reads_as_english() -> None:
    from engine.bots.maharadjah_words import possessive

    assert [possessive(n) for n in ("Mughals", "Maurya", "British", "Portuguese", "Dutch")] \
        == ["Mughals'", "Maurya's", "British", "Portuguese", "Dutch"]


def test_an_analysis_says_its_margin_as_a_hint_does() -> None:
    """The replay's analysis, where the preferred move gains nothing one counts: its
    margin rounded to whole points as the hints say it ("1.2 PP" read as a precision
    the computer's judgement does not have)."""
    from engine.bots.maharaja_words import WORDS as MAHARAJA

    assert gained({}, {}, MAHARAJA, "by the round's end", 1.24, "PP") == (
        "the computer judges it about 1 PP better overall by the round's end")
    assert "less than 1 PP" in gained({}, {}, MAHARAJA, "", 0.3, "PP")
