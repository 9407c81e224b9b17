"""The whole server in one object: table service, local socket hub and SSH listener."""

from __future__ import annotations

import logging
import os
import shutil
import sys
import tempfile
from pathlib import Path

import asyncssh

from maharaja_server import ssh
from maharaja_server.auth import Authenticator
from maharaja_server.config import ServerConfig, load_rulesets, ordered
from maharaja_server.hostkeys import host_key
from maharaja_server.hub import Hub
from maharaja_server.limits import SessionCounter
from maharaja_server.tables import TableService

log = logging.getLogger("maharaja_server")


class GameServer:
    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.rulesets = ordered(load_rulesets(config.ruleset_specs), config.default_game)
        self.service = TableService(config.tables_dir, self.rulesets,
                                    bot_delay=config.bot_delay,
                                    handover_after=config.handover_after,
                                    max_tables=config.max_tables)
        # A short private directory: Unix socket paths are limited to ~100 bytes.
        self._run_dir = Path(tempfile.mkdtemp(prefix="mj-"))
        self.hub = Hub(self.service, self._run_dir / "hub.sock")
        self.auth = Authenticator(config.data_dir, config.authorized_keys, config.password)
        self.counter = SessionCounter(config.max_sessions)
        self.sessions = ssh.SessionRunner(
            counter=self.counter, issue_token=self.hub.issue_token,
            revoke_token=self.hub.revoke_token, child_env=self._child_env,
            idle_timeout=config.idle_timeout, input_rate=config.input_rate,
            input_burst=config.input_burst, default_term=config.default_term,
        )
        self._acceptor: asyncssh.SSHAcceptor | None = None

    @property
    def port(self) -> int:
        assert self._acceptor is not None
        return self._acceptor.get_port()

    def _child_env(self) -> dict[str, str]:
        return {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": os.environ.get("HOME", "/"),
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
            "PYTHONPATH": os.pathsep.join(p for p in sys.path if p),
            "MAHARAJA_SOCKET": str(self.hub.path),
            "MAHARAJA_RULESETS": ",".join(self.config.ruleset_specs),
            "MAHARAJA_LOG": str(self.config.data_dir / "logs" / "sessions.log"),
            "MAHARAJA_MEMORY_MIB": str(self.config.session_memory),
        }

    async def start(self) -> None:
        cfg = self.config
        cfg.data_dir.mkdir(parents=True, exist_ok=True)
        (cfg.data_dir / "logs").mkdir(exist_ok=True)
        self.service.load_all()
        await self.hub.start()
        self._acceptor = await asyncssh.create_server(
            ssh.server_factory(self.auth), cfg.host, cfg.port,
            server_host_keys=[host_key(cfg.data_dir)],
            process_factory=self.sessions, **ssh.options(),
        )
        log.info("listening on %s port %d; logins by %s", cfg.host, self.port,
                 self.auth.describe())

    async def close(self) -> None:
        if self._acceptor is not None:
            self._acceptor.close()
            await self._acceptor.wait_closed()
        for child in list(self.sessions.children):
            await self.sessions._stop(child)
        await self.hub.close()
        shutil.rmtree(self._run_dir, ignore_errors=True)
