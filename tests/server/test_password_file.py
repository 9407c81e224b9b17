"""The password file's grammar (maharaja_server/transport/passwords.py): read one way only, or
refused at start; the shared password never opens a name someone owns."""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncssh
import pytest

from maharaja_server.transport.auth import Authenticator
from maharaja_server.transport.cli import serve_main
from maharaja_server.transport.passwords import PasswordFileError, Passwords, parse


def test_players_lines_and_a_shared_password() -> None:
    text = "# the club\ncarol:pw-carol\n\n  dave:a:b c  \n*:team secret\n"
    assert parse(text) == Passwords("team secret", {"carol": "pw-carol", "dave": "a:b c"})
    assert parse("alice:x\nbob:y\n") == Passwords(None, {"alice": "x", "bob": "y"})


def test_the_older_one_bare_password_is_still_the_shared_password() -> None:
    assert parse("  correct horse \n") == Passwords("correct horse", {})
    assert parse("*:team:s3cret\n") == Passwords("team:s3cret", {})
    assert parse("team:s3cret\n*:\n") == Passwords(None, {"team": "s3cret"})


@pytest.mark.parametrize(("text", "says"), [
    # Became one shared password 'carol:pw-carol\nsharedpw', both lines in it.
    ("carol:pw-carol\nsharedpw\n", "line 2 is neither NAME:PASSWORD nor *:PASSWORD"),
    # Meant as a shared password, read as the password of a player 'team'.
    ("team:s3cret\n", "could be a shared password or team's own"),
    ("carol:one\ncarol:two\n", "line 2: carol is given twice"),
    ("*:one\n*:two\n", "line 2: a second *: line"),
    ("carol:\nbob:x\n", "line 1: carol has an empty password"),
    ("my team:pw\nbob:x\n", "line 1 is neither"),
    ("*:\n", "gives no password"),
    ("# only a comment\n", "is empty"),
])
def test_ambiguous_files_are_refused(text: str, says: str) -> None:
    with pytest.raises(PasswordFileError, match=says.replace("*", r"\*")):
        parse(text)


@pytest.mark.parametrize("text", ["carol:pw-carol\nsharedpw\n", "team:s3cret\n"])
def test_the_server_refuses_to_start_on_an_ambiguous_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        text: str) -> None:
    import maharaja_server.transport.cli as cli

    def must_not_serve(coro) -> None:  # type: ignore[no-untyped-def]
        coro.close()
        raise AssertionError("the server started")

    monkeypatch.setattr(cli.asyncio, "run", must_not_serve)
    file = tmp_path / "passwords"
    file.write_text(text)
    code = serve_main(["--data-dir", str(tmp_path / "data"), "--port", "0",
                       "--password-file", str(file)])
    err = capsys.readouterr().err
    assert code == 2 and str(file) in err and err.count("\n") == 1
    assert "pw-carol" not in err and "s3cret" not in err  # never a password in the message


def test_the_shared_password_never_opens_a_name_with_its_own_line_or_a_key(
        tmp_path: Path) -> None:
    """A name bound to a key (by an earlier open-mode run, or an authorized key) is a
    player's: the shared password does not make anyone else that player."""
    alice = asyncssh.generate_private_key("ssh-ed25519")
    keys = tmp_path / "authorized_keys"
    keys.write_bytes(alice.export_public_key())
    first = Authenticator(tmp_path, keys, None)
    assert asyncio.run(first.login_completed(first.check_key("alice", alice)))  # type: ignore[arg-type]
    first.records.close()
    auth = Authenticator(tmp_path, None, "shared", {"carol": "pw-carol"})
    assert auth.check_password("zed", "shared") is not None  # nobody's name
    assert auth.check_password("carol", "shared") is None  # her own line
    assert auth.check_password("carol", "pw-carol") is not None
    assert auth.check_password("alice", "shared") is None  # bound to her key
