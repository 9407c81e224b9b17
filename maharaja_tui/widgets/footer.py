"""The footer of every screen: Textual's, rebuilt only when the keys it shows change."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer as TextualFooter

from maharaja_tui.compat import compose_key_as_shown


class Footer(TextualFooter):
    """Textual's footer rebuilds all its keys at every bindings refresh (a focus move, a
    reactive declared with bindings: most key presses, every move pushed to a table),
    each key a new widget knotted in reference cycles. Those were most of the cyclic
    garbage a key or a move left, and in an SSH session host the collections it brings
    pause every session of the host. Here the keys are rebuilt only when what they show
    (key, label, enabled, tooltip) differs from what they were composed from, and each
    is composed with the compact look it takes (``compat.compose_key_as_shown``), so
    that its mount does not style it again."""

    _shown: tuple[Any, ...] | None = None  # what the keys were composed from
    _first_asked = False  # Textual's first rebuild (the keys' first) is on its way

    def compose(self) -> ComposeResult:
        shown = self.keys_shown()
        drawn = False
        for child in super().compose():  # one at a time: a key group holds its keys
            drawn = True
            compose_key_as_shown(child, self.compact)  # styled once, as it mounts
            yield child
        if drawn:
            self._shown = shown

    def bindings_changed(self, screen: Screen[Any]) -> None:
        shows = screen.app.app_focus and self.is_attached and screen is self.screen
        if self._shown is None and not self._first_asked:
            # No keys yet: Textual's own first rebuild, asked for once. A screen's
            # bindings change several times as it opens (its focus comes), and each
            # asked for one: the keys were composed twice as every game screen opened.
            self._first_asked = shows
            super().bindings_changed(screen)
        elif shows:
            # Read once the refresh that changed them has run, as Textual's rebuild does.
            self.call_after_refresh(self._recompose_if_changed)

    def keys_shown(self) -> tuple[Any, ...]:
        """What ``compose`` draws from: the screen's bindings (hidden ones too, which is
        simpler than following ``compose``'s choices and costs at most a needless rebuild)."""
        return tuple((key, binding, enabled, tooltip) for key, (_, binding, enabled, tooltip)
                     in self.screen.active_bindings.items())

    async def _recompose_if_changed(self) -> None:
        # Not while a dialog is open inside the screen: the keys stay the screen's, as
        # under a dialog pushed over it (the dialog says its own keys), and the footer is
        # not rebuilt and laid out again as it opens and again as it closes.
        if self.is_attached and self.keys_shown() != self._shown \
                and getattr(self.screen, "dialog", None) is None:
            await self.recompose()
