"""Your move, wherever you are: each player's waiting decisions, pushed to their sessions.

A player connected anywhere on the server (the lobby, another table, the web page)
gets the list of their decisions waiting at any table (``protocol.Turns``) whenever it
changes: the lobby lists those tables first with how long each has waited, and a
decision that has just come up rings the bell, sets the terminal's title and shows a
line (the session does that). It is also posted to their webhook, if they set one.
Only a seat's own player is told: the notices go to the sessions of the identity that
sits there, nobody else's.
"""

from __future__ import annotations

from maharaja_server.transport import protocol as p
from maharaja_server.transport.clocks import Timekeeper
from maharaja_server.transport.hub import Hub
from maharaja_server.transport.tables import Identity, Table, TableService
from maharaja_server.transport.webhooks import Webhooks, when

Key = tuple[int, int]  # (table, seat)


class Notices:
    def __init__(self, service: TableService, clocks: Timekeeper, hub: Hub,
                 webhooks: Webhooks | None = None) -> None:
        self.service = service
        self.clocks = clocks
        self.hub = hub
        self.webhooks = webhooks
        self.waiting: dict[str, dict[Key, p.Turn]] = {}  # owner -> their waiting decisions
        service.on_change.append(self._changed)
        service.on_remove.append(self._removed)
        service.on_host.append(lambda table: self._changed(table.id, 0))
        hub.on_hello.append(self._hello)

    def turns(self, owner: str) -> list[p.Turn]:
        """The owner's waiting decisions, the longest waiting first."""
        return sorted(self.waiting.get(owner, {}).values(), key=lambda t: (t.since, t.table))

    def _now_waiting(self, table: Table) -> dict[str, dict[Key, p.Turn]]:
        local = table.local
        found: dict[str, dict[Key, p.Turn]] = {}
        if local is None:
            return found
        clock = self.clocks.clock(table)
        for seat in sorted(clock.deciding):
            slot = table.meta.slots[seat]
            if slot.owner is None or slot.handed or local.level(seat) is not None:
                continue
            turn = p.Turn(table.id, table.meta.title, table.rules.name, seat,
                          clock.since[seat], clock.deadline(seat))
            found.setdefault(slot.owner, {})[table.id, seat] = turn
        return found

    def _changed(self, table_id: int, version: int) -> None:
        table = self.service.tables.get(table_id)
        if table is None:
            return
        now = self._now_waiting(table)
        owners = {o for o, turns in self.waiting.items() if any(k[0] == table_id for k in turns)}
        for owner in owners | set(now):
            before = self.waiting.get(owner, {})
            mine = {k: t for k, t in before.items() if k[0] != table_id} | now.get(owner, {})
            if mine == before:
                continue
            if mine:
                self.waiting[owner] = mine
            else:
                self.waiting.pop(owner, None)
            self._push(owner)
            for key, turn in mine.items():
                old = before.get(key)
                if old is None or old.since != turn.since:
                    self._post(owner, table, turn)

    def _removed(self, table_id: int) -> None:
        for owner in [o for o, turns in self.waiting.items()
                      if any(k[0] == table_id for k in turns)]:
            self.waiting[owner] = {k: t for k, t in self.waiting[owner].items()
                                   if k[0] != table_id}
            if not self.waiting[owner]:
                del self.waiting[owner]
            self._push(owner)

    def _push(self, owner: str) -> None:
        self.hub.send_to(owner, p.Turns(self.turns(owner)))

    def _hello(self, who: Identity) -> None:
        if who.owner in self.waiting:
            self.hub.send_to(who.owner, p.Turns(self.turns(who.owner)))

    def _post(self, owner: str, table: Table, turn: p.Turn) -> None:
        if self.webhooks is None:
            return
        name = owner.split(" ", 1)[0]
        self.webhooks.notify(name, {
            "event": "your-move", "player": name, "table": turn.table,
            "title": turn.title, "game": turn.game, "seat": turn.seat + 1,
            "since": when(turn.since), "deadline": when(turn.deadline),
        })
