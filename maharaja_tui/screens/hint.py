"""Hint: the hard computer's suggestion for the decision at hand, with its best rivals.

The search (``engine.bots.advice``) reads only the seat's view, on a worker thread
so the screen stays live; Esc cancels it. Enter on a suggestion plays it (the
game's rules check it as any choice); Esc closes without playing.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from typing import Any

from rich.console import Console, ConsoleOptions, Group
from rich.segment import Segment
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import LoadingIndicator, OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from engine.bots.advice import Advice, advise
from maharaja_tui.screens.boxed import BoxScreen
from maharaja_tui.widgets.choices import ChoiceList
from maharaja_tui.widgets.dialog_box import DialogBox
from maharaja_tui.widgets.focus import focus_now
from maharaja_tui.widgets.segments import Painter, Palette, RoleStyles, Segments

Labeller = Callable[[Any], Segments]
BULLET = 9  # "   best: ", "     or: ": a reason's text starts after its bullet
LABEL_HANG = 2  # a label's wrapped lines, under its first word but for these columns


class Hanging:
    """Text after a bullet whose wrapped lines hang under the text's first word, not
    under the bullet (a hanging indent): ``indent`` columns in, the bullet right-aligned
    in them; a text without a bullet starts at the left edge, its wrapped lines
    ``indent`` in."""

    def __init__(self, text: Text, bullet: str = "", indent: int = BULLET) -> None:
        self.text = text
        self.bullet = bullet
        self.indent = indent

    def __rich_console__(self, console: Console,
                         options: ConsoleOptions) -> Iterator[Segment]:
        width = max(1, options.max_width - self.indent)
        for n, line in enumerate(self.text.wrap(console, width)):
            if n or self.bullet:
                yield Segment(self.bullet.rjust(self.indent) if n == 0 else " " * self.indent)
            line.rstrip()
            yield from line.render(console)
            yield Segment.line()


class HintBox(RoleStyles, DialogBox):
    """Answers the suggestion chosen to play, or None. A ``HintScreen``'s box, or drawn
    inside the game screen (a session's, see ``DialogBox``)."""

    BINDINGS = [Binding("escape", "cancel", "Back", id="hint.cancel")]

    def __init__(self, ruleset: Any, view: Any, seat: int, legal: list[Any],
                 label: Labeller, colours: Palette | None) -> None:
        super().__init__(id="hint-box")
        self.ruleset = ruleset
        self.view = view
        self.seat = seat
        self.legal = legal
        self.label = label
        self.colours = colours
        self.advice: list[Advice] | None = None
        self._stop = threading.Event()

    def compose(self) -> ComposeResult:
        yield Static("Hint — the hard computer's view of this decision",
                     classes="dialog-title")
        yield LoadingIndicator(id="hint-thinking")
        options = ChoiceList(id="hint-options")
        options.display = False  # until the advice comes
        yield options
        yield Static("Thinking… Esc cancels", id="hint-keys", classes="dialog-hint")

    def on_mount(self) -> None:
        if self.asking:  # not answered as it opened (Escape), its screen not closed
            self.think()

    @work(thread=True, exclusive=True, group="hint")
    def think(self) -> None:
        worker = get_current_worker()

        def stop() -> bool:
            return self._stop.is_set() or worker.is_cancelled

        advice = advise(self.ruleset, self.view, self.seat, self.legal, stop=stop)
        if not stop():
            self.app.call_from_thread(self.show, advice)

    def show(self, advice: list[Advice]) -> None:
        if not self.asking:  # cancelled, or its screen closed, while it thought
            return
        self.advice = advice
        painter = Painter(self.painter, self.colours)
        options = self.query_one(OptionList)
        for rank, item in enumerate(advice):
            text = painter.text(self.label(item.intent))
            text.stylize("bold")
            bullet = f"{'best' if rank == 0 else 'or'}: "
            options.add_option(Option(Group(Hanging(text, indent=LABEL_HANG),
                                            Hanging(Text(item.reason), bullet))))
        self.query_one(LoadingIndicator).display = False
        options.display = True
        options.highlighted = 0
        focus_now(options)
        self.query_one("#hint-keys", Static).update(
            "↑↓ choose · Enter play it · Esc back (nothing played)")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if self.advice is not None:
            self.dismiss(self.advice[event.option_index].intent)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def on_unmount(self) -> None:
        """Answered or not, taken away: the search stops."""
        self._stop.set()
        self.workers.cancel_group(self, "hint")


class HintScreen(BoxScreen):
    """A ``HintBox`` on a screen of its own, over the game or the scoring screen."""

    @property
    def advice(self) -> list[Advice] | None:
        box = self.box
        return box.advice if isinstance(box, HintBox) else None
