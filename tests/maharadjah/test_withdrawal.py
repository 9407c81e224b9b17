"""Withdrawal after a submission or an alliance takes the leaders and arms markers along
with the armies (amended W-SUB-5 and W-ALLY-5, as in W-RET-5): no leader is left alone
beside the other nation's armies."""

from __future__ import annotations

from engine.maharadjah import events as ev
from engine.maharadjah import intents as it
from tests.maharadjah.helpers import end_move, of, play, position


def test_a_leader_withdraws_with_the_armies_after_a_submission() -> None:
    """W-SUB-5 (amended), W-RET-5: turn 10, the Muslims move 3 armies and Aybak from
    Bidar to Mysore and 2 armies from Golkonda to Karnataka; the Pandya submit. The
    armies go back where they came from, and Aybak with the last group from Mysore:
    not left alone in Mysore with a Pandya army."""
    s = position(10, "MUSLIMS", {"BID": {"MUSLIMS": 3}, "GOL": {"MUSLIMS": 2},
                                 "KAR": {"PANDYA": 1}, "MYS": {"PANDYA": 1},
                                 "LAN": {"PANDYA": 1}},
                 leaders={"AYBAK": "BID"}, leader_turn={"AYBAK": 10})
    play(s, "MUSLIMS", it.Move(start="BID", path=("MYS",), armies=3, leaders=("AYBAK",)))
    play(s, "MUSLIMS", it.Move(start="GOL", path=("KAR",), armies=2))
    assert s.todo[0].kind == "offer" and s.todo[0].nation == "PANDYA"
    events = play(s, "PANDYA", it.Submit(nation="PANDYA", region="SOUTH"))
    [sub] = of(events, ev.Submitted)
    assert sub.withdrawals == (("KAR", "GOL", 2), ("MYS", "BID", 3))
    assert sub.leaders == (("AYBAK", "BID"),)
    assert s.leaders["AYBAK"] == "BID"
    assert s.armies["MYS"] == {"PANDYA": 1} and s.armies["BID"] == {"MUSLIMS": 3}
    assert not of(events, ev.LeaderKilled)


def test_a_leader_withdraws_with_the_armies_after_an_alliance() -> None:
    """W-ALLY-5 (amended): five medium computers, seed 11, turn 13: the allied Mughals
    send an army with Alamgir from Kashmir to Delhi (a Muslim army there) and 2 armies
    from Khandesh into Berar (one Muslim army); the Muslims ally with the British. The
    Mughal armies go back, and Alamgir with the army leaving Delhi: not left beside the
    Muslim army (W-LEAD-1: a leader alone among enemy armies would only die)."""
    s = position(13, "MUGHALS", {"KAS": {"MUGHALS": 1}, "KHA": {"MUGHALS": 2},
                                 "DEL": {"MUSLIMS": 1}, "BER": {"MUSLIMS": 1},
                                 "MAH": {"MUSLIMS": 1}},
                 leaders={"ALAMGIR": "KAS"}, leader_turn={"ALAMGIR": 13}, allies=["MUGHALS"])
    play(s, "MUGHALS", it.Move(start="KAS", path=("LAD", "NEP", "DEL"), armies=1,
                               leaders=("ALAMGIR",)))
    play(s, "MUGHALS", it.Move(start="KHA", path=("BER",), armies=2))
    end_move(s, "MUGHALS")
    assert s.todo and s.todo[0].kind == "offer" and s.todo[0].nation == "MUSLIMS"
    events = play(s, "MUSLIMS", it.Ally(nation="MUSLIMS", cost="marker"))
    [allied] = of(events, ev.Allied)
    assert allied.withdrawals == (("BER", "KHA", 2), ("DEL", "NEP", 1))
    assert allied.leaders == (("ALAMGIR", "NEP"),)
    assert s.leaders["ALAMGIR"] == "NEP" and s.armies["NEP"] == {"MUGHALS": 1}
    assert s.armies["DEL"] == {"MUSLIMS": 1}
    assert not of(events, ev.LeaderKilled)


def test_a_leader_and_arms_withdraw_with_the_armies_after_an_alliance() -> None:
    """W-ALLY-5 (amended), W-SUB-5: turn 13, allied Mughals with Alamgir and the British
    arms attack Delhi, held by a Muslim army, from Agra (a British post where one Mughal
    army stays, W-ARMS-1); the Muslims ally with the British. The Mughal armies leave
    at once, and Alamgir and the arms marker with them."""
    s = position(13, "MUGHALS", {"AGR": {"MUGHALS": 3}, "DEL": {"MUSLIMS": 1},
                                 "BEN": {"BRITISH": 1}},
                 leaders={"ALAMGIR": "AGR"}, leader_turn={"ALAMGIR": 13},
                 allies=["MUGHALS"], arms={"BRITISH": "MUGHALS"},
                 arms_at={"BRITISH": "AGR"}, posts={"AGR": "BRITISH"})
    play(s, "MUGHALS", it.Move(start="AGR", path=("DEL",), armies=2, leaders=("ALAMGIR",),
                               arms=("BRITISH",)))
    end_move(s, "MUGHALS")
    assert s.todo and s.todo[0].kind == "offer" and s.todo[0].nation == "MUSLIMS"
    events = play(s, "MUSLIMS", it.Ally(nation="MUSLIMS", cost="marker"))
    [allied] = of(events, ev.Allied)
    assert allied.withdrawals == (("DEL", "AGR", 2),)
    assert allied.leaders == (("ALAMGIR", "AGR"),) and allied.arms == (("BRITISH", "AGR"),)
    assert s.leaders["ALAMGIR"] == "AGR" and s.arms_at["BRITISH"] == "AGR"
    assert s.arms["BRITISH"] == "MUGHALS"  # still held (W-ARMS-6: its army is with it)
    assert s.armies["DEL"] == {"MUSLIMS": 1}
