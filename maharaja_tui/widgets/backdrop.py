"""Containers their children cover: drawn as Textual draws a blank widget (``BLANK``).

The game screen's frame (``#main``, ``#left``, ``#boards``) has neither border nor
padding, and its children fill it: nothing of it shows. Textual still rendered each of
its rows through the styles cache and the line filters, a tenth of the first frame's
rendering (key to frame). ``BLANK`` is Textual's own switch for that: each row is one blank
strip in the container's background, which is what would show through a gap.
"""

from __future__ import annotations

from textual.containers import Horizontal, Vertical


class BackdropRow(Horizontal):
    """A ``Horizontal`` without border or padding, covered by its children."""

    BLANK = True


class BackdropColumn(Vertical):
    """A ``Vertical`` without border or padding, covered by its children."""

    BLANK = True
