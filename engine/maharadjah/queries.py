"""Read-only questions about a state: occupation, pools, stacking, who decides."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from engine.maharadjah.board import Board, Rules, the_board, the_rules
from engine.maharadjah.state import (
    ACTIVE_PHASES,
    LAST_TURN,
    LOSSES,
    OVER,
    RETREAT_ATT,
    RETREAT_DEF,
    State,
)

LARGE_ROUGH = 4  # W-STACK-2


# the board and the rules, loaded once: the cached loaders themselves (asked a dozen
# times a decision, without a call in front of them)
board: Callable[[], Board] = the_board
rules: Callable[[], Rules] = the_rules


def last_turn() -> int:
    """The number of the game's last turn (W-TURN-1, W-END-1; the short game's too)."""
    return LAST_TURN


@cache  # (the rules' own data: asked many times a decision)
def is_colonial(nation: str) -> bool:
    return rules().nations[nation].colonial


def count(state: State, space: str, nation: str) -> int:
    return state.armies.get(space, {}).get(nation, 0)


def others(state: State, space: str, nation: str) -> int:
    """Armies of every other nation in ``space``."""
    here = state.armies.get(space)
    # (asked thousands of times a game: every count summed in C, the nation's taken off)
    return sum(here.values()) - here.get(nation, 0) if here else 0


def enemies_in(state: State, space: str, nation: str) -> list[str]:
    out = []  # (a loop: no generator, and no cell of ``nation``, at every call)
    for who, n in state.armies.get(space, {}).items():
        if who != nation and n:
            out.append(who)
    out.sort()
    return out


def on_map(state: State, nation: str) -> int:
    # (asked at every sequence and growth, about once a decision: a plain loop over the
    # map costs a third of a sum over a ``methodcaller`` map, whose every call looks the
    # method up again)
    total = 0
    for here in state.armies.values():
        if nation in here:
            total += here[nation]
    return total


def present(state: State, nation: str) -> bool:
    """``on_map(state, nation) > 0``, stopping at the first space with its armies (the
    start of every sequence asks it of each nation)."""
    for here in state.armies.values():
        if here.get(nation, 0) > 0:
            return True
    return False


def pool(state: State, nation: str) -> int:
    """W-GEN-4: armies neither on the map nor in the Alliance box."""
    if nation in state.gone:
        return 0
    return rules().nations[nation].armies - on_map(state, nation) - state.boxed.get(nation, 0)


def army_spaces(state: State, nation: str) -> list[str]:
    out = []  # (a loop: no cell of ``nation`` at every call)
    for s, here in state.armies.items():
        if here.get(nation, 0) > 0:
            out.append(s)
    out.sort()
    return out


def territories_with_armies(state: State, nation: str) -> list[str]:
    terr = board().territories
    out = []  # (a loop: no cell of ``terr`` at every call)
    for s in army_spaces(state, nation):
        if s in terr:
            out.append(s)
    return out


def leaders_at(state: State, space: str) -> list[str]:
    if space not in state.leaders.values():
        return []  # (most spaces: asked after every move)
    # (a loop: a comprehension would make ``space`` a cell at every call)
    out = []
    for lead, where in state.leaders.items():
        if where == space:
            out.append(lead)
    out.sort()
    return out


@cache  # (the rules' own data: asked many times a decision)
def leader_nation(leader: str) -> str:
    return rules().leaders[leader].nation


def arms_of(state: State, nation: str, space: str) -> list[str]:
    """Arms markers on the map in ``space`` held by ``nation``."""
    if space not in state.arms_at.values():
        return []
    arms = state.arms
    out = []  # (a loop: no cells made at every call, as ``leaders_at``)
    for p, where in state.arms_at.items():
        if where == space and arms.get(p) == nation:
            out.append(p)
    out.sort()
    return out


def occupier(state: State, space: str) -> str | None:
    """W-GEN-5: the nation occupying a territory (armies; else a lone nation's leaders)."""
    # (a loop, no dict made: the first nation with armies there, unless another has some)
    first = None
    for n, c in state.armies.get(space, {}).items():
        if c > 0:
            if first is not None:
                return None
            first = n
    if first is not None:
        return first
    nations = {leader_nation(lead) for lead in leaders_at(state, space)}
    return next(iter(nations)) if len(nations) == 1 else None


def occupiers(state: State, space: str) -> set[str]:
    """Every nation with armies there (or the lone leaders' nation): contested when 2+."""
    here = {n for n, c in state.armies.get(space, {}).items() if c > 0}
    if here:
        return here
    nations = {leader_nation(lead) for lead in leaders_at(state, space)}
    return nations if len(nations) == 1 else set()


def occupied_by(state: State, nation: str) -> list[str]:
    """Territories ``nation`` occupies (W-GEN-5), contested ones included (W-AMB-29)."""
    terr = board().territories
    out = set()  # (a loop: no cells of ``nation`` and ``terr`` at every call)
    for s, here in state.armies.items():
        if here.get(nation, 0) > 0 and s in terr:
            out.add(s)
    for lead, where in state.leaders.items():
        if where in terr and leader_nation(lead) == nation and nation in occupiers(state, where):
            out.add(where)
    return sorted(out)


def vacant(state: State, space: str) -> bool:
    """W-GEN-6: no army, leader, arms marker or post."""
    return (not any(state.armies.get(space, {}).values())
            and space not in state.leaders.values()
            and space not in state.arms_at.values()
            and space not in state.posts)


@cache  # (the rules' own data: asked many times a decision)
def limit(space: str) -> int:
    """W-STACK-1."""
    terr = board().territories.get(space)
    if terr is None:
        return 10**6  # W-STACK-5: sea zones and barbarian lands have no limit
    return 2 if terr.rough else 3


def stacks_ok(counts: dict[str, int]) -> bool:
    """W-STACK-1/2 for one nation's armies by territory."""
    terr = board().territories
    over = []  # (a loop: no cell of ``terr`` at every call)
    for s, n in counts.items():
        if s in terr and n > limit(s):
            over.append(s)
    if not over:
        return True
    if len(over) > 1:
        return False
    space = over[0]
    return not terr[space].rough or counts[space] <= LARGE_ROUGH


def nation_counts(state: State, nation: str) -> dict[str, int]:
    out = {}  # (a loop: no cells of ``nation`` and ``n`` at every call)
    for s, here in state.armies.items():
        if (n := here.get(nation, 0)) > 0:
            out[s] = n
    return out


def can_add(state: State, nation: str, space: str, armies: int = 1) -> bool:
    return adding(state, nation)(space, armies)


def adding(state: State, nation: str) -> Callable[[str, int], bool]:
    """``can_add`` for one position asked of many spaces (placements, retreats): the
    nation's counts read once. ``fits(space, armies)`` is ``stacks_ok`` of the counts
    with ``armies`` more in ``space``."""
    # (asked at every placement and retreat: the map read once, without a dict of counts)
    on_map = state.armies
    terr = board().territories
    # (loops, not comprehensions: no cells of ``n`` and ``space`` at every call)
    over = []
    for s, here in on_map.items():
        if (n := here.get(nation, 0)) > 2 and s in terr and n > limit(s):  # (limits: 2, 3)
            over.append(s)

    def fits(space: str, armies: int = 1) -> bool:
        rest = over
        if over:
            rest = []
            for s in over:
                if s != space:
                    rest.append(s)
        here = terr.get(space)
        there = on_map.get(space)
        n = (there.get(nation, 0) if there else 0) + armies
        if here is not None and n > (2 if here.rough else 3):  # W-STACK-1
            # the one territory over its limit is the large stack (W-STACK-2)
            return not rest and (not here.rough or n <= LARGE_ROUGH)
        if not rest:
            return True
        return len(rest) == 1 and (not terr[rest[0]].rough
                                   or on_map[rest[0]][nation] <= LARGE_ROUGH)

    return fits


def seat_of(state: State, nation: str) -> int:
    return state.control[nation]


def same_player(state: State, a: str, b: str) -> bool:
    return a in state.control and b in state.control and state.control[a] == state.control[b]


def has_boats(state: State, nation: str) -> bool:
    """W-BOAT-1, W-EVT-2."""
    return state.turn in rules().nations[nation].boats


def alliance(state: State) -> set[str]:
    """W-ALLY-3: the British and their allies."""
    return {"BRITISH", *state.allies}


def members(state: State, a: str, b: str) -> bool:
    """True when ``a`` and ``b`` are both in the British alliance (W-ALLY-4)."""
    group = alliance(state)
    return a in group and b in group and a != b


def submitted_here(state: State, subject: str, overlord: str, space: str) -> bool:
    return any(s.subject == subject and s.overlord == overlord and space in s.territories
               for s in state.submissions)


def great(state: State) -> bool:
    """W-INV-4: the active nation plays two Movement/Combat pairs this turn."""
    return rules().turns[state.turn].get("great") == state.active


def arrivals(state: State, nation: str, turn: int | None = None) -> list[dict[str, Any]]:
    row = rules().turns[turn if turn is not None else state.turn]
    out = []  # (a loop: no cell of ``nation`` at every call)
    for a in row.get("arrivals", []):
        if a["nation"] == nation:
            out.append(a)
    return out


def reinforcements(state: State, nation: str) -> int:
    row = rules().turns[state.turn]
    total = 0  # (a loop: no generator's cell of ``nation`` at every call)
    for r in row.get("reinforcements", []):
        if r["nation"] == nation:
            total += r["armies"]
    return total


def to_move(state: State) -> tuple[int, ...]:
    """Whose decision the game waits for (W-SEQ-1): the nation a placement or answer is
    asked of, a battle's side for its stage, else the active nation in its own phases."""
    # (asked twice a decision: ``seat_of`` read inline, ``state.control[nation]``)
    if state.phase == OVER:
        return ()
    if state.todo:
        return (state.control[state.todo[0].nation],)
    battle = state.battle
    if battle is not None:
        if battle.stage == RETREAT_DEF:
            return (state.control[battle.defender],)
        if battle.stage in (LOSSES, RETREAT_ATT):
            return (state.control[battle.attacker],)
        return ()
    if state.phase in ACTIVE_PHASES and state.active:
        return (state.control[state.active],)
    return ()


# ------------------------------------------------- the event table, nation by nation
# (what a player's nations have coming over the turns: the computers plan with it)
def successor(nation: str) -> tuple[int, str] | None:
    """W-SCHED-2: the turn at whose start ``nation``'s armies on the map are replaced,
    and by which nation (the Maurya by the Gupta at the start of turn 6); None if never."""
    for turn, row in sorted(rules().turns.items()):
        for item in row.get("start", []):
            if item.get("replace") == nation:
                return turn, item["by"]
    return None


def scheduled_removals(nation: str, game_type: str) -> tuple[tuple[int, bool, int], ...]:
    """W-SCHED-1, 3, 4, 5: the armies the event table takes off the map, as (turn, at the
    end of the nation's sequence, armies): (5, False, 6) for the Maurya, (4, True, 2) for
    the Greeks. The short game's exception (W-SETUP-S3) is left out."""
    out = []
    for turn, row in sorted(rules().turns.items()):
        for item in row.get("start", []):
            if item.get("remove") == nation and item.get("not_in") != game_type:
                out.append((turn, False, int(item["armies"])))
        for item in row.get("end_of_sequence", []):
            if item["nation"] == nation:
                out.append((turn, True, int(item["armies"])))
    return tuple(out)


def grows(nation: str, turn: int) -> bool:
    """W-GROW-1, W-GROW-3: whether ``nation`` has a growth in ``turn`` (its marker aside)."""
    info = rules().nations[nation]
    return not info.colonial and turn not in info.no_growth
