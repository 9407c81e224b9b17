"""Names in open mode (maharaja_server/transport/names.py): bound as a key first sits, limited per
address and network, forgotten when unused.

A fresh key per login bound a name each: 10,000 names from one address in ~100 s, after
which no new player could log in, across restarts."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from pathlib import Path

import asyncssh
import pytest
from fake_ruleset import RULESET
from sshkit import config, running

from engine.core.errors import IllegalIntent
from maharaja_server.session_ui.remote import Connection
from maharaja_server.transport.hub import Hub
from maharaja_server.transport.names import Names
from maharaja_server.transport.network import networks
from maharaja_server.transport.protocol import SeatSpec
from maharaja_server.transport.records import Records
from maharaja_server.transport.tables import Identity, TableService

RULESETS = {RULESET.id: RULESET}
TWO = [SeatSpec(), SeatSpec()]


class Clock:
    def __init__(self) -> None:
        self.t = 1_000_000.0

    def __call__(self) -> float:
        return self.t


class Server:
    """The table service, its hub and the names, on a loop of their own."""

    def __init__(self, root: Path, **limits: int) -> None:
        self.clock = Clock()
        self.records = Records(root / "server.db")
        self.service = TableService(root / "tables", RULESETS, records=self.records)
        self.names = Names(self.records, now=self.clock, **limits)
        self.names.in_use = self.service.names_in_use
        self.hub = Hub(self.service, root / "hub.sock")
        self.hub.names = self.names
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        asyncio.run_coroutine_threadsafe(self.hub.start(), self.loop).result(5)

    def login(self, name: str, key: str, address: str = "198.51.100.7") -> Connection:
        who = Identity(name, key, address)
        return Connection(str(self.hub.path), self.hub.issue_token(who), timeout=5)

    def close(self) -> None:
        asyncio.run_coroutine_threadsafe(self.hub.close(), self.loop).result(5)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        self.records.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    found = Server(tmp_path, per_address=2, per_network=3)
    yield found
    found.close()


def test_a_login_binds_no_name(tmp_path: Path) -> None:
    """A key that logs in (and leaves) binds nothing: a flood of fresh keys fills no list."""
    async def scenario() -> None:
        async with running(config(tmp_path), sessions=False) as srv:
            for n in range(3):
                conn = await asyncssh.connect(
                    "127.0.0.1", srv.port, username=f"flood{n}", known_hosts=None,
                    agent_path=None, client_keys=[asyncssh.generate_private_key("ssh-ed25519")])
                conn.close()
                await conn.wait_closed()
            srv.records.flush()
            assert srv.records.names() == {} and len(srv.names) == 0

    asyncio.run(asyncio.wait_for(scenario(), 60))


def test_a_name_is_bound_as_its_key_first_sits(server: Server) -> None:
    alice = server.login("alice", "key-a")
    table = alice.create(RULESET.id, TWO)
    assert server.names.owner("alice") == "key-a"
    assert alice.join(table) == 0
    watcher = server.login("bob", "key-b")
    watcher.watch(table)  # watching binds nothing
    assert server.names.owner("bob") is None
    impostor = server.login("alice", "key-x")  # the lobby is open to it, the seats not
    with pytest.raises(IllegalIntent) as refused:
        impostor.join(table)
    assert refused.value.rule == "SRV-NAME" and "belongs to another" in str(refused.value)
    assert server.service.tables[table].meta.slots[1].owner is None
    server.records.flush()
    assert server.records.names() == {"alice": "key-a"}


def test_new_names_are_limited_per_address_and_per_network(server: Server) -> None:
    def sit(name: str, address: str) -> None:
        conn = server.login(name, "key-" + name, address)
        conn.create(RULESET.id, TWO)

    sit("n1", "10.0.0.1")
    sit("n2", "10.0.0.1")
    with pytest.raises(IllegalIntent, match="too many new names") as refused:
        sit("n3", "10.0.0.1")  # a third name from one address within the hour
    assert refused.value.rule == "SRV-NAME"
    sit("n4", "10.0.0.2")
    with pytest.raises(IllegalIntent, match="too many new names"):
        sit("n5", "10.0.0.3")  # a fourth from the same /24
    sit("n6", "10.0.1.3")  # another network
    server.login("n1", "key-n1", "10.0.0.1").create(RULESET.id, TWO)  # an old name sits on
    server.clock.t += 3601
    sit("n7", "10.0.0.1")  # an hour later


def test_networks_are_a_24_or_a_48() -> None:
    assert networks("10.1.2.3") == ("10.1.2.3", "10.1.2.0/24")
    assert networks("2001:db8:1:2:3::4") == ("2001:db8:1:2::/64", "2001:db8:1::/48")
    assert networks("::ffff:10.1.2.3") == ("10.1.2.3", "10.1.2.0/24")


def test_unused_names_holding_no_seat_are_forgotten(tmp_path: Path) -> None:
    records = Records(tmp_path / "server.db")
    records.put_name("oldtimer", "key-o", None)  # bound at login by an older server
    records.flush()
    clock = Clock()
    service = TableService(tmp_path / "tables", RULESETS, records=records)
    names = Names(records, now=clock, expiry=30 * 86400)
    names.in_use = service.names_in_use
    for name in ("seated", "idle"):
        names.bind(Identity(name, "key-" + name, "192.0.2.1"))
    table = service.create(Identity("seated", "key-seated"), RULESET.id, TWO, b"{}", True, "")
    service.join(Identity("seated", "key-seated"), table.id, 0)
    assert names.expire() == ["oldtimer"]  # bound at login long ago, never sat
    clock.t += 31 * 86400
    assert names.expire() == ["idle"]
    assert names.owner("seated") == "key-seated"  # it holds a seat
    records.flush()
    assert records.names() == {"seated": "key-seated"}
    records.close()


def test_a_full_list_makes_room_instead_of_refusing_everyone(tmp_path: Path) -> None:
    records = Records(tmp_path / "server.db")
    clock = Clock()
    service = TableService(tmp_path / "tables", RULESETS, records=records)
    names = Names(records, now=clock, limit=2)
    names.in_use = service.names_in_use
    first, second = Identity("first", "k1"), Identity("second", "k2")
    names.bind(first)
    clock.t += 10
    names.bind(second)
    service.create(second, RULESET.id, TWO, b"{}", True, "")
    clock.t += 10
    names.bind(Identity("third", "k3"))  # the longest unused name holding no seat goes
    assert names.owner("first") is None and names.owner("third") == "k3"
    service.create(Identity("third", "k3"), RULESET.id, TWO, b"{}", True, "")
    with pytest.raises(IllegalIntent, match="all holding seats"):
        names.check(Identity("fourth", "k4"))
    records.close()
