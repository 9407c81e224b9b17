"""The lists players pick from: they stop at their ends, and long ones filter as you type.

``ChoiceList`` is every list of the app (the action panel, dialogs, the help's
contents, the unfinished games): Up on the first entry and Down on the last stay
there (a list that wrapped sent a quick Down Down from the last entry to the top,
where a turn's end may be); Home, End, PageUp and PageDown are Textual's own.
Its options may be given by ``show_choices`` with a filter: the options whose text
holds every word typed, each option's ``id`` its index among all of them, so a pick
made in a filtered list is read with ``index_of``. ``Choices`` is the action
panel's list, whose length asks for no layout of the screen (key to frame).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from rich.text import Text
from textual import events
from textual.content import Content
from textual.css.styles import RulesMap
from textual.geometry import Region, Size, Spacing
from textual.message import Message
from textual.reactive import Reactive
from textual.strip import Strip
from textual.style import Style
from textual.visual import Padding, Visual
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from maharaja_tui.compat import ScrollbarsRedrawThemselves, lines_up_to_date
from maharaja_tui.widgets.clicks import FirstClicks

# Lists at least this long filter as you type (the 28 villages of a starting shrine,
# a Maharadjah army's moves); shorter ones are read at a glance.
FILTER_FROM = 10
# Options kept drawn (see ChoiceList.render_line): a few lists' worth.
KEPT_ROWS = 512

# An option as drawn: its prompt, the style, the padding, the width, the index it
# answers clicks with (-1: none yet).
RowKey = tuple[int, Style, Spacing, int, int]


class _Draw:
    """What the rows of one draw of a list share: each row's option and line of it
    (``ChoiceList._layout``), the first row shown, the options' padding and width, and
    the rows' styles by kind, found as they are first needed."""

    __slots__ = ("padding", "rows", "styles", "top", "width")

    def __init__(self, rows: tuple[tuple[int, int], ...] | None, top: int,
                 padding: Spacing, width: int) -> None:
        self.rows, self.top, self.padding, self.width = rows, top, padding, width
        self.styles: dict[str, Style] = {}


def matches(text: str, words: str) -> bool:
    """Every word of the filter appears in ``text``, whatever the case."""
    low = text.lower()
    return all(word in low for word in words.lower().split())


class ChoiceList(FirstClicks, ScrollbarsRedrawThemselves, OptionList):
    """An option list that does not wrap and may be filtered by typing.

    ``typing`` (set by the owner): printable keys go to the filter, Backspace takes
    one back; Escape with a filter clears it (and goes no further). A list given
    its options by ``show_choices`` keeps them all and shows the matching ones.

    Its scrollbars redraw themselves (``ScrollbarsRedrawThemselves``): Textual redrew
    them after every layout of the screen, in a frame of their own after the frame
    (the action list's and a dialog's list's, at each dialog opened and closed)."""

    class Filtered(Message):
        """The filter or the options changed: what the owner shows under the list."""

        def __init__(self, choices: ChoiceList) -> None:
            super().__init__()
            self.choices = choices

        @property
        def control(self) -> ChoiceList:
            return self.choices

    # Its own height is its options' (or the CSS's), never its virtual size, and its
    # rows are drawn from its options, which repaint it as they change; a scrollbar
    # that comes or goes asks for its own layout. A new virtual size asked for a layout
    # of the whole screen and a repaint of the list: Textual measures the options
    # again as it draws them, at the width the layout gave, so every list that came
    # with a scrollbar for a moment (more options than its old height) or lost one was
    # laid out and drawn twice (the screen laid out a second time, a dialog's box
    # written twice).
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, repaint=False)
    typing = False  # printable keys filter the list
    # "/" starts the filter (the action list, whose letters are the screen's keys):
    # taken here as the key arrives, so letters typed right behind it (a burst, a slow
    # link) are filtered, not sent up to the screen before its binding had run.
    slash_filters = False
    _all: tuple[Text | Content | str, ...] = ()
    _filter = ""
    _shown: tuple[int, ...] = ()  # the indices (among all) of the options shown
    _hover: int | None = None  # the option under the mouse, as the list's meta says
    # Options drawn before, by RowKey, each with its prompt: held here, a prompt keeps
    # its identity (the key's first part) from passing to another.
    _drawn: dict[RowKey, tuple[Content, list[Strip]]] | None = None
    # The rows of the options as laid out last: the width and the options' padding,
    # the prompts, each row's option and line of it (see _layout).
    _laid_out: tuple[tuple[int, int], tuple[object, ...],
                     tuple[tuple[int, int], ...]] | None = None
    _resized_at = 0  # its rows' width at its last resize
    _drawing = False  # a draw of rows is under way (render_lines)
    _draw: _Draw | None = None  # what its rows share, once found

    # ------------------------------------------------------------ moving
    def _step(self, direction: int) -> None:
        """To the next enabled option that way; at the end, stay (no wrapping) and ring
        the bell, so the key is not a silent no-op."""
        options = self.options
        here = self.highlighted
        if here is None:
            index = 0 if direction > 0 else len(options) - 1
        else:
            index = here + direction
        while 0 <= index < len(options):
            if not options[index].disabled:
                self.highlighted = index
                return
            index += direction
        self.app.bell()

    def action_cursor_down(self) -> None:
        self._step(1)

    def action_cursor_up(self) -> None:
        self._step(-1)

    def _moved(self, move: Any) -> None:
        """Home, End, PageUp, PageDown as Textual moves them; the bell when they do not."""
        before = self.highlighted
        move()
        if self.highlighted == before:
            self.app.bell()

    def action_select(self) -> None:
        if self.highlighted is None:  # nothing shown (a filter that matches nothing)
            self.app.bell()
            return
        super().action_select()

    def action_first(self) -> None:
        self._moved(super().action_first)

    def action_last(self) -> None:
        self._moved(super().action_last)

    def action_page_up(self) -> None:
        self._moved(super().action_page_up)

    def action_page_down(self) -> None:
        self._moved(super().action_page_down)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # A list scrolls up and down only: its sideways keys (a scroll container's)
        # are left to the screen, not bound to a scroll that cannot move.
        if action in ("scroll_left", "scroll_right", "page_left", "page_right"):
            return self.allow_horizontal_scroll
        return True

    # ------------------------------------------------------------ drawing
    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._hover = event.style.meta.get("option")

    def on_click(self, event: events.Click) -> None:
        # Before the list's own click (a subclass's handler runs first): a click of a
        # series that began elsewhere (a dialog closed by its first click) picks nothing.
        if self.stray(event):
            event.stop()
            event.prevent_default()

    def on_leave(self, event: events.Leave) -> None:
        self._hover = None

    def on_resize(self, event: events.Resize) -> None:
        """Its rows laid out as they were (a new height only: a dialog's list reopened
        with more or fewer choices; or a new width that wraps no prompt otherwise, as
        the scrollbar of a long list comes or goes): Textual's own handler, which
        forgets the rows it laid out and drew, is left out. Forgotten, they were laid
        out and drawn again after the frame that had shown them, a second layout of the
        whole screen and the box's rows written twice, at each list opened. The rows
        this list draws itself (``render_line``) are kept by width; others are
        Textual's, whose drawn rows are kept by option only, so any new width
        forgets them."""
        width, before = self.scrollable_content_region.width, self._resized_at
        self._resized_at = width
        if before and width and (width == before or self._one_row_each(min(width, before))):
            event.prevent_default()

    def _one_row_each(self, width: int) -> bool:
        """Every option a Content of one line at the list's content ``width`` (and so
        at any wider one), as most lists' are: their rows are laid out alike at both
        widths, found without measuring each option twice."""
        inside = width - self.get_component_styles("option-list--option").padding.width
        for option in self.options:
            prompt = option.prompt
            if not isinstance(prompt, Content) or prompt.cell_length > inside \
                    or "\n" in prompt.plain:
                return False
        return True

    def render_lines(self, crop: Region) -> list[Strip]:
        """Textual's, each row from ``render_line``, with what every row of one draw
        shares found once for all of them (``_Draw``): found again for each row, the
        list's layout (a pass over all its options) made a draw of a long list's rows
        cost as many passes as rows."""
        lines_up_to_date(self)  # as OptionList's own render_lines does first
        self._draw = None
        self._drawing = True
        try:
            return super().render_lines(crop)
        finally:
            self._drawing, self._draw = False, None

    def _draw_now(self) -> _Draw:
        """What the rows of the draw under way share (found once a draw), or found now
        when a row is drawn outside a draw."""
        draw = self._draw
        if draw is None:
            draw = _Draw(self._layout(), self.scroll_offset.y,
                         self.get_component_styles("option-list--option").padding,
                         self.scrollable_content_region.width)
            if self._drawing:
                self._draw = draw
        return draw

    def _row_style(self, draw: _Draw, kind: str) -> Style:
        """The visual style of an option row of ``kind`` (a component class, or "" for
        a plain option), once a draw."""
        style = draw.styles.get(kind)
        if style is None:
            style = draw.styles[kind] = (
                self.get_visual_style("option-list--option", kind) if kind
                else self.get_visual_style("option-list--option"))
        return style

    def render_line(self, y: int) -> Strip:
        """An option's row, kept from when it was drawn with the same prompt and style.

        Textual draws every option again whenever the options change (its cache of
        drawn options is emptied, and keyed by the Option, which is new each time): a
        step changes one or two entries of the action list, and drawing the others again
        was the largest part of the action's frame. A prompt is kept by the list's owner
        while its entry stays (``ActionPanel``), so its rows are drawn once. Only for a
        list of Content prompts laid out as Textual lays them out (``_layout``); other
        lists are Textual's own."""
        draw = self._draw_now()
        rows = draw.rows
        line = draw.top + y
        if rows is None or not 0 <= line < len(rows):
            return super().render_line(y)
        index, offset = rows[line]
        option = self.options[index]
        prompt = option.prompt
        assert isinstance(prompt, Content)  # as _layout found it
        if option.disabled:
            style = self._row_style(draw, "option-list--option-disabled")
        elif self.highlighted == index:
            style = self._row_style(draw, "option-list--option-highlighted")
        elif self._hover == index:
            style = self._row_style(draw, "option-list--option-hover")
        else:
            style = self._row_style(draw, "")
        padding, width = draw.padding, draw.width
        drawn = self._drawn if self._drawn is not None else {}
        if len(drawn) >= KEPT_ROWS:
            drawn = {}
        self._drawn = drawn
        key = (id(prompt), style, padding, width, index)
        kept = drawn.get(key)
        if kept is None:
            # The same prompt at another index (an entry above it came or went): its
            # rows as drawn there, with this index for the clicks.
            plain_key = (id(prompt), style, padding, width, -1)
            plain = drawn.get(plain_key)
            if plain is None:
                visual: Visual = Padding(prompt, padding) if padding else prompt
                plain = drawn[plain_key] = (prompt, [
                    strip.extend_cell_length(width, style.rich_style)
                    for strip in Visual.to_strips(self, visual, width, None, style)])
            kept = drawn[key] = (prompt, [strip.apply_meta({"option": index})
                                          for strip in plain[1]])
        strips = kept[1]
        return strips[offset] if offset < len(strips) else super().render_line(y)

    def _layout(self) -> tuple[tuple[int, int], ...] | None:
        """Each row's option and line of it, as Textual lays the options out (their
        heights at the list's width), kept while the prompts and width stay; None for a
        list with a prompt other than Content, or laid out otherwise (a divider)."""
        prompts = tuple(option.prompt for option in self.options)
        width = self.scrollable_content_region.width
        laid_at = (width, self.get_component_styles("option-list--option").padding.width)
        kept = self._laid_out
        if (kept is None or kept[0] != laid_at or len(kept[1]) != len(prompts)
                or any(a is not b for a, b in zip(kept[1], prompts, strict=True))):
            rows = self._rows_at(width)
            if rows is None:
                self._laid_out = None
                return None
            kept = self._laid_out = (laid_at, prompts, rows)
        return kept[2] if len(kept[2]) == self.virtual_size.height else None

    def _rows_at(self, width: int) -> tuple[tuple[int, int], ...] | None:
        """Each row's option and line of it with the list's content ``width`` (as
        Textual lays the options out); None for a prompt other than Content."""
        rows: list[tuple[int, int]] = []
        rules = cast(RulesMap, self.styles)  # as OptionList measures its options
        inside = width - self.get_component_styles("option-list--option").padding.width
        for index, option in enumerate(self.options):
            prompt = option.prompt
            if not isinstance(prompt, Content):
                return None
            rows.extend((index, line) for line in range(prompt.get_height(rules, inside)))
        return tuple(rows)

    # ---------------------------------------------------------- filtering
    @property
    def filter(self) -> str:
        return self._filter

    @property
    def total(self) -> int:
        """How many options there are, shown or not."""
        return len(self._all) if self._all else self.option_count

    def show_choices(self, labels: Sequence[Text | Content | str],
                     highlighted: int | None = 0) -> None:
        """All the options (``highlighted``: an index among them), the filter applied."""
        self._all = tuple(labels)
        self._apply(highlighted)

    def index_of(self, shown: int | None) -> int | None:
        """The index among all the options of the option shown at ``shown``."""
        if shown is None or not self._all:
            return shown
        return self._shown[shown] if 0 <= shown < len(self._shown) else None

    @property
    def chosen(self) -> int | None:
        """The highlighted option's index among all of them."""
        return self.index_of(self.highlighted)

    def set_filter(self, words: str) -> None:
        if words == self._filter:
            return
        before = self.chosen
        self._filter = words
        self._apply(before)

    def _apply(self, highlighted: int | None) -> None:
        words = self._filter
        shown = tuple(n for n, label in enumerate(self._all)
                      if not words or matches(label if isinstance(label, str)
                                              else label.plain, words))
        self._shown = shown
        self.set_options([Option(self._all[n], id=str(n)) for n in shown])
        if shown:
            # The same option when it is still shown, else the first that is.
            self.highlighted = shown.index(highlighted) if highlighted in shown else 0
        self.post_message(self.Filtered(self))

    def describe_filter(self) -> str:
        """The line under a filtered list: what is typed and how many options match."""
        if self._filter:
            return (f"filter: {self._filter}▏ {len(self._shown)} of {len(self._all)} · "
                    "Backspace deletes · Esc clears")
        if self.typing and len(self._all) >= FILTER_FROM:
            return "type to filter"
        return ""

    def on_key(self, event: events.Key) -> None:
        # Before the list's own keys (a subclass's handler runs first; prevent_default
        # keeps Textual's from handling the key again).
        if self.slash_filters and not self.typing and event.character == "/":
            event.stop()
            event.prevent_default()
            if self._all:
                self.typing = True
                self.post_message(self.Filtered(self))
            else:
                self.app.bell()  # nothing to filter
            return
        if self.typing and self._all:
            if event.key == "backspace" and self._filter:
                event.stop()
                event.prevent_default()
                self.set_filter(self._filter[:-1])
                return
            if event.key == "escape" and self._filter:
                event.stop()
                event.prevent_default()
                self.set_filter("")
                return
            if event.is_printable and event.character and (
                    event.character != " " or self._filter):
                event.stop()
                event.prevent_default()
                self.set_filter(self._filter + event.character)


class Choices(ChoiceList):
    """For a list whose height the CSS sets (not auto): new choices, hence a new virtual
    height, need no layout of the whole screen (Textual's virtual size asks for one at
    every change, each step of a game); a scrollbar that comes or goes still asks for
    its own."""

    _rows_only = False  # set while replace_choices repaints the rows itself
    # The cells left and right of an option's row (border, padding), cut from a row
    # Textual drew with the same styles (_drawn_with); see render_lines.
    _frame: tuple[Strip, Strip] | None = None
    _drawn_with: tuple[object, ...] | None = None

    def replace_choices(self, options: Sequence[Option], highlighted: int | None) -> None:
        """Show ``options`` instead, ``highlighted`` (kept in range) highlighted.

        Textual repaints the whole list for new options: every blank row under them went
        through the styles cache and out to the terminal again, each time the choices
        change (twice a round at the SSH table). Unscrolled, with its height set, only
        the rows that held or hold an option are repainted here."""
        rows_only = not self.styles.auto_dimensions and self.scroll_y == 0
        before = self.virtual_size.height
        self._rows_only = rows_only
        try:
            self.clear_options()  # its lines and virtual size too, with no options
            self.add_options(options)
            if options:
                self.highlighted = min(highlighted or 0, len(options) - 1)
        finally:
            self._rows_only = False
        if not rows_only or self.scroll_y != 0:  # scrolled to the highlight: all of it
            self.refresh()
            return
        rows = min(max(before, self.virtual_size.height), self.size.height)
        if rows:
            self.refresh(Region(0, 0, self.size.width, rows))

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> Any:
        if self._rows_only and not regions and not layout and not recompose:
            return self  # replace_choices repaints the rows that change
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def notify_style_update(self) -> None:
        self._frame = None  # a new theme or state (focus): its border may differ
        super().notify_style_update()

    def render_lines(self, crop: Region) -> list[Strip]:
        """The option rows framed as a row Textual drew before: its border and padding
        cells around the row's own strip through the line filters (key to frame: new choices
        went through Textual's styles cache row by row, 15-20% of an SSH session's CPU a
        move). Only where the styles cache adds nothing else to a content row (no tint,
        opacity, text opacity, hatch or side outline, as TextRows' rows); border rows,
        and every row until a frame is known, are Textual's own."""
        lines_up_to_date(self)  # as OptionList's own render_lines does first
        size, gutter, styles = self.region.size, self.styles.gutter, self.styles
        content = self.content_region.size
        colours, filters = self.background_colors, tuple(self.get_line_filters())
        drawn_with = (size, content, colours, filters, self.opacity, self.app.ansi_theme,
                      self.app.native_ansi_color)
        if drawn_with != self._drawn_with:
            self._drawn_with, self._frame = drawn_with, None
        first, end = gutter.top, gutter.top + content.height
        inside = first <= crop.y and crop.bottom <= end
        if self._frame is None or not inside or crop.column_span != (0, size.width):
            strips = super().render_lines(crop)
            if (inside and crop.column_span == (0, size.width) and not styles.tint.a
                    and self.opacity == 1.0 and styles.text_opacity == 1.0
                    and not (styles.has_rule("hatch") and styles.hatch != "none")
                    and not styles.outline.left[0] and not styles.outline.right[0]):
                self._frame = (strips[0].crop(0, gutter.left),
                               strips[0].crop(gutter.left + content.width))
            return strips
        left, right = self._frame
        strips = []
        self._draw, self._drawing = None, True  # one draw (see ChoiceList.render_lines)
        try:
            for y in crop.line_range:
                strip = self.render_line(y - first)
                if strip.cell_length != content.width:  # not a row as the frame's was
                    return super().render_lines(crop)
                # Filtered afresh, not through the strip's own filter cache: the
                # option's strip outlives a change of theme (Textual keeps it by option
                # and style, which an ANSI theme's light and dark variants share) and
                # the contrast floor reads the terminal's palette, which the cache's
                # key leaves out.
                for line_filter in filters:
                    strip = Strip(line_filter.apply(list(strip), colours[1]),
                                  strip.cell_length)
                strips.append(Strip.join([left, strip, right]))
        finally:
            self._drawing, self._draw = False, None
        return strips


def say_filter(line: Static, said: str) -> None:
    """``said`` (a list's ``describe_filter``) on the ``line`` under the list, shown
    only when there is something to say. Written only when it changes: a Static's
    update lays the whole screen out again, and every new list (each dialog as it
    opens) says the same words again."""
    if said == str(line.content) and line.display == bool(said):
        return
    line.update(said)
    line.display = bool(said)
