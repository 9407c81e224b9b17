"""CI smoke run of a normal install: started by the fresh venv's python outside the checkout,
it mounts the installed app headless and checks its first game frame and its rules
reference (the files a wheel used to lack: the .tcss styles, the rules' .md copies),
and that every game has recorded games to watch, opened from the install's own folder."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from textual.widgets import OptionList

import maharaja_tui
from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.screens.game import GameScreen
from maharaja_tui.screens.help import HelpScreen
from maharaja_tui.screens.new_game import default_setup


async def first_frame() -> None:
    # what a bare `maharaja` starts, with a fixed seed
    app = MaharajaApp(Start("play", setup=default_setup(seed=1)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen), f"the first screen is {app.screen!r}"
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen), f"F1 shows {app.screen!r}"
        sections = app.screen.query_one("#help-toc", OptionList).option_count
        assert sections > 1, "the rules reference has no sections"


def recordings() -> None:
    """The recorded games ship in the wheel: each game lists some, and one opens."""
    from engine.core import record
    from engine.registry import rulesets
    from maharaja_tui import watch
    from maharaja_tui.games import playable

    missing = [game for game in playable() if not watch.recorded(game)]
    assert not missing, f"no recorded game to watch of {', '.join(missing)}"
    first = watch.recorded(next(iter(playable())))[0]
    assert Path(sys.prefix).resolve() in first.path.resolve().parents, first.path
    assert record.load(first.path, rulesets(), validate=False).is_over()


def main() -> int:
    installed = Path(maharaja_tui.__file__).resolve()
    if Path(sys.prefix).resolve() not in installed.parents:
        print(f"smoke: maharaja_tui comes from {installed}, not from the installed wheel")
        return 1
    asyncio.run(first_frame())  # quiet when it works: pytest's summary stays CI's last line
    recordings()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
