"""The Raja board (R-COMP-1, R-COMP-2, R-COMP-2a): loaded from data, never hard-coded."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from engine.core.errors import RecordError
from engine.family.network import Network, load_network

BOARD_FILE = Path(__file__).parent / "data" / "board.json"
VILLAGES = 30  # R-COMP-1
MIN_ROADS, MAX_ROADS = 3, 5  # R-COMP-2 item 4


def extra_problems(network: Network) -> list[str]:
    """R-COMP-2 checks that the family loader does not make (items 4 and 6)."""
    problems: list[str] = []
    for junction in network.junctions:
        degree = len(network.roads_at[junction])
        if not MIN_ROADS <= degree <= MAX_ROADS:
            problems.append(f"{junction} has {degree} roads (expected {MIN_ROADS}-{MAX_ROADS})")
    homes = [c.extra.get("home") for c in network.cities.values()]
    given = [h for h in homes if h is not None]
    if given:
        if len(given) < len(homes):
            problems.append("some cities give a home character and some do not")
        elif sorted(given) != list(range(1, 8)):
            problems.append("home character numbers must be 1-7, each used once")
    return problems


def load_board(path: Path = BOARD_FILE) -> Network:
    """Load and check a Raja board; a bad file raises RecordError naming it."""
    network = load_network(path, expected_villages=VILLAGES)
    problems = extra_problems(network)
    if problems:
        raise RecordError(f"board file {path}: " + "; ".join(problems))
    return network


@cache
def board() -> Network:
    return load_board()


def home_of(network: Network) -> dict[str, int]:
    """City id -> the character pictured on it (R-VAR-HOME-1)."""
    return {c.id: int(c.extra["home"]) for c in network.cities.values() if "home" in c.extra}
