"""A modal list of choices (a route, a slot, a character...), answered with the index;
a yes/no question.

A long list filters as you type (the words typed, in any order; Backspace, Esc
clears the filter, a second Esc goes back); Enter picks the highlighted choice."""

from __future__ import annotations

from collections.abc import Callable
from typing import Self

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Button, OptionList, Static

from maharaja_tui.screens.boxed import BoxScreen
from maharaja_tui.widgets.choices import ChoiceList, say_filter
from maharaja_tui.widgets.dialog_box import DialogBox
from maharaja_tui.widgets.focus import focus_now
from maharaja_tui.widgets.segments import Painter, Palette, RoleStyles, Segments

# The keys; Esc's "back" follows as a button, for the mouse (see ``answer``).
# Labels kept painted in a box (see ChoiceBox._choices): many lists' worth.
KEPT_LABELS = 256
HINT = "↑↓ choose · Home/End · PgUp/PgDn · Enter confirm ·"


class ChoiceBox(RoleStyles, DialogBox):
    """The prompt and its choices: a ``ChoiceScreen``'s box, or drawn inside the screen
    it asks over (a session's game screen, see ``DialogBox``). Answers the index."""

    BINDINGS = [Binding("escape", "cancel", "Back", id="choice.cancel")]

    def __init__(self, prompt: str, labels: list[Segments], colours: Palette | None, *,
                 highlighted: int = 0, then: Callable[[int | None], None] | None = None) -> None:
        """``highlighted``: the choice the cursor starts on (a lesson's step)."""
        super().__init__(then=then, id="choice-box")
        self.prompt = prompt
        self.labels = labels
        self.colours = colours
        self.highlighted = highlighted
        # The labels painted in this box (see _choices), with the role styles they
        # were painted with.
        self._made: tuple[object, dict[Segments, Content]] | None = None

    def compose(self) -> ComposeResult:
        # The box composes filled (its styles are applied by then, which the labels'
        # roles read): filled at its mount, it was laid out and drawn twice as it opened,
        # at its first height and at its full one (over SSH its rows written twice).
        options = ChoiceList(id="choice-options")
        options.typing = True
        options.show_choices(self._choices(), self.highlighted)
        said = options.describe_filter()
        yield Static(self.prompt, id="choice-prompt", classes="dialog-title")
        yield options
        line = Static(said, id="choice-filter", classes="dialog-hint")
        line.display = bool(said)
        yield line
        with Horizontal(classes="dialog-buttons"):
            yield Static(HINT, classes="dialog-hint")
            yield answer("Esc", "back", "choice-back")

    def on_mount(self) -> None:
        if not self.asking:  # answered as it opened (Escape), or its screen closed
            return
        focus_now(self.query_one(ChoiceList))

    def _choices(self) -> list[Content]:
        """The labels as the list's options: Content, whose rows the list keeps once
        drawn (``ChoiceList.render_line``). As rich Text, Textual drew every row again at
        each repaint after the options were set, and again as the focus came into the
        box and went back out (a restyle): a fifth of a session's dialog move.

        A label asked before in this box (a box kept to ask its next question: the same
        cities, slots and characters come back turn after turn) is the same Content as
        then, whose rows the list keeps: made anew, each was drawn again, most of the
        cost of a list's first frame. Kept while the box's role styles are those it was
        painted with (a new theme or class restyles the box, and forgets them)."""
        painter = Painter(self.painter, self.colours)
        console = self.app.console
        made = self._made
        painted_with = getattr(self.painter, "_role_styles", None)
        if made is None or made[0] is not painted_with \
                or len(made[1]) >= KEPT_LABELS:
            made = None
        contents = made[1] if made is not None else {}
        choices = []
        for label in self.labels:
            content = contents.get(label)
            if content is None:
                content = contents[label] = Content.from_rich_text(painter.text(label),
                                                                   console=console)
            choices.append(content)
        # After painting: its first role drawn makes the painter's role styles.
        self._made = (getattr(self.painter, "_role_styles", None), contents)
        return choices

    def reopen(self, box: Self) -> bool:
        """The next list in this box (see ``DialogBox.reopen``): its prompt and choices,
        unfiltered, in the widgets the last one showed."""
        if box.colours is not self.colours:
            return False
        self.prompt, self.labels, self.highlighted = box.prompt, box.labels, box.highlighted
        prompt = self.query_one("#choice-prompt", Static)
        if str(prompt.content) != self.prompt:
            prompt.update(self.prompt)
        options = self.query_one(ChoiceList)
        options.set_filter("")
        options.show_choices(self._choices(), self.highlighted)
        focus_now(options)
        return True

    def on_choice_list_filtered(self, event: ChoiceList.Filtered) -> None:
        say_filter(self.query_one("#choice-filter", Static), event.choices.describe_filter())

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        index = self.query_one(ChoiceList).index_of(event.option_index)
        if index is not None:
            self.dismiss(index)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)  # "Esc back", clicked


class ChoiceScreen(BoxScreen):
    """A ``ChoiceBox`` on a screen of its own, over the screen that asks."""

    BINDINGS = ChoiceBox.BINDINGS  # its Escape before the box has the focus: "back"

    def __init__(self, prompt: str, labels: list[Segments], colours: Palette | None, *,
                 highlighted: int = 0) -> None:
        """``highlighted``: the choice the cursor starts on (a lesson's step)."""
        super().__init__(ChoiceBox(prompt, labels, colours, highlighted=highlighted))


def answer(key: str, words: str, id: str, *, primary: bool = False) -> Button:
    """A question's answer for the mouse, named with its key: never focused, so keys
    answer as they always did (Enter is the screen's, not a focused button's)."""
    button = Button(f"{key} {words}", compact=True, id=id,
                    variant="primary" if primary else "default")
    button.can_focus = False
    return button


class ConfirmBox(DialogBox):
    """A yes/no question (taking back other players' decisions, overwriting a file,
    ending a turn with something unused): a ``ConfirmScreen``'s box, or drawn inside the
    screen it asks over (a session's game screen, see ``DialogBox``). ``enter``: the
    words of Enter's yes (the end of a turn is confirmed as it was chosen, with Enter);
    without them only y is yes, so a stray Enter never agrees to take back another
    player's decision.

    Both answers are buttons too, for the mouse, each named with its key ("Enter ends
    it", "Esc back"). They never take the focus: Enter on a focused "back" would
    answer the opposite of what Enter says, and on "yes" it would agree to an undo
    that only y may agree to. The box takes it, so that its keys reach it. A click
    outside the box answers nothing: no other dialog of the app closes on one either."""

    BINDINGS = [Binding("y", "answer(True)", "Yes", id="choice.yes"),
                Binding("n,escape", "answer(False)", "No", id="choice.no"),
                Binding("enter", "enter", "Yes", show=False, id="choice.enter")]
    can_focus = True

    def __init__(self, question: str, enter: str = "", no: str = "back", *,
                 then: Callable[[bool | None], None] | None = None) -> None:
        """``no``: the words of Esc's no, beside Enter's (``enter``)."""
        super().__init__(then=then)
        self.question = question
        self.enter = enter
        self.no = no

    def compose(self) -> ComposeResult:
        yes, no = (("Enter", self.enter), ("Esc", self.no)) if self.enter \
            else (("y", "yes"), ("n", "no"))
        yield Static(self.question, classes="dialog-title")
        with Horizontal(classes="dialog-buttons"):
            # Enter's yes stands out, as the answer Enter gives; y's does not
            yield answer(*yes, "confirm-yes", primary=bool(self.enter))
            yield answer(*no, "confirm-no")

    def on_mount(self) -> None:
        if self.asking:
            focus_now(self)

    def reopen(self, box: Self) -> bool:
        """The next question in this box (see ``DialogBox.reopen``), when its answers
        are the same (their buttons stay)."""
        if (box.enter, box.no) != (self.enter, self.no):
            return False
        self.question = box.question
        line = self.query_one(".dialog-title", Static)
        if str(line.content) != self.question:
            line.update(self.question)
        focus_now(self)
        return True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "confirm-yes")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action != "enter" or bool(self.enter)

    def action_enter(self) -> None:
        self.dismiss(True)

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class ConfirmScreen(BoxScreen):
    """A ``ConfirmBox`` on a screen of its own, over the screen that asks."""

    BINDINGS = [ConfirmBox.BINDINGS[1]]  # its n and Esc before the box has the focus

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
