"""Help: the keys, and the rules reference with its rule ids (F1)."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Input, Markdown, OptionList, Static

from engine.registry import default_game, spec_of
from maharaja_tui.games import adapter_class
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
| F1 | this help; type a rule id ({example}) to jump to it |
| q | quit (the game is saved after every move) |

"""


class HelpScreen(Screen[None]):
    BINDINGS = [Binding("escape,f1", "close", "Back"),
                Binding("slash", "find", "Find a rule id")]

    def __init__(self, rule: str | None = None, game: str | None = None) -> None:
        """``game``: the id of the game whose rules to show (the default game's if None)."""
        super().__init__()
        self.rule = rule
        spec = spec_of(game or default_game())
        rules_file = spec.rules_file()
        assert rules_file is not None, f"{spec.id} names no rules reference"
        self.rules_file: Path = rules_file
        self.title = spec.title
        self.placeholder = f"rule id, e.g. {spec.rule_example} — Enter to jump"
        legend: str = getattr(adapter_class(spec.id), "legend", "")
        self.keys = KEYS.format(example=spec.rule_example) + "\n" + legend

    def compose(self) -> ComposeResult:
        yield Static(f"Rules reference — {self.title}", classes="screen-title")
        with Horizontal(id="help-main"):
            yield OptionList("Keys and map", *[s.title for s in sections(self.rules_file)],
                             id="help-toc")
            with VerticalScroll(id="help-body"):
                yield Markdown(id="help-text")
        yield Input(placeholder=self.placeholder, id="help-find")
        yield Footer()

    def on_mount(self) -> None:
        toc = self.query_one(OptionList)
        toc.highlighted = section_of(self.rule, self.rules_file) + 1 if self.rule else 0
        self.show(toc.highlighted or 0)
        toc.focus()

    def show(self, index: int) -> None:
        text = self.keys if index == 0 else sections(self.rules_file)[index - 1].body
        self.query_one("#help-text", Markdown).update(text)
        self.query_one("#help-body").scroll_home(animate=False)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.show(event.option_index)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        rule = event.value.strip().upper()
        if rule:
            self.query_one(OptionList).highlighted = section_of(rule, self.rules_file) + 1
            self.query_one(OptionList).focus()

    def action_find(self) -> None:
        self.query_one(Input).focus()

    def action_close(self) -> None:
        self.dismiss(None)
