"""An option list whose length asks for no layout of the screen (issue 15)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.geometry import Region, Size
from textual.reactive import Reactive
from textual.widgets import OptionList
from textual.widgets.option_list import Option


class Choices(OptionList):
    """For a list whose height the CSS sets (not auto): new choices, hence a new virtual
    height, need no layout of the whole screen (Textual's virtual size asks for one at
    every change, each step of a game); a scrollbar that comes or goes still asks for
    its own."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)
    _rows_only = False  # set while replace_choices repaints the rows itself

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
