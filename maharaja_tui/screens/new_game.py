"""New game: seats (human or computer, names, colours), variant tiles, seed, presets."""

from __future__ import annotations

import random
from dataclasses import dataclass

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Input, Label, Select, Static

from engine.core.errors import IllegalIntent
from engine.core.ruleset import Seat
from engine.maharaja import components as C
from engine.maharaja.options import FINAL_SCORING, SPECIAL_RULES, Options
from maharaja_tui.computer import bot_levels
from maharaja_tui.paths import autosave_path
from maharaja_tui.reference import rule_text

NAMES = ("You", "Anand", "Bela", "Chandra")
MAX_SEATS = 4


@dataclass(frozen=True)
class GameSetup:
    """What the new-game screen hands the app: enough to build a Game."""

    seats: tuple[Seat, ...]
    options: Options
    seed: int


def default_setup(players: int = 3, seed: int | None = None, humans: int = 1) -> GameSetup:
    """The default table: you (or several people, hot seat) against computers."""
    level = bot_levels()[0]
    seats = tuple(
        Seat(("You" if humans == 1 else f"Player {s + 1}") if s < humans else NAMES[s],
             "human" if s < humans else f"bot:{level}")
        for s in range(players))
    options = Options(colours=C.COLOURS[:players])
    return GameSetup(seats, options, random.randrange(1, 10**6) if seed is None else seed)


class TileCheckbox(Checkbox):
    """A checkbox whose mark is a tick or a blank, not a colour alone (NO_COLOR)."""

    BUTTON_INNER = " "

    def watch_value(self, value: bool) -> None:
        self.BUTTON_INNER = "✓" if value else " "


class NewGameScreen(Screen[GameSetup | None]):
    BINDINGS = [
        Binding("ctrl+n", "start", "Start"),
        Binding("ctrl+f", "first_game", "First game"),
        Binding("ctrl+t", "resume", "Continue"),
        Binding("escape", "quit", "Quit", show=False),
    ]

    def __init__(self, seed: int | None = None) -> None:
        super().__init__()
        self.seed = seed

    def compose(self) -> ComposeResult:
        controllers = [("Human", "human")] + [
            (f"Computer ({level})", f"bot:{level}") for level in bot_levels()]
        colours = [(c.capitalize(), c) for c in C.COLOURS]
        yield Static("Maharaja — a new game", classes="screen-title")
        with VerticalScroll(id="new-game"):
            with Horizontal(classes="form-row"):
                yield Label("Players ", classes="form-label")
                yield Select([(str(n), n) for n in range(2, MAX_SEATS + 1)], value=3,
                             allow_blank=False, compact=True, id="players")
            for s in range(MAX_SEATS):
                with Horizontal(classes="form-row seat-row", id=f"seat-{s}"):
                    yield Label(f"Seat {s + 1} ", classes="form-label")
                    yield Input(NAMES[s], compact=True, id=f"name-{s}", classes="seat-name")
                    yield Select(controllers, value="human" if s == 0 else controllers[1][1],
                                 allow_blank=False, compact=True, id=f"who-{s}",
                                 classes="seat-who")
                    yield Select(colours, value=C.COLOURS[s], allow_blank=False, compact=True,
                                 id=f"colour-{s}", classes="seat-colour")
            yield Static("Special-rule tiles", classes="form-heading")
            with Vertical(id="special-rules"):
                for tile in SPECIAL_RULES:
                    yield TileCheckbox(f"{tile}: {rule_text(f'MJ-VAR-{tile}')}",
                                       compact=True, id=f"rule-{tile}")
            with Horizontal(classes="form-row"):
                yield Label("Final scoring ", classes="form-label")
                yield Select(
                    [("no tile", "")] + [(f"{t}: {rule_text(f'MJ-VAR-{t}')}", t)
                                         for t in FINAL_SCORING],
                    value="", allow_blank=False, compact=True, id="final-tile")
            with Horizontal(classes="form-row"):
                yield Label("Seed ", classes="form-label")
                yield Input("" if self.seed is None else str(self.seed), compact=True,
                            placeholder="random", id="seed", type="integer")
            with Horizontal(id="new-game-buttons"):
                yield Button("Start", id="start", variant="primary", compact=True)
                yield Button("First game", id="first-game", compact=True)
                yield Button("Continue", id="resume", compact=True,
                             disabled=not autosave_path().exists())
                yield Button("Load…", id="load", compact=True)
            yield Static(id="new-game-error")
        yield Footer()

    def on_mount(self) -> None:
        self._show_seats(3)
        self.query_one("#start", Button).focus()

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "players" and isinstance(event.value, int):
            self._show_seats(event.value)

    def _show_seats(self, count: int) -> None:
        for s in range(MAX_SEATS):
            self.query_one(f"#seat-{s}").display = s < count

    def on_button_pressed(self, event: Button.Pressed) -> None:
        actions = {"start": self.action_start, "first-game": self.action_first_game,
                   "resume": self.action_resume, "load": self.app.action_open_file}  # type: ignore[attr-defined]
        actions[event.button.id or ""]()

    def setup(self, *, first_game: bool = False) -> GameSetup:
        count = self.query_one("#players", Select).value
        assert isinstance(count, int)
        seats = []
        colours = []
        for s in range(count):
            name = self.query_one(f"#name-{s}", Input).value.strip() or NAMES[s]
            who = self.query_one(f"#who-{s}", Select).value
            seats.append(Seat(name, str(who)))
            colours.append(str(self.query_one(f"#colour-{s}", Select).value))
        special = tuple(t for t in SPECIAL_RULES if self.query_one(f"#rule-{t}", Checkbox).value)
        final = self.query_one("#final-tile", Select).value
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = int(seed_text) if seed_text else random.randrange(1, 10**6)
        options = Options(colours=tuple(colours), special_rules=special,
                          final_scoring=str(final) or None, first_game=first_game)
        return GameSetup(tuple(seats), options, seed)

    def _check(self, setup: GameSetup) -> bool:
        from engine.maharaja import RULESET

        try:
            RULESET.check_options(setup.options, list(setup.seats))
        except IllegalIntent as refusal:
            self.query_one("#new-game-error", Static).update(f"✗ {refusal}")
            return False
        return True

    def action_start(self) -> None:
        setup = self.setup()
        if self._check(setup):
            self.dismiss(setup)

    def action_first_game(self) -> None:
        """MJ-SETUP-1's recommended first game: 4 players, no variant tiles."""
        self.query_one("#players", Select).value = 4
        self._show_seats(4)
        for tile in SPECIAL_RULES:
            self.query_one(f"#rule-{tile}", Checkbox).value = False
        self.query_one("#final-tile", Select).value = ""
        setup = self.setup(first_game=True)
        if self._check(setup):
            self.dismiss(setup)

    def action_resume(self) -> None:
        if autosave_path().exists():
            self.app.open_path(autosave_path())  # type: ignore[attr-defined]

    def action_quit(self) -> None:
        self.app.exit()
