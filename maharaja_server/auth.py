"""Who may connect, and under which identity.

Public keys: with an authorized-keys file only its keys are accepted; with
neither that file nor a password any key is, and a name belongs to the first key
that used it (kept in the server's records), so nobody else can take over its seats. A per-server
password can be enabled as well (or instead); password users are known by name.
"""

from __future__ import annotations

import hmac
import logging
import re
import sqlite3
from pathlib import Path

import asyncssh

from maharaja_server.backoff import Backoff
from maharaja_server.records import Records
from maharaja_server.tables import Identity

log = logging.getLogger("maharaja_server.auth")

NAME = re.compile(r"^[A-Za-z0-9_.-]{1,24}$")
MAX_NAMES = 10_000  # open mode: names the server remembers; new ones are refused beyond


class Authenticator:
    def __init__(self, data_dir: Path, authorized_keys: Path | None,
                 password: str | None, user_passwords: dict[str, str] | None = None,
                 records: Records | None = None) -> None:
        self.password = password
        self.user_passwords = dict(user_passwords or {})
        self.backoff = Backoff()  # failed passwords slow that name's guesses from there
        self.max_names = MAX_NAMES
        self.keys: set[str] | None = None
        if authorized_keys is None and (password is not None or self.user_passwords):
            self.keys = set()  # a password-protected server does not also take any key
        elif authorized_keys is not None:
            self.keys = {
                key.get_fingerprint()
                for key in asyncssh.load_public_keys(str(authorized_keys))
            }
        self.records = records or Records(data_dir / "server.db")
        self._names = self.records.names()  # a cache: bounded by max_names

    @property
    def accepts_keys(self) -> bool:
        return self.keys is None or bool(self.keys)

    def describe(self) -> str:
        ways = []
        if self.keys is None:
            ways.append("any public key (a name belongs to the first key that uses it)")
        elif self.keys:
            ways.append(f"{len(self.keys)} authorized public key(s)")
        if self.user_passwords:
            ways.append(f"{len(self.user_passwords)} user password(s)")
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
            # several seats at a table under several names (issue 14 item 8).
            other = next((n for n, k in self._names.items() if k == fingerprint), name)
            if other != name:
                log.info("refused %s: this key logs in as %s", name, other)
                return None
        claimed = self._names.get(name)
        if claimed is None and len(self._names) >= self.max_names:
            log.warning("refused %s: the server knows %d names, its limit", name,
                        len(self._names))
            return None
        if claimed is not None and claimed != fingerprint:
            log.info("refused %s: the name belongs to another key", name)
            return None
        # Not claimed yet: a key offered without a signature proves nothing, so the
        # name is claimed in claim(), once authentication has succeeded.
        return Identity(name, fingerprint)

    async def claim(self, who: Identity) -> bool:
        """Bind a name to the key that just authenticated (False: another key
        took it meanwhile). Written by the records' thread, off the event loop."""
        if who.key == "password":
            return True
        claimed = self._names.get(who.name)
        if claimed is not None:
            return claimed == who.key
        if len(self._names) >= self.max_names:
            return False
        self._names[who.name] = who.key  # at once: a second login must see the claim
        try:
            if await self.records.claim(who.name, who.key):
                return True
        except sqlite3.Error as exc:  # a full disk: the claim holds until a restart
            log.error("name %s not recorded: %s", who.name, exc)
            return True
        self._names.pop(who.name, None)
        return False

    def bound_to_key(self, name: str) -> bool:
        key = self._names.get(name)
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
