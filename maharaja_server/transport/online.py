"""Online play over days: the clocks, the notices, the webhooks, the ratings and the
finished games of one table service, made together and answering the sessions'
requests about them (the hub hands those over)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.errors import IllegalIntent
from maharaja_server.transport import protocol as p
from maharaja_server.transport.clocks import Timekeeper
from maharaja_server.transport.history import History
from maharaja_server.transport.hub import Hub
from maharaja_server.transport.ledger import Ledger
from maharaja_server.transport.notices import Notices
from maharaja_server.transport.ratings import Outcome, Ratings, outcome_of
from maharaja_server.transport.tables import Identity, TableService
from maharaja_server.transport.webhooks import Webhooks

MAX_RECORD = 16 * 2**20  # a save is capped so by the engine too (record.MAX_BYTES)


class Online:
    def __init__(self, service: TableService, ledger: Ledger, *,
                 webhooks_to_private: bool = False, webhook_timeout: float = 5.0,
                 outcome: Callable[[str], Outcome | None] = outcome_of) -> None:
        """Made before the hub, so that a change's notice carries the clocks and the
        ratings as that change left them; ``bind`` then joins the hub."""
        self.service = service
        self.ledger = ledger
        self.clocks = Timekeeper(service, ledger)
        self.ratings = Ratings(ledger, outcome)
        self.history = History(service, self.clocks, ledger, self.ratings)
        self.webhooks = Webhooks(ledger, allow_private=webhooks_to_private,
                                 timeout=webhook_timeout)
        self.notices: Notices | None = None

    def bind(self, hub: Hub) -> None:
        self.notices = Notices(self.service, self.clocks, hub, self.webhooks)
        hub.online = self

    def download(self, command: str) -> bytes:
        """``save N``: a finished game's save file; ``record N``: its record (text)."""
        kind, _, number = command.partition(" ")
        found = self.history.file(int(number))
        if kind == "save":
            return found.save
        return self.history.record_text(int(number)).encode()

    async def close(self) -> None:
        await self.webhooks.close()

    def answer(self, who: Identity, req: Any) -> Any:
        match req:
            case p.Vote():
                table = self.service.get(req.table)
                self.service.check_seat(who, req.table, req.seat)
                self.clocks.vote(table, req.seat, req.choice)
                return None
            case p.Settings():
                if req.webhook is not None:
                    self.webhooks.set(who.name, req.webhook)
                return p.PlayerSettings(self.webhooks.get(who.name))
            case p.Leaderboard():
                return self.ratings.leaderboard(req.ruleset)
            case p.Games():
                return self.history.games(req.name, req.limit)
            case p.PlayerPage():
                return p.PlayerInfo(req.name, self.ratings.lines(req.name),
                                    self.history.games(req.name, 20))
            case p.GameRecord():
                found = self.history.file(req.game)
                if len(found.save) > MAX_RECORD:
                    raise IllegalIntent("SRV-GAME", "this game's save is too large to send")
                return found
        raise IllegalIntent("SRV-REQ", "unknown request")
