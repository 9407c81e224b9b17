"""Hot seat covers the screen only when it must."""

from __future__ import annotations

from engine.raja.options import Options as RajaOptions
from engine.raja.state import Phase
from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.screens.game import GameScreen
from maharaja_tui.screens.privacy import PrivacyScreen
from tests.tui import raja_games
from tests.tui.helpers import decide, synchronously


@synchronously
async def test_open_gold_raja_covers_only_secret_decisions_and_views() -> None:
    """Raja with open gold (R-INFO-1): a handover to a seat whose view shows nothing
    secret and whose decision is public needs no cover; a disc selection (R-ROUND-3)
    always gets one."""
    # The engine plays the setup: the keys start at the first selection.
    game = raja_games.game_until(lambda g: g.state.phase == Phase.SELECT, players=2,
                                 humans=2, seed=3, options=RajaOptions(hidden_gold=False))
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
