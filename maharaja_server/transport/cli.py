"""``maharaja serve`` / ``python -m maharaja_server``: start the SSH game server."""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import sys
from pathlib import Path

from maharaja_server.transport import logflood
from maharaja_server.transport.config import (
    DEFAULT_PORT,
    ServerConfig,
    default_data_dir,
    warning_for,
)
from maharaja_server.transport.passwords import Passwords, read_password_file
from maharaja_server.transport.server import GameServer
from maharaja_tui import settings
from maharaja_tui.settings import ConfigError


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(
        prog="maharaja serve",
        description="Host Maharaja tables for players who connect with any SSH client "
                    "(ssh -p 2222 NAME@HOST).")
    ap.add_argument("--data-dir", type=Path, default=None,
                    help="host key, tables and logs (default: the user data "
                         "directory's maharaja/server)")
    ap.add_argument("--host", default="127.0.0.1",
                    help="interface to listen on (default 127.0.0.1: this machine only)")
    ap.add_argument("--public", action="store_true",
                    help="listen on every interface (same as --host 0.0.0.0)")
    ap.add_argument("--port", type=int, default=DEFAULT_PORT)
    ap.add_argument("--authorized-keys", type=Path, default=None,
                    help="accept only these public keys (OpenSSH authorized_keys format)")
    ap.add_argument("--password-file", type=Path, default=None,
                    help="password logins: NAME:PASSWORD lines (each player's own), "
                         "*:PASSWORD (a shared password for every other name); "
                         "# comments")
    ap.add_argument("--max-sessions", type=int, default=64)
    ap.add_argument("--sessions-per-name", type=int, default=4, metavar="N",
                    help="sessions one player may have open, SSH and browser together "
                         "(default %(default)s)")
    ap.add_argument("--sessions-per-address", type=int, default=16, metavar="N",
                    help="... one address (IPv6: a /64; default %(default)s)")
    ap.add_argument("--session-starts-per-minute", type=float, default=10.0, metavar="N",
                    help="sessions one address may start a minute on average, ten at "
                         "once (default %(default)s)")
    ap.add_argument("--session-memory", type=int, default=1024, metavar="MIB",
                    help="address-space cap of each session (default %(default)s); a "
                         "process of several sessions has their caps together")
    ap.add_argument("--sessions-per-process", type=int, default=4, metavar="N",
                    help="sessions sharing one forked process, which shares its start-up "
                         "memory; 1 gives each session its own (default %(default)s)")
    ap.add_argument("--tables-per-user", type=int, default=5,
                    help="open tables one player (name) may have created (default "
                         "%(default)s)")
    ap.add_argument("--tables-per-address", type=int, default=5, metavar="N",
                    help="... one address (IPv6: a /64; default %(default)s)")
    ap.add_argument("--tables-per-network", type=int, default=10, metavar="N",
                    help="... one network (IPv4 /24, IPv6 /48; default %(default)s)")
    ap.add_argument("--waiting-table-expiry", type=float, default=10.0, metavar="MINUTES",
                    help="a table whose game never started and that nobody is at is "
                         "removed after this long (default %(default)s; 0: never)")
    ap.add_argument("--new-names-per-address", type=int, default=10, metavar="N",
                    help="names one address may make its own in an hour, as their keys "
                         "first sit (default %(default)s; IPv6: a /64)")
    ap.add_argument("--new-names-per-network", type=int, default=30, metavar="N",
                    help="... and one network (IPv4 /24, IPv6 /48; default %(default)s)")
    ap.add_argument("--table-expiry", type=float, default=168.0, metavar="HOURS",
                    help="a table nobody has been at for this long is removed, finished "
                         "or not (default %(default)s; 0: never)")
    ap.add_argument("--idle-timeout", type=float, default=1800.0, help="seconds")
    ap.add_argument("--handover-after", type=float, default=120.0,
                    help="seconds before a computer takes over an abandoned seat "
                         "(at tables that allow it)")
    ap.add_argument("--ruleset", action="append", default=[], metavar="MODULE:ATTR",
                    help="host an extra ruleset (testing)")
    ap.add_argument("--default-game", default="",
                    help="game id offered first (default: the first registered game)")
    ap.add_argument("--bot-delay", type=float, default=0.4, help="seconds per computer move")
    ap.add_argument("--web", type=int, default=None, metavar="PORT",
                    help="also serve the tables to web browsers on this port (join links, "
                         "or name and password with --password-file)")
    ap.add_argument("--web-host", default=None, metavar="ADDR",
                    help="interface of the web page (default: the SSH server's)")
    ap.add_argument("--web-connections-per-address", type=int, default=16, metavar="N",
                    help="open connections to the web page from one address "
                         "(default %(default)s)")
    ap.add_argument("--web-url", default=None, metavar="URL",
                    help="the address join links carry, e.g. an HTTPS proxy's "
                         "(default http://HOST:PORT)")
    ap.add_argument("--webhooks-to-private", action="store_true",
                    help="players' webhooks may post to this machine and private "
                         "networks (default: public addresses only)")
    ap.add_argument("--store", default=os.environ.get("MAHARAJA_STORE") or None,
                    metavar="postgresql://USER@HOST/DB",
                    help="keep names, tables and games in this PostgreSQL database, "
                         "shared by every server process given it (default: "
                         "$MAHARAJA_STORE, else SQLite and files in the data directory)")
    ap.add_argument("--lease-seconds", type=float, default=5.0, metavar="SECONDS",
                    help="with --store: how long a table's process may be silent before "
                         "another takes the table over (default %(default)s)")
    ap.add_argument("action", nargs="?", choices=["migrate"],
                    help="migrate: bring the --store database's schema up to date and "
                         "copy the data directory's tables, names and games into it")
    ap.add_argument("--config", metavar="FILE", default=None,
                    help="the config file whose [server] table gives these options' "
                         "defaults (default: $MAHARAJA_CONFIG, else "
                         "~/.config/maharaja/config.toml)")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap


def config_from(args: argparse.Namespace) -> ServerConfig:
    passwords = Passwords()
    if args.password_file is not None:
        passwords = read_password_file(args.password_file)
    return ServerConfig(
        data_dir=args.data_dir or default_data_dir(),
        host="0.0.0.0" if args.public else args.host,
        port=args.port,
        authorized_keys=args.authorized_keys,
        password=passwords.shared,
        user_passwords=dict(passwords.users),
        max_sessions=args.max_sessions,
        sessions_per_name=args.sessions_per_name,
        sessions_per_address=args.sessions_per_address,
        session_starts_per_minute=args.session_starts_per_minute,
        web_connections_per_address=args.web_connections_per_address,
        idle_timeout=args.idle_timeout,
        session_memory=args.session_memory,
        sessions_per_process=args.sessions_per_process,
        tables_per_user=args.tables_per_user,
        tables_per_address=args.tables_per_address,
        tables_per_network=args.tables_per_network,
        waiting_expiry=args.waiting_table_expiry * 60.0,
        new_names_per_address=args.new_names_per_address,
        new_names_per_network=args.new_names_per_network,
        table_expiry=args.table_expiry * 3600.0,
        handover_after=args.handover_after,
        ruleset_specs=list(args.ruleset),
        bot_delay=args.bot_delay,
        default_game=args.default_game,
        web_port=args.web,
        web_host=args.web_host or ("0.0.0.0" if args.public else args.host),
        web_url=args.web_url,
        webhooks_to_private=args.webhooks_to_private,
        store=args.store or None,
        lease_seconds=args.lease_seconds,
    )


async def serve(config: ServerConfig) -> None:
    try:
        server = GameServer(config)
        await server.start()
    except Exception as exc:
        if not config.store or isinstance(exc, OSError):
            raise
        raise StoreProblem(describe_store_error(config.store, exc)) from None
    where = "this machine only" if config.host in ("127.0.0.1", "localhost", "::1") \
        else "ALL interfaces given by --host/--public"
    print(f"Maharaja server listening on {config.host}:{server.port} ({where}).", flush=True)
    print(f"Data directory: {config.data_dir}", flush=True)
    print(f"Logins: {server.auth.describe()}", flush=True)
    print(f"Players connect with: ssh -p {server.port} NAME@HOST", flush=True)
    if server.auth.keys is None and config.host not in ("127.0.0.1", "localhost", "::1"):
        print("warning: anyone with any SSH key can log in; consider --authorized-keys or "
              "--password-file", file=sys.stderr, flush=True)
    if server.web is not None:
        print(f"Web page: {server.web.public_url}/ (join links from the lobby, key l)",
              flush=True)
        warning = warning_for(config.web_host, config.web_url)
        if warning:
            print(warning, file=sys.stderr, flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    try:
        await stop.wait()
    finally:
        await server.close()


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The command line over the config file's [server] table (ConfigError if bad)."""
    ap = parser()
    config_file = ap.parse_known_args(argv)[0].config
    ap.set_defaults(**settings.load(config_file).server_defaults())
    return ap.parse_args(argv)


def serve_main(argv: list[str] | None = None) -> int:
    """Host games over SSH (and the web page)."""
    try:
        args = parse_args(argv)
    except ConfigError as exc:
        print(f"maharaja serve: {exc}", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("maharaja_server").setLevel(logging.INFO)
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    try:
        config = config_from(args)
    except (OSError, ValueError) as exc:
        print(f"maharaja serve: {exc}", file=sys.stderr)
        return 2
    if args.action == "migrate":
        return migrate_main(config)
    if config.host not in ("127.0.0.1", "localhost", "::1"):
        print(f"warning: listening on {config.host}, reachable from other machines",
              file=sys.stderr)
    try:
        with logflood.installed():  # one message at most 20 times a minute, then a count
            asyncio.run(serve(config))
    except OSError as exc:
        print(f"maharaja serve: {exc}", file=sys.stderr)
        return 1
    except StoreProblem as exc:
        print(f"maharaja serve: {exc}", file=sys.stderr)
        return 1
    return 0


class StoreProblem(Exception):
    """The --store database cannot be used (one line)."""


def migrate_main(config: ServerConfig) -> int:
    if not config.store:
        print("maharaja serve migrate: name the database with --store postgresql://... "
              "(or MAHARAJA_STORE)", file=sys.stderr)
        return 2
    try:
        from maharaja_server.transport import store_migrate
        from maharaja_server.transport.config import load_rulesets

        lines = store_migrate.run(config.store, config.data_dir,
                                  load_rulesets(config.ruleset_specs))
    except Exception as exc:  # one line for a person: which database, what went wrong
        print(f"maharaja serve migrate: {describe_store_error(config.store, exc)}",
              file=sys.stderr)
        return 1
    for line in lines:
        print(line)
    return 0


def describe_store_error(url: str, exc: BaseException) -> str:
    """A store problem in a person's words (the URL without its password)."""
    from maharaja_server.transport.store_pg_schema import safe_url

    if isinstance(exc, ModuleNotFoundError):
        return (f"--store needs {exc.name}, which is not installed: "
                "pip install 'maharaja[postgres]'")
    text = " ".join(str(exc).split()) or type(exc).__name__
    if type(exc).__name__ in ("MigrationError", "SchemaTooNew"):
        return text
    return f"the store {safe_url(url)} cannot be used: {text}"


if __name__ == "__main__":  # pragma: no cover
    sys.exit(serve_main())
