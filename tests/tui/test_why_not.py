"""Why not: what the rules refuse now is shown dimmed with the engine's
reason and rule id; choosing it, or a place on the map that is no target, explains and
plays nothing, and the map's cursor stays on the place picked."""

from __future__ import annotations

from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.widgets.map_graph import MapGraph
from tests.tui import games, raja_games
from tests.tui.helpers import screen_text, synchronously


def text(entry) -> str:  # noqa: ANN001
    return "".join(t for t, _ in entry.label)


@synchronously
async def test_a_refused_action_is_listed_with_its_reason_and_choosing_it_explains() -> None:
    game = games.game_until(games.my_turn)  # priest at START, a statue to build (seed 4)
    app = MaharajaApp(Start("game", game=game), computer_delay=3600)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        entries = screen.entries
        refused = [n for n, e in enumerate(entries) if e.refusal is not None]
        statue = next(n for n in refused if text(entries[n]).startswith("✗ Build a statue"))
        assert "(MJ-STAT-3)" in text(entries[statue])
        assert "✗ Build a statue" in screen_text(app)
        assert all(n > len(entries) - len(refused) - 1 for n in refused)  # legal ones first
        steps = len(game.steps)
        await pilot.press("a", "home", *(["down"] * statue), "enter")
        await pilot.pause()
        assert len(game.steps) == steps  # nothing played
        assert screen.last_refusal is not None and screen.last_refusal.rule == "MJ-STAT-3"
        assert "MJ-STAT-3" in screen_text(app)


@synchronously
async def test_a_place_that_is_no_target_says_why_and_keeps_the_cursor() -> None:
    game = games.game_until(games.my_turn)
    app = MaharajaApp(Start("game", game=game), computer_delay=3600)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        graph = screen.query_one(MapGraph)
        city = next(c for c in ("HYD", "DEL", "LAH", "VAR") if c not in graph.targets)
        x, y = graph._anchors[city]
        steps = len(game.steps)
        await pilot.click(MapGraph, offset=(x, y))
        await pilot.pause()
        assert len(game.steps) == steps
        assert screen.last_refusal is not None
        assert screen.last_refusal.rule.startswith("MJ-")  # a closed road or its tolls
        first = screen.last_refusal
        assert graph.cursor == city  # not snapped to a target
        screen.last_refusal = None
        await pilot.press("enter")  # Enter asks about the same city again
        await pilot.pause()
        assert len(game.steps) == steps and graph.cursor == city
        assert screen.last_refusal is not None and str(screen.last_refusal) == str(first)


@synchronously
async def test_raja_lists_what_it_refuses_with_the_rule() -> None:
    game = raja_games.game_until(raja_games.my_turn)
    app = MaharajaApp(Start("game", game=game), computer_delay=3600)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        refused = [text(e) for e in app.screen.entries if e.refusal is not None]
        assert any(t.startswith("✗ Move your architect") and "(R-MOVE-" in t for t in refused)


def test_a_statue_too_dear_says_what_it_costs_and_what_you_have() -> None:
    import pytest

    from engine.core.errors import IllegalIntent
    from maharaja_tui.games import adapter_for

    game = games.game_until(games.my_turn)
    adapter = adapter_for(game.ruleset, game.seats)
    view = game.view(0)  # a copy: the priest in the Maharaja's city with 2 coins
    view.players[0].priest, view.players[0].coins = view.maharaja, 2
    legal = game.ruleset.legal_intents(view, 0)
    entry = next(e for e in adapter.unavailable(view, 0, legal)
                 if text(e).startswith("Build a statue"))
    with pytest.raises(IllegalIntent) as refusal:
        game.ruleset.decide(view, 0, entry.intents[0])
    assert refusal.value.rule == "MJ-ACT-11"
    assert "coins and you have 2" in refusal.value.reason


@synchronously
async def test_maharani_lists_a_refused_refresh_with_its_rule() -> None:
    """M-TURN-2: one action a turn, so after a tile Refresh is refused: it stays listed,
    dimmed, with the engine's reason, instead of disappearing."""
    from tests.tui import maharani_games

    def after_a_tile(game) -> bool:  # noqa: ANN001
        turn = game.state.turn
        return turn is not None and turn.seat == 0 and turn.placed == 1

    game = maharani_games.game_until(after_a_tile)
    app = MaharajaApp(Start("game", game=game), computer_delay=3600)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        refused = [text(e) for e in app.screen.entries if e.refusal is not None]
        assert any(t.startswith("✗ Refresh") and "(M-" in t for t in refused), refused
