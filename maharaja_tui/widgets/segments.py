"""Segments: ``(text, role)`` pairs, the engine's description format, used by every widget.

A role names what a piece of text is. Widgets turn roles into styles through
component classes, so the look lives in the .tcss files and the words never depend
on colour. The classes have the UI's own words (``place``, ``money``, ``score``...);
a game's descriptions use the game's words (``city``, ``coins``, ``pp``) and its
GameSpec maps them onto the UI's (``roles``), carried here by the ``Palette``.
Seats are the exception: a game declares its players' colours (a ``Palette``), and
``seat:N`` draws in seat N's colour; each seat also has its letter, so nothing is
told by colour alone (NO_COLOR).

Widgets that draw segments mix in ``RoleStyles``: a role's style is read from the
stylesheet when it is first drawn, instead of declaring every role as a Textual
component class (which restyles all of them at every style update of the widget).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

import msgspec
from rich.color import Color, ColorParseError
from rich.style import Style
from rich.text import Text
from textual.css.match import match
from textual.dom import DOMNode
from textual.widget import Widget

from maharaja_tui.compat import virtual_node

if TYPE_CHECKING:
    from textual.color import Color as TextualColor
    from textual.css.model import RuleSet, SelectorSet
    from textual.css.styles import StylesBase

Segment = tuple[str, str]
Segments = tuple[Segment, ...]

ROLES = ("place", "minor-place", "money", "score", "piece", "marker", "action", "round",
         "reward", "dim", "target", "cursor", "strong", "hidden", "warning", "mine", "news")
_STYLED = frozenset(ROLES)


class RoleStyles:
    """Mixed into a widget (or screen) whose segments take the stylesheet's
    ``.role--<role>`` styles as they apply inside it (``PalaceGrid .role--target`` may
    differ from the app's).

    Each role is resolved when first drawn and kept until the widget's styles change.
    Declared as Textual component classes instead, all 16 roles were restyled at every
    style update of every such widget (twice before the first frame), most of them
    never drawn: a third of the launch. As with component classes, a style
    update that changes a drawn role's style refreshes the widget.
    """

    _role_styles: dict[str, Style] | None = None  # by role, those drawn so far

    def role_style(self: Any, role: str) -> Style:
        """The role's partial style (only what its rule sets, as Painter combines them)."""
        drawn = self._role_styles
        if drawn is None:
            drawn = self._role_styles = {}
        style: Style | None = drawn.get(role)
        if style is None:
            if not self.is_attached:  # no stylesheet yet: plain, and not kept
                return Style()
            style = drawn[role] = self._resolve_role(role)
        return style

    def _resolve_role(self: Any, role: str) -> Style:
        # What Textual does per component class: a node with the class under this one.
        sheet = self.app.stylesheet
        under = self.background_colors[1]
        # Most roles are styled by rules that name the role alone (``.role--dim``), alike
        # in every widget over the same background: those are styled once for the app
        # (28 role nodes styled before the first frame, 11 of them different).
        # A rule that also names an ancestor (``PalaceGrid .role--target``) and matches
        # here styles this widget's role apart. A role no such rule names is known alike
        # without its node (making one, 17 times a launch, to find the style
        # already shared, cost as much as styling all 11).
        shared = _SharedRoles.of(self.app, sheet.rules_map)
        key = (role, under)
        scoped = shared.scoped(role)
        if not scoped and key in shared.styles:
            return shared.styles[key]
        node = virtual_node(self, f"role--{role}")
        alike = not _scoped_rule_matches(scoped, node)
        if alike and key in shared.styles:
            return shared.styles[key]
        sheet.apply(node, animate=False)
        style = _opaque(node.styles, under)
        if alike:
            shared.styles[key] = style
        return style

    def notify_style_update(self: Any) -> None:
        super().notify_style_update()  # type: ignore[misc]
        drawn = self._role_styles
        if drawn:
            self._role_styles = {}
            if any(self.role_style(role) != style for role, style in drawn.items()):
                self.refresh()


class _SharedRoles:
    """The role styles of an app's stylesheet (its rules as now: a theme change or a new
    widget type's default CSS makes new ones) that no rule naming an ancestor changes,
    by role and the background they are drawn on."""

    def __init__(self, rules_map: dict[str, list[RuleSet]]) -> None:
        self.rules_map = rules_map  # kept: its identity tells the rules have not changed
        self.styles: dict[tuple[str, TextualColor], Style] = {}
        self._scoped: dict[str, list[SelectorSet]] = {}

    @classmethod
    def of(cls, app: Any, rules_map: dict[str, list[RuleSet]]) -> _SharedRoles:
        shared: _SharedRoles | None = app.__dict__.get("_shared_role_styles")
        if shared is None or shared.rules_map is not rules_map:
            shared = app.__dict__["_shared_role_styles"] = cls(rules_map)
        return shared

    def scoped(self, role: str) -> list[SelectorSet]:
        """The selectors that may style the role's node and name more than the node
        itself (an ancestor: ``PalaceGrid .role--target``), as Stylesheet.apply finds
        the rules for a node: by its selector names (``*``, its type, its class). Not
        those that ask the node for a pseudo-class (Textual's ``App *:disabled:can-focus``,
        under ``*``): a plain DOMNode has none (its ``_PSEUDO_CLASSES`` is empty)."""
        found = self._scoped.get(role)
        if found is None:
            names = ("*", DOMNode.__name__, f".role--{role}")  # a DOMNode's type: its own
            found = self._scoped[role] = [
                selector_set for name in names
                for rule in self.rules_map.get(name, ()) for selector_set in rule.selector_set
                if len(selector_set.selectors) > 1
                and not selector_set.selectors[-1].pseudo_classes]
        return found


def _scoped_rule_matches(scoped: list[SelectorSet], node: DOMNode) -> bool:
    """One of the ``scoped`` selectors matches ``node`` where it is (as
    Stylesheet.apply checks)."""
    return bool(scoped) and match(scoped, node)


def _opaque(styles: StylesBase, under: TextualColor) -> Style:
    """A role's partial style with its colour's alpha blended over what it is drawn on.

    Rich colours have no alpha: a partial style drew ``$text-muted`` (the dim, minor-place
    and hidden roles) in the theme's full text colour instead of muted.
    """
    style = styles.partial_rich_style
    color = styles.color
    if styles.has_rule("color") and 0 < color.a < 1:
        if styles.has_rule("background") and styles.background.a > 0:
            under = under + styles.background
        if styles.auto_color:  # "auto 60%": the text colour that contrasts with it
            color = under.get_contrast_text(color.a)
        style += Style(color=(under + color).rich_color)
    return style


class SeatStyle(NamedTuple):
    """How one seat (or one side under a seat) is drawn."""

    name: str  # the colour's name, as the players say it ("red")
    letter: str  # the letter or glyph that stands for it without colour ("R")
    colour: str  # a colour Rich can parse ("#ff5f5f")


class Palette(msgspec.Struct, frozen=True):
    """The styles of a game's seats, in seat order (``seat:N``), and of the sides grouped
    under them when a game has some (``side:K``: Maharadjah's nations); ``roles`` maps
    the game's own role words onto ``ROLES``."""

    seats: tuple[SeatStyle, ...] = ()
    sides: tuple[SeatStyle, ...] = ()
    roles: Mapping[str, str] = msgspec.field(default_factory=dict)

    def style(self, kind: str, index: int) -> Style:
        """A seat's or side's style; an index past the palette draws plainly."""
        styles = self.seats if kind == "seat" else self.sides
        if not 0 <= index < len(styles):
            return Style()
        return Style(color=styles[index].colour, bold=kind == "seat")

    def letter(self, seat: int) -> str:
        return self.seats[seat].letter if 0 <= seat < len(self.seats) else str(seat + 1)


def is_colour(text: str) -> bool:
    """True when Rich can draw ``text`` as a colour."""
    try:
        Color.parse(text)
    except ColorParseError:
        return False
    return True


def seg(*parts: str | Segment) -> Segments:
    return tuple((p, "") if isinstance(p, str) else p for p in parts)


class Painter:
    """Maps roles to Rich styles for one widget; ``seat:N`` and ``side:K`` come from the
    game's palette, any other role from the widget's ``role--`` styles (``RoleStyles``)."""

    def __init__(self, widget: Widget, palette: Palette | None = None) -> None:
        self.widget = widget
        self.palette = palette or Palette()
        self._cache: dict[str, Style] = {}

    def style(self, role: str) -> Style:
        if not role:
            return Style()
        cached = self._cache.get(role)
        if cached is not None:
            return cached
        style = Style()
        for part in role.split("+"):
            style += self._one(part)
        self._cache[role] = style
        return style

    def _one(self, role: str) -> Style:
        kind, _, index = role.partition(":")
        if kind in ("seat", "side") and index.lstrip("-").isdigit():
            return self.palette.style(kind, int(index))
        role = self.palette.roles.get(role, role)
        if isinstance(self.widget, RoleStyles) and role in _STYLED:
            return self.widget.role_style(role)
        return Style()  # a role this widget does not style

    def text(self, segments: Iterable[Segment], *, end: str = "") -> Text:
        out = Text(end="")
        for content, role in segments:
            out.append(content, self.style(role))
        if end:
            out.append(end)
        return out

    def lines(self, rows: Iterable[Iterable[Segment]]) -> Text:
        return Text("\n").join(self.text(row) for row in rows)

