"""The game's components as declared data (rules spec maharaja.md §1, §5, §9, §10).

Rules code looks things up here instead of branching on numbers, so a reader can
check a table against the rulebook line by line.
"""

from __future__ import annotations

from enum import IntEnum

import msgspec


class Action(IntEnum):
    """The nine actions of the disc (MJ-ACT-1..9)."""

    STATUE_DISCOUNT = 1
    SHRINE_DISCOUNT = 2
    STATUE_AND_SHRINE = 3
    TWO_SHRINES = 4
    TAKE_COINS = 5
    TAKE_SHRINES = 6
    BUY_PRESTIGE = 7
    CHANGE_CHARACTER = 8
    MOVE_FLAG = 9


class ActionSpec(msgspec.Struct, frozen=True):
    name: str
    statues: int = 0  # statues the action lets you build
    shrines: int = 0  # shrines the action lets you build
    discount: int = 0  # coins off each build of the action
    city_shrine: bool = False  # MJ-ACT-4: at least one of the shrines in a city
    coins: int = 0  # coins taken
    supply_shrines: int = 0  # shrines moved from the supply to the board
    pay: int = 0  # coins paid ...
    pp: int = 0  # ... for this many PP


ACTIONS: dict[Action, ActionSpec] = {
    Action.STATUE_DISCOUNT: ActionSpec("Statue at a discount", statues=1, discount=1),
    Action.SHRINE_DISCOUNT: ActionSpec("Shrine at a discount", shrines=1, discount=1),
    Action.STATUE_AND_SHRINE: ActionSpec("Statue and shrine", statues=1, shrines=1),
    Action.TWO_SHRINES: ActionSpec("Two shrines", shrines=2, city_shrine=True),
    Action.TAKE_COINS: ActionSpec("Take 3 coins", coins=3),
    Action.TAKE_SHRINES: ActionSpec("Take 2 shrines", supply_shrines=2),
    Action.BUY_PRESTIGE: ActionSpec("Buy prestige", pay=3, pp=2),
    Action.CHANGE_CHARACTER: ActionSpec("Change character"),
    Action.MOVE_FLAG: ActionSpec("Move a flag"),
}
TOKEN_ACTIONS = tuple(a for a in Action if a is not Action.CHANGE_CHARACTER)  # MJ-TOKEN-1

STATUE_COST = 10  # MJ-STAT-2
STATUE_COST_MAHARAJA = 12
SHRINE_COST = 1  # MJ-SHR-1


class Timing(IntEnum):
    NONE = 0
    ONCE = 1  # 1×: once per turn, in your own turn
    ALWAYS = 2  # ∞
    SCORING = 3  # !: in city scoring


class CharacterSpec(msgspec.Struct, frozen=True):
    number: int
    timing: Timing
    text: str
    # The tiles have numbers and abilities, no names (MJ-CHAR): a hint names a tile by
    # its ability in a few words, with its number ("Cheaper statues (15)").
    name: str


CHARACTERS: dict[int, CharacterSpec] = {
    c.number: c
    for c in (
        CharacterSpec(1, Timing.NONE, "No effect", "No effect"),
        CharacterSpec(2, Timing.ONCE, "Move 1 shrine from the supply to your board",
                      "Shrine to your board"),
        CharacterSpec(3, Timing.ONCE, "Trade 2 coins for 1 PP or 1 PP for 2 coins, up to 3 times",
                      "Trade coins and PP"),
        CharacterSpec(4, Timing.ONCE, "Pay 1 PP, take 1 action token", "Action token for 1 PP"),
        CharacterSpec(5, Timing.SCORING, "Your priest scores 2 CP", "Priest scores 2"),
        CharacterSpec(6, Timing.ONCE, "Take 1 PP", "Take 1 PP"),
        CharacterSpec(7, Timing.SCORING, "+1 CP per 2 of your shrines in the scored city",
                      "CP for shrines"),
        CharacterSpec(8, Timing.SCORING, "+1 CP, even with no piece in the city", "+1 CP anywhere"),
        CharacterSpec(9, Timing.ALWAYS, "You pay no tolls; nobody is paid when you pass",
                      "No tolls"),
        CharacterSpec(10, Timing.ONCE, "Move a flag 3 positions left", "Move a flag"),
        CharacterSpec(11, Timing.ALWAYS, "Whenever you gain PP, gain 1 more", "1 more PP"),
        CharacterSpec(12, Timing.ALWAYS, "Build in any city without your priest there",
                      "Build anywhere"),
        CharacterSpec(13, Timing.ONCE, "Build 1 shrine from the supply for 1 coin, anywhere",
                      "Shrine anywhere"),
        CharacterSpec(14, Timing.ONCE, "Take 1 action token", "Action token"),
        CharacterSpec(15, Timing.ALWAYS, "Every statue costs 3 coins less", "Cheaper statues"),
        CharacterSpec(16, Timing.ALWAYS, "Reward tiles apply twice", "Double rewards"),
    )
}
FIRST_GAME_CHARACTERS = (1, 2, 5, 9, 12, 14, 15)  # MJ-SETUP-1, 4 players
STATUE_DISCOUNT_15 = 3
TRADES_3 = 3  # character 3: up to 3 trades


class RewardSpec(msgspec.Struct, frozen=True):
    number: int
    text: str
    coins: int = 0
    pp: int = 0
    supply_shrines: int = 0
    others_pay: int = 0  # MJ-REW-4
    buy_pp: int = 0  # MJ-REW-6: up to this many purchases of 1 PP for 1 coin
    free_shrine: bool = False  # MJ-REW-7
    maharani: bool = False  # MJ-REW-8


REWARDS: dict[int, RewardSpec] = {
    r.number: r
    for r in (
        RewardSpec(1, "Take 3 coins", coins=3),
        RewardSpec(2, "Move 3 shrines from the supply to your board", supply_shrines=3),
        RewardSpec(3, "Take 1 PP and 1 coin", pp=1, coins=1),
        RewardSpec(4, "Every other player pays 2 coins", others_pay=2),
        RewardSpec(5, "Take 2 PP", pp=2),
        RewardSpec(6, "Pay 1 coin per PP, up to 3 times", buy_pp=3),
        RewardSpec(7, "Build 1 shrine for free anywhere", free_shrine=True),
        RewardSpec(8, "Place a Maharani token on a display character", maharani=True),
    )
}
REWARD_TRACK_LENGTH = 12  # MJ-SETUP-2
REWARD_WINDOW = {1: 3, 2: 3, 3: 4, 4: 5}  # MJ-SCORE-5 (solo uses MJ-BOT-R9)
MAHARANI_TOKENS = 2  # MJ-COMP-6

RANK_COINS = {2: (12, 6), 3: (12, 9, 6), 4: (12, 10, 8, 6)}  # MJ-SCORE-3
NO_CP_COINS = 3

# Statue slots of a city (MJ-MAP-1): 0 = centre, 1 = top bonus, 2 = bottom bonus, 3–6 plain.
CENTRE, TOP, BOTTOM = 0, 1, 2
SLOTS = 7
SLOT_NAMES = ("centre", "top bonus slot", "bottom bonus slot", "outer slot", "outer slot",
              "outer slot", "outer slot")
CP_CENTRE, CP_OUTER, CP_OUTER_R2 = 3, 2, 1  # MJ-SCORE-1, MJ-VAR-R2


class Bonus(IntEnum):
    """Statue-slot bonuses (MJ-MAP-3)."""

    ACTION = 1
    COINS = 2
    PRESTIGE = 3
    SHRINES = 4


BONUS_TEXT = {Bonus.ACTION: "1 action token", Bonus.COINS: "2 coins",
              Bonus.PRESTIGE: "1 PP", Bonus.SHRINES: "2 shrines"}

ACTION_TOKENS = 7  # MJ-COMP-5
SHRINES_PER_COLOUR, STATUES_PER_COLOUR = 20, 7  # MJ-COMP-7
START_SHRINES_ON_BOARD, START_COINS, START_PP = 8, 15, 3  # MJ-SETUP-4
START_SHRINES_PLACED = 4  # MJ-SETUP-6
PRE_VISIT = 9  # MJ-SETUP-3: p0..p8
FIRST_FLAG_POSITION = 2
FLAG_STEP = 3  # MJ-FLAG-1
ROUNDS = 7  # MJ-ROUND-7

COLOURS = ("red", "yellow", "green", "blue")
COLOUR_LETTERS = {"red": "R", "yellow": "Y", "green": "G", "blue": "B"}
