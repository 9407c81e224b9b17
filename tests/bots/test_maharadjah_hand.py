"""The Maharadjah computers play a player's whole hand of nations over the coming turns:
armies carried over to a later nation (W-SCHED-2), the event table's removals and the
turns without growth (W-SCHED-1, 3, 4; W-GROW-3), each card's VP still to come (W-VP-2)
and the trading posts a colonial power's armies could build (W-POST-5, W-VP-6)."""

from __future__ import annotations

from random import Random

from engine.bots import choose_intent, maharadjah_eval
from engine.bots.maharadjah_outlook import bearer, outlook
from engine.maharadjah import RULESET
from engine.maharadjah import intents as I
from tests.maharadjah.helpers import position


def medium(state: object) -> object:
    seat = RULESET.to_move(state)[0]
    return choose_intent(RULESET, state, seat, RULESET.legal_intents(state, seat), "medium",
                         Random(0))


# ------------------------------------------------------------------ the outlook
def test_a_maurya_army_serves_the_gupta_from_turn_six() -> None:
    """W-SCHED-2: the Maurya card ends with turn 4 and the Maurya's Raj with turn 5
    (W-RAJ-6); their armies then score on the Gupta card."""
    assert [bearer("MAURYA", t) for t in (4, 5, 6, 16)] == ["MAURYA", "MAURYA", "GUPTA",
                                                           "GUPTA"]
    look = outlook(5, "MAURYA", "5p", True, False, 0)
    # the Gupta's turn-7 entry (Magadha 2 VP, Berar 1 as any other territory), after
    # their growth of turns 6 and 7; Magadha (North India) scores again from turn 10
    gupta = [s for s in look.stages if s.vp is not None and s.vp["MAG"]]
    assert [(s.removed, s.growths) for s in gupta] == [(0, 0), (16, 2)]
    assert gupta[0].vp["MAG"] > gupta[0].vp["BER"] > 0 and not gupta[1].vp["BER"]
    assert look.scores_later


def test_the_removals_of_turns_eight_and_nine_come_before_the_later_scorings() -> None:
    """W-SCHED-3, W-SCHED-4, W-GROW-3: from turn 7 the Gupta score turn 7 with every army
    they hold, turns 10, 13 and 16 after 16 armies are gone and without growth; in the
    short game only the 8 of turn 8 go (W-SETUP-S3)."""
    look = outlook(7, "GUPTA", "5p", True, False, 0)
    # (the Raj of turn 8 after the first 8)
    assert [(s.removed, s.growths) for s in look.stages] == [(0, 0), (8, 0), (16, 0)]
    assert look.stages[0].vp and look.stages[0].vp["MAG"]
    assert look.stages[1].vp is None  # (the Raj of turn 8 only)
    assert look.stages[2].vp and look.stages[2].vp["NEP"]  # Himalaya: turns 10-16
    assert look.growth_soon == 0 and look.doomed == 8  # the turn-8 removal is next
    short = outlook(9, "GUPTA", "short", True, False, 0)
    assert {s.removed for s in short.stages} == {0}
    # the Maurya at turn 4: their card and Raj; 6 go at the start of turn 5 (no growth
    # then), the Gupta grow in turns 6 and 7, then lose 8 and 8
    assert [(s.removed, s.growths) for s in outlook(4, "MAURYA", "5p", True, False, 0).stages
            ] == [(0, 0), (6, 0), (6, 1), (6, 2), (14, 2), (22, 2)]


def test_a_removal_being_made_counts_what_it_still_owes() -> None:
    """W-SCHED-8: while the owner picks the 8 Gupta armies of turn 8, the removal still
    owed is counted before every scoring to come."""
    assert [s.removed for s in outlook(8, "GUPTA", "5p", True, False, 5).stages] == [5, 13]


# ------------------------------------------------------------------ the judgement
def test_medium_holds_the_maurya_territories_the_gupta_will_score() -> None:
    """W-SCHED-2, W-VP-2: in turn 5 the Maurya card has nothing left to score, but their
    armies become Gupta armies at the start of turn 6 and Magadha is worth 2 VP to the
    Gupta at the end of turn 7 (Berar 1, and nothing from turn 10): of two Maurya armies
    in Gondwana, one goes to Magadha or, past it, to Bengal (2 VP too)."""
    s = position(5, "MAURYA", {"GON": {"MAURYA": 2}}, fresh={"GON": 2})
    pick = medium(s)
    assert isinstance(pick, I.Move) and (pick.path[-1], pick.armies) in (("MAG", 1), ("BEN", 1))
    # and the estimate counts it: a Maurya army in Magadha is worth more than in Berar
    there = position(5, "MAURYA", {"MAG": {"MAURYA": 1}})
    elsewhere = position(5, "MAURYA", {"BER": {"MAURYA": 1}})
    assert maharadjah_eval.nation_values(there)["MAURYA"] > \
        maharadjah_eval.nation_values(elsewhere)["MAURYA"]


def test_the_dutch_land_where_they_can_build_a_post() -> None:
    """W-POST-5 (a), W-VP-6: the Dutch arrive in the Indian Ocean in turn 12 with two
    armies; a post needs a Dutch army on its site, so they land on free post sites
    rather than wait at sea (or march inland), and build there."""
    s = position(12, "DUTCH", {"IO": {"DUTCH": 2}, "MYS": {"CHOLA": 2}}, fresh={"IO": 2})
    pick = medium(s)
    sites = {t for t, terr in maharadjah_eval.Q.board().territories.items() if terr.post_site}
    assert isinstance(pick, I.Move) and pick.path[-1] in sites - {"MYS"}


def test_medium_counts_the_kills_a_defender_scores() -> None:
    """W-VP-4: the Harappans score 2 VP for each Maurya army they destroy, defending too.
    In turn 2 two Maurya armies in Orissa wait rather than attack the lone Harappan army
    in Magadha (about 0.6 Maurya armies lost on average, 1.2 VP to the Harappans); three
    attack it."""
    around = {"MAG": {"HARAPPANS": 1}, "AND": {"CHOLA": 3}, "BEN": {"CHOLA": 3},
              "GON": {"CHOLA": 2}}
    two = position(2, "MAURYA", {"ORI": {"MAURYA": 2}, **around}, fresh={"ORI": 2})
    assert medium(two) == I.EndMovement()
    three = position(2, "MAURYA", {"ORI": {"MAURYA": 3}, **around}, fresh={"ORI": 3})
    pick = medium(three)
    assert isinstance(pick, I.Move) and pick.path == ("MAG",) and pick.armies >= 2


def test_medium_spends_the_armies_the_next_removal_takes() -> None:
    """W-SCHED-3: at the start of turn 8 the Gupta lose 8 armies, whatever they do; in
    turn 7 (2 VP for Magadha at its end, W-VP-2) three Gupta armies beside two Chola
    armies in Magadha attack them, armies the removal would take anyway. In turn 6, with
    the removal two turns away, the same armies keep out of the fight."""
    armies = {"ORI": {"GUPTA": 3}, "MAG": {"CHOLA": 2}, "AND": {"CHOLA": 3},
              "BEN": {"GUPTA": 1}, "BIH": {"GUPTA": 1}, "GON": {"CHOLA": 2}}
    pick = medium(position(7, "GUPTA", armies, fresh={"ORI": 3}))
    assert isinstance(pick, I.Move) and pick.path[-1] == "MAG" and pick.armies == 3
    calm = medium(position(6, "GUPTA", armies, fresh={"ORI": 3}))
    assert not (isinstance(calm, I.Move) and calm.path[-1] == "MAG")
