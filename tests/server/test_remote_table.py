"""RemoteTable against the real table service and hub socket (no SSH, no UI)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from fake_ruleset import HIDDEN, RULESET, Dealt, Plan

from engine.core.errors import IllegalIntent
from maharaja_server.session_ui.remote import Connection, RemoteTable
from maharaja_server.transport import protocol as p
from maharaja_server.transport.hub import Hub
from maharaja_server.transport.protocol import SeatSpec
from maharaja_server.transport.tables import Identity, TableService

RULESETS = {RULESET.id: RULESET}


@pytest.fixture
def hub(tmp_path: Path) -> Iterator[Hub]:
    loop = asyncio.new_event_loop()
    service = TableService(tmp_path / "tables", RULESETS, bot_delay=0.01)
    hub = Hub(service, tmp_path / "hub.sock")
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    asyncio.run_coroutine_threadsafe(hub.start(), loop).result(5)
    yield hub
    asyncio.run_coroutine_threadsafe(hub.close(), loop).result(5)
    loop.call_soon_threadsafe(loop.stop)
    thread.join(5)


def connect(hub: Hub, name: str) -> Connection:
    return Connection(str(hub.path), hub.issue_token(Identity(name, "key-" + name)), timeout=5)


def test_remote_table_mirrors_local_table_and_keeps_secrets(hub: Hub) -> None:
    alice, bob = connect(hub, "alice"), connect(hub, "bob")
    table_id = alice.create(RULESET.id, [SeatSpec(), SeatSpec()])
    assert alice.join(table_id) == 0
    assert bob.join(table_id) == 1
    a = RemoteTable(alice, table_id, RULESETS)
    b = RemoteTable(bob, table_id, RULESETS)
    changed = threading.Event()
    b.subscribe(changed.set)

    assert [s.name for s in a.seats] == ["alice", "bob"]
    assert a.to_move() == (0, 1)
    mine = a.view(0)
    assert isinstance(mine, RULESET.State)
    assert HIDDEN not in mine.hands[0] and mine.hands[1] == [HIDDEN] * 3
    assert a.legal_intents(0) == [Plan(c) for c in mine.hands[0]]

    with pytest.raises(IllegalIntent) as refused:
        a.play(0, Plan("nope"))
    local = hub.service.game(table_id)
    with pytest.raises(IllegalIntent) as direct:
        RULESET.decide(local.state, 0, Plan("nope"))
    assert (refused.value.rule, str(refused.value)) == (direct.value.rule, str(direct.value))

    with pytest.raises(IllegalIntent) as other:
        a.view(1)  # a session may only read its own seat
    assert other.value.rule == "SRV-SEAT"
    with pytest.raises(IllegalIntent):
        a.play(1, Plan(mine.hands[0][0]))
    with pytest.raises(IllegalIntent) as undo:
        a.undo(0)
    assert undo.value.rule == "CORE-UNDO-1"  # the table's own policy: nothing to take back
    with pytest.raises(IllegalIntent) as other_seat:
        a.undo(1)
    assert other_seat.value.rule == "SRV-SEAT"

    a.play(0, Plan(mine.hands[0][0]))
    assert changed.wait(5)
    assert b.log(1)[-1] == (("seat 0", "seat:0"), (" planned ?", ""))
    events = b.play(1, b.legal_intents(1)[0])
    dealt = [e for e in events if isinstance(e, Dealt)][0]
    assert dealt.hands[0] == [HIDDEN] * 3 and HIDDEN not in dealt.hands[1]
    assert dealt.pp[0] == 0 and dealt.pp[1] == local.state.pp[1]
    assert b.view(None).hands[1] == [HIDDEN] * 3  # spectator view
    alice.close()
    bob.close()


def wait_for(done, timeout: float = 5.0) -> None:  # noqa: ANN001
    import time

    end = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.01)


def test_undo_by_agreement_over_remote_tables(hub: Hub) -> None:
    alice, bob = connect(hub, "alice"), connect(hub, "bob")
    table_id = alice.create(RULESET.id, [SeatSpec(), SeatSpec(), SeatSpec("computer")])
    alice.join(table_id)
    bob.join(table_id)
    a = RemoteTable(alice, table_id, RULESETS)
    b = RemoteTable(bob, table_id, RULESETS)
    game = hub.service.game(table_id)
    a.play(0, a.legal_intents(0)[0])
    b.play(1, b.legal_intents(1)[0])
    # The computer planned in round 1 and again, at once, in round 2.
    wait_for(lambda: game.state.round == 2 and game.state.plans[2] is not None)
    steps = list(game.steps)

    request = a.undo(0)  # takes back bob's plan too: he must agree
    assert request is not None and request.by == 0 and request.others == {1}
    assert game.steps == steps
    wait_for(lambda: b.pending_undo == request)
    with pytest.raises(IllegalIntent) as not_his:
        b.answer_undo(0, True)
    assert not_his.value.rule == "SRV-SEAT"
    b.answer_undo(1, False)
    wait_for(lambda: a.pending_undo is None)
    assert game.steps == steps

    a.undo(0)
    wait_for(lambda: b.pending_undo is not None)
    b.answer_undo(1, True)
    wait_for(lambda: len(game.steps) < len(steps))
    # The computer's plan was taken back too when it came after alice's; it waits while
    # alice may redo, so the people's seats are to move either way.
    assert game.state.round == 1 and {0, 1} <= set(a.to_move())
    a.redo(0)
    b.redo(1)
    wait_for(lambda: game.steps == steps)  # the computer's plan came back with bob's
    alice.close()
    bob.close()


def test_unknown_token_is_refused(hub: Hub) -> None:
    with pytest.raises(ConnectionError):
        Connection(str(hub.path), "forged", timeout=2)


def test_computer_seat_plays_by_itself(hub: Hub) -> None:
    alice = connect(hub, "alice")
    table_id = alice.create(RULESET.id, [SeatSpec(), SeatSpec("computer")])
    alice.join(table_id)
    a = RemoteTable(alice, table_id, RULESETS)
    changed = threading.Event()
    a.subscribe(changed.set)
    for _ in range(50):  # the computer moves after bot_delay, by itself
        if a.view(0).plans[1] is not None:
            break
        changed.wait(0.1)
    assert a.view(0).plans[1] == HIDDEN
    a.play(0, a.legal_intents(0)[0])
    assert a.view(0).round == 2
    alice.close()


def registry_rulesets() -> dict:
    from engine.registry import rulesets

    return dict(rulesets())


@pytest.mark.parametrize("ruleset_id", sorted(registry_rulesets()))
def test_remote_table_carries_exactly_each_seats_view_for_every_hosted_game(
        tmp_path: Path, ruleset_id: str) -> None:
    """Over the socket a seat gets precisely the ruleset's own view of it, and nothing more."""
    import random

    import msgspec

    rulesets = registry_rulesets()
    rules = rulesets[ruleset_id]
    loop = asyncio.new_event_loop()
    service = TableService(tmp_path / "tables", rulesets)
    server_hub = Hub(service, tmp_path / "hub.sock")
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    asyncio.run_coroutine_threadsafe(server_hub.start(), loop).result(5)
    try:
        seats = max(2, rules.min_seats)
        conns = [connect(server_hub, f"p{i}") for i in range(seats)]
        table_id = conns[0].create(ruleset_id, [SeatSpec()] * seats)
        for i, conn in enumerate(conns):
            assert conn.join(table_id) == i
        remotes = [RemoteTable(conn, table_id, rulesets) for conn in conns]
        game = service.game(table_id)
        rng = random.Random(7)
        enc = msgspec.msgpack.encode
        for _ in range(40):
            for remote in remotes:  # reads answer from the last pushed change: a round
                remote.refresh_info()  # trip makes sure every earlier push has arrived
            to_move = remotes[0].to_move()
            assert to_move == game.to_move()
            if not to_move:
                break
            for seat, remote in enumerate(remotes):
                assert enc(remote.view(seat)) == enc(game.view(seat))
                assert remote.log(seat) == game.descriptions(seat)
            assert enc(remotes[0].view(None)) == enc(game.view(None))
            seat = rng.choice(to_move)
            legal = remotes[seat].legal_intents(seat)
            assert enc(legal) == enc(game.legal_intents(seat))
            before = len(game.steps)
            events = remotes[seat].play(seat, rng.choice(legal))
            produced = [e for step in game.steps[before:] for e in step.events]
            assert enc(events) == enc([rules.redact(e, seat) for e in produced])
        for conn in conns:
            conn.close()
    finally:
        asyncio.run_coroutine_threadsafe(server_hub.close(), loop).result(5)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(5)


def test_after_a_restart_absent_players_are_handed_over_and_computers_play_on(
        tmp_path: Path) -> None:
    alice, bob = Identity("alice", "k1"), Identity("bob", "k2")
    first = TableService(tmp_path, RULESETS)
    table = first.create(alice, RULESET.id, [SeatSpec(), SeatSpec()], b"{}", True, "")
    first.join(alice, table.id, None)
    first.join(bob, table.id, None)
    first.play(alice, table.id, 0, first.game(table.id).legal_intents(0)[0])
    first.records.flush()  # as a server's close does: queued saves land before a restart

    async def resumed() -> TableService:
        again = TableService(tmp_path, RULESETS, handover_after=0.1, bot_delay=0.01)
        again.load_all()
        for _ in range(100):
            if again.game(table.id).is_over():
                break
            await asyncio.sleep(0.05)
        return again

    again = asyncio.run(resumed())
    game = again.game(table.id)
    assert game.is_over()
    assert game.steps[:2] == first.game(table.id).steps[:2]  # the recorded plan survived
    assert all(slot.handed for slot in again.tables[table.id].meta.slots)


def test_computer_players_from_engine_bots_play_a_registry_game(tmp_path: Path) -> None:
    rulesets = registry_rulesets()
    rules = rulesets["maharaja-2020"]
    seats = [SeatSpec("computer", "easy")] * rules.min_seats if rules.min_seats > 1 else \
        [SeatSpec("computer", "easy")] * 2

    async def scenario() -> int:
        service = TableService(tmp_path, rulesets, bot_delay=0.0)
        table = service.create(Identity("host"), rules.id, seats, b"{}", False, "bots")
        start = len(table.game.steps)
        for _ in range(200):
            await asyncio.sleep(0.02)
            if len(table.game.steps) >= start + 6:
                break
        return len(table.game.steps) - start

    assert asyncio.run(scenario()) >= 6


def test_hints_are_off_at_an_ssh_table_unless_its_creator_allows_them(hub: Hub) -> None:
    """A table option, off by default; the game screen offers `h` only
    where the table's ``hints`` says yes."""
    alice = connect(hub, "alice")
    plain = alice.create(RULESET.id, [SeatSpec(), SeatSpec()])
    coached = alice.create(RULESET.id, [SeatSpec(), SeatSpec()], hints=True)
    assert RemoteTable(alice, plain, RULESETS).hints is False
    assert RemoteTable(alice, coached, RULESETS).hints is True
    assert hub.service.tables[coached].meta.hints is True


def test_connections_make_no_decoder_of_their_own(hub: Hub,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A session host opens its sessions' connections in threads, and msgspec builds a
    struct's type information on its first decoder without a lock: two connections
    making their own decoder at once crashed a host (SIGSEGV, its sessions lost, issue
    15's 128-session step). The replies' decoder is made once, at import."""
    made: list[object] = []
    real = msgspec.msgpack.Decoder

    def counted(*args: Any, **kwargs: Any) -> msgspec.msgpack.Decoder:
        if args[:1] == (p.AnyReply,):  # the hub's own (of requests) runs on its one loop
            made.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(msgspec.msgpack, "Decoder", counted)
    threads = [threading.Thread(target=lambda n=n: connect(hub, f"p{n}").close())
               for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert made == []
    assert connect(hub, "last").user == "last"  # the shared decoder reads the welcome


def test_remote_table_has_every_member_of_the_table_protocol(hub: Hub) -> None:
    """The game screen takes an ``engine.core.table.Table``; the server hands it a
    RemoteTable (typed loosely on its way), so its members are checked here."""
    from engine.core.table import Table

    alice = connect(hub, "alice")
    table_id = alice.create(RULESET.id, [SeatSpec(), SeatSpec()])
    alice.join(table_id)
    remote = RemoteTable(alice, table_id, RULESETS)
    members = [name for name in vars(Table) if not name.startswith("_")]
    assert {"view", "play", "undo", "pending_undo", "hints", "seats"} <= set(members)
    assert [name for name in members if not hasattr(remote, name)] == []


def test_a_refusal_over_the_wire_keeps_its_kind(hub: Hub) -> None:
    """The game screen branches on the refusal's kind (nothing to take back is a notice,
    not a refusal line): a remote table raises the kind the table service raised."""
    from engine.core.errors import NothingToUndo

    alice = connect(hub, "alice")
    table_id = alice.create(RULESET.id, [SeatSpec(), SeatSpec("computer"), SeatSpec("computer")])
    alice.join(table_id)
    a = RemoteTable(alice, table_id, RULESETS)
    with pytest.raises(NothingToUndo) as nothing:
        a.undo(0)
    assert nothing.value.rule == "CORE-UNDO-1"
    alice.close()
