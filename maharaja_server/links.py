"""Join links: how a browser, which has no SSH key, proves which seat is its own.

A player at a table asks the lobby for links; each free human seat gets one with an
unguessable token. The first browser that opens a link claims it (a cookie holds that
browser's own secret), as the first SSH key that logs in claims a name: the same link
in the same browser gives the seat back, in any other browser it is refused. Only
SHA-256 digests of tokens and cookies are kept (``links.json``), never the secrets.
"""

from __future__ import annotations

import hashlib
import json
import logging
import secrets
from pathlib import Path

import msgspec

from engine.core.record import write_atomic
from maharaja_server.tables import Identity

log = logging.getLogger("maharaja_server.web")

MAX_LINKS = 10_000  # links the server remembers; new ones are refused beyond


class Link(msgspec.Struct):
    table: int
    seat: int  # 0-based
    name: str  # the player's name at the table
    browser: str | None = None  # digest of the cookie of the browser that claimed it


class LinkRefused(Exception):
    """A link that is unknown or belongs to another browser (one line for the page)."""


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def identity(token: str, link: Link) -> Identity:
    """The link's player: its name, and (as an SSH key's fingerprint) its digest."""
    return Identity(link.name, "link:" + digest(token)[:24])


class LinkBook:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._links: dict[str, Link] = {}
        if path.exists():
            try:
                self._links = msgspec.json.decode(path.read_bytes(), type=dict[str, Link])
            except (msgspec.DecodeError, msgspec.ValidationError) as exc:
                raise ValueError(f"{path} is damaged ({exc}); move it away to start "
                                 "without the join links it held") from None

    def issue(self, table: int, seat: int) -> str:
        """A new token for ``seat`` of ``table`` (its player is named web<table>-<seat>)."""
        if len(self._links) >= MAX_LINKS:
            raise LinkRefused(f"the server holds {MAX_LINKS} join links, its limit")
        token = secrets.token_urlsafe(18)
        self._links[digest(token)] = Link(table, seat, f"web{table}-{seat + 1}")
        self._save()
        return token

    def claim(self, token: str, cookie: str | None) -> tuple[Identity, Link, str | None]:
        """Who opens ``token`` from a browser holding ``cookie``, the link, and the new
        cookie to set (None: the browser already holds the right one)."""
        link = self._links.get(digest(token))
        if link is None:
            raise LinkRefused("this join link is not known here; ask for a new one")
        who = identity(token, link)
        if link.browser is None:
            fresh = secrets.token_urlsafe(18)
            link.browser = digest(fresh)
            self._save()
            return who, link, fresh
        if cookie is None or digest(cookie) != link.browser:
            log.info("join link of %s refused: opened in another browser", link.name)
            raise LinkRefused("this join link was opened in another browser (a link is "
                              "one player's); ask for a new one")
        return who, link, None

    def check(self, token: str, cookie: str | None) -> tuple[Identity, Link]:
        """Who a browser that already claimed ``token`` is (the websocket's check)."""
        link = self._links.get(digest(token))
        if link is None or link.browser is None or cookie is None \
                or digest(cookie) != link.browser:
            raise LinkRefused("open the join link itself first (in the browser that "
                              "claimed it)")
        return identity(token, link), link

    @staticmethod
    def cookie_name(token: str) -> str:
        """One cookie per link, so one browser may hold several links' seats."""
        return "mj-" + digest(token)[:16]

    def _save(self) -> None:
        write_atomic(self.path, json.dumps(msgspec.to_builtins(self._links)).encode())
