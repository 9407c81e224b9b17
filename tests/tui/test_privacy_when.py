"""Hot seat covers the screen only when it must (issue 13 item 13)."""

from __future__ import annotations

from engine import Game
from engine.core.ruleset import HUMAN, Seat
from engine.raja.options import Options as RajaOptions
from engine.registry import rulesets
from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.screens.game import GameScreen
from maharaja_tui.screens.privacy import PrivacyScreen
from tests.tui.helpers import decide, synchronously


@synchronously
async def test_open_gold_raja_covers_only_secret_decisions_and_views() -> None:
    """Raja with open gold (R-INFO-1): a handover to a seat whose view shows nothing
    secret and whose decision is public needs no cover; a disc selection (R-ROUND-3)
    always gets one."""
    seats = [Seat("Asha", HUMAN), Seat("Bimal", HUMAN)]
    game = Game(rulesets()["raja-2004"], seats, RajaOptions(hidden_gold=False), 3)
    app = MaharajaApp(Start("game", game=game), computer_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.game_screen()
        game = screen.table.game
        covered = uncovered = 0
        last, was_covered = screen.viewer, False
        for _ in range(200):
            if isinstance(app.screen, PrivacyScreen):
                covered += 1
            elif isinstance(app.screen, GameScreen) and screen.viewer != last \
                    and not was_covered:
                # A handover without a cover: nothing secret on screen, a public choice.
                seat = screen.viewer
                assert game.ruleset.view(game.state, seat) == game.ruleset.view(game.state, None)
                assert game.state.phase != "select"
                uncovered += 1
            last, was_covered = screen.viewer, isinstance(app.screen, PrivacyScreen)
            if covered and uncovered:
                break
            await decide(pilot, app)
        assert covered and uncovered
