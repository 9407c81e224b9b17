"""Counted words read right everywhere: no "1 coins", "(1 places)" or
"0 coin" in the log, the action panel or its choices, for any game played here."""

from __future__ import annotations

import random
import re

import pytest

from engine import Game
from engine.core.autoplay import random_intent
from engine.core.describe import plain
from engine.core.words import counted
from engine.maharaja import RULESET as MAHARAJA
from engine.maharaja import Options
from engine.raja import RULESET as RAJA
from maharaja_tui.games import adapter_for
from tests.tui.games import seats

NOUNS = "coin|shrine|statue|place|house|army|armie|territor(?:y|ie)|hit|tile|token|palace"
WRONG = re.compile(rf"(?<![\d+−-])(?:1 (?:{NOUNS})s\b|(?:0|[2-9]|\d\d+) (?:{NOUNS})\b(?!s))")


def test_counted_says_one_and_many() -> None:
    assert [counted(n, "coin") for n in (0, 1, 2)] == ["0 coins", "1 coin", "2 coins"]
    assert counted(1, "army") == "1 army" and counted(3, "army") == "3 armies"
    assert counted(2, "territory") == "2 territories" and counted(5, "gold") == "5 gold"


def test_the_pattern_finds_miscounted_words_and_passes_right_ones() -> None:
    for wrong in ("1 coins", "(1 places)", "0 coin", "pays 2 coin,"):
        assert WRONG.search(wrong), wrong
    for right in ("1 coin", "(1 place)", "0 coins", "12 coins", "+3 coins"):
        assert not WRONG.search(right), right


def test_the_logs_of_the_other_games_count_right() -> None:
    from engine.maharadjah import events as W
    from engine.maharadjah.describe import describe as describe_maharadjah
    from engine.maharani import events as M
    from engine.maharani.describe import describe as describe_maharani

    lost = plain(describe_maharadjah(W.Losses(space="", nation="", armies=1), None))
    assert "lose 1 army" in lost
    purged = plain(describe_maharani(M.CentralPurged(tiles=((2, "T_BLUE-C-1"),)), None))
    assert "the tile in slot 2 leaves" in purged and "(s)" not in purged


@pytest.mark.parametrize(("ruleset", "seed"), [(MAHARAJA, 3), (MAHARAJA, 8), (RAJA, 5)])
def test_no_wrong_number_in_a_whole_game(ruleset, seed: int) -> None:  # noqa: ANN001
    options = ruleset.Options() if hasattr(ruleset, "Options") else Options()
    game = Game(ruleset, seats(3), options, seed)
    adapter = adapter_for(ruleset, game.seats)
    rng = random.Random(seed)
    seen: list[str] = []
    for _ in range(3000):
        if not game.to_move():
            break
        seat, intent = random_intent(game, rng)
        view = game.view(seat)
        legal = game.legal_intents(seat)
        for entry in adapter.menu(view, seat, legal):
            seen.append("".join(t for t, _ in entry.label))
            if len(entry.intents) > 1:
                seen += ["".join(t for t, _ in adapter.label(view, seat, i))
                         for i in entry.intents]
        game.play(seat, intent)
    seen += [plain(d) for d in game.descriptions(None)]
    assert [s for s in seen if WRONG.search(s)] == []
