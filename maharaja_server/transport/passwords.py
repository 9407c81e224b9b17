"""The password file (``--password-file``): its grammar, and files refused at start.

Each line, white space around it ignored, is one of:

    (blank)                  ignored
    # anything               a comment
    NAME:PASSWORD            NAME's own password (NAME: 1-24 of A-Z a-z 0-9 _ . -)
    *:PASSWORD               the shared password, for every name without a line
    *:                       no shared password (says so where one line could be read
                             either way)

and a file whose only line has no colon is a shared password (the older form).

A file the grammar does not read one way only is refused at start, naming the line:
a bare password beside other lines (``carol:pw-carol`` then ``sharedpw`` once became
one shared password holding both lines), a line that is neither form, a name or the
shared password given twice, an empty password, and a file of one ``NAME:PASSWORD``
line alone (once meant as the shared password ``team:s3cret``, read as the password of
a player ``team``): it needs a ``*:`` line saying which.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from maharaja_server.transport.auth import NAME

SHARED = "*"


@dataclass(frozen=True)
class Passwords:
    shared: str | None = None
    users: dict[str, str] = field(default_factory=dict)


class PasswordFileError(ValueError):
    """A password file the server refuses to start with (one line for the operator)."""


def read_password_file(path: Path) -> Passwords:
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise PasswordFileError(f"the password file {path} is not UTF-8 text") from None
    return parse(text, str(path))


def parse(text: str, where: str = "the password file") -> Passwords:
    entries = [(number, line.strip()) for number, line in enumerate(text.splitlines(), 1)
               if line.strip() and not line.strip().startswith("#")]
    if not entries:  # it once meant "any public key": fail closed instead
        raise PasswordFileError(f"the password file {where} is empty; put the password "
                                "in it, or leave out --password-file")
    if len(entries) == 1 and ":" not in entries[0][1]:
        return Passwords(shared=entries[0][1])  # the older form: one bare password
    shared: str | None = None
    said_shared = False
    users: dict[str, str] = {}
    for number, line in entries:
        name, colon, password = line.partition(":")
        if not colon or not (name == SHARED or NAME.match(name)):
            raise PasswordFileError(
                f"{where} line {number} is neither NAME:PASSWORD nor *:PASSWORD (a "
                "shared password beside players' lines is written *:PASSWORD); nothing "
                "was started")
        if name == SHARED:
            if said_shared:
                raise PasswordFileError(f"{where} line {number}: a second *: line "
                                        "(one shared password at most)")
            said_shared = True
            shared = password or None
            continue
        if not password:
            raise PasswordFileError(f"{where} line {number}: {name} has an empty password")
        if name in users:
            raise PasswordFileError(f"{where} line {number}: {name} is given twice")
        users[name] = password
    if shared is None and not users:
        raise PasswordFileError(f"{where} gives no password (only *:); put one in it, or "
                                "leave out --password-file")
    if len(entries) == 1 and not said_shared:
        name = entries[0][1].partition(":")[0]
        raise PasswordFileError(
            f"{where} has one line, which could be a shared password or {name}'s own: "
            f"write *:PASSWORD for a shared password, or add a line *: (no shared "
            f"password) under {name}'s")
    return Passwords(shared=shared, users=users)
