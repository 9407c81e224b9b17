"""Wrong passwords slow the guesser, never the player (maharaja_server/transport/backoff.py).

The delays are recorded instead of waited (the backoff's ``sleep``), so these tests
read what each answer would wait without waiting it."""

from __future__ import annotations

import asyncio
from pathlib import Path

import asyncssh
import pytest
from sshkit import config, running

from maharaja_server.transport.auth import Authenticator
from maharaja_server.transport.backoff import Backoff


class Delays:
    """The backoff's sleep: records each delay and lets other guesses run meanwhile."""

    def __init__(self) -> None:
        self.waited: list[float] = []

    async def __call__(self, seconds: float) -> None:
        self.waited.append(seconds)
        await asyncio.sleep(0.01)


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


async def ssh_login(port: int, name: str, password: str, address: str) -> bool:
    try:
        conn = await asyncssh.connect("127.0.0.1", port, username=name, password=password,
                                      known_hosts=None, client_keys=None, agent_path=None,
                                      local_addr=(address, 0))
    except asyncssh.PermissionDenied:
        return False
    conn.close()
    await conn.wait_closed()
    return True


def test_wrong_passwords_from_one_address_never_delay_bob_from_another(
        tmp_path: Path) -> None:
    """Seven wrong passwords for bob from one address made the next answer to bob wait
    30 s, the login timeout, from any address and for good."""
    async def scenario() -> None:
        async with running(config(tmp_path, user_passwords={"bob": "hunter2"}),
                           sessions=False) as srv:
            delays = srv.auth.backoff.sleep = Delays()
            for _ in range(7):
                assert not await ssh_login(srv.port, "bob", "guess", "127.0.0.2")
            assert await ssh_login(srv.port, "bob", "hunter2", "127.0.0.3")
            assert delays.waited[-1] == 0.0  # bob, from his own address: at once
            assert not await ssh_login(srv.port, "bob", "guess", "127.0.0.2")
            assert delays.waited[-1] == srv.auth.backoff.most  # the guesser: capped

    asyncio.run(asyncio.wait_for(scenario(), 60))


def test_failures_decay() -> None:
    clock = Clock()
    backoff = Backoff(now=clock, half_life=600.0)
    for _ in range(7):
        backoff.failed("bob", "10.0.0.9")
    assert backoff.delay("bob", "10.0.0.9") == backoff.most
    clock.t += 14 * 60  # 14 minutes later it was still 30 s
    assert 0 < backoff.delay("bob", "10.0.0.9") < backoff.most
    clock.t += 60 * 60
    assert backoff.delay("bob", "10.0.0.9") == 0.0


def test_parallel_guesses_of_one_name_wait_one_after_another(tmp_path: Path) -> None:
    """Seven guesses sent at once all waited the same 4.09 s: each now waits what the
    guesses before it earned."""
    async def scenario() -> None:
        async with running(config(tmp_path, user_passwords={"bob": "hunter2"}),
                           sessions=False) as srv:
            srv.auth.backoff.now = Clock()  # no decay between the guesses
            delays = srv.auth.backoff.sleep = Delays()
            results = await asyncio.gather(*(ssh_login(srv.port, "bob", f"guess{n}",
                                                       "127.0.0.2") for n in range(7)))
            assert results == [False] * 7
            assert sorted(delays.waited) == [0.0, 0.5, 1.0, 2.0, 4.0, 8.0, 10.0]

    asyncio.run(asyncio.wait_for(scenario(), 60))


def test_the_same_on_the_web_page(tmp_path: Path) -> None:
    """400 web guesses for alice were answered in 30.5 s and locked her out."""
    import aiohttp
    from test_web import basic

    async def scenario() -> None:
        async with running(config(tmp_path, web_port=0, user_passwords={"alice": "pw"}),
                           sessions=False) as srv:
            srv.auth.backoff.now = Clock()
            delays = srv.auth.backoff.sleep = Delays()
            url = srv.web.public_url + "/"
            async with aiohttp.ClientSession() as browser:
                async def guess(n: int) -> int:
                    async with browser.get(url, headers=basic("alice", f"g{n}")) as reply:
                        return reply.status

                assert await asyncio.gather(*(guess(n) for n in range(5))) == [401] * 5
                assert sorted(delays.waited) == [0.0, 0.5, 1.0, 2.0, 4.0]
            # Her own password from her own address: at once (the page is loopback, so
            # "another address" is the backoff's own key here).
            assert srv.auth.backoff.delay("alice", "192.0.2.7") == 0.0

    asyncio.run(asyncio.wait_for(scenario(), 60))


def test_a_flood_of_new_names_forgets_the_oldest_failures_not_the_flooders(
        tmp_path: Path) -> None:
    """10,200 wrong logins under new names once cleared the whole table, the flooder's
    own count with it: past its bound the table forgets its oldest failures only."""
    clock = Clock()
    auth = Authenticator(tmp_path, None, "shared")
    auth.backoff = Backoff(now=clock, entries=100)
    auth.backoff.sleep = Delays()
    for n in range(150):
        asyncio.run(auth.password_login(f"name{n}", "guess", "10.0.0.66"))
    assert len(auth.backoff) == 100
    assert auth.backoff.delay("anyone", "10.0.0.66") == auth.backoff.most
    assert auth.backoff.failures("name149", "10.0.0.66") == pytest.approx(150)


def test_a_web_guess_whose_browser_left_stops_waiting(tmp_path: Path) -> None:
    """A guess waiting out its delay went on waiting after its client had gone: a guesser
    could leave any number of them behind, each a handler held for nobody."""
    import aiohttp
    from test_web import basic

    async def scenario() -> None:
        async with running(config(tmp_path, web_port=0, user_passwords={"alice": "pw"}),
                           sessions=False) as srv:
            forever = asyncio.Event()

            async def hold(seconds: float) -> None:
                await forever.wait()

            srv.auth.backoff.sleep = hold
            url = srv.web.public_url + "/"
            async with aiohttp.ClientSession() as browser:
                guesses = [asyncio.ensure_future(browser.get(url, headers=basic("alice", "g")))
                           for _ in range(3)]
                while srv.auth.backoff.waiting < 3:
                    await asyncio.sleep(0.05)
                for guess in guesses:
                    guess.cancel()
                await asyncio.gather(*guesses, return_exceptions=True)
            while srv.auth.backoff.waiting:  # the test's own timeout says if never
                await asyncio.sleep(0.05)

    asyncio.run(asyncio.wait_for(scenario(), 30))
