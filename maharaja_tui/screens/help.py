"""Help: the keys, and the rules reference with its rule ids (F1)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Input, Markdown, OptionList, Static

from maharaja_tui.games.maharaja import MaharajaAdapter
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

    def __init__(self, rule: str | None = None, game: Any = None) -> None:
        """``game``: the adapter class of the game whose rules to show (Maharaja's by default)."""
        super().__init__()
        self.rule = rule
        game = game or MaharajaAdapter
        self.rules_file: Path = game.rules_file
        self.title = game.title
        self.placeholder = f"rule id, e.g. {game.rule_example} — Enter to jump"
        self.keys = KEYS.format(example=game.rule_example) + "\n" + game.map_legend

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
