"""Computer players for Maharadjah: legal at every level for every decision a seat is
asked (the active nation's and the defender's: casualties, retreats, leave to sail,
post consent, submission and alliance offers), blind to nothing because nothing is
hidden (W-VP-7), reproducible, and the medium judgement reads the cards (W-VP-2) and
the dice (W-CMB-5)."""

from __future__ import annotations

from random import Random

import msgspec
import pytest

from engine.bots import LEVELS, Budget, choose_intent, maharadjah_eval, maharadjah_policy
from engine.bots.evaluator import evaluator_for
from engine.bots.match import bot_seat, decision_rng, play_game
from engine.core.game import Game
from engine.core.ruleset import Seat
from engine.maharadjah import RULESET, Options
from engine.maharadjah import events as ev
from engine.maharadjah import intents as I
from engine.maharadjah import queries as Q
from engine.maharadjah.state import LOSSES, RETREAT_ATT, RETREAT_DEF
from engine.maharadjah.state import State as MaharadjahState
from tests.maharadjah.helpers import Dice, play, position, settle

from .seeded import assert_seeded, ranking

TINY = Budget.fixed(2)


def new_game(players: int, seed: int, short: bool = False) -> Game:
    return Game(RULESET, [Seat(f"P{n}") for n in range(players)], Options(short_game=short), seed)


def test_maharadjah_has_an_evaluator() -> None:
    assert evaluator_for("maharadjah") is not None


@pytest.mark.parametrize(("players", "short"), [(3, False), (4, False), (5, False), (3, True)])
def test_every_level_chooses_legal_intents(players: int, short: bool) -> None:
    """W-ASSIGN-1, W-SETUP-S1: each level, seated in turn, plays legal intents."""
    game = new_game(players, seed=players + 10 * short, short=short)
    for n in range(90):
        if not game.to_move():
            break
        seat = game.to_move()[0]
        legal = game.legal_intents(seat)
        level = LEVELS[(seat + n // 15) % len(LEVELS)]
        intent = choose_intent(RULESET, game.view(seat), seat, legal, level, Random(n),
                               budget=TINY)
        # a move leaving armies on the way (W-LEAD-3) is legal without being listed
        assert intent in legal or (isinstance(intent, I.Move) and intent.drops
                                   and game.is_legal(seat, intent)), (level, intent)
        game.play(seat, intent)


@pytest.mark.parametrize("level", LEVELS)
def test_bots_leave_armies_along_a_leaders_path(level: str) -> None:
    """W-LEAD-3: drops are not in the legal list, yet every level weighs them: with
    Alamgir and three armies in Delhi and the land around empty, leaving an army on
    the way holds one more territory than any listed move."""
    s = position(13, "MUGHALS", {"DEL": {"MUGHALS": 3}, "LAH": {"MUGHALS": 1}},
                 leaders={"ALAMGIR": "DEL"}, leader_turn={"ALAMGIR": 13})
    seat = RULESET.to_move(s)[0]
    legal = RULESET.legal_intents(s, seat)
    assert not any(isinstance(i, I.Move) and i.drops for i in legal)
    intent = choose_intent(RULESET, RULESET.view(s, seat), seat, legal, level, Random(2),
                           budget=Budget.fixed(6))
    assert isinstance(intent, I.Move) and intent.drops and intent.leaders == ("ALAMGIR",)
    assert RULESET.is_legal(s, seat, intent)
    before = len(maharadjah_policy.Q.occupied_by(s, "MUGHALS"))
    for event in RULESET.decide(s, seat, intent):
        RULESET.apply(s, event)
    assert len(maharadjah_policy.Q.occupied_by(s, "MUGHALS")) >= before + 2


# ~5 CPU-s: in the slow job. The default run keeps each level's legal choices over 90
# decisions at 3-5 players (test_every_level_chooses_legal_intents) and random play to
# the end with a winner (tests/maharadjah/test_games.py, W-END-1, W-END-2).
@pytest.mark.slow
def test_a_short_bot_game_finishes() -> None:
    """W-END-1, W-END-2: easy, medium and hard play the short game to its end."""
    seats = [bot_seat("a", "medium"), bot_seat("b", "easy"), bot_seat("c", "hard")]
    game = play_game(RULESET, seats, Options(short_game=True), seed=3, budget=TINY)
    assert game.is_over() and game.state.winners


# ----------------------------------------------- decisions that are not the active player's
def _losses() -> MaharadjahState:  # W-CMB-6: the attacker picks its casualties
    s = position(7, "CHOLA", {"KAR": {"CHOLA": 2}, "MYS": {"CHOLA": 1}, "KER": {"PANDYA": 1}})
    play(s, "CHOLA", I.Move(start="KAR", path=("KER",), armies=2))
    play(s, "CHOLA", I.Move(start="MYS", path=("KER",), armies=1))
    play(s, "PANDYA", I.Stand(), Dice([1, 1, 1, 6]))
    assert s.battle is not None and s.battle.stage == LOSSES
    return s


def _attacker_retreat() -> MaharadjahState:  # W-RET-3
    s = _losses()
    play(s, "CHOLA", I.TakeLosses(origins=("MYS",)))
    play(s, "PANDYA", I.Stand())
    assert s.battle is not None and s.battle.stage == RETREAT_ATT
    return s


def _defender_retreat() -> MaharadjahState:  # W-RET-1, W-RET-2
    s = position(10, "MUSLIMS", {"SND": {"MUSLIMS": 3}, "RAJ": {"CHOLA": 3},
                                 "GUJ": {"MUSLIMS": 1}, "LAH": {"MUSLIMS": 1},
                                 "MLW": {"CHOLA": 1}}, fresh={"SND": 3})
    play(s, "MUSLIMS", I.Move(start="SND", path=("RAJ",), armies=3), Dice([1, 1, 1, 1, 1, 1]))
    assert s.battle is not None and s.battle.stage == RETREAT_DEF
    return s


def _passage() -> MaharadjahState:  # W-BOAT-6: leave to sail past colonial armies
    s = position(11, "MUSLIMS", {"SND": {"MUSLIMS": 2}, "AS": {"PORTUGUESE": 2}})
    play(s, "MUSLIMS", I.Move(start="SND", path=("AS", "MAH"), armies=1))
    assert s.todo[0].kind == "passage"
    return s


def _post_consent() -> MaharadjahState:  # W-POST-5 (b)
    s = position(14, "FRENCH", {"GOL": {"FRENCH": 1}, "IO": {"FRENCH": 1},
                                "KAR": {"CHOLA": 1}}, phase="posts")
    play(s, "FRENCH", I.BuildPost(space="KAR"))
    assert s.todo[0].kind == "consent"
    return s


def _submission() -> MaharadjahState:  # W-SUB-1, W-SUB-4
    s = position(13, "MUSLIMS", {"KAR": {"PANDYA": 1}, "MYS": {"PANDYA": 1}, "LAN": {"PANDYA": 1},
                                 "BID": {"MUSLIMS": 3}, "GOL": {"MUSLIMS": 2}})
    play(s, "MUSLIMS", I.Move(start="BID", path=("MYS",), armies=3))
    play(s, "MUSLIMS", I.Move(start="GOL", path=("KAR",), armies=2))
    assert s.todo[0].kind == "offer"
    return s


def _alliance() -> MaharadjahState:  # W-SUB-9, W-ALLY-2
    s = position(13, "MUSLIMS", {"KAR": {"PANDYA": 1}, "MYS": {"PANDYA": 1},
                                 "BID": {"MUSLIMS": 3}}, allies=["MUSLIMS"])
    play(s, "MUSLIMS", I.Move(start="BID", path=("MYS",), armies=3))
    play(s, "PANDYA", I.Submit(nation="PANDYA", region="SOUTH"))
    assert s.todo[0].kind == "ally"
    return s


ASKED = {"losses": _losses, "attacker retreat": _attacker_retreat,
         "defender retreat": _defender_retreat, "passage": _passage,
         "post consent": _post_consent, "submission": _submission, "alliance": _alliance}


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("asked", sorted(ASKED))
def test_decisions_of_other_seats_are_legal(asked: str, level: str) -> None:
    """W-SEQ-2, W-GEN-10: the seat controlling the asked nation answers legally."""
    state = ASKED[asked]()
    seat = RULESET.to_move(state)[0]
    legal = RULESET.legal_intents(state, seat)
    assert len(legal) > 1
    intent = choose_intent(RULESET, RULESET.view(state, seat), seat, legal, level, Random(2),
                           budget=Budget.fixed(6))
    assert intent in legal


def test_medium_answers_as_the_defender() -> None:
    """W-BOAT-6, W-POST-5: leave to sail and a post help another player: refused."""
    for build in (_passage, _post_consent):
        state = build()
        seat = RULESET.to_move(state)[0]
        pick = choose_intent(RULESET, state, seat, RULESET.legal_intents(state, seat),
                             "medium", Random(0))
        assert pick == I.AnswerConsent(yes=False)


# ------------------------------------------------------------------ the judgement
def test_medium_spreads_onto_the_cards_territories() -> None:
    """W-VP-2: the Pandya, 2 armies in Mysore at turn 4 (KAR 2, MYS 2 at its end), send
    one army to vacant Karnataka and keep Mysore."""
    s = position(4, "PANDYA", {"MYS": {"PANDYA": 2}}, fresh={"MYS": 2})
    seat = RULESET.to_move(s)[0]
    pick = choose_intent(RULESET, s, seat, RULESET.legal_intents(s, seat), "medium", Random(0))
    assert isinstance(pick, I.Move) and (pick.start, pick.path[-1], pick.armies) == (
        "MYS", "KAR", 1)


def test_medium_marches_towards_the_cards_territories() -> None:
    """W-VP-2, W-MOVE-2: a lone Pandya army in Khandesh at turn 2, four crossings from
    Karnataka and Mysore (2 VP each at the end of turns 4 and 7), where its card scores
    nothing, goes two crossings nearer rather than staying put."""
    s = position(2, "PANDYA", {"KHA": {"PANDYA": 1}}, seats=5, fresh={"KHA": 1})
    seat = RULESET.to_move(s)[0]
    pick = choose_intent(RULESET, s, seat, RULESET.legal_intents(s, seat), "medium", Random(0))
    assert isinstance(pick, I.Move) and pick.start == "KHA" and pick.path[-1] in ("BID", "BIJ")


def test_medium_keeps_a_territory_towards_the_next_raj_level() -> None:
    """W-RAJ-2, W-RAJ-6: the Gupta at turn 6 hold 11 territories (Rajah, 1 VP a turn to
    16) and attack a lone Rajput army in Rajputana from Malwa with one army, keeping
    Malwa, rather than with both: a territory beyond the level's 9 is on the way to the
    next (and a cushion against losing this one), where the estimate saw no worth in it."""
    held = ["ASM", "BEN", "BHU", "BIH", "BUN", "JAU", "MAG", "NEP", "ORI", "OUD"]
    armies = {t: {"GUPTA": 1} for t in held}
    s = position(6, "GUPTA", {**armies, "MLW": {"GUPTA": 2}, "RAJ": {"RAJPUTS": 1}},
                 seats=5, fresh={"MLW": 2})
    seat = RULESET.to_move(s)[0]
    pick = choose_intent(RULESET, s, seat, RULESET.legal_intents(s, seat), "medium", Random(0))
    assert isinstance(pick, I.Move) and pick.start == "MLW" and pick.armies == 1, pick


def test_medium_keeps_a_colonial_power_on_free_post_sites() -> None:
    """W-POST-2, W-POST-5 (a), W-POST-6, W-VP-6: 2 Dutch armies alone in Kerala, a free
    post site, at turn 12 hold it and spread to a second free site (two posts a phase, a
    second coast) rather than march both inland onto the Chola in Mysore."""
    s = position(12, "DUTCH", {"KER": {"DUTCH": 2}, "MYS": {"CHOLA": 2}}, seats=5,
                 fresh={"KER": 2})
    seat = RULESET.to_move(s)[0]
    pick = choose_intent(RULESET, s, seat, RULESET.legal_intents(s, seat), "medium", Random(0))
    assert isinstance(pick, I.Move) and pick.start == "KER" and pick.armies == 1
    assert Q.board().territories[pick.path[-1]].post_site and pick.path[-1] != "MYS"


def test_medium_keeps_a_colonial_army_on_a_post_the_british_could_take() -> None:
    """W-POST-8, W-POST-9, W-VP-6: a Dutch army shielding its post in Orissa, British
    armies in the Bay of Bengal off that coast, stays rather than march inland onto a
    lone Mughal army (most lost posts were lone ones the British took)."""
    s = position(13, "DUTCH", {"ORI": {"DUTCH": 1}, "LAN": {"DUTCH": 1},
                               "MAG": {"MUGHALS": 1}, "BB": {"BRITISH": 2}},
                 seats=5, fresh={"ORI": 1, "LAN": 1},
                 posts={"ORI": "DUTCH", "LAN": "DUTCH", "SND": "DUTCH"})
    seat = RULESET.to_move(s)[0]
    pick = choose_intent(RULESET, s, seat, RULESET.legal_intents(s, seat), "medium", Random(0))
    assert not (isinstance(pick, I.Move) and pick.start == "ORI"), pick


def test_medium_splits_colonial_arrivals_over_two_vacant_post_sites() -> None:
    """W-POST-5 (a), W-POST-6, W-VP-6: 2 Dutch armies arriving in the Indian Ocean at
    turn 12, with Orissa and Bengal the only vacant post sites, send one army to the
    first (the other can still take the second: two posts this phase) rather than both."""
    s = position(12, "DUTCH", {"IO": {"DUTCH": 2}, "AND": {"CHOLA": 1},
                               "MAG": {"CHOLA": 1}}, seats=5, fresh={"IO": 2})
    for site in ("BIJ", "GOL", "GUJ", "KAR", "KER", "LAN", "MAH", "MAL", "SND"):
        s.armies[site] = {"MAHRATTAS": 2}
    seat = RULESET.to_move(s)[0]
    pick = choose_intent(RULESET, s, seat, RULESET.legal_intents(s, seat), "medium", Random(0))
    assert isinstance(pick, I.Move) and pick.path[-1] in ("ORI", "BEN") and pick.armies == 1


def test_medium_attacks_when_the_odds_are_good() -> None:
    """W-CMB-1, W-CMB-5, W-VP-2: 3 Chola beside 1 Pandya army in Karnataka (3 VP to the
    Chola at the end of turn 4) attack it, keeping Golkonda (1 VP) with the third army;
    2 Chola never attack 2 Pandya in rough Kerala (hit only on a 6)."""
    s = position(4, "CHOLA", {"GOL": {"CHOLA": 3}, "KAR": {"PANDYA": 1}}, fresh={"GOL": 3})
    seat = RULESET.to_move(s)[0]
    pick = choose_intent(RULESET, s, seat, RULESET.legal_intents(s, seat), "medium", Random(0))
    assert isinstance(pick, I.Move) and pick.path[-1] == "KAR" and pick.armies == 2
    rough = position(4, "CHOLA", {"MYS": {"CHOLA": 2}, "KER": {"PANDYA": 2}},
                     fresh={"MYS": 2})
    scored = maharadjah_policy.rank(rough, seat, RULESET.legal_intents(rough, seat))
    top = scored[0][1]
    assert not (isinstance(top, I.Move) and top.path[-1] == "KER")
    assert any(isinstance(i, I.Move) and i.path[-1] == "KER" for _, i in scored)


def test_medium_does_not_count_its_own_armies_as_a_threat_to_others() -> None:
    """W-SETUP-2, W-VP-2, W-MOVE-2: at the opening of the 5-player game (seed 7440) the
    Pandya's first move takes the Malwa army nearer to Karnataka and Mysore, their
    card's territories, not to Rajputana beside the Harappans' land, where the card
    scores nothing: the seat judges the others' territories without its own armies as a
    threat to them (a lone army hovering beside a rival used to look like a gain)."""
    game = Game(RULESET, [Seat(f"P{n}") for n in range(5)], Options(), 7440)
    s = game.state
    settle(s)
    assert (s.turn, s.active) == (1, "PANDYA") and s.armies["MLW"] == {"PANDYA": 1}
    seat = RULESET.to_move(s)[0]
    pick = choose_intent(RULESET, s, seat, RULESET.legal_intents(s, seat), "medium", Random(0))
    far = maharadjah_eval._distances()
    assert isinstance(pick, I.Move) and pick.start == "MLW", pick
    assert far[pick.path[-1]]["MYS"] < far["MLW"]["MYS"], pick


def test_medium_refuses_an_alliance_that_leaves_nothing_to_attack() -> None:
    """W-ALLY-1, W-ALLY-4, W-VP-3, W-INV-1: the Afghans, asked to ally at the start of
    their turn-15 sequence, would then be barred from attacking the allied Sikhs alone in
    Punjab and Lahore, one and two crossings from Afghanistan (a raid of 3 VP each): they
    refuse. The estimate saw neither side of an alliance, the values tied and the first
    choice listed, allying, was taken (the Afghans scored about 1 VP a game)."""
    s = position(15, "AFGHANS", {"PUN": {"SIKHS": 1}, "LAH": {"SIKHS": 1},
                                 "DEL": {"MUGHALS": 2}, "IO": {"BRITISH": 6}},
                 seats=5, phase="growth", allies=["SIKHS", "MUGHALS"])
    RULESET.apply(s, ev.Owe(kind="offer", nation="AFGHANS", count=1, what="ally"))
    seat = RULESET.to_move(s)[0]
    legal = RULESET.legal_intents(s, seat)
    assert any(isinstance(i, I.Ally) for i in legal)
    assert choose_intent(RULESET, s, seat, legal, "medium", Random(0)) == I.Stand()


def test_allied_armies_are_no_threat_to_a_member() -> None:
    """W-ALLY-4: no member of the alliance may attack another, so the Mughals' armies
    beside the Sikhs' Punjab leave its worth to the Sikhs as it is without them once both
    are allies, and lower it while the Mughals are not."""
    alone = {"PUN": {"SIKHS": 1}, "IO": {"BRITISH": 2}}
    beside = {**alone, "LAH": {"MUGHALS": 3}, "RAJ": {"MUGHALS": 3}}

    def sikhs(armies: dict[str, dict[str, int]], allies: list[str]) -> float:
        return maharadjah_eval.nation_values(position(13, "MUGHALS", armies, seats=5,
                                                      allies=allies))["SIKHS"]

    assert sikhs(beside, ["SIKHS", "MUGHALS"]) == pytest.approx(sikhs(alone, []))
    assert sikhs(beside, ["SIKHS"]) < sikhs(alone, []) - 0.5


def test_medium_loses_no_maurya_army_to_stacking_in_turn_one() -> None:
    """W-STACK-3 (amended): five medium computers, seed 7100: the Maurya invasion of turn
    1 used to end with Maurya armies removed for stacking (moves the rules now refuse
    before they are made); no army is lost that way any more."""
    from engine.bots import choose
    from engine.core.table import LocalTable
    from engine.maharadjah import events as ev

    game = Game(RULESET, [bot_seat(f"medium {n}", "medium") for n in range(5)], None, 7100)
    table = LocalTable(game, chooser=choose)
    while game.state.turn <= 1 and table.run_computers(1):
        pass
    removed = [e for _, e in game.events() if isinstance(e, ev.ArmiesRemoved)
               and e.why == "stacking"]
    assert game.state.turn == 2 and removed == []


def test_battle_odds_are_exact() -> None:
    """W-CMB-3..5: one army against one, rolling until one falls."""
    pa, pd = 2 / 6, 2 / 6
    win, lose, _, _ = maharadjah_eval.odds(1, 1, 2, 2)
    assert win == pytest.approx(pa * (1 - pd) / (1 - (1 - pa) * (1 - pd)))
    assert lose == pytest.approx(win)
    big, _, _, _ = maharadjah_eval.odds(6, 1, 2, 2)
    assert big > 0.9


# ------------------------------------------------------------------ view and seeds
@pytest.mark.parametrize("level", LEVELS)
def test_the_view_is_not_modified(level: str) -> None:
    game = new_game(4, seed=4)
    for _ in range(6):  # into the Pandya's Movement Phase
        seat = game.to_move()[0]
        game.play(seat, maharadjah_policy.best(game.view(seat), seat))
    seat = game.to_move()[0]
    view = game.view(seat)
    before = msgspec.msgpack.encode(view)
    choose_intent(RULESET, view, seat, game.legal_intents(seat), level, Random(1),
                  budget=Budget.fixed(6))
    assert msgspec.msgpack.encode(view) == before


def test_hard_is_reproducible_with_a_fixed_budget() -> None:
    """W-GEN-11: the rollouts' dice come from the decision's seeded generator."""
    game = new_game(5, seed=6)
    seat = game.to_move()[0]
    assert_seeded(lambda seed: ranking(game, seat, decision_rng(seed, seat, len(game.steps)),
                                       Budget.fixed(4)), 42, 45)  # 43, 44: as 42
