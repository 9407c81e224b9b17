"""The replay viewer: step through a game by event, turn or round, or let it play.

An unfinished game's secrets (PP, plans, hidden gold, Brahmabot's face-down tile)
stay hidden: the replay shows what ``seat`` may know (None: a spectator), the move
log included. Only a finished game, or a file opened with ``maharaja replay
--reveal`` (an explicit choice), shows the full state, toggled with ``r``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Input, ProgressBar, Static
from textual.worker import Worker, get_current_worker

from engine.core.errors import Refused
from engine.core.fork import play_from
from engine.core.game import AnyGame
from engine.core.replay import Replay
from maharaja_tui.games import adapter_for
from maharaja_tui.paths import STYLE_FILES
from maharaja_tui.screens.choice import ChoiceScreen
from maharaja_tui.screens.closing import Closing, while_open
from maharaja_tui.screens.game import build, refresh
from maharaja_tui.widgets.focus import focus_now
from maharaja_tui.widgets.footer import Footer
from maharaja_tui.widgets.line_chart import ChartData, Line, LineChart
from maharaja_tui.widgets.move_log import MoveLog
from maharaja_tui.widgets.segments import Painter, Segments
from maharaja_tui.widgets.text_field import TextField

SHOWN = ("board", "tracks", "seats")  # the game's panels a replay shows (no side panels)

SPEEDS = (1, 2, 4, 8, 16, 32)  # events per second in auto-play
NOTES_SHOWN = 3  # lines of an imported record's problems at the top


class ReplayScreen(Closing, Screen[None]):
    CSS_PATH = STYLE_FILES
    # Priority: the map and the move list would otherwise take the arrow keys.
    BINDINGS: ClassVar[list[BindingType]] = [
        # The status line under the log names the stepping keys; the footer keeps the rest.
        Binding("right", "step('event', 1)", "Event ▶", show=False, priority=True,
                id="replay.next-event"),
        Binding("left", "step('event', -1)", "◀ Event", show=False, priority=True,
                id="replay.previous-event"),
        Binding("down,rightsquarebracket", "step('turn', 1)", "Turn ▶", show=False,
                priority=True, id="replay.next-turn"),
        Binding("up,leftsquarebracket", "step('turn', -1)", "◀ Turn", show=False, priority=True,
                id="replay.previous-turn"),
        Binding("pagedown", "step('round', 1)", "Round ▶", show=False, priority=True,
                id="replay.next-round"),
        Binding("pageup", "step('round', -1)", "◀ Round", show=False, priority=True,
                id="replay.previous-round"),
        Binding("home", "seek(0)", "Start", show=False, priority=True, id="replay.start"),
        Binding("end", "seek(-1)", "End", show=False, priority=True, id="replay.end"),
        Binding("space", "play", "Play/pause", priority=True, id="replay.play"),
        Binding("plus,equals_sign", "speed(1)", "Faster", show=False, id="replay.faster"),
        Binding("minus", "speed(-1)", "Slower", show=False, id="replay.slower"),
        Binding("r", "reveal", "Reveal", id="replay.reveal"),
        Binding("p", "play_from", "Play from here", id="replay.play-from"),
        Binding("a", "analyse", "Analyse", id="replay.analyse"),
        Binding("x", "next_mistake", "Costly decision", show=False, id="replay.next-mistake"),
        Binding("g", "go_to", "Go to", id="replay.go-to"),
        # The record's keys: in F1's keys and the controls line (80 columns of footer are full)
        Binding("c", "copy_record", "Copy record", show=False, id="replay.copy-record"),
        Binding("s", "save_record", "Save record", show=False, id="replay.save-record"),
        Binding("escape", "close", "Close", id="replay.close"),
        *(Binding(str(n), f"round({n})", f"Round {n}", show=False, id=f"replay.round-{n}")
          for n in range(1, 10)),
    ]

    def __init__(self, game: AnyGame, *, seat: int | None = None, reveal: bool = False,
                 follow: Callable[[], int | None] | None = None,
                 notes: Sequence[str] = ()) -> None:
        """``seat``: whose knowledge an unfinished game is shown with. ``reveal``: the
        full state may be shown (an explicit choice). ``follow``: the seat the game
        below now shows; when it is no longer ``seat`` (hot seat handed over), the
        replay closes rather than show the next player the last one's secrets.
        ``notes``: what the reader of an imported record said, listed at the top."""
        super().__init__()
        self.game = game
        self.notes = tuple(notes)
        self.replay = Replay(game)
        self.adapter = adapter_for(game.ruleset, game.seats)
        self.seat = seat
        self.may_reveal = reveal or self.replay.finished
        self.reveal = self.may_reveal
        self.follow = follow
        self.speed = 2
        self._timer: Timer | None = None
        self._hidden_log: tuple[Segments, ...] | None = None  # read on first use: see shown_log()
        self.replay.seek(min(1, self.replay.length))
        self.colours = self.adapter.palette(self.replay.state)
        self.analysis: Any = None  # engine.bots.analysis.Analysis once done
        self._analysis: Worker[Any] | None = None
        self._mistake = -1
        self._summary = ""  # the analysis's note while no costly decision is explained

    def compose(self) -> ComposeResult:
        panels = self.panels()
        yield Static(id="record-notes")
        yield Static(id="status")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield from build(panels, "board", "tracks", palette=self.colours)
            with Vertical(id="side"):
                with Vertical(id="boards"):
                    yield from build(panels, "seats", palette=self.colours)
                yield MoveLog(self.colours, id="log")
                with Vertical(id="analysis"):
                    yield ProgressBar(id="analysis-progress", show_eta=False)
                    yield LineChart(id="analysis-chart")
                    yield Static(id="analysis-note")
        yield Static(id="replay-controls")
        yield TextField(id="replay-goto", compact=True,
                    placeholder=f"go to: a {self.adapter.round_word} (12), or a step (s340) "
                                "· Enter · Esc back")
        yield Footer(compact=True, show_command_palette=False)  # ctrl+p is in F1's keys

    @while_open
    def on_mount(self) -> None:
        self.query_one("#analysis").display = False
        self.show_notes()
        self.query_one("#replay-goto").display = False
        for panel in self.panels():  # nothing to pick on a replay's board
            if panel.region == "board":
                self.query_one(f"#{panel.id}").can_focus = False
        focus_now(self.query_one(MoveLog))
        self.query_one(MoveLog).entries = self.shown_log()
        self.show()

    def shown_log(self) -> tuple[Segments, ...]:
        """The move log shown: the full one when revealed, else as ``seat`` reads it
        (read once, when first shown, up to the replay's end: the game may go on)."""
        if self.reveal:
            return tuple(self.replay.descriptions)
        if self._hidden_log is None:
            self._hidden_log = tuple(self.game.descriptions(self.seat)[:self.replay.length])
        return self._hidden_log

    def on_screen_resume(self) -> None:
        if self.follow is None or self.may_reveal or self.seat is None:
            return
        if self.follow() != self.seat:  # another player has the terminal now
            self.notify("The replay closed: it showed another player's view", timeout=4)
            self.action_close()

    def guide_at(self) -> tuple[str, str | None]:
        """F1 explains this game, at the guide's section for the decision shown next."""
        intent = self.replay.next_intent()
        topic = self.adapter.guide_topic(self.view(), [intent]) if intent is not None else ""
        return self.game.ruleset.id, topic or None

    def panels(self) -> tuple[Any, ...]:
        return tuple(p for p in self.adapter.panels(self.view(), self.viewer(), (), ())
                     if p.region in SHOWN)

    def view(self) -> Any:
        return self.replay.state if self.reveal else self.replay.view(self.seat)

    def viewer(self) -> int | None:
        """Whose board is marked as yours: nobody's once everything is revealed."""
        return None if self.reveal else self.seat

    def show(self) -> None:
        replay, adapter = self.replay, self.adapter
        view = self.view()
        painter = Painter(self.query_one(MoveLog), self.colours)
        status = painter.text(adapter.status(view, self.viewer(), ()))
        status.append(f" · replay {replay.position}/{replay.length}")
        if self.reveal:
            status.append(" · hidden information shown")
        self.query_one("#status", Static).update(status)
        refresh(self, self.panels())
        self._explaining(False)
        self.query_one(MoveLog).marked = replay.position - 1 if replay.position else None
        playing = "▶ playing" if self._timer is not None else "paused"
        word = self.adapter.round_word
        self.query_one("#replay-controls", Static).update(
            f"{playing} at {self.speed}/s · p play from here · ←→ event · ↑↓ turn · "
            f"PgUp/PgDn {word} · 1–9, g go to a {word} · space play · +/- speed · c/s "
            "copy/save the record"
            + (" · r reveal" if self.may_reveal and not self.replay.finished else ""))

    def action_step(self, unit: str, direction: int) -> None:
        replay = self.replay
        if (direction < 0 and replay.position == 0) or (
                direction > 0 and replay.position >= replay.length):
            self.app.bell()  # at the start (the end): nothing further that way
            return
        if unit == "event":
            replay.step(unit, direction)
        else:
            # Stop just after the event that starts the turn or round, so the screen
            # shows it begun ("Round 2: the Maharaja visits..."); step from just before.
            replay.seek(max(0, replay.position - 1))
            replay.step(unit, direction)
            self._past_boundary()
        self.show()

    def _past_boundary(self) -> None:
        replay = self.replay
        if replay.position < replay.length and replay.marks[replay.position] is not None:
            replay.seek(replay.position + 1)

    def action_seek(self, position: int) -> None:
        target = self.replay.length if position < 0 else min(position, self.replay.length)
        if target == self.replay.position:
            self.app.bell()  # there already
        self.replay.seek(target)
        self.show()

    def action_round(self, number: int) -> None:
        """The start of round ``number`` as the game numbers it (Maharadjah's turns run
        0-16, a short game's from 9: the n-th boundary is not turn n)."""
        position = self.round_position(number)
        if position is None:
            self.notify(f"There is no {self.adapter.round_word} {number} in this game",
                        severity="warning", timeout=4)
            return
        self.replay.seek(position)
        self._past_boundary()
        self.show()

    def round_position(self, number: int) -> int | None:
        """Where round ``number`` starts (just before its first event), None if the log
        has none: each round boundary's state asked for its number."""
        replay, at = self.replay, self.replay.position
        try:
            for start in replay.starts("round"):
                replay.seek(start + 1)
                if self.adapter.round_number(replay.state) == number:
                    return start
            return None
        finally:
            replay.seek(at)

    def action_go_to(self) -> None:
        """``g``: a box to type a round (turn) number or a step (``s340``) to go to."""
        box = self.query_one("#replay-goto", Input)
        box.value = ""
        box.display = True
        focus_now(box)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "replay-goto":
            return
        text = event.value.strip().lower().replace(" ", "")
        step = text.removeprefix("step").removeprefix("s")
        self._close_go_to()
        if step != text and step.isdigit():
            self.action_seek(min(int(step), self.replay.length))
        elif text.isdigit():
            self.action_round(int(text))
        elif text:
            self.notify(f"Type a {self.adapter.round_word} number (12) or a step (s340)",
                        severity="warning", timeout=4)

    def _close_go_to(self) -> None:
        self.query_one("#replay-goto").display = False
        focus_now(self.query_one(MoveLog))

    def _typing(self) -> bool:
        return isinstance(self.focused, Input)

    def action_play(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        else:
            if self.replay.position >= self.replay.length:
                self.replay.seek(0)
            self._timer = self.set_interval(1 / self.speed, self._tick)
        self.show()

    def _tick(self) -> None:
        if self.replay.position >= self.replay.length:
            self.action_play()
            return
        self.replay.step("event", 1)
        self.show()

    def action_speed(self, change: int) -> None:
        index = max(0, min(len(SPEEDS) - 1, SPEEDS.index(self.speed) + change))
        self.speed = SPEEDS[index]
        if self._timer is not None:
            self._timer.stop()
            self._timer = self.set_interval(1 / self.speed, self._tick)
        self.show()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self._typing() and action not in ("close",):
            return False  # the go-to box has the keys (the stepping keys are priority)
        # A finished game is all shown: r would change nothing, so the footer omits it.
        return not (action == "reveal" and self.replay.finished)

    def action_reveal(self) -> None:
        if not self.may_reveal:
            self.notify("Hidden information stays hidden while the game is unfinished",
                        severity="warning")
            return
        self.reveal = not self.reveal or self.replay.finished
        self.query_one(MoveLog).entries = self.shown_log()
        self.show()

    def fork_seats(self) -> list[int]:
        """Whose game a person here may take over: anyone's once everything may be
        shown; else only the seat whose knowledge the replay shows (taking over another
        seat would show its secrets)."""
        if self.may_reveal:
            return list(range(len(self.game.seats)))
        return [] if self.seat is None else [self.seat]

    def action_play_from(self) -> None:
        """Play from here: a new game from this position (the end of
        the step shown) against computers, only what the chosen seat knew kept."""
        seats = self.fork_seats()
        if not seats:
            self.notify("Only a player of this game may play on from here while it is "
                        "unfinished", severity="warning")
            return
        if len(seats) == 1:
            self._play_from(seats[0])
            return
        view = self.replay.state
        labels: list[Segments] = [((self.adapter.seat_title(view, s), f"seat:{s}"),)
                                  for s in seats]

        def chosen(index: int | None) -> None:
            if index is not None:
                self._play_from(seats[index])

        self.app.push_screen(ChoiceScreen("Play from here as which player? (the others "
                                          "are hard computers)", labels, self.colours),
                             chosen)

    def _play_from(self, seat: int) -> None:
        if self._timer is not None:
            self.action_play()
        replay = self.replay
        replay.seek(replay.decision_point())
        self.show()
        seed = random.SystemRandom().randrange(2**31)
        try:
            game = play_from(self.game.ruleset, replay.state, self.game.seats,
                             self.game.options, seat, seed)
        except Refused as refusal:
            self.notify(f"{refusal} ({refusal.rule})", title="Cannot play from here",
                        severity="error")
            return
        show_game = getattr(self.app, "show_game", None)
        if show_game is None or not show_game(game):
            return
        self.app.notify("A new game from that position, saved as its own game: what you "
                        "did not know there was drawn again", title="Playing from here",
                        timeout=8)

    # ------------------------------------------------------------ analysis
    def action_analyse(self) -> None:
        """The hard computer's analysis: winning chances after every
        turn as a chart under the move list, the costliest decisions marked (● in the
        log, x goes to the next). In the background; a again cancels it."""
        if self._analysis is not None and self._analysis.is_running:
            self._analysis.cancel()
            self._analysis = None
            self.query_one("#analysis-note", Static).update("Analysis cancelled · a again")
            self.query_one("#analysis-progress").display = False
            return
        if not self.may_reveal:
            self.notify("An unfinished game is analysed only when opened with --reveal "
                        "(the analysis reads every seat's secrets)", severity="warning")
            return
        box = self.query_one("#analysis")
        box.display = True
        self.query_one("#analysis-progress").display = True
        self.query_one(LineChart).display = False
        self.query_one("#analysis-note", Static).update("Analysing… a cancels")
        self._analysis = self.analyse()

    @work(thread=True, exclusive=True, group="analysis")
    def analyse(self) -> Any:
        from engine.bots.analysis import Cancelled, analyse

        worker = get_current_worker()

        def progress(done: int, total: int) -> None:
            self.app.call_from_thread(self._progress, done, total)

        try:
            result = analyse(self.game, progress=progress, stop=lambda: worker.is_cancelled)
        except Cancelled:
            return None
        except Refused as refusal:
            self.app.call_from_thread(self.notify, str(refusal), severity="error")
            return None
        if not worker.is_cancelled:
            self.app.call_from_thread(self._analysed, result)
        return result

    @while_open
    def _progress(self, done: int, total: int) -> None:
        self.query_one(ProgressBar).update(total=total, progress=done)

    @while_open
    def _analysed(self, analysis: Any) -> None:
        self.analysis = analysis
        self._mistake = -1
        self.query_one("#analysis-progress").display = False
        chart = self.query_one(LineChart)
        chart.display = True
        seats = range(len(self.game.seats))
        chart.data = ChartData(
            "winning chances %", tuple(c.label for c in analysis.chances),
            tuple(Line(f"{self.colours.letter(s)} {self.game.seats[s].name}",
                       self.colours.letter(s), self.colours.seats[s].colour,
                       tuple(100 * c.shares[s] for c in analysis.chances)) for s in seats))
        log = self.query_one(MoveLog)
        log.flagged = frozenset(m.position for m in analysis.mistakes)
        count = len(analysis.mistakes)
        self._summary = (f"{count} costly decision{'' if count == 1 else 's'} marked ● · "
                         "x next" if count else "No decision cost much")
        self.query_one("#analysis-note", Static).update(self._summary)

    def action_next_mistake(self) -> None:
        analysis = self.analysis
        if analysis is None:
            self.notify("a analyses the game first; x then goes from one costly decision "
                        "to the next", severity="warning", timeout=4)
            return
        if not analysis.mistakes:
            self.notify("No decision cost much", timeout=3)
            return
        # The next one after the position shown (in the order of the game, not of the
        # list), from the first again after the last.
        order = sorted(range(len(analysis.mistakes)),
                       key=lambda n: analysis.mistakes[n].position)
        later = [n for n in order if analysis.mistakes[n].position > self.replay.position]
        self._mistake = later[0] if later else order[0]
        mistake = analysis.mistakes[self._mistake]
        self.replay.seek(mistake.position)
        self.show()
        view = self.replay.state
        painter = Painter(self.query_one(MoveLog), self.colours)
        # (the count and the key first: a long reason may run past the note's last row)
        number = order.index(self._mistake) + 1  # in the order of the game
        text = painter.text(((f"{number}/{len(analysis.mistakes)} · x next · ", ""),
                             (self.colours.letter(mistake.seat), f"seat:{mistake.seat}")))
        # why, in the game's words: what the preferred move would have gained (analysis)
        why = f": {mistake.reason}" if mistake.reason else ""
        text.append(f" played {self._said(view, mistake.seat, mistake.played)}; the hard "
                    f"computer preferred {self._said(view, mistake.seat, mistake.preferred)}"
                    f"{why} (−{mistake.cost:.1f} {analysis.unit})")
        self.query_one("#analysis-note", Static).update(text)
        self._explaining(True)

    def _explaining(self, on: bool) -> None:
        """While a costly decision is explained, its sentence takes the chart's rows (at
        80×24 the note has two); any other step brings the chart back."""
        chart = self.query_one(LineChart)
        if self.analysis is None or chart.display != on:
            return
        chart.display = not on
        note = self.query_one("#analysis-note", Static)
        note.set_class(on, "-explaining")
        if not on:
            note.update(self._summary)

    def _said(self, view: Any, seat: int, intent: Any) -> str:
        return "".join(part for part, _ in self.adapter.label(view, seat, intent))

    # ------------------------------------------------------------ the record
    def show_notes(self) -> None:
        """The reader's problems with an imported record, the first ones at the top."""
        box = self.query_one("#record-notes", Static)
        box.display = bool(self.notes)
        if self.notes:
            shown = NOTES_SHOWN if len(self.notes) <= NOTES_SHOWN else NOTES_SHOWN - 1
            lines = [f"Record: {note}" for note in self.notes[:shown]]
            if len(self.notes) > shown:
                lines.append(f"… and {len(self.notes) - shown} more (maharaja export FILE "
                             "lists them all)")
            box.update("\n".join(lines))

    def record(self) -> str | None:
        """The game's record as the person here may know it: everything once it may all be
        shown, else the seat's record (None, with a notice, when none can be written)."""
        from engine import records
        from engine.core.notation import NotationError

        if not self.may_reveal and self.seat is None:
            self.notify("A spectator's record of an unfinished game would hold the "
                        "players' secrets", severity="warning")
            return None
        try:
            return records.write(self.game, None if self.may_reveal else self.seat)
        except NotationError as error:
            self.notify(str(error), title="No record", severity="error")
            return None

    def action_copy_record(self) -> None:
        """The record to the clipboard (OSC 52: the terminal copies it, over SSH too)."""
        text = self.record()
        if text is not None:
            self.app.copy_to_clipboard(text)
            self.notify(f"The game's record ({text.count(chr(10))} lines) is on the "
                        "clipboard, if the terminal allows it (OSC 52)")

    def action_save_record(self) -> None:
        from maharaja_tui.screens.files import SaveRecordScreen

        text = self.record()
        if text is not None:
            self.app.push_screen(SaveRecordScreen(text, self.game.ruleset.id))

    def on_unmount(self) -> None:
        if self._analysis is not None:
            self._analysis.cancel()

    def action_close(self) -> None:
        if self._typing():
            self._close_go_to()
            return
        if len(self.app.screen_stack) > 2:
            self.dismiss(None)
        else:
            self.app.exit()
