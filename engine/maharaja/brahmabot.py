"""Brahmabot's components as declared data (rules spec §13, MJ-BOT; reconstructions)."""

from __future__ import annotations

import msgspec

BOT_SEAT = 1  # Brahmabot is player 1 of the state; the one human is seat 0
MAHARAJA = "Maharaja"  # a tile destination meaning the Maharaja's city


class ActionTile(msgspec.Struct, frozen=True):
    id: str
    top: str  # A1..A8 (MJ-BOT-A1..A8)
    destination: str  # a city id or MAHARAJA
    check: int  # 1, 2 or 3: which of the three drawn tiles Brahmabot uses
    coins: int = 0  # A7


ACTION_TILES: dict[str, ActionTile] = {
    t.id: t
    for t in (
        ActionTile("T01", "A1", MAHARAJA, 1),
        ActionTile("T02", "A2", "LAH", 2),
        ActionTile("T03", "A3", MAHARAJA, 3),
        ActionTile("T04", "A4", "DEL", 1),
        ActionTile("T05", "A5", "VAR", 2),
        ActionTile("T06", "A6", MAHARAJA, 3),
        ActionTile("T07", "A7", "JAI", 1, coins=4),
        ActionTile("T08", "A7", "BIJ", 2, coins=6),
        ActionTile("T09", "A8", "HYD", 3),
        ActionTile("T10", "A1", "MAD", 1),
        ActionTile("T11", "A2", MAHARAJA, 2),
        ActionTile("T12", "A5", MAHARAJA, 3),
    )
}

TOP_ACTION_TEXT = {
    "A1": "statue in the Maharaja's city",
    "A2": "shrine in the Maharaja's city",
    "A3": "statue in the leftmost city with a free slot",
    "A4": "statue in the leftmost city with a free centre",
    "A5": "statue where it ranks second, closest behind you",
    "A6": "move ahead the flag of the city where it leads most",
    "A7": "take coins",
    "A8": "swap characters with you",
}

# MJ-BOT-S3: setup tiles; difficulty takes green, green+blue, or green+blue+red.
SETUP_TILES: dict[str, dict[str, tuple[str, ...]]] = {
    "A": {"green": ("v01", "v11", "v20", "v27"), "blue": ("v05", "v15"), "red": ("v09", "v24")},
    "B": {"green": ("v03", "v13", "v22", "v25"), "blue": ("v08", "v18"), "red": ("v16", "v28")},
    "C": {"green": ("v06", "v10", "v14", "v19"), "blue": ("v02", "v23"), "red": ("v12", "v21")},
}


class Difficulty(msgspec.Struct, frozen=True):
    marks: tuple[str, ...]  # MJ-BOT-S3
    coins: int  # MJ-BOT-S4
    pp: int


DIFFICULTIES: dict[str, Difficulty] = {
    "easy": Difficulty(("green",), 0, 2),
    "medium": Difficulty(("green", "blue"), 2, 3),
    "hard": Difficulty(("green", "blue", "red"), 4, 4),
}

ROW = 3  # MJ-BOT-S2: face-up characters in the row
STATUE_PRICE = 6  # MJ-BOT-R4
SHRINE_COINS = 1  # MJ-BOT-R4: coin taken with the free shrine
SLOT_PRIORITY = (0, 1, 2, 3, 4, 5, 6)  # MJ-BOT-R5: centre, top, bottom, any other
FIRST_PP = 4  # MJ-BOT-R9 (the French printing says 3)
SECOND_PP = 1
HUMAN_FIRST_COINS = 12
HUMAN_SECOND_COINS = 6
REWARD_CHOICES = 2  # MJ-BOT-R9: you choose among the 2 lowest tiles
FLAG_STEP = 4  # MJ-BOT-A6
CITY_MAJORITY_PP, CITY_TIE_PP = 2, 1  # MJ-BOT-E1
COIN_PP = 1
STATUE_PP = 3
