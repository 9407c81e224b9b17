"""Who owns a name: the key that first sat with it, kept in the server's records.

With any key accepted (open mode), a name used to be bound as soon as a key logged
in with it: a fresh key per login filled the 10,000 names in ~100 s from one address,
and no new player could log in after that, across restarts. Now a name is bound only
when its player first sits at a table or creates one (what a name protects: the seats
and tables it holds); new names are rate-limited per address and per network; and a
name unused for ``expiry`` seconds that holds no seat is forgotten, as are names an
older server bound at login that hold none. Should the names reach their limit, the
longest unused name holding no seat makes room.

With an authorized-keys file a name is bound at login as before (those keys are few
and trusted, and a key must stay one name). Password and join-link players are known
by their password or link and bind nothing here.
"""

from __future__ import annotations

import logging
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Iterable

from engine.core.errors import IllegalIntent
from maharaja_server.transport.network import networks
from maharaja_server.transport.store import Store
from maharaja_server.transport.tables import Identity

log = logging.getLogger("maharaja_server.transport.names")

LIMIT = 10_000  # names the server remembers
EXPIRY = 90 * 86400.0  # seconds unused (no login) before a name holding no seat is forgotten
WINDOW = 3600.0  # the rate limits count new names within this many seconds
PER_ADDRESS = 10  # new names an address may bind within WINDOW
PER_NETWORK = 30  # ... and its network (IPv4 /24, IPv6 /48)
TRACKED = 10_000  # addresses and networks whose recent new names are counted


def bound_by_key(who: Identity) -> bool:
    """A key login's identity (not a password's or a join link's)."""
    return who.key != "password" and not who.key.startswith("link:")


class RateLimit:
    """At most ``limit`` events per key within ``window`` seconds; the keys tracked are
    bounded (the one that waited longest is forgotten first)."""

    def __init__(self, limit: int, window: float, now: Callable[[], float]) -> None:
        self.limit = limit
        self.window = window
        self.now = now
        self._events: OrderedDict[str, deque[float]] = OrderedDict()

    def full(self, key: str) -> bool:
        events = self._events.get(key)
        if events is None:
            return False
        cutoff = self.now() - self.window
        while events and events[0] <= cutoff:
            events.popleft()
        return len(events) >= self.limit

    def add(self, key: str) -> None:
        events = self._events.setdefault(key, deque())
        events.append(self.now())
        self._events.move_to_end(key)
        while len(self._events) > TRACKED:
            self._events.popitem(last=False)


class Names:
    def __init__(self, records: Store, *, limit: int = LIMIT, expiry: float = EXPIRY,
                 per_address: int = PER_ADDRESS, per_network: int = PER_NETWORK,
                 now: Callable[[], float] = time.time) -> None:
        self.records = records
        self.limit = limit
        self.expiry = expiry
        self.now = now
        self.per_address = RateLimit(per_address, WINDOW, now)
        self.per_network = RateLimit(per_network, WINDOW, now)
        rows = records.name_rows()
        self.keys: dict[str, str] = {name: key for name, (key, _) in rows.items()}
        # When each was last used (0: bound by an older server, at login, never since).
        self.used: dict[str, float] = {name: used or 0.0 for name, (_, used) in rows.items()}
        self.in_use: Callable[[], set[str]] = set  # names holding a seat (the table service)

    def __len__(self) -> int:
        return len(self.keys)

    def owner(self, name: str) -> str | None:
        return self.keys.get(name)

    def name_of(self, key: str) -> str | None:
        return next((n for n, k in self.keys.items() if k == key), None)

    def touch(self, who: Identity) -> None:
        """A login by the name's own key: it is in use (written at most once an hour)."""
        if self.keys.get(who.name) != who.key:
            return
        now = self.now()
        if now - self.used.get(who.name, 0.0) >= WINDOW:
            self.used[who.name] = now
            self.records.put_name(who.name, who.key, now)

    def check(self, who: Identity) -> None:
        """May ``who`` sit or create a table under its name? IllegalIntent SRV-NAME if
        the name is another key's, or new and over a limit (nothing binds yet)."""
        if not bound_by_key(who):
            return
        owner = self.keys.get(who.name)
        if owner == who.key:
            return
        if owner is not None:
            raise IllegalIntent("SRV-NAME", f"the name {who.name} belongs to another "
                                            "player's key; log in with another name")
        address, network = networks(who.address)
        if who.address and (self.per_address.full(address) or self.per_network.full(network)):
            log.warning("name %s refused: too many new names from %s", who.name, who.address)
            raise IllegalIntent("SRV-NAME", "too many new names from your network lately; "
                                            "sit down under a name you used before, or "
                                            "try again in an hour")
        if len(self.keys) >= self.limit and not self._idle():
            raise IllegalIntent("SRV-NAME", f"this server knows {len(self.keys)} names, "
                                            "all holding seats; try again later")

    def bind(self, who: Identity) -> None:
        """Bind ``who``'s name to its key: it has sat at a table or created one (nothing
        for a password or link player). ``check`` first."""
        if not bound_by_key(who):
            return
        if self.keys.get(who.name) == who.key:
            self.touch(who)
            return
        self.check(who)
        if len(self.keys) >= self.limit:
            self._forget([min(self._idle(), key=self.used.__getitem__)],
                         "the longest unused, to make room")
        address, network = networks(who.address)
        self.keys[who.name] = who.key
        self.used[who.name] = self.now()
        self.records.put_name(who.name, who.key, self.used[who.name])
        if who.address:
            self.per_address.add(address)
            self.per_network.add(network)
        log.info("name %s bound to its key (from %s)", who.name, who.address or "?")

    def expire(self) -> list[str]:
        """Forget the names unused for ``expiry`` seconds that hold no seat (at once for
        names an older server bound at login and never saw again)."""
        if self.expiry <= 0:
            return []
        cutoff = self.now() - self.expiry
        held = self.in_use()
        old = [n for n, used in self.used.items()
               if (not used or used < cutoff) and n not in held]
        self._forget(old, "unused")
        return old

    def _idle(self) -> list[str]:
        """The names holding no seat."""
        held = self.in_use()
        return [n for n in self.used if n not in held]

    def _forget(self, names: Iterable[str], why: str) -> None:
        names = list(names)
        for name in names:
            self.keys.pop(name, None)
            self.used.pop(name, None)
        if names:
            self.records.forget_names(names)
            log.info("%d name(s) forgotten (%s)", len(names), why)
