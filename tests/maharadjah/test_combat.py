"""Battles: dice, thresholds, leaders, losses, retreats, posts (§11, W-TEST-2, 3, 4)."""

from __future__ import annotations

from random import Random

from engine.core import draw
from engine.core.rng import rng_for
from engine.maharadjah import combat
from engine.maharadjah import events as ev
from engine.maharadjah import intents as it
from engine.maharadjah.state import RETREAT_ATT, RETREAT_DEF
from tests.maharadjah.helpers import Dice, end_move, of, play, position, refused


def _andhra(leader: bool) -> tuple:
    extra = {"leaders": {"AKBAR": "BER"}, "leader_turn": {"AKBAR": 12}} if leader else {}
    s = position(12, "MUGHALS", {"BER": {"MUGHALS": 4}, "AND": {"BRITISH": 3}}, **extra)
    dice = Dice([2, 2, 5, 6, 1, 3, 4])  # Mughal dice first, then the British
    events = play(s, "MUGHALS", it.Move(start="BER", path=("AND",), armies=4,
                                        leaders=("AKBAR",) if leader else ()), dice)
    return s, events


def test_combat_dice_scenario() -> None:
    """W-TEST-2: W-CMB-3, W-CMB-4, W-CMB-5, W-CMB-6, W-CMB-7, W-GEN-11, W-MAP-2 item 11."""
    s, events = _andhra(leader=False)
    [r] = of(events, ev.BattleRound)
    assert (r.attacker_dice, r.defender_dice) == ((2, 2, 5, 6), (1, 3, 4))
    assert (r.hits_on_defender, r.hits_on_attacker) == (1, 1)
    assert s.armies["AND"] == {"MUGHALS": 3, "BRITISH": 2}
    assert s.battle is not None and s.battle.stage == RETREAT_DEF  # the British may retreat
    s, events = _andhra(leader=True)
    [r] = of(events, ev.BattleRound)
    assert r.attacker_bonus == 1 and r.hits_on_defender == 2  # W-LEAD-4: 3, 3, 6, 7


def test_leader_killed_with_last_army_scenario() -> None:
    """W-TEST-2 (kill credit): W-LEAD-5, W-LEAD-7, W-CMB-9, W-VP-4, W-VP-1."""
    s = position(13, "MUSLIMS", {"JAU": {"MUSLIMS": 3}, "DEL": {"MUGHALS": 1}},
                 leaders={"AKBAR": "DEL"}, leader_turn={"AKBAR": 12})
    play(s, "MUSLIMS", it.Move(start="JAU", path=("AGR", "DEL"), armies=3))
    assert s.todo[0].kind == "offer"  # W-SUB-1, W-SUB-4: the Mughals may submit; they decline
    events = play(s, "MUGHALS", it.Stand(), Dice([6, 1, 1, 1]))
    assert ev.LeaderKilled(leader="AKBAR", by="MUSLIMS") in events
    assert ev.VPScored(nation="MUSLIMS", vp=2, why="Akbar killed") in events
    assert s.vp["MUSLIMS"][13] == 2


def test_defender_retreat_scenario() -> None:
    """W-TEST-3: W-RET-1, W-RET-2, W-RET-4, W-AMB-42, W-MAP-2 item 9, W-STACK-4."""
    s = position(10, "MUSLIMS", {"SND": {"MUSLIMS": 3}, "RAJ": {"CHOLA": 3},
                                 "GUJ": {"MUSLIMS": 1}, "LAH": {"MUSLIMS": 1},
                                 "MLW": {"CHOLA": 1}}, fresh={"SND": 3})
    play(s, "MUSLIMS", it.Move(start="SND", path=("RAJ",), armies=3), Dice([1, 1, 1, 1, 1, 1]))
    assert s.battle is not None and s.battle.stage == RETREAT_DEF
    assert combat.defender_retreats(s) == ["AGR", "MLW"]
    assert refused(s, "CHOLA", it.Retreat(to="SND", armies=1)) == "W-RET-2"
    play(s, "CHOLA", it.Retreat(to="MLW", armies=3))  # MLW becomes the Chola's one large stack
    assert s.armies["MLW"] == {"CHOLA": 4}
    assert s.battle is None  # every defender left: the attacker stays (W-CMB-8)
    t = position(10, "MUSLIMS", {"SND": {"MUSLIMS": 3}, "RAJ": {"CHOLA": 3},
                                 "MLW": {"CHOLA": 1}, "BUN": {"CHOLA": 4}})
    play(t, "MUSLIMS", it.Move(start="SND", path=("RAJ",), armies=3), Dice([1, 1, 1, 1, 1, 1]))
    assert refused(t, "CHOLA", it.Retreat(to="MLW", armies=3)) == "W-STACK-4"


def test_attacker_retreat_scenario() -> None:
    """W-TEST-4: W-RET-3, W-CMB-6 (the owner picks its losses), W-MAP-2 item 10."""
    for lost, room in ((("MYS",), {"KAR": 2}), (("KAR",), {"KAR": 1, "MYS": 1})):
        s = position(7, "CHOLA", {"KAR": {"CHOLA": 2}, "MYS": {"CHOLA": 1},
                                  "KER": {"PANDYA": 1}})
        play(s, "CHOLA", it.Move(start="KAR", path=("KER",), armies=2))
        play(s, "CHOLA", it.Move(start="MYS", path=("KER",), armies=1))
        play(s, "PANDYA", it.Stand(), Dice([1, 1, 1, 6]))  # no submission (W-SUB-4)
        assert s.battle is not None and s.battle.stage == "losses"
        assert refused(s, "CHOLA", it.TakeLosses(origins=("KAR", "KAR"))) == "W-CMB-6"
        play(s, "CHOLA", it.TakeLosses(origins=lost))
        # W-RET-2: never where attackers entered from, even once those armies are gone
        assert combat.defender_retreats(s) == ["MAL"]
        play(s, "PANDYA", it.Stand())
        assert s.battle.stage == RETREAT_ATT
        assert combat.attacker_retreats(s) == room


def test_invaders_cannot_retreat_and_colonial_thresholds() -> None:
    """W-RET-3 (from a barbarian land), W-CMB-5 colonial 6, W-NAV-2 at sea, W-NAV-1."""
    s = position(12, "MUGHALS", {"AFG": {"MUGHALS": 2}, "PUN": {"SIKHS": 1}})
    play(s, "MUGHALS", it.Move(start="AFG", path=("PUN",), armies=2), Dice([1, 1, 1]))
    assert combat.attacker_retreats(s) == {}
    assert combat.threshold(True, False, "IO") == 6
    assert combat.threshold(False, True, "AND") == 6 and combat.threshold(False, False, "AND") == 5
    sea = position(14, "FRENCH", {"IO": {"FRENCH": 2, "BRITISH": 2}})
    end_move(sea, "FRENCH")
    assert combat.optional(sea) == [("IO", "BRITISH")]  # never compulsory at sea


def test_lone_post_attack_and_break_off() -> None:
    """W-CMB-2, W-CMB-8, W-POST-7, W-POST-8, W-POST-9, W-AMB-35, W-AMB-43, W-VP-4 posts."""
    s = position(14, "MAHRATTAS", {"MAH": {"MAHRATTAS": 2}}, posts={"BIJ": "BRITISH"})
    play(s, "MAHRATTAS", it.Move(start="MAH", path=("BIJ",), armies=2))
    end_move(s, "MAHRATTAS")
    assert combat.compulsory(s) == [] and combat.optional(s) == [("BIJ", "BRITISH")]
    play(s, "MAHRATTAS", it.Fight(space="BIJ", enemy="BRITISH"), Dice([1, 1, 1]))
    assert s.battle is not None and s.battle.stage == RETREAT_ATT
    play(s, "MAHRATTAS", it.BreakOff())
    assert s.posts == {"BIJ": "BRITISH"} and "BIJ" in s.broken_off
    t = position(14, "MAHRATTAS", {"MAH": {"MAHRATTAS": 2}}, posts={"BIJ": "BRITISH"})
    play(t, "MAHRATTAS", it.Move(start="MAH", path=("BIJ",), armies=2))
    end_move(t, "MAHRATTAS")
    events = play(t, "MAHRATTAS", it.Fight(space="BIJ", enemy="BRITISH"), Dice([5, 1, 1]))
    assert ev.VPScored(nation="MAHRATTAS", vp=1, why="British post destroyed") in events
    assert "BIJ" not in t.posts


def test_whether_the_defender_may_retreat_is_whether_it_has_a_destination() -> None:
    """W-RET-2: the automatic step's question (``defender_may_retreat``, stopping at the
    first destination) is whether the defender's retreat destinations are any, at every
    step of random games (battles at every stage)."""
    from random import Random

    from engine.core.game import Game
    from engine.core.ruleset import Seat
    from engine.maharadjah import RULESET

    answers = {True: 0, False: 0}
    for seed in range(3):
        game = Game(RULESET, [Seat(f"P{i}") for i in range(4)], None, seed)
        rng = Random(seed)
        while game.to_move():
            state = game.state
            if state.battle is not None:
                may = combat.defender_may_retreat(state)
                assert may == bool(combat.defender_retreats(state)), (seed, len(game.steps))
                answers[may] += 1
            seat = rng.choice(game.to_move())
            game.play(seat, rng.choice(game.legal_intents(seat)))
    assert min(answers.values()) > 20, answers


def test_a_battles_dice_are_a_die_each_drawn_in_turn() -> None:
    """W-CMB-3: the dice a round rolls together (``draw.dice``) are those a die each
    (``draw.randint(rng, 1, 6)``) draws one after another, the same bits taken, from a
    seeded generator and from a step's own."""
    for seed in range(200):
        for count in range(8):
            one_by_one = Random(seed)
            expected = tuple(draw.randint(one_by_one, 1, 6) for _ in range(count))
            together = Random(seed)
            assert draw.dice(together, count) == expected, (seed, count)
            assert together.getstate() == one_by_one.getstate(), (seed, count)
            step, again = rng_for(seed, count, 0), rng_for(seed, count, 0)
            assert draw.dice(step, count) == tuple(draw.randint(again, 1, 6)
                                                   for _ in range(count)), (seed, count)
