"""What maharaja_tui/compat.py relies on in Textual, checked against the installed
Textual: each failure names the use to recheck there (and where it is used) before
moving to a new Textual."""

from __future__ import annotations

import asyncio
import errno
import inspect
import json
import os
import pty
import subprocess
import sys
import textwrap
import threading
import time
from typing import Any

import pytest
import textual
from textual import events
from textual.app import App, ComposeResult
from textual.drivers.headless_driver import HeadlessDriver
from textual.geometry import Size
from textual.screen import Screen
from textual.scroll_view import ScrollView
from textual.widgets import Input, Label, OptionList, Static

from maharaja_tui import compat

RECHECK = "Textual {version}: recheck {use} in maharaja_tui/compat.py: {what}"

# Textual's code that a use mirrors, by a digest of its source (Textual 8.2.8's): when a
# new Textual changes one, the use beside it is to be read again against it.
MIRRORED = {
    "textual.drivers.linux_driver:LinuxDriver.run_input_thread":
        ("d796af6d69db337d", "read_input (it is this loop, but for its waits)"),
    "textual._compositor:Compositor.render_partial_update":
        ("888dccc892d8ecc2", "Compositor (maharaja_server/session_ui/partial_update.py writes what "
                             "this writes)"),
    "textual._compositor:Compositor.render_full_update":
        ("ce99ccda4d2449b7", "Compositor (partial_update.py's full update)"),
    "textual._compositor:ChopsUpdate.render_segments":
        ("4c1cdb567e0b8354", "ChopsUpdate (partial_update.Chops writes what this writes)"),
    "textual.strip:Strip.divide":
        ("f6764f25c39e144b", "Compositor (partial_update.py keeps a strip cut whole out "
                             "of divide: its self-referencing cache)"),
    "textual.css.stylesheet:Stylesheet._parse_rules":
        ("2f1c2d220b672d1b", "SharedParses (it keeps what this returns)"),
    "textual.css.stylesheet:Stylesheet.reparse":
        ("dd193eb05f8baeb5", "SharedParses.reparse (it is this, in a stylesheet of its class)"),
    "textual.app:App._handle_exception":
        ("baea2e7f88e7ac52", "UncaughtErrors (it is this, but for the report)"),
    "textual.app:App._fatal_error":
        ("2474616cec7fa94d", "UncaughtErrors (the report it leaves out)"),
    "textual.app:App._print_error_renderables":
        ("6e6be40346778a2d", "UncaughtErrors (it prints its own text instead)"),
    "textual.widget:Widget._forward_event":
        ("66c264581d9b4642", "hand_on (it hands a key on as this does)"),
    "textual.css.stylesheet:Stylesheet._process_component_classes":
        ("852b5e4b93c6fc25", "virtual_node (it makes the node this makes)"),
    "textual.widgets._option_list:OptionList.render_lines":
        ("0bcea00aa05233b0", "lines_up_to_date (what this does before it draws)"),
    "textual.screen:Screen._watch_focused":
        ("91fed3126821f9a2", "FOCUS_REPAINTS_NOTHING (the focus's work, which it keeps)"),
    "textual.widget:Widget._scroll_update":
        ("edb9f6257285830d", "ScrollbarsRedrawThemselves (it is this, less the refresh)"),
}


def recheck(use: str, what: str) -> str:
    return RECHECK.format(version=textual.__version__, use=use, what=what)


# Read in an interpreter of its own: what a test of this process may have wrapped is not
# what Textual ships.
DIGESTS = textwrap.dedent("""
    import hashlib, importlib, inspect, json, sys
    from textual.css.stylesheet import Stylesheet
    found = {}
    for where in sys.argv[1:]:
        module, _, name = where.partition(":")
        target = importlib.import_module(module)
        for part in name.split("."):
            target = getattr(target, part, None)
        found[where] = (None if target is None else
                        hashlib.sha256(inspect.getsource(target).encode()).hexdigest()[:16])
    found["parse_rules"] = [list(inspect.signature(Stylesheet._parse_rules).parameters),
                            "self._parse_rules(" in inspect.getsource(Stylesheet.parse)]
    print(json.dumps(found))
""")


@pytest.fixture(scope="module")
def textuals_code() -> dict[str, Any]:
    out = subprocess.run([sys.executable, "-c", DIGESTS, *MIRRORED], capture_output=True,
                         text=True, check=True, timeout=120).stdout
    found: dict[str, Any] = json.loads(out.splitlines()[-1])
    return found


@pytest.mark.parametrize("where", sorted(MIRRORED))
def test_textuals_code_that_a_use_mirrors_is_unchanged(where: str,
                                                       textuals_code: dict[str, Any]) -> None:
    expected, use = MIRRORED[where]
    digest = textuals_code[where]
    assert digest is not None, recheck(use, f"{where} is gone")
    assert digest == expected, recheck(use, f"{where} changed (then update its digest here)")


# -------------------------------------------------------------------- read_input
def read(data: bytes, wait: float = 0.3) -> list[Any]:
    """The events ``read_input`` delivers for ``data`` written to a terminal."""
    read_end, write_end = os.pipe()
    wake_read, wake_write = os.pipe()
    stop = threading.Event()
    delivered: list[Any] = []
    thread = threading.Thread(target=compat.read_input,
                              args=(read_end, stop, wake_read, delivered.append))
    thread.start()
    try:
        os.write(write_end, data)
        time.sleep(wait)  # a lone Esc is told by its timeout (0.1 s)
    finally:
        stop.set()
        os.write(wake_write, b"x")
        thread.join(5)
        for fd in (read_end, write_end, wake_read, wake_write):
            os.close(fd)
    assert not thread.is_alive(), recheck("read_input", "it did not end when asked")
    return delivered


def test_read_input_parses_keys_as_textuals_driver_does() -> None:
    keys = [e.key for e in read(b"a\x1b[A\r") if isinstance(e, events.Key)]
    assert keys == ["a", "up", "enter"], recheck("read_input", f"XTermParser gave {keys}")


def test_read_input_tells_a_lone_escape_by_its_timeout() -> None:
    keys = [e.key for e in read(b"\x1b") if isinstance(e, events.Key)]
    assert keys == ["escape"], recheck("read_input", f"a lone Esc gave {keys}")


def test_read_input_reads_bytes_that_are_not_utf8_as_replacement_characters() -> None:
    keys = [e.character for e in read(b"\xe9t") if isinstance(e, events.Key)]
    assert keys == ["\ufffd", "t"], recheck("read_input", f"Latin-1 bytes gave {keys}")


def test_read_input_ends_with_eio_when_its_terminal_is_hung_up() -> None:
    """A pty whose other end closed (the server holding it was killed) reads empty for
    ever: the input thread must end with EIO, not read it again and again at full
    speed (a session so orphaned spun on a core until killed by hand)."""
    master, slave = pty.openpty()
    wake_read, wake_write = os.pipe()
    stop = threading.Event()
    failed: list[OSError] = []

    def run() -> None:
        try:
            compat.read_input(slave, stop, wake_read, lambda event: None)
        except OSError as error:
            failed.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    try:
        os.close(master)
        thread.join(3)
        still_reading = thread.is_alive()
    finally:
        stop.set()
        os.write(wake_write, b"x")
        thread.join(5)
        for fd in (slave, wake_read, wake_write):
            os.close(fd)
    assert not still_reading, "read_input went on reading a hung-up terminal"
    assert [e.errno for e in failed] == [errno.EIO]


# -------------------------------------------------------------------- the compositor
class Counting(compat.Compositor):
    updates = 0

    def render_partial_update(self) -> Any:
        Counting.updates += 1
        return super().render_partial_update()


class Drawing(HeadlessDriver):
    """A driver that draws (Textual renders no update for a headless one)."""

    @property
    def is_headless(self) -> bool:
        return False

    def write(self, data: str) -> None:
        pass


def test_a_screen_draws_through_the_compositor_it_is_given() -> None:
    class Host(App[None]):
        def on_mount(self) -> None:
            screen = Screen[None]()
            compat.use_compositor(screen, Counting())
            self.push_screen(screen)

    async def script(pilot: Any) -> None:
        app = pilot.app
        assert isinstance(compat.compositor_of(app.screen), Counting)
        await app.screen.mount(Label("hello"))
        await pilot.pause()
        Counting.updates = 0
        app.screen.query_one(Label).update("there")
        await pilot.pause()
        await pilot.pause()
        app.exit()

    asyncio.run(Host(driver_class=Drawing).run_async(size=(20, 5), auto_pilot=script))
    assert Counting.updates, recheck("use_compositor", "a screen no longer draws its "
                                                      "updates through its _compositor")
    parameters = list(inspect.signature(compat.Compositor.render_full_update).parameters)
    assert parameters == ["self", "simplify"], recheck("Compositor", f"{parameters}")
    update = inspect.signature(compat.ChopsUpdate.__init__).parameters
    assert list(update) == ["self", "chops", "spans", "chop_ends"], recheck(
        "ChopsUpdate", f"its arguments are now {list(update)}")
    layout = inspect.signature(compat.LayoutUpdate.__init__).parameters
    assert list(layout) == ["self", "strips", "region"], recheck(
        "LayoutUpdate", f"its arguments are now {list(layout)}")


def test_a_compositor_keeps_its_dirty_regions_as_a_set() -> None:
    compositor = compat.Compositor()
    assert isinstance(compat.dirty_regions(compositor), set), recheck(
        "dirty_regions", "the compositor's dirty regions are no set")
    for name in ("cuts", "visible_widgets", "size", "root"):
        assert hasattr(compat.Compositor, name) or hasattr(compositor, name), recheck(
            "Compositor", f"it has no {name} (partial_update.py reads it)")


# -------------------------------------------------------------------- shared parses
class Styled(App[None]):
    CSS = "Static { color: red; }"

    def __init__(self, theme: str | None = None) -> None:
        super().__init__()
        compat.share_parses(self)
        self.wanted = theme

    def compose(self) -> ComposeResult:
        yield Static("styled")

    def on_mount(self) -> None:
        if self.wanted is not None:
            self.theme = self.wanted  # the stylesheet is parsed again, in reparse


def rules_of_an_app(theme: str | None = None) -> list[Any]:
    rules: list[Any] = []

    async def run() -> None:
        app = Styled(theme)
        async with app.run_test(size=(20, 5)) as pilot:
            await pilot.pause()
            await pilot.pause()
            assert isinstance(app.stylesheet, compat.SharedParses), recheck(
                "share_parses", "the app's stylesheet was replaced after its __init__")
            rules.extend(app.stylesheet.rules)

    asyncio.run(run())
    return rules


def test_apps_that_share_parses_share_the_rules_parsed() -> None:
    first, second = rules_of_an_app(), rules_of_an_app()
    assert first and len(first) == len(second)
    assert all(a is b for a, b in zip(first, second, strict=True)), recheck(
        "SharedParses", "a second app parsed its CSS again: Stylesheet.parse no longer "
                        "goes through _parse_rules")


def test_a_stylesheet_parsed_again_parses_through_the_shared_parses() -> None:
    first = rules_of_an_app("textual-light")
    made = compat.SharedParses.made
    second = rules_of_an_app("textual-light")
    assert compat.SharedParses.made == made and len(first) == len(second), recheck(
        "SharedParses.reparse", "a second app parsed its CSS again when its theme was set")
    assert all(a is b for a, b in zip(first, second, strict=True))


def test_stylesheets_parse_through_parse_rules_with_these_arguments(
        textuals_code: dict[str, Any]) -> None:
    parameters, called = textuals_code["parse_rules"]
    assert parameters == ["self", "css", "read_from", "is_default_rules", "tie_breaker",
                          "scope"], recheck("SharedParses", f"its arguments: {parameters}")
    assert called, recheck("SharedParses", "Stylesheet.parse no longer calls _parse_rules")


# -------------------------------------------------------------------- uncaught errors
class Failing(compat.UncaughtErrors, App[None]):
    def __init__(self, where: str) -> None:
        super().__init__()
        self.where = where
        self.told: list[BaseException] = []

    def uncaught(self, error: BaseException) -> None:
        self.told.append(error)

    def exit_text(self) -> str | None:
        return "one line instead"

    def on_mount(self) -> None:
        if self.where == "worker":
            self.run_worker(self.fail_later())
        else:
            self.call_later(self.fail)

    def fail(self) -> None:
        secret = "the other seats' plans"  # a local variable Textual's report would show
        raise ZeroDivisionError(secret)

    async def fail_later(self) -> None:
        self.fail()


@pytest.mark.parametrize("where", ["handler", "worker"])
def test_an_uncaught_error_is_told_and_ends_the_app_without_textuals_report(
        where: str, capsys: pytest.CaptureFixture[str]) -> None:
    app = Failing(where)
    asyncio.run(app.run_async(headless=True, size=(20, 5)))
    out, err = capsys.readouterr()
    assert [type(e) for e in app.told] == [ZeroDivisionError], recheck(
        "UncaughtErrors", f"an error in a {where} was told as {app.told}")
    assert app.return_code == 1, recheck("UncaughtErrors", f"return code {app.return_code}")
    assert err == "one line instead\n" and "plans" not in out, recheck(
        "UncaughtErrors", f"the app printed {out + err!r}")


# -------------------------------------------------------------------- widgets
class Widgets(App[None]):
    CSS = "Label .role--x { color: red; } OptionList { height: 5; }"

    def compose(self) -> ComposeResult:
        yield Input(id="field")
        yield Label("label")
        yield OptionList(id="options")
        yield Scrolled()


class Scrolled(compat.ScrollbarsRedrawThemselves, ScrollView):
    DEFAULT_CSS = "Scrolled { height: 5; }"

    def on_mount(self) -> None:
        self.virtual_size = Size(10, 50)


def on_widgets(script: Any) -> None:
    async def run() -> None:
        app = Widgets()
        async with app.run_test(size=(40, 20)) as pilot:
            await pilot.pause()
            await script(app, pilot)

    asyncio.run(run())


def test_a_key_handed_on_reaches_the_widget_once() -> None:
    async def script(app: Widgets, pilot: Any) -> None:
        field = app.query_one(Input)
        app.query_one(OptionList).focus()
        await pilot.pause()
        key = events.Key("a", "a")
        compat.hand_on(field, key)
        await pilot.pause()
        assert field.value == "a", recheck("hand_on", f"the field read {field.value!r}")
        assert key.is_forwarded, recheck("hand_on", "the key is not marked as handed on")

    on_widgets(script)


def test_a_virtual_node_is_styled_where_it_stands() -> None:
    async def script(app: Widgets, pilot: Any) -> None:
        label = app.query_one(Label)
        node = compat.virtual_node(label, "role--x")
        assert node.css_path_nodes[-2:] == [label, node], recheck(
            "virtual_node", "the node is not under its parent")
        app.stylesheet.apply(node, animate=False)
        assert node.styles.color.hex == "#FF0000", recheck(
            "virtual_node", f"styled {node.styles.color}")
        assert node not in label.children  # never mounted

    on_widgets(script)


def test_an_option_list_s_lines_are_brought_up_to_date() -> None:
    async def script(app: Widgets, pilot: Any) -> None:
        options = app.query_one(OptionList)
        options.add_options(["one", "two", "three"])
        options.remove_option_at_index(0)  # its rows are laid out again when next drawn
        compat.lines_up_to_date(options)
        assert options.virtual_size.height == 2, recheck(
            "lines_up_to_date", f"{options.virtual_size} for two options")

    on_widgets(script)


def test_a_scroll_view_s_scrollbars_still_follow_its_layout() -> None:
    async def script(app: Widgets, pilot: Any) -> None:
        view = app.query_one(Scrolled)
        await pilot.pause()
        bar = view.vertical_scrollbar
        assert view.show_vertical_scrollbar and bar.window_virtual_size == 50 \
            and bar.window_size == 5, recheck(
                "ScrollbarsRedrawThemselves",
                f"its scrollbar: {bar.window_virtual_size} of {bar.window_size}")

    on_widgets(script)


def test_the_rows_shown_are_what_the_screen_draws() -> None:
    async def script(app: Widgets, pilot: Any) -> None:
        rows = compat.rows_shown(app.screen)
        assert len(rows) == 20 and any("label" in row.text for row in rows), recheck(
            "rows_shown", f"{[row.text for row in rows]}")

    on_widgets(script)


def test_keys_are_parsed_as_a_terminal_sends_them() -> None:
    keys = [e.key for e in compat.parsed_keys("m1\x1b[B") if isinstance(e, events.Key)]
    assert keys == ["m", "1", "down"], recheck("parsed_keys", f"XTermParser gave {keys}")


# -------------------------------------------------------------- FOCUS_REPAINTS_NOTHING
def test_screen_focused_is_declared_as_the_compat_copy_but_for_its_repaint() -> None:
    textuals = vars(Screen).get("focused")
    assert textuals is not None, recheck("FOCUS_REPAINTS_NOTHING", "Screen.focused is gone")
    ours = compat.FOCUS_REPAINTS_NOTHING
    differ = {name for name in ("_default", "_layout", "_init", "_always_update",
                                "_run_compute", "_recompose", "_bindings", "_toggle_class")
              if getattr(textuals, name, None) != getattr(ours, name, None)}
    assert type(textuals) is type(ours) and not differ, recheck(
        "FOCUS_REPAINTS_NOTHING", f"Screen.focused is declared otherwise now ({differ})")
    assert getattr(textuals, "_repaint", None) is True and not ours._repaint, \
        recheck("FOCUS_REPAINTS_NOTHING", "Screen.focused no longer repaints: drop the copy")


def test_a_footer_key_composed_as_shown_keeps_its_look_and_is_not_restyled() -> None:
    from textual.widgets import Footer

    composed: list[Any] = []

    class Shown(Footer):
        def compose(self) -> ComposeResult:
            for child in super().compose():
                compat.compose_key_as_shown(child, self.compact)
                composed.append(child)
                yield child

    class Keys(App[None]):
        BINDINGS = [("a", "bell", "Bell")]
        restyled: list[Any] = []

        def compose(self) -> ComposeResult:
            yield Shown(compact=True)

        def update_styles(self, node: Any, animate: bool = True) -> None:
            if node in composed:
                self.restyled.append(node)
            super().update_styles(node, animate)

    async def run() -> None:
        app = Keys()
        async with app.run_test(size=(40, 10)) as pilot:
            await pilot.pause()
            keys = [c for c in composed if type(c).__name__ == "FooterKey"]
            assert keys, recheck("compose_key_as_shown", "the footer composed no FooterKey")
            assert all(k.compact and k.has_class("-compact") for k in keys), recheck(
                "compose_key_as_shown", "a compact footer's keys lost their compact look")
            assert not app.restyled, recheck(
                "compose_key_as_shown", f"keys styled again at their mount: {app.restyled}")

    asyncio.run(run())
