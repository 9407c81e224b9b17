"""A game's own options on the server's new-table form: the tick boxes and lists the
local new-game form shows for it (Maharaja's special-rule and final-scoring tiles,
Raja's modules, the Maharadjah short game), read from the game's adapter and turned
into the options the table is created with.

Over SSH and in a browser these were a line of JSON to type ("Variants (JSON options
of the game)"), which a player had to know the options' field names for. A game with
no screens here (a test game) has no options to show, and its table gets the game's
defaults, as with an empty line of JSON."""

from __future__ import annotations

from typing import Any

import msgspec
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Checkbox, Label, Select, Static

from engine.registry import PLAYERS
from maharaja_server.session_ui.form_fields import FormSelect, FormTickBox
from maharaja_tui.game_setup import form_of
from maharaja_tui.games import UnsupportedGame, adapter_class
from maharaja_tui.games.base import NewGameForm

PREFIX = "option-"  # a field's widget id: the game's field id after it, apart from the form's
PRESET = "option-preset"  # the list of the game's presets (Raja's Advanced I, ...)


class GameOptions(Vertical):
    """The options of the game chosen on the form (``show`` another's), with the game's
    presets first, as on the local form: a preset picked ticks its options (and asks
    for its players: ``SeatsChosen``), options ticked name the preset that says so."""

    class SeatsChosen(Message):
        """A preset picked seats this many players (Maharadjah's short game: 3)."""

        def __init__(self, players: int) -> None:
            super().__init__()
            self.players = players

    DEFAULT_CSS = """
    GameOptions { height: auto; }
    GameOptions .option-row { height: auto; }
    GameOptions .option-row Label { padding: 1 1 0 0; }
    GameOptions .option-row FormSelect { width: 1fr; }
    /* The form's frame leaves a tile's rule fewer columns than the local form does:
       a label longer than the row wraps under itself rather than losing its end. */
    GameOptions FormTickBox { width: 1fr; height: auto; text-wrap: wrap;
                              text-overflow: fold; }
    """

    def __init__(self, ruleset_id: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.ruleset_id = ruleset_id
        self.form = shown_form(ruleset_id)  # read once a game, not at every box ticked

    def compose(self) -> ComposeResult:
        yield from self._fields()

    def _fields(self) -> list[Widget]:
        form = self.form
        if form is None or not form.fields:
            return []
        fields: list[Widget] = []
        if form.presets:
            fields.append(Horizontal(Label("Preset"), FormSelect(
                [(name, name) for name in form.presets], value=next(iter(form.presets)),
                allow_blank=False, id=PRESET), classes="option-row"))
        fields.append(Static(form.heading))
        for field in form.fields:
            if field.choices:
                fields.append(Horizontal(Label(field.label),
                                         FormSelect(list(field.choices), value=field.default,
                                                    allow_blank=False, id=PREFIX + field.id),
                                         classes="option-row"))
            else:
                # Compact, one row each, as on the local form: a bordered box is
                # three rows (Raja's seven modules took a screen and a half at
                # 80x24) and left a tile's text four columns less, cutting R1 and R3.
                fields.append(FormTickBox(field.label, bool(field.default), compact=True,
                                          id=PREFIX + field.id))
        return fields

    def _preset(self) -> FormSelect | None:
        """The list of the game's presets, if it has any."""
        return next(iter(self.query(f"#{PRESET}").results(FormSelect)), None)

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id != PRESET or self.form is None:
            return
        event.stop()  # the form's own lists are not this one
        for name, value in self.form.presets.get(str(event.value), {}).items():
            if name == PLAYERS:
                self.post_message(self.SeatsChosen(int(value)))
            else:
                for box in self.query(f"#{PREFIX}{name}").results(FormTickBox):
                    box.value = bool(value)

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        """An option ticked or cleared: the preset that says so is named."""
        picker = self._preset()
        if picker is not None and self.form is not None:
            ticked = {str(box.id).removeprefix(PREFIX): box.value
                      for box in self.query(FormTickBox)}
            picker.value = self.form.preset_showing(str(picker.value), ticked)

    def seat(self, players: int) -> None:
        """The form now seats ``players``: a preset that does not seat them gives way
        to the first that does (W-SETUP-S1's 3 players: 4 mean the full game)."""
        picker = self._preset()
        if picker is not None and self.form is not None:
            picker.value = self.form.preset_seating(str(picker.value), players)

    async def show(self, ruleset_id: str) -> None:
        """Another game's options instead, at their defaults."""
        if ruleset_id == self.ruleset_id:
            return
        self.ruleset_id = ruleset_id
        self.form = shown_form(ruleset_id)
        await self.remove_children()
        await self.mount_all(self._fields())

    def values(self, form: NewGameForm, ruleset_id: str) -> dict[str, Any]:
        """Each of ``ruleset_id``'s fields' value (its ``form``'s), by the game's field
        id: as its widget shows it, or its default where none does (Enter read right
        behind the pick of another game, before that game's fields are in)."""
        shown = ruleset_id == self.ruleset_id  # else another game's fields (or none yet)
        values: dict[str, Any] = {}
        for field in form.fields:
            values[field.id] = field.default
            for widget in self.query(f"#{PREFIX}{field.id}") if shown else ():
                if isinstance(widget, FormTickBox | FormSelect):
                    values[field.id] = widget.value
        return values

    def options(self, ruleset_id: str) -> bytes:
        """The options ``ruleset_id``'s table is created with (its game's options, as
        JSON, as the server takes them)."""
        form = self.form if ruleset_id == self.ruleset_id else shown_form(ruleset_id)
        if form is None:
            return b"{}"
        # No colours: the game's own seat order, as the server's tables always had.
        return msgspec.json.encode(adapter_class(ruleset_id).make_options(
            self.values(form, ruleset_id), ()))


def shown_form(ruleset_id: str) -> NewGameForm | None:
    """The game's new-game form (``game_setup.form_of``), or None for a game this UI
    has no screens for."""
    try:
        return form_of(ruleset_id)
    except UnsupportedGame:
        return None
