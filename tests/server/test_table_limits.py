"""One key created 200 tables in 106 s and filled the server.

Now each player has a quota of open tables, tables nobody attends expire, and the
owner may close one; the refusals say what they are (SRV-QUOTA, SRV-OWNER, SRV-BUSY).
"""

from __future__ import annotations

import asyncio
import os
import shutil
from pathlib import Path

import pytest
from fake_ruleset import RULESET
from test_openssh_client import ssh_command

from engine.core.errors import IllegalIntent
from maharaja_server.transport.protocol import SeatSpec
from maharaja_server.transport.tables import Identity, TableService

ALICE, BOB = Identity("alice", "key-a"), Identity("bob", "key-b")
TWO = [SeatSpec(), SeatSpec()]


class Clock:
    def __init__(self) -> None:
        self.t = 1_000_000.0

    def __call__(self) -> float:
        return self.t


def service(root: Path, clock: Clock | None = None, **kw) -> TableService:
    return TableService(root, {RULESET.id: RULESET}, now=clock or Clock(), **kw)


def create(svc: TableService, who: Identity) -> int:
    return svc.create(who, RULESET.id, TWO, b"{}", True, "").id


def test_each_player_has_a_quota_of_open_tables(tmp_path: Path) -> None:
    svc = service(tmp_path, tables_per_user=2)
    create(svc, ALICE)
    create(svc, ALICE)
    with pytest.raises(IllegalIntent) as refused:
        create(svc, ALICE)
    assert refused.value.rule == "SRV-QUOTA"
    assert "you have 2 open tables (1, 2)" in str(refused.value)
    assert create(svc, BOB) == 3  # others are not held back by alice
    with pytest.raises(IllegalIntent) as refused:  # the name counts, whatever the key
        create(svc, Identity("alice", "key-other"))
    assert refused.value.rule == "SRV-QUOTA"


def test_the_quota_counts_the_address_and_the_network_too(tmp_path: Path) -> None:
    """41 throwaway keys made 5 tables each and filled all 200 in 27.8 s: keys (and
    names) are free in open mode, addresses less so."""
    svc = service(tmp_path, tables_per_user=5, tables_per_address=2, tables_per_network=3)
    key = iter(range(100))

    def throwaway(address: str) -> Identity:
        return Identity(f"thrown{next(key)}", "key", address)

    create(svc, throwaway("10.0.0.1"))
    create(svc, throwaway("10.0.0.1"))
    with pytest.raises(IllegalIntent, match="your address has 2 open tables") as refused:
        create(svc, throwaway("10.0.0.1"))
    assert refused.value.rule == "SRV-QUOTA"
    create(svc, throwaway("10.0.0.2"))
    with pytest.raises(IllegalIntent, match="your network has 3 open tables"):
        create(svc, throwaway("10.0.0.3"))
    create(svc, throwaway("10.0.1.3"))  # another network
    with pytest.raises(IllegalIntent, match="your address"):  # IPv6: the /64 counts
        for host in range(3):
            create(svc, throwaway(f"2001:db8:0:1::{host + 1}"))


def test_a_table_nobody_is_at_whose_game_never_started_goes_within_minutes(
        tmp_path: Path) -> None:
    """Tables made and left stayed 168 h, the server full meanwhile."""
    clock = Clock()
    svc = service(tmp_path, clock, waiting_expiry=600.0)
    left, waited, started = create(svc, ALICE), create(svc, BOB), create(svc, BOB)
    for table in (left, waited):
        svc.join(ALICE, table, 0)
    svc.attach(waited, 0)  # alice waits at it for her friend
    svc.join(ALICE, started, 0)
    svc.join(BOB, started, 1)  # every seat taken: the game started
    clock.t += 599
    assert svc.expire() == []
    clock.t += 2
    assert svc.expire() == [left]
    svc.detach(waited, 0)  # she gives up
    clock.t += 601
    assert svc.expire() == [waited]
    assert list(svc.tables) == [started]  # an unattended game waits the long expiry


def test_the_owner_closes_a_table_nobody_is_at(tmp_path: Path) -> None:
    svc = service(tmp_path)
    table = create(svc, ALICE)
    svc.join(BOB, table, None)
    with pytest.raises(IllegalIntent) as refused:
        svc.close(BOB, table)  # sitting there does not make it his
    assert refused.value.rule == "SRV-OWNER"
    svc.attach(table, 0)  # bob is at the table
    with pytest.raises(IllegalIntent) as refused:
        svc.close(ALICE, table)
    assert refused.value.rule == "SRV-BUSY"
    svc.detach(table, 0)
    svc.close(ALICE, table)
    assert table not in svc.tables and not (tmp_path / str(table)).exists()
    with pytest.raises(IllegalIntent) as refused:
        svc.close(ALICE, table)
    assert refused.value.rule == "SRV-TABLE"
    assert create(svc, ALICE)  # the quota counts open tables only


def test_unattended_tables_expire_attended_ones_stay(tmp_path: Path) -> None:
    clock = Clock()
    svc = service(tmp_path, clock, expire_after=3600.0, waiting_expiry=0.0)
    waiting, playing = create(svc, ALICE), create(svc, BOB)
    svc.join(ALICE, playing, None)
    svc.join(BOB, playing, None)
    svc.attach(playing, 0)
    clock.t += 3599
    assert svc.expire() == []
    clock.t += 2
    assert svc.expire() == [waiting]  # nobody came in an hour
    assert not (tmp_path / str(waiting)).exists()
    clock.t += 10 * 3600
    assert svc.expire() == []  # alice is still there
    svc.detach(playing, 0)
    clock.t += 3601
    assert svc.expire() == [playing]
    assert svc.tables == {}
    never = service(tmp_path, clock, expire_after=0.0, waiting_expiry=0.0)
    create(never, ALICE)
    clock.t += 1e9
    assert never.expire() == []


def test_a_restart_expires_tables_left_unattended_meanwhile(tmp_path: Path) -> None:
    clock = Clock()
    svc = service(tmp_path, clock, expire_after=3600.0)
    old, new = create(svc, ALICE), create(svc, BOB)
    stamp = clock.t - 7200
    for path in (tmp_path / str(old), *(tmp_path / str(old)).iterdir()):
        os.utime(path, (stamp, stamp))
    svc.records.flush()
    again = service(tmp_path, clock, expire_after=3600.0)
    again.load_all()
    assert again.tables[old].meta.owner == ALICE.owner
    assert again.expire() == [old] and list(again.tables) == [new]


@pytest.mark.skipif(shutil.which("ssh") is None, reason="no OpenSSH client")
def test_quota_and_close_with_the_stock_openssh_client(tmp_path: Path) -> None:
    """What a player sees: the quota refusal in one line, then 'c' in the lobby."""
    import asyncssh
    from sshkit import ANSI, config, running

    key = tmp_path / "id_ed25519"
    key.write_bytes(asyncssh.generate_private_key("ssh-ed25519").export_private_key())
    key.chmod(0o600)

    async def session(port: int, command: str, until: bytes, keys: bytes = b"",
                      then: bytes = b"", *, hang_up: bool = False) -> bytes:
        proc = await asyncio.create_subprocess_exec(
            *ssh_command(port, key, "-tt"), command, stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
            env={"TERM": "xterm-256color", "PATH": "/usr/bin:/bin"})
        assert proc.stdin is not None and proc.stdout is not None
        seen = b""
        for want, send in ((until, keys), (then, b"")):
            while want and want not in ANSI.sub(b"", seen):
                chunk = await asyncio.wait_for(proc.stdout.read(65536), 30)
                assert chunk, ANSI.sub(b"", seen)[-600:]
                seen += chunk
            if send:
                await asyncio.sleep(0.5)
                proc.stdin.write(send)
                await proc.stdin.drain()
        if hang_up:  # a table's screen has no q: the player closes the terminal
            proc.terminate()
        else:
            proc.stdin.write(b"q")
            await proc.stdin.drain()
        try:
            await asyncio.wait_for(proc.wait(), 10)
        except TimeoutError:
            proc.kill()
        return ANSI.sub(b"", seen)

    async def scenario() -> None:
        async with running(config(tmp_path / "data", tables_per_user=1)) as srv:
            await session(srv.port, "new", b"Table 1", hang_up=True)  # sat at table 1
            await session(srv.port, "new", b"SRV-QUOTA")  # not "unknown command"
            assert list(srv.service.tables) == [1]
            await session(srv.port, "", b"you are olga", b"c", b"Table 1 is closed")
            assert srv.service.tables == {}

    asyncio.run(asyncio.wait_for(scenario(), 120))
