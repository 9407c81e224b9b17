"""A modal list of choices (a route, a slot, a character...); dismisses with the index.

A long list filters as you type (the words typed, in any order; Backspace, Esc
clears the filter, a second Esc goes back); Enter picks the highlighted choice."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, OptionList, Static

from maharaja_tui.screens.closing import Closing, is_open, while_open
from maharaja_tui.widgets.choices import ChoiceList
from maharaja_tui.widgets.dialog_box import DialogBox
from maharaja_tui.widgets.focus import focus_now
from maharaja_tui.widgets.segments import Painter, Palette, RoleStyles, Segments

# The keys; Esc's "back" follows as a button, for the mouse (see ``answer``).
HINT = "↑↓ choose · Home/End · PgUp/PgDn · Enter confirm ·"


class ChoiceBox(RoleStyles, DialogBox):
    """The prompt and its choices: a ``ChoiceScreen``'s box, or drawn inside the screen
    it asks over (a session's game screen, see ``DialogBox``). Answers the index."""

    BINDINGS = [Binding("escape", "cancel", "Back", id="choice.cancel")]

    def __init__(self, prompt: str, labels: list[Segments], colours: Palette | None, *,
                 highlighted: int = 0, then: Callable[[int | None], None] | None = None,
                 painter: Widget | None = None) -> None:
        """``highlighted``: the choice the cursor starts on (a lesson's step);
        ``painter``: the widget whose role styles paint the labels (the box's own when
        it is drawn inside the screen that asks; a ``ChoiceScreen``'s, dimmed over the
        screen under it, on a screen of its own)."""
        super().__init__(then=then, id="choice-box")
        self.painter = painter
        self.prompt = prompt
        self.labels = labels
        self.colours = colours
        self.highlighted = highlighted

    def compose(self) -> ComposeResult:
        # The box composes filled (its styles are applied by then, which the labels'
        # roles read): filled at its mount, it was laid out and drawn twice as it opened,
        # at its first height and at its full one (over SSH its rows written twice).
        painter = Painter(self.painter or self, self.colours)
        options = ChoiceList(id="choice-options")
        options.typing = True
        options.show_choices([painter.text(label) for label in self.labels], self.highlighted)
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
        # Answered as it opened (Escape), or its screen closed before it mounted.
        if self.answered or not self.is_attached or not is_open(self.screen):
            return
        focus_now(self.query_one(ChoiceList))

    def on_choice_list_filtered(self, event: ChoiceList.Filtered) -> None:
        line = self.query_one("#choice-filter", Static)
        said = event.choices.describe_filter()
        line.update(said)
        line.display = bool(said)

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


class ChoiceScreen(Closing, RoleStyles, ModalScreen[int | None]):
    """A ``ChoiceBox`` on a screen of its own, over the screen that asks (its Escape
    too: a key that comes before the box has the focus)."""

    BINDINGS = ChoiceBox.BINDINGS

    def __init__(self, prompt: str, labels: list[Segments], colours: Palette | None, *,
                 highlighted: int = 0) -> None:
        """``highlighted``: the choice the cursor starts on (a lesson's step)."""
        super().__init__()
        self.box = ChoiceBox(prompt, labels, colours, highlighted=highlighted,
                             then=self._answered, painter=self)

    def compose(self) -> ComposeResult:
        yield self.box

    @while_open
    def _answered(self, index: int | None) -> None:
        self.dismiss(index)

    def action_cancel(self) -> None:
        self.dismiss(None)


def answer(key: str, words: str, id: str, *, primary: bool = False) -> Button:
    """A question's answer for the mouse, named with its key: never focused, so keys
    answer as they always did (Enter is the screen's, not a focused button's)."""
    button = Button(f"{key} {words}", compact=True, id=id,
                    variant="primary" if primary else "default")
    button.can_focus = False
    return button


class ConfirmScreen(Closing, ModalScreen[bool]):
    """A yes/no question (taking back other players' decisions, overwriting a file,
    ending a turn with something unused). ``enter``: the words of Enter's yes (the
    end of a turn is confirmed as it was chosen, with Enter); without them only y is yes,
    so a stray Enter never agrees to take back another player's decision.

    Both answers are buttons too, for the mouse, each named with its key ("Enter ends
    it", "Esc back"). They never take the focus: Enter on a focused "back" would
    answer the opposite of what Enter says, and on "yes" it would agree to an undo
    that only y may agree to. A click outside the box answers nothing: no other dialog
    of the app closes on one either."""

    BINDINGS = [Binding("y", "answer(True)", "Yes", id="choice.yes"),
                Binding("n,escape", "answer(False)", "No", id="choice.no"),
                Binding("enter", "enter", "Yes", show=False, id="choice.enter")]

    def __init__(self, question: str, enter: str = "", no: str = "back") -> None:
        """``no``: the words of Esc's no, beside Enter's (``enter``)."""
        super().__init__()
        self.question = question
        self.enter = enter
        self.no = no

    def compose(self) -> ComposeResult:
        yes, no = (("Enter", self.enter), ("Esc", self.no)) if self.enter \
            else (("y", "yes"), ("n", "no"))
        with Vertical(classes="dialog"):
            yield Static(self.question, classes="dialog-title")
            with Horizontal(classes="dialog-buttons"):
                # Enter's yes stands out, as the answer Enter gives; y's does not
                yield answer(*yes, "confirm-yes", primary=bool(self.enter))
                yield answer(*no, "confirm-no")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "confirm-yes")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action != "enter" or bool(self.enter)

    def action_enter(self) -> None:
        self.dismiss(True)

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
