"""A player's webhook: the server POSTs a small JSON notice when a decision of theirs
comes up (``s`` in the lobby sets the address).

The notice says which table, game and seat, since when and until when; never anything
of the game's state, so it holds no secret. A post never holds up play: it runs as a
task of its own with a bounded time, follows no redirect, and a slow or failing
address only loses its own notices (a few waiting at most, the rest dropped). By
default an address must be public: a player may not make the server post into its
own machine or network (``--webhooks-to-private`` allows it, for a server on a
private network).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import ipaddress
import logging
import socket
from typing import Any
from urllib.parse import urlsplit

import aiohttp

from engine.core.errors import IllegalIntent
from maharaja_server.transport.ledger import Ledger

log = logging.getLogger("maharaja_server.transport.webhooks")

TIMEOUT = 5.0  # seconds a post may take, connecting included
MAX_URL = 300
MAX_WAITING = 32  # posts under way at once; past that a notice is dropped (and logged)


def check_url(url: str) -> str:
    """The address as kept, or SRV-HOOK saying what is wrong with it ("": none)."""
    url = url.strip()
    if not url:
        return ""
    if len(url) > MAX_URL:
        raise IllegalIntent("SRV-HOOK", f"an address of at most {MAX_URL} characters")
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise IllegalIntent("SRV-HOOK", "an http:// or https:// address, with its host")
    if parts.username or parts.password:
        raise IllegalIntent("SRV-HOOK", "no name or password in the address (a token in "
                                        "its path does the same)")
    return url


def public(address: str) -> bool:
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    return ip.is_global and not ip.is_multicast


def when(epoch: float | None) -> str | None:
    if not epoch:
        return None
    return dt.datetime.fromtimestamp(epoch, dt.UTC).isoformat(timespec="seconds")


class Webhooks:
    def __init__(self, ledger: Ledger, *, allow_private: bool = False,
                 timeout: float = TIMEOUT) -> None:
        self.ledger = ledger
        self.allow_private = allow_private
        self.timeout = timeout
        self.urls = ledger.webhooks()
        self._session: aiohttp.ClientSession | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self.sent = 0  # posts answered with a 2xx (tests, the log)

    def get(self, name: str) -> str:
        return self.urls.get(name, "")

    def set(self, name: str, url: str) -> str:
        url = check_url(url)
        if url:
            self.urls[name] = url
        else:
            self.urls.pop(name, None)
        self.ledger.put_webhook(name, url)
        return url

    def notify(self, name: str, notice: dict[str, Any]) -> None:
        """Post ``notice`` to ``name``'s webhook, if they set one; never waits."""
        url = self.urls.get(name)
        if not url:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        if len(self._tasks) >= MAX_WAITING:
            log.warning("webhook notice for %s dropped: %d posts under way", name,
                        len(self._tasks))
            return
        task = loop.create_task(self._post(name, url, notice))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _post(self, name: str, url: str, notice: dict[str, Any]) -> None:
        try:
            async with asyncio.timeout(self.timeout):
                host = urlsplit(url).hostname or ""
                if not self.allow_private:
                    found = await asyncio.get_running_loop().getaddrinfo(
                        host, None, type=socket.SOCK_STREAM)
                    if not found or not all(public(str(a[4][0])) for a in found):
                        log.info("webhook of %s not posted: %s is not a public address",
                                 name, host)
                        return
                if self._session is None or self._session.closed:
                    self._session = aiohttp.ClientSession()
                async with self._session.post(url, json=notice,
                                              allow_redirects=False) as reply:
                    if 200 <= reply.status < 300:
                        self.sent += 1
                    else:
                        log.info("webhook of %s answered %d", name, reply.status)
        except (TimeoutError, aiohttp.ClientError, OSError, ValueError) as exc:
            log.info("webhook of %s failed: %s", name, type(exc).__name__)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._session is not None:
            await self._session.close()
