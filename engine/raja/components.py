"""Raja's declared data: actions and their parts, characters, tables by player count.

Everything the rules look up is a table here, so rules.py reads as the rulebook's
procedure and never carries magic numbers.
"""

from __future__ import annotations

from typing import Final

# ------------------------------------------------------------------ stocks (R-COMP-4, R-SETUP-2)
START_GOLD: Final = 15
PALACES: Final = 7
PALACES_SHORT: Final = 6  # R-VAR-SHORT-1
SETUP_HOUSES: Final = 4  # R-SETUP-2, placed in R-SETUP-8
QUARRY_HOUSES: Final = 16  # 20 houses minus the 4 setup houses
RESERVE_AFTER_SETUP: Final = 6  # R-SETUP-9
SETUP_PASSES: Final = 4  # R-SETUP-8
TOKENS: Final = 7  # R-COMP-9
COLOURS: Final = 5  # R-COMP-4: the neutral palaces come from the colours nobody plays
COLOUR_NAMES: Final = ("red", "yellow", "green", "blue", "purple")  # seat order

# ------------------------------------------------------------------ costs and gains
HOUSE_COST: Final = 1
PALACE_COST: Final = 12
CRAFTSMAN_PALACE_COST: Final = 9  # R-CHAR-6
GOLD_ACTION: Final = 2
QUARRY_TAKE: Final = 2
MERCHANT_GOLD: Final = 1  # R-CHAR-2
FORFEIT_PENALTY: Final = 2  # R-TURN-4, paid to every other player once per turn
MONOPOLY_BONUS: Final = 5  # R-SCORE-6
GOVERNOR_STEP: Final = 2  # R-ACT-3

# ------------------------------------------------------------------ palace garden (R-COMP-3)
OUTER_SITES: Final = 6
CENTRAL_POINTS: Final = 3
OUTER_POINTS: Final = 1
SADHU_OUTER_POINTS: Final = 2  # R-CHAR-3
ARCHITECT_POINTS: Final = 1
HOUSE_POINTS: Final = 1
HOME_POINTS: Final = 1  # R-VAR-HOME-1
NEUTRAL: Final = -1  # owner of a neutral palace (R-SETUP-6)

# ------------------------------------------------------------------ governor track (R-COMP-10)
TRACK_START: Final = 1  # indices 1..7: start spaces
TRACK_FIRST_NUMBERED: Final = 8  # printed "1"
END_INDEX: Final = 17  # printed "10" (R-END-1b)
END_INDEX_SHORT: Final = 15  # printed "8" (R-VAR-SHORT-2)
ROUNDS_SHORT: Final = 8  # R-VAR-SHORT-2: a hard cap, whatever the track says
MIN_GOVERNOR_INDEX: Final = 3  # R-AMB-3

# ------------------------------------------------------------------ actions (R-ACT-1)
GOLD = "GOLD"
HOUSE = "HOUSE"
TWO_HOUSES = "TWO_HOUSES"
MOVE_HOUSE = "MOVE_HOUSE"
QUARRY = "QUARRY"
PALACE = "PALACE"
PALACE_HOUSE = "PALACE_HOUSE"
GOVERNOR = "GOVERNOR"
CHARACTER = "CHARACTER"

# part kinds: what a build or move step must name (R-TURN-3)
P_GOLD = "gold"
P_HOUSE = "house"
P_MOVE = "move"
P_QUARRY = "quarry"
P_PALACE = "palace"
P_GOVERNOR = "governor"
P_CHARACTER = "character"

ACTION_PARTS: Final[dict[str, tuple[str, ...]]] = {
    GOLD: (P_GOLD,),
    HOUSE: (P_HOUSE,),
    TWO_HOUSES: (P_HOUSE, P_HOUSE),
    MOVE_HOUSE: (P_MOVE,),
    QUARRY: (P_QUARRY,),
    PALACE: (P_PALACE,),
    PALACE_HOUSE: (P_PALACE, P_HOUSE),
    GOVERNOR: (P_GOVERNOR,),
    CHARACTER: (P_CHARACTER,),
}
ACTIONS: Final = tuple(ACTION_PARTS)
ACTION_NAMES: Final[dict[str, str]] = {
    GOLD: "Gold", HOUSE: "House", TWO_HOUSES: "Two houses", MOVE_HOUSE: "Move a house",
    QUARRY: "Quarry", PALACE: "Palace", PALACE_HOUSE: "Palace and house",
    GOVERNOR: "Governor", CHARACTER: "Character",
}
# TWO_HOUSES: at most this many of its houses may go to villages (at least one in a city).
VILLAGE_LIMIT: Final[dict[str, int]] = {TWO_HOUSES: 1}
TOKEN_FORBIDDEN: Final = frozenset({CHARACTER})  # R-VAR-TOKEN-1

# ------------------------------------------------------------------ characters (R-COMP-7)
MOGUL, MERCHANT, SADHU, MONK, BUILDER, CRAFTSMAN, YOGI = range(1, 8)
CHARACTERS: Final[dict[int, str]] = {
    MOGUL: "Mogul", MERCHANT: "Merchant", SADHU: "Sadhu", MONK: "Wandering Monk",
    BUILDER: "Builder", CRAFTSMAN: "Craftsman", YOGI: "Yogi",
}
BASIC_CARDS: Final = (MOGUL, MERCHANT, SADHU, MONK, BUILDER, CRAFTSMAN)

# ------------------------------------------------------------------ by player count (R-SETUP-11)
VILLAGE_CAPACITY: Final[dict[int, int]] = {2: 1, 3: 2, 4: 2, 5: 2}
REWARDS: Final[dict[int, tuple[int, ...]]] = {
    2: (10, 5),
    3: (11, 7, 3),
    4: (12, 9, 6, 3),
    5: (13, 10, 7, 4, 1),
}
