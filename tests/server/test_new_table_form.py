"""The server's new-table form: "Enter in any field creates it", as its heading says.
A tick box's Enter ticked it and a list's Enter opened it; Enter creates the table from
every field now, and Space still ticks a box and opens a list."""

from __future__ import annotations

import asyncio
from typing import Any

import msgspec
import pytest
from fake_ruleset import RULESET
from terminal import recording, run
from textual import events
from textual.pilot import Pilot
from textual.widgets import Checkbox, Input, Select

from engine.core.errors import IllegalIntent
from maharaja_server.session_ui.lobby import NewTableScreen, SessionApp
from maharaja_server.session_ui.zygote import _Rehearsal


class Conn(_Rehearsal):
    """A hub connection with no server that keeps each table asked for, and refuses it
    (so the form stays open and the next key is read there)."""

    def __init__(self, games: dict[str, Any] | None = None) -> None:
        super().__init__(games or {"fake": RULESET})
        self.asked: list[dict[str, Any]] = []

    def create(self, ruleset: str, seats: list[Any], options: bytes = b"{}",
               handover: bool = True, title: str = "", hints: bool = False,
               **more: Any) -> int:
        self.asked.append({"ruleset": ruleset, "options": options, "handover": handover,
                           "hints": hints, "seats": seats, **more})
        raise IllegalIntent("SRV-TEST", "kept, not created")


def _form(script: Any, games: dict[str, Any] | None = None) -> Conn:
    """Open the form (n in the lobby) and run ``script(pilot, screen)`` on it."""
    conn = Conn(games)
    app = SessionApp(conn, games or {"fake": RULESET},  # type: ignore[arg-type]
                     driver_class=recording([]))

    async def steps(pilot: Pilot[Any]) -> None:
        await pilot.pause()
        await pilot.press("n")
        for _ in range(3):
            await pilot.pause()
        assert isinstance(app.screen, NewTableScreen)
        await script(pilot, app.screen)

    asyncio.run(run(app, (80, 24), steps))
    return conn


@pytest.mark.parametrize("box", ["handover", "hints", "rated"])
def test_enter_on_a_tick_box_creates_the_table_and_space_ticks_it(box: str) -> None:
    ticked: list[bool] = []

    async def script(pilot: Pilot[Any], screen: NewTableScreen) -> None:
        tick = screen.query_one(f"#{box}", Checkbox)
        before = tick.value
        tick.focus()
        await pilot.pause()
        await pilot.press("space")
        await pilot.pause()
        ticked.append(tick.value != before)
        await pilot.press("enter")
        await pilot.pause()
        ticked.append(tick.value != before)  # Enter left it as Space made it

    conn = _form(script)
    assert ticked == [True, True]
    assert len(conn.asked) == 1  # Space created nothing; Enter created the table
    assert conn.asked[0]["rated" if box == "rated" else box] == (
        box != "handover")  # handover starts ticked, the others not: each one toggled


@pytest.mark.parametrize("field", ["game", "level", "clock", "on-timeout"])
def test_enter_on_a_list_creates_the_table_and_space_opens_it(field: str) -> None:
    seen: list[bool] = []

    async def script(pilot: Pilot[Any], screen: NewTableScreen) -> None:
        choices = screen.query_one(f"#{field}", Select)
        choices.focus()
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        seen.append(choices.expanded)
        await pilot.press("space")
        await pilot.pause()
        seen.append(choices.expanded)
        before = choices.value
        await pilot.press("down", "enter")  # open, Enter picks from it
        await pilot.pause()
        seen.append(choices.expanded)
        picked.append(choices.value != before)

    picked: list[bool] = []
    conn = _form(script)
    assert seen == [False, True, False]  # Enter did not open it, Space did
    assert picked == [field != "game"]  # (the fake server has one game)
    assert len(conn.asked) == 1  # the first Enter only


def test_enter_in_a_text_field_still_creates_the_table() -> None:
    async def script(pilot: Pilot[Any], screen: NewTableScreen) -> None:
        screen.query_one("#time", Input).focus()
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert "kept, not created" in str(screen.query_one("#error").render())

    assert len(_form(script).asked) == 1


# Keys typed together (an SSH read, a quick typist): 3, Tab, 2, Enter made 32 players
# and no computer (Tab moved the focus only once the keys after it had gone to the field
# it left); Backspace, 4, Tab, 2, Enter made 24 players and erased the computers' 2
# (Textual's text field left Backspace to the app, which looked it up once the 4 was
# written and the focus had moved on).
@pytest.mark.parametrize(("typed", "players"), [
    ((("3", "3"), ("tab", "\t"), ("2", "2"), ("enter", "\r")), 3),
    ((("backspace", "\x7f"), ("4", "4"), ("tab", "\t"), ("2", "2"), ("enter", "\r")), 4),
])
def test_keys_typed_together_fill_the_fields_they_were_typed_for(
        typed: tuple[tuple[str, str], ...], players: int) -> None:
    async def script(pilot: Pilot[Any], screen: NewTableScreen) -> None:
        assert screen.focused is screen.query_one("#players", Input)  # its 2 selected
        for key, character in typed:
            pilot.app.post_message(events.Key(key, character))  # as the driver reads them
        for _ in range(3):
            await pilot.pause()

    conn = _form(script)
    assert len(conn.asked) == 1
    seats = conn.asked[0]["seats"]
    assert len(seats) == players and [seat.kind for seat in seats].count("computer") == 2


def _games() -> dict[str, Any]:
    from engine.registry import rulesets

    games = rulesets()
    return {rid: games[rid] for rid in ("maharaja-2020", "raja-2004")}


def test_tab_from_the_last_field_goes_round_to_the_first_where_enter_creates() -> None:
    """The form is taller than 80x24: its scroll area took the focus after the last
    field, and Enter there created nothing."""
    async def script(pilot: Pilot[Any], screen: NewTableScreen) -> None:
        screen.query_one("#rated", Checkbox).focus()  # the test game's last field
        await pilot.pause()
        await pilot.press("tab")
        await pilot.pause()
        assert screen.focused is screen.query_one("#game", Select)
        await pilot.press("enter")
        await pilot.pause()

    assert len(_form(script).asked) == 1


def test_a_game_s_own_options_are_tick_boxes_and_lists_not_json() -> None:
    """Maharaja's special-rule and final-scoring tiles on the form, as the local new-game
    form shows them (MJ-VAR-R1..R4, F1..F5): ticked and picked by keys, they are the
    table's options. A line of JSON to type was all a player had."""
    from engine.maharaja.options import Options

    shown: list[str] = []

    async def script(pilot: Pilot[Any], screen: NewTableScreen) -> None:
        shown.extend(str(box.label) for box in screen.query("#game-options Checkbox"))
        assert not screen.query("#options")  # the JSON line is gone
        screen.query_one("#option-rule-R2", Checkbox).focus()
        await pilot.pause()
        await pilot.press("space")  # ticks R2
        final = screen.query_one("#option-final-tile", Select)
        final.focus()
        await pilot.pause()
        await pilot.press("space", "down", "down", "enter")  # open, F2, pick it
        await pilot.pause()
        await pilot.press("enter")  # creates the table
        await pilot.pause()

    conn = _form(script, _games())
    assert shown[1] == "R2: outer statues score 1 CP." and len(shown) == 4
    assert len(conn.asked) == 1
    options = msgspec.json.decode(conn.asked[0]["options"], type=Options)
    assert options.special_rules == ("R2",) and options.final_scoring == "F2"
    assert options.colours == ()  # the seats' colours in the game's own order, as before


def test_another_game_shows_its_own_options_at_their_defaults() -> None:
    """Raja picked on the form: its modules (R-VAR-*) replace Maharaja's tiles, each as
    Raja's new-game form starts it; the table is created with them."""
    from engine.raja.options import Options as RajaOptions

    shown: list[str] = []

    async def script(pilot: Pilot[Any], screen: NewTableScreen) -> None:
        game = screen.query_one("#game", Select)
        game.focus()
        await pilot.pause()
        await pilot.press("space", "down", "enter")  # open, Raja, pick it
        for _ in range(3):
            await pilot.pause()
        assert game.value == "raja-2004"
        shown.extend(box.id or "" for box in screen.query("#game-options Checkbox"))
        short = screen.query_one("#option-short_game", Checkbox)
        short.focus()
        await pilot.pause()
        await pilot.press("space", "enter")  # ticks the short game, creates the table
        await pilot.pause()

    conn = _form(script, _games())
    assert "option-rule-R2" not in shown and "option-short_game" in shown
    assert conn.asked[0]["ruleset"] == "raja-2004"
    options = msgspec.json.decode(conn.asked[0]["options"], type=RajaOptions)
    assert options == RajaOptions(short_game=True)  # the rest as Raja's form starts them


def test_a_game_without_screens_here_gets_its_defaults() -> None:
    """A game this UI has no screens for (the test game) shows no options, and its
    table is created with its defaults, as an empty line of JSON gave it."""
    async def script(pilot: Pilot[Any], screen: NewTableScreen) -> None:
        assert not screen.query("#game-options Checkbox")
        await pilot.press("enter")
        await pilot.pause()

    assert _form(script).asked[0]["options"] == b"{}"


def test_enter_right_behind_another_game_s_pick_creates_it_at_its_defaults() -> None:
    """Raja picked and Enter read with the pick, before Raja's fields replace
    Maharaja's: the table is Raja's, at Raja's defaults (not Maharaja's tiles as Raja's
    options, which the server would refuse)."""
    from engine.raja.options import Options as RajaOptions

    async def script(pilot: Pilot[Any], screen: NewTableScreen) -> None:
        screen.query_one("#option-rule-R2", Checkbox).value = True
        screen.query_one("#game", Select).value = "raja-2004"
        screen.action_create()  # before the screen has read the pick's message
        await pilot.pause()

    conn = _form(script, _games())
    assert conn.asked[0]["ruleset"] == "raja-2004"
    assert msgspec.json.decode(conn.asked[0]["options"], type=RajaOptions) == RajaOptions()


@pytest.mark.parametrize("game", ["maharaja-2020", "raja-2004"])
def test_each_option_is_read_whole_at_80x24(game: str) -> None:
    """The form's frame leaves a rule fewer columns than the local new-game form:
    MJ-VAR-R3's tile lost its end ("…costs 12") and R1's its full stop. A label longer
    than the row wraps under itself; every label is on the screen whole."""
    from maharaja_server.session_ui.form_fields import FormTickBox
    from maharaja_tui.compat import rows_shown

    missing: list[str] = []

    async def script(pilot: Pilot[Any], screen: NewTableScreen) -> None:
        if game != "maharaja-2020":
            screen.query_one("#game", Select).value = game
            await pilot.pause()
            await pilot.pause()
        boxes = list(screen.query("#game-options FormTickBox").results(FormTickBox))
        assert boxes
        for box in boxes:
            box.scroll_visible(animate=False)
            await pilot.pause()
            rows = rows_shown(screen)
            region = box.region
            shown = " ".join(rows[y].text[region.x:region.right].strip()
                             for y in range(region.y, region.bottom))
            if str(box.label) not in shown:
                missing.append(f"{box.label!s} -> {shown}")

    _form(script, _games())
    assert missing == []


def _pick(games: tuple[str, ...] = ("maharaja-2020", "raja-2004", "maharadjah")) -> dict[str, Any]:
    from engine.registry import rulesets

    found = rulesets()
    return {rid: found[rid] for rid in games}


async def _choose(pilot: Pilot[Any], select: Select[Any], value: str) -> None:
    """``value`` picked in a list (as Enter on it does), and what follows settled."""
    select.value = value
    for _ in range(3):
        await pilot.pause()


def test_a_raja_preset_picked_ticks_its_modules_and_modules_ticked_name_theirs() -> None:
    """R-MODE-3's presets on the server's form, as on the local one: Advanced I ticks the
    yogi tokens, home cities and the auction; the several-characters module ticked alone
    is Advanced II. The modules were ticked one by one over SSH."""
    from engine.raja.options import Options as RajaOptions

    named: list[str] = []

    async def script(pilot: Pilot[Any], screen: NewTableScreen) -> None:
        await _choose(pilot, screen.query_one("#game", Select), "raja-2004")
        preset = screen.query_one("#option-preset", Select)
        await _choose(pilot, preset, "Advanced I")
        await pilot.press("enter")  # creates the table (kept by the test's connection)
        await pilot.pause()
        for module in ("yogi_tokens", "home_city", "auction"):  # cleared: Basic
            screen.query_one(f"#option-{module}", Checkbox).value = False
        await pilot.pause()
        named.append(str(preset.value))
        box = screen.query_one("#option-multi_character", Checkbox)
        box.focus()
        await pilot.pause()
        await pilot.press("space")
        await pilot.pause()
        named.append(str(preset.value))

    conn = _form(script, _pick())
    options = msgspec.json.decode(conn.asked[0]["options"], type=RajaOptions)
    assert options == RajaOptions(yogi_tokens=True, home_city=True, auction=True)
    assert named == ["Basic", "Advanced II"]


def test_the_maharadjah_short_game_preset_seats_3_and_4_players_mean_the_full_game() -> None:
    """W-SETUP-S1: the short game is for 3 players. Its preset sets the form's players
    to 3; 4 typed afterwards bring the full game back (the server would refuse a short
    game for 4)."""
    seen: list[tuple[str, str, bool]] = []

    async def script(pilot: Pilot[Any], screen: NewTableScreen) -> None:
        await _choose(pilot, screen.query_one("#game", Select), "maharadjah")
        preset = screen.query_one("#option-preset", Select)
        players = screen.query_one("#players", Input)
        short = screen.query_one("#option-short_game", Checkbox)
        await _choose(pilot, preset, "Short game (3 players)")
        seen.append((str(preset.value), players.value, short.value))
        players.focus()
        await pilot.press("backspace", "4")
        await pilot.pause()
        await pilot.pause()
        seen.append((str(preset.value), players.value, short.value))

    _form(script, _pick())
    assert seen == [("Short game (3 players)", "3", True),
                    ("Full game (turns 1-16)", "4", False)]
