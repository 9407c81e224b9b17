"""Solo mode against Brahmabot (maharaja.md §13, MJ-BOT)."""

from __future__ import annotations

import pytest

from engine.core.game import copy_state
from engine.maharaja import brahmabot as B
from engine.maharaja import events as ev
from engine.maharaja import fold, solo
from engine.maharaja import intents as it
from engine.maharaja.components import CHARACTERS
from tests.maharaja.helpers import clear_villages, mover, new_game, through_setup

HUMAN, BOT = 0, 1
TILE = B.ACTION_TILES


def solo_game(difficulty: str = "medium", seed: int = 3):
    return through_setup(new_game(1, seed, mode="solo", difficulty=difficulty))


def after(state, events):
    out = copy_state(state)
    for event in events:
        fold.apply(out, event)
    return out


def blank(seed: int = 3):
    """Round 1 of a solo game, villages emptied, both priests on START."""
    game = clear_villages(solo_game(seed=seed))
    game.state.players[BOT].shrines = 20 - sum(c.shrines[BOT] for c in game.state.cities.values())
    return game, game.state


def test_setup_brahmabot_pieces() -> None:
    """MJ-BOT-S1: a colour of its own, 7 statues and all 20 shrines (minus those
    its setup tile places); none in the supply."""
    state = solo_game().state
    bot = state.players[BOT]
    placed = sum(v.count(BOT) for v in state.villages.values())
    assert bot.colour != state.players[HUMAN].colour
    assert (bot.statues, bot.shrines + placed, bot.supply) == (7, 20, 0)


def test_setup_character_stack_and_row() -> None:
    """MJ-BOT-S2: Brahmabot takes the top of a 16-tile stack; 3 face up; the row is
    refilled to 3 at the right end whenever it loses a tile."""
    game = new_game(1, 5, mode="solo")
    state = game.state
    drawn = game.steps[0].events[0].solo.stack
    assert sorted(drawn) == sorted(CHARACTERS)
    assert state.players[BOT].character == drawn[0]
    assert state.display == list(drawn[1:4])
    game.play(0, it.ChooseCharacter(number=state.display[1]))
    assert state.display == [drawn[1], drawn[3], drawn[4]]


@pytest.mark.parametrize("level,count", [("easy", 4), ("medium", 6), ("hard", 8)])
def test_setup_tile_free_shrines_by_difficulty(level: str, count: int) -> None:
    """MJ-BOT-S3: easy green (4), medium green+blue (6), hard +red (8) villages."""
    game = new_game(1, 2, mode="solo", difficulty=level)
    state = game.state
    held = sorted(v for v, h in state.villages.items() if BOT in h)
    marks = B.DIFFICULTIES[level].marks
    assert held == sorted(v for m in marks for v in B.SETUP_TILES[state.solo.setup_tile][m])
    assert len(held) == count


@pytest.mark.parametrize("level,coins,pp", [("easy", 0, 2), ("medium", 2, 3), ("hard", 4, 4)])
def test_brahmabot_start_coins_and_pp(level: str, coins: int, pp: int) -> None:
    """MJ-BOT-S4: 0/2, 2/3, 4/4; the human starts as usual and places 4 shrines."""
    state = solo_game(level).state
    assert (state.players[BOT].coins, state.players[BOT].pp) == (coins, pp)
    human = state.players[HUMAN]
    assert (human.coins, human.pp, human.start_shrines) == (15, 3, 4)


def test_action_deck_shuffled() -> None:
    """MJ-BOT-S5: the 12 action tiles are shuffled face down."""
    decks = {tuple(new_game(1, s, mode="solo").state.solo.deck) for s in range(4)}
    assert len(decks) > 1 and all(sorted(d) == sorted(TILE) for d in decks)


def test_planning_draws_three_tiles_one_face_down() -> None:
    """MJ-BOT-R1 / MJ-HIDE-3: 3 tiles drawn, the third face down and secret, the
    deck order secret; only the human plans."""
    game = solo_game()
    s = game.state.solo
    assert len(s.drawn) == 3 and s.face_down == 2 and len(s.deck) == 9
    view = game.view(HUMAN).solo
    assert view.drawn[:2] == s.drawn[:2] and view.drawn[2] == "" and view.deck == []
    assert view.stack == [] and view.stack_size == len(s.stack)
    assert game.to_move() == (HUMAN,)


def test_brahmabot_turn_check_mark_picks_the_tile() -> None:
    """MJ-BOT-R2: the next deck tile's check mark names the drawn tile used; its top
    action is done, then the priest goes to its destination."""
    game = solo_game(seed=4)
    state = game.state
    check = state.solo.deck[0]
    chosen = state.solo.drawn[TILE[check].check - 1]
    state.players[HUMAN].character = 16  # Brahmabot plays first
    state.players[BOT].character = 2
    events = game.play(HUMAN, it.CommitPlan(first=5, second=5))
    turn = next(e for e in events if isinstance(e, ev.BrahmabotTurn))
    assert (turn.check, turn.tile) == (check, chosen)
    assert game.state.solo.used == chosen
    dest = TILE[chosen].destination
    dest = game.state.maharaja if dest == B.MAHARAJA else dest
    moved = [e for e in events if isinstance(e, ev.PriestMoved)]
    assert game.state.players[BOT].priest == dest or not moved
    assert mover(game) == HUMAN


@pytest.mark.parametrize("seed", [4, 3, 7])  # check marks 1, 2 and 3
def test_only_the_used_tile_is_turned_face_up(seed: int) -> None:
    """MJ-BOT-R2 / MJ-HIDE-3: the face-down tile is turned up only when it is the
    one used ("S'il s'agit de la Tuile qui est face cachée, retournez-la"); otherwise
    it stays secret in every view and event until the round ends."""
    game = solo_game(seed=seed)
    state = game.state
    mark = TILE[state.solo.deck[0]].check
    hidden = state.solo.drawn[2]
    state.players[HUMAN].character = 16  # Brahmabot plays first
    state.players[BOT].character = 2
    events = game.play(HUMAN, it.CommitPlan(first=5, second=5))
    assert game.state.solo.used == game.state.solo.drawn[mark - 1]
    shown = game.view(HUMAN).solo
    if mark == 3:
        assert game.state.solo.face_down == -1 and shown.drawn[2] == hidden
    else:
        assert game.state.solo.face_down == 2 and shown.drawn[2] == ""
        assert game.view(None).solo.drawn[2] == ""
        seen = [game.ruleset.redact(e, HUMAN) for e in events]
        assert all(hidden not in (getattr(e, "tile", ""), getattr(e, "check", ""))
                   for e in seen)
        log = ["".join(text for text, _ in line) for line in game.descriptions(HUMAN)]
        assert not any(f"tile {hidden}" in line for line in log)


def test_unreachable_destination_builds_fewest_shrines_and_ends() -> None:
    """MJ-BOT-R3: not reachable: free shrines on the route needing fewest new ones
    (START-MAD has one village), then it moves; no statue or shrine on arrival."""
    game, state = blank()
    state.players[BOT].coins = 10
    events = solo.travel(state, "MAD")
    assert [type(e) for e in events] == [ev.ShrineBuilt, ev.PriestMoved]
    assert events[0].place == "v24" and events[1].route == ("R13",)
    state.villages["v18"] = [HUMAN]  # START-JAI: one to build, passes 1 human shrine
    state.villages["v15"] = [HUMAN]
    events = solo.travel(state, "JAI")
    new = after(state, events)
    assert new.villages["v19"] == [BOT] and new.players[BOT].priest == "JAI"
    assert new.players[HUMAN].coins == state.players[HUMAN].coins + 1


def test_reachable_route_fewest_human_shrines_then_statue_or_shrine() -> None:
    """MJ-BOT-R4: by the route passing fewest of your shrines; you take 1 coin per
    shrine passed; with 6+ coins it pays 6 for a statue, else a free shrine + 1 coin."""
    game, state = blank()
    state.villages.update(v20=[HUMAN], v21=[HUMAN], v22=[BOT], v23=[BOT],
                          v05=[BOT], v06=[HUMAN])
    state.players[BOT].coins = 6
    events = solo.travel(state, "VAR")
    new = after(state, events)
    moved = next(e for e in events if isinstance(e, ev.PriestMoved))
    assert moved.route == ("R12", "R03") and moved.tolls == ()
    assert new.players[HUMAN].coins == state.players[HUMAN].coins + 1
    assert new.cities["VAR"].slots[0] == BOT and new.players[BOT].coins == 0
    state.players[BOT].coins = 5
    new = after(state, solo.travel(state, "VAR"))
    assert new.cities["VAR"].shrines[BOT] == 1 and new.players[BOT].coins == 6


def test_statue_slot_priority_and_no_bonus() -> None:
    """MJ-BOT-R5: centre, top, bottom, any other; Brahmabot never takes the bonus;
    no free slot, no statue."""
    game, state = blank()
    slots = state.cities["LAH"].slots
    expected = [0, 1, 2, 3]
    for slot in expected:
        events = solo.statue(state, "LAH", cost=0)
        assert [type(e) for e in events] == [ev.StatueBuilt] and events[0].slot == slot
        slots[slot] = HUMAN
    state.cities["LAH"].slots = [HUMAN] * 7
    assert solo.statue(state, "LAH", cost=0) == []


def test_no_shrine_left_moves_one_from_the_rightmost_city() -> None:
    """MJ-BOT-R6: with none on its board it moves a built shrine: from the city
    furthest right on the track (visited ones rightmost), else its highest village
    not on the route."""
    game, state = blank()
    state.players[BOT].shrines = 0
    left, right = state.flags[3], state.flags[8]
    state.cities[left].shrines[BOT] = 1
    state.cities[right].shrines[BOT] = 1
    assert solo.shrine(state, "DEL", ())[0].source == right
    state.cities[state.maharaja].shrines[BOT] = 1  # visited: furthest right
    assert solo.shrine(state, "DEL", ())[0].source == state.maharaja
    for city in state.cities.values():
        city.shrines[BOT] = 0
    state.villages.update(v03=[BOT], v17=[BOT], v26=[BOT])
    moved = solo.shrine(state, "v09", ("v26",))
    assert isinstance(moved[0], ev.ShrineMoved) and moved[0].source == "v17"


def test_brahmabot_never_uses_character_abilities() -> None:
    """MJ-BOT-R7: its character only sets the order (no 5/8 CP for it)."""
    game, state = blank()
    state.players[BOT].character = 8
    state.players[BOT].priest = "LAH"
    assert solo.cps(state, "LAH")[BOT] == 1
    state.players[HUMAN].character = 8
    assert solo.cps(state, "LAH")[HUMAN] == 1


def test_human_change_character_old_tile_leaves_the_game() -> None:
    """MJ-BOT-R8: your old tile leaves the game; taking Brahmabot's makes it take
    the leftmost row tile."""
    game = solo_game(seed=6)
    state = game.state
    row = list(state.display)
    old = next(n for n in range(1, 17) if n not in row and n != 9)
    top = state.solo.stack[0]
    state.players[HUMAN].character = old
    state.players[BOT].character = 9
    game.play(HUMAN, it.CommitPlan(first=8, second=5))
    game.play(HUMAN, it.ChangeCharacter(number=9, task=0))
    state = game.state
    assert state.players[HUMAN].character == 9
    assert state.players[BOT].character == row[0]
    assert state.display == [*row[1:], top] and old not in state.display


def test_city_scoring_against_brahmabot() -> None:
    """MJ-BOT-R9: you first: 12 coins, Brahmabot 1 PP if ≥1 CP; Brahmabot first:
    4 PP to it, 6 coins to you if ≥1 CP; choose among the 2 lowest tiles, the tile
    leaves the game; taking none discards the lowest."""
    game, state = blank()
    city = state.maharaja
    state.cities[city].shrines[:] = [2, 1]
    events = solo.score_city(state)
    assert events[0].coins == (12, 0)
    assert [(e.seat, e.pp) for e in events if isinstance(e, ev.Gained)] == [(BOT, 1)]
    state.cities[city].shrines[:] = [1, 3]
    events = solo.score_city(state)
    assert events[0].coins == (6, 0) and events[1].pp == B.FIRST_PP == 4
    state.cities[city].shrines[:] = [0, 3]
    events = solo.score_city(state)
    assert events[0].coins == (3, 0) and isinstance(events[-1], ev.RewardDiscarded)
    # through the game: you rank first and choose among 2 tiles
    game2 = solo_game(seed=7)
    g = game2.state
    g.players[HUMAN].character, g.players[BOT].character = 1, 2
    g.players[HUMAN].priest = g.maharaja
    game2.play(HUMAN, it.CommitPlan(first=5, second=5))
    game2.play(HUMAN, it.EndTurn())
    if game2.state.pending:
        low = [t for t in game2.state.rewards if t is not None][:2]
        choices = [i.tile for i in game2.legal_intents(HUMAN) if isinstance(i, it.ChooseReward)]
        assert sorted(choices) == sorted(low)
        game2.play(HUMAN, it.PassReward())
        assert [t for t in game2.state.rewards if t is not None][0] == low[1]


def test_end_of_round_used_tile_leaves_rest_reshuffled() -> None:
    """MJ-BOT-R10: the used tile leaves the game; the other 11 go back shuffled."""
    game = solo_game(seed=9)
    game.play(HUMAN, it.CommitPlan(first=5, second=5))
    while game.state.round == 1:
        seat = mover(game)
        game.play(seat, game.legal_intents(seat)[0] if game.state.pending else it.EndTurn())
    s = game.state.solo
    assert len(s.removed) == 1 and s.removed[0] not in s.deck + s.drawn
    assert len(s.deck) + len(s.drawn) == 11


def test_final_scoring_against_brahmabot() -> None:
    """MJ-BOT-E1: Brahmabot 2 PP per city majority (1 tied), 1 PP with ≥1 coin, 3 PP
    per statue, plus the final tile; you win only with strictly more PP."""
    game, state = blank()
    state.cities["LAH"].slots[0] = BOT
    state.cities["DEL"].shrines[:] = [1, 1]
    state.players[BOT].coins = 1
    human = solo.final_scores(state, solo.final_scores(state, None)[1])[0]
    final = solo.final_scores(state, human)
    assert (final[1].statues, final[1].coins, final[1].cities) == (3, 1, 3)
    state.players[HUMAN].pp = state.players[BOT].pp = 0
    tie = [final[1], final[1]]
    assert solo.winners(state, tie) == [BOT]


def test_top_actions_statues() -> None:
    """MJ-BOT-A1 statue in the Maharaja's city; MJ-BOT-A3 leftmost city with a free
    slot; MJ-BOT-A4 leftmost with a free centre (none: as A3); MJ-BOT-A5 where it
    ranks second closest behind you (none: as A3)."""
    game, state = blank()
    a1 = solo.top_action(state, TILE["T01"])
    assert (a1[0].city, a1[0].slot, a1[0].cost) == (state.maharaja, 0, 0)
    first = solo.track_order(state)[0]
    state.cities[first].slots = [HUMAN] * 7
    second = solo.track_order(state)[1]
    assert solo.top_action(state, TILE["T03"])[0].city == second
    state.cities[second].slots[0] = HUMAN
    third = solo.track_order(state)[2]
    assert solo.top_action(state, TILE["T04"])[0].city == third
    for city in state.cities.values():
        city.slots[0] = HUMAN
    assert solo.top_action(state, TILE["T04"])[0].city == second  # as A3
    assert solo.top_action(state, TILE["T05"])[0].city == second  # none second: A3
    state.cities["HYD"].shrines[:] = [3, 2]
    state.cities["MAD"].shrines[:] = [5, 1]
    assert solo.top_action(state, TILE["T05"])[0].city == "HYD"


def test_top_action_shrine_in_maharaja_city() -> None:
    """MJ-BOT-A2: a free shrine in the Maharaja's city, wherever its priest is."""
    game, state = blank()
    events = solo.top_action(state, TILE["T02"])
    assert (events[0].place, events[0].cost) == (state.maharaja, 0)


def test_top_action_flag_four_left_where_it_leads_most() -> None:
    """MJ-BOT-A6: move 4 left (as far as room allows) the flag of the city where it
    leads you most; none: nothing."""
    game, state = blank()
    assert solo.top_action(state, TILE["T06"]) == []
    far, near = state.flags[8], state.flags[4]
    state.cities[far].shrines[:] = [0, 3]
    state.cities[near].shrines[:] = [1, 2]
    move = solo.top_action(state, TILE["T06"])[0]
    assert (move.city, move.source, move.target) == (far, 8, 4)
    state.cities[far].shrines[:] = [0, 0]
    move = solo.top_action(state, TILE["T06"])[0]
    assert (move.city, move.source, move.target) == (near, 4, 0)


def test_top_action_coins() -> None:
    """MJ-BOT-A7: take the coins shown on the tile (4 or 6)."""
    game, state = blank()
    assert solo.top_action(state, TILE["T07"])[0].coins == 4
    assert solo.top_action(state, TILE["T08"])[0].coins == 6


def test_top_action_swap_characters() -> None:
    """MJ-BOT-A8: its character leaves the game; it takes yours; you take from the row."""
    game, state = blank()
    state.players[HUMAN].character, state.players[BOT].character = 4, 11
    new = after(state, solo.top_action(state, TILE["T09"]))
    assert new.players[BOT].character == 4 and new.players[HUMAN].character == 0
    assert new.pending[0].kind == "lost-character" and 11 not in new.display
