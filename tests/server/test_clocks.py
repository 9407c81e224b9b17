"""Time controls, on a fake clock (no test sleeps): live and turn-based clocks, both
running at once for simultaneous decisions; a seat whose time runs out is played by a
computer of the table's level until its player is back, or the others vote; a restart
keeps every clock, and the table's info says who timed out."""

from __future__ import annotations

from pathlib import Path

import pytest
from fake_ruleset import RULESET

from engine.core.errors import IllegalIntent
from maharaja_server.transport.clocks import Clock, Mark
from maharaja_server.transport.ledger import Ledger
from maharaja_server.transport.online import Online
from maharaja_server.transport.protocol import SeatSpec, TimeControl
from maharaja_server.transport.records import Records
from maharaja_server.transport.tables import Identity, TableService

RULESETS = {RULESET.id: RULESET}
ALICE, BOB, CAROL = Identity("alice", "a"), Identity("bob", "b"), Identity("carol", "c")


class FakeTime:
    def __init__(self) -> None:
        self.t = 1_000_000.0

    def __call__(self) -> float:
        return self.t


def serve(root: Path, now: FakeTime) -> tuple[TableService, Online]:
    records = Records(root / "server.db")
    service = TableService(root / "tables", RULESETS, now=now, records=records)
    online = Online(service, Ledger(records))
    service.load_all()
    return service, online


def seated(service: TableService, players: list[Identity], **settings: object) -> int:
    table = service.create(players[0], RULESET.id, [SeatSpec()] * len(players), b"{}",
                           False, "Timed", **settings)  # type: ignore[arg-type]
    for who in players:
        service.join(who, table.id, None)
    return table.id


def plan(service: TableService, who: Identity, table: int, seat: int) -> None:
    service.play(who, table, seat, service.game(table).legal_intents(seat)[0])


def test_a_live_clock_runs_for_every_deciding_seat_and_a_computer_takes_a_timed_out_one(
        tmp_path: Path) -> None:
    now = FakeTime()
    service, online = serve(tmp_path, now)
    table = seated(service, [ALICE, BOB], clock=TimeControl("live", base=60, increment=5),
                   level="hard")
    clocks = online.clocks
    now.t += 10
    plan(service, ALICE, table, 0)  # 10 s spent, 5 s back: 55 left
    info = service.info(service.get(table))
    assert [round(c.left) for c in info.clocks] == [55, 50]
    assert not info.clocks[0].running and info.clocks[1].running  # bob's went on meanwhile
    assert info.clocks[1].deadline == pytest.approx(now.t + 50)
    now.t += 49
    assert clocks.check() == []
    now.t += 2
    assert clocks.check() == [(table, 1)]
    info = service.info(service.get(table))
    assert info.timed_out == [1] and info.clocks[1].out
    local = service.local(table)
    assert local.level(1) == "hard"  # the table's level plays for bob
    assert local.run_computers(limit=1) == 1  # ... and does: the round is played out
    assert service.game(table).state.round == 2
    assert service.info(service.get(table)).to_move == [0, 1]
    assert [c.running for c in service.info(service.get(table)).clocks] == [True, False]
    # Bob is back: his seat is his again, with a minute on his clock.
    service.attach(table, 1)
    assert local.level(1) is None
    info = service.info(service.get(table))
    assert info.clocks[1].running and round(info.clocks[1].left) == 60
    assert info.timed_out == [1]  # said for good: the final table names him
    service.records.close()


def test_a_turn_based_clock_gives_each_decision_its_time_then_draws_on_the_bank() -> None:
    clock = Clock(TimeControl("turn", base=3600, bank=7200), 2)
    clock.apply(Mark(0.0, 1, [0, 1]))
    assert clock.deadline(0) == 3600 + 7200
    clock.apply(Mark(3000.0, 2, [1]))  # seat 0 decided within its hour: bank untouched
    assert clock.left[0] == 7200
    clock.apply(Mark(5400.0, 3, [0]))  # seat 1 took 1.5 h: half an hour from its bank
    assert clock.left[1] == 7200 - 1800
    assert clock.deadline(0) == 5400 + 3600 + 7200
    assert clock.overdue(5400 + 3600 + 7200) == [0]


def test_a_restart_keeps_every_clock(tmp_path: Path) -> None:
    now = FakeTime()
    service, online = serve(tmp_path, now)
    table = seated(service, [ALICE, BOB, CAROL],
                   clock=TimeControl("turn", base=3600, bank=7200))
    now.t += 4000  # all three plan at once: 400 s of each one's bank so far
    plan(service, ALICE, table, 0)
    now.t += 100
    plan(service, BOB, table, 1)
    before = online.clocks.clock(service.get(table))
    lefts, used, last = list(before.left), list(before.used), before.at
    carol_due = before.deadline(2)
    assert lefts == [6800, 6700, 6700] and used == [0, 0, 4100]
    service.records.flush()
    service.records.close()
    now.t += 86400  # the server was down a day: charged to nobody
    service, online = serve(tmp_path, now)
    after = online.clocks.clock(service.get(table))
    assert after.left == lefts and after.used == used
    assert carol_due is not None and last is not None
    assert after.deadline(2) == pytest.approx(now.t + (carol_due - last))
    assert online.clocks.check() == []
    now.t += carol_due - last + 1
    assert online.clocks.check() == [(table, 2)]
    service.records.flush()
    service.records.close()
    # Her timeout is kept too: after another restart a computer still plays her seat.
    service, online = serve(tmp_path, now)
    assert service.info(service.get(table)).timed_out == [2]
    assert service.local(table).level(2) == "medium"
    service.records.close()


def test_the_others_vote_to_skip_a_timed_out_seat_or_end_the_game(tmp_path: Path) -> None:
    now = FakeTime()
    service, online = serve(tmp_path, now)
    table = seated(service, [ALICE, BOB, CAROL], clock=TimeControl("live", base=60),
                   on_timeout="vote")
    plan(service, ALICE, table, 0)
    plan(service, BOB, table, 1)
    now.t += 61
    assert online.clocks.check() == [(table, 2)]
    info = service.info(service.get(table))
    assert info.vote is not None and info.vote.seat == 2 and info.vote.voters == [0, 1]
    assert service.local(table).level(2) is None  # nobody plays carol's seat meanwhile
    with pytest.raises(IllegalIntent, match="only the other players"):
        online.clocks.vote(service.get(table), 2, "skip")
    online.clocks.vote(service.get(table), 0, "skip")
    assert service.info(service.get(table)).vote.skip == [0]  # type: ignore[union-attr]
    online.clocks.vote(service.get(table), 1, "skip")  # a majority: skipped
    assert service.info(service.get(table)).vote is None
    assert service.local(table).level(2) == "easy"
    # At another table the others end the game: it is over, not rated, and says why.
    other = seated(service, [ALICE, BOB], clock=TimeControl("live", base=60),
                   on_timeout="vote")
    plan(service, ALICE, other, 0)
    now.t += 61
    assert online.clocks.check() == [(other, 1)]
    online.clocks.vote(service.get(other), 0, "end")  # alice alone is the majority
    info = service.info(service.get(other))
    assert info.over and info.ended == "ended by vote after bob's time ran out"
    assert info.timed_out == [1]
    with pytest.raises(IllegalIntent, match="SRV-ENDED"):
        plan(service, BOB, other, 1)
    service.records.close()


def test_a_table_without_a_clock_still_says_how_long_a_decision_has_waited(
        tmp_path: Path) -> None:
    now = FakeTime()
    service, _ = serve(tmp_path, now)
    start = now.t
    table = seated(service, [ALICE, BOB])
    info = service.info(service.get(table))
    assert info.since == [start, start] and all(c.deadline is None for c in info.clocks)
    service.records.close()


def test_a_clock_setting_that_makes_no_sense_is_refused(tmp_path: Path) -> None:
    service, _ = serve(tmp_path, FakeTime())
    for clock, rule in ((TimeControl("blitz", base=60), "SRV-CLOCK"),
                        (TimeControl("live", base=1), "SRV-CLOCK"),
                        (TimeControl("turn", base=-5), "SRV-CLOCK")):
        with pytest.raises(IllegalIntent, match=rule):
            service.create(ALICE, RULESET.id, [SeatSpec(), SeatSpec()], b"{}", False, "x",
                           clock=clock)
    with pytest.raises(IllegalIntent, match="SRV-RATED"):
        service.create(ALICE, RULESET.id, [SeatSpec(), SeatSpec("computer")], b"{}", False,
                       "x", rated=True)
    service.records.close()


def test_every_seat_and_a_spectator_see_the_clocks_of_the_seats_deciding(
        tmp_path: Path) -> None:
    import asyncio

    from sshkit import config, connect, running

    async def scenario() -> None:
        async with running(config(tmp_path)) as srv:
            table = srv.service.create(ALICE, RULESET.id, [SeatSpec(), SeatSpec()], b"{}",
                                       False, "Timed",
                                       clock=TimeControl("live", base=600, increment=5))
            alice = await connect(srv.port, "alice", command=f"join {table.id}")
            bob = await connect(srv.port, "bob", command=f"join {table.id}")
            carol = await connect(srv.port, "carol", command=f"watch {table.id}")
            for term in (alice, bob, carol):
                # Seats go to whoever's join lands first, so either order is right.
                await term.wait_screen(r"(alice [89]:\d\d · bob [89]:\d\d"
                                       r"|bob [89]:\d\d · alice [89]:\d\d)")
            for term in (alice, bob, carol):
                await term.close()

    asyncio.run(asyncio.wait_for(scenario(), 80))
