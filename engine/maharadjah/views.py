"""What each seat may know: everything. Maharadjah has no hidden information — armies,
posts, leaders, growth markers, dice and VP are all on the table (W-VP-7)."""

from __future__ import annotations

from typing import Any

import msgspec

from engine.maharadjah.state import MaharadjahState


def view(state: MaharadjahState, seat: int | None) -> MaharadjahState:
    return msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=MaharadjahState)


def redact(event: Any, seat: int | None) -> Any:
    return event
