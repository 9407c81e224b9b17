"""Save as and load dialogs: a path to type, and the saves already in the data directory.
A path refused (no such user's home, a folder, no such file) is said on the line under
the field, and the dialog stays."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from engine.core import record
from maharaja_tui.autosaves import autosave_path
from maharaja_tui.fields import FieldError, path_field
from maharaja_tui.paths import saves_dir
from maharaja_tui.screens.closing import Closing, while_open
from maharaja_tui.widgets.text_field import TextField


class SaveScreen(Closing, ModalScreen[Path | None]):
    BINDINGS = [Binding("escape", "cancel", "Back", id="files.cancel")]

    def __init__(self, game: Any) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        stamp = dt.datetime.now().strftime("%Y%m%d-%H%M")
        with Vertical(classes="dialog"):
            yield Static("Save the game as", classes="dialog-title")
            yield TextField(str(save_folder() / f"maharaja-{stamp}.json"), id="save-path")
            yield Static(id="save-problem", classes="field-problem", markup=False)
            yield Static("Enter save · Esc back", classes="dialog-hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        try:
            path = path_field(event.value)
            if path.is_dir():
                raise FieldError(f"{path} is a folder: add a file name")
        except FieldError as problem:
            say(self, "#save-problem", str(problem))
            return
        try:
            record.save(self.game, path, private=False)
        except OSError as exc:
            say(self, "#save-problem", f"{path}: cannot be written ({exc.strerror or exc})")
            return
        self.notify(f"Saved to {path}")
        self.dismiss(path)

    def action_cancel(self) -> None:
        self.dismiss(None)


class SaveRecordScreen(Closing, ModalScreen[Path | None]):
    """Save a game's record (text) where the player says."""

    BINDINGS = [Binding("escape", "cancel", "Back", id="files.cancel-record")]

    def __init__(self, text: str, game_id: str) -> None:
        super().__init__()
        self.text = text
        self.game_id = game_id

    def compose(self) -> ComposeResult:
        stamp = dt.datetime.now().strftime("%Y%m%d-%H%M")
        with Vertical(classes="dialog"):
            yield Static("Save the game's record as", classes="dialog-title")
            yield TextField(str(save_folder() / f"{self.game_id}-{stamp}.txt"), id="record-path")
            yield Static("Enter save · Esc back", classes="dialog-hint")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        path = Path(event.value).expanduser()
        try:
            record.write_atomic(path, self.text.encode("utf-8"), private=False)
        except OSError as exc:
            self.notify(f"{path}: cannot be written ({exc.strerror or exc})", severity="error")
            return
        self.notify(f"The record is saved in {path}")
        self.dismiss(path)

    def action_cancel(self) -> None:
        self.dismiss(None)


def save_folder() -> Path:
    """Where save-as proposes to write: the saves folder, or the current directory when
    the data directory cannot be written (autosave is off then, too)."""
    try:
        saves_dir().mkdir(parents=True, exist_ok=True)
    except OSError:
        return Path.cwd()
    return saves_dir()


def known_saves() -> list[Path]:
    """The autosave, then saved games newest first."""
    found = sorted(saves_dir().glob("*.json"), key=_modified, reverse=True)
    auto = autosave_path()
    return ([auto] if auto.exists() else []) + found


def _modified(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:  # gone since it was listed (another window set it aside)
        return 0.0


class LoadScreen(Closing, ModalScreen[Path | None]):
    """Dismisses with the chosen path; the app does the loading and reports problems."""

    BINDINGS = [Binding("escape", "cancel", "Back", id="files.cancel")]

    def __init__(self, title: str = "Open a saved game") -> None:
        super().__init__()
        self.title_text = title
        self.paths = known_saves()

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.title_text, classes="dialog-title")
            yield TextField(placeholder="path to a saved game (.json)", id="load-path")
            yield Static(id="load-problem", classes="field-problem", markup=False)
            yield OptionList(*[Option(self._label(p)) for p in self.paths], id="load-list")
            yield Static("Type a path and Enter, or pick a save below · Esc back",
                         classes="dialog-hint")

    def _label(self, path: Path) -> str:
        when = dt.datetime.fromtimestamp(_modified(path)).strftime("%Y-%m-%d %H:%M")
        name = "last game (autosave)" if path == autosave_path() else path.name
        return f"{name}  ·  {when}"

    @while_open
    def on_mount(self) -> None:
        self.query_one("#load-list").display = bool(self.paths)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        try:
            path = path_field(event.value)
            if path.is_dir():
                raise FieldError(f"{path} is a folder: type the saved game's file")
            if not path.exists():
                raise FieldError(f"No file at {path}")
        except FieldError as problem:
            say(self, "#load-problem", str(problem))
            return
        self.dismiss(path)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.paths[event.option_index])

    def action_cancel(self) -> None:
        self.dismiss(None)


def say(screen: ModalScreen[Any], line: str, problem: str) -> None:
    """The dialog's one line under its field: why what was typed is refused."""
    shown = screen.query_one(line, Static)
    shown.update(problem)
    shown.display = True
