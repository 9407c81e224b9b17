"""A modal list of choices (a route, a slot, a character...); dismisses with the index."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from maharaja_tui.screens.closing import Closing, while_open
from maharaja_tui.widgets.focus import focus_now
from maharaja_tui.widgets.segments import Painter, Palette, RoleStyles, Segments


class ChoiceScreen(Closing, RoleStyles, ModalScreen[int | None]):
    BINDINGS = [Binding("escape", "cancel", "Back", id="choice.cancel")]

    def __init__(self, prompt: str, labels: list[Segments], colours: Palette | None) -> None:
        super().__init__()
        self.prompt = prompt
        self.labels = labels
        self.colours = colours

    def compose(self) -> ComposeResult:
        with Vertical(id="choice-box", classes="dialog"):
            yield Static(self.prompt, id="choice-prompt", classes="dialog-title")
            yield OptionList(id="choice-options")
            yield Static("↑↓ choose · Enter confirm · Esc back", classes="dialog-hint")

    @while_open
    def on_mount(self) -> None:
        painter = Painter(self, self.colours)
        options = self.query_one(OptionList)
        options.add_options([Option(painter.text(label)) for label in self.labels])
        options.highlighted = 0
        focus_now(options)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option_index)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ConfirmScreen(Closing, ModalScreen[bool]):
    """A yes/no question (taking back other players' decisions, overwriting a file)."""

    BINDINGS = [Binding("y", "answer(True)", "Yes", id="choice.yes"),
                Binding("n,escape", "answer(False)", "No", id="choice.no")]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question, classes="dialog-title")
            yield Static("y yes · n no", classes="dialog-hint")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
