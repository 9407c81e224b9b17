"""Join links: how a browser, which has no SSH key, proves which seat is its own.

A player at a table asks the lobby for links; each free human seat gets one with an
unguessable token. The first browser that opens a session by a link claims it (a
cookie holds that browser's own secret), as the first SSH key that logs in claims a
name: the same link in the same browser gives the seat back, in any other browser it
is refused. Only
SHA-256 digests of tokens and cookies are kept (``links.json``), never the secrets.

A link lives no longer than its table (table ids are never reused, and a closed
table's links go with it: an old link once seated its holder at a new table under the
old id), and one nobody opened expires after ``EXPIRY``. The book cannot fill: a seat
keeps its last ``PER_SEAT`` unclaimed links and a table its last ``PER_TABLE`` links
that seat nobody, so it holds at most ``PER_TABLE`` links a table (it once refused
every new link past 10,000, for everyone).
"""

from __future__ import annotations

import hashlib
import json
import logging
import secrets
import time
from collections.abc import Callable, Collection
from pathlib import Path
from typing import Protocol

import msgspec

from engine.core.record import write_atomic
from maharaja_server.transport.tables import Identity

log = logging.getLogger("maharaja_server.transport.web")

PER_SEAT = 8  # unclaimed links a seat keeps; issuing more forgets the oldest
PER_TABLE = 32  # links a table keeps, but those whose browser sits there
EXPIRY = 7 * 86400.0  # seconds an unopened link stays valid


class Link(msgspec.Struct):
    table: int
    seat: int  # 0-based
    name: str  # the player's name at the table
    browser: str | None = None  # digest of the cookie of the browser that claimed it
    made: float = 0.0  # when it was issued (time.time(); 0: by an older server)


class LinkRefused(Exception):
    """A link that is unknown or belongs to another browser (one line for the page)."""


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def identity(token: str, link: Link) -> Identity:
    """The link's player: its name, and (as an SSH key's fingerprint) its digest."""
    return Identity(link.name, "link:" + digest(token)[:24])


def link_owner(key: str, link: Link) -> str:
    """``identity(token, link).owner`` from the book's key (the token's digest)."""
    return Identity(link.name, "link:" + key[:24]).owner


Row = tuple[int, int, str, str | None, float]  # a link's fields, as a shared store keeps them


class SharedLinks(Protocol):
    """Where several server processes keep their links (store_pg.PgStore)."""

    def links(self) -> dict[str, Row]: ...
    def put_links(self, changed: dict[str, Row], gone: list[str]) -> None: ...


class LinkBook:
    def __init__(self, path: Path, *, expiry: float = EXPIRY,
                 now: Callable[[], float] = time.time,
                 shared: SharedLinks | None = None) -> None:
        """``shared``: the links live there (several processes) instead of ``path``."""
        self.path = path
        self.expiry = expiry
        self.now = now
        self.shared = shared
        self._links: dict[str, Link] = {}
        self._saved: dict[str, Row] = {}  # the shared store's, as last read or written
        if shared is not None:
            self.reload(shared.links())
        elif path.exists():
            try:
                self._links = msgspec.json.decode(path.read_bytes(), type=dict[str, Link])
            except (msgspec.DecodeError, msgspec.ValidationError) as exc:
                raise ValueError(f"{path} is damaged ({exc}); move it away to start "
                                 "without the join links it held") from None

    def __len__(self) -> int:
        return len(self._links)

    def issue(self, table: int, seat: int, seated: Collection[str] = ()) -> str:
        """A new token for ``seat`` of ``table`` (its player is named web<table>-<seat>);
        ``seated``: the owners of the table's seats (their links are kept)."""
        self._drop_expired()
        # A seat keeps its last few unclaimed links (pressing l again must not fill
        # the book), a table its last few that seat nobody; older ones stop working.
        waiting = [key for key, link in self._links.items()
                   if (link.table, link.seat, link.browser) == (table, seat, None)]
        for key in waiting[:max(0, len(waiting) - (PER_SEAT - 1))]:
            del self._links[key]
        idle = [key for key, link in self._links.items()
                if link.table == table and link_owner(key, link) not in seated]
        for key in idle[:max(0, len(idle) - (PER_TABLE - 1))]:
            del self._links[key]
        token = secrets.token_urlsafe(18)
        self._links[digest(token)] = Link(table, seat, f"web{table}-{seat + 1}",
                                          made=self.now())
        self._save()
        return token

    def forget_table(self, table: int) -> None:
        """The table is gone: so are its links."""
        self.keep_tables(lambda t: t != table)

    def keep_tables(self, alive: Callable[[int], bool]) -> None:
        """Only the links of tables still here (at start: tables removed meanwhile)."""
        gone = [key for key, link in self._links.items() if not alive(link.table)]
        for key in gone:
            del self._links[key]
        if gone:
            self._save()

    def _drop_expired(self) -> None:
        cutoff = self.now() - self.expiry
        for key in [key for key, link in self._links.items()
                    if link.browser is None and link.made < cutoff]:
            del self._links[key]

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
        if link is not None and link.browser is None and \
                link.made < self.now() - self.expiry:
            raise LinkRefused("this join link has expired (nobody opened it for "
                              f"{self.expiry / 86400:g} days); ask for a new one")
        if link is None:
            raise LinkRefused("this join link is not known here (its table may have "
                              "closed); ask for a new one")
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

    def reload(self, rows: dict[str, Row]) -> None:
        """The links as the shared store has them now (another process changed them)."""
        self._links = {key: Link(*row) for key, row in rows.items()}
        self._saved = dict(rows)

    def _save(self) -> None:
        if self.shared is None:
            write_atomic(self.path, json.dumps(msgspec.to_builtins(self._links)).encode())
            return
        rows = {key: (link.table, link.seat, link.name, link.browser, link.made)
                for key, link in self._links.items()}
        changed = {key: row for key, row in rows.items() if self._saved.get(key) != row}
        gone = [key for key in self._saved if key not in rows]
        self._saved = rows
        if changed or gone:
            self.shared.put_links(changed, gone)
