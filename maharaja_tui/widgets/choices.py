"""An option list whose length asks for no layout of the screen (issue 15)."""

from __future__ import annotations

from textual.geometry import Size
from textual.reactive import Reactive
from textual.widgets import OptionList


class Choices(OptionList):
    """For a list whose height the CSS sets (not auto): new choices, hence a new virtual
    height, need no layout of the whole screen (Textual's virtual size asks for one at
    every change, each step of a game); a scrollbar that comes or goes still asks for
    its own."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)
