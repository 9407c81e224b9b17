"""Server settings and the rulesets a server hosts."""

from __future__ import annotations

import importlib
import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from platformdirs import user_data_dir

from engine.registry import rulesets

log = logging.getLogger("maharaja_server")

DEFAULT_PORT = 2222
LOOPBACK = ("127.0.0.1", "localhost", "::1")
HTTP_WARNING = ("warning: the web page is plain HTTP on {host}: passwords and join links "
                "cross the network readable; serve it behind an HTTPS proxy "
                "(and give its address with --web-url)")


def default_data_dir() -> Path:
    return Path(user_data_dir("maharaja")) / "server"


@dataclass
class ServerConfig:
    data_dir: Path
    host: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    # Authentication: any client key (names are bound to the first key that uses
    # them) unless an authorized-keys file is given; a password is optional.
    authorized_keys: Path | None = None
    password: str | None = None
    user_passwords: dict[str, str] = field(default_factory=dict)  # name -> own password
    # Limits that keep one client from hurting the others.
    max_sessions: int = 64
    sessions_per_connection: int = 3  # sessions one SSH connection may have open
    sessions_per_name: int = 4  # ... one player (SSH and browser together)
    sessions_per_address: int = 16  # ... one address (IPv6: its /64)
    sessions_per_browser: int = 3  # ... one browser login (its cookie)
    session_starts_per_minute: float = 10.0  # sessions one address may start, on average
    session_start_burst: float = 10.0  # ... at once
    # Window-size changes applied a second (bursts), and the flood that hangs up.
    resize_rate: float = 10.0
    resize_burst: float = 10.0
    resize_flood: float = 30.0
    resize_flood_burst: float = 600.0
    idle_timeout: float = 1800.0
    max_connections: int = 128  # open SSH connections, authenticated or not
    max_connections_per_address: int = 8
    input_rate: float = 2048.0  # bytes per second, sustained
    input_burst: float = 8192.0
    # Names (names.py): a key's name is bound as it first sits; new names per hour from
    # one address (IPv6: its /64) and its network (IPv4 /24, IPv6 /48); a name unused
    # this long, holding no seat, is forgotten (0: never).
    new_names_per_address: int = 10
    new_names_per_network: int = 30
    name_expiry: float = 90 * 86400.0
    max_tables: int = 200
    tables_per_user: int = 5  # open (unfinished) tables one name may have created
    tables_per_address: int = 5  # ... one address (IPv6: its /64)
    tables_per_network: int = 10  # ... one network (IPv4 /24, IPv6 /48)
    table_expiry: float = 7 * 24 * 3600.0  # seconds unattended before a table goes; 0: never
    waiting_expiry: float = 600.0  # seconds before a table nobody is at, never started, goes
    session_memory: int = 1024  # MiB of address space per session (RLIMIT_AS)
    # Sessions sharing one forked process (host.py): about 14 MB of the session worker's
    # pages are copied into every process, so sharing one cuts the memory per session.
    sessions_per_process: int = 4
    # Computer players.
    bot_delay: float = 0.4
    handover_after: float = 120.0
    # "module:attr" specs of extra rulesets (tests); the registry's are always tried.
    ruleset_specs: list[str] = field(default_factory=list)
    default_term: str = "xterm-256color"
    # Offered first in the lobby and by `new`; "" keeps the registry's order, whose
    # first game is the default (engine.registry.default_game).
    default_game: str = ""
    # The web page (web.py): None serves none; its interface and the address its
    # links carry (an HTTPS proxy's, say; default http://HOST:PORT).
    web_port: int | None = None
    web_host: str = "127.0.0.1"
    web_url: str | None = None
    # Its TCP connections (webguard.py): per address, in all (kept below the descriptor
    # limit with a reserve for SSH), and the seconds a request has to send its headers.
    web_connections_per_address: int = 16
    web_connections: int = 512
    web_header_timeout: float = 10.0
    # Players' webhooks may post to loopback and private addresses (a server on a
    # private network, tests); else only to public ones.
    webhooks_to_private: bool = False
    # Several server processes (cluster.py): the PostgreSQL URL they share (None: the
    # embedded store in the data directory), and the seconds a table's owner may be
    # silent before another process takes the table over.
    store: str | None = None
    lease_seconds: float = 5.0

    @property
    def tables_dir(self) -> Path:
        return self.data_dir / "tables"


def load_rulesets(specs: list[str]) -> dict[str, Any]:
    """The registry's rulesets plus each ``module:attr`` of ``specs``."""
    found: dict[str, Any] = {}
    try:
        found.update(rulesets())
    except (ImportError, AttributeError) as exc:
        # The games may not be installed yet; extra rulesets still work.
        log.warning("engine registry unavailable: %s", exc)
    for spec in specs:
        module, _, attr = spec.partition(":")
        ruleset = getattr(importlib.import_module(module), attr or "RULESET")
        found[ruleset.id] = ruleset
    return found


def ordered(rulesets: dict[str, Any], first: str) -> dict[str, Any]:
    """The same rulesets with ``first`` (when hosted) listed first ("" keeps the order)."""
    return dict(sorted(rulesets.items(), key=lambda item: bool(first) and item[0] != first))


def warning_for(host: str, public_url: str | None) -> str | None:
    """The warning for a web page others can reach over plain HTTP (None: no need)."""
    if host in LOOPBACK or (public_url or "").startswith("https://"):
        return None
    return HTTP_WARNING.format(host=host)
