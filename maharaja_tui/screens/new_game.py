"""New game: which game, seats (human or computer, names, colours), its options, seed, presets.

The screen is the same for every game: it lists the registered games, and the
chosen game's adapter describes its form (``NewGameForm``: seat counts, colours,
option fields, presets, a solo mode, a first game) and turns the answers into the
ruleset's options.
"""

from __future__ import annotations

import contextlib
import random
from pathlib import Path
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from engine import rulesets
from engine.core.errors import Refused
from engine.core.record import MAX_NAME
from engine.core.ruleset import HUMAN, Computer, Controller, Human, Seat
from engine.registry import PLAYERS, default_game
from maharaja_tui import autosaves, lessons, watch
from maharaja_tui.computer import bot_levels
from maharaja_tui.fields import FieldError, seed_field
from maharaja_tui.game_setup import GameSetup, bot_level, form_of, lesson_setup, seat_name
from maharaja_tui.game_setup import default_setup as default_setup  # where callers found it
from maharaja_tui.games import adapter_class, playable
from maharaja_tui.games.base import NewGameForm
from maharaja_tui.lessons import files
from maharaja_tui.screens.closing import Closing, while_open
from maharaja_tui.widgets.choices import ChoiceList
from maharaja_tui.widgets.focus import FORM_KEYS, focus_now
from maharaja_tui.widgets.footer import Footer
from maharaja_tui.widgets.text_field import TextField
from maharaja_tui.widgets.tick_box import TickBox

RECENT = 6  # unfinished games listed on the form
SOLO = 1  # the "Players" choice of a game's solo mode: you alone against its automaton


def max_seats() -> int:
    """Seat rows the form holds: the most any registered game takes."""
    return max(spec.seats[1] for spec in playable().values())


class NewGameScreen(Closing, Screen[GameSetup | None]):
    BINDINGS = [
        Binding("ctrl+n", "start", "Start", id="new-game.start"),
        Binding("ctrl+f", "first_game", "First game", id="new-game.first-game"),
        Binding("ctrl+t", "resume", "Continue", id="new-game.resume"),
        Binding("ctrl+l", "learn", "Learn to play", id="new-game.learn"),
        Binding("ctrl+r", "watch", "Watch", id="new-game.watch"),  # a recorded game
        Binding("escape", "quit", "Quit", show=False, id="new-game.quit"),
        *FORM_KEYS,
    ]
    # Textual's auto-focus gives the first focusable widget the focus at compose: the
    # form's scroll area, which on_mount then took it from. Each of the two moves
    # restyled the whole form (~30% of the screen's start): the first field
    # (the one on_mount focuses) takes it at once instead.
    AUTO_FOCUS = "Select"

    def __init__(self, seed: int | None = None, game: str | None = None, *,
                 back: bool = False) -> None:
        super().__init__()
        self.seed = seed
        self.game = game or default_game()
        self.back = back  # opened from a game (ctrl+n): Escape goes back to it
        self.unfinished = autosaves.resumable()[:RECENT]
        self._refused = False  # the error line says why Start refused the form as it was

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "first_game":  # only a game that recommends a first game
            return self.form.first_game_seats > 0
        if action == "learn":  # only a game with a lesson
            return self.game in files.games()
        if action == "watch":  # only a game with recorded games
            return bool(self.recorded)
        return True

    @property
    def form(self) -> NewGameForm:
        return form_of(self.game)

    def compose(self) -> ComposeResult:
        controllers: list[tuple[str, Controller]] = [("Human", HUMAN)] + [
            (f"Computer ({level})", Computer(level=level)) for level in bot_levels()]
        form = self.form
        colours = [(c.capitalize(), c) for c in form.colours]
        name, level, players = self._defaults()
        yield Static(f"{form.title} — a new game", classes="screen-title", id="new-game-title")
        with VerticalScroll(id="new-game"):
            games = playable()
            if len(games) > 1:
                with Horizontal(classes="form-row"):
                    yield Label("Game ", classes="form-label")
                    yield Select([(spec.title, rid) for rid, spec in games.items()],
                                 value=self.game, allow_blank=False, compact=True, id="game")
            with Horizontal(classes="form-row"):
                yield Label("Players ", classes="form-label")
                yield Select(self._counts(form), value=players,
                             allow_blank=False, compact=True, id="players")
            if form.solo_levels:
                with Horizontal(classes="form-row", id="solo-row"):
                    yield Label("Difficulty ", classes="form-label")
                    yield Select([(level.capitalize(), level) for level in form.solo_levels],
                                 value=form.solo_default or form.solo_levels[0],
                                 allow_blank=False, compact=True, id="solo-level")
            for s in range(max_seats()):
                with Horizontal(classes="form-row seat-row", id=f"seat-{s}"):
                    yield Label(f"Seat {s + 1} ", classes="form-label")
                    yield TextField(name if s == 0 else seat_name(s), compact=True,
                                id=f"name-{s}", classes="seat-name", max_length=MAX_NAME)
                    who = HUMAN if s == 0 else Computer(level=level)
                    yield Select(controllers, value=who,
                                 allow_blank=False, compact=True, id=f"who-{s}",
                                 classes="seat-who")
                    yield Select(colours, value=form.colours[s % len(form.colours)],
                                 allow_blank=False, compact=True, id=f"colour-{s}",
                                 classes="seat-colour")
            if form.presets:
                with Horizontal(classes="form-row"):
                    yield Label("Preset ", classes="form-label")
                    yield Select([(name, name) for name in form.presets],
                                 value=next(iter(form.presets)), allow_blank=False,
                                 compact=True, id="preset")
            checks = [f for f in form.fields if not f.choices]
            if checks:
                yield Static(form.heading, classes="form-heading")
                with Vertical(id="special-rules"):
                    for field in checks:
                        yield TickBox(field.label, value=bool(field.default), compact=True,
                                           id=field.id)
            for field in form.fields:
                if field.choices:
                    with Horizontal(classes="form-row"):
                        yield Label(f"{field.label} ", classes="form-label")
                        yield Select(list(field.choices), value=field.default,
                                     allow_blank=False, compact=True, id=field.id)
            with Horizontal(classes="form-row"):
                yield Label("Seed ", classes="form-label")
                yield TextField("" if self.seed is None else str(self.seed), compact=True,
                            placeholder="random", id="seed", type="integer")
            with Horizontal(id="new-game-buttons"):
                yield Button("Start", id="start", variant="primary", compact=True)
                if form.first_game_seats:
                    yield Button("First game", id="first-game", compact=True)
                if self.game in files.games():
                    yield Button("Learn to play", id="learn", compact=True)
                yield Button("Continue", id="resume", compact=True,
                             disabled=not self.unfinished)
                yield Button("Load…", id="load", compact=True)
                if self.recorded:
                    yield Button("Watch…", id="watch", compact=True)
            yield Static(id="new-game-error")
            if self.unfinished:
                yield Static("Unfinished games (Enter resumes)", classes="form-heading")
                yield ChoiceList(*[Option(save.describe()) for save in self.unfinished],
                                 id="recent-games")
            if self.recorded:
                yield Static("Watch a game (Enter: its replay; there space plays it, "
                             "F1 has the guide)",
                             classes="form-heading", id="watch-heading")
                yield ChoiceList(*[Option(game.describe()) for game in self.recorded],
                                 id="recordings")
        yield Footer(compact=True, show_command_palette=False)  # ctrl+p is in F1's keys

    def _defaults(self) -> tuple[str, str, int]:
        """The first seat's name, the computers' level and the players: the config
        file's (settings.py) where the app has one, else the form's."""
        form = self.form
        mine = getattr(self.app, "settings", None)
        opponents = getattr(mine, "opponents", None)
        level = getattr(opponents, "level", None)
        count = getattr(opponents, "count", None)
        players = form.default_seats if count is None else \
            min(max(count + 1, form.min_seats), form.max_seats)
        return (getattr(mine, "name", seat_name(0)),
                level if level in bot_levels() else bot_level(), players)

    @staticmethod
    def _counts(form: NewGameForm) -> list[tuple[str, int]]:
        counts = [(str(n), n) for n in range(form.min_seats, form.max_seats + 1)]
        if form.solo_label:
            counts.append((form.solo_label, SOLO))
        return counts

    @while_open
    def on_mount(self) -> None:
        self._show_seats(self._defaults()[2])
        # The first field has focus, so Enter opens it (Start is a button away, or ctrl+n).
        focus_now(self.query(Select).first())

    async def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "game":
            if event.value != self.game:
                await self.switch_game(str(event.value))
            return
        if event.select.id == "players" and isinstance(event.value, int):
            self._show_seats(event.value)
            self._preset_for_players(event.value)
        elif event.select.id == "preset":
            for name, value in self.form.presets.get(str(event.value), {}).items():
                if name == PLAYERS:  # the short game's 3 players, say
                    self.query_one("#players", Select).value = value
                else:
                    self.query_one(f"#{name}", Checkbox).value = bool(value)
        self._check_again()

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        """An option ticked or cleared: the preset that says so is chosen, with its
        players (Maharadjah's short game seats 3, W-SETUP-S1)."""
        self._preset_of_options()
        self._check_again()

    def on_input_changed(self, event: Input.Changed) -> None:
        self._check_again()

    def _preset_of_options(self) -> None:
        """The preset whose options the boxes now show, when the one chosen no longer
        does and exactly one other does (a mix of modules that is no preset keeps the
        one chosen). Chosen as a player would choose it: its players come with it."""
        chosen = self.query("#preset")
        if self.form.presets and chosen:
            picker = chosen.first(Select)
            ticked = {box.id: box.value for box in self.query(Checkbox) if box.id}
            picker.value = self.form.preset_showing(str(picker.value), ticked)

    def _preset_for_players(self, count: int) -> None:
        """Players set to a count the chosen preset does not seat: the first preset that
        seats it is chosen, its options with it (Maharadjah's short game is for 3, W-SETUP-S1:
        4 players mean the full game, where the box had stayed ticked and Start refused)."""
        chosen = self.query("#preset")
        if self.form.presets and chosen:
            picker = chosen.first(Select)
            picker.value = self.form.preset_seating(str(picker.value), count)

    def _check_again(self) -> None:
        """Once Start has refused the form, each change of it checks it again: the
        refusal goes as soon as the form would start, or says what is still wrong."""
        if self._refused:
            setup = self._setup()
            if setup is not None and self._check(setup):
                self._say(None)

    async def switch_game(self, game: str) -> None:
        """Another game: the same screen composed again with that game's form."""
        with contextlib.suppress(FieldError):  # a seed refused: the one before stays
            typed = seed_field(self.query_one("#seed", Input).value)
            self.seed = self.seed if typed is None else typed
        self.game = game
        await self.recompose()
        self._refused = False  # a new, empty error line
        self.refresh_bindings()
        self._show_seats(self._defaults()[2])
        focus_now(self.query_one("#game", Select))

    def _show_seats(self, count: int) -> None:
        for s in range(max_seats()):
            self.query_one(f"#seat-{s}").display = s < count
        solo = count == SOLO
        for row in self.query("#solo-row"):
            row.display = solo
        # Solo: the one seat is yours (the opponent is the game's automaton, no seat).
        who = self.query_one("#who-0", Select)
        if solo:
            who.value = HUMAN
        who.disabled = solo

    def on_button_pressed(self, event: Button.Pressed) -> None:
        actions = {"start": self.action_start, "first-game": self.action_first_game,
                   "learn": self.action_learn, "watch": self.action_watch,
                   "resume": self.action_resume, "load": self.app.action_open_file}  # type: ignore[attr-defined]
        actions[event.button.id or ""]()

    def setup(self, *, first_game: bool = False) -> GameSetup:
        count = self.query_one("#players", Select).value
        assert isinstance(count, int)
        seats = []
        colours = []
        for s in range(count):
            name = self.query_one(f"#name-{s}", Input).value.strip() or seat_name(s)
            who = self.query_one(f"#who-{s}", Select).value
            assert isinstance(who, Human | Computer)
            seats.append(Seat(name, who))
            colours.append(str(self.query_one(f"#colour-{s}", Select).value))
        values: dict[str, Any] = {}
        for field in self.form.fields:
            widget = self.query_one(f"#{field.id}")
            values[field.id] = widget.value  # type: ignore[attr-defined]
        seed = seed_field(self.query_one("#seed", Input).value)  # FieldError: refused
        if seed is None:
            seed = random.randrange(1, 10**6)
        if count == SOLO:
            values["solo"] = self.query_one("#solo-level", Select).value
            seats = [Seat(seats[0].name)]
        options = adapter_class(self.game).make_options(values, tuple(colours),
                                                        first_game=first_game)
        return GameSetup(tuple(seats), options, seed, self.game)

    def _check(self, setup: GameSetup) -> bool:
        try:
            rulesets()[setup.ruleset_id].check_options(setup.options, list(setup.seats))
        except Refused as refusal:
            self._say(refusal)
            return False
        return True

    def _say(self, problem: Exception | None) -> None:
        """Why the form is refused, on its error line; None clears it."""
        self._refused = problem is not None
        self.query_one("#new-game-error", Static).update(
            "" if problem is None else f"✗ {problem}")

    def _setup(self, *, first_game: bool = False) -> GameSetup | None:
        """The form's setup, or None with the field's refusal shown (a seed of letters
        or of 10,000 digits)."""
        try:
            return self.setup(first_game=first_game)
        except FieldError as problem:
            self._say(problem)
            return None

    def action_start(self) -> None:
        setup = self._setup()
        if setup is not None and self._check(setup):
            self.dismiss(setup)

    def action_first_game(self) -> None:
        """The game's recommended first game (Maharaja's MJ-SETUP-1: 4 players, no variant
        tiles): its seats, every option at its default."""
        seats = self.form.first_game_seats
        if not seats:
            return
        self.query_one("#players", Select).value = seats
        self._show_seats(seats)
        for field in self.form.fields:
            self.query_one(f"#{field.id}").value = field.default  # type: ignore[attr-defined]
        setup = self._setup(first_game=True)
        if setup is not None and self._check(setup):
            self.dismiss(setup)

    def action_learn(self) -> None:
        """A guided first game of the game chosen (its lesson's own table and seed)."""
        if self.game not in files.games():
            return
        name = self.query_one("#name-0", Input).value.strip() or seat_name(0)
        try:
            setup = lesson_setup(self.game, name=name)
        except lessons.LessonError as problem:  # the lesson's files, not the form: it stays
            self._refused = False
            self.query_one("#new-game-error", Static).update(f"✗ {problem}")
            return
        self.dismiss(setup)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "recent-games":
            self.app.open_path(self.unfinished[event.option_index].path)  # type: ignore[attr-defined]
        elif event.option_list.id == "recordings":
            self.open_recording(self.recorded[event.option_index].path)

    def open_recording(self, path: Path) -> None:
        """A recorded game in the replay viewer, over this form: Esc there comes back."""
        from maharaja_tui.screens.replay import ReplayScreen

        game = self.app.load(path)  # type: ignore[attr-defined]  # a bad file: a notice
        if game is not None:
            self.app.push_screen(ReplayScreen(game))

    @property
    def recorded(self) -> list[watch.Recorded]:
        """The recorded games of the game chosen, to watch (they ship with the app)."""
        return watch.recorded(self.game)

    def action_watch(self) -> None:
        """To the list of the game's recorded games (Enter there opens one)."""
        for games in self.query("#recordings"):
            games.scroll_visible()
            focus_now(games)

    def guide_at(self) -> tuple[str, str | None]:
        """F1 explains the game chosen on the form, from its guide's start."""
        return self.game, None

    def action_resume(self) -> None:
        """Continue: the most recently played unfinished game."""
        if self.unfinished:
            self.app.open_path(self.unfinished[0].path)  # type: ignore[attr-defined]

    def action_quit(self) -> None:
        if self.back:
            self.dismiss(None)
        else:
            self.app.exit()
