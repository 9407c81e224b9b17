"""Maharadjah at an SSH table: a decision that is not the active nation's (the
defender's retreat, W-RET-1) goes over the socket to the seat of the defending
nation's player, and only there."""

from __future__ import annotations

import asyncio
import random
import threading
from pathlib import Path

from engine import rulesets
from engine.core.autoplay import random_intent
from engine.maharadjah import intents as I
from engine.maharadjah.state import RETREAT_DEF
from maharaja_server.session_ui.remote import Connection, RemoteTable
from maharaja_server.transport.hub import Hub
from maharaja_server.transport.protocol import SeatSpec
from maharaja_server.transport.tables import Identity, TableService


def test_the_defender_s_player_is_asked_over_the_socket(tmp_path: Path) -> None:
    known = dict(rulesets())
    loop = asyncio.new_event_loop()
    service = TableService(tmp_path / "tables", known)
    hub = Hub(service, tmp_path / "hub.sock")
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    asyncio.run_coroutine_threadsafe(hub.start(), loop).result(5)
    try:
        conns = [Connection(str(hub.path), hub.issue_token(Identity(f"p{i}", f"k{i}")),
                            timeout=5) for i in range(4)]
        table_id = conns[0].create("maharadjah", [SeatSpec()] * 4)
        for i, conn in enumerate(conns):
            assert conn.join(table_id) == i
        remotes = [RemoteTable(conn, table_id, known) for conn in conns]
        game = service.game(table_id)
        rng = random.Random(3)
        for _ in range(400):
            state = game.state
            if state.battle is not None and state.battle.stage == RETREAT_DEF:
                break
            seat, intent = random_intent(game, rng)
            remotes[seat].play(seat, intent)
        state = game.state
        assert state.battle is not None and state.battle.stage == RETREAT_DEF
        for remote in remotes:  # reads answer from the last pushed change: a round
            remote.refresh_info()  # trip makes sure every earlier push has arrived
        defender = state.control[state.battle.defender]
        attacker = state.control[state.active]
        assert defender != attacker
        assert remotes[attacker].to_move() == (defender,)
        assert remotes[attacker].legal_intents(attacker) == []
        asked = remotes[defender].legal_intents(defender)
        assert I.Stand() in asked
        steps = len(game.steps)
        remotes[defender].play(defender, I.Stand())
        assert len(game.steps) == steps + 1 and game.steps[-1].seat == defender
        for conn in conns:
            conn.close()
    finally:
        asyncio.run_coroutine_threadsafe(hub.close(), loop).result(5)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(5)
