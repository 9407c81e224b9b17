"""Commands named on the ssh command line are parsed strictly."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from sshkit import config, connect, running

from engine.core.errors import IllegalIntent
from maharaja_server.session_ui import commands
from maharaja_server.transport.protocol import RulesetInfo

DUEL = RulesetInfo("test-secrets", "Secret Duel", 2, 4)
SOLO = RulesetInfo("solo", "Solo", 1, 5)
SOLO_LONG = RulesetInfo("solo-long", "Solo, the long game", 1, 5)


def parse(text: str) -> commands.Command | None:
    return commands.parse(text, [DUEL, SOLO, SOLO_LONG], DUEL)


def test_good_commands() -> None:
    assert parse("") is None
    assert parse("join 3") == commands.Join(3, None)
    assert parse("join 3 2") == commands.Join(3, 1)
    assert parse("watch 12") == commands.Watch(12)
    assert parse("new") == commands.New(DUEL, 2)
    assert parse("new 4") == commands.New(DUEL, 4)
    assert parse("new solo") == commands.New(SOLO, 2)
    assert parse("new solo 1") == commands.New(SOLO, 1)
    # A game by the start of its name alone, in any case, as "raja" for raja-2004.
    assert parse("new TEST 3") == commands.New(DUEL, 3)
    assert parse("new solo-l") == commands.New(SOLO_LONG, 2)


@pytest.mark.parametrize("text, rule, words", [
    ("new 30000000", "SRV-COMMAND", "from 1 to 16"),
    ("new 5", "SRV-SEATS", "needs 2 to 4 seats"),  # the game's own range
    ("new 1", "SRV-SEATS", "needs 2 to 4 seats"),
    ("new 99999999999999", "SRV-COMMAND", "from 1 to 16"),
    ("join 99999999999999999999999999", "SRV-COMMAND", "the table must be a number"),
    ("join 0", "SRV-COMMAND", "the table must be a number"),
    ("join 3 17", "SRV-COMMAND", "the seat must be a number"),
    ("join -1", "SRV-COMMAND", "the table"),
    ("join ３", "SRV-COMMAND", "the table"),  # a full-width digit is not a number here
    ("watch 1 2", "SRV-COMMAND", "unknown command"),
    ("new chess", "SRV-COMMAND", "no game 'chess'"),
    ("new so", "SRV-COMMAND", "which game 'so'? (it has solo, solo-long)"),
    ("rm -rf /", "SRV-COMMAND", "unknown command"),
    ("join " + "9" * 500, "SRV-COMMAND", "too long"),
])
def test_bad_commands_are_refused_in_one_line(text: str, rule: str, words: str) -> None:
    with pytest.raises(IllegalIntent) as refused:
        parse(text)
    assert refused.value.rule == rule and words in str(refused.value)
    assert "\n" not in str(refused.value) and len(str(refused.value)) < 160


def test_an_oversized_command_over_ssh_is_refused_and_the_lobby_stays(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(config(tmp_path)) as srv:
            term = await connect(srv.port, "alice", command="join 99999999999999999999999999")
            await term.wait_screen(r"SRV-COMMAND: the table must be a number")
            await term.wait_screen(r"you are alice")
            await term.close()
            term = await connect(srv.port, "alice", command="new 30000000")
            await term.wait_screen(r"SRV-COMMAND: the number of seats must be")
            assert not srv.service.tables
            await term.close()
            srv.service.max_tables = 0  # a full server says so, not "unknown command"
            term = await connect(srv.port, "alice", command="new")
            await term.wait_screen(r"SRV-FULL")
            await term.close()

    asyncio.run(asyncio.wait_for(scenario(), 80))
