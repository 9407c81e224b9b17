"""Issue 15: a line cut at its whole length is no reference cycle in a session (the
worker mends Textual's ``Strip.divide`` before forking: zygote.strips_without_self_cycles),
so another player's move leaves the hosts' collectors little to do."""

from __future__ import annotations

import sys

from rich.segment import Segment
from textual.strip import Strip

from maharaja_server.zygote import strips_without_self_cycles


def test_a_strip_divided_at_its_whole_length_keeps_no_reference_to_itself() -> None:
    strips_without_self_cycles()
    divided, untouched = Strip([Segment("abc")], 3), Strip([Segment("abc")], 3)
    assert divided.divide([3]) == [divided]
    # Counted: nothing (its own cache) holds the divided strip more than the untouched
    # one, so it is freed by its reference count, without a collection.
    assert sys.getrefcount(divided) == sys.getrefcount(untouched)
    assert [s.text for s in divided.divide([1, 3])] == ["a", "bc"]  # other cuts as before
