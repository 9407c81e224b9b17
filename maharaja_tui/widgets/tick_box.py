"""A checkbox whose mark is a tick or a blank, not a colour alone.

Textual's Checkbox draws the same X for on and off and tells them apart by colour: under
NO_COLOR, or a monochrome terminal, a player could not see whether "Rated" was ticked."""

from __future__ import annotations

from textual.geometry import Size
from textual.widgets import Checkbox


class TickBox(Checkbox):
    """Textual's Checkbox marked ✓ when on and blank when off."""

    BUTTON_INNER = " "

    def watch_value(self) -> None:
        self.BUTTON_INNER = "✓" if self.value else " "
        super().watch_value()  # Textual's: the "-on" class and the Changed message

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """One row, as Textual's; where a style lets the label wrap (``text-wrap: wrap``,
        a form narrower than its longest rule), the rows the wrapped label takes."""
        if self.styles.text_wrap != "wrap":
            return 1
        return max(1, len(self.render().wrap(width)))
