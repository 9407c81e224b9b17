"""Game options. Maharani has no variants; the Struct exists for the core's contract."""

from __future__ import annotations

import msgspec


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    pass
