"""Driving the app as a person would: keys on whatever screen is up."""

from __future__ import annotations

import time

from textual.pilot import Pilot

from maharaja_tui.compat import parsed_keys, rows_shown
from maharaja_tui.screens.choice import ChoiceScreen, ConfirmScreen
from maharaja_tui.screens.final import FinalScreen
from maharaja_tui.screens.game import GameScreen
from maharaja_tui.screens.plan import PlanScreen
from maharaja_tui.screens.privacy import PrivacyScreen
from maharaja_tui.screens.scoring import ScoringScreen
from maharaja_tui.widgets.map_graph import MapGraph


def screen_text(app) -> str:  # noqa: ANN001
    """The rendered terminal, as plain text (what a person would read)."""
    return "\n".join(strip.text for strip in rows_shown(app.screen))


async def click_words(pilot: Pilot, words: str) -> None:
    """Click the middle of ``words`` where the terminal shows them (once), as a person
    steering with the mouse would: a button, a link, a line."""
    rows = screen_text(pilot.app).split("\n")
    found = [(row.index(words), y) for y, row in enumerate(rows) if words in row]
    assert len(found) == 1, (words, found)
    x, y = found[0]
    await pilot.click(offset=(x + len(words) // 2, y))
    await pilot.pause()


def pick(labels: list[str]) -> int:
    """A patient player's pick: build or act, sometimes move, then end the turn."""
    for n, label in enumerate(labels):
        if not label.startswith(("✗", "Move your priest", "End your turn", "Spend", "Use character",
                                 "Change character", "Move a flag")):
            return n
    for n, label in enumerate(labels):
        if label.startswith("End your turn"):
            return n
    return 0


async def decide(pilot: Pilot, app) -> str:  # noqa: ANN001
    """Make one human decision with the keyboard; returns what was done."""
    screen = app.screen
    if isinstance(screen, PrivacyScreen):
        await pilot.press("enter")
        return "privacy"
    if isinstance(screen, PlanScreen):
        await pilot.press("5", "enter", "7", "enter")
        return "plan"
    if isinstance(screen, ChoiceScreen | ConfirmScreen):
        await pilot.press("enter" if isinstance(screen, ChoiceScreen) else "y")
        return "choice"
    if isinstance(screen, FinalScreen):
        return "final"
    if isinstance(screen, ScoringScreen | GameScreen):
        entries = screen.entries
        if isinstance(screen, ScoringScreen) and not entries:
            await pilot.press("escape")
            return "scoring-closed"
        if not entries:
            await pilot.pause(0.05)
            return "wait"
        labels = ["".join(t for t, _ in e.label) for e in entries]
        index = pick(labels)
        if isinstance(screen, GameScreen):
            await pilot.press("a")
        await pilot.press("home", *(["down"] * index), "enter")
        return labels[index]
    await pilot.pause(0.05)
    return "wait"


async def settled(pilot: Pilot, condition, what: str, seconds: float = 30.0) -> None:  # noqa: ANN001
    """Pause until ``condition()`` holds: what the app does after its first frame (a
    notice, a worker's result drawn) can take several frames on a loaded machine.
    Bounded by wall time, not by a count of pauses: under load (7 suites on 2 cores) 200
    pauses of 20 ms passed before the app had drawn a notice it was about to draw."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"never came: {what}")
        await pilot.pause(0.02)


def notices(app, *, bell: bool = False) -> list[str]:  # noqa: ANN001
    """Every notice ``app`` raises from now on, as text (call it before ``run_test``
    to catch those of the mount), and with ``bell`` every ring of its bell as "(bell)".
    This one app's methods are wrapped (Textual has no public hook for either); not
    ``app._notifications``: Textual drops a notice from it once its timeout (5-15 s) has
    passed, and under load the first frame alone can take longer than that (the bad
    file's 10 s notice was gone when the test first looked, 3 runs of 3 with the test on
    one core beside 6 busy loops)."""
    said: list[str] = []
    notify, ring = app.notify, app.bell

    def recording(message, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        said.append(str(message))
        return notify(message, *args, **kwargs)

    def ringing() -> None:
        said.append("(bell)")
        ring()

    app.notify = recording
    if bell:
        app.bell = ringing
    return said


def synchronously(test):  # noqa: ANN001, ANN201
    """Run an async pilot test with asyncio.run (no async pytest plugin is installed)."""
    import asyncio
    import functools
    import inspect

    @functools.wraps(test)
    def run(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        return asyncio.run(test(*args, **kwargs))

    run.__signature__ = inspect.signature(test)  # type: ignore[attr-defined]
    return run


async def typed(pilot: Pilot, text: str) -> None:
    """``text`` as a terminal delivers keys typed together (a burst, a paste, a slow SSH
    link): one read, parsed by Textual's own parser, every event queued on the app
    before it handles the first (as the driver's input thread queues them, here without
    the thread's hop, so the order never depends on the loop's scheduling). Then a few
    pauses, each waiting until the screen's widgets have handled what was queued when
    it began: a key may start a chain of messages (a dialog opened and focused).
    ``pilot.press`` instead waits after every key, which hides a key that goes astray
    while the one before it is still being handled."""
    app = pilot.app
    for event in parsed_keys(text):
        event.set_sender(app)
        app.post_message(event)
    for _ in range(3):
        await pilot.pause()


def map_places(graph: MapGraph) -> list[tuple[int, int, str]]:
    """Each cell of the road map that shows a place, as (x, y, place), x and y on the
    widget as a click or the mouse is given them (its padding included)."""
    left = graph.content_region.x - graph.region.x
    top = graph.content_region.y - graph.region.y
    return [(x + left, y + top, cell.place) for y, row in enumerate(graph._window)
            for x, cell in enumerate(row) if cell.place is not None]
