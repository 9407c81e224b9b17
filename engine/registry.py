"""The games this engine knows, by ruleset id. Games register here, not in the core."""

from __future__ import annotations

from functools import cache

from engine.core.errors import RecordError
from engine.core.ruleset import Ruleset


@cache
def rulesets() -> dict[str, Ruleset]:
    from engine.maharadjah import RULESET as maharadjah
    from engine.maharaja import RULESET as maharaja
    from engine.maharani import RULESET as maharani
    from engine.raja import RULESET as raja

    found: dict[str, Ruleset] = {maharaja.id: maharaja}
    found[raja.id] = raja
    found[maharani.id] = maharani
    found[maharadjah.id] = maharadjah
    return found


def get_ruleset(ruleset_id: str) -> Ruleset:
    try:
        return rulesets()[ruleset_id]
    except KeyError:
        known = ", ".join(sorted(rulesets()))
        raise RecordError(f"unknown game {ruleset_id!r}; known games: {known}") from None
