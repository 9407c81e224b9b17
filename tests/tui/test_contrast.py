"""A contrast floor for every cell: the screens of each game are
rendered under Textual's themes and under NO_COLOR, and every cell holding a glyph
must meet WCAG 2's ratio of its foreground to its background: 4.5:1 for text (1.4.3,
AA), 3:1 for graphics (1.4.11: roads, box and block characters), as the terminal shows
them (``shown_colours``): in its colour system (a 256-colour terminal draws the nearest
of its palette), bold text of the 8 basic colours in their bright variants, faint text
as the blended colour. Colours the terminal owns (default, the 16 ANSI ones) are read
from the app's estimate of its palette."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

from engine import Game
from engine.core.autoplay import random_intent
from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.compat import rows_shown
from maharaja_tui.contrast import (
    GRAPHICS_FLOOR,
    SYSTEMS,
    TEXT_FLOOR,
    contrast,
    is_graphic,
    shown_colours,
)
from tests.tui import games, maharani_games, raja_games
from tests.tui.helpers import synchronously

SAMPLE = ("textual-dark", "textual-light", "ansi-dark", "ansi-light")


def maharadjah_game() -> Game:
    from engine.core.ruleset import Seat
    from engine.maharadjah import RULESET
    from engine.maharadjah.options import Options

    game = Game(RULESET, [Seat("Ann"), Seat("Bo"), Seat("Cy")], Options(), 3)
    rng = Random(1)
    for _ in range(120):
        if game.is_over():
            break
        game.play(*random_intent(game, rng))
    return game


GAMES = {
    "maharaja": lambda: games.game_until(games.my_turn),
    "raja": lambda: raja_games.game_until(raja_games.my_turn),
    "maharani": lambda: maharani_games.game_until(maharani_games.my_turn),
    "maharadjah": maharadjah_game,
}


def too_faint(app: Any) -> list[tuple[float, str, str]]:
    """Every run of cells below its floor: (ratio, text, where), on the screen shown."""
    terminal = app.ansi_theme
    system = SYSTEMS.get(app.console.color_system or "")
    out = []
    for y, row in enumerate(rows_shown(app.screen)):
        for seg in row:
            style = seg.style
            if style is None or not seg.text.strip():
                continue
            front, back = shown_colours(style, None, terminal, system)
            ratio = contrast(front, back)
            floor = GRAPHICS_FLOOR if is_graphic(seg.text) else TEXT_FLOOR
            if ratio < floor - 0.01:
                out.append((round(ratio, 2), seg.text, f"{type(app.screen).__name__} row {y}"))
    return out


async def check(app: MaharajaApp, themes: tuple[str, ...], size: tuple[int, int],
                keys: tuple[str, ...] = ()) -> dict[str, list[tuple[float, str, str]]]:
    failures = {}
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        if keys:
            await pilot.press(*keys)
            await pilot.pause()
        for theme in themes:
            app.theme = theme
            await pilot.pause()
            faint = too_faint(app)
            if faint:
                failures[theme] = faint[:5]
    return failures


# Every theme (19, ~3.3 CPU-s) in the slow job; the default run keeps the sampled themes
# on every game's screen (test_each_game_meets_the_floor_in_light_dark_and_ansi_themes)
# and NO_COLOR, so a theme-wide regression still fails there.
@pytest.mark.slow
@synchronously
async def test_every_theme_meets_the_floor_on_the_maharaja_game_screen() -> None:
    app = MaharajaApp(Start("game", game=GAMES["maharaja"]()), computer_delay=3600)
    themes = tuple(app.available_themes)
    assert len(themes) > 10
    assert await check(app, themes, (80, 24), ("m",)) == {}


@pytest.mark.parametrize("game", list(GAMES))
@synchronously
async def test_each_game_meets_the_floor_in_light_dark_and_ansi_themes(game: str) -> None:
    app = MaharajaApp(Start("game", game=GAMES[game]()), computer_delay=3600)
    # m: the map focused, its cursor drawn (what the every-theme test, now slow, also saw)
    assert await check(app, SAMPLE, (120, 40), ("m",)) == {}


@pytest.mark.parametrize("game", list(GAMES))
@synchronously
async def test_each_game_meets_the_floor_under_no_color(game: str,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = MaharajaApp(Start("game", game=GAMES[game]()), computer_delay=3600)
    assert app.no_color
    assert await check(app, ("textual-dark", "textual-light", "ansi-dark"), (80, 24)) == {}


@pytest.mark.parametrize("game", list(GAMES))
@synchronously
async def test_each_game_meets_the_floor_in_a_256_colour_terminal(
        game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Under NO_COLOR in a 256-colour terminal (tmux's): bold grey text that met the floor
    in true colour (#7d7d7d) was drawn as the palette's nearest, 243 on 233: 4.1:1."""
    import textual.constants

    monkeypatch.setattr(textual.constants, "COLOR_SYSTEM", "256")
    for no_color in (True, False):
        if no_color:
            monkeypatch.setenv("NO_COLOR", "1")
        else:
            monkeypatch.delenv("NO_COLOR")
        app = MaharajaApp(Start("game", game=GAMES[game]()), computer_delay=3600)
        assert app.console.color_system == "256"
        themes = ("textual-dark", "ansi-dark") if no_color else SAMPLE
        assert await check(app, themes, (80, 24), ("m",)) == {}


def test_what_the_terminal_shows_for_bold_and_dim() -> None:
    from rich.color import Color as RichColor
    from rich.style import Style
    from textual.theme import BUILTIN_THEMES  # noqa: F401  (the app's palettes)

    from maharaja_tui.contrast import DIM_FACTOR, blend, fixed_style

    app = MaharajaApp()
    terminal = app.ansi_theme
    eight_bit = SYSTEMS["256"]
    grey = Style(color=RichColor.from_rgb(0x7D, 0x7D, 0x7D), bgcolor=RichColor.from_rgb(
        0x12, 0x12, 0x12), bold=True)
    front, back = shown_colours(grey, None, terminal, eight_bit)
    assert front == (0x76, 0x76, 0x76) and contrast(front, back) < TEXT_FLOOR  # 243 on 233
    fixed = fixed_style(grey, None, False, terminal, eight_bit)
    assert contrast(*shown_colours(fixed, None, terminal, eight_bit)) >= TEXT_FLOOR
    yellow = Style(color="yellow", bold=True)  # ANSI 3, bold: the bright yellow, 11
    assert shown_colours(yellow, None, terminal, None)[0] == tuple(
        RichColor.from_ansi(11).get_truecolor(terminal))
    faint = Style(color="#ffffff", bgcolor="#000000", dim=True)
    assert shown_colours(faint, None, terminal, None)[0] == blend((0, 0, 0), (255, 255, 255),
                                                                  DIM_FACTOR)


@pytest.mark.parametrize("keys", [(), ("f1",), ("l",)], ids=["new-game", "guide", "log"])
@synchronously
async def test_the_other_screens_meet_the_floor(keys: tuple[str, ...],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    start = Start("new", seed=42) if not keys else Start(
        "game", game=GAMES["maharaja"]())
    app = MaharajaApp(start, computer_delay=3600)
    assert await check(app, SAMPLE, (80, 24), keys) == {}
    monkeypatch.setenv("NO_COLOR", "1")
    app = MaharajaApp(start, computer_delay=3600)
    assert await check(app, ("textual-dark",), (80, 24), keys) == {}


def test_the_floor_moves_a_colour_only_as_far_as_needed() -> None:
    from maharaja_tui.contrast import readable

    yellow, white = (232, 192, 0), (240, 240, 240)
    darker = readable(yellow, white, TEXT_FLOOR)
    assert contrast(darker, white) >= TEXT_FLOOR
    assert contrast(darker, white) < TEXT_FLOOR + 0.3  # no further than needed
    assert darker[0] > darker[2]  # still a yellow-brown, not black or grey
    assert readable((250, 250, 250), (0, 0, 0), TEXT_FLOOR) == (250, 250, 250)


def test_the_floor_looks_the_terminal_palette_up_once_a_css_generation(monkeypatch) -> None:  # noqa: ANN001
    """The floor asks for the terminal's palette at every line it draws; Textual's
    ``ansi_theme`` looks the current theme up each time (more than half the floor's cost
    at launch). It is kept until the CSS is invalidated (a theme change)."""
    looked_up: list[str] = []
    real = MaharajaApp.ansi_theme

    def counted(app: MaharajaApp) -> Any:
        looked_up.append(app.theme)
        return real.fget(app)  # type: ignore[attr-defined]

    monkeypatch.setattr(MaharajaApp, "ansi_theme", property(counted))
    app = MaharajaApp()
    for _ in range(3):
        app._terminal_palette()
    assert len(looked_up) == 1
    app.theme = "textual-light"  # invalidates the CSS at once (and looks it up itself)
    looked_up.clear()
    palette = app._terminal_palette()
    assert app._terminal_palette() is palette
    assert looked_up == ["textual-light"]
    assert palette is real.fget(app)  # type: ignore[attr-defined]


def test_a_second_app_works_out_no_floor_the_first_did(monkeypatch) -> None:  # noqa: ANN001
    """A server's sessions draw the same screens with styles of their own, equal to
    one another's: the floor each style needs is worked out once in the process, and
    a style that passes is given back as it is (the same segment, not a copy)."""
    from rich.segment import Segment
    from rich.style import Style
    from rich.terminal_theme import MONOKAI
    from textual.color import Color

    from maharaja_tui import contrast as floor

    def line() -> list[Segment]:  # each app's own style objects
        return [Segment("ab", Style(color="#303030")), Segment("cd", Style(color="#f0f0f0")),
                Segment("──", Style(color="#303030"))]

    first, second = (floor.MinimumContrast(lambda: MONOKAI) for _ in range(2))
    back = Color(0, 0, 0)
    drawn = first.apply(line(), back)
    worked_out: list[Style] = []
    real = floor.fixed_style

    def counted(style: Style, *args: Any) -> Style:
        worked_out.append(style)
        return real(style, *args)

    monkeypatch.setattr(floor, "fixed_style", counted)
    again = line()
    shown = second.apply(again, back)
    assert worked_out == []
    assert shown == drawn
    assert shown[1] is again[1]  # passes: its own segment
    assert shown[0].style != again[0].style  # too dark on black: moved
