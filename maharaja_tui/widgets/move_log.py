"""The move log: the engine's event descriptions, newest at the bottom.

Entries the screen says concern the player (``flagged``, indices; the game judges
which) get a ``●`` in the margin, drawn strong, so they read without colour too."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.reactive import reactive
from textual.widgets import Static

from maharaja_tui.widgets.segments import Painter, Palette, RoleStyles, Segments

WINDOW = 40  # entries drawn at once: wrapping a whole game's log every frame is slow


class MoveLog(RoleStyles, VerticalScroll, can_focus=True):
    entries: reactive[tuple[Segments, ...]] = reactive(tuple, always_update=True)
    marked: reactive[int | None] = reactive(None)  # replay: the entry at the cursor
    flagged: reactive[frozenset[int]] = reactive(frozenset)  # entries that concern the player

    def __init__(self, colours: Palette | None = None, *, window: int = WINDOW,
                 **kwargs: object) -> None:
        """``window``: how many of the newest entries to draw (the full-screen log: all)."""
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.colours = colours
        self.window = window

    def compose(self) -> ComposeResult:
        yield Static(id="move-log-text")

    def show(self, entries: tuple[Segments, ...], flagged: frozenset[int]) -> None:
        """Both at once, painted once, and only when something changed: the game screen
        calls this after every step of every seat (issue 15: key to frame)."""
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

    def _paint(self, *, follow: bool) -> None:
        if not self.is_mounted:
            return
        painter = Painter(self, self.colours)
        entries = self.entries
        # The newest entries; in a replay, the cursor's entry and the next two at the end.
        end = len(entries) if self.marked is None else min(len(entries), self.marked + 3)
        rows = []
        for index in range(max(0, end - self.window), end):
            prefix = (("▶ ", "strong"),) if index == self.marked else \
                (("● ", "strong"),) if index in self.flagged else (("  ", ""),)
            rows.append(prefix + tuple(entries[index]))
        self.query_one("#move-log-text", Static).update(painter.lines(rows))
        if self.marked is not None or follow:
            self.call_after_refresh(self.scroll_end, animate=False)

    def on_mount(self) -> None:
        self._paint(follow=True)
