"""Brahmabot, the solo opponent (rules spec §13, MJ-BOT).

Brahmabot is player 1 of the state but never a seat that sends intents: its whole
turn is worked out here as automatic events. Each part is decided on a scratch
copy of the state so later parts see the earlier ones (a shrine built on the way,
coins paid for a statue).

Rulings where §13 is silent:
- R4 with 6+ coins but no free slot (or no statue left): it builds the free shrine
  and takes 1 coin instead, so it always does something on arrival.
- A priest already standing on the destination counts as "reachable" by an empty
  route: the statue-or-shrine step of R4 applies.
- A5 and A6 only consider cities where the action can be done (a free slot; a flag
  still on the pre-visit track with room to move).
- City scoring: a human with 0 CP takes the usual 3 coins (MJ-SCORE-3).
- Final scoring: a city where Brahmabot ties for most CP gives it 1 PP (as MJ-END-2).
- Brahmabot's PP are public: the solo player keeps them.
"""

from __future__ import annotations

from random import Random
from typing import Any

from engine.core import draw
from engine.core.game import copy_state
from engine.family.ranking import majority, rank
from engine.maharaja import brahmabot as B
from engine.maharaja import components as C
from engine.maharaja import events as ev
from engine.maharaja import fold
from engine.maharaja.queries import board, free_slots, open_mask, pp_gain
from engine.maharaja.scoring import base_cp, city_cp, statues_on_map, tile_points
from engine.maharaja.state import Final, Solo, State

HUMAN, BOT = 0, B.BOT_SEAT
Events = list[Any]


def setup_draw(state: State, rng: Random) -> ev.SetupDrawn:
    """MJ-BOT-S2, S3, S5 plus the usual reward and flag shuffles."""
    stack = list(C.CHARACTERS)
    draw.shuffle(rng, stack)
    deck = list(B.ACTION_TILES)
    draw.shuffle(rng, deck)
    rewards = list(C.REWARDS)
    draw.shuffle(rng, rewards)
    flags = list(board().city_ids)
    draw.shuffle(rng, flags)
    tile = draw.choice(rng, sorted(B.SETUP_TILES))
    solo = Solo(difficulty=state.options.difficulty, setup_tile=tile, stack=stack, deck=deck)
    return ev.SetupDrawn(display=(), rewards=tuple(rewards), flags=tuple(flags),
                         first_player=HUMAN, solo=solo)


def track_order(state: State) -> list[str]:
    """Cities left to right on the Maharaja track: pre-visit, then visited in order."""
    return [f for f in state.flags if f is not None] + list(state.visited)


def cps(state: State, city: str) -> dict[int, int]:
    """Brahmabot never uses characters (MJ-BOT-R7); the human's count as usual."""
    return {HUMAN: city_cp(state, city, HUMAN), BOT: base_cp(state, city, BOT)}


def ranking(state: State, city: str) -> list[int]:
    tiebreak = {s: state.players[s].character for s in (HUMAN, BOT)}
    return rank(cps(state, city), tiebreak)


# ------------------------------------------------------------------ the turn
def bot_turn(state: State) -> Events:
    """MJ-BOT-R2: reveal the check tile, do the top action, then travel."""
    solo = state.solo
    assert solo is not None
    check = solo.deck[0]
    tile = B.ACTION_TILES[solo.drawn[B.ACTION_TILES[check].check - 1]]
    scratch = copy_state(state)
    out: Events = []

    def emit(events: Events) -> None:
        for event in events:
            fold.apply(scratch, event)
        out.extend(events)

    emit([ev.BrahmabotTurn(check=check, tile=tile.id)])
    emit(top_action(scratch, tile))
    destination = scratch.maharaja if tile.destination == B.MAHARAJA else tile.destination
    assert destination is not None
    emit(travel(scratch, destination))
    emit([ev.TurnEnded(seat=BOT)])
    return out


def top_action(state: State, tile: B.ActionTile) -> Events:
    """MJ-BOT-A1..A8, performed for free wherever its priest stands."""
    top = tile.top
    maharaja = state.maharaja
    assert maharaja is not None
    if top == "A1":
        return statue(state, maharaja, cost=0)
    if top == "A2":
        return shrine(state, maharaja, route=())
    if top == "A3":
        return statue(state, leftmost_with_slot(state), cost=0)
    if top == "A4":
        centre_free = [c for c in track_order(state) if free_slots(state, c)[:1] == [0]]
        return statue(state, centre_free[0] if centre_free else leftmost_with_slot(state), 0)
    if top == "A5":
        return statue(state, closest_second(state) or leftmost_with_slot(state), cost=0)
    if top == "A6":
        return flag_ahead(state)
    if top == "A7":
        return [ev.Gained(seat=BOT, reason=f"Brahmabot tile {tile.id}", coins=tile.coins)]
    return swap_characters(state)


def leftmost_with_slot(state: State) -> str | None:
    return next((c for c in track_order(state) if free_slots(state, c)), None)


def closest_second(state: State) -> str | None:
    """MJ-BOT-A5: the city where it ranks second with the smallest CP gap."""
    best: tuple[int, int, str] | None = None
    for n, city in enumerate(track_order(state)):
        if not free_slots(state, city) or ranking(state, city) != [HUMAN, BOT]:
            continue
        points = cps(state, city)
        key = (points[HUMAN] - points[BOT], n, city)
        if best is None or key < best:
            best = key
    return best[2] if best else None


def flag_ahead(state: State) -> Events:
    """MJ-BOT-A6: move the flag where it leads most 4 left, as far as room allows."""
    best: tuple[int, int, str] | None = None
    for n, city in enumerate(track_order(state)):
        if city not in state.flags or state.flags.index(city) == 0:
            continue
        order = ranking(state, city)
        if not order or order[0] != BOT:
            continue
        points = cps(state, city)
        key = (-(points[BOT] - points[HUMAN]), n, city)
        if best is None or key < best:
            best = key
    if best is None:
        return []
    city = best[2]
    source = state.flags.index(city)
    return [ev.FlagMoved(seat=BOT, city=city, source=source,
                         target=max(0, source - B.FLAG_STEP))]


def swap_characters(state: State) -> Events:
    """MJ-BOT-A8: its character leaves the game; it takes yours; you take from the row."""
    mine = state.players[HUMAN].character
    return [ev.CharacterTaken(seat=BOT, number=mine, from_seat=HUMAN, reason="brahmabot")]


def statue(state: State, city: str | None, cost: int) -> Events:
    """MJ-BOT-R5: slot priority centre, top, bottom, any other; never a bonus."""
    if city is None or state.players[BOT].statues <= 0:
        return []
    free = free_slots(state, city)
    slot = next((s for s in B.SLOT_PRIORITY if s in free), None)
    if slot is None:
        return []
    return [ev.StatueBuilt(seat=BOT, city=city, slot=slot, cost=cost, reason="brahmabot")]


def shrine(state: State, place: str, route: tuple[str, ...]) -> Events:
    """A free shrine; with none on its board it moves one it built (MJ-BOT-R6)."""
    if state.players[BOT].shrines > 0:
        return [ev.ShrineBuilt(seat=BOT, place=place, cost=0, reason="brahmabot")]
    source = shrine_to_move(state, route)
    if source is None:
        return []
    return [ev.ShrineMoved(seat=BOT, source=source, place=place, reason="brahmabot")]


def shrine_to_move(state: State, route: tuple[str, ...]) -> str | None:
    for city in reversed(track_order(state)):
        if state.cities[city].shrines[BOT] > 0:
            return city
    mine = [v for v, held in state.villages.items() if BOT in held and v not in route]
    return max(mine, key=lambda v: int(v[1:])) if mine else None


def travel(state: State, destination: str) -> Events:
    """MJ-BOT-R3 / R4."""
    net = board()
    here = state.players[BOT].priest
    if here == destination:
        return arrive(state, destination)
    paths = [p for p in net.paths_from[here] if p.end == destination]
    mask = open_mask(state)  # MJ-MOVE-2
    open_paths = [p for p in paths if p.mask & ~mask == 0]

    def passed(path: Any) -> int:
        return sum(1 for v in path.villages if HUMAN in state.villages[v])

    if open_paths:
        path = min(open_paths, key=lambda p: (passed(p), p.roads))
        return [*move(path, passed(path)), *arrive_after_move(state, path, destination)]
    # R3: build the fewest new shrines, then pass the fewest of yours.
    path = min(paths, key=lambda p: (
        sum(1 for v in p.villages if not state.villages[v]), passed(p), p.roads))
    scratch = copy_state(state)
    out: Events = []
    for village in path.villages:
        if not scratch.villages[village]:
            built = shrine(scratch, village, path.villages)
            for event in built:
                fold.apply(scratch, event)
            out += built
    return out + move(path, passed(path))


def move(path: Any, passed: int) -> Events:
    out: Events = [ev.PriestMoved(seat=BOT, route=path.roads, stops=path.stops, tolls=())]
    if passed:
        out.append(ev.Gained(seat=HUMAN, reason="Brahmabot passes your shrines", coins=passed))
    return out


def arrive_after_move(state: State, path: Any, destination: str) -> Events:
    scratch = copy_state(state)
    for event in move(path, 0):
        fold.apply(scratch, event)
    return arrive(scratch, destination)


def arrive(state: State, city: str) -> Events:
    """MJ-BOT-R4: with 6+ coins a statue for 6, otherwise a free shrine and 1 coin."""
    if state.players[BOT].coins >= B.STATUE_PRICE:
        built = statue(state, city, cost=B.STATUE_PRICE)
        if built:
            return built
    return [*shrine(state, city, route=()),
            ev.Gained(seat=BOT, reason="Brahmabot's shrine coin", coins=B.SHRINE_COINS)]


# ------------------------------------------------------------------ scoring
def score_city(state: State) -> Events:
    """MJ-BOT-R9."""
    city = state.maharaja
    assert city is not None
    points = cps(state, city)
    order = ranking(state, city)
    coins = [0, 0]
    out: Events = []
    if points[HUMAN] == 0:
        coins[HUMAN] = C.NO_CP_COINS
    if order and order[0] == HUMAN:
        coins[HUMAN] = B.HUMAN_FIRST_COINS
        second_pp = B.SECOND_PP if points[BOT] >= 1 else 0
        bot_pp = second_pp
    elif order:
        bot_pp = B.FIRST_PP
        if points[HUMAN] >= 1:
            coins[HUMAN] = B.HUMAN_SECOND_COINS
    else:
        bot_pp = 0
    out.append(ev.CityScored(city=city, cp=(points[HUMAN], points[BOT]), ranking=tuple(order),
                             coins=tuple(coins)))
    if bot_pp:
        out.append(ev.Gained(seat=BOT, reason="Brahmabot's city scoring", pp=bot_pp))
    if order and state.options.has("R1"):
        first = order[0]
        reason = "first in city scoring (R1)"
        # Brahmabot's gains say so: its PP are public (see the rulings above).
        out.append(ev.Gained(seat=first, reason=reason if first == HUMAN else f"Brahmabot {reason}",
                             pp=pp_gain(state, first, 1) if first == HUMAN else 1))
    if HUMAN not in order:
        out += discard_lowest(state)
    return out


def discard_lowest(state: State) -> Events:
    lowest = next((p for p, t in enumerate(state.rewards) if t is not None), None)
    return [] if lowest is None else [ev.RewardDiscarded(position=lowest)]


def reshuffle(state: State, rng: Random) -> tuple[str, ...]:
    """MJ-BOT-R10: the used tile leaves; the rest go back and are shuffled."""
    solo = state.solo
    assert solo is not None
    deck = [t for t in (*solo.deck, *solo.drawn) if t != solo.used]
    draw.shuffle(rng, deck)
    return tuple(deck)


def final_scores(state: State, human: Final) -> list[Final]:
    """MJ-BOT-E1: Brahmabot's own final scoring beside the human's normal one."""
    cities = 0
    for city in state.cities:
        top = majority({s: base_cp(state, city, s) for s in (HUMAN, BOT)})
        if BOT in top:
            cities += B.CITY_MAJORITY_PP if len(top) == 1 else B.CITY_TIE_PP
    bot = state.players[BOT]
    statues = B.STATUE_PP * statues_on_map(state, BOT)
    coins = B.COIN_PP if bot.coins >= 1 else 0
    tile = tile_points(state, BOT, state.options.final_scoring)
    return [human, Final(statues=statues, coins=coins, cities=cities, tile=tile,
                         total=statues + coins + cities + tile)]


def winners(state: State, final: list[Final]) -> list[int]:
    """MJ-BOT-E1: you win with strictly more PP."""
    human = state.players[HUMAN].pp + final[HUMAN].total
    bot = state.players[BOT].pp + final[BOT].total
    return [HUMAN] if human > bot else [BOT]
