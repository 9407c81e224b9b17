"""Maharadjah as the registry knows it (entry point ``maharaja.games``).

Players are the lettered hands A-E of W-ASSIGN-1; the 17 nations are the ``sides``
grouped under them, in the nation order of W-ORDER-1 (``side:K`` is the K-th nation).
Each nation has its own letter, so the map reads without colour (NO_COLOR); the
colours keep the printed board's four families (W-MAP: green, blue, yellow, violet)
in distinct shades, with the colonial powers in bright tones.
"""

from __future__ import annotations

from typing import Any

from engine.registry import PLAYERS, GameSpec, SeatColour

# W-ORDER-1 order, as data/nations.json lists the nations (checked by a test).
NATIONS = (
    SeatColour("Pandya", "P", "#5fd75f"), SeatColour("Greeks", "G", "#87af5f"),
    SeatColour("Afghans", "A", "#5f87d7"), SeatColour("Mahrattas", "M", "#00afd7"),
    SeatColour("Chola", "C", "#af87d7"), SeatColour("Maurya", "Y", "#d7af00"),
    SeatColour("Harappans", "H", "#5fafaf"), SeatColour("Sinhalese", "S", "#d7d75f"),
    SeatColour("Sikhs", "K", "#d75fd7"), SeatColour("Rajputs", "R", "#af5faf"),
    SeatColour("Gupta", "U", "#ffaf5f"), SeatColour("Muslims", "L", "#5f5fff"),
    SeatColour("Mughals", "O", "#00d787"), SeatColour("Portuguese", "T", "#00ff00"),
    SeatColour("Dutch", "D", "#ffff00"), SeatColour("French", "F", "#00ffff"),
    SeatColour("British", "B", "#ff5fff"),
)


def outcome(state: Any) -> dict[str, list[int]]:
    """What a finished game is judged by (recordings check it): each player's VP
    (W-END-2), the winners and every nation's VP total."""
    from engine.maharadjah.scoring import totals

    return {"vp": totals(state), "winners": list(state.winners),
            "nations": [sum(state.vp.get(n.name.upper(), [])) for n in NATIONS]}


SPEC = GameSpec(
    id="maharadjah",
    title="Maharadjah (wargame)",
    ruleset="engine.maharadjah:RULESET",
    evaluator="engine.bots.maharadjah_bot:EVALUATOR",
    seats=(3, 5, 4),
    # W-ASSIGN-1: players A-E; each a colour of its own, lettered as the rules letter them.
    palette=(SeatColour("red", "A", "#ff5f5f"), SeatColour("yellow", "B", "#e8c000"),
             SeatColour("green", "C", "#3fbf4f"), SeatColour("blue", "D", "#5f9fff"),
             SeatColour("purple", "E", "#c77dff")),
    adapter="maharaja_tui.games.maharadjah:MaharadjahAdapter",
    rules="maharaja_tui.reference:maharadjah.md",
    guide="maharaja_tui.guides:maharadjah.md",
    rule_example="W-MOVE-5",
    # The full game first: the form opens on it, with its default 4 players.
    presets={"Full game (turns 1-16)": {"short_game": False},
             "Short game (3 players)": {"short_game": True, PLAYERS: 3}},
    sides=NATIONS,
    outcome="engine.maharadjah.spec:outcome",
    roles={"space": "place", "vp": "score"},
    story="engine.maharadjah.story:TELLER",
)
