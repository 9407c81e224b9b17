"""Role styles are read from the stylesheet when first drawn (the launch).

``RoleStyles`` replaces 16 Textual component classes per widget, which Textual
restyled at every style update whether drawn or not. It must give the same styles
as component classes did, scoped rules included, and follow a theme change.
"""

from __future__ import annotations

import json
from pathlib import Path

from rich.style import Style
from textual.app import App, ComposeResult
from textual.color import Color
from textual.content import Content
from textual.widget import Widget

from maharaja_tui.paths import STYLES
from maharaja_tui.widgets.action_panel import ActionPanel
from maharaja_tui.widgets.segments import ROLES, Painter, RoleStyles, Segments
from tests.tui.first_frame import run_child
from tests.tui.helpers import synchronously

MUTED = ("minor-place", "dim", "hidden")  # $text-muted in app.tcss
APP_CSS = str(STYLES / "app.tcss")


class Lazy(RoleStyles, Widget):
    pass


class Eager(Widget):
    """The component classes the roles used to be."""

    COMPONENT_CLASSES = frozenset(f"role--{role}" for role in ROLES)


class Both(App[None]):
    CSS_PATH = APP_CSS
    CSS = "Lazy .role--money, Eager .role--money { color: #123456; text-style: italic; }"

    def compose(self) -> ComposeResult:
        yield Lazy()
        yield Eager()


def eager_style(widget: Eager, role: str) -> Style:
    return widget.get_component_rich_style(f"role--{role}", partial=True)


@synchronously
async def test_a_role_is_styled_as_its_component_class_was_scoped_rules_included() -> None:
    async with Both().run_test() as pilot:
        lazy, eager = pilot.app.query_one(Lazy), pilot.app.query_one(Eager)
        for theme in ("textual-dark", "textual-light"):
            pilot.app.theme = theme
            await pilot.pause()
            for role in ROLES:
                got, expected = lazy.role_style(role), eager_style(eager, role)
                if role in MUTED:  # the same but for the colour's alpha (below)
                    got += Style(color=expected.color)
                assert got == expected, (theme, role)
        assert lazy.role_style("money") == Style(color="#123456", italic=True)
        assert Painter(lazy).style("place") == eager_style(eager, "place") != Style()
        assert Painter(lazy).style("no-such-role") == Style()  # as an undeclared class


@synchronously
async def test_a_theme_change_restyles_a_drawn_role_and_refreshes_the_widget() -> None:
    async with Both().run_test() as pilot:
        app, lazy = pilot.app, pilot.app.query_one(Lazy)
        app.theme = "textual-dark"
        await pilot.pause()
        dark = lazy.role_style("action")  # drawn: kept until the styles change
        refreshed: list[bool] = []
        lazy.refresh = lambda *a, **k: refreshed.append(True) or lazy  # type: ignore[method-assign]
        app.theme = "textual-light"
        await pilot.pause()
        assert lazy.role_style("action") != dark
        assert lazy.role_style("action") == eager_style(app.query_one(Eager), "action")
        assert refreshed


@synchronously
async def test_a_muted_role_is_drawn_muted_not_in_the_full_text_colour() -> None:
    """``$text-muted`` has an alpha, which Rich colours lack: it is blended over the
    widget's background (a component class's partial style drew it in full white)."""
    async with Both().run_test() as pilot:
        lazy = pilot.app.query_one(Lazy)
        for theme in ("textual-dark", "textual-light"):
            pilot.app.theme = theme
            await pilot.pause()
            background = lazy.background_colors[1]
            full = Color.from_rich_color(lazy.rich_style.color).brightness  # its text
            for role in MUTED:
                muted = Color.from_rich_color(lazy.role_style(role).color).brightness
                # between the background and the full text colour, not either
                low, high = sorted((background.brightness, full))
                assert low + 0.1 < muted < high - 0.1, (theme, role, background, muted, full)


FIRST_FRAME_ROLES = """
import json, os
from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.screens.new_game import default_setup
from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode

made = []
init = DOMNode.__init__
def making(self, *args, **kwargs):
    made.append(str(kwargs.get("classes") or "").startswith("role--"))
    return init(self, *args, **kwargs)
DOMNode.__init__ = making

applied = []
apply = Stylesheet.apply
def counted(self, node, **kwargs):
    applied.append(any(c.startswith("role--") for c in node.classes))
    return apply(self, node, **kwargs)
Stylesheet.apply = counted

class FirstFrame(MaharajaApp):
    def post_display_hook(self):  # Textual's public hook after each display
        screen = self.screen
        if type(screen).__name__ == "GameScreen":
            widgets = [w for w in screen.walk_children(with_self=True)
                       if hasattr(w, "_role_styles")]
            drawn = sum(len(w._role_styles or ()) for w in widgets)
            different = len({(role, str(w.background_colors[1])) for w in widgets
                             for role in w._role_styles or ()})
            print(json.dumps({"role_nodes": sum(applied), "made": sum(made), "drawn": drawn,
                              "different": different}), flush=True)
            os._exit(0)

FirstFrame(Start("play", setup=default_setup(seed=7))).run(headless=True, size=(80, 24))
"""


def test_the_first_frame_styles_only_the_roles_it_draws(data_home: Path) -> None:
    """A drawn role is styled again only when its widget's styles change (here when the
    action list takes the focus); as component classes, 16 roles per widget were styled
    at each of the screen's style updates (482 before the first frame). A role styled
    by rules that name it alone is styled once for every widget on the same background
    (28 role nodes styled -> 11). A role node is made only to be styled: one
    whose style is already shared, and that no rule naming an ancestor may style, is
    not made to find that out (28 made -> 11)."""
    found = run_child(FIRST_FRAME_ROLES, data_home)
    drawn, styled, different = found["drawn"], found["role_nodes"], found["different"]
    assert 0 < styled == different < drawn, json.dumps(found)  # type: ignore[operator]
    assert found["made"] == styled, json.dumps(found)


class Plain(RoleStyles, Widget):
    pass


class Scoped(App[None]):
    """A role under a rule naming its widget's type, beside the same role elsewhere."""

    CSS_PATH = APP_CSS
    CSS = "Lazy .role--money { color: #123456; }"

    def __init__(self, first: type[Widget]) -> None:
        super().__init__()
        self.first = first

    def compose(self) -> ComposeResult:
        yield from (self.first(), Plain() if self.first is Lazy else Lazy())


@synchronously
async def test_a_role_shared_by_widgets_keeps_the_rules_that_name_its_widget() -> None:
    for first in (Lazy, Plain):  # whichever draws it first
        async with Scoped(first).run_test() as pilot:
            scoped, plain = pilot.app.query_one(Lazy), pilot.app.query_one(Plain)
            styles = [w.role_style("money") for w in (pilot.app.query_one(first), scoped, plain)]
            assert styles[1] == Style(color="#123456"), first
            assert styles[2] == Style(color="#d7af00"), first  # app.tcss
            assert Plain().role_style("dim") == Style()  # not attached: plain


class Actions(App[None]):
    CSS_PATH = APP_CSS

    def compose(self) -> ComposeResult:
        yield ActionPanel()


@synchronously
async def test_the_action_list_draws_a_kept_entry_in_the_theme_of_now() -> None:
    """The action panel keeps an entry's label while the entry stays (a step changes
    one or two); a new theme draws the labels again in its styles."""
    take: Segments = (("Take 3 coins", "action"),)
    end: Segments = (("End your turn", ""),)
    async with Actions().run_test() as pilot:
        app, panel = pilot.app, pilot.app.query_one(ActionPanel)

        def label(index: int) -> object:
            return panel.options.get_option_at_index(index).prompt

        def drawn(entry: Segments) -> Content:
            return Content.from_rich_text(Painter(panel).text(entry), console=app.console)

        def look(content: object) -> object:  # Content compares its text alone
            assert isinstance(content, Content)
            return content.plain, content.spans

        app.theme = "textual-dark"
        await pilot.pause()
        panel.show((), (take, end))
        await pilot.pause()
        dark = label(0)
        assert look(dark) == look(drawn(take))
        panel.show((), (take,))  # a step: the entry stays, its label kept
        await pilot.pause()
        assert label(0) is dark
        app.theme = "textual-light"
        await pilot.pause()
        panel.show((), (take, end))
        await pilot.pause()
        assert look(label(0)) == look(drawn(take)) != look(dark)
