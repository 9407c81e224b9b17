"""The action list and the move dialog say which moves the stacking limits refuse, and
why, before anything is played (amended W-STACK-3): a refused move is shown dimmed with
the engine's reason, choosing it explains and plays nothing."""

from __future__ import annotations

from engine import Game
from engine.core.ruleset import Seat
from engine.maharadjah import RULESET, legal
from engine.maharadjah import Options as MaharadjahOptions
from engine.maharadjah import intents as I
from engine.maharadjah.state import Phase
from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.games import adapter_for
from maharaja_tui.games.maharadjah_move import MoveBox, MoveScreen
from maharaja_tui.screens.game import GameScreen
from tests.maharadjah.helpers import play
from tests.maharadjah.test_stacking import maurya_invasion
from tests.tui.helpers import screen_text, synchronously
from tests.tui.test_maharadjah import QUIET, new_game, played


def kashmir_full() -> Game:
    """The Maurya invasion of turn 1 with 4 armies already in rough Kashmir (the large
    stack, W-STACK-2), 2 in Baluchistan and 3 in the Punjab: Kashmir can take no more."""
    s = maurya_invasion()
    for start, dest, n in (("CAS", "KAS", 4), ("AFG", "BAL", 2), ("AFG", "PUN", 3)):
        play(s, "MAURYA", I.Move(start=start, path=(dest,), armies=n))
    seats = [Seat(name) for name in ("Ann", "Bo", "Cy", "Di", "Eve")]
    return Game(RULESET, seats, MaharadjahOptions(), 7100, start=s)


@synchronously
async def test_the_move_dialog_shows_a_refused_move_with_its_reason() -> None:
    """W-STACK-3: "Move from Central Asia…" lists the moves to the Ganges and, dimmed,
    "1 army: Central Asia → Kashmir" with the rule and the reason; Enter on it says why
    and plays nothing, Escape goes back."""
    game = kashmir_full()
    seat = game.to_move()[0]
    app = MaharajaApp(Start("game", game=game), computer_delay=QUIET)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.viewer == seat
        entry = next(n for n, e in enumerate(screen.entries)
                     if isinstance(e.intents[0], I.Move) and e.intents[0].start == "CAS")
        await pilot.press("a", *["down"] * entry, "enter")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, MoveScreen) and isinstance(dialog.box, MoveBox)
        text = screen_text(app)
        assert "✗ 1 army: Central Asia → Kashmir — W-STACK-3: Kashmir cannot take" in text
        line = len(dialog.box.moves) + len(dialog.box.stops)  # the refused moves come last
        steps = len(game.steps)
        await pilot.press(*["down"] * line, "enter")
        await pilot.pause()
        assert app.screen is dialog and len(game.steps) == steps
        assert "none may go there now" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and len(game.steps) == steps


def test_a_stack_with_every_move_refused_is_listed_dimmed_with_the_reason() -> None:
    """W-STACK-3: the Mughals' stack in Ladakh (random game, seed 12) could reach Nepal,
    but any army sent there would be lost to the limits: the list keeps "Move from
    Ladakh…" dimmed with the engine's reason instead of leaving it out."""
    game = played(new_game(4, seed=12), 558, 12)
    s = game.state
    assert s.phase == Phase.MOVE and s.active == "MUGHALS" and s.fresh.get("LAD")
    seat = game.to_move()[0]
    intents = game.legal_intents(seat)
    assert not [i for i in intents if isinstance(i, I.Move) and i.start == "LAD"]
    adapter = adapter_for(RULESET, game.seats)
    [entry] = adapter.unavailable(game.view(seat), seat, intents)
    assert entry.intents == (legal.refused_moves(s, "LAD")[0],)
    assert "".join(t for t, _ in entry.label) == "Move from Ladakh…"
    try:
        RULESET.decide(game.view(seat), seat, entry.intents[0])
    except Exception as refusal:  # noqa: BLE001 - the screen shows this refusal
        assert str(refusal).startswith("W-STACK-3: Nepal cannot take 1 more Mughals army")
    else:
        raise AssertionError("the representative move was accepted")
