"""Closing the session worker on a loaded machine: a worker that outlives the grace wait
but exits before the kill must not make the server's shutdown raise."""

from __future__ import annotations

import asyncio

from maharaja_server.transport.spawn import Zygote


class _LateWorker:
    """A worker whose wait outlasts the grace period and which is gone by the kill."""

    returncode: int | None = None

    async def wait(self) -> int:
        if self.returncode is None:
            await asyncio.sleep(3600)
        return 0

    def kill(self) -> None:
        self.returncode = 0
        raise ProcessLookupError


def test_a_worker_gone_before_the_kill_closes_quietly(monkeypatch) -> None:  # noqa: ANN001
    real_wait_for = asyncio.wait_for

    async def no_grace(awaitable, timeout):  # noqa: ANN001, ANN202
        return await real_wait_for(awaitable, 0.01)

    monkeypatch.setattr(asyncio, "wait_for", no_grace)
    zygote = Zygote({})
    zygote._process = _LateWorker()  # type: ignore[assignment]
    asyncio.run(zygote.close())
