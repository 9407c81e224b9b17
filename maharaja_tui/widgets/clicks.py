"""Clicks that began elsewhere: the second click of a double click whose first click
closed a dialog lands on what was under the dialog.

A player double-clicks a dialog's entry out of habit (a village to build in): the first
click picks it and closes the dialog, and the second arrives at the board or the action
list beneath, where it picked a place or an action of its own. Textual numbers the clicks
of a quick series at one spot (``Click.chain``); a widget that was not given the series'
earlier clicks lets the later ones go by.
"""

from __future__ import annotations

from textual.events import Click
from textual.widget import Widget


class FirstClicks:
    """For a widget whose clicks act (a list, a board): ``stray(event)`` says a click is
    the later part of a series that began elsewhere, to be let go by."""

    _took_click_at: float | None = None  # the time of the last click it took

    def stray(self, event: Click) -> bool:
        assert isinstance(self, Widget)
        took = self._took_click_at
        mine = took is not None and event.time - took <= self.app.CLICK_CHAIN_TIME_THRESHOLD
        if event.chain > 1 and not mine:
            return True
        self._took_click_at = event.time
        return False
