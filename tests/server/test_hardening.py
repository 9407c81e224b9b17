"""The server against a hostile internet: logins, limits, session hygiene."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from maharaja_server.transport.cli import serve_main


def test_an_empty_password_file_refuses_to_start(tmp_path: Path, capsys, monkeypatch) -> None:
    """It used to mean "any public key"."""
    import maharaja_server.transport.cli as cli

    def must_not_serve(coro) -> None:
        coro.close()
        raise AssertionError("the server started")

    monkeypatch.setattr(cli.asyncio, "run", must_not_serve)
    empty = tmp_path / "password"
    empty.write_text("  \n\t\n")
    code = serve_main(["--data-dir", str(tmp_path / "data"), "--port", "0",
                       "--password-file", str(empty)])
    err = capsys.readouterr().err
    assert code == 2 and "password file" in err and "empty" in err
    assert err.count("\n") == 1
    assert not (tmp_path / "data").exists()  # nothing started


def test_each_session_process_has_its_memory_capped(tmp_path: Path) -> None:
    """The child caps its own address space from the server's setting."""
    code = ("import os, resource; os.environ['MAHARAJA_MEMORY_MIB'] = '300';"
            "from maharaja_server.session_ui import session;"
            "session.cap_memory(int(os.environ['MAHARAJA_MEMORY_MIB']));"
            "print(resource.getrlimit(resource.RLIMIT_AS)[0]);"
            "b = bytearray(400 * 1024 * 1024)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=os.getcwd(), timeout=60)
    assert done.stdout.split()[0] == str(300 * 1024 * 1024)
    assert "MemoryError" in done.stderr


def test_the_server_passes_the_memory_cap_to_its_sessions(tmp_path: Path) -> None:
    from sshkit import config

    from maharaja_server.transport.server import GameServer

    server = GameServer(config(tmp_path, session_memory=512))
    assert server._child_env()["MAHARAJA_MEMORY_MIB"] == "512"


@pytest.mark.parametrize("writes", ["nowhere", "into the cache", "beside the source"])
def test_a_session_writes_bytecode_as_the_server_does(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, writes: str) -> None:
    """A child behaves like its parent: no bytecode under -B / PYTHONDONTWRITEBYTECODE,
    bytecode in the parent's pycache prefix (the suite's workers use pytest's cache), and
    none of it into the source tree when the parent writes none there."""
    from sshkit import config

    from maharaja_server.transport.server import GameServer

    server = GameServer(config(tmp_path))
    prefix = str(tmp_path / "pycache") if writes == "into the cache" else None
    monkeypatch.setattr(sys, "dont_write_bytecode", writes == "nowhere")
    monkeypatch.setattr(sys, "pycache_prefix", prefix)
    child = subprocess.run(
        [sys.executable, "-c", "import sys; print(sys.dont_write_bytecode, sys.pycache_prefix)"],
        env=server._child_env(), capture_output=True, text=True, timeout=60)
    assert child.stdout.split() == [str(writes == "nowhere"), str(prefix)]


def test_the_hub_socket_lives_in_the_data_directory_and_stale_ones_are_cleared(
        tmp_path: Path) -> None:
    """Nothing in /tmp; a socket a SIGKILLed server left is cleared at start;
    a live one is not taken over; a data directory too deep for a socket address works."""
    import asyncio
    import socket

    from sshkit import config, running

    deep = tmp_path / ("d" * 60) / ("e" * 60)
    stale = deep / "run" / "hub.sock"
    stale.parent.mkdir(parents=True)
    with socket.socket(socket.AF_UNIX) as left:  # what a killed server leaves
        left.bind(f"/proc/self/fd/{os.open(stale.parent, os.O_RDONLY)}/hub.sock")
    assert stale.exists()

    def in_tmp() -> set[Path]:  # scripts/load_ssh.py's data dirs may come and go beside
        return {p for p in Path("/tmp").glob("mj-*") if not p.name.startswith("mj-load-")}

    async def scenario() -> None:
        before = in_tmp()
        async with running(config(deep), sessions=False) as srv:
            assert srv.hub.path == stale and stale.exists()
            assert in_tmp() == before
            with pytest.raises(OSError, match="another server"):
                async with running(config(deep), sessions=False):
                    pass
        assert not stale.exists()

    asyncio.run(asyncio.wait_for(scenario(), 60))


def test_a_name_is_claimed_only_after_authentication_and_names_are_bounded(
        tmp_path: Path) -> None:
    """A public-key probe (no signature) once claimed ``victim``. Open mode now
    binds a name only as it first sits (test_names.py); an authorized key at login."""
    import asyncio

    import asyncssh

    from maharaja_server.transport.auth import Authenticator

    mallory, victim = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    keys = tmp_path / "authorized_keys"
    keys.write_bytes(mallory.export_public_key() + victim.export_public_key())
    auth = Authenticator(tmp_path, keys, None)
    probe = auth.check_key("victim", mallory)  # asyncssh asks this for a bare probe too
    assert probe is not None
    assert auth.records.names() == {}
    assert auth.check_key("victim", victim) is not None  # still free for its owner
    assert asyncio.run(auth.login_completed(auth.check_key("victim", victim)))
    assert auth.records.names() == {"victim": victim.get_fingerprint()}
    assert auth.check_key("victim", mallory) is None
    assert not asyncio.run(auth.login_completed(probe))  # a late claim by another key fails


def test_a_session_crash_is_logged_on_the_server_and_shown_in_one_line(caplog) -> None:
    """No traceback, install path or local variable reaches the player."""
    import logging
    from types import SimpleNamespace

    from maharaja_server.session_ui.lobby import SessionApp

    app = SessionApp(SimpleNamespace(user="alice"), {})  # type: ignore[arg-type]
    try:
        secret = "ruby4821"  # noqa: F841 - a local the old traceback showed
        raise RuntimeError("boom")
    except RuntimeError as exc:
        with caplog.at_level(logging.ERROR, logger="maharaja_server.session_ui.session"):
            line = app.crash_report(exc)
    assert "\n" not in line and "/" not in line and "boom" not in line
    logged = caplog.text
    assert "alice" in logged and "Traceback" in logged and "RuntimeError: boom" in logged
    assert "ruby4821" not in logged  # no local variables


def test_connections_are_limited_per_address_and_the_hub_drops_silent_ones(
        tmp_path: Path) -> None:
    """Unauthenticated connections count; a hub socket connection that never
    says hello is dropped."""
    import asyncio

    from sshkit import config, running

    async def scenario() -> None:
        async with running(config(tmp_path, max_connections_per_address=2),
                           sessions=False) as srv:
            silent = [await asyncio.open_connection("127.0.0.1", srv.port) for _ in range(2)]
            for reader, _ in silent:  # each gets the server's banner: they are in
                assert (await asyncio.wait_for(reader.readline(), 20)).startswith(b"SSH-")
            reader, writer = await asyncio.open_connection("127.0.0.1", srv.port)
            await asyncio.wait_for(reader.read(), 20)  # closed by the server (EOF)
            assert srv.connections.open == {"127.0.0.1": 2}
            writer.close()
            for _, w in silent:
                w.close()
            srv.hub.hello_timeout = 0.5
            reader, writer = await asyncio.open_unix_connection(
                sock=None, path=str(srv.hub.path))
            assert await asyncio.wait_for(reader.read(), 20) == b""
            writer.close()

    asyncio.run(asyncio.wait_for(scenario(), 60))


def test_a_login_that_opens_no_session_is_closed(tmp_path: Path, monkeypatch) -> None:
    """An authenticated connection without a session no longer stays open."""
    import asyncio

    import asyncssh
    from sshkit import config, key_for, running

    from maharaja_server.transport import ssh

    monkeypatch.setattr(ssh, "SESSION_WAIT", 1.0)

    async def scenario() -> None:
        async with running(config(tmp_path), sessions=False) as srv:
            idle = await asyncssh.connect("127.0.0.1", srv.port, username="bob",
                                          known_hosts=None, agent_path=None,
                                          client_keys=[key_for("bob")])
            await asyncio.wait_for(idle.wait_closed(), 20)
            assert srv.connections.open == {}

    asyncio.run(asyncio.wait_for(scenario(), 60))


def test_authorized_keys_bind_a_name_to_one_key_and_a_key_to_one_name(
        tmp_path: Path) -> None:
    """Any authorized key could use any name, and one key sit twice at a table."""
    import asyncio

    import asyncssh

    from maharaja_server.transport.auth import Authenticator

    alice, bob = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    keys = tmp_path / "authorized_keys"
    keys.write_bytes(alice.export_public_key() + bob.export_public_key())
    auth = Authenticator(tmp_path, keys, None)
    assert asyncio.run(auth.login_completed(auth.check_key("alice", alice)))
    assert auth.check_key("alice", bob) is None  # the name is alice's key's
    assert auth.check_key("alice2", alice) is None  # that key is alice
    assert auth.check_key("alice", alice) is not None
    assert asyncio.run(auth.login_completed(auth.check_key("bob", bob)))
    # Kept across restarts.
    again = Authenticator(tmp_path, keys, None)
    assert again.check_key("alice", bob) is None and again.check_key("bob", bob)


def test_password_users_have_their_own_passwords_and_failures_slow_down(
        tmp_path: Path, caplog) -> None:
    """With the shared password anyone could be any password user."""
    import asyncio
    import logging

    from maharaja_server.transport.auth import Authenticator
    from maharaja_server.transport.cli import config_from, parser

    file = tmp_path / "passwords"
    file.write_text("alice:open sesame\nbob:hunter2\n")
    cfg = config_from(parser().parse_args(["--password-file", str(file)]))
    assert cfg.user_passwords == {"alice": "open sesame", "bob": "hunter2"}
    assert cfg.password is None
    auth = Authenticator(tmp_path, None, "shared", cfg.user_passwords)

    def login(name: str, password: str, address: str) -> object:
        return asyncio.run(auth.password_login(name, password, address))

    auth.backoff.sleep = no_wait
    auth.backoff.now = lambda: 1000.0  # no decay meanwhile
    assert login("alice", "open sesame", "10.0.0.1") is not None
    assert login("carol", "shared", "10.0.0.1") is not None
    with caplog.at_level(logging.WARNING, logger="maharaja_server.transport.auth"):
        assert login("alice", "shared", "10.0.0.9") is None  # not hers
        assert login("alice", "hunter2", "10.0.0.9") is None
    assert "alice" in caplog.text and "10.0.0.9" in caplog.text
    assert "shared" not in caplog.text and "hunter2" not in caplog.text
    assert auth.backoff.delay("alice", "10.0.0.9") == 1.0  # 2 failures from there
    assert auth.backoff.delay("zed", "10.0.0.9") == 1.0  # that address's, for any name
    assert auth.backoff.delay("alice", "10.0.0.7") == 0.0  # never from elsewhere
    for _ in range(20):
        login("alice", "guess", "10.0.0.9")
    assert auth.backoff.delay("alice", "10.0.0.9") == 10.0  # the cap
    assert auth.backoff.delay("carol", "10.0.0.2") == 0.0


async def no_wait(seconds: float) -> None:
    """The backoff's sleep in a test: its delays are read, not waited."""


def test_remote_sessions_offer_no_host_side_file_commands() -> None:
    """The palette's Screenshot wrote into the operator's ~/Downloads; the
    game screen's Save as would write the server's disk."""
    from types import SimpleNamespace

    from engine.core.game import Game
    from engine.core.ruleset import Seat
    from engine.core.table import LocalTable
    from engine.registry import get_ruleset
    from maharaja_server.session_ui.lobby import SessionApp
    from maharaja_server.session_ui.screens import game_screen_for

    app = SessionApp(SimpleNamespace(user="alice"), {})  # type: ignore[arg-type]
    screen = SimpleNamespace(query=lambda _: [], maximized=None, focused=None)
    titles = [c.title for c in app.get_system_commands(screen)]  # type: ignore[arg-type]
    assert "Quit" in titles and not [t for t in titles if "creenshot" in t]

    rules = get_ruleset("maharaja-2020")
    table = LocalTable(Game(rules, [Seat("a", "human"), Seat("b", "human")],
                            rules.Options(), 1))
    remote_screen = game_screen_for(table, 0)
    assert remote_screen.check_action("save_as", ()) is False
    assert remote_screen.check_action("undo", ()) is True  # undo by agreement works


def test_a_real_session_process_runs_under_the_memory_cap(tmp_path: Path) -> None:
    """End to end: whatever starts the session process, its limits say so."""
    import asyncio

    from sshkit import config, connect, running

    async def scenario() -> None:
        # A host of several sessions (host.py) has their caps together.
        async with running(config(tmp_path, session_memory=700, sessions_per_process=2)) as srv:
            term = await connect(srv.port, "alice")
            await term.wait_for("you are alice", timeout=40)
            (child,) = srv.sessions.children
            limits = Path(f"/proc/{child.pid}/limits").read_text()
            line = next(x for x in limits.splitlines() if x.startswith("Max address space"))
            assert line.split()[3:5] == [str(2 * 700 * 1024 * 1024)] * 2, line
            await term.close()

    asyncio.run(asyncio.wait_for(scenario(), 60))


def test_a_login_that_leaves_at_once_is_let_go_at_once(tmp_path: Path, monkeypatch,
                                                        caplog) -> None:
    """A flood of logins that close at once: each connection used to stay referenced by
    its no-session timer for 30 s (and be 'closed' again then)."""
    import asyncio
    import logging

    import asyncssh
    from sshkit import config, key_for, running

    from maharaja_server.transport import ssh

    monkeypatch.setattr(ssh, "SESSION_WAIT", 1.0)

    async def scenario() -> None:
        async with running(config(tmp_path), sessions=False) as srv:
            for _ in range(3):
                conn = await asyncssh.connect("127.0.0.1", srv.port, username="bob",
                                              known_hosts=None, agent_path=None,
                                              client_keys=[key_for("bob")])
                conn.close()
                await conn.wait_closed()
            await asyncio.sleep(2.0)
            assert srv.connections.open == {}

    with caplog.at_level(logging.INFO, logger="maharaja_server.transport.ssh"):
        asyncio.run(asyncio.wait_for(scenario(), 60))
    assert "no session opened" not in caplog.text
