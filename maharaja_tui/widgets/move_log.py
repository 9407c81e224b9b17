"""The move log: the engine's event descriptions, newest at the bottom.

Entries the screen says concern the player (``flagged``, indices; the game judges
which) get a ``●`` in the margin, drawn strong, so they read without colour too.

A Line API widget (the key-to-frame figure): each entry is wrapped into lines once
per width and style and kept, so a new entry costs its own lines only, and following
the newest entry is a scroll offset set at once, not a second frame."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from rich.text import Text
from textual.geometry import Size
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.visual import Visual, visualize

from maharaja_tui.compat import ScrollbarsRedrawThemselves
from maharaja_tui.widgets.segments import Painter, Palette, RoleStyles, Segments


def part_of(entry: Segments) -> str | None:
    """The part of the game an entry starts ("round", "turn", "phase") or ends ("end"):
    its ``part:<part>`` mark, plain data in the engine's descriptions; else None."""
    for _, role in entry:
        if role.startswith("part:"):
            return role[5:]
    return None

WINDOW = 40  # entries drawn at once: the side log needs no more (the full-screen log: all)

# An entry's margin: the replay's cursor, a flag (it concerns the player), or none.
CURSOR, FLAG, PLAIN = (("▶ ", "strong"),), (("● ", "strong"),), (("  ", ""),)


def idle_phase(entries: Sequence[Segments], index: int) -> bool:
    """Whether the entry at ``index`` belongs to a phase in which nothing happened: the
    phase's entry, then only lines that close it, then another part of the game (a phase
    still going on is not idle)."""
    part = part_of(entries[index])
    if part == "end":
        while index > 0 and part_of(entries[index]) == "end":
            index -= 1
        if part_of(entries[index]) != "phase":
            return False
    elif part != "phase":
        return False
    index += 1
    while index < len(entries) and part_of(entries[index]) == "end":
        index += 1
    return index < len(entries) and part_of(entries[index]) in ("phase", "turn", "round")


class MoveLog(RoleStyles, ScrollbarsRedrawThemselves, ScrollView, can_focus=True):
    DEFAULT_CSS = """
    MoveLog { overflow-x: hidden; overflow-y: auto; }
    """
    entries: reactive[tuple[Segments, ...]] = reactive(tuple, always_update=True)
    marked: reactive[int | None] = reactive(None)  # replay: the entry at the cursor
    flagged: reactive[frozenset[int]] = reactive(frozenset)  # entries that concern the player

    def __init__(self, colours: Palette | None = None, *, window: int = WINDOW,
                 **kwargs: object) -> None:
        """``window``: how many of the newest entries to draw (the full-screen log: all)."""
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.colours = colours
        self.window = window
        self.set_reactive(MoveLog.auto_links, False)  # no links: no link style on every line
        self._lines: list[Strip] = []  # the shown entries' lines, at the width drawn
        # (margin, entry, width) -> its lines. Only the shown entries are kept; styles
        # (a theme, the focus) change the look, so a style update empties it.
        self._wrapped: dict[tuple[Segments, Segments, int], list[Strip]] = {}
        self._left: dict[tuple[Segments, Segments, int], list[Strip]] = {}  # see _paint
        self._painter: Painter | None = None  # its styles, also emptied by a style update
        self._end_y: float | None = None  # where the last paint that followed scrolled to

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Its lines wrap: its sideways scroll keys are not bound to a scroll that
        # cannot move (they reach the screen, a replay's stepping keys).
        if action in ("scroll_left", "scroll_right", "page_left", "page_right"):
            return self.allow_horizontal_scroll
        return True

    def show(self, entries: tuple[Segments, ...], flagged: frozenset[int]) -> None:
        """Both at once, painted once, and only when something changed: the game screen
        calls this after every step of every seat (key to frame)."""
        if entries == self.entries and flagged == self.flagged:
            return
        self.set_reactive(MoveLog.flagged, flagged)
        self.set_reactive(MoveLog.entries, entries)
        self._paint(follow=True)

    def watch_entries(self) -> None:
        self._paint(follow=True)

    def watch_marked(self) -> None:
        self._paint(follow=False)

    def watch_flagged(self) -> None:
        self._paint(follow=False)

    def on_mount(self) -> None:
        self._paint(follow=True)

    def _following(self) -> bool:
        """At the end, or where the last paint put the end (the reader did not scroll
        since: a new size moves the end, and the log keeps to it)."""
        return self.is_vertical_scroll_end or self.scroll_y == self._end_y

    def on_resize(self) -> None:
        self._paint(follow=self._following())

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._wrapped.clear()
        self._left = {}
        self._painter = None
        self._paint(follow=self._following())

    def text(self) -> Text:
        """The shown entries as one text, margins and styles included (tests read it)."""
        painter = Painter(self, self.colours)
        return painter.lines(margin + tuple(entry) for margin, entry in self._rows())

    def _rows(self) -> Iterator[tuple[Segments, Segments]]:
        """The entries shown, each with its margin: the newest; in a replay, the cursor's
        entry and the next two at the end. A phase in which nothing happened (its entry
        followed at once by the next phase, turn or round) is left out, as the full log
        folds it: Maharadjah's many phases of a nation with nothing to do."""
        entries, marked, flagged = self.entries, self.marked, self.flagged  # read once
        end = len(entries) if marked is None else min(len(entries), marked + 3)
        picked: list[int] = []
        index = end - 1
        while index >= 0 and len(picked) < self.window:
            if index == marked or not idle_phase(entries, index):
                picked.append(index)
            index -= 1
        for index in reversed(picked):
            margin = CURSOR if index == marked else FLAG if index in flagged else PLAIN
            yield margin, entries[index]

    def _paint(self, *, follow: bool) -> None:
        region = self.region  # the whole widget: padding, border and scrollbar
        if not self.is_mounted or not region:
            return
        rows = list(self._rows())
        # Wrapped as a scrolling container wraps its content: at the full width, and
        # narrower by the scrollbar when the lines do not fit the height (the newest
        # entries tell that at once: the full width wraps only as many as fit).
        width = region.width - self.styles.gutter.width
        height = region.height - self.styles.gutter.height
        overflows = self._overflows(rows, width, height)
        if overflows:
            width -= self.styles.scrollbar_size_vertical
        lines = [line for margin, entry in rows
                 for line in self._wrapped_entry(margin, entry, width)]
        # An entry that left the window is kept for one more paint: an undo takes the
        # newest entries back and the next action (or a redo, a replay's step back and
        # forth) shows them again.
        shown = {(margin, entry) for margin, entry in rows}
        left = {key: lines for key, lines in self._wrapped.items() if key[:2] not in shown}
        for key in left:
            del self._wrapped[key]
        self._left = left
        self._lines = lines
        size = Size(width, len(lines))
        # Its height is the stylesheet's: a scrollbar that comes or goes (room for it, a
        # new width) is all a new virtual size changes outside the log. Its scrollbar
        # stays, or stays away (its lines fit; no room for one: a crowded side column
        # leaves the log its border alone), and the width with it: nothing on screen
        # moves, so no layout of the whole screen (a new virtual size asks for one)
        # after every move; the scrollbar's sizes are set below, as a layout would.
        bar_stays = overflows == self.show_vertical_scrollbar or not self.container_size.height
        if bar_stays and size.width == self.virtual_size.width:
            self.set_reactive(MoveLog.virtual_size, size)
        else:
            self.virtual_size = size
        if self.marked is not None or follow:
            self.scroll_to(y=max(0, len(lines) - self.scrollable_content_region.height),
                           animate=False, immediate=True, force=True)  # force: the
            # scrollbar that allows it is shown by the layout this size asks for
            self._end_y = self.scroll_y
            if not self.show_vertical_scrollbar:  # and that new scrollbar shows where
                self.call_after_refresh(self._place_scrollbar)
        if self.show_vertical_scrollbar:  # drawn in this frame, not in one after it
            self.vertical_scrollbar.window_virtual_size = len(lines)
            self.vertical_scrollbar.position = self.scroll_y
        self.refresh()

    def _place_scrollbar(self) -> None:
        if self.show_vertical_scrollbar:
            self.vertical_scrollbar.position = self.scroll_y

    def _overflows(self, rows: list[tuple[Segments, Segments]], width: int,
                   height: int) -> bool:
        count = 0
        for margin, entry in reversed(rows):
            count += len(self._wrapped_entry(margin, entry, width))
            if count > height:
                return True
        return False

    def _wrapped_entry(self, margin: Segments, entry: Segments, width: int) -> list[Strip]:
        key = (margin, entry, width)
        wrapped = self._wrapped.get(key)
        if wrapped is None:
            wrapped = self._left.get(key)  # shown before the last paint
            if wrapped is None:
                if self._painter is None:
                    self._painter = Painter(self, self.colours)
                text = self._painter.text(margin + tuple(entry))
                wrapped = Visual.to_strips(self, visualize(self, text), max(width, 1), None,
                                           self.visual_style)
            self._wrapped[key] = wrapped
        return wrapped

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        index = y + scroll_y
        rich_style = self.visual_style.rich_style
        if not 0 <= index < len(self._lines):
            return Strip.blank(width, rich_style)
        return self._lines[index].crop_extend(scroll_x, scroll_x + width, rich_style)
