"""Since your last turn: when a human's decision comes round, a short summary of what
the others did, those places marked on the board until the next key; the log groups
its entries by round and turn, leaves out the phases in which nothing happened, and
opens the newest turn."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from engine.core.describe import actor, is_stage, part_of, plain
from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.screens.game import SINCE_LINES, GameScreen, others_doings
from maharaja_tui.screens.log import LogScreen
from maharaja_tui.screens.plan import PlanScreen
from maharaja_tui.settings import Settings
from maharaja_tui.widgets.log_tree import LogTree
from maharaja_tui.widgets.map_graph import MapGraph
from maharaja_tui.widgets.move_log import MoveLog, idle_phase
from tests.tui import games
from tests.tui.helpers import screen_text, settled, synchronously


@asynccontextmanager
async def at_the_summary(size: tuple[int, int]) -> AsyncIterator[tuple[Any, GameScreen, Any]]:
    """A Maharaja game at ``size`` where I end my turn and the others play: the app, its
    game screen and the pilot once the summary of their turns is drawn."""
    game = games.game_until(games.my_turn)
    app = MaharajaApp(Start("game", game=game), computer_delay=0,
                      settings=Settings(confirm_end_turn=False))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        end = next(n for n, e in enumerate(screen.entries)
                   if "".join(t for t, _ in e.label) == "End your turn")
        await pilot.press("home", *["down"] * end, "enter")  # then the others play

        def summed_up() -> bool:
            if app.screen is not screen and not isinstance(app.screen, PlanScreen):
                app.pop_screen()  # a scoring: the summary waits under it
            return bool(screen.query_one("#since").display)

        await settled(pilot, summed_up, "the summary")
        while app.screen is not screen:
            app.pop_screen()
            await pilot.pause()
        # The screen just came back to view: its next frame shows the summary.
        await settled(pilot, lambda: "Since your last turn" in screen_text(app),
                      "the summary drawn")
        yield app, screen, pilot


@synchronously
async def test_the_others_turns_are_summed_up_and_their_places_marked_until_a_key() -> None:
    async with at_the_summary((120, 40)) as (app, screen, pilot):
        board = screen.query_one(MapGraph)
        assert screen.news and board.highlight == screen.news
        assert board.highlight <= set(board.network.junctions) | set(
            v for r in board.network.roads.values() for v in r.villages)
        await pilot.press("down")  # the next key: both go
        await pilot.pause()
        assert not screen.query_one("#since").display
        assert not screen.news and not board.highlight


@synchronously
async def test_at_80x24_the_summary_shows_all_its_lines_under_its_heading() -> None:
    """The heading rides on the summary's top border: at 80x24 the box has room for
    three lines, and the heading on a line of its own left two of them."""
    async with at_the_summary((80, 24)) as (app, _screen, _pilot):
        text = screen_text(app)
        bullets = [line for line in text.splitlines() if line.lstrip().startswith("• ")]
        assert len(bullets) == SINCE_LINES, text


@synchronously
async def test_the_summary_takes_no_row_from_the_map_or_the_boards() -> None:
    """It is drawn over the foot of the map's column and the log's: the map and the
    boards keep their size as it comes and goes (they were laid out and written whole
    again twice a turn, for every seat)."""
    async with at_the_summary((80, 24)) as (app, screen, pilot):
        regions = {name: screen.query_one(name).region for name in ("#map", "#boards")}
        since = screen.query_one("#since").region
        assert since.height > 0
        await pilot.press("down")  # the next key: the summary goes
        await pilot.pause()
        assert not screen.query_one("#since").display
        assert {name: screen.query_one(name).region for name in regions} == regions
        # At the foot of the map's column (over its tracks) and the log's.
        assert since.bottom == screen.query_one("#main").region.bottom


def maharadjah_turns():  # noqa: ANN201
    from tests.tui.test_maharadjah import new_game, played

    return played(new_game(3), 2500, 4, until=lambda g: g.state.turn >= 3)


def test_the_summary_leaves_out_a_battles_bare_stages() -> None:
    """"losses taken", "defender may retreat", "next round": the log shows them under
    their battle, but in the summary, three lines long, they stood alone and told a
    player nothing (seen over stock ssh: two of its three lines)."""
    game = maharadjah_turns()
    entries = tuple(game.descriptions(0))
    stages = [e for e in entries if is_stage(e)]
    assert {plain(e) for e in stages} >= {"losses taken", "next round"}
    told = others_doings(entries, 0, actor)
    assert told and not any(is_stage(e) for e in told)
    # Everything else the others did is still told.
    assert told == [e for e in entries if part_of(e) is None and e not in stages
                    and actor(e) != 0]


def test_the_side_log_leaves_out_the_phases_in_which_nothing_happened() -> None:
    game = maharadjah_turns()
    entries = tuple(game.descriptions(0))
    idle = [n for n in range(len(entries)) if idle_phase(entries, n)]
    assert len(idle) > len(entries) // 10  # many phases of many nations hold nothing
    log = MoveLog(window=len(entries))
    log.set_reactive(MoveLog.entries, entries)
    shown = [entry for _, entry in log._rows()]
    assert len(shown) == len(entries) - len(idle)


@synchronously
async def test_the_full_log_is_grouped_by_turn_with_the_newest_open() -> None:
    game = maharadjah_turns()
    app = MaharajaApp(Start("game", game=game), computer_delay=3600)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, LogScreen)
        tree = app.screen.query_one(LogTree)
        entries = tuple(game.descriptions(0))
        rounds = [n for n, e in enumerate(entries) if part_of(e) == "round"]
        assert [node.data for node in tree.root.children][-len(rounds):] == rounds
        newest = tree.groups[-1]
        assert newest.is_expanded and newest.parent.is_expanded
        assert not any(group.is_expanded for group in tree.groups[:-1]
                       if group is not newest.parent)
        assert tree.cursor_node is not None and tree.cursor_node.data == max(
            n for n in range(len(entries)) if not idle_phase(entries, n))
        assert tree.last_line + 1 < len(entries) // 4  # folded: a screenful, not hundreds
        folded = next(g for g in tree.groups[:-1] if g.children)
        tree.move_cursor(folded)
        await pilot.press("right")  # opens it
        assert folded.is_expanded
        await pilot.press("left")  # and closes it
        assert not folded.is_expanded
        assert "(+" in screen_text(app)  # a folded turn says how much it holds


def test_a_seat_s_own_artisans_are_its_own_doing_not_news_to_it() -> None:
    """Maharani: the artisan a tile brings is the placing seat's, so its second tile of
    a turn brings no "since your last turn" of its own artisan (M-ART-1)."""
    import random

    from engine import Game
    from engine.core.autoplay import random_intent
    from engine.core.describe import actor
    from engine.core.ruleset import Seat
    from engine.registry import rulesets

    rules = rulesets()["maharani"]
    game = Game(rules, [Seat(n) for n in ("Ann", "Bo", "Cy")], rules.Options(), 5)
    rng = random.Random(5)
    for _ in range(60):
        game.play(*random_intent(game, rng))
    colours = {c.capitalize(): seat for seat, p in enumerate(game.state.players)
               for c in p.colours}
    artisans = [e for e in game.descriptions(None) if any(r == "artisan" for _, r in e)]
    assert artisans
    for entry in artisans:
        colour = next(text for text, role in entry if role == "artisan")
        assert actor(entry) == colours[colour], entry
