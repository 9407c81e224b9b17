"""Help (F1): the game's player's guide, the keys, and the rules reference with its rule ids.

F1 opens the guide at the section the game screen names for the decision at hand (the
adapter's ``guide_topic``, a section title); ``r`` switches to the rules reference, and a
refusal's rule id opens the reference at that rule. A game without a guide shows its
rules reference only.
"""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Input, Markdown, OptionList, Static

from engine.registry import default_game, spec_of
from maharaja_tui.games import adapter_class
from maharaja_tui.reference import Section, section_of, sections
from maharaja_tui.screens.closing import Closing, while_open
from maharaja_tui.widgets.choices import ChoiceList
from maharaja_tui.widgets.focus import focus_now
from maharaja_tui.widgets.footer import Footer
from maharaja_tui.widgets.text_field import TextField

# A list, not a table: a table's narrow key column wrapped "↑ ↓ Enter" into a row of its
# own, "Enter" beside an empty cell.
KEYS = """\
## Keys

- **a**, then **↑ ↓**, **Home End PgUp PgDn** and **Enter**: pick in the action list
  (it stops at its ends); **/** and a few letters filter it, **Esc** clears the filter
- in a dialog's list: type to filter it (**Backspace**; **Esc** clears), **Enter** picks
- **m**, then arrows and **Enter**: pick a highlighted place on the map (mouse: click it)
- ending a turn with something unused asks first: **Enter** ends it, **Esc** goes back
  (mouse: click either answer)
  (`confirm_end_turn = false` in config.toml: never asks)
- **l**: the log, full screen (**l** again or **Esc**: back)
- **h**: a hint: the hard computer's best three choices, a reason each (**Enter** plays one)
- **ctrl+z** / **ctrl+y**: undo / redo your own decisions
- **ctrl+s** / **ctrl+o**: save the game as… / open a saved game
- **ctrl+n**: a new game
- **ctrl+p**: the command palette (every command of the app)
- **F1**: this help: the guide; **r** the rules reference at the same place; **/** a rule
  id ({example})
- **ctrl+q**: quit (the game is saved after every move)
- replay: **g** goes to a round or a step, **1**–**9** to a round; **p** / **a** / **x**
  play on from here as a seat / analyse the game / its next costly decision; **c** / **s**
  copy the game's record (text) to the clipboard / save it to a file
- final scores: **1** **2** **3** the table / each player's score per round / where the
  points came from

"""


class HelpScreen(Closing, Screen[None]):
    BINDINGS = [Binding("escape,f1", "close", "Back", id="help.close"),
                Binding("r", "switch", "Guide / rules", id="help.switch"),
                Binding("slash", "find", "Find a rule id", id="help.find")]

    def __init__(self, rule: str | None = None, game: str | None = None,
                 topic: str | None = None) -> None:
        """``game``: the id of the game to explain (the default game's if None); ``rule``:
        a rule id to open the reference at; ``topic``: the guide section to open."""
        super().__init__()
        self.rule = rule
        self.topic = topic
        spec = spec_of(game or default_game())
        rules_file = spec.rules_file()
        assert rules_file is not None, f"{spec.id} names no rules reference"
        self.rules_file: Path = rules_file
        self.guide_file: Path | None = spec.guide_file()
        self.title = spec.title
        self.rule_example = spec.rule_example
        self.placeholder = f"rule id, e.g. {spec.rule_example} — Enter to jump"
        adapter = adapter_class(spec.id)
        legend: str = getattr(adapter, "legend", "")
        self.guide_rules: dict[str, str] = dict(getattr(adapter, "guide_rules", {}))
        self._guide_index: int | None = None  # the guide's section shown last
        self.keys = KEYS.format(example=spec.rule_example) + "\n" + legend
        self.showing_rules = rule is not None or self.guide_file is None
        self._shown: str | None = None  # the text the body was last given (show)

    def compose(self) -> ComposeResult:
        yield Static(id="help-title", classes="screen-title")
        with Horizontal(id="help-main"):
            yield ChoiceList(id="help-toc")
            with VerticalScroll(id="help-body"):
                yield Markdown(id="help-text")
        yield TextField(placeholder=self.placeholder, id="help-find")
        yield Footer(compact=True, show_command_palette=False)  # ctrl+p is in F1's keys

    @while_open
    def on_mount(self) -> None:
        if self.showing_rules:
            self.open_rules(section_of(self.rule, self.rules_file) + 1 if self.rule else 0)
        else:
            self.open_guide(self.topic)
        focus_now(self.query_one(OptionList))

    # ------------------------------------------------------------ documents
    def sections(self) -> tuple[Section, ...]:
        if self.showing_rules or self.guide_file is None:
            return sections(self.rules_file)
        return sections(self.guide_file)

    def _fill(self, title: str, index: int) -> None:
        self.query_one("#help-title", Static).update(title)
        toc = self.query_one(OptionList)
        toc.clear_options()
        toc.add_options(["Keys and map", *[s.title for s in self.sections()]])
        toc.highlighted = index
        self.show(index)

    def open_rules(self, index: int = 0) -> None:
        self.showing_rules = True
        self._fill(f"Rules reference — {self.title}   (r: the player's guide)"
                   if self.guide_file else f"Rules reference — {self.title}", index)

    def open_guide(self, topic: str | None = None, index: int | None = None) -> None:
        self.showing_rules = False
        titles = [s.title for s in self.sections()]
        # The section asked for (where the guide was left); else the decision's; else
        # the guide's first section (its introduction).
        if index is None:
            index = titles.index(topic) + 1 if topic in titles else 1
        self._fill(f"Player's guide — {self.title}   (r: the rules reference with ids)", index)

    def show(self, index: int) -> None:
        text = self.keys if index == 0 else self.sections()[index - 1].body
        # _fill shows its section at once, and its highlight then asks again (the
        # OptionHighlighted message): parsing and mounting the same text twice was ~17%
        # of opening the help. The same text is not drawn again.
        if text != self._shown:
            self._shown = text
            self.query_one("#help-text", Markdown).update(text)
        self.query_one("#help-body").scroll_home(animate=False)

    # --------------------------------------------------------------- events
    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.show(event.option_index)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter on a section: its text takes the keys (↑↓ PgUp PgDn read it; Tab back)."""
        focus_now(self.query_one("#help-body"))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        rule = event.value.strip().upper()
        if rule:
            section = section_of(rule, self.rules_file)
            if not section:  # not in the rules: say so, and stay where the reader is
                from maharaja_tui.fields import quote

                self.notify(f"No rule {quote(rule)} in this reference; an id looks like "
                            f"{self.rule_example}", severity="warning")
                return
            self.open_rules(section + 1)
            focus_now(self.query_one(OptionList))

    def action_find(self) -> None:
        focus_now(self.query_one(Input))

    def action_switch(self) -> None:
        """r: from the guide, the rules reference at the rules of the section shown (the
        keys stay the keys); from the rules, the guide where it was left."""
        if self.showing_rules and self.guide_file is not None:
            self.open_guide(self.topic, self._guide_index)
            return
        index = self.query_one(OptionList).highlighted or 0
        titles = [s.title for s in self.sections()]
        rule = self.guide_rules.get(titles[index - 1]) if 0 < index <= len(titles) else None
        self._guide_index = index
        self.open_rules(0 if index == 0 else
                        section_of(rule, self.rules_file) + 1 if rule else 1)

    def action_close(self) -> None:
        self.dismiss(None)
