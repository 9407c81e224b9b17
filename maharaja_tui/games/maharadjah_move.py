"""Maharadjah's move dialog: how many armies go, and where those moving with a leader
or an arms marker stop on the way (W-LEAD-3, ``Move.drops``).

The first list is the route's moves (as the generic choice list shows them), for a
leader's move of two or more crossings a line "… stops on the way", and last the moves
the stacking limits refuse, dimmed with the engine's reason (W-STACK-3: they are refused
before they are made; choosing one says why). The stops line
opens the stops: one row per space before the end, Enter (or a click) on a row adds an
army stopping there (round to none), ←/→ or -/+ take one off or add one, and
"✓ Move" plays it. The adapter's ``refusal`` says why the rules would refuse a choice,
shown under the list before anything is played (the engine still judges the move).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from textual.actions import SkipAction
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import OptionList, Static

from maharaja_tui.screens.boxed import BoxScreen
from maharaja_tui.widgets.choices import ChoiceList, say_filter
from maharaja_tui.widgets.dialog_box import DialogBox
from maharaja_tui.widgets.focus import focus_now
from maharaja_tui.widgets.segments import Painter, Palette, RoleStyles, Segments


@dataclass(frozen=True)
class Stops:
    """A move whose armies may stop along its path: the line offering it, the move
    (all its armies going on), the names of the spaces it enters, its ``with_drops``."""

    label: Segments
    move: Any
    places: tuple[str, ...]
    with_drops: Callable[[tuple[int, ...]], Any]


MOVES_HINT = "↑↓ choose · Enter confirm · Esc back"


class MoveBox(RoleStyles, DialogBox):
    """Answers the chosen move (None: back). A ``MoveScreen``'s box, or drawn inside the
    game screen (a session's, see ``DialogBox``)."""

    # Enter, the arrows and -/+ are the box's priority bindings, acting in the order they
    # were typed: a key that is not one reaches the list a message later, so keys typed
    # together (an SSH read, a quick typist) acted out of order: Enter on the first move
    # before the arrows that went down to another, or on the stops before they showed.
    BINDINGS = [Binding("escape", "back", "Back", id="maharadjah-move.back"),
                Binding("enter", "choose", "Choose", show=False, priority=True,
                        id="maharadjah-move.choose"),
                Binding("up", "step(-1)", show=False, priority=True, id="maharadjah-move.up"),
                Binding("down", "step(1)", show=False, priority=True,
                        id="maharadjah-move.down"),
                Binding("left,minus", "adjust(-1)", "One less", show=False, priority=True,
                        id="maharadjah-move.one-less"),
                Binding("right,plus", "adjust(1)", "One more", show=False, priority=True,
                        id="maharadjah-move.one-more")]

    def __init__(self, prompt: str, moves: Sequence[tuple[Segments, Any]],
                 stops: Sequence[Stops], refusal: Callable[[Any], str | None],
                 colours: Palette | None,
                 refused: Sequence[tuple[Segments, Any]] = ()) -> None:
        super().__init__(id="choice-box")
        self.prompt = prompt
        self.moves = list(moves)
        # (label, move, the engine's reason): shown, never played
        self.refused = [(label, move, refusal(move) or "") for label, move in refused]
        self.stops = list(stops)
        self.refusal = refusal
        self.colours = colours
        self.editing: Stops | None = None  # the move whose stops are being set
        self.drops: list[int] = []

    def compose(self) -> ComposeResult:
        # Composed filled (its styles are applied by then, which the labels' roles read):
        # filled at its mount, it was laid out and drawn twice as it opened, empty and
        # full (over SSH, inside a session's screen, its rows written twice).
        listing = ChoiceList(id="choice-options")
        self._fill(listing, self._move_labels(), 0, typing=True)
        yield Static(self.prompt, id="choice-prompt", classes="dialog-title")
        yield listing
        yield Static("", id="choice-filter", classes="dialog-hint")
        yield Static("", id="move-note")
        yield Static(MOVES_HINT, id="move-hint", classes="dialog-hint")

    def on_mount(self) -> None:
        if self.asking:  # not answered as it opened, its screen not closed
            focus_now(self.query_one(ChoiceList))

    # ------------------------------------------------------------------ the two lists
    def _move_labels(self) -> list[Any]:
        painter = Painter(self.painter, self.colours)
        refused: list[Segments] = [(("✗ ", "dim"), *((text, "dim") for text, _ in label),
                                    (f" — {why}", "dim")) for label, _, why in self.refused]
        labels = ([label for label, _ in self.moves] + [s.label for s in self.stops]
                  + refused)
        return [painter.text(label) for label in labels]

    def show_moves(self, highlight: int = 0) -> None:
        self.editing = None
        self._show(self._move_labels(), highlight, typing=True)
        self.query_one("#choice-prompt", Static).update(self.prompt)
        self._note("")
        self.query_one("#move-hint", Static).update(MOVES_HINT)

    def show_stops(self, stops: Stops, highlight: int = 0) -> None:
        self.editing = stops
        going = stops.move.armies - sum(self.drops)
        rows = [f"{place}: {n} stop{'s' if n != 1 else ''} here"
                for place, n in zip(stops.places[:-1], self.drops, strict=True)]
        rows.append(f"✓ Move: {going} go on to {stops.places[-1]}")
        self._show(rows, highlight, typing=False)
        self.query_one("#choice-prompt", Static).update(
            Painter(self.painter, self.colours).text(stops.label))
        why = self.refusal(self.chosen()) if any(self.drops) else None
        self._note(f"✗ {why}" if why else "")
        self.query_one("#move-hint", Static).update(
            "Enter/click a space: one more stops there · ←→ one less/more · Esc back")

    def _show(self, options: list[Any], highlight: int, *, typing: bool) -> None:
        listing = self.query_one("#choice-options", ChoiceList)
        self._fill(listing, options, highlight, typing=typing)
        focus_now(listing)

    @staticmethod
    def _fill(listing: ChoiceList, options: list[Any], highlight: int, *,
              typing: bool) -> None:
        """The moves filter as you type (a stack may have 40 and more); the stops do not
        (their letters are no names, and ←→ set them)."""
        listing.set_filter("")
        listing.typing = typing
        listing.show_choices(options, min(highlight, len(options) - 1))

    def _note(self, said: str) -> None:
        """Why the rules refuse the choice, under the list; in sight, and the keys under
        it, when the box is taller than the terminal (then it scrolls)."""
        self.query_one("#move-note", Static).update(said)
        if said:
            self.call_after_refresh(self.scroll_end, animate=False)

    def on_choice_list_filtered(self, event: ChoiceList.Filtered) -> None:
        say_filter(self.query_one("#choice-filter", Static), event.choices.describe_filter())

    def chosen(self) -> Any:
        assert self.editing is not None
        drops = tuple(self.drops)
        return self.editing.with_drops(drops) if any(drops) else self.editing.move

    # ------------------------------------------------------------------ answers
    def action_choose(self) -> None:
        index = self.query_one(ChoiceList).chosen
        if index is not None:
            self._choose(index)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """A click on a row."""
        event.stop()
        index = self.query_one(ChoiceList).index_of(event.option_index)
        if index is not None:
            self._choose(index)

    def _choose(self, index: int) -> None:
        if not self.asking:  # a key read after its answer
            return
        if self.editing is None:
            stopping = index - len(self.moves)
            if index < len(self.moves):
                self.dismiss(self.moves[index][1])
            elif stopping >= len(self.stops):
                self._note(f"✗ {self.refused[stopping - len(self.stops)][2]}")
                self.app.bell()
            else:
                stops = self.stops[stopping]
                self.drops = [0] * (len(stops.places) - 1)
                self.show_stops(stops)
            return
        if index < len(self.drops):
            room = self.editing.move.armies - sum(self.drops)
            self.drops[index] = self.drops[index] + 1 if room else 0
            self.show_stops(self.editing, index)
            return
        why = self.refusal(self.chosen())
        if why:
            self._note(f"✗ {why}")
            self.app.bell()
            return
        self.dismiss(self.chosen())

    def action_step(self, step: int) -> None:
        listing = self.query_one(ChoiceList)
        if step > 0:
            listing.action_cursor_down()
        else:
            listing.action_cursor_up()

    def action_adjust(self, step: int) -> None:
        if self.editing is None:
            raise SkipAction()  # the moves' filter may take - and +
        index = self.query_one("#choice-options", ChoiceList).chosen
        if index is None or index >= len(self.drops):
            return
        room = self.editing.move.armies - sum(self.drops)
        self.drops[index] = max(0, self.drops[index] + min(step, room))
        self.show_stops(self.editing, index)

    def action_back(self) -> None:
        if self.editing is not None:
            back = len(self.moves) + self.stops.index(self.editing)
            self.show_moves(back)
            return
        self.dismiss(None)


class MoveScreen(BoxScreen):
    """A ``MoveBox`` on a screen of its own, over the game screen."""
