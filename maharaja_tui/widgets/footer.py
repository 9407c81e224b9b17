"""The footer of every screen: Textual's, rebuilt only when the keys it shows change."""

from __future__ import annotations

from typing import Any

from textual.screen import Screen
from textual.widgets import Footer as TextualFooter


class Footer(TextualFooter):
    """Textual's footer rebuilds all its keys at every bindings refresh (a focus move, a
    reactive declared with bindings: most key presses, every move pushed to a table),
    each key a new widget knotted in reference cycles. Those were most of the cyclic
    garbage a key or a move left, and in an SSH session host the collections it brings
    pause every session of the host (the SSH figures). Here the keys are rebuilt only when
    what they show (key, label, enabled, tooltip) differs."""

    _shown: tuple[Any, ...] | None = None

    def bindings_changed(self, screen: Screen[Any]) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            self.call_after_refresh(self._recompose_if_changed)

    def keys_shown(self) -> tuple[Any, ...]:
        """What ``compose`` draws from: the screen's bindings (hidden ones too, which is
        simpler than following ``compose``'s choices and costs at most a needless rebuild)."""
        return tuple((key, binding, enabled, tooltip) for key, (_, binding, enabled, tooltip)
                     in self.screen.active_bindings.items())

    async def _recompose_if_changed(self) -> None:
        if not self.is_attached:
            return
        shown = self.keys_shown()
        if shown != self._shown:
            self._shown = shown
            await self.recompose()
