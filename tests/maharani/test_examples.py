"""The spec's worked examples M-EX-1..16, each played through the core."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalIntent
from engine.core.game import copy_state
from engine.maharani import RULESET
from engine.maharani import events as ev
from engine.maharani import intents as it
from engine.maharani.board import palace
from engine.maharani.queries import slot_quarter
from engine.maharani.scoring import score_quarter, winners

from .helpers import game, gold, of, place, put, set_slot


def test_ex1_tile_zone() -> None:
    """M-EX-1, M-GOLD-1: 1 gold, then a linking tile earns its whole zone (3)."""
    g = game(4, slots=("BLUE H1-F", "BLUE H2-X", "RED H2-P", "RED H2-P"))
    first = of(place(g, 1, "r0c6", "W"), ev.TilePlaced)[0]  # slot 1 (NW) into NE
    assert (first.gold, first.zone) == (1, ("r0c6",))
    put(g, "r0c4", "BLUE H2-P")  # later: not adjacent to r0c6
    second = of(place(g, 2, "r0c5", "S"), ev.TilePlaced)[0]
    assert (second.gold, second.zone) == (3, ("r0c4", "r0c5", "r0c6"))


def test_ex2_rejections_cite_column_legality() -> None:
    """M-EX-2, M-PLACE-3: H1/H2 tiles on a C cell and a C tile on r0c1 are refused."""
    g = game(4, slots=("BLUE H1-F", "BLUE H2-X", "RED C", "RED H2-P"))
    for slot, cell, arrow in ((1, "r1c1", "E"), (2, "r1c1", "N"), (3, "r0c1", "N")):
        with pytest.raises(IllegalIntent) as info:
            RULESET.decide(g.state, 0, it.Place(slot=slot, cell=cell, arrow=arrow))
        assert info.value.rule == "M-PLACE-3"
        assert "cannot go on" in info.value.reason


def test_half_column_left_open_names_the_edge() -> None:
    """M-PLACE-3, M-AMB-2: a wrong rotation says which edge does not match and how it fits."""
    g = game(4, slots=("BLUE H2-X", "BLUE H1-F", "RED C", "RED H2-P"))
    with pytest.raises(IllegalIntent) as info:
        RULESET.decide(g.state, 0, it.Place(slot=1, cell="r0c2", arrow="E"))
    assert info.value.rule == "M-PLACE-3"
    assert "the half columns on r0c2's east and west edges are left open" in info.value.reason
    assert "the tile's half columns on the north and south edges meet no column" in (
        info.value.reason)
    assert "it fits pointing N, S" in info.value.reason
    with pytest.raises(IllegalIntent, match="M-PLACE-3: .*it fits no way round there"):
        # an H1 tile on an H2 cell
        RULESET.decide(g.state, 0, it.Place(slot=2, cell="r0c2", arrow="N"))


def test_ex3_new_artisan() -> None:
    """M-EX-3, M-ART-3, M-GOLD-2, M-PLACE-5: arrow to GREEN's side: a new artisan, +1 +1."""
    g = game(4, slots=("ORANGE H1-R", "RED H2-P", "RED H2-P", "BLUE H2-P"))
    events = place(g, 1, "r0c1", "N")
    assert [type(e) for e in events] == [ev.TilePlaced, ev.ArtisanStep]  # M-PLACE-5 order
    step = events[1]
    assert (step.colour, step.cell, step.source, step.gold) == ("GREEN", "r0c1", "", 1)
    assert not events[0].marker  # NW into NW: no marker
    assert gold(g)[0] == 2 and g.state.players[0].reserve == [7]
    assert g.state.artisans == {"r0c1": "GREEN"}


def test_ex4_artisan_moves() -> None:
    """M-EX-4, M-ART-2, M-ART-4: the artisan on an orange tile in NW moves to the new one."""
    g = game(4, slots=("ORANGE H1-R", "RED H2-P", "RED H2-P", "BLUE H2-P"))
    place(g, 1, "r0c1", "N")
    set_slot(g, 1, "ORANGE H1-B")
    events = place(g, 1, "r2c1", "N")
    step = of(events, ev.ArtisanStep)[0]
    assert (step.source, step.cell, step.gold) == ("r0c1", "r2c1", 1)
    assert of(events, ev.TilePlaced)[0].gold == 1
    assert g.state.artisans == {"r2c1": "GREEN"} and g.state.players[0].reserve == [7]


def _ex5(scored: bool = False) -> list:
    g = game(4, slots=("RED H2-P", "BLUE H2-X", "GREEN H2-P", "GREEN H2-P"))
    for cell, spec in (("r0c2", "BLUE H2-P"), ("r1c2", "BLUE H1-F"), ("r0c5", "BLUE H2-X")):
        put(g, cell, spec)
    put(g, "r0c3", "BLUE H2-P", artisan="GREEN")
    put(g, "r1c4", "RED H2-P", artisan="GREEN")
    if scored:
        g.state.scored = ["NW"]
    return place(g, 2, "r0c4", "N")


def test_ex5_zones_and_groups_cross_quarter_borders() -> None:
    """M-EX-5, M-AMB-14, M-BOARD-6, M-GOLD-1, M-GOLD-2: a zone of 5 and a group of 3: +8."""
    placed, step = _ex5()
    assert placed.zone == ("r0c2", "r0c3", "r0c4", "r0c5", "r1c2") and placed.gold == 5
    assert step.source == "" and step.group == ("r0c3", "r0c4", "r1c4") and step.gold == 3
    assert placed.gold + step.gold == 8


def test_zone_includes_scored_quarters() -> None:
    """M-GOLD-1, M-EVAL-2: tiles of a scored quarter still count in zones."""
    placed, _ = _ex5(scored=True)
    assert placed.gold == 5


def test_ex6_action_markers() -> None:
    """M-EX-6, M-PLACE-1, M-PLACE-2, M-AMB-5, M-TURN-1: the source quarter's marker turns
    down; while down, that quarter's slot places only into it; the table turns each turn."""
    g = game(4, slots=("RED H2-P", "BLUE H2-P", "GREEN H2-P", "YELLOW H2-P"))
    placed = of(place(g, 3, "r4c0", "S"), ev.TilePlaced)[0]  # slot 3 lies in SE
    assert (placed.source, placed.marker) == ("SE", True)
    assert g.state.players[0].markers == {"NW": True, "NE": True, "SE": False, "SW": True}
    g.play(0, it.EndTurn())
    assert g.state.orientation == 1 and g.to_move() == (1,)  # RED: slot 3 is now in SW
    assert slot_quarter(g.state.orientation, 3) == "SW"
    for seat in (1, 2, 3):
        legal = [i for i in g.legal_intents(seat) if isinstance(i, it.Place)]
        g.play(seat, legal[0])
        if g.to_move() == (seat,):
            g.play(seat, it.EndTurn())
    assert g.to_move() == (0,) and g.state.orientation == 0
    set_slot(g, 3, "RED H2-P")
    with pytest.raises(IllegalIntent, match="M-PLACE-2: your SE marker is face down"):
        g.play(0, it.Place(slot=3, cell="r5c0", arrow="S"))
    legal = [i for i in g.legal_intents(0) if isinstance(i, it.Place) and i.slot == 3]
    assert legal and all(palace().cells[i.cell].quarter == "SE" for i in legal)
    assert not of(place(g, 3, "r4c7", "S"), ev.TilePlaced)[0].marker  # SE into SE


def test_ex7_second_tile_costs_two() -> None:
    """M-EX-7, M-PLACE-6, M-EOT-1: +1, +4, then -2 at the end: net +3; no 3rd tile."""
    g = game(4, first=1, slots=("PURPLE H2-X", "GREEN H2-P", "BLUE H2-P", "BLUE H2-P"))
    put(g, "r2c6", "PURPLE H1-F")
    put(g, "r4c6", "PURPLE H2-P")
    before = gold(g)[1]
    first = place(g, 2, "r4c7", "N")  # slot 2 lies in SE when the table points E
    assert sum(e.gold for e in first) == 1
    state = copy_state(g.state)
    second = RULESET.decide(state, 1, it.Place(slot=1, cell="r3c6", arrow="E"))
    assert [e.gold for e in second] == [3, 1]
    for event in second:
        RULESET.apply(state, event)
    with pytest.raises(IllegalIntent, match="M-PLACE-6: no more than 2 tiles"):
        RULESET.decide(state, 1, it.Place(slot=3, cell="r4c5", arrow="N"))
    events = place(g, 1, "r3c6", "E")
    assert of(events, ev.TurnEnded)[0].fee == 2
    assert gold(g)[1] == before + 3 and g.to_move() == (2,)


def _fill_nw_but(g, last: str, artisans: dict[int, str]) -> None:  # noqa: ANN001
    """Fill NW but ``last``; cell number i (in board order) gets artisan artisans[i]."""
    colours = ["BLUE", "ORANGE", "GREEN", "RED", "YELLOW", "PURPLE"]
    cells = [c for c in palace().by_quarter["NW"] if c != last]
    for i, cell in enumerate(cells):
        put(g, cell, colours[i % 6], artisan=artisans.get(i, ""))


def test_ex8_quarter_scoring() -> None:
    """M-EX-8, M-EVAL-1, M-EVAL-2, M-EOT-4: 5/3/1/0 artisans score 18/9/4/0 at the end of
    the turn; the artisans go home and the tiles stay."""
    g = game(4, slots=("PURPLE H1-F", "RED H2-P", "RED H2-P", "BLUE H2-P"))
    owners = {0: "GREEN", 1: "GREEN", 2: "GREEN", 3: "GREEN", 4: "GREEN",
              5: "RED", 6: "RED", 7: "RED", 8: "BLUE"}
    _fill_nw_but(g, "r0c1", owners)
    before = gold(g)
    place(g, 1, "r0c1", "E")  # arrow to RED's side: no artisan step for GREEN
    assert g.state.scored == [] and len(g.state.artisans) == 9  # not before the turn ends
    events = g.play(0, it.EndTurn())
    scored = of(events, ev.QuarterScored)[0]
    assert scored.gains == ((0, "GREEN", 5, 18), (1, "RED", 3, 9), (2, "BLUE", 1, 4))
    assert [b - a for a, b in zip(before, gold(g), strict=True)][1:] == [9, 4, 0]
    assert g.state.artisans == {} and [p.reserve for p in g.state.players] == [[8]] * 4
    assert all(c in g.state.cells for c in palace().by_quarter["NW"])
    assert g.state.scored == ["NW"]


def test_ex9_refill_order() -> None:
    """M-EX-9, M-EOT-3: empty slots fill in order; a short bag leaves the last empty."""
    g = game(4, slots=("RED H2-P", "BLUE H2-P", "GREEN H2-P", "YELLOW H2-P"))
    place(g, 2, "r0c4", "W")
    events = place(g, 4, "r4c0", "S")
    filled = of(events, ev.TurntableFilled)[0]
    assert [slot for slot, _ in filled.drawn] == [2, 4]
    g = game(4, slots=("RED H2-P", "BLUE H2-P", "GREEN H2-P", "YELLOW H2-P"))
    place(g, 2, "r0c4", "W")
    g.state.bag = g.state.bag[:1]
    events = place(g, 4, "r4c0", "S")
    assert [slot for slot, _ in of(events, ev.TurntableFilled)[0].drawn] == [2]
    assert g.state.slots[3] is None and g.state.bag == [] and g.to_move() == (1,)


def test_ex10_central_column_purge() -> None:
    """M-EX-10, M-EOT-2, M-EOT-3, M-AMB-10: with every C cell built, C tiles on the
    table leave the game, and C tiles drawn while refilling leave too."""
    g = game(4, slots=("RED C", "BLUE C", "GREEN C", "YELLOW H2-P"))
    last, *others = palace().central_cells
    quarter = palace().cells[last].quarter
    slot = next(s for s in (1, 2, 3, 4) if slot_quarter(0, s) == quarter)
    set_slot(g, slot, "ORANGE C")  # the C tile placed comes from the quarter's own slot
    for cell, colour in zip(others, ("ORANGE", "PURPLE", "PURPLE", "YELLOW", "YELLOW", "GREEN",
                                     "RED"), strict=True):
        put(g, cell, colour)
    centrals = [t for t in g.state.bag if palace().tiles[t].central]
    plain = [t for t in g.state.bag if not palace().tiles[t].central]
    g.state.bag = sorted([*centrals[:2], *plain[:3]])
    c_slots = [s for s in (1, 2, 3, 4) if s != slot and g.state.slots[s - 1]
               and palace().tiles[g.state.slots[s - 1]].central]
    place(g, slot, last, "N")
    assert not [i for i in g.legal_intents(0) if isinstance(i, it.Place)
                and palace().tiles[g.state.slots[i.slot - 1]].central]  # M-AMB-10
    events = g.play(0, it.EndTurn())
    purged = of(events, ev.CentralPurged)[0]
    assert [s for s, _ in purged.tiles] == c_slots
    filled = of(events, ev.TurntableFilled)[0]
    assert all(palace().tiles[t].central for t in filled.removed)
    assert [s for s, _ in filled.drawn] == sorted([slot, *c_slots])
    assert not any(palace().tiles[t].central for t in g.state.slots if t)
    assert set(g.state.removed) >= {t for _, t in purged.tiles} | set(filled.removed)


def _two_player(slots: tuple[str, ...] = ("RED H2-P", "BLUE H2-X", "GREEN H2-P", "RED H2-P")):
    g = game(2, slots=slots)
    put(g, "r0c2", "BLUE H2-P", artisan="GREEN")
    return g


def test_ex11_two_player_choice() -> None:
    """M-EX-11, M-2P-2 (b): move GREEN or place a new YELLOW; "" is refused as ambiguous."""
    g = _two_player(("BLUE H2-X", "RED H2-P", "GREEN H2-P", "RED H2-P"))
    options = {i.artisan for i in g.legal_intents(0)
               if isinstance(i, it.Place) and (i.slot, i.cell, i.arrow) == (1, "r1c3", "N")}
    assert options == {"GREEN", "YELLOW"}
    with pytest.raises(IllegalIntent, match="M-2P-2: choose which artisan goes onto the tile: "
                       "move GREEN from r0c2 or a new YELLOW"):
        g.play(0, it.Place(slot=1, cell="r1c3", arrow="N"))
    step = of(place(g, 1, "r1c3", "N", "YELLOW"), ev.ArtisanStep)[0]
    assert step.source == "" and g.state.artisans == {"r0c2": "GREEN", "r1c3": "YELLOW"}
    g = _two_player(("BLUE H2-X", "RED H2-P", "GREEN H2-P", "RED H2-P"))
    step = of(place(g, 1, "r1c3", "N", "GREEN"), ev.ArtisanStep)[0]
    assert step.source == "r0c2" and g.state.artisans == {"r1c3": "GREEN"}


def test_ex11_forced_move_and_choice_of_two_moves() -> None:
    """M-EX-11, M-2P-2 (b) with YELLOW's reserve empty, M-2P-2 (c), M-2P-3."""
    g = _two_player(("BLUE H2-X", "RED H2-P", "GREEN H2-P", "RED H2-P"))
    g.state.players[0].reserve[1] = 0
    options = {i.artisan for i in g.legal_intents(0)
               if isinstance(i, it.Place) and (i.slot, i.cell, i.arrow) == (1, "r1c3", "N")}
    assert options == {"GREEN"}
    with pytest.raises(IllegalIntent, match="M-2P-2: the artisan that goes onto the tile must"):
        g.play(0, it.Place(slot=1, cell="r1c3", arrow="N", artisan="YELLOW"))
    assert of(place(g, 1, "r1c3", "N"), ev.ArtisanStep)[0].source == "r0c2"
    g = _two_player(("BLUE H2-X", "RED H2-P", "GREEN H2-P", "RED H2-P"))
    put(g, "r0c3", "BLUE H2-P", artisan="YELLOW")  # M-2P-3: X and Y on blue tiles in NW
    options = {i.artisan for i in g.legal_intents(0)
               if isinstance(i, it.Place) and (i.slot, i.cell, i.arrow) == (1, "r1c3", "N")}
    assert options == {"GREEN", "YELLOW"}
    step = of(place(g, 1, "r1c3", "N", "YELLOW"), ev.ArtisanStep)[0]
    assert step.source == "r0c3" and g.state.players[0].reserve == [6, 6]


def test_ex12_two_player_scoring() -> None:
    """M-EX-12, M-2P-5: each artisan colour scores on its own: A 9+6, B 4+4."""
    g = game(2)
    colours = ["BLUE", "ORANGE", "GREEN", "RED", "YELLOW", "PURPLE"]
    owners = ["GREEN", "GREEN", "GREEN", "YELLOW", "YELLOW", "RED", "BLUE"]
    for n, (cell, artisan) in enumerate(zip(palace().by_quarter["NW"], owners, strict=False)):
        put(g, cell, colours[n % 6], artisan=artisan)
    scored = score_quarter(g.state, "NW")
    per_seat = {0: 0, 1: 0}
    for seat, _, _, amount in scored.gains:
        per_seat[seat] += amount
    assert per_seat == {0: 15, 1: 8}


def test_ex13_two_player_colours_never_group() -> None:
    """M-EX-13, M-2P-4: a YELLOW next to the same player's GREEN scores +1, a GREEN +2."""
    for artisan, expected in (("YELLOW", 1), ("GREEN", 2)):
        g = game(2, slots=("RED H2-P", "ORANGE H2-X", "GREEN H2-P", "RED H2-P"))
        put(g, "r0c3", "BLUE H2-P", artisan="GREEN")
        step = of(place(g, 2, "r0c4", "N", artisan), ev.ArtisanStep)[0]
        assert (step.colour, step.gold) == (artisan, expected)


def test_ex14_empty_reserve() -> None:
    """M-EX-14, M-ART-3, M-AMB-12: no artisan and no artisan gold, the tile still pays;
    a move still happens with an empty reserve."""
    g = game(4, slots=("ORANGE H1-R", "RED H2-X", "RED H2-P", "BLUE H2-P"))
    g.state.players[0].reserve = [0]
    events = place(g, 1, "r0c1", "N")
    assert [type(e) for e in events] == [ev.TilePlaced] and events[0].gold == 1
    assert g.state.artisans == {}
    with pytest.raises(IllegalIntent, match="M-ART-3"):
        RULESET.decide(g.state, 0, it.Place(slot=2, cell="r0c4", arrow="N", artisan="GREEN"))
    g = game(4, slots=("ORANGE H1-R", "ORANGE H1-B", "RED H2-P", "BLUE H2-P"))
    put(g, "r0c2", "ORANGE", artisan="GREEN")
    g.state.players[0].reserve = [0]
    step = of(place(g, 1, "r0c1", "N"), ev.ArtisanStep)[0]
    assert step.source == "r0c2"


def test_ex15_refresh_legality() -> None:
    """M-EX-15, M-AMB-9, M-REFRESH-1, M-TURN-2: refused with every marker up; otherwise all
    markers turn up, no tile is placed and the turn ends."""
    g = game(4)
    assert it.Refresh() not in g.legal_intents(0)
    with pytest.raises(IllegalIntent, match="M-AMB-9: all four of your action markers"):
        g.play(0, it.Refresh())
    g.state.players[0].markers["SE"] = False
    assert it.Refresh() in g.legal_intents(0)
    cells = dict(g.state.cells)
    events = g.play(0, it.Refresh())
    assert [type(e) for e in events][:2] == [ev.Refreshed, ev.TurnEnded]
    assert all(g.state.players[0].markers.values()) and g.state.cells == cells
    assert g.to_move() == (1,)


def test_ex16_shared_victory() -> None:
    """M-EX-16, M-END-3: players tied for the most gold all win."""
    g = game(4)
    for player, amount in zip(g.state.players, (87, 87, 50, 12), strict=True):
        player.gold = amount
    assert winners(g.state) == (0, 1)
