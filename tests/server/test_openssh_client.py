"""The stock OpenSSH client works too (skipped where no `ssh` binary is installed)."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import pytest
from sshkit import config, running

pytestmark = pytest.mark.skipif(shutil.which("ssh") is None, reason="no OpenSSH client")


def ssh_command(port: int, key: Path, *extra: str) -> list[str]:
    return ["ssh", "-p", str(port), "-i", str(key), "-o", "IdentitiesOnly=yes",
            "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
            "-o", "BatchMode=yes", "-o", "LogLevel=ERROR", *extra, "olga@127.0.0.1"]


def test_openssh_without_and_with_a_terminal(tmp_path: Path) -> None:
    import asyncssh

    key = tmp_path / "id_ed25519"
    key.write_bytes(asyncssh.generate_private_key("ssh-ed25519").export_private_key())
    key.chmod(0o600)

    async def scenario() -> None:
        async with running(config(tmp_path / "data")) as srv:
            plain = await asyncio.create_subprocess_exec(
                *ssh_command(srv.port, key), stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
            out, _ = await asyncio.wait_for(plain.communicate(), 20)
            assert b"ssh -t" in out and plain.returncode == 1

            forced = await asyncio.create_subprocess_exec(
                *ssh_command(srv.port, key, "-tt"), stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
                env={"TERM": "xterm-256color", "PATH": "/usr/bin:/bin"})
            seen = b""
            while b"you are olga" not in seen:
                chunk = await asyncio.wait_for(forced.stdout.read(65536), 20)
                assert chunk, seen[-500:]
                seen += chunk
            forced.stdin.write(b"q")
            await forced.stdin.drain()
            await asyncio.wait_for(forced.wait(), 20)

    asyncio.run(asyncio.wait_for(scenario(), 60))


def test_a_key_offered_without_a_signature_claims_no_name(tmp_path: Path) -> None:
    """As OpenSSH does it: with only mallory's public key file, ssh
    offers the key (the server says it would do) but cannot sign; the name must stay
    free for the first key that does log in with it."""
    import asyncssh

    mallory = asyncssh.generate_private_key("ssh-ed25519")
    probe = tmp_path / "mallory.pub"  # a public key alone: offered, never signed
    probe.write_bytes(mallory.export_public_key())
    key = tmp_path / "id_ed25519"
    key.write_bytes(asyncssh.generate_private_key("ssh-ed25519").export_private_key())
    key.chmod(0o600)

    async def scenario() -> None:
        async with running(config(tmp_path / "data"), sessions=False) as srv:
            tried = await asyncio.create_subprocess_exec(
                *ssh_command(srv.port, probe), stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
            out, _ = await asyncio.wait_for(tried.communicate(), 20)
            assert tried.returncode == 255 and b"ermission denied" in out
            assert srv.records.names() == {}
            owner = await asyncio.create_subprocess_exec(
                *ssh_command(srv.port, key), stdin=asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
            out, _ = await asyncio.wait_for(owner.communicate(), 20)
            assert b"ssh -t" in out and owner.returncode == 1  # in (and told to use -t)
            assert srv.records.names() == {}  # bound once olga sits (test_names.py)

    asyncio.run(asyncio.wait_for(scenario(), 60))
