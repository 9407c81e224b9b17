"""The action panel: what the player may do now, as a list picked by keys or mouse.

It shows a heading (whose decision, the revealed disc, the actions left) and the
entries the screen gives it; picking one posts ``ActionPanel.Chosen`` (Enter calls
the screen's ``chosen`` instead, when it gave one: see BINDINGS). Each entry may come
with a key saying which entry it is: new entries (after an action) keep the cursor on
the entry it was on, or on the next one still there, instead of the top. ``/``
filters the list by the words typed (the list's letters are the screen's keys
otherwise); Enter picks, Esc clears the filter.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

from textual import events
from textual.actions import SkipAction
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.message import Message
from textual.widgets import OptionList, Static

from maharaja_tui.widgets.choices import ChoiceList, Choices, say_filter
from maharaja_tui.widgets.dialog_box import open_box
from maharaja_tui.widgets.focus import focus_now
from maharaja_tui.widgets.segments import Painter, Palette, RoleStyles, Segments
from maharaja_tui.widgets.tracks import SegmentLines


def follow(before: Sequence[Hashable], at: int | None, after: Sequence[Hashable]) -> int:
    """Where the cursor goes when the entries ``before`` (the cursor ``at``) become
    ``after``: the same entry, else the next one of ``before`` still there, else the
    one before it; the top for a new decision (nothing in common)."""
    if at is None or not 0 <= at < len(before):
        return 0
    place = {key: n for n, key in reversed(list(enumerate(after)))}
    for key in before[at:]:
        if key in place:
            return place[key]
    for key in reversed(before[:at]):
        if key in place:
            return place[key]
    return 0


# The list's keys that move its cursor, and its action each runs.
CURSOR_KEYS: dict[str, Callable[[Choices], None]] = {
    "up": Choices.action_cursor_up, "down": Choices.action_cursor_down,
    "home": Choices.action_first, "end": Choices.action_last,
    "pageup": Choices.action_page_up, "pagedown": Choices.action_page_down}


class ActionPanel(RoleStyles, Vertical):
    DEFAULT_CSS = """
    ActionPanel #action-heading { height: auto; }
    ActionPanel #action-filter { height: 1; display: none; color: $text-muted; }
    ActionPanel #action-options { height: 1fr; background: transparent; }
    """

    class Chosen(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    class Moved(Message):
        """A key moved the cursor (read by the panel: it never reaches ``on_key``)."""

    # Enter chooses as the key arrives (a priority binding, in force while the list has
    # the focus) when the screen gave ``chosen``: the list's own Enter reached the screen
    # two messages later (selected, then Chosen), after keys typed behind it had gone
    # to the list, so a dialog the choice opened missed them.
    # The keys that move the cursor are read as they arrive too: left to the list, ↓ ↓
    # Enter typed together (one read: a quick typist, an SSH link) chose the entry the
    # cursor was on before the arrows, which reached the list a message after Enter.
    BINDINGS = [Binding("enter", "choose", show=False, priority=True, id="actions.choose"),
                *(Binding(key, f"cursor('{key}')", show=False, priority=True,
                          id=f"actions.{key}") for key in CURSOR_KEYS),
                Binding("slash", "filter", "Filter", show=False, id="actions.filter")]

    def __init__(self, colours: Palette | None = None,
                 chosen: Callable[[int], None] | None = None, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.colours = colours
        self.chosen = chosen
        self._entries: tuple[Segments, ...] = ()
        self._keys: tuple[Hashable, ...] = ()
        self._labels: dict[Segments, Content] = {}  # the entries' labels shown last
        self._labels_with: object = None  # the role styles they were drawn with

    def compose(self) -> ComposeResult:
        yield SegmentLines(self.colours, id="action-heading")
        yield Static(id="action-filter")
        # Compact, its height set (1fr). Set as Textual's Footer sets its own: the
        # reactive and its class without a restyle, which ``compact=True`` ran on the
        # list (and its five component classes) before it was even mounted (the launch figure).
        options = Choices(id="action-options")
        options.slash_filters = True
        options.set_reactive(Choices.compact, True)
        options.set_class(True, "-textual-compact", update=False)
        yield options

    @property
    def options(self) -> Choices:
        return self.query_one("#action-options", Choices)

    def show(self, heading: tuple[Segments, ...], entries: tuple[Segments, ...],
             keys: Sequence[Hashable] | None = None, *, at: int | None = None) -> None:
        """The heading and the entries; ``keys`` say which entry each is (their identity
        across steps), so the cursor stays on its entry; without them it goes to the top.
        ``at``: the entry the cursor goes to instead (the one a lesson's step asks for)."""
        # A layout (of the whole screen) only when the heading's height changes: most
        # steps change its words ("waiting for ..."), and a line that stays is not drawn.
        self.query_one("#action-heading", SegmentLines).data = heading
        new_keys = tuple(keys) if keys is not None else tuple(range(len(entries)))
        options = self.options
        if entries == self._entries and new_keys == self._keys:
            if at is not None and options.chosen != at and not options.filter:
                options.highlighted = at
            return
        if at is None:
            at = follow(self._keys, options.chosen, new_keys) if keys is not None else 0
        if not entries:  # no decision: a filter typed for the last one is done with
            options.typing = False
            options.set_filter("")
        self._entries, self._keys = entries, new_keys
        # One update of its lines (clearing first drew an empty list: its scrollbar went
        # and came back, two layouts); the list stays shown to keep the focus.
        options.show_choices(self._labels_of(entries), at)

    def _labels_of(self, entries: tuple[Segments, ...]) -> list[Content]:
        """Each entry's label; one the list showed before is the same content as then,
        already measured (a step changes one or two entries, and the list measures the
        height of every label it is given), until the styles change."""
        painter = Painter(self, self.colours)
        known = self._labels if self._labels_with is self._role_styles else {}
        made: dict[Segments, Content] = {}
        console = self.app.console
        for entry in entries:
            label = made.get(entry) or known.get(entry)
            if label is None:
                label = Content.from_rich_text(painter.text(entry), console=console)
            made[entry] = label
        self._labels, self._labels_with = made, self._role_styles
        return [made[entry] for entry in entries]

    @property
    def keys(self) -> tuple[Hashable, ...]:
        return self._keys

    def focus_options(self) -> None:
        focus_now(self.options)

    def action_choose(self) -> None:
        options = self.options
        index = options.chosen
        if self.chosen is None or index is None:
            raise SkipAction()  # the list's own Enter: Chosen, a message later
        self._end_filter()
        self.chosen(index)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # A dialog box opened from here and not yet focused: its keys go by the list
        # (to the screen, which keeps them for the box).
        return not (action in ("choose", "cursor") and open_box(self.app) is not None)

    def action_cursor(self, key: str) -> None:
        """What the list does with ``key`` (one of ``CURSOR_KEYS``), done as it arrives."""
        CURSOR_KEYS[key](self.options)
        self.post_message(self.Moved())

    def action_filter(self) -> None:
        """``/``: the keys typed next filter the list, until Enter or Esc."""
        options = self.options
        if not self._entries:
            self.notify("Nothing to choose from now", severity="warning", timeout=3)
            return
        options.typing = True
        focus_now(options)
        self._said(options)

    def _end_filter(self) -> None:
        options = self.options
        if options.typing or options.filter:
            options.typing = False
            options.set_filter("")

    def on_choice_list_filtered(self, event: ChoiceList.Filtered) -> None:
        event.stop()
        self._said(event.choices)

    def _said(self, options: ChoiceList) -> None:
        said = options.describe_filter() or ("type to filter · Esc stops" if options.typing
                                              else "")
        say_filter(self.query_one("#action-filter", Static), said)

    def on_key(self, event: events.Key) -> None:
        # Escape with the filter open and empty closes it (the list clears a typed one).
        options = self.options
        if event.key == "escape" and options.typing and not options.filter:
            options.typing = False
            self._said(options)
            event.stop()
            event.prevent_default()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        index = self.options.index_of(event.option_index)
        self._end_filter()
        if index is not None:
            self.post_message(self.Chosen(index))
