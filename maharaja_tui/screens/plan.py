"""Planning: set both arrows of the disc, in secret (MJ-ROUND-2, R-ROUND-3)."""

from __future__ import annotations

from typing import Self, cast

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.css.styles import RulesMap
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from maharaja_tui.screens.boxed import BoxScreen
from maharaja_tui.widgets.choices import ChoiceList
from maharaja_tui.widgets.dialog_box import DialogBox
from maharaja_tui.widgets.focus import focus_now


class PlanBox(DialogBox):
    """Two lists of the disc's actions; Enter on the second commits the plan (answers
    the two arrows' actions). A ``PlanScreen``'s box, or drawn inside the game screen
    (a session's, see ``DialogBox``)."""

    # Digits and Enter are the box's priority bindings, handled in the order they were
    # typed: a key that is not bound is forwarded to the focused list a message later,
    # and focus itself moves a message later, so quick typing (a paste, an SSH
    # connection) could set the wrong arrow or commit before the last digit.
    BINDINGS = [Binding("escape", "cancel", "Back", id="plan.cancel"),
                Binding("enter", "next", "Next / commit", priority=True, id="plan.next"),
                Binding("up", "step(-1)", show=False, priority=True, id="plan.up"),
                Binding("down", "step(1)", show=False, priority=True, id="plan.down"),
                *[Binding(str(n), f"digit({n})", show=False, priority=True,
                          id=f"plan.digit-{n}") for n in range(1, 10)],
                Binding("left", "arrow(0)", "Arrow 1", show=False, id="plan.first-arrow"),
                Binding("right", "arrow(1)", "Arrow 2", show=False, id="plan.second-arrow")]

    def __init__(self, actions: tuple[tuple[int, str], ...], who: str) -> None:
        super().__init__(id="plan-box")
        self.actions = actions
        self.who = who
        self.choice = [actions[0][0], actions[0][0]]
        # The arrow being set. Kept here, not read from the focus: focus moves a
        # message later, and keys typed quickly must not land on the wrong arrow.
        self.arrow = 0

    def compose(self) -> ComposeResult:
        # The box composes filled (the first actions highlighted, the summary said):
        # filled at its mount, it was laid out and drawn twice as it opened (over SSH,
        # inside a session's screen, its rows written twice).
        yield Static(self._title(), classes="dialog-title")
        with Horizontal(id="plan-arrows"):
            for n in (1, 2):
                with Vertical(classes="plan-arrow"):
                    yield Static(f"Arrow {n}", classes="plan-arrow-title")
                    # Content prompts, as a ChoiceList keeps their rows once drawn: as
                    # strings, Textual drew the rows again as Enter took the focus from
                    # the first arrow to the second (a restyle of both lists).
                    arrow = ChoiceList(
                        *[Option(Content.from_markup(f"{n} {name}"), id=str(a))
                          for n, (a, name) in enumerate(self.actions, start=1)],
                        id=f"arrow-{n}", compact=True)
                    arrow.highlighted = 0
                    yield arrow
        yield Static(self._said(), id="plan-summary")
        yield Static("↑↓ or 1–9 pick · Enter next / commit · ←→ switch · Esc back",
                     classes="dialog-hint")

    def on_mount(self) -> None:
        if self.asking:  # not answered as it opened (Escape), its screen not closed
            focus_now(self.query_one("#arrow-1", OptionList))

    def reopen(self, box: Self) -> bool:
        """The next plan in this box (see ``DialogBox.reopen``), when it offers the same
        actions: both arrows on the first again, the first arrow's to set."""
        if box.actions != self.actions:
            return False
        self.who, self.choice, self.arrow = box.who, box.choice, 0
        title = self.query_one(".dialog-title", Static)
        if str(title.content) != self._title():
            title.update(self._title())
        for n in (1, 2):
            self.query_one(f"#arrow-{n}", OptionList).highlighted = 0
        self._summary()
        focus_now(self.query_one("#arrow-1", OptionList))
        return True

    def action_digit(self, number: int) -> None:
        if number <= len(self.actions):
            self._point(number - 1)

    def action_step(self, delta: int) -> None:
        current = self.query_one(f"#arrow-{self.arrow + 1}", OptionList).highlighted or 0
        self._point(max(0, min(len(self.actions) - 1, current + delta)))

    def _point(self, index: int) -> None:
        self.query_one(f"#arrow-{self.arrow + 1}", OptionList).highlighted = index
        self._read_lists()
        self._summary()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._read_lists()
        self._summary()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """A click on an option: that arrow points there, then on as Enter goes."""
        self.arrow = 0 if event.option_list.id == "arrow-1" else 1
        event.option_list.highlighted = event.option_index
        self.action_next()

    def _read_lists(self) -> None:
        """The lists' highlights are the truth: they change at once, when a key or a
        click sets them, while their messages may still be on the way."""
        for index in (0, 1):
            highlighted = self.query_one(f"#arrow-{index + 1}", OptionList).highlighted
            if highlighted is not None:
                self.choice[index] = self.actions[highlighted][0]

    def action_next(self) -> None:
        self._read_lists()
        if self.arrow == 0:
            self._summary()
            self.action_arrow(1)
        else:
            self.dismiss((self.choice[0], self.choice[1]))

    def _summary(self) -> None:
        line = self.query_one("#plan-summary", Static)
        said = self._said()
        if said == line.content:  # each list says its first highlight as the box opens
            return
        # As many rows as before (the box's width is the stylesheet's): no layout of the
        # whole screen under the box at each step of an arrow.
        width = line.content_region.width
        rules = cast(RulesMap, line.styles)
        same = width > 0 and Content(said).get_height(rules, width) == Content(
            str(line.content)).get_height(rules, width)
        line.update(said, layout=not same)

    def _title(self) -> str:
        return f"{self.who}: set both arrows of your disc (both may point at the same action)"

    def _said(self) -> str:
        names = dict(self.actions)
        return (f"Your disc: {names[self.choice[0]]} + {names[self.choice[1]]} — Enter on "
                "arrow 2 commits it")

    def action_arrow(self, index: int) -> None:
        self.arrow = index
        focus_now(self.query_one(f"#arrow-{index + 1}", OptionList))

    def action_cancel(self) -> None:
        self.dismiss(None)


class PlanScreen(BoxScreen):
    """A ``PlanBox`` on a screen of its own, over the game screen."""
