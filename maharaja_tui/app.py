"""The Maharaja app: which screen comes first, the global keys and the command palette."""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from textual.app import App
from textual.binding import Binding
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.screen import Screen

from maharaja_tui import crashlog
from maharaja_tui.contrast import ContrastFloor
from maharaja_tui.key_backlog import KeyBacklog
from maharaja_tui.minimum_size import MinimumSize
from maharaja_tui.paths import STYLE_FILES

# Importing this module defines the app and nothing more (the import figure);
# the game, its screen, the autosaves and the settings are imported where first used.
# What the first game frame does not need waits longer still: the help screen
# (markdown), the file dialog, the new-game form, the bots.
if TYPE_CHECKING:
    from engine.core.game import AnyGame
    from engine.core.table import LocalTable
    from maharaja_tui.file_lock import FileLock
    from maharaja_tui.game_setup import GameSetup
    from maharaja_tui.lessons.run import LessonRun
    from maharaja_tui.screens.game import GameScreen
    from maharaja_tui.settings import Settings


def choose(*args: Any, **kwargs: Any) -> Any:
    """The computers' chooser (``engine.bots.choose``), imported at their first thought."""
    from engine.bots import choose as bots_choose

    return bots_choose(*args, **kwargs)


class Start(NamedTuple):
    """How the app opens: ``new`` (the new-game screen), ``play`` (a setup at once),
    ``load`` or ``replay`` (a file; ``game`` when already read from it), ``continue``
    (the latest unfinished autosave, else the new-game screen), or ``game`` (a Game
    object, for tests). A NamedTuple: a dataclass generates its methods' source and
    compiles it at import (~3M instructions each at launch)."""

    kind: str = "new"
    setup: GameSetup | None = None
    path: Path | None = None
    game: AnyGame | None = None
    seed: int | None = None
    reveal: bool = False
    seat: int | None = None  # a replay: whose knowledge it shows (an imported seat's record)
    notes: tuple[str, ...] = ()  # a replay: what the record's reader said of the file


class GameCommands(Provider):
    """The app's own commands in the command palette (ctrl+p)."""

    def _commands(self) -> list[tuple[str, Callable[[], Any], str]]:
        from maharaja_tui import autosaves

        app = self.app
        assert isinstance(app, MaharajaApp)
        out: list[tuple[str, Callable[[], Any], str]] = [
            ("New game…", app.action_new_game, "Set up a new game (ctrl+n)"),
            ("Open a saved game", app.action_open_file, "Load a game from a file"),
            ("Guide and rules", app.action_help,
             "The player's guide; r: the rules with their ids (F1)"),
        ]
        unfinished = autosaves.resumable()
        if unfinished:
            out.append(("Continue the last game", partial(app.open_path, unfinished[0].path),
                        unfinished[0].describe(with_round=False)))
        for save in unfinished[: autosaves.KEEP]:
            out.append((f"Resume: {save.who()} · {save.when()}",
                        partial(app.open_path, save.path),
                        f"{save.title()} — an unfinished game (autosave)"))
        game_screen = app.game_screen()
        if game_screen is not None:
            out += [
                ("Undo", game_screen.action_undo, "Take back your last decision (ctrl+z)"),
                ("Redo", game_screen.action_redo, "Play the undone decision again (ctrl+y)"),
                ("Save game as", game_screen.action_save_as, "Write the game to a file"),
                ("Replay this game", app.action_replay_current, "Step through the moves"),
            ]
        return out

    async def discover(self) -> Hits:
        for name, callback, help_text in self._commands():
            yield DiscoveryHit(name, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, callback, help_text in self._commands():
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), callback, help=help_text)


class MaharajaApp(ContrastFloor, MinimumSize, crashlog.OneLineCrash, KeyBacklog,
                  App[None]):
    TITLE = "Maharaja"
    CSS_PATH = STYLE_FILES
    COMMANDS = App.COMMANDS | {GameCommands}
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]
    BINDINGS = [
        # Ids name them in the config file's [keys] (settings.py), as in Posting.
        Binding("f1", "help", "Rules", id="app.help"),
        Binding("ctrl+n", "new_game", "New game", show=False, id="app.new-game"),
        Binding("ctrl+o", "open_file", "Open", show=False, id="app.open"),
        # A priority binding, as Textual's own: found before any screen's (a dialog is
        # modal: the app's other keys do not reach through it) and as soon as it is read.
        Binding("ctrl+q", "quit", "Quit", id="app.quit", priority=True),
    ]

    def __init__(self, start: Start | None = None, *,
                 computer_delay: float | None = None,
                 settings: Settings | None = None) -> None:
        """``computer_delay``: the computers' pause before each move (None: the game
        screen's ``COMPUTER_DELAY``)."""
        from maharaja_tui import css_cache
        from maharaja_tui.screens.game import COMPUTER_DELAY
        from maharaja_tui.settings import Settings

        super().__init__()
        css_cache.install(self)  # parsed CSS from the last start, and shared by later apps
        self.start = start or Start()
        self.settings = settings or Settings()
        self.computer_delay = COMPUTER_DELAY if computer_delay is None else computer_delay
        self.table: LocalTable | None = None  # the game being played here, if any

    def on_mount(self) -> None:
        from maharaja_tui import autosaves

        if self.settings.theme is not None:
            self.theme = self.settings.theme
        if self.settings.keys:
            self.set_keymap(self.settings.keys)
        start = self.start
        shown = False
        if start.kind == "play" and start.setup is not None:
            shown = self.start_game(start.setup)
        elif start.kind == "load" and start.path is not None:
            shown = self.open_path(start.path, start.game)
        elif start.kind == "replay" and start.path is not None:
            shown = self.open_replay(start.path, start.game, reveal=start.reveal,
                                     seat=start.seat, notes=start.notes)
        elif start.kind == "game" and start.game is not None:
            shown = self.show_game(start.game)
        elif start.kind == "continue" and (latest := autosaves.latest_unfinished()):
            shown = self.open_path(latest)
        if not shown:  # never a blank screen: a file that failed leaves its notice here
            self.action_new_game(seed=start.seed)
        self.report_autosaves()
        self.call_after_refresh(gc.enable)  # the command paused it for the launch (cli)

    # Tab and shift+Tab (the screens' keys, the app's actions) ring the bell where there
    # is nothing else to focus: no key is a silent no-op.
    def action_focus_next(self) -> None:
        before = self.focused
        super().action_focus_next()
        if self.focused is before:
            self.bell()

    def action_focus_previous(self) -> None:
        before = self.focused
        super().action_focus_previous()
        if self.focused is before:
            self.bell()

    # ------------------------------------------------------------- screens
    def show_main(self, screen: Screen[Any], callback: Callable[[Any], None] | None = None) -> None:
        """Make ``screen`` the one main screen (a game, a replay, the new-game form)."""
        if self.table is not None and getattr(screen, "table", None) is not self.table:
            self.table.stop()  # the computers of a game no longer shown stop playing
            self.table.flush()  # its last autosave, written while its lock is still held
            self.table = None
            self._release_autosave()
        while len(self.screen_stack) > 1:
            self.pop_screen()
        # The width's breakpoint class from the start: Textual adds it at the screen's
        # first resize, which restyles every widget once more before the first frame.
        screen.add_class(*self.breakpoint_classes(self.size.width), update=False)
        self.push_screen(screen, callback)
        self.report_autosaves()

    def get_default_screen(self) -> Screen[Any]:
        # The bare screen under the others takes its width's class from the start too:
        # added at its first resize, it restyled that screen, its toast rack, scroll bar
        # and tooltip once more before the first frame (the launch figure).
        screen = super().get_default_screen()
        screen.add_class(*self.breakpoint_classes(self.size.width), update=False)
        return screen

    def breakpoint_classes(self, width: int) -> tuple[str, ...]:
        """The ``HORIZONTAL_BREAKPOINTS`` class a screen this wide takes (as Textual picks it)."""
        for edge, name in sorted(self.HORIZONTAL_BREAKPOINTS, reverse=True):
            if width >= edge:
                return (name,)
        return ()

    def report_autosaves(self) -> None:
        """Say which damaged autosaves were moved aside since the last time."""
        from maharaja_tui import autosaves

        for notice in autosaves.notices():
            self.notify(notice, title="Damaged autosave", severity="warning", timeout=15)

    def game_screen(self) -> GameScreen | None:
        from maharaja_tui.screens.game import GameScreen

        return next((s for s in reversed(self.screen_stack) if isinstance(s, GameScreen)),
                    None)

    def shown_table(self) -> LocalTable | None:
        """The table of the game screen shown: held here, as every game this app shows."""
        screen = self.game_screen()
        return self.table if screen is not None and screen.table is self.table else None

    def action_new_game(self, seed: int | None = None) -> None:
        # From a game, Escape on the form goes back to it: the game in memory, still
        # writing its own autosave (which may be off: a full disk must lose nothing).
        table = self.shown_table()
        game = table.game if table is not None else None

        def chosen(setup: GameSetup | None) -> None:
            if setup is not None:
                self.start_game(setup)
            elif table is not None:
                self.show_game(table.game, source=table.autosave)

        from maharaja_tui.games import playable
        from maharaja_tui.screens.new_game import NewGameScreen

        # The form opens on the game being played: "a new game" from a Maharani table is
        # another Maharani, as a player expects (it opened on the default game).
        same = game.ruleset.id if game is not None and game.ruleset.id in playable() else None
        self.show_main(NewGameScreen(seed, same, back=game is not None), chosen)

    def start_game(self, setup: GameSetup) -> bool:
        from engine import Game, get_ruleset

        game = Game(get_ruleset(setup.ruleset_id), list(setup.seats), setup.options, setup.seed)
        lesson = None
        if setup.lesson:
            from maharaja_tui.lessons.files import load
            from maharaja_tui.lessons.run import LessonRun

            lesson = LessonRun(load(setup.ruleset_id))
        return self.show_game(game, lesson=lesson)

    def show_game(self, game: AnyGame, *, source: Path | None = None,
                  lesson: LessonRun | None = None) -> bool:
        """Play ``game`` (read from ``source``, if from a file) on the main screen.

        Each game has its own autosave file, so a new game never overwrites an unfinished
        one, and a file never overwrites an autosave with moves it lacks (that game goes
        on under a branch autosave). A disk that cannot be written only turns autosave
        off, with a warning on the game screen."""
        from engine.core.table import LocalTable
        from maharaja_tui import autosaves
        from maharaja_tui.games import UnsupportedGame
        from maharaja_tui.screens.game import HOT_SEAT, GameScreen

        # This window's own autosave is no other window's: let it go before claiming
        # (reopening the game played here is not a second window on it).
        playing = self._autosave_lock
        if self.table is not None:
            self.table.flush()  # what it still had to write, under its lock
        self._release_autosave()
        path, branched, lock = autosaves.claim(game, source)
        # The autosave is written after the frame that shows the move (key to frame: the
        # disk's sync took as long as the rest of the frame).
        table = LocalTable(game, autosave=path, chooser=choose,
                           save_later=self.call_after_refresh)
        try:
            screen = GameScreen(table, HOT_SEAT, lesson=lesson)
        except UnsupportedGame as problem:
            if lock is not None:
                lock.release()
            if playing is not None:  # the game still shown keeps its autosave's lock
                from maharaja_tui import file_lock

                with contextlib.suppress(OSError):
                    self._autosave_lock = file_lock.take(playing.path)
            self.notify(str(problem), severity="error", timeout=10)
            return False
        if source is None:
            # A new game's autosave is written after its first frame, as after a move
            # (the disk's sync took longer than drawing the frame); a disk that
            # refuses it is reported then. A file opened is saved at once: open_path
            # retires the legacy slot only once the game's own autosave is written.
            table.save_soon()
        else:
            table.save_autosave()
        self.show_main(screen)
        self.table = table
        self._autosave_lock = lock  # held while this window plays it (autosaves.claim)
        # After the first frame (the launch figure): the computers' first thought and the pruning
        # of old autosaves (which reads every one of them) wait until the game is drawn.
        self.call_after_refresh(self._after_first_frame, table, path)
        if branched:
            self.notify(branched, title="A branch of this game", timeout=15)
        return True

    _autosave_lock: FileLock | None = None  # on the autosave of the game played here

    def _release_autosave(self) -> None:
        lock, self._autosave_lock = self._autosave_lock, None
        if lock is not None:
            lock.release()

    def _after_first_frame(self, table: LocalTable, path: Path) -> None:
        from maharaja_tui import autosaves
        from maharaja_tui.clock import AppClock

        if table.autosave_problem is None:
            autosaves.prune(self.settings.autosave_keep, protect=path)
            self.report_autosaves()  # the damaged ones pruning came across
        if self.table is table:  # not replaced by another game meanwhile
            table.drive(AppClock(self), self.computer_delay, self._computer_failed)

    def _computer_failed(self, seat: int, problem: BaseException) -> None:
        """A computer player's bug: the game stops for it, the traceback goes to a log."""
        path = crashlog.write(problem)
        where = f" (details in {path})" if path else ""
        self.notify(f"The computer player of seat {seat + 1} failed: "
                    f"{type(problem).__name__}{where}", severity="error", timeout=30)

    def load(self, path: Path) -> AnyGame | None:
        """Read a saved game; a bad file is reported in words, never as a traceback."""
        from engine import RecordError, rulesets
        from engine.core import record
        from maharaja_tui import autosaves

        try:
            return record.load(path, rulesets())
        except RecordError as problem:
            if problem.damaged and autosaves.is_autosave(path):
                autosaves.set_aside(path, problem)
                self.report_autosaves()
            else:
                self.notify(str(problem), title="Cannot open the file", severity="error",
                            timeout=10)
            return None

    def open_path(self, path: Path, game: AnyGame | None = None) -> bool:
        """Continue the game saved at ``path`` (``game``: already read from it); False
        (with a notice) when it cannot."""
        from maharaja_tui import autosaves

        game = game or self.load(path)
        if game is None or not self.show_game(game, source=path):
            return False
        legacy = autosaves.legacy_autosave_path()
        table = self.shown_table()
        if path == legacy and table is not None and table.autosave_problem is None:
            with contextlib.suppress(OSError):  # the old single slot, now the game's own file
                legacy.unlink(missing_ok=True)
        return True

    def open_replay(self, path: Path, game: AnyGame | None = None, *,
                    reveal: bool = False, seat: int | None = None,
                    notes: tuple[str, ...] = ()) -> bool:
        from maharaja_tui.screens.replay import ReplayScreen

        game = game or self.load(path)
        if game is None:
            return False
        self.show_main(ReplayScreen(game, reveal=reveal, seat=seat, notes=notes))
        return True

    # ------------------------------------------------------------- actions
    def action_open_file(self) -> None:
        def chosen(path: Path | None) -> None:
            if path is not None:
                self.open_path(path)

        from maharaja_tui.screens.files import LoadScreen

        self.push_screen(LoadScreen(), chosen)

    def action_help(self) -> None:
        from maharaja_tui.screens.help import HelpScreen

        if isinstance(self.screen, HelpScreen):
            return
        # The topmost screen that shows a game (a game, a replay over it or alone, the
        # new-game form) says which game F1 explains, and where in its guide.
        shown = next((s for s in reversed(self.screen_stack) if hasattr(s, "guide_at")), None)
        ruleset, topic = shown.guide_at() if shown is not None else (None, None)
        game = self.game_screen()
        refusal = game.last_refusal if game is not None else None
        rule = refusal.rule if refusal is not None and shown is game else None
        self.push_screen(HelpScreen(rule, ruleset, topic=topic))

    def action_replay_current(self) -> None:
        from maharaja_tui.screens.replay import ReplayScreen

        screen, table = self.game_screen(), self.shown_table()
        if screen is not None and table is not None:
            # An unfinished game shows only what the seat at this terminal may know
            # (hot seat: the seat on screen now); no reveal short of the game's end.
            self.push_screen(ReplayScreen(table.game, seat=screen.seat_shown,
                                          follow=lambda: screen.seat_shown))
