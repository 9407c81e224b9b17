"""The real game over real SSH: two players and a spectator play Maharaja up to round 1.

Each terminal is driven with keys on the real GameScreen, and everything the server
sent it is kept: a committed plan (MJ-HIDE-2) and a PP total (MJ-HIDE-1) of another
seat must never reach it, while its own do, and every change shows live.

The plans use actions whose names no other text of the game can show: "Take 3 coins"
is also reward tile 1 and "Move a flag" the text of character 10, so neither is used.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Callable
from pathlib import Path

from sshkit import ANSI, DOWN, ENTER, Term, config, connect, running

from engine.maharaja import components as C
from engine.maharaja import intents as it

SIZE = (120, 40)
ALICE_PLAN = (C.Action.BUY_PRESTIGE, C.Action.STATUE_DISCOUNT)  # as picked: arrow 1, arrow 2
BOB_PLAN = (C.Action.TAKE_SHRINES, C.Action.TWO_SHRINES)
HEADER = re.compile(r"[▶ ][A-Z] (alice|bob)\b")
# A board's figures, spelt out ("15 coins  PP 3 ... shrines 8") or narrow ("15c PP 3  sh8").
FIGURES = re.compile(r"(\d+)(?:c| coins) +PP (\S+) .*?\bsh(?:rines )?(\d+)")


def run(coro) -> None:
    asyncio.run(asyncio.wait_for(coro, 90))


async def until(predicate: Callable[[], bool], timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError("condition not reached in time")
        await asyncio.sleep(0.05)


def boards(lines: list[str]) -> dict[str, tuple[int, str, int]]:
    """Each board on screen by player name: (coins, PP as shown, shrines on the board).

    A board is its header line (letter and name) with its figures on the next lines, at
    the same column: so this tells whose PP a "PP 3" is, even when both have 3.
    """
    out: dict[str, tuple[int, str, int]] = {}
    for row, line in enumerate(lines[:-1]):
        for head in HEADER.finditer(line):
            below = " ".join(x[head.start():].strip() for x in lines[row + 1:row + 3])
            figures = FIGURES.match(below)
            if figures:
                coins, pp, shrines = figures.groups()
                out[head.group(1)] = (int(coins), pp, int(shrines))
    return out


async def until_screen(term: Term, predicate: Callable[[list[str]], bool], what: str,
                       timeout: float = 20.0) -> list[str]:
    """Wait until what the terminal shows now satisfies ``predicate``."""
    deadline = time.monotonic() + timeout
    while True:
        lines = term.screen()
        if predicate(lines):
            return lines
        left = deadline - time.monotonic()
        if left <= 0 or term.closed:
            shown = "\n".join(lines)
            raise AssertionError(f"timeout waiting for {what}; the screen:\n{shown}")
        term.changed.clear()
        try:
            await asyncio.wait_for(term.changed.wait(), min(left, 0.5))
        except TimeoutError:
            pass


def names(plan: tuple[int, ...]) -> list[str]:
    return [C.ACTIONS[C.Action(a)].name for a in plan]


def test_maharaja_over_ssh_keeps_plans_and_pp_private_and_updates_live(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(config(tmp_path)) as srv:
            alice = await connect(srv.port, "alice", command="new maharaja-2020 2", size=SIZE)
            await alice.wait_for(r"every seat is taken")
            bob = await connect(srv.port, "bob", command="join 1", size=SIZE)
            terms = {0: alice, 1: bob}
            table = srv.service.tables[1]
            await until(lambda: table.game is not None)
            game = table.game
            assert game is not None and table.meta.slots[0].name == "alice"
            carol = await connect(srv.port, "carol", command="watch 1", size=SIZE)
            for term in (alice, bob, carol):
                await term.wait_screen(r"Choosing characters")
            # The status line ends with the table's step, and "your move" for the seat that
            # decides (the lobby's "playing (step N)"; the load test reads it too).
            step, chooser = table.version, game.state.chooser
            await terms[chooser].wait_screen(rf"· step {step} · your move")
            for term in (terms[1 - chooser], carol):
                await term.wait_screen(rf"· step {step}")
                assert "your move" not in term.screen()[0]

            def synced(seat: int, prompt: str) -> Callable[[list[str]], bool]:
                """The seat's screen shows its prompt and every board as the server has it."""
                state = game.state
                want = {name: state.players[s].shrines for s, name in ((0, "alice"), (1, "bob"))}

                def check(lines: list[str]) -> bool:
                    shown = {name: b[2] for name, b in boards(lines).items()}
                    return shown == want and any(prompt in line for line in lines)
                return check

            async def move(seat: int, prompt: str, keys: list[str], then: str | None = None,
                           confirm: str = ENTER) -> None:
                """On the seat's terminal, once it shows the current state: keys, then
                (after ``then`` shows, a choice list) ``confirm``; wait for the step."""
                await until_screen(terms[seat], synced(seat, prompt), f"{prompt!r} for {seat}")
                version = table.version
                for key in keys:
                    await terms[seat].press(key)
                if then is not None:
                    await terms[seat].wait_screen(then)
                    await terms[seat].press(confirm)
                await until(lambda: table.version > version)

            # Characters: alice ends up with the lower number, so she plays first.
            if game.state.chooser == 0:
                await move(0, "You choose a character", [ENTER])
                await move(1, "You choose a character", [ENTER])
            else:
                await move(1, "You choose a character", [DOWN, ENTER])
                await move(0, "You choose a character", [ENTER])
            players = game.state.players
            assert 0 < players[0].character < players[1].character

            # Starting shrines, in character order: the first village each time.
            while game.state.phase == "start-shrines":
                (seat,) = game.to_move()
                await move(seat, "You place a starting shrine", [ENTER], then=r"Which village\?")
            assert game.state.phase == "planning" and game.state.round == 1
            start_pp = [p.pp for p in game.state.players]

            async def private_pp() -> None:
                """Region by region, on screens showing the current coins and shrines: each
                player sees their own PP, no one else's."""
                players = game.state.players
                for term, viewer in ((alice, 0), (bob, 1), (carol, None)):
                    expected = {name: (players[s].coins,
                                       str(players[s].pp) if s == viewer else "?",
                                       players[s].shrines)
                                for s, name in ((0, "alice"), (1, "bob"))}
                    await until_screen(term, lambda lines, e=expected: boards(lines) == e,
                                       f"boards showing {expected}")

            await private_pp()

            # Alice commits her plan through the plan picker.
            await until_screen(alice, synced(0, "Set both arrows of your disc"), "her planning")
            await alice.press(ENTER)
            await alice.wait_screen(r"Arrow 1")
            for action in ALICE_PLAN:
                await alice.press(_digit(action))
                await alice.press(ENTER)
            await until(lambda: game.state.players[0].planned)
            alice_plan = game.state.players[0].plan
            assert alice_plan is not None and sorted(alice_plan) == sorted(ALICE_PLAN)
            alice_names = names(alice_plan)
            await until_screen(alice, lambda lines: not any("Arrow 1" in x for x in lines),
                               "her plan picker closed")
            after_alice_picked = alice.mark()  # from here on, nothing lists every action

            # Bob and the spectator see that she planned, live, and not what.
            for term in (bob, carol):
                await term.wait_screen(r"[▶ ]R alice.*✓")
            await private_pp()
            for term in (bob, carol):
                plain, raw = term.text(), bytes(term.raw)
                for name in alice_names:
                    assert name not in plain and name.encode() not in raw, name

            # Bob commits his; that starts alice's turn, which reveals her plan only.
            await until_screen(bob, synced(1, "Set both arrows of your disc"), "his planning")
            before_bob_picked = {"bob": bob.mark(), "carol": carol.mark()}
            await bob.press(ENTER)
            await bob.wait_screen(r"Arrow 1")
            for action in BOB_PLAN:
                await bob.press(_digit(action))
                picking = bob.mark()  # before the Enter that commits: nothing is revealed yet
                await bob.press(ENTER)
            await until(lambda: game.state.turn is not None)
            revealed = time.monotonic()
            assert game.state.turn.seat == 0
            bob_plan = game.state.players[1].plan
            assert bob_plan is not None and sorted(bob_plan) == sorted(BOB_PLAN)
            bob_names = names(bob_plan)

            # Live: within seconds, bob and the spectator show her plan; she her turn.
            disc = rf"Red: {re.escape(alice_names[0])} .* · {re.escape(alice_names[1])}"
            for term in (bob, carol):
                await term.wait_screen(disc, timeout=10)
            await alice.wait_screen(rf"You: {re.escape(alice_names[0])}", timeout=10)
            assert time.monotonic() - revealed < 10

            # Her plan was nowhere on their terminals before its reveal (bob's own plan
            # picker lists every action, so his terminal counts until he opened it).
            for name, term in (("bob", bob), ("carol", carol)):
                before = bytes(term.raw[:before_bob_picked[name]])
                plain = ANSI.sub(b"", before).decode("utf-8", "replace")
                for action in alice_names:
                    assert action.encode() not in before and action not in plain, (name, action)
            # While bob picked his, his picker listed every action, never her plan as such.
            picker = ANSI.sub(b"", bytes(bob.raw[before_bob_picked["bob"]:picking])).decode(
                "utf-8", "replace")
            assert "Arrow 2" in picker
            for order in (alice_names, alice_names[::-1]):
                assert " + ".join(order) not in picker
            # Bob's plan is still secret: not on alice's terminal since her picker
            # closed, nor on the spectator's at all.
            for term, since in ((alice, after_alice_picked), (carol, 0)):
                plain, raw = term.text(since), bytes(term.raw[since:])
                for action in bob_names:
                    assert action not in plain and action.encode() not in raw, action
            combined = " + ".join(bob_names)
            assert combined not in alice.text() and combined not in carol.text()

            # Alice buys prestige: now her PP differ from everybody's start.
            view = game.view(0)
            legal = game.legal_intents(0)
            task = next(n for n, t in enumerate(view.turn.tasks)
                        if t.action == C.Action.BUY_PRESTIGE)
            labels = _menu_labels(view, legal)
            index = next(n for n, (intents, _) in enumerate(labels)
                         if any(isinstance(i, it.DoAction) and i.task == task for i in intents))
            await alice.wait_screen(re.escape(labels[index][1]))
            version = table.version
            await alice.press(DOWN * index)
            await alice.press(ENTER)
            await until(lambda: table.version > version)
            new_pp = game.state.players[0].pp
            assert new_pp == start_pp[0] + C.ACTIONS[C.Action.BUY_PRESTIGE].pp
            assert new_pp not in start_pp
            await private_pp()  # bob and carol see her pay 3 coins, live, not what she got
            assert f"PP {new_pp}" in alice.text()
            for term in (bob, carol):
                assert f"PP {new_pp}" not in term.text()
            # The spectator never saw any PP at all (the check could fail: all had 3).
            assert re.search(r"PP \d", carol.text()) is None
            assert "PP ?" in carol.text()

            for term in (alice, bob, carol):
                await term.close()

    run(scenario())


def _menu_labels(view, legal) -> list[tuple[tuple, str]]:
    """The action panel's entries (the UI's own adapter), as plain text."""
    from engine.core.ruleset import Seat
    from maharaja_tui.games.maharaja import MaharajaAdapter

    adapter = MaharajaAdapter([Seat("alice"), Seat("bob")])
    return [(entry.intents, "".join(text for text, _ in entry.label))
            for entry in adapter.menu(view, 0, legal)]


def _digit(action: int) -> str:
    """The key that picks ``action`` in the plan picker: its position there, from 1."""
    from maharaja_tui.games.maharaja import MaharajaAdapter

    return str([a for a, _ in MaharajaAdapter.plan_actions].index(int(action)) + 1)
