"""The bases every game's intents and events derive from.

Both are frozen, keyword-only msgspec Structs in a union tagged by the ``type``
field. msgspec does not inherit ``kw_only`` and type checkers do not inherit
``frozen`` (PEP 681), so each subclass repeats both:

    class PlaceTile(Intent, frozen=True, kw_only=True, tag="maharani.PlaceTile"):
        cell: str

Neither is ever tracked by the cyclic garbage collector (``gc=False``, inherited):
they are frozen and hold only scalars, tuples and data Structs, so they cannot be part
of a reference cycle, and a game makes one or more every decision (the random-play figure).

New games tag as ``"<game>.<Name>"``. Maharaja and Raja keep the tags their saved
games and recordings already hold (``"choose-character"``, ``"raja.PickCard"``).
"""

from __future__ import annotations

import msgspec

TAG_FIELD = "type"


class Intent(msgspec.Struct, frozen=True, kw_only=True, tag_field=TAG_FIELD, gc=False):
    """What a seat asks to do; the rules turn it into events or refuse it."""


class Event(msgspec.Struct, frozen=True, kw_only=True, tag_field=TAG_FIELD, gc=False):
    """Something that happened; folding events rebuilds the state."""
