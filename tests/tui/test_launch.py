"""The launch imports what the first game frame needs and nothing more.

Each check runs a fresh interpreter, as the ``maharaja`` command starts: modules an
earlier test imported would hide what the launch itself imports. Nothing is timed
here (scripts/bench/app.py measures the launch); these are the causes it depends on.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.tui.first_frame import first_frame_code, run_child

# Our classes at the first frame that are dataclasses: each one generates the source of
# its methods and compiles it at import (~3M instructions; 33 of them were a fifth of
# the launch's cost beyond a bare Textual app). msgspec Structs are built in C.
_OURS = """
def our_dataclasses():
    return sorted(f"{name}.{value.__qualname__}" for name, module in list(sys.modules.items())
                  if name.split(".")[0] in ("engine", "maharaja_tui")
                  for value in vars(module).values()
                  if isinstance(value, type) and value.__module__ == name
                  and "__dataclass_fields__" in value.__dict__)
"""

# The first frame of ``maharaja play`` as the command runs it (cli.main), headless.
FIRST_FRAME = first_frame_code(
    '{"modules": sorted(sys.modules), "computers_driven": self.table._driver is not None,'
    ' "dataclasses": our_dataclasses(), "autosave_written": self.table.autosave.exists(),'
    ' "autosave_due": self.table._save_due}', before=_OURS)

# Not needed to draw a game of Maharaja: the F1 guide (markdown), the file dialogs,
# the replay, the other games, the installed packages' metadata (the checkout names
# its games), the screens the config file's [keys] check imports (when it has keys),
# the computers (they think after the first frame; their levels are data), the
# choice, confirmation and privacy screens (nobody has chosen anything yet), the
# new-game form (its defaults are maharaja_tui.game_setup), the plan dialog, hashlib
# (it loads OpenSSL; the CSS cache uses blake2b alone, the autosave comes after the frame),
# tomllib (the checkout's games are read from a plain table: engine.registry), the
# save files' reader and writer (the autosave is written after the frame; the command
# reads a file only for load and replay), the too-small cover (a screen class: ~2.5M
# instructions to define, for a terminal below 80×24), the rules reference (the new-game
# form's labels for Maharaja's tiles: the command checks and sets up a table from the
# form without them).
NOT_AT_LAUNCH = ("maharaja_tui.screens.help", "markdown_it", "maharaja_tui.screens.files",
                 "maharaja_tui.screens.replay", "maharaja_tui.screens.final",
                 "engine.raja", "engine.maharani", "engine.maharadjah", "importlib.metadata",
                 "maharaja_tui.screens.log", "maharaja_tui.games.raja", "engine.bots",
                 "maharaja_tui.screens.choice", "maharaja_tui.screens.privacy",
                 "maharaja_tui.screens.new_game", "hashlib", "_hashlib",
                 "maharaja_tui.screens.plan", "tomllib", "engine.core.record",
                 "maharaja_tui.screens.too_small", "maharaja_tui.reference")


@pytest.fixture(scope="module")
def first_frame(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """What the first frame's fresh interpreter reports (one child for the module)."""
    return run_in_new_home(tmp_path_factory, "first-frame", FIRST_FRAME)


def run_in_new_home(factory: pytest.TempPathFactory, name: str, code: str) -> dict[str, Any]:
    """``code``'s report from a fresh interpreter with its own data and cache folders."""
    home = factory.mktemp(name)
    return run_child(code, home / "data", cache=home / "cache")


def test_the_first_game_frame_imports_no_other_game_nor_the_help(
        first_frame: dict[str, Any]) -> None:
    modules = set(first_frame["modules"])
    assert "engine.maharaja" in modules and "maharaja_tui.screens.game" in modules
    loaded = sorted(m for m in modules for lazy in NOT_AT_LAUNCH
                    if m == lazy or m.startswith(lazy + "."))
    assert loaded == []


def test_a_table_is_set_up_from_the_form_the_new_game_screen_shows_but_its_labels() -> None:
    """``table_form`` (the command's checks, ``default_setup``) leaves the labels out,
    nothing else."""
    import msgspec

    from engine.registry import specs
    from maharaja_tui.games import adapter_class

    def unlabelled(form: Any) -> Any:
        fields = tuple(msgspec.structs.replace(
            f, label="", choices=tuple(("", value) for _, value in f.choices))
            for f in form.fields)
        return msgspec.structs.replace(form, fields=fields)

    games = [game for game, spec in specs().items() if spec.adapter]
    assert len(games) >= 4
    for game in games:
        adapter = adapter_class(game)
        assert unlabelled(adapter.table_form()) == unlabelled(adapter.new_game_form()), game
    labels = [f.label for f in adapter_class("maharaja-2020").new_game_form().fields]
    assert any(len(label) > 10 for label in labels)  # the screen's labels have the rule text


def test_the_maharaja_state_s_annotations_are_objects_not_strings() -> None:
    """msgspec reads a Struct's annotations to decode it (the first view copies the state
    through msgpack, the board file is decoded to draw the map); string annotations it
    compiles and evaluates first: 85 of them, ~4 ms of the launch."""
    import msgspec

    from engine.family import network
    from engine.maharaja import options, state

    structs = [value for module in (state, options, network) for value in vars(module).values()
               if isinstance(value, type) and issubclass(value, msgspec.Struct)
               and value.__module__ == module.__name__]
    assert len(structs) >= 10
    assert [(cls.__name__, name) for cls in structs
            for name, kind in cls.__annotations__.items() if isinstance(kind, str)] == []


def test_the_computers_think_only_after_the_first_frame(first_frame: dict[str, Any]) -> None:
    assert first_frame["computers_driven"] is False


def test_a_new_game_s_autosave_is_written_after_its_first_frame(
        first_frame: dict[str, Any]) -> None:
    """Its disk sync took longer than drawing the frame; it waits, as a
    move's autosave does, for the frame (test_autosave: it is written then)."""
    assert first_frame["autosave_written"] is False and first_frame["autosave_due"] is True


def test_the_first_game_frame_defines_no_dataclass_of_ours(
        first_frame: dict[str, Any]) -> None:
    assert first_frame["dataclasses"] == []


def test_importing_the_app_reads_no_package_metadata(data_home: Path) -> None:
    """importlib.metadata (with email, csv, zipfile...) is for listing the games."""
    code = ("import json, sys; import maharaja_tui.app; "
            "print(json.dumps({'modules': sorted(sys.modules)}))")
    modules = set(run_child(code, data_home)["modules"])  # type: ignore[call-overload]
    assert "importlib.metadata" not in modules
    assert "tomllib" not in modules and "pkgutil" not in modules  # the config file's reading
    assert "maharaja_tui.screens.help" not in modules
    assert "maharaja_tui.screens.new_game" not in modules


def test_the_board_file_is_read_without_the_json_module(data_home: Path) -> None:
    """msgspec (imported anyway) decodes and checks the board file in one pass; the json
    module is not imported for it at launch."""
    code = ("import sys, msgspec; from engine.maharaja.board import load_board; "
            "load_board(); "
            "print(msgspec.json.encode({'json': 'json' in sys.modules}).decode())")
    assert run_child(code, data_home) == {"json": False}


def test_no_config_file_reads_without_tomllib(data_home: Path) -> None:
    """The defaults need no TOML parser (tomllib compiles its regexes at import)."""
    code = ("import json, sys; from maharaja_tui import settings; found = settings.load(); "
            "print(json.dumps({'default': found == settings.Settings(), "
            "'tomllib': 'tomllib' in sys.modules}))")
    assert run_child(code, data_home) == {"default": True, "tomllib": False}


def test_load_and_replay_read_the_file_once(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """The command checks the file before the screen opens; the app shows that game
    instead of reading (and re-deciding every step of) the file again."""
    from engine import Game, get_ruleset
    from engine.core import record
    from maharaja_tui import cli
    from maharaja_tui.app import MaharajaApp

    path = tmp_path / "game.json"
    record.save(Game(get_ruleset("maharaja-2020"), list(default_seats()), None, 3), path)
    reads: list[object] = []
    real_load = record.load
    monkeypatch.setattr(record, "load", lambda *a, **k: reads.append(a) or real_load(*a, **k))
    shown: list[str] = []

    def run(app: MaharajaApp) -> None:  # what opens the file, without a terminal
        shown.append(type(app.start.game).__name__)
        app.on_mount()

    monkeypatch.setattr(MaharajaApp, "run", run)
    monkeypatch.setattr(MaharajaApp, "show_main", lambda self, screen, callback=None: None)
    monkeypatch.setattr(MaharajaApp, "show_game", lambda self, game, source=None: True)
    for command in ("replay", "load"):
        reads.clear()
        assert cli.main([command, str(path)]) == 0
        assert len(reads) == 1
    assert shown == ["Game", "Game"]  # handed to the app, which reads nothing more


def test_replay_folds_a_file_as_written_and_load_re_decides_it(
        tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    """``maharaja replay`` trusts the digest of a file this program wrote (no
    step re-decided); ``maharaja load``, whose game is played on, re-decides every step."""
    from random import Random

    from engine import Game, get_ruleset
    from engine.core import record
    from engine.core.autoplay import play_randomly
    from maharaja_tui import cli
    from maharaja_tui.app import MaharajaApp

    rules = get_ruleset("maharaja-2020")
    path = tmp_path / "game.json"
    game = Game(rules, list(default_seats()), None, 3)
    record.save(play_randomly(game, Random(3), max_steps=20), path)

    def decide(*_: object) -> list[object]:
        raise RuntimeError("re-decided")

    monkeypatch.setattr(rules, "decide", decide)
    monkeypatch.setattr(MaharajaApp, "run", lambda app: None)
    assert cli.main(["replay", str(path)]) == 0
    assert cli.main(["load", str(path)]) == 2


def default_seats() -> list[object]:
    from maharaja_tui.screens.new_game import default_setup

    return list(default_setup(seed=3).seats)


def test_the_game_screen_is_composed_with_its_width_class(data_home: Path,
                                                          monkeypatch) -> None:  # noqa: ANN001
    """The screen has its breakpoint class (``-narrow``, ``-wide``) before it composes:
    Textual adds it at the screen's first resize, which restyled every widget once more
    before the first frame (a third of the launch's styling)."""
    from maharaja_tui.screens.game import GameScreen

    classes: list[set[str]] = []
    compose = GameScreen.compose

    def recorded(self: GameScreen):  # noqa: ANN202
        classes.append(set(self.classes))
        return compose(self)

    monkeypatch.setattr(GameScreen, "compose", recorded)

    first_game_frame((80, 24))
    first_game_frame((120, 30))
    assert classes == [{"-narrow"}, {"-wide"}]


def default_setup_of(seed: int) -> object:
    from maharaja_tui.screens.new_game import default_setup

    return default_setup(seed=seed)


def first_game_frame(size: tuple[int, int] = (80, 24),
                     read: Callable[[Any], object] = lambda app: None) -> object:
    """Start the app on a new game (seed 7, computers that wait) in a pilot, let it draw its
    first frame, and return what ``read`` reads of the app then."""
    from maharaja_tui.app import MaharajaApp, Start
    from tests.tui.helpers import synchronously

    @synchronously
    async def run() -> object:
        app = MaharajaApp(Start("play", setup=default_setup_of(seed=7)), computer_delay=3600)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            return read(app)

    return run()


def test_the_command_pauses_the_collector_until_the_app_s_first_frame(data_home: Path,
                                                                       monkeypatch) -> None:  # noqa: ANN001
    """The launch creates objects that live as long as the app: collecting them was a
    tenth of it. The command pauses the collector; the app resumes it once it is up."""
    import gc

    from maharaja_tui import cli
    from maharaja_tui.app import MaharajaApp, Start
    from tests.tui.helpers import synchronously

    seen: list[bool] = []
    monkeypatch.setattr(MaharajaApp, "run", lambda self: seen.append(gc.isenabled()))
    try:
        assert cli.main(["play", "--seed", "7"]) == 0
        assert seen == [False]
    finally:
        gc.enable()

    @synchronously
    async def first_frame() -> bool:
        gc.disable()
        app = MaharajaApp(Start("play", setup=default_setup_of(seed=7)), computer_delay=3600)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            return gc.isenabled()

    try:
        assert first_frame() is True
    finally:
        gc.enable()


# Importing maharaja_tui.app defines the app and nothing more (the launch: the import
# figure, measured against ``import textual.app``): the game, its screen, the autosaves,
# the settings, the CSS cache and what they bring are imported by the running app.
NOT_AT_IMPORT = ("engine", "engine.core.table", "engine.core.record", "engine.registry",
                 "maharaja_tui.screens.game", "maharaja_tui.games", "maharaja_tui.widgets",
                 "maharaja_tui.autosaves", "maharaja_tui.settings", "maharaja_tui.css_cache",
                 "maharaja_tui.clock", "msgspec", "hashlib")


def test_importing_the_app_imports_no_game_nor_its_screen(data_home: Path) -> None:
    code = ("import json, sys; import maharaja_tui.app; "
            "print(json.dumps({'modules': sorted(sys.modules)}))")
    modules = set(run_child(code, data_home)["modules"])  # type: ignore[call-overload]
    loaded = sorted(m for m in modules for lazy in NOT_AT_IMPORT
                    if m == lazy or m.startswith(lazy + "."))
    assert loaded == []


def test_the_sub_command_is_chosen_only_from_plain_arguments() -> None:
    from maharaja_tui.cli import chosen

    assert chosen([]) == "" and chosen(["--config", "c.toml"]) == ""
    assert chosen(["play", "--seed", "7"]) == "play" == chosen(["--config=c", "play"])
    assert chosen(["--config", "play", "new"]) == "new"  # a config file named play
    for argv in (["play", "--help"], ["-h"], ["bogus"], ["--conf", "c", "play"],
                 ["--seed", "3"]):
        assert chosen(argv) is None, argv


def test_a_sub_command_alone_parses_and_helps_as_among_all() -> None:
    from maharaja_tui.cli import COMMANDS, parser, registered

    def sub_parsers(top: object) -> dict[str, object]:
        action = next(a for a in top._actions if a.dest == "command")  # type: ignore[attr-defined]
        return action.choices  # type: ignore[no-any-return]

    every = sub_parsers(parser(list_games=False))
    assert list(every) == [*COMMANDS, *registered()]  # the server's serve among the latter
    for command in COMMANDS:
        alone = sub_parsers(parser(list_games=False, only=command))
        assert list(alone) == [command]
        assert alone[command].format_help() == every[command].format_help()  # type: ignore[attr-defined]


def test_the_contrast_floor_computes_a_colour_s_luminance_once() -> None:
    """Every style drawn asks for its background's luminance, and a colour moved to meet
    the floor is searched for through a dozen blends (~5M instructions of the
    first frame)."""
    from maharaja_tui.contrast import TEXT_FLOOR, luminance, readable

    luminance.cache_clear()
    dark, grey = (20, 20, 20), (60, 60, 60)
    for _ in range(3):
        readable(grey, dark, TEXT_FLOOR)
    first = luminance.cache_info()
    readable(grey, dark, TEXT_FLOOR)
    assert luminance.cache_info().misses == first.misses  # nothing computed again


def test_a_resize_to_another_size_lays_the_game_screen_out_again(
        data_home: Path) -> None:
    from maharaja_tui.app import MaharajaApp, Start
    from tests.tui.helpers import synchronously

    @synchronously
    async def run() -> tuple[int, int]:
        app = MaharajaApp(Start("play", setup=default_setup_of(seed=7)), computer_delay=3600)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.resize_terminal(100, 30)
            await pilot.pause()
            return app.screen.query_one("#actions").region.width, app.screen.size.height

    assert run() == (100, 30)


def test_a_segment_widget_draws_again_when_its_data_or_width_changes(
        data_home: Path) -> None:
    from maharaja_tui.widgets.player_board import PlayerBoard

    def read(app: Any) -> tuple[str, str, str, str]:
        board = app.screen.query_one("#board-0", PlayerBoard)
        before = board.render().plain
        board.data = msgspec.structs.replace(board.data, name="Zed")
        after = board.render().plain
        lines = "\n".join(line.text for line in board.lines(board.content_size.width))
        wide = "\n".join(line.text for line in board.lines(60))  # the same data spelt out
        return before, after, lines, wide

    import msgspec

    before, after, lines, wide = first_game_frame(read=read)  # type: ignore[misc]
    assert "You" in before and "Zed" in after and "You" not in after
    assert "Zed" in lines and "You" not in lines  # the lines it draws, too
    assert wide.rstrip() != lines.rstrip()


# The action list at the first frame: compact (its own class, and Textual's for it).
COMPACT = first_frame_code('[self.screen.query_one("#action-options").compact,'
                           ' self.screen.query_one("#action-options").has_class('
                           '"-textual-compact")]')


def test_the_action_list_is_compact_at_the_first_frame(
        tmp_path_factory: pytest.TempPathFactory) -> None:
    assert run_in_new_home(tmp_path_factory, "compact", COMPACT) == [True, True]


def _uncovered_blank_cells(app: Any) -> dict[str, int]:
    """For each widget of the game screen drawn ``BLANK`` (and the screen itself): the
    cells of its region that none of its shown children covers, and its gutter."""
    out: dict[str, int] = {}
    screen = app.screen
    for widget in screen.walk_children(with_self=True):
        if not widget.BLANK:
            continue
        region = widget.region if widget is not screen else screen.size.region
        cells = {(x, y) for y in range(region.y, region.bottom)
                 for x in range(region.x, region.right)}
        for child in widget.children:
            if child.display:
                child_region = child.region
                cells -= {(x, y) for y in range(child_region.y, child_region.bottom)
                          for x in range(child_region.x, child_region.right)}
        out[widget.id or type(widget).__name__] = len(cells) + widget.styles.gutter.width \
            + widget.styles.gutter.height
    return out


@pytest.mark.parametrize("size", [(80, 24), (120, 30), (80, 50)])
def test_what_the_game_screen_draws_blank_its_children_cover(data_home: Path,
                                                              size: tuple[int, int]) -> None:
    """The game screen and its frame (``#main``, ``#left``, ``#boards``) are drawn as
    Textual draws a blank widget, without the styles cache and the line filters (issue
    15: a tenth of the first frame's rendering). That is right only while nothing of
    them shows: no border or padding, and their children fill them, at any size."""
    found = first_game_frame(size, _uncovered_blank_cells)
    assert isinstance(found, dict)
    assert set(found) == {"GameScreen", "main", "left", "boards"}, found
    assert set(found.values()) == {0}, found
