"""The server's log cannot be flooded: the same message at most ``burst`` times a
``window``, then one line saying how many more were left out.

A slowloris attack on the web port made the accept loop log "Too many open files"
168,559 times, 75 MB in 40 s; a password guesser or a flood of connections would
likewise write one line each. A message is "the same" by its logger and its format
string (``record.msg``, before its arguments), so "password login failed for %s from
%s" counts as one message whoever guesses.
"""

from __future__ import annotations

import logging
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager

BURST = 20  # lines of one message a window
WINDOW = 60.0  # seconds
TRACKED = 1_000  # messages counted at once (the one quiet longest is forgotten first)


class FloodFilter(logging.Filter):
    def __init__(self, burst: int = BURST, window: float = WINDOW,
                 now: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.burst = burst
        self.window = window
        self.now = now
        # (logger, format) -> [window start, lines seen, lines left out]
        self._seen: OrderedDict[tuple[str, str], list[float]] = OrderedDict()

    def filter(self, record: logging.LogRecord) -> bool:
        key = (record.name, str(record.msg))
        now = self.now()
        seen = self._seen.get(key)
        if seen is None or now - seen[0] >= self.window:
            left_out = int(seen[2]) if seen is not None else 0
            self._seen[key] = [now, 1, 0]
            self._seen.move_to_end(key)
            while len(self._seen) > TRACKED:
                self._seen.popitem(last=False)
            if left_out:
                record.msg = f"{record.msg} [{left_out} more like this left out of the log]"
            return True
        seen[1] += 1
        if seen[1] <= self.burst:
            return True
        if seen[1] == self.burst + 1:  # said once, as the silence starts
            record.msg = (f"{record.msg} [more like this are left out of the log for "
                          f"{self.window:g} s]")
            return True
        seen[2] += 1
        return False


@contextmanager
def installed(handlers: list[logging.Handler] | None = None) -> Iterator[FloodFilter]:
    """One FloodFilter on ``handlers`` (the root logger's, by default) while the server
    runs, taken off again when it stops: a process that serves more than once (the
    tests call ``serve_main`` in-process) would otherwise keep silencing messages on
    handlers that outlive the server, such as a test runner's log capture."""
    flood = FloodFilter()
    chosen = list(handlers if handlers is not None else logging.getLogger().handlers)
    for handler in chosen:
        handler.addFilter(flood)
    try:
        yield flood
    finally:
        for handler in chosen:
            handler.removeFilter(flood)
