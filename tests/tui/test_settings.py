"""The config file: where it is, what it sets, one line for a bad key."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.ruleset import Computer
from maharaja_server.transport import cli as server_cli
from maharaja_tui import settings
from maharaja_tui.app import MaharajaApp, Start
from maharaja_tui.screens.help import HelpScreen
from maharaja_tui.screens.new_game import NewGameScreen
from tests.tui.helpers import synchronously


@pytest.fixture(autouse=True)
def config_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No developer's own config file reaches a test."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.delenv(settings.ENV, raising=False)
    return tmp_path / "config"


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_the_file_is_found_in_the_config_dir_then_env_then_option(
        tmp_path: Path, config_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert settings.load() == settings.Settings()  # no file: the defaults
    write(config_home / "maharaja" / "config.toml", 'name = "Anand"\n')
    assert settings.load().name == "Anand"
    monkeypatch.setenv(settings.ENV, str(write(tmp_path / "env.toml", 'name = "Bela"\n')))
    assert settings.load().name == "Bela"
    assert settings.load(write(tmp_path / "opt.toml", 'name = "Chand"\n')).name == "Chand"
    with pytest.raises(settings.ConfigError, match=r"config file .*nowhere.toml: no such file"):
        settings.load(tmp_path / "nowhere.toml")  # a file named on purpose must exist


def test_every_key_of_the_documented_example_is_read(tmp_path: Path) -> None:
    doc = settings.__doc__ or ""
    example = "\n".join(line[4:] for line in doc.splitlines() if line.startswith("    "))
    loaded = settings.load(write(tmp_path / "c.toml", example))
    assert (loaded.name, loaded.theme, loaded.autosave_keep) == ("Anand", "ansi-dark", 20)
    assert loaded.opponents == settings.Opponents(2, "medium")
    assert settings.Settings().opponents == settings.Opponents(None, None)  # the games' own
    assert loaded.keys == {"game.undo": "ctrl+u", "app.help": "f1,question_mark"}
    defaults = loaded.server_defaults()
    assert defaults["port"] == 2222 and defaults["web"] == 8080
    assert defaults["password_file"] == Path("~/maharaja-passwords").expanduser()


@pytest.mark.parametrize(("text", "message"), [
    ('nmae = "x"\n', "unknown key 'nmae'"),
    ("[server]\nprot = 3\n", "unknown key 'server.prot'"),
    ("[server]\nport = 70000\n", "key 'server.port': expected `int` <= 65535"),
    ('[opponents]\nlevel = "godlike"\n', "key 'opponents.level': invalid enum value 'godlike'"),
    ("[opponents]\ncount = -1\n", "key 'opponents.count'"),
    ('theme = "pink"\n', "key 'theme': unknown theme 'pink' (one of ansi-dark, ansi-light"),
    ('autosave_keep = "all"\n', "key 'autosave_keep': expected `int`, got `str`"),
    ('[keys]\n"app.help" = 3\n', "key 'keys.app.help': expected keys such as"),
    ('name = ""\n', "key 'name'"),
    ("x = [\n", "not TOML"),
])
def test_a_bad_value_is_one_line_naming_the_key_and_the_file(
        tmp_path: Path, text: str, message: str) -> None:
    path = write(tmp_path / "c.toml", text)
    with pytest.raises(settings.ConfigError) as problem:
        settings.load(path)
    assert str(problem.value).startswith(f"config file {path}: ")
    assert message in str(problem.value) and "\n" not in str(problem.value)


def test_the_command_refuses_a_bad_file_and_an_unknown_binding_id(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    from maharaja_tui import cli

    monkeypatch.setattr(MaharajaApp, "run", lambda self: None)
    bad = write(tmp_path / "bad.toml", "[opponents]\ncount = 99\n")
    assert cli.main(["--config", str(bad)]) == 2
    assert capsys.readouterr().err == (f"maharaja: config file {bad}: key 'opponents.count': "
                                       "expected `int` <= 15\n")
    keys = write(tmp_path / "keys.toml", '[keys]\n"game.undoo" = "ctrl+u"\n')
    monkeypatch.setenv(settings.ENV, str(keys))
    assert cli.main(["play"]) == 2
    err = capsys.readouterr().err
    assert f"config file {keys}: unknown binding id 'keys.game.undoo'" in err
    assert "game.undo" in err  # the ids it could have meant


def test_name_and_opponents_set_the_game_the_command_starts(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from maharaja_tui import cli

    started: list[MaharajaApp] = []
    monkeypatch.setattr(MaharajaApp, "run", lambda self: started.append(self))
    path = write(tmp_path / "c.toml", 'name = "Anand"\nautosave_keep = 3\ntheme = "ansi-dark"'
                                      '\n[opponents]\ncount = 3\nlevel = "hard"\n')
    assert cli.main(["--config", str(path)]) == 0
    assert cli.main(["--config", str(path), "play", "--players", "2"]) == 0
    bare, play = (app.start.setup for app in started)
    assert bare is not None and play is not None
    assert [s.name for s in bare.seats][0] == "Anand" and len(bare.seats) == 4
    assert {s.controller for s in bare.seats[1:]} == {Computer(level="hard")}
    assert len(play.seats) == 2  # the command line wins over the file
    assert started[0].settings.autosave_keep == 3


@synchronously
async def test_theme_and_key_bindings_apply_in_the_app() -> None:
    chosen = settings.Settings(theme="ansi-dark", keys={"app.help": "f2"})
    app = MaharajaApp(Start("new"), settings=chosen)
    async with app.run_test() as pilot:
        await pilot.pause()
        assert app.theme == "ansi-dark"
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("f2")  # rebound by its id: the guide opens on f2
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)


@synchronously
async def test_the_new_game_form_starts_from_the_name_and_opponents() -> None:
    from textual.widgets import Input, Select

    chosen = settings.Settings(name="Anand", opponents=settings.Opponents(3, "hard"))
    app = MaharajaApp(Start("new"), settings=chosen)
    async with app.run_test() as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        assert screen.query_one("#name-0", Input).value == "Anand"
        assert screen.query_one("#players", Select).value == 4
        assert screen.query_one("#who-1", Select).value == Computer(level="hard")
        assert screen.query_one("#seat-3").display and not screen.query_one("#seat-4").display


def test_the_binding_ids_include_the_app_and_game_keys() -> None:
    ids = settings.binding_ids()
    assert {"app.help", "app.new-game", "app.quit", "game.undo", "game.redo",
            "game.save-as"} <= ids


def test_the_server_takes_its_defaults_from_the_file_and_the_line_wins(tmp_path: Path) -> None:
    path = write(tmp_path / "c.toml", '[server]\nport = 2345\nweb = 8081\nidle_timeout = 60\n'
                                      'password_file = "~/pw"\n')
    args = server_cli.parse_args(["--config", str(path)])
    assert (args.port, args.web, args.idle_timeout) == (2345, 8081, 60)
    assert args.password_file == Path("~/pw").expanduser()
    assert server_cli.parse_args(["--config", str(path), "--port", "7"]).port == 7
    bad = write(tmp_path / "bad.toml", "[server]\nweb = true\n")
    with pytest.raises(settings.ConfigError, match="key 'server.web'"):
        server_cli.parse_args(["--config", str(bad)])
    assert server_cli.serve_main(["--config", str(bad)]) == 2
    from maharaja_tui import cli

    assert cli.main(["--config", str(bad), "serve"]) == 2  # the file before the command


def test_every_key_of_every_screen_and_widget_has_a_binding_id() -> None:
    """Any key may be rebound from [keys], not only the app's and the game
    screen's; one class never gives two bindings the same id."""
    from textual.binding import Binding
    from textual.dom import DOMNode

    known = settings.binding_ids()  # imports every screen, widget and game adapter
    todo: list[type] = [DOMNode]
    without, repeated = [], []
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        if not cls.__module__.startswith("maharaja_tui"):
            continue
        bindings = [b for b in cls.__dict__.get("BINDINGS", []) if isinstance(b, Binding)]
        without += [f"{cls.__name__}: {b.key}" for b in bindings if not b.id]
        ids = [b.id for b in bindings]
        repeated += [f"{cls.__name__}: {i}" for i in set(ids) if ids.count(i) > 1]
    assert not without and not repeated
    assert {"replay.next-event", "map.toggle-key", "plan.digit-3",
            "palace-grid.rotate", "maharadjah-move.one-more"} <= known
