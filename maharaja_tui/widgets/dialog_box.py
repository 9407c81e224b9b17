"""A dialog drawn inside the screen it asks over, not a screen pushed on top of it.

A dialog pushed as a screen (a ``ModalScreen``) repaints the whole terminal when it
opens (the screen under it drawn again, dimmed) and again when it closes (the screen
under it resumed): over SSH two whole frames for every question, most of the bytes a
player's move sent the seats' terminals. Drawn on its screen's ``dialog`` layer instead, in a
``DialogLayer`` the screen holds from the start (the screen's styles put it in its
middle, see ``SCREEN_CSS``; it is as large as the box it holds, nothing when empty),
opening it writes its own rows, and closing it the rows it covered. Two things of
Textual's would still repaint the whole screen, so the screen avoids both: a widget
mounted on the screen itself repaints all of it (hence the layer, which the box is
mounted in), and so does a new focus (Textual's ``Screen.focused`` repaints the
screen; ``compat.FOCUS_REPAINTS_NOTHING`` declares it again without, for a screen
whose widgets show their own focus, as Textual's do).

What a modal screen did for it, the box does itself: keys reach the dialog only (it is
modal: its screen's and the app's bindings are not looked up past it, and the focus
stays inside it), and a click or a mouse move outside it reaches nothing under it
(``HoldsTheMouse``, an app mixin). ``dismiss`` answers once, to the callback the box
was opened with; whoever opened it takes it away, or keeps it hidden to ask its next
question of the same kind in it (``reopen``): a box mounted anew styled, composed and
laid out its widgets, and laid the whole screen out a second time as they took their
sizes, at every seat at every dialog and scoring.

The same box is a dialog screen's whole body where dialogs are pushed (the local app:
``screens/boxed.py``'s ``BoxScreen``), so each dialog is written once for both.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Self

from textual import events
from textual.containers import Vertical
from textual.widget import Widget

if TYPE_CHECKING:
    from textual.app import App

    _App = App[None]
else:
    _App = object

# For a screen that shows such boxes: its own widgets on the default layer (which fill
# it, so centring them moves none), the dialog layer over them in the middle.
SCREEN_CSS = "layers: default dialog; align: center middle;"

class DialogLayer(Vertical):
    """Where a screen's dialog boxes are mounted (see the module). Invisible itself (it
    draws nothing), it shows the boxes in it that are visible: a box answered and kept
    to be opened again is made invisible, and the layer keeps its size."""

    DEFAULT_CSS = """DialogLayer { layer: dialog; width: auto; height: auto;
                                   max-width: 100%; max-height: 100%;
                                   visibility: hidden; }"""


class DialogBox(Vertical):
    """A dialog's box, drawn inside its screen (see the module): modal, the focus kept
    inside it, and answered once."""

    # Taller than the terminal (at 80x24 a stack's list and a refusal's four lines under
    # it), it scrolls: clipped, its last rows, the keys, were out of reach.
    DEFAULT_CSS = "DialogBox { overflow-y: auto; }"

    def __init__(self, *, then: Callable[[Any], None] | None = None, id: str | None = None,
                 classes: str = "dialog") -> None:
        super().__init__(id=id, classes=classes)
        self.then = then
        self.answered = False
        # The widget whose role styles paint its words: the box's own inside the screen
        # that asks; on a screen of its own, that screen's (``BoxScreen``), dimmed as it is.
        self.painter: Widget = self
        self.trap_focus()

    @property
    def asking(self) -> bool:
        """Open: not answered, on a screen still open (its mount or a late callback may
        come after a key answered it, or after its screen closed)."""
        if self.answered or not self.is_attached:
            return False
        screen = self.screen
        return screen.is_attached and screen in self.app.screen_stack

    @property
    def is_modal(self) -> bool:
        return True

    def reopen(self, box: Self) -> bool:
        """Asked again: ``box``'s question (a new box of this class, never mounted) shown
        in this one, answered before and kept hidden by its screen, whose widgets are
        updated in place. True when it could; the default cannot (``box`` is mounted
        instead). Called shown again, and no longer answered."""
        return False

    @classmethod
    def reopens(cls) -> bool:
        """Whether a box of this class may be kept to be opened again (``reopen``)."""
        return cls.reopen is not DialogBox.reopen

    def dismiss(self, result: Any = None) -> None:
        """Answer (once: a late second answer, a key read twice, is dropped)."""
        if self.answered:
            return
        self.answered = True
        if self.then is not None:
            self.then(result)


def open_box(app: Any) -> DialogBox | None:
    """The dialog box open on the app's screen, if any."""
    return getattr(app.screen, "dialog", None) if app.screen_stack else None


class HoldsTheMouse(_App):
    """App mixin: while a dialog box is open, the mouse outside it reaches nothing (as
    over a modal screen's backdrop: no click on the board or the list behind it)."""

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.MouseEvent) and not event.is_forwarded:
            box = open_box(self)
            if box is not None and not box.region.contains(event.x, event.y):
                return
        await super().on_event(event)
