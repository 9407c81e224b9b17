"""Priests and travel (maharaja.md §7)."""

from __future__ import annotations

import pytest

from engine.maharaja import events as ev
from engine.maharaja import intents as it
from engine.maharaja.scoring import city_cp
from tests.maharaja.helpers import at_turn, put, refused


def game_at_start(n: int = 4, **kw):
    """Seat 0 (red, character 1) to move from START; every village empty."""
    return at_turn(n, **kw)


def test_priest_moves_city_to_city_through_cities_and_start_many_times() -> None:
    """MJ-MOVE-1: any number of moves along roads, passing cities and START."""
    game = game_at_start()
    for v in ("v18", "v19", "v15", "v01", "v02"):
        put(game, v, 0)
    game.play(0, it.MovePriest(route=("R10", "R08", "R01")))  # START-JAI-DEL-LAH
    assert game.state.players[0].priest == "LAH"
    game.play(0, it.MovePriest(route=("R01",)))
    game.play(0, it.MovePriest(route=("R08", "R10")))  # back to START through JAI
    assert game.state.players[0].priest == "START"
    assert game.state.players[0].coins == 15
    refused(game, 0, it.MovePriest(route=("R01",)), "MJ-MOVE-1")  # R01 does not leave START
    refused(game, 0, it.MovePriest(route=("R99",)), "MJ-MOVE-1")
    refused(game, 0, it.MovePriest(route=()), "MJ-MOVE-1")


def test_road_usable_only_when_every_village_holds_a_shrine() -> None:
    """MJ-MOVE-2: one empty village closes the road."""
    game = game_at_start()
    put(game, "v18", 1)
    refused(game, 0, it.MovePriest(route=("R10",)), "MJ-MOVE-2")
    assert it.MovePriest(route=("R10",)) not in game.legal_intents(0)
    put(game, "v19", 2)
    assert it.MovePriest(route=("R10",)) in game.legal_intents(0)


def test_tolls_one_coin_to_each_owner_in_villages_without_own_shrine() -> None:
    """MJ-MOVE-3: 1 coin to each player with a shrine in a village passed where the
    mover has none; own village free; cities and START free."""
    game = game_at_start()
    put(game, "v18", 1, 2)  # yellow and green
    put(game, "v19", 0, 3)  # red's own: free
    events = game.play(0, it.MovePriest(route=("R10",)))
    moved = next(e for e in events if isinstance(e, ev.PriestMoved))
    assert moved.tolls == ((1, 1), (2, 1))
    coins = [p.coins for p in game.state.players]
    assert coins == [13, 16, 16, 15]


def test_cheapest_route_offered_first_and_another_route_may_be_chosen() -> None:
    """MJ-MOVE-4: the cheapest route is the default; a dearer one paying other
    players is legal; a move that cannot be paid for is refused."""
    game = game_at_start()
    put(game, "v18", 0)
    put(game, "v19", 0)
    put(game, "v15", 1)  # START-JAI-DEL via R08: 1 coin to yellow
    for v in ("v13", "v14", "v01", "v02"):
        put(game, v, 2)  # via LAH: 4 coins to green
    to_del = [i.route for i in game.legal_intents(0)
              if isinstance(i, it.MovePriest) and i.route[-1] in ("R08", "R01")
              and i.route[0] == "R10" and len(i.route) > 1]
    assert to_del[0] == ("R10", "R08")
    assert ("R10", "R07", "R01") in to_del
    game.play(0, it.MovePriest(route=("R10", "R07", "R01")))
    assert [p.coins for p in game.state.players] == [11, 15, 19, 15]
    game.state.players[0].coins = 0
    refused(game, 0, it.MovePriest(route=("R08",)), "MJ-MOVE-4")
    assert not any(isinstance(i, it.MovePriest) and i.route == ("R08",)
                   for i in game.legal_intents(0))


def test_priest_in_city_scores_one_cp() -> None:
    """MJ-MOVE-5: a priest in the scored city is worth 1 CP."""
    game = game_at_start()
    state = game.state
    assert city_cp(state, "HYD", 0) == 0
    state.players[0].priest = "HYD"
    assert city_cp(state, "HYD", 0) == 1


def test_the_route_walk_and_the_open_roads_are_the_network_s() -> None:
    """MJ-MOVE-1/2 as engine queries the UI and the bots call: where a route leads, which
    villages it passes, which roads are open, what the move owes."""
    from engine.maharaja.queries import board, move_tolls, open_roads

    net = board()
    walk = net.walk("START", ("R10", "R08", "R01"))
    assert walk.stops == ("START", "JAI", "DEL", "LAH") and walk.end == "LAH"
    assert walk.villages[:2] == net.villages_from("R10", "START")
    with pytest.raises(ValueError, match="R01"):
        net.walk("START", ("R01",))  # R01 does not leave START
    game = game_at_start()
    assert "R10" not in open_roads(game.state)
    put(game, "v18", 1)
    put(game, "v19", 2)
    assert "R10" in open_roads(game.state) and net.is_open("R10", game.state.villages.get)
    assert move_tolls(game.state, 0, ("R10",)) == ((1, 1), (2, 1))  # MJ-MOVE-3


def test_shrine_places_follow_a_village_capacity_for_the_same_villages_held() -> None:
    """MJ-SHR-4: with the same villages held, a village with one shrine is full at 2
    players and open at 4. The listing keeps shrine places per occupancy of the villages,
    so it must tell games of 2 and 4 seats apart."""
    for n, open_to_seat_0 in ((4, True), (2, False), (4, True)):
        game = at_turn(n, plans={0: (4, 5)})  # seat 0 moves first: Two shrines, coins
        put(game, "v01", 1)
        places = {i.place for i in game.legal_intents(0) if isinstance(i, it.BuildShrine)}
        assert ("v01" in places) is open_to_seat_0, n
        assert "v02" in places  # an empty village is open at any count


def test_shrine_places_follow_the_priest_under_the_same_villages_held() -> None:
    """MJ-SHR-2: a shrine goes in the city where the priest stands; moving on (no
    village changes hands, so the listing's kept places are the occupancy's) moves it."""
    game = game_at_start(plans={0: (4, 5)})  # Two shrines, then coins
    for v in ("v18", "v19", "v15"):
        put(game, v, 1)

    def cities() -> set[str]:
        return {i.place for i in game.legal_intents(0)
                if isinstance(i, it.BuildShrine) and i.place in game.state.cities}

    assert cities() == set()  # START is no city
    game.play(0, it.MovePriest(route=("R10",)))  # to JAI
    assert cities() == {"JAI"}
    game.play(0, it.MovePriest(route=("R08",)))  # on to DEL
    assert cities() == {"DEL"}
