"""Counting the asyncio tasks a piece of code makes (a task per read or per wakeup is
what the relay and the load client were cut of)."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine, Iterator
from contextlib import contextmanager
from typing import Any


@contextmanager
def tasks_made(loop: asyncio.AbstractEventLoop) -> Iterator[list[int]]:
    """``[n]``: the tasks ``loop`` made inside the ``with`` block, counted as they are made."""
    made = [0]

    def counting(loop: asyncio.AbstractEventLoop, coro: Coroutine[Any, Any, Any],
                 **kwargs: Any) -> asyncio.Task[Any]:
        made[0] += 1
        return asyncio.Task(coro, loop=loop, **kwargs)

    loop.set_task_factory(counting)  # type: ignore[arg-type]
    try:
        yield made
    finally:
        loop.set_task_factory(None)
