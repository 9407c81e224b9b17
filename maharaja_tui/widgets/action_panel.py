"""The action panel: what the player may do now, as a list picked by keys or mouse.

It shows a heading (whose decision, the revealed disc, the actions left) and the
entries the screen gives it; picking one posts ``ActionPanel.Chosen`` (Enter calls
the screen's ``chosen`` instead, when it gave one: see BINDINGS).
"""

from __future__ import annotations

from collections.abc import Callable

from textual.actions import SkipAction
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from maharaja_tui.widgets.choices import Choices
from maharaja_tui.widgets.focus import focus_now
from maharaja_tui.widgets.segments import Painter, Palette, RoleStyles, Segments


class ActionPanel(RoleStyles, Vertical):
    DEFAULT_CSS = """
    ActionPanel #action-heading { height: auto; }
    ActionPanel #action-options { height: 1fr; background: transparent; }
    """

    class Chosen(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    # Enter chooses as the key arrives (a priority binding, in force while the list has
    # the focus) when the screen gave ``chosen``: the list's own Enter reached the screen
    # two messages later (selected, then Chosen), after keys typed behind it had gone
    # to the list, so a dialog the choice opened missed them.
    BINDINGS = [Binding("enter", "choose", show=False, priority=True, id="actions.choose")]

    def __init__(self, colours: Palette | None = None,
                 chosen: Callable[[int], None] | None = None, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.colours = colours
        self.chosen = chosen
        self._entries: tuple[Segments, ...] = ()

    def compose(self) -> ComposeResult:
        yield Static(id="action-heading")
        # Compact, its height set (1fr). Set as Textual's Footer sets its own: the
        # reactive and its class without a restyle, which ``compact=True`` ran on the
        # list (and its five component classes) before it was even mounted (issue 15).
        options = Choices(id="action-options")
        options.set_reactive(Choices.compact, True)
        options.set_class(True, "-textual-compact", update=False)
        yield options

    def show(self, heading: tuple[Segments, ...], entries: tuple[Segments, ...]) -> None:
        painter = Painter(self, self.colours)
        lines = painter.lines(heading)
        shown = self.query_one("#action-heading", Static)
        if lines != shown.content:  # else no redraw, no layout (issue 15)
            # A layout (of the whole screen) only when the heading's rows change: most
            # steps change its words ("waiting for ..."), not its height.
            width, height = shown.content_size
            shown.update(lines, layout=False)
            if not width or shown.get_content_height(shown.container_size, self.size,
                                                     width) != height:
                shown.refresh(layout=True)
        if entries == self._entries:
            return
        self._entries = entries
        options = self.query_one("#action-options", OptionList)
        # One update of its lines (clearing first drew an empty list: its scrollbar went
        # and came back, two layouts).
        options.set_options([Option(painter.text(e)) for e in entries])
        if entries:  # new choices start at the top; the list stays shown to keep the focus
            options.highlighted = 0

    def focus_options(self) -> None:
        focus_now(self.query_one("#action-options", OptionList))

    def action_choose(self) -> None:
        index = self.query_one("#action-options", OptionList).highlighted
        if self.chosen is None or index is None:
            raise SkipAction()  # the list's own Enter: Chosen, a message later
        self.chosen(index)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.post_message(self.Chosen(event.option_index))
