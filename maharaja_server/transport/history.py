"""Every finished game kept: its save, its clock log, its players and places.

A game is kept the moment it finishes (or the others end it by vote), in the server's
records, apart from its table: a table's expiry removes the table and its files,
never a finished game. Anyone logged in may list the finished games, replay one
(everything revealed: a finished game has no secret left) or download its save.
At a rated table the finished game moves the players' ratings (ratings.py).
"""

from __future__ import annotations

import logging

import msgspec

from engine.core import record
from maharaja_server.transport import protocol as p
from maharaja_server.transport.clocks import Timekeeper, step_clocks
from maharaja_server.transport.ledger import Ledger
from maharaja_server.transport.ratings import Ratings
from maharaja_server.transport.tables import Table, TableService

log = logging.getLogger("maharaja_server.transport.history")

SUMMARY = msgspec.json.Decoder(p.GameSummary)


def player_name(table: Table, seat: int) -> str:
    slot = table.meta.slots[seat]
    if slot.kind == "computer":
        return f"{slot.name or f'Computer {seat + 1}'} ({slot.level})"
    return slot.name or f"seat {seat + 1}"


def owner_name(table: Table, seat: int) -> str:
    """The player's name as the server knows it (a seat's shown name may be ``bob#2``)."""
    owner = table.meta.slots[seat].owner
    return owner.split(" ", 1)[0] if owner else ""


class History:
    def __init__(self, service: TableService, clocks: Timekeeper, ledger: Ledger,
                 ratings: Ratings) -> None:
        self.service = service
        self.clocks = clocks
        self.ledger = ledger
        self.ratings = ratings
        self.kept: set[int] = set()
        service.on_change.append(self._changed)
        service.on_host.append(lambda table: self._changed(table.id, 0))
        service.decorate.append(self._decorate)

    def _decorate(self, table: Table, info: p.TableInfo) -> p.TableInfo:
        """A rated table shows each player's rating in that game."""
        if not table.meta.rated:
            return info
        seats = [msgspec.structs.replace(seat, rating=self.ratings.shown(name, table.meta.ruleset))
                 if (name := owner_name(table, n)) else seat
                 for n, seat in enumerate(info.seats)]
        return msgspec.structs.replace(info, seats=seats)

    def _changed(self, table_id: int, version: int) -> None:
        table = self.service.tables.get(table_id)
        game = table.game if table is not None else None
        if table is None or game is None or table_id in self.kept:
            return
        if not (game.is_over() or table.meta.ended):
            return
        self.kept.add(table_id)
        if self.ledger.has_game(table_id):
            return  # kept before a restart
        self.keep(table)

    def keep(self, table: Table) -> None:
        game = table.game
        assert game is not None
        seats = len(table.meta.slots)
        ended = table.meta.ended
        places = [1] * seats if ended else self.ratings.places(table.meta.ruleset,
                                                                game.state, seats)
        now = self.service.now()
        clock = self.clocks.clock(table)
        summary = p.GameSummary(
            table.id, table.meta.ruleset, table.meta.title, now,
            [player_name(table, s) for s in range(seats)], places, table.meta.rated,
            list(clock.timed_out), ended)
        names = [owner_name(table, s) for s in range(seats)]
        self.ledger.keep_game(table.id, table.meta.ruleset, now, msgspec.json.encode(summary),
                              record.encode(game), self.clocks.log_of(table.id),
                              [n for n in names if n], msgspec.json.encode(table.meta.clock))
        log.info("table %d: finished game kept", table.id)
        if table.meta.rated and not ended:
            self.ratings.rate(table.id, table.meta.ruleset, names, places, now)
            self.service.tell(table)  # the seats' ratings as they are now

    def games(self, name: str = "", limit: int = 50) -> list[p.GameSummary]:
        return [SUMMARY.decode(s) for s in self.ledger.game_summaries(name, max(1, min(limit,
                                                                                       200)))]

    def save(self, game_id: int) -> bytes:
        """A finished game's save file, or SRV-GAME when there is none."""
        from engine.core.errors import IllegalIntent

        found = self.ledger.game_save(game_id)
        if found is None:
            raise IllegalIntent("SRV-GAME", f"no finished game {game_id} is kept here")
        return found[0]

    def record_text(self, game_id: int) -> str:
        """A finished game's record, the text people read and type (engine.records)."""
        from engine import records

        save = self.save(game_id)
        return records.write(record.decode(save, self.service.rulesets))

    def file(self, game_id: int) -> p.GameFile:
        """A finished game's save and its clocks step by step (SRV-GAME: none)."""
        from engine.core.errors import IllegalIntent

        found = self.ledger.game_save(game_id)
        if found is None:
            raise IllegalIntent("SRV-GAME", f"no finished game {game_id} is kept here")
        save, log_data = found
        summary = SUMMARY.decode(self.ledger.game_summary(game_id))
        control = self.ledger.game_clock(game_id)
        return p.GameFile(save, control, step_clocks(control, len(summary.players), log_data))
