"""Join links: how a browser, which has no SSH key, proves which seat is its own.

A player at a table asks the lobby for links; each free human seat gets one with an
unguessable token. The first browser that opens a session by a link claims it (a
cookie holds that browser's own secret), as the first SSH key that logs in claims a
name: the same link in the same browser gives the seat back, in any other browser it
is refused. Only
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
PER_SEAT = 8  # unclaimed links a seat keeps; issuing more forgets the oldest


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
        # A seat keeps its last few unclaimed links (pressing l again must not fill
        # the book); older ones stop working.
        waiting = [key for key, link in self._links.items()
                   if (link.table, link.seat, link.browser) == (table, seat, None)]
        for key in waiting[:max(0, len(waiting) - (PER_SEAT - 1))]:
            del self._links[key]
        if len(self._links) >= MAX_LINKS:
            raise LinkRefused(f"the server holds {MAX_LINKS} join links, its limit")
        token = secrets.token_urlsafe(18)
        self._links[digest(token)] = Link(table, seat, f"web{table}-{seat + 1}")
        self._save()
        return token

    def page(self, token: str, cookie: str | None) -> str | None:
        """May this browser load the link's page? The cookie it should be given
        (None: it holds one already). Loading claims nothing: a chat app's preview
        of the link fetches the page but never opens a session."""
        link = self._get(token)
        if link.browser is not None and not self._owns(link, cookie):
            raise self._taken(link)
        return None if cookie else secrets.token_urlsafe(18)

    def enter(self, token: str, cookie: str | None) -> tuple[Identity, Link]:
        """Who opens a session by the link (the websocket): the first browser claims
        it, as the first key that logs in claims an SSH name; later, only it."""
        link = self._get(token)
        if not cookie:
            raise LinkRefused("open the join link itself first")
        if link.browser is None:
            link.browser = digest(cookie)
            self._save()
        elif not self._owns(link, cookie):
            raise self._taken(link)
        return identity(token, link), link

    def _get(self, token: str) -> Link:
        link = self._links.get(digest(token))
        if link is None:
            raise LinkRefused("this join link is not known here; ask for a new one")
        return link

    @staticmethod
    def _owns(link: Link, cookie: str | None) -> bool:
        return bool(cookie) and digest(cookie or "") == link.browser

    @staticmethod
    def _taken(link: Link) -> LinkRefused:
        log.info("join link of %s refused: opened in another browser", link.name)
        return LinkRefused("this join link was opened in another browser (a link is one "
                           "player's); ask for a new one")

    @staticmethod
    def cookie_name(token: str) -> str:
        """One cookie per link, so one browser may hold several links' seats."""
        return "mj-" + digest(token)[:16]

    def _save(self) -> None:
        write_atomic(self.path, json.dumps(msgspec.to_builtins(self._links)).encode())
