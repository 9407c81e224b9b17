"""The choices list draws its option rows as Textual draws them, and frames them as
Textual framed one."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from rich.text import Text
from textual.app import App, ComposeResult
from textual.content import Content
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from maharaja_tui.contrast import ContrastFloor
from maharaja_tui.widgets.choices import ChoiceList, Choices


def test_an_option_row_is_the_row_textual_draws(monkeypatch: pytest.MonkeyPatch) -> None:
    """New choices' rows are no longer drawn by Textual's styles cache row by row (15-20%
    of an SSH session's CPU a move) but framed as a row it drew before. Every row, cell
    by cell and style by style, is the one the styles cache draws: highlighted or not,
    focused or not, bordered and padded or bare, wide characters, styled prompts, more
    options than rows (scrolled), in dark and light themes (ANSI ones too), with the line
    filters (the contrast floor)."""
    framed: list[int] = []
    real_join = Strip.join

    def join(strips: Any, *args: Any) -> Any:
        framed.append(1)
        return real_join(strips, *args)

    class Lists(ContrastFloor, App[None]):
        CSS = """#boxed { height: 9; border: round $accent; padding: 0 1; }
                 #boxed:focus { border: round $secondary; }
                 #bare { height: 5; border: none; padding: 0; }"""

        def compose(self) -> ComposeResult:
            yield Choices(id="boxed")
            yield Choices(id="bare")

    def options(n: int) -> list[Option]:
        made = []
        for k in range(n, n + n % 9):
            text = Text(f"plan card=ruby{k}é字 " + "x" * (k * 7 % 23))
            if k % 4 == 0:
                text.stylize("dim")
            made.append(Option(text, disabled=k % 5 == 0))
        return made

    async def run() -> int:
        app = Lists()
        compared = 0
        async with app.run_test(size=(60, 20)) as pilot:
            monkeypatch.setattr(Strip, "join", join)
            themes = ("textual-dark", "textual-light", "ansi-dark", "ansi-light")
            for n in range(14):
                for box in app.query(Choices):
                    box.replace_choices(options(n), n % 3)
                if n % 4 == 1:
                    app.query(Choices)[n % 2].focus()
                # The same options in every theme: their strips outlive a theme change.
                for theme in themes if n % 3 == 0 else themes[n % 4:n % 4 + 1]:
                    app.theme = theme
                    await pilot.pause()
                    for box in app.query(Choices):
                        region = Region(0, 0, *box.region.size)
                        rows = box.content_region.reset_offset.translate(
                            box.styles.gutter.top_left)
                        for crop in (rows, region):  # the option rows first, as a move
                            ours = box.render_lines(crop)
                            Widget.refresh(box)  # Textual's: its styles cache emptied
                            textual = Widget.render_lines(box, crop)
                            assert [list(s) for s in ours] == [list(s) for s in textual], \
                                (n, theme)
                            compared += len(ours)
        return compared

    assert asyncio.run(run()) > 200
    assert len(framed) > 100  # most rows were framed, not drawn by the styles cache


def test_an_option_row_kept_from_before_is_the_row_textual_draws_now() -> None:
    """The lists keep each option's row while its prompt stays (the action list changes
    one or two entries a step, and Textual drew every option again). A kept row must
    still be the one Textual draws: after the options around it change and its index
    moves, the highlight moves, the mouse hovers it, an option is disabled, the filter
    narrows the list, the theme changes, padding comes and goes, the width changes;
    options of more than one row, the list scrolled."""

    class Lists(App[None]):
        CSS = """#padded > .option-list--option { padding: 0 2; }
                 .wide > .option-list--option { padding: 0 3; }
                 ChoiceList { height: 8; }"""

        def compose(self) -> ComposeResult:
            yield ChoiceList(id="plain")
            yield ChoiceList(id="padded")

    prompts = [Content.from_rich_text(Text.assemble((f"Take {k} coins", "bold"),
                                                    f", arrow {k} ",
                                                    ("✗ closed" if k % 3 else "", "red"),
                                                    " road R10 is closed: village v19 has"
                                                    " no shrine" * (k % 4 == 3)))
               for k in range(12)]  # every fourth wraps: two or three rows

    def same(a: Strip, b: Strip) -> bool:
        return [(s.text, s.style) for s in a] == [(s.text, s.style) for s in b]

    async def run() -> int:
        app = Lists()
        compared = 0
        async with app.run_test(size=(50, 24)) as pilot:
            lists = list(app.query(ChoiceList))
            for step in range(16):
                shown = prompts[step % 4: step % 4 + 6]  # most stay, their index moves
                if step % 5 == 4:
                    shown = [Content(p.plain) for p in shown]  # new prompts, same words
                for box in lists:
                    box.show_choices(shown, step % 3)
                    box.set_filter("arrow 5" if step == 9 else "")
                    if step % 4 == 2:
                        box.replace_option_prompt_at_index(0, prompts[11])
                        box.disable_option_at_index(1)
                if step % 7 == 6:
                    for box in lists:
                        box.scroll_end(animate=False, immediate=True)
                if step % 3 == 1:
                    lists[step % 2].focus()
                    await pilot.hover(lists[step % 2], offset=(3, step % 4))
                else:
                    await pilot.hover(None)
                for box in lists:
                    box.set_class(7 <= step < 12, "wide")
                if step in (11, 14):
                    await pilot.resize_terminal(44 if step == 11 else 50, 24)
                if step % 6 == 5:
                    app.theme = "textual-light" if app.theme != "textual-light" else \
                        "textual-dark"
                await pilot.pause()
                for box in lists:
                    for y in range(box.content_region.height):
                        ours = box.render_line(y)
                        textual = OptionList.render_line(box, y)
                        assert same(ours, textual), (step, box.id, y)
                        compared += 1
            # the rows compared were the kept ones, not Textual's drawn anew
            assert all(box._drawn for box in lists)
        return compared

    assert asyncio.run(run()) == 16 * 2 * 6  # every row of both lists at every step



def test_a_draw_of_a_long_list_reads_its_options_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each row drawn found the list's layout again, a pass over all its options: a
    draw of 20 rows of a 300-option list read 6,000 prompts. Once a draw now, in a
    framed list (the action list's) and a plain one (a dialog's)."""

    class Lists(App[None]):
        CSS = "ChoiceList { height: 22; border: round $accent; }"

        def compose(self) -> ComposeResult:
            yield Choices(id="framed")
            yield ChoiceList(id="plain")

    reads = [0]
    prompt = Option.prompt

    def counted(option: Option) -> Any:
        reads[0] += 1
        return prompt.fget(option)  # type: ignore[attr-defined]

    async def run() -> None:
        app = Lists()
        async with app.run_test(size=(60, 50)) as pilot:
            labels = [Content(f"choice {n}") for n in range(300)]
            framed, plain = app.query_one(Choices), app.query_one("#plain", ChoiceList)
            framed.replace_choices([Option(label) for label in labels], 0)
            plain.show_choices(labels)
            await pilot.pause()
            monkeypatch.setattr(Option, "prompt", property(counted))
            for box in (framed, plain):
                for _ in range(2):  # the second draw frames the action list's rows
                    reads[0] = 0
                    Widget.refresh(box)
                    rows = box.render_lines(Region(0, 1, box.size.width, 20))
                    assert len(rows) == 20
                    assert reads[0] < 2 * 300 + 3 * 20, box.id

    asyncio.run(run())


def draws(monkeypatch: pytest.MonkeyPatch, kind: type[Widget]) -> list[int]:
    """The heights of the draws (``render_lines``) of the widgets of ``kind`` from now."""
    drawn: list[int] = []
    real = kind.render_lines

    def render_lines(widget: Widget, crop: Region) -> list[Strip]:
        drawn.append(crop.height)
        return real(widget, crop)

    monkeypatch.setattr(kind, "render_lines", render_lines)
    return drawn


def test_a_list_given_fewer_choices_is_drawn_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A dialog's list reopened with fewer choices (its box as wide as ever) shrinks:
    Textual forgot the rows it had laid out and drawn as it resized, measured them
    again at the width the layout gave as it drew them (a new virtual size: a second
    layout of the whole screen), and drew them all again after the frame that showed
    them (the box's rows written twice). Once now, and as Textual draws them; as its
    scrollbar goes too (a new width, at which no prompt wraps otherwise)."""

    class Lists(App[None]):
        CSS = "ChoiceList { width: 40; height: auto; max-height: 12; }"

        def compose(self) -> ComposeResult:
            yield ChoiceList(id="plain")

    async def run() -> None:
        app = Lists()
        async with app.run_test(size=(60, 30)) as pilot:
            box = app.query_one(ChoiceList)
            box.show_choices([Content(f"choice {n}") for n in range(20)])  # scrolls
            await pilot.pause()
            drawn = draws(monkeypatch, ChoiceList)
            for count in (9, 5, 5, 2):
                drawn.clear()
                box.show_choices([Content(f"choice {n} of {count}") for n in range(count)])
                for _ in range(3):
                    await pilot.pause()
                assert len(drawn) == 1, (count, drawn)
                assert not box.show_vertical_scrollbar
                for y in range(box.content_region.height):
                    assert list(box.render_line(y)) == list(OptionList.render_line(box, y))

    asyncio.run(run())


def test_a_list_s_scrollbar_is_not_drawn_again_by_a_layout_that_leaves_it_alone(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Textual redrew a scrolling list's scrollbar after every layout of the screen (a
    dialog's box shown or hidden, a line that grew), in a frame of its own after the
    frame: the action list's and a dialog's list's, at each dialog opened and closed.
    Drawn again only when it changes: the list scrolled, or given other options."""
    from textual.screen import Screen
    from textual.scrollbar import ScrollBar
    from textual.widgets import Static

    from maharaja_server.session_ui.partial_update import OnlyWhatShows

    class Shown(Screen[None]):
        def compose(self) -> ComposeResult:
            yield Choices(id="framed")
            yield Static("a line", id="line")  # under the list: it never moves it

    class Lists(App[None]):
        """As a session draws: an update renders only what it writes."""

        CSS = "Choices { height: 6; } #line { height: 1; }"

        def on_mount(self) -> None:
            screen = Shown()
            OnlyWhatShows.install(screen)
            self.push_screen(screen)

    async def run() -> None:
        app = Lists()
        async with app.run_test(size=(60, 20)) as pilot:
            box = app.screen.query_one(Choices)
            box.replace_choices([Option(Content(f"choice {n}")) for n in range(30)], 0)
            await pilot.pause()
            await pilot.pause()
            assert box.show_vertical_scrollbar
            drawn = draws(monkeypatch, ScrollBar)
            line = app.screen.query_one("#line", Static)
            for height in (2, 3, 1):  # a layout, the list left alone
                line.styles.height = height
                await pilot.pause()
                await pilot.pause()
            assert drawn == []
            box.scroll_to(y=10, animate=False, immediate=True)  # scrolled: drawn again
            await pilot.pause()
            assert drawn

    asyncio.run(run())
