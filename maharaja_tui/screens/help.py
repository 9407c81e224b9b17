"""Help: the keys, and the rules reference with its rule ids (F1)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Input, Markdown, OptionList, Static

from maharaja_tui.reference import section_of, sections

KEYS = """\
## Keys

| key | does |
|---|---|
| ↑ ↓ Enter | pick in the action list (a) |
| m, then arrows, Enter | pick a highlighted place on the map (mouse: click it) |
| ctrl+z / ctrl+y | undo / redo your own decisions |
| ctrl+s / ctrl+o | save the game as… / open a saved game |
| ctrl+p | command palette (every command of the app) |
| F1 | this help; type a rule id (MJ-SHR-3) to jump to it |
| q | quit (the game is saved after every move) |

## Reading the map

A city shows its id, ♛ when the Maharaja visits it and ♙ with the letters of the
priests standing there. Below: its seven statue slots, centre first (`o` centre,
`^` top bonus slot, `v` bottom bonus slot, `·` outer slots; a letter is that
player's statue), then ⌂ and the shrines per player. A village shows one `○` per
free shrine slot, or the letters of the shrines in it. Highlighted places can be
picked now; `→2¢` is the cheapest toll to go there. Players are R Y G B.
"""


class HelpScreen(Screen[None]):
    BINDINGS = [Binding("escape,f1", "close", "Back"),
                Binding("slash", "find", "Find a rule id")]

    def __init__(self, rule: str | None = None) -> None:
        super().__init__()
        self.rule = rule

    def compose(self) -> ComposeResult:
        yield Static("Rules reference — Maharaja (2020)", classes="screen-title")
        with Horizontal(id="help-main"):
            yield OptionList("Keys and map", *[s.title for s in sections()], id="help-toc")
            with VerticalScroll(id="help-body"):
                yield Markdown(id="help-text")
        yield Input(placeholder="rule id, e.g. MJ-MOVE-3 — Enter to jump", id="help-find")
        yield Footer()

    def on_mount(self) -> None:
        toc = self.query_one(OptionList)
        toc.highlighted = section_of(self.rule) + 1 if self.rule else 0
        self.show(toc.highlighted or 0)
        toc.focus()

    def show(self, index: int) -> None:
        text = KEYS if index == 0 else sections()[index - 1].body
        self.query_one("#help-text", Markdown).update(text)
        self.query_one("#help-body").scroll_home(animate=False)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.show(event.option_index)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        rule = event.value.strip().upper()
        if rule:
            self.query_one(OptionList).highlighted = section_of(rule) + 1
            self.query_one(OptionList).focus()

    def action_find(self) -> None:
        self.query_one(Input).focus()

    def action_close(self) -> None:
        self.dismiss(None)
