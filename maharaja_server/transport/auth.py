"""Who may connect, and under which identity.

Public keys: with an authorized-keys file only its keys are accepted, each bound at
login to one name; with neither that file nor a password any key is, and a name
belongs to the first key that sits at a table (or creates one) with it (names.py),
so nobody else can take over its seats. A per-server password can be enabled as well
(or instead); password users are known by name.
"""

from __future__ import annotations

import hmac
import logging
import re
import sqlite3
from pathlib import Path

import asyncssh

from maharaja_server.transport.backoff import Backoff
from maharaja_server.transport.names import Names
from maharaja_server.transport.records import Records
from maharaja_server.transport.store import Store
from maharaja_server.transport.tables import Identity

log = logging.getLogger("maharaja_server.transport.auth")

NAME = re.compile(r"^[A-Za-z0-9_.-]{1,24}$")


class Authenticator:
    def __init__(self, data_dir: Path, authorized_keys: Path | None,
                 password: str | None, user_passwords: dict[str, str] | None = None,
                 records: Store | None = None, names: Names | None = None) -> None:
        self.password = password
        self.user_passwords = dict(user_passwords or {})
        self.backoff = Backoff()  # failed passwords slow that name's guesses from there
        self.keys: set[str] | None = None
        if authorized_keys is None and (password is not None or self.user_passwords):
            self.keys = set()  # a password-protected server does not also take any key
        elif authorized_keys is not None:
            self.keys = {
                key.get_fingerprint()
                for key in asyncssh.load_public_keys(str(authorized_keys))
            }
        self.records: Store = records or Records(data_dir / "server.db")
        self.names = names if names is not None else Names(self.records)

    @property
    def accepts_keys(self) -> bool:
        return self.keys is None or bool(self.keys)

    @property
    def binds_at_login(self) -> bool:
        """Authorized keys are few and trusted, and each must stay one name: bound as
        they log in. Any other key binds its name when it first sits (names.py)."""
        return bool(self.keys)

    def describe(self) -> str:
        ways = []
        if self.keys is None:
            ways.append("any public key (a name belongs to the first key that sits with it)")
        elif self.keys:
            ways.append(f"{len(self.keys)} authorized public key(s)")
        if self.user_passwords:
            ways.append(f"the own passwords of {len(self.user_passwords)} player(s) "
                        f"({', '.join(sorted(self.user_passwords)[:5])}"
                        f"{', ...' if len(self.user_passwords) > 5 else ''})")
        if self.password is not None:
            ways.append("the shared server password (for names without their own)")
        return " or ".join(ways) or "nothing (no way to log in is configured)"

    def valid_name(self, name: str) -> bool:
        return bool(NAME.match(name))

    def check_key(self, name: str, key: asyncssh.SSHKey) -> Identity | None:
        if not self.valid_name(name):
            return None
        fingerprint = key.get_fingerprint()
        if self.keys is not None and fingerprint not in self.keys:
            return None
        if self.keys is not None:
            # An authorized key is one person: one name per key, so it cannot take
            # several seats at a table under several names.
            other = self.names.name_of(fingerprint) or name
            if other != name:
                log.info("refused %s: this key logs in as %s", name, other)
                return None
        claimed = self.names.owner(name)
        if claimed is not None and claimed != fingerprint:
            log.info("refused %s: the name belongs to another key", name)
            return None
        # Not claimed yet: a key offered without a signature proves nothing; an
        # authorized key claims its name in login_completed(), once authenticated.
        return Identity(name, fingerprint)

    async def login_completed(self, who: Identity) -> bool:
        """The key just authenticated: bind an authorized key's name to it (False:
        another key took it meanwhile; written by the records' thread, off the event
        loop); any other key's name is only marked as used, if bound."""
        if who.key == "password":
            return True
        claimed = self.names.owner(who.name)
        if claimed is not None:
            self.names.touch(who)
            return claimed == who.key
        if not self.binds_at_login:
            return True  # bound when it first sits at a table or creates one
        self.names.keys[who.name] = who.key  # at once: a second login must see the claim
        self.names.used[who.name] = self.names.now()
        try:
            if await self.records.claim(who.name, who.key):
                return True
        except (sqlite3.Error, OSError) as exc:  # a full disk: the claim holds until a restart
            log.error("name %s not recorded: %s", who.name, exc)
            return True
        self.names.keys.pop(who.name, None)
        self.names.used.pop(who.name, None)
        return False

    def bound_to_key(self, name: str) -> bool:
        key = self.names.owner(name)
        return key is not None and key != "password"

    def check_password(self, name: str, password: str) -> Identity | None:
        """A user's own password (``name:password`` lines) binds the name to it; the
        shared password admits only names that have no own password. No delay: logins
        go through ``password_login``."""
        if not self.valid_name(name):
            return None
        expected = self.user_passwords.get(name)
        if expected is None and not self.bound_to_key(name):
            # The shared password is for names nobody owns: never a name with its own
            # line, nor one bound to a key (a player of the server's key logins).
            expected = self.password
        if expected is not None and hmac.compare_digest(password.encode(), expected.encode()):
            return Identity(name, "password")
        return None

    async def password_login(self, name: str, password: str, address: str) -> Identity | None:
        """A password login over SSH or the web page: after this name's earlier
        guesses from this address and their delay (backoff.py), checked and counted."""
        def check() -> Identity | None:
            who = self.check_password(name, password)
            if who is None:
                count = round(self.backoff.failures(name, address)) + 1
                log.warning("password login failed for %s from %s (%d recent failures)",
                            name, address or "?", count)  # never the password itself
            return who

        return await self.backoff.attempt(name, address, check)
