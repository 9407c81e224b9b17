"""The whole server in one object: table service, local socket hub and SSH listener."""

from __future__ import annotations

import asyncio
import logging
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import asyncssh

from maharaja_server.transport import ssh
from maharaja_server.transport.auth import Authenticator
from maharaja_server.transport.config import ServerConfig, load_rulesets, ordered
from maharaja_server.transport.hostkeys import host_key
from maharaja_server.transport.hub import Hub
from maharaja_server.transport.ledger import Ledger
from maharaja_server.transport.limits import ConnectionLimits, SessionCounter, WindowChanges
from maharaja_server.transport.names import Names
from maharaja_server.transport.online import Online
from maharaja_server.transport.records import Records
from maharaja_server.transport.spawn import Zygote
from maharaja_server.transport.store import Store
from maharaja_server.transport.tables import TableService

if TYPE_CHECKING:  # psycopg is imported only by a server given --store
    from maharaja_server.transport.cluster import ClusterTables

log = logging.getLogger("maharaja_server")


class GameServer:
    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.rulesets = ordered(load_rulesets(config.ruleset_specs), config.default_game)
        limits: dict[str, Any] = dict(
            bot_delay=config.bot_delay, handover_after=config.handover_after,
            max_tables=config.max_tables, tables_per_user=config.tables_per_user,
            tables_per_address=config.tables_per_address,
            tables_per_network=config.tables_per_network, expire_after=config.table_expiry,
            waiting_expiry=config.waiting_expiry)
        self.records: Store
        self.service: TableService
        self.cluster: ClusterTables | None = None
        if config.store:  # shared with other server processes (psycopg only then)
            from maharaja_server.transport.cluster import ClusterTables, shared_store

            store = shared_store(config)
            self.records = store
            self.cluster = self.service = ClusterTables(config.tables_dir, self.rulesets,
                                                        store=store, **limits)
        else:
            # Names, tables and seats: SQLite, written by one thread off the event loop.
            records = Records(config.data_dir / "server.db")
            records.migrate(config.data_dir, config.tables_dir)
            self.records = records
            self.service = TableService(config.tables_dir, self.rulesets, records=records,
                                        **limits)
        # Clocks, notices, ratings and finished games: before the hub, so that each
        # change's notice carries the clocks and ratings as it left them. Their ledger is
        # SQLite in the data directory, also when the tables are shared (each process
        # keeps its own: sharing them through the store is still to come).
        ledger = self.records if isinstance(self.records, Records) else \
            Records(config.data_dir / "server.db")
        self.online = Online(self.service, Ledger(ledger),
                             webhooks_to_private=config.webhooks_to_private)
        # Under the data directory (made at start; a stale socket is cleared there), so
        # a killed server leaves nothing in /tmp and a failed start leaks no directory.
        self.hub = Hub(self.service, config.data_dir / "run" / "hub.sock")
        self.online.bind(self.hub)
        self.names = Names(self.records, expiry=config.name_expiry,
                           per_address=config.new_names_per_address,
                           per_network=config.new_names_per_network)
        self.names.in_use = self.service.names_in_use
        self.hub.names = self.names
        if self.cluster is not None:
            self.cluster.names = self.names
            self.hub.shared = self.cluster
        self.auth = Authenticator(config.data_dir, config.authorized_keys, config.password,
                                  config.user_passwords, self.records, self.names)
        self.counter = SessionCounter(config.max_sessions, config.sessions_per_name,
                                      config.sessions_per_address,
                                      config.session_starts_per_minute,
                                      config.session_start_burst)
        self.connections = ConnectionLimits(config.max_connections_per_address,
                                            config.max_connections)
        self.sessions = ssh.SessionRunner(
            counter=self.counter, issue_token=self.hub.issue_token,
            revoke_token=self.hub.revoke_token, child_env=self._child_env,
            idle_timeout=config.idle_timeout, input_rate=config.input_rate,
            input_burst=config.input_burst, default_term=config.default_term,
            per_connection=config.sessions_per_connection,
            window_changes=self.window_changes,
        )
        self.sessions.download = self.online.download
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self._sweeper: asyncio.Task[None] | None = None
        self.web = None
        if config.web_port is not None:  # textual-serve is imported only for a web page
            from maharaja_server.transport.web import web_front

            self.web = web_front(self)

    def window_changes(self, apply: Callable[[int, int], None]) -> WindowChanges:
        """A session's window changes, limited as the config says (SSH and browser)."""
        cfg = self.config
        return WindowChanges(apply, rate=cfg.resize_rate, burst=cfg.resize_burst,
                             flood=cfg.resize_flood, flood_burst=cfg.resize_flood_burst)

    @property
    def port(self) -> int:
        assert self._acceptor is not None
        return self._acceptor.get_port()

    def _child_env(self) -> dict[str, str]:
        bench = {name: os.environ[name] for name in ("MAHARAJA_GC_STATS",) if name in os.environ}
        return bench | _bytecode_as_here() | {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": os.environ.get("HOME", "/"),
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
            "PYTHONPATH": os.pathsep.join(p for p in sys.path if p),
            # Relative to the session's working directory (the run folder): a long data
            # directory would overflow a Unix socket address.
            "MAHARAJA_SOCKET": self.hub.path.name,
            "MAHARAJA_RUN": str(self.hub.path.parent),
            "MAHARAJA_RULESETS": ",".join(self.config.ruleset_specs),
            "MAHARAJA_LOG": str(self.config.data_dir / "logs" / "sessions.log"),
            "MAHARAJA_MEMORY_MIB": str(self.config.session_memory),
            "MAHARAJA_SESSIONS_PER_PROCESS": str(max(1, self.config.sessions_per_process)),
        }

    async def start(self) -> None:
        cfg = self.config
        cfg.data_dir.mkdir(parents=True, exist_ok=True)
        (cfg.data_dir / "logs").mkdir(exist_ok=True)
        self.service.load_all()
        if self.cluster is not None:
            await self.cluster.start()
        self.service.expire()
        self.names.expire()
        self._sweeper = asyncio.create_task(self._sweep())
        await self.hub.start()
        # The session worker imports the UI meanwhile; it never sees a table.
        zygote = Zygote(self._child_env())
        try:
            await zygote.start()
            self.sessions.zygote = zygote
        except OSError as exc:
            log.warning("no session worker (%s): each session starts a fresh interpreter", exc)
        try:
            self._acceptor = await asyncssh.create_server(
                ssh.server_factory(self.auth, self.connections), cfg.host, cfg.port,
                server_host_keys=[self.host_key()],
                process_factory=self.sessions, **ssh.options(),
            )
        except BaseException:
            if self.sessions.zygote is not None:  # no worker left behind a failed start
                await self.sessions.zygote.close()
            raise
        log.info("listening on %s port %d; logins by %s", cfg.host, self.port,
                 self.auth.describe())
        if self.web is not None:
            self.web.links.keep_tables(self.service.tables.__contains__)  # gone meanwhile
            await self.web.start()

    def host_key(self) -> asyncssh.SSHKey:
        """The data directory's; with several server processes, the one they all show
        (kept in the shared store: a player moving to another sees the same server)."""
        if self.cluster is None:
            return host_key(self.config.data_dir)
        shared = self.cluster.store.host_key(
            "ssh-ed25519", lambda: host_key(self.config.data_dir).export_private_key().decode())
        return asyncssh.import_private_key(shared)

    async def _sweep(self) -> None:
        """Expire unattended tables now and then (each check is a walk over the tables)."""
        every = min(600.0, *(max(1.0, after / 10) for after in (
            self.config.table_expiry, self.config.waiting_expiry) if after > 0))
        while True:
            await asyncio.sleep(every)
            self.service.expire()
            self.names.expire()

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        if self.web is not None:
            await self.web.close()
        if self._acceptor is not None:
            self._acceptor.close()
            await self._acceptor.wait_closed()
        self.sessions.say_goodbye()
        for child in list(self.sessions.children):
            await self.sessions._stop(child)
        if self.sessions.zygote is not None:
            await self.sessions.zygote.close()
        await self.hub.close()
        await self.online.close()
        if self.cluster is not None:
            await self.cluster.stop()  # its writes land, its tables go to the others
        self.records.close()  # the queued writes land first


def _bytecode_as_here() -> dict[str, str]:
    """A session writes compiled bytecode as this process does: none under ``-B`` or
    PYTHONDONTWRITEBYTECODE, else where this process writes it. Read from ``sys``, not
    the environment: a process may change its mind (the test suite sends bytecode to
    pytest's cache), and its sessions would otherwise litter the source tree."""
    env = {"PYTHONDONTWRITEBYTECODE": "1"} if sys.dont_write_bytecode else {}
    if sys.pycache_prefix is not None:
        env["PYTHONPYCACHEPREFIX"] = sys.pycache_prefix
    return env
