"""The server's host key: generated on first start, then kept in the data directory."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import asyncssh

log = logging.getLogger("maharaja_server")


def host_key(data_dir: Path) -> asyncssh.SSHKey:
    path = data_dir / "ssh_host_ed25519_key"
    if path.exists():
        return asyncssh.read_private_key(str(path))
    data_dir.mkdir(parents=True, exist_ok=True)
    key = asyncssh.generate_private_key("ssh-ed25519")
    # Create 0600 from the start: the key is never world-readable, even briefly.
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as handle:
        handle.write(key.export_private_key())
    key.write_public_key(str(path) + ".pub")
    log.info("generated host key %s (%s)", path, key.get_fingerprint())
    return key
