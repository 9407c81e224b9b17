"""The smallest terminal every screen is laid out for: 80×24, the classic terminal, so
every screen is fully usable in one. Smaller, tracks would be dropped, names cut and
villages merged: the app covers itself then (``minimum_size``) with a screen that says
so (``screens/too_small``)."""

from __future__ import annotations

from textual.geometry import Size

MIN_SIZE = Size(80, 24)


def is_too_small(size: Size) -> bool:
    return size.width < MIN_SIZE.width or size.height < MIN_SIZE.height
