"""A session's game screen draws the games' own dialogs inside itself, as boxes on its
dialog layer (widgets/dialog_box.py), not as screens pushed over it: Maharaja's disc
(the plan), Maharadjah's move with its stops, a yes/no question (a turn ended with
something unused). Pushed, each wrote the whole terminal as it opened and again as it
closed. Read as a player's terminal shows them at 80x24: the box is in the session's
game screen and whole in sight, what shows is what a full repaint of that moment
draws, a move made through it plays once, keys that arrive together (an SSH read, a
quick typist) are read in order and answer it once, and the action list has the focus
again after it."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from types import SimpleNamespace
from typing import Any

import pytest
from terminal import run, screen_of
from test_dialog_box import _Session, repainted, settle
from textual import events
from textual.pilot import Pilot
from textual.visual import Visual
from textual.widgets import OptionList

from engine.core.table import LocalTable
from maharaja_tui.games.maharadjah import stop_bases
from maharaja_tui.screens.choice import ChoiceBox
from maharaja_tui.screens.game import GameScreen
from maharaja_tui.widgets.action_panel import ActionPanel
from tests.tui import games
from tests.tui.helpers import settled
from tests.tui.test_end_turn import change_unused, labels
from tests.tui.test_maharadjah import _leader_on_the_move, new_game, played

SMALL = (80, 24)  # the least terminal a player may have: the boxes fit it


def at_once(pilot: Pilot[Any], *keys: str) -> None:
    """Keys as a terminal's driver posts them from one read: all queued before the
    first is handled."""
    for key in keys:
        pilot.app.post_message(events.Key(key, "\r" if key == "enter" else
                                          key if len(key) == 1 else None))


def session(table: LocalTable, seat: int,
            script: Callable[[Pilot[Any], list[str], GameScreen], Awaitable[None]]) -> None:
    """``seat``'s session at ``table`` on an 80x24 terminal, settled: ``script`` gets
    the pilot, what the terminal was written and the session's game screen."""
    writes: list[str] = []

    async def settled(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, GameScreen)
        await script(pilot, writes, screen)

    asyncio.run(run(_Session(table, writes, seat), SMALL, settled))


async def opened(pilot: Pilot[Any], writes: list[str], screen: GameScreen,
                 seen: dict[str, Any], *keys: str) -> None:
    """Open a dialog with ``keys`` and note what it wrote and showed (``seen``)."""
    _, seen["full"] = await repainted(pilot, writes, SMALL)
    start = len(writes)
    await pilot.press(*keys)
    await settle(pilot)
    seen["open"] = len("".join(writes[start:]))
    seen["where"] = (pilot.app.screen is screen, type(screen.dialog).__name__)
    seen["shown"] = screen_of(writes, SMALL)
    seen["repaint"], _ = await repainted(pilot, writes, SMALL)


def focus_on_the_actions(pilot: Pilot[Any], screen: GameScreen) -> bool:
    focused = pilot.app.focused
    return focused is not None and screen.query_one(ActionPanel) in focused.ancestors


def shown_as_drawn(seen: dict[str, Any], frames: float = 1.0) -> None:
    """The box opened inside the session's screen in fewer bytes than ``frames`` whole
    frames (pushed, a dialog wrote 2.7), and shows as a full repaint draws it."""
    assert seen["open"] < frames * seen["full"], (seen["open"], seen["full"])
    assert seen["shown"] == seen["repaint"]


def test_the_plan_is_a_box_in_the_session_and_digits_typed_together_set_it_once() -> None:
    """MJ-ROUND-2: both arrows of the disc set in secret, here in one SSH read."""
    game = games.game_until(games.my_planning)
    seen: dict[str, Any] = {}

    async def script(pilot: Pilot[Any], writes: list[str], screen: GameScreen) -> None:
        await pilot.press("escape")  # round 1's scoring, shown as the session opens
        await settle(pilot)
        await opened(pilot, writes, screen, seen, "a", "home", "enter")
        box: Any = screen.dialog
        assert type(box).__name__ == "PlanBox", type(pilot.app.screen).__name__
        seen["actions"] = box.actions
        steps = len(game.steps)
        at_once(pilot, "5", "enter", "7", "enter", "enter")  # the last one: the box's twice
        await settle(pilot)
        seen["plans"] = [s.intent for s in game.steps[steps:] if s.seat == 0]
        seen["after"] = (screen.dialog, pilot.app.screen is screen, screen.last_refusal,
                         focus_on_the_actions(pilot, screen))

    session(LocalTable(game), 0, script)
    assert seen["where"] == (True, "PlanBox")
    shown_as_drawn(seen)
    assert "Esc back" in "".join(seen["shown"])
    plan = seen["plans"][0]
    assert type(plan).__name__ == "CommitPlan" and len(seen["plans"]) == 1
    assert sorted((plan.first, plan.second)) == sorted(
        (seen["actions"][4][0], seen["actions"][6][0]))
    assert seen["after"] == (None, True, None, True)


async def planned_round_2(pilot: Pilot[Any], screen: GameScreen, table: LocalTable) -> Any:
    """Seat 0's plan of round 2 set in the session's box, then the game played on to its
    plan of round 3 (round 2's scoring closed): the box the plan was set in."""
    game: Any = table.game
    await pilot.press("escape")  # round 1's scoring, shown as the session opens
    await settle(pilot)
    await pilot.press("a", "home", "enter")
    await settle(pilot)
    first = screen.dialog
    at_once(pilot, "5", "enter", "7", "enter")
    await settle(pilot)
    rng = random.Random(2)
    while not (game.state.phase == "planning" and game.state.round == 3
               and 0 in game.to_move()):
        seat = game.to_move()[0]
        table.play(seat, rng.choice(game.legal_intents(seat)))
    await settle(pilot)
    while screen.dialog is not None:  # round 2's scoring
        await pilot.press("escape")
        await settle(pilot)
    return first


def test_the_next_plan_is_set_in_the_box_the_last_one_was_set_in() -> None:
    """MJ-ROUND-2: each round's plan is set anew: the box kept from the last plan (not
    mounted again) opens with both arrows on the first action, shows what a full
    repaint draws, and commits the new plan only."""
    game = games.game_until(games.my_planning)
    seen: dict[str, Any] = {}

    async def script(pilot: Pilot[Any], writes: list[str], screen: GameScreen) -> None:
        first = await planned_round_2(pilot, screen, game_table)
        await opened(pilot, writes, screen, seen, "a", "home", "enter")
        seen["box"] = (screen.dialog is first, list(first.choice), first.arrow)
        await pilot.press("down")  # arrow 1 on the second action: the summary says it
        await settle(pilot)
        seen["stepped"] = screen_of(writes, SMALL)
        seen["stepped repaint"], _ = await repainted(pilot, writes, SMALL)
        steps = len(game.steps)
        at_once(pilot, "2", "enter", "3", "enter")
        await settle(pilot)
        seen["plans"] = [s.intent for s in game.steps[steps:] if s.seat == 0]
        seen["actions"] = first.actions

    game_table = LocalTable(game)
    session(game_table, 0, script)
    assert seen["where"] == (True, "PlanBox")
    shown_as_drawn(seen)
    actions = seen["actions"]
    assert seen["box"] == (True, [actions[0][0], actions[0][0]], 0)
    assert f"Your disc: {actions[0][1]} + {actions[0][1]}" in "".join(seen["shown"])
    assert f"Your disc: {actions[1][1]} + {actions[0][1]}" in "".join(seen["stepped"])
    assert seen["stepped"] == seen["stepped repaint"]
    plan = seen["plans"][0]
    assert type(plan).__name__ == "CommitPlan" and len(seen["plans"]) == 1
    assert sorted((plan.first, plan.second)) == sorted((actions[1][0], actions[2][0]))


def test_the_next_plan_draws_the_rows_of_its_arrows_as_the_last_plan_drew_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The box kept from the last plan opens again, shown and focused: its arrows'
    rows, drawn for the last plan, are not drawn again (Textual's lists dropped the rows
    they drew as they were shown again, resized from nothing, and drew every row anew
    at every plan of every seat)."""
    game = games.game_until(games.my_planning)
    seen: dict[str, Any] = {}
    drawn: list[str] = []  # the ids of the lists whose rows were drawn
    to_strips = Visual.to_strips.__func__  # type: ignore[attr-defined]

    def counted(cls: Any, widget: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(widget, OptionList):
            drawn.append(str(widget.id))
        return to_strips(cls, widget, *args, **kwargs)

    monkeypatch.setattr(Visual, "to_strips", classmethod(counted))

    async def script(pilot: Pilot[Any], writes: list[str], screen: GameScreen) -> None:
        first = await planned_round_2(pilot, screen, game_table)
        del drawn[:]
        await opened(pilot, writes, screen, seen, "a", "home", "enter")
        seen["box"] = screen.dialog is first
        seen["drawn"] = [name for name in drawn if name.startswith("arrow")]

    game_table = LocalTable(game)
    session(game_table, 0, script)
    assert seen["box"]
    shown_as_drawn(seen)
    assert seen["drawn"] == [], seen["drawn"]


def a_leader_on_the_move() -> tuple[Any, int]:
    """Maharadjah: Alexander's group of 4 in Afghanistan to move (random play, seed 1),
    and its seat."""
    game = played(new_game(4, seed=1), 300, 1, until=_leader_on_the_move)
    return game, game.to_move()[0]


def open_the_move(screen: GameScreen, game: Any, seat: int) -> Any:
    """The move dialog of a leader's whole group, as the board's Enter on its route's
    end opens it; the group's move."""
    legal = game.legal_intents(seat)
    base = next(m for m in stop_bases(legal) if m.armies >= 2)
    entry = screen.adapter.selected(game.view(seat), seat, f"{base.start}>{base.path[-1]}",
                                    legal)
    assert entry is not None
    screen.choose(entry)
    return base


@pytest.mark.parametrize("list_before", [False, True])
def test_the_move_with_its_stops_is_a_box_in_the_session_and_plays_once(
        list_before: bool) -> None:
    """W-LEAD-3: a leader's group drops an army on the way; the move dialog, drawn in
    the session's screen, at 80x24. ``list_before``: after a choice list answered (its
    box kept for the next list, its id the move box's)."""
    game, seat = a_leader_on_the_move()
    seen: dict[str, Any] = {}

    async def script(pilot: Pilot[Any], writes: list[str], screen: GameScreen) -> None:
        if list_before:
            screen.ask(ChoiceBox("Which?", [(("one", ""),), (("two", ""),)], screen.colours),
                       lambda _: None)
            await settle(pilot)
            await pilot.press("escape")
            await settle(pilot)
        _, seen["full"] = await repainted(pilot, writes, SMALL)
        start = len(writes)
        base = open_the_move(screen, game, seat)
        await settle(pilot)
        seen["open"] = len("".join(writes[start:]))
        seen["where"] = (pilot.app.screen is screen, type(screen.dialog).__name__)
        seen["shown"] = screen_of(writes, SMALL)
        seen["repaint"], _ = await repainted(pilot, writes, SMALL)
        box: Any = screen.dialog
        assert type(box).__name__ == "MoveBox", type(pilot.app.screen).__name__
        line = len(box.moves) + next(n for n, s in enumerate(box.stops) if s.move == base)
        steps = len(game.steps)
        # To the stops, one army stops in the first space, on to "✓ Move", played: in
        # one read, and Enter twice at the end.
        at_once(pilot, *["down"] * line, "enter", "enter",
                *["down"] * (len(base.path) - 1), "enter", "enter")
        await settle(pilot)
        seen["played"] = [(s.seat, s.intent) for s in game.steps[steps:]]
        seen["base"] = base
        seen["after"] = (pilot.app.screen is screen, screen.last_refusal)
        seen["focus"] = screen.dialog is not None or focus_on_the_actions(pilot, screen)
        seen["boxes"] = len(screen.query("#choice-box"))

    session(LocalTable(game), seat, script)
    assert seen["where"] == (True, "MoveBox")
    assert seen["boxes"] <= 1  # the list's box taken away for the move's
    # A list longer than its box (here 12 moves, some on four rows) is drawn twice as
    # it opens: at first without its scrollbar, then with it.
    shown_as_drawn(seen, frames=1.5)
    assert "stops on the way" in "".join(seen["shown"])
    base = seen["base"]
    (mover, move), *_ = seen["played"]  # another Enter may reach the next decision
    assert mover == seat and move.start == base.start and move.path == base.path
    assert move.drops[0] == 1 and sum(move.drops) == 1
    assert seen["after"] == (True, None) and seen["focus"]


def test_a_question_is_a_box_in_the_session_esc_goes_back_and_enter_ends_the_turn() -> None:
    """R-TURN-4 in Maharaja's words (MJ-ACT-8): a turn ended with Change character
    unused asks first; here in the session's screen."""
    game = games.game_until(change_unused)
    seen: dict[str, Any] = {}

    async def script(pilot: Pilot[Any], writes: list[str], screen: GameScreen) -> None:
        end = labels(screen).index("End your turn")
        await opened(pilot, writes, screen, seen, "a", "home", *["down"] * end, "enter")
        assert type(screen.dialog).__name__ == "ConfirmBox", type(pilot.app.screen).__name__
        steps = len(game.steps)
        box = screen.dialog
        await pilot.press("escape")  # back: nothing played, the cursor where it was
        await settle(pilot)
        options = screen.query_one(ActionPanel).options
        seen["back"] = (screen.dialog, len(game.steps) - steps, pilot.app.focused is options,
                        options.highlighted == end)
        await pilot.press("enter")
        await settle(pilot)
        # Asked again in the box kept from the first time, shown as a repaint draws it.
        seen["again"] = (screen.dialog is box, screen_of(writes, SMALL))
        seen["again repaint"], _ = await repainted(pilot, writes, SMALL)
        at_once(pilot, "enter", "enter", "enter")  # yes, and twice more
        await settle(pilot)
        seen["played"] = [type(s.intent).__name__ for s in game.steps[steps:] if s.seat == 0]
        seen["after"] = (screen.dialog, screen.last_refusal, focus_on_the_actions(pilot, screen))

    session(LocalTable(game), 0, script)
    assert seen["where"] == (True, "ConfirmBox")
    shown_as_drawn(seen)
    assert "Enter ends it" in "".join(seen["shown"])
    assert seen["back"] == (None, 0, True, True)
    again, shown = seen["again"]
    assert again and shown == seen["again repaint"] and "Enter ends it" in "".join(shown)
    assert seen["played"] == ["EndTurn"]
    assert seen["after"] == (None, None, True)


def test_a_refusal_under_a_long_list_of_moves_is_in_sight_and_the_box_scrolls() -> None:
    """W-STACK-3: a move the stacking limits refuse is listed dimmed and, chosen, says
    why under the list. At 80x24 the box of a stack's 20 moves is as tall as the
    terminal: the four rows of the reason made it taller, and clipped, its reason and
    its keys were cut off; it scrolls to them."""
    game, seat = a_leader_on_the_move()
    seen: dict[str, Any] = {}

    async def script(pilot: Pilot[Any], writes: list[str], screen: GameScreen) -> None:
        open_the_move(screen, game, seat)
        await settle(pilot)
        assert type(screen.dialog).__name__ == "MoveBox", type(pilot.app.screen).__name__
        steps = len(game.steps)
        await pilot.press("end", "enter")  # the last move listed: one the rules refuse
        await settle(pilot)
        seen["shown"] = "\n".join(screen_of(writes, SMALL))
        seen["after"] = (type(screen.dialog).__name__, len(game.steps) - steps)

    session(LocalTable(game), seat, script)
    assert seen["after"] == ("MoveBox", 0)
    assert "✗ W-STACK-3:" in seen["shown"] and "may go there now" in seen["shown"]
    assert "Esc back" in seen["shown"]


def test_the_vote_on_a_seat_whose_time_ran_out_is_a_box_in_the_session() -> None:
    """The others vote to skip a timed-out seat or end the game (a majority decides):
    asked in the session's screen, the answer sent once, the action list after it."""
    game = games.game_until(games.my_turn)
    table = LocalTable(game)
    # What a server's table says of itself (RemoteTable.info): seat 1 ran out of time,
    # seat 0 votes.
    vote = SimpleNamespace(seat=1, voters=(0, 2), skip=(), end=())
    table.info = SimpleNamespace(  # type: ignore[attr-defined]
        id=7, vote=vote, seats=[SimpleNamespace(name=seat.name) for seat in game.seats],
        clock=SimpleNamespace(kind="none"), clocks=(), timed_out=(1,), ended="")
    votes: list[tuple[int, int, str]] = []
    seen: dict[str, Any] = {}

    async def script(pilot: Pilot[Any], writes: list[str], screen: GameScreen) -> None:
        pilot.app.conn = SimpleNamespace(  # type: ignore[attr-defined]
            vote=lambda *args: votes.append(args))
        screen._vote_now()  # type: ignore[attr-defined]  # as the table's notice does
        await settle(pilot)
        seen["where"] = (pilot.app.screen is screen, type(screen.dialog).__name__)
        seen["shown"] = "\n".join(screen_of(writes, SMALL))
        at_once(pilot, "enter", "enter")  # skip them; the second Enter is the list's
        await settle(pilot)
        seen["after"] = (screen.dialog, focus_on_the_actions(pilot, screen))

    session(table, 0, script)
    assert seen["where"] == (True, "ChoiceBox")
    assert "time ran out. What now?" in seen["shown"]
    assert votes == [(7, 0, "skip")]
    assert seen["after"][1]


def test_the_hint_is_a_box_in_the_session_and_enter_plays_its_best() -> None:
    """h: the hard computer's suggestions for the decision at hand, thought out off the
    session's loop, shown in its screen; Enter plays the first."""
    game = games.game_until(games.my_turn)
    seen: dict[str, Any] = {}

    async def script(pilot: Pilot[Any], writes: list[str], screen: GameScreen) -> None:
        await pilot.press("h")
        await settled(pilot, lambda: getattr(screen.dialog, "advice", None) is not None,
                      "the hint")
        await settle(pilot)
        box: Any = screen.dialog
        seen["where"] = (pilot.app.screen is screen, type(box).__name__)
        seen["shown"] = "\n".join(screen_of(writes, SMALL))
        best = box.advice[0].intent
        steps = len(game.steps)
        await pilot.press("enter")
        await settle(pilot)
        seen["played"] = (game.steps[steps].intent == best, screen.dialog,
                          focus_on_the_actions(pilot, screen))

    session(LocalTable(game), 0, script)
    assert seen["where"] == (True, "HintBox")
    assert "best:" in seen["shown"] and "Esc back" in seen["shown"]
    assert seen["played"] == (True, None, True)


def chosen_in_the_box(together: bool) -> list[Any]:
    """Enter on an action with several ways (its choice box opens), then ↓ Enter: what
    seat 0 played."""
    game = games.game_until(games.my_turn)
    played: list[Any] = []

    async def script(pilot: Pilot[Any], writes: list[str], screen: GameScreen) -> None:
        index = next(n for n, e in enumerate(screen.entries)
                     if len(e.intents) > 1 and e.refusal is None)
        await pilot.press("a", "home", *["down"] * index)
        await settle(pilot)
        steps = len(game.steps)
        if together:
            at_once(pilot, "enter", "down", "enter")
        else:
            await pilot.press("enter", "down", "enter")
        await settle(pilot)
        played.extend(repr(s.intent) for s in game.steps[steps:] if s.seat == 0)
        played.append((screen.dialog, focus_on_the_actions(pilot, screen)))

    session(LocalTable(game), 0, script)
    return played


def test_keys_typed_with_the_enter_that_opens_a_box_reach_the_box() -> None:
    """Enter ↓ Enter in one read (an SSH link, a quick typist) plays the box's second
    choice, as typed one at a time: the keys after the Enter reached the action list,
    the box being still on its way, and moved its cursor or were dropped."""
    one_by_one = chosen_in_the_box(together=False)
    assert len(one_by_one) == 2 and one_by_one[-1] == (None, True)  # played, list focused
    assert chosen_in_the_box(together=True) == one_by_one
