"""The end-of-game story: each seat's score per round and its sources,
told from the whole log; the sources add up to what each seat gained."""

from __future__ import annotations

import random

from engine.core.autoplay import random_intent
from engine.core.game import Game
from engine.core.ruleset import Seat
from engine.core.story import tell
from engine.maharaja import RULESET, Options
from engine.maharaja.story import TELLER
from engine.raja import RULESET as RAJA
from engine.raja import preset
from engine.raja.story import TELLER as RAJA_TELLER


def finished(ruleset, options, seed: int = 3, players: int = 3) -> Game:  # noqa: ANN001
    game = Game(ruleset, [Seat(f"P{n}") for n in range(players)], options, seed)
    rng = random.Random(seed)
    for _ in range(20000):
        if game.is_over():
            return game
        game.play(*random_intent(game, rng))
    raise AssertionError("the game never ended")


def _told(game: Game, teller):  # noqa: ANN001, ANN202
    return tell(game.ruleset, game.seats, game.options, (e for _, e in game.events()),
                teller)


def test_maharaja_story_ends_on_the_final_pp_and_credits_every_pp() -> None:
    """MJ-END-2: the last sample is each seat's final PP; the sources (reward tiles, the
    final scoring's statues, coins, cities...) add up to the PP gained."""
    game = finished(RULESET, Options())
    story = _told(game, TELLER)
    assert story.unit == "PP" and story.rounds[0] == "start" and story.rounds[-1] == "end"
    # start, after each round but the last, then the end (the last round and the final)
    assert story.rounds[1:-1] == [str(n) for n in range(1, game.state.round)]
    for seat, player in enumerate(game.state.players):
        assert story.series[seat][-1] == player.pp
        gained = player.pp - story.series[seat][0]
        assert sum(story.sources[seat].values()) == gained
        final = game.state.final[seat]
        assert story.sources[seat].get("final: cities", 0) == final.cities


def test_raja_story_follows_the_gold() -> None:
    game = finished(RAJA, preset("Basic"))
    story = _told(game, RAJA_TELLER)
    assert story.unit == "gold"
    for seat, player in enumerate(game.state.players):
        assert story.series[seat][-1] == player.gold
        assert sum(story.sources[seat].values()) == player.gold - story.series[seat][0]


def test_maharani_story_follows_the_gold() -> None:
    """M-END-3: gold decides; zones, artisans and quarter scorings (M-GOLD, M-EVAL) less the
    turn fees (M-EOT-1) add up to each seat's gold."""
    from engine.maharani import RULESET as MAHARANI
    from engine.maharani.story import TELLER as MAHARANI_TELLER

    game = finished(MAHARANI, None)
    story = _told(game, MAHARANI_TELLER)
    assert story.unit == "gold" and story.rounds[-1] == "end"
    for seat, player in enumerate(game.state.players):
        assert story.series[seat][-1] == player.gold
        assert sum(story.sources[seat].values()) == player.gold - story.series[seat][0]
        assert set(story.sources[seat]) <= {"zones of tiles placed", "artisans",
                                            "quarter scorings", "turn fees"}


def test_maharadjah_story_follows_each_player_s_vp() -> None:
    """W-END-2: a player's VP is summed over their nations; every VP is told under what
    scored it (W-VP), and the last sample is the final total."""
    from engine.maharadjah import RULESET as MAHARADJAH
    from engine.maharadjah.scoring import totals
    from engine.maharadjah.story import REASONS
    from engine.maharadjah.story import TELLER as MAHARADJAH_TELLER

    game = finished(MAHARADJAH, None, players=3)
    story = _told(game, MAHARADJAH_TELLER)
    assert story.unit == "VP"
    named = {source for _, source in REASONS}
    for seat, vp in enumerate(totals(game.state)):
        assert story.series[seat][-1] == vp
        assert sum(story.sources[seat].values()) == vp
        assert set(story.sources[seat]) <= named, story.sources[seat]
