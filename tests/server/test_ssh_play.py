"""Real SSH sessions on loopback: lobby, play, privacy, spectators, reconnect, restart."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import asyncssh
import pytest
from sshkit import ENTER, ESC, config, connect, key_for, running

from maharaja_server.transport.server import GameServer


def run(coro) -> None:
    asyncio.run(asyncio.wait_for(coro, 80))


async def until(predicate, timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError("condition not reached in time")
        await asyncio.sleep(0.05)


def secrets_of(server: GameServer, table: int, seat: int) -> list[str]:
    """Everything of ``seat`` no one else may see right now: hand cards and PP."""
    state = server.service.tables[table].game.state
    return [*state.hands[seat], str(state.pp[seat])]


def test_two_players_plan_a_round_and_see_only_their_own_secrets(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(config(tmp_path, sessions_per_process=2)) as srv:
            alice = await connect(srv.port, "alice")
            await alice.wait_for(r"you are alice")
            await alice.press("n")
            # The dialog's title: "New table" alone is the lobby footer's n key, there
            # from the start, and an Enter sent before the dialog opened was lost.
            await alice.wait_for(r"Enter in any field creates it")
            # Ticked or not reads without colour: the handover box on, the hints box off.
            await alice.wait_screen(r"✓▌ A computer takes over")
            await alice.wait_screen(r"▐ ▌ Players may ask")
            await alice.press(ENTER)  # 2 players, the default game: create and sit down
            await alice.wait_for(r"every seat is taken")
            bob = await connect(srv.port, "bob")
            await bob.wait_for(r"alice, free")
            await bob.press("j")
            await bob.wait_for(r"seat 2 \(bob\) · step 1 · YOUR MOVE")
            await alice.wait_for(r"seat 1 \(alice\) · step 1 · YOUR MOVE")
            carol = await connect(srv.port, "carol", command="watch 1")
            await carol.wait_for(r"spectator · step 1")
            # Two of the three sessions share a host process (host.py): each
            # still sees only what its own seat may; the checks below hold there too.
            assert len({child.pid for child in srv.sessions.children}) == 2
            assert len(srv.sessions.children) == 3

            game = srv.service.tables[1].game
            round1 = {0: secrets_of(srv, 1, 0), 1: secrets_of(srv, 1, 1)}
            # The check can fail: each player's own terminal does show their secrets.
            for secret in round1[0]:
                await alice.wait_for(secret)
            for secret in round1[1]:
                await bob.wait_for(secret)

            mark = bob.mark()
            await alice.press(ENTER)  # plans the highlighted (first) card of her hand
            await until(lambda: game.state.plans[0] is not None)
            alice_plan = game.state.plans[0]
            await bob.wait_for(r"seat 0 planned \?", since=mark)
            await carol.wait_for(r"seat 0 planned \?")
            await alice.wait_for(rf"seat 0 planned {alice_plan}")
            before_reveal = bob.text()
            assert alice_plan not in before_reveal

            await bob.press(ENTER)
            await until(lambda: game.state.round == 2)
            bob_plan = game.state.revealed[0][1]
            for term in (alice, bob, carol):
                await term.wait_for(rf"Revealed {alice_plan} {bob_plan}")
                await term.wait_for(r"step 3")
            round2 = {0: secrets_of(srv, 1, 0), 1: secrets_of(srv, 1, 1)}

            never = {
                "bob": [s for s in round1[0] + round2[0] if s != alice_plan],
                "alice": [s for s in round1[1] + round2[1] if s != bob_plan],
            }
            never["carol"] = never["bob"] + never["alice"]
            for name, term in (("alice", alice), ("bob", bob), ("carol", carol)):
                raw = bytes(term.raw)
                plain = term.text()
                for secret in never[name]:
                    assert secret.encode() not in raw, (name, secret)
                    assert secret not in plain, (name, secret)
            for term in (alice, bob, carol):
                await term.close()

    run(scenario())


def test_reconnect_resumes_the_seat_and_a_different_key_cannot_take_it(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(config(tmp_path)) as srv:
            alice = await connect(srv.port, "alice", command="new test-secrets 2")
            await alice.wait_for(r"every seat is taken")
            bob = await connect(srv.port, "bob", command="join 1")
            await alice.wait_for(r"step 1 · YOUR MOVE")
            await alice.press(ENTER)
            game = srv.service.tables[1].game
            await until(lambda: game.state.plans[0] is not None)
            plan = game.state.plans[0]
            await alice.close()
            await until(lambda: srv.service.tables[1].presence.get(0) == 0)

            with pytest.raises(asyncssh.PermissionDenied):
                await connect(srv.port, "alice", key=asyncssh.generate_private_key("ssh-ed25519"))

            again = await connect(srv.port, "alice", key=key_for("alice"))
            await again.wait_for(r"playing \(step 2\) .*alice \(away\), bob")  # the lobby
            await again.press("j")
            await again.wait_for(r"seat 1 \(alice\) · step 2 · waiting for bob")
            await again.wait_for(plan)  # her own planned card, as she left it
            await bob.press(ENTER)
            await again.wait_for(r"step 3 · YOUR MOVE")
            await again.close()
            await bob.close()

    run(scenario())


def test_a_restarted_server_resumes_the_table(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(config(tmp_path)) as srv:
            alice = await connect(srv.port, "alice", command="new test-secrets 2")
            await alice.wait_for(r"every seat is taken")
            bob = await connect(srv.port, "bob", command="join 1")
            await alice.wait_for(r"YOUR MOVE")
            await alice.press(ENTER)
            await until(lambda: srv.service.tables[1].game.state.plans[0] is not None)
            before = srv.service.tables[1].game.state
            for term in (alice, bob):
                await term.close()
        async with running(config(tmp_path)) as srv:
            table = srv.service.tables[1]
            assert table.game.state == before
            bob = await connect(srv.port, "bob", command="join 1")
            await bob.wait_for(r"seat 2 \(bob\) · step 2 · YOUR MOVE")
            await bob.press(ENTER)
            await until(lambda: table.game.state.round == 2)
            alice = await connect(srv.port, "alice", command="join 1")
            await alice.wait_for(r"seat 1 \(alice\) · step 3 · YOUR MOVE")
            for term in (alice, bob):
                await term.close()

    run(scenario())


def test_a_connection_without_terminal_is_told_to_use_ssh_t(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(config(tmp_path), sessions=False) as srv:
            term = await connect(srv.port, "dora", term=None)
            await term.wait_for(r"ssh -t")
            await asyncio.wait_for(term.process.wait_closed(), 10)
            assert term.process.exit_status == 1
            assert srv.counter.active == 0
            await term.close()

    run(scenario())


def test_abandoned_seat_is_handed_to_a_computer_and_given_back(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(config(tmp_path, handover_after=0.3)) as srv:
            alice = await connect(srv.port, "alice", command="new test-secrets 2")
            await alice.wait_for(r"every seat is taken")
            bob = await connect(srv.port, "bob", command="join 1")
            await bob.wait_for(r"YOUR MOVE")
            await bob.close()
            table = srv.service.tables[1]
            await until(lambda: table.meta.slots[1].handed)
            await alice.press(ENTER)
            await until(lambda: table.game.state.round == 2)  # the computer planned for bob
            await until(lambda: table.game.state.plans[1] is not None)  # and again in round 2
            await alice.wait_for(r"step 4 · YOUR MOVE")
            bob = await connect(srv.port, "bob", command="join 1")
            await bob.wait_for(r"seat 2 \(bob\) · step 4 · waiting for alice")
            assert not table.meta.slots[1].handed
            await alice.press(ENTER)
            await bob.wait_for(r"seat 2 \(bob\) · step 5 · YOUR MOVE")
            await asyncio.sleep(0.3)
            assert table.game.state.plans[1] is None  # bob plays for himself again
            for term in (alice, bob):
                await term.close()

    run(scenario())


def test_resize_and_colour_depth_follow_the_client(tmp_path: Path) -> None:
    async def scenario() -> None:
        # Sessions share host processes (host.py) of one colour depth only: Rich keeps
        # a style's escape codes on the style, shared by a host's apps. A session's size
        # is its own.
        async with running(config(tmp_path, sessions_per_process=2)) as srv:
            rich = await connect(srv.port, "alice", size=(100, 30))
            await rich.wait_for(r"you are")
            other = await connect(srv.port, "carol", size=(100, 30))
            await other.wait_for(r"you are")
            rich_hosts = {c.pid for c in srv.sessions.children}
            plain = await connect(srv.port, "bob", term="xterm", size=(100, 30))
            await plain.wait_for(r"you are")
            (plain_host,) = {c.pid for c in srv.sessions.children} - rich_hosts
            third = await connect(srv.port, "dave", size=(100, 30))  # shares a rich host
            await third.wait_for(r"you are")
            assert {c.pid for c in srv.sessions.children} == rich_hosts | {plain_host}
            await asyncio.sleep(0.5)
            for term in (rich, other, third):
                assert b"38;5;" in term.raw or b"38;2;" in term.raw
            assert b"38;5;" not in plain.raw and b"38;2;" not in plain.raw
            mark = rich.mark()
            rich.resize(64, 20)
            # Textual redraws for the new size: below 80×24 the app says the size it
            # needs (every screen works at 80x24)
            await rich.wait_for(r"This terminal is 64.20", since=mark)
            assert "\x1b[20;" in rich.text(mark) or b"\x1b[20;" in bytes(rich.raw[mark:])
            assert b"\x1b[30;" not in bytes(rich.raw[mark:])
            await rich.press(ESC)
            for term in (other, plain, third):  # theirs unchanged
                assert "This terminal is" not in term.text()
            for term in (rich, other, plain, third):
                await term.close()

    run(scenario())


def test_at_80_columns_the_lobby_shows_each_tables_status_before_its_seats(
        tmp_path: Path) -> None:
    from maharaja_server.transport.protocol import SeatSpec
    from maharaja_server.transport.tables import Identity

    async def scenario() -> None:
        async with running(config(tmp_path)) as srv:
            srv.service.create(Identity("a_rather_long_player_name", "k"), "maharaja-2020",
                               [SeatSpec() for _ in range(4)], b"{}", False, "Evening game")
            carol = await connect(srv.port, "carol", size=(80, 24))
            found = await carol.wait_screen(r"(?m)^ *1 +Maharaja.*$")
            assert "waiting for players" in found[0]  # on the table's own row, not cut off
            await carol.close()

    run(scenario())


def test_a_tables_variants_are_read_before_taking_a_seat(tmp_path: Path) -> None:
    """A Maharaja table's special-rule and final-scoring tiles (MJ-VAR-R1, MJ-VAR-F1)
    change the rules all game: a player reads them in the lobby (under the list, for the
    highlighted table) and in the waiting room, before the game starts."""
    from maharaja_server.transport.protocol import SeatSpec
    from maharaja_server.transport.tables import Identity

    async def scenario() -> None:
        async with running(config(tmp_path)) as srv:
            srv.service.create(Identity("alice", "k"), "maharaja-2020",
                               [SeatSpec() for _ in range(3)],
                               b'{"special_rules": ["R2"], "final_scoring": "F2"}', False,
                               "Tiles")
            srv.service.create(Identity("alice", "k"), "maharaja-2020",
                               [SeatSpec() for _ in range(2)], b"{}", False, "Plain")
            carol = await connect(srv.port, "carol", size=(80, 24))
            await carol.wait_screen(
                r"Table 1 · Maharaja \(2020\): special-rule tile R2; final-scoring tile F2")
            await carol.press("\x1b[B")  # down: the plain table
            await carol.wait_screen(r"Table 2 · Maharaja \(2020\): the standard game")
            await carol.press("\x1b[A")
            await carol.press("j")
            await carol.wait_screen(r"Variants: special-rule tile R2; final-scoring tile F2\.")
            await carol.close()

    run(scenario())
