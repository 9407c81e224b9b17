"""The ``maharaja`` command: play (the default), new, continue, load, replay, export,
import, and the commands other packages register (``serve``, the SSH server's: an entry
point of ``maharaja.commands``, loaded by name when asked for; the app imports no
server)."""

from __future__ import annotations

import argparse
import gc
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from engine import RecordError, registry, rulesets

if TYPE_CHECKING:
    from maharaja_tui.games.base import NewGameForm


COMMANDS = ("play", "learn", "new", "continue", "load", "replay", "export", "import")


def registered() -> dict[str, str]:
    """The commands other packages add: name -> ``module:function`` (its arguments ->
    its exit code)."""
    return {name: path for name, path in registry.entry_points(registry.COMMANDS).items()
            if name not in COMMANDS}


def parser(*, list_games: bool = True,
           only: str | None = None) -> argparse.ArgumentParser:
    """The command line; ``list_games`` names the games in ``--game``'s help, which
    imports every game's spec (and so its rules): only help shows it (the launch figure).
    ``only``: the sub-command to build ("" for none), when the arguments name it
    (``chosen``); each sub-command's parser costs ~1M instructions at launch."""

    def wanted(command: str) -> bool:
        return only is None or only == command

    top = argparse.ArgumentParser(
        prog="maharaja",
        description="Maharaja (2020) and its family in the terminal: Raja (2004), Maharani: "
                    "Mosaic Palace and the Maharadjah wargame ('play --game ID'). "
                    "Without a sub-command: a new game of Maharaja at once, you against two "
                    "medium computers (random seed); ctrl+n or the palette's 'New game…' "
                    "opens the new-game screen. Every game autosaves to its own file: "
                    "'maharaja continue' resumes the latest unfinished one.")
    top.add_argument("--config", metavar="FILE", default=None,
                     help="the config file (default: $MAHARAJA_CONFIG, else "
                          "~/.config/maharaja/config.toml)")
    sub = top.add_subparsers(dest="command", metavar="COMMAND")
    if wanted("play"):
        play = sub.add_parser("play", help="start a game at once against computer opponents "
                                           "(the default)")
        games = ": " + ", ".join(_games()) + " (the first is the default)" if list_games else ""
        play.add_argument("--game", default=None, help="the game's ruleset id" + games)
        play.add_argument("--players", type=int, default=None,
                          help="seats in all (default: the config's opponents.count + "
                               "humans, else 3)")
        play.add_argument("--humans", type=int, default=1,
                          help="human seats sharing this terminal (hot seat); 0 to watch")
        play.add_argument("--seed", type=seed, help="the game's seed (same seed, same setup)")
        play.add_argument("--solo", metavar="LEVEL",
                          help="the game's solo mode, at this difficulty (Maharaja: you alone "
                               "against Brahmabot, easy, medium or hard)")
    if wanted("learn"):
        learn = sub.add_parser("learn", help="a guided first game: each step says what to do "
                                             "and why, against easy computers")
        learn.add_argument("game", nargs="?", default=None,
                           help="the game to learn, by its id or the start of its name "
                                "(default: the first game)")
    if wanted("new"):
        new = sub.add_parser("new", help="the new-game screen (players, solo, options, "
                                         "unfinished games to resume)")
        new.add_argument("--seed", type=seed, help="the game's seed (same seed, same setup)")
    if wanted("continue"):
        sub.add_parser("continue", help="resume the most recent unfinished game (its autosave)")
    if wanted("load"):
        load = sub.add_parser("load", help="continue a saved game from a file")
        load.add_argument("file", type=Path)
    if wanted("replay"):
        replay = sub.add_parser("replay", help="watch a saved game move by move")
        replay.add_argument("file", type=Path)
        replay.add_argument("--reveal", action="store_true",
                            help="show hidden information (PP, plans) of an unfinished game")
    if wanted("export"):
        export = sub.add_parser("export", help="print a game's record, the text people read "
                                               "and share (FILE: a save or a record)")
        export.add_argument("file", type=Path)
        export.add_argument("--seat", metavar="SEAT",
                            help="only what this seat may know (its letter or number) of "
                                 "an unfinished game")
    if wanted("import"):
        imported = sub.add_parser("import", help="open a game record (text) in the replay "
                                                 "viewer, the reader's problems listed")
        imported.add_argument("file", type=Path)
        imported.add_argument("--reveal", action="store_true",
                              help="show hidden information of an unfinished game's full "
                                   "record")
    if only is None:  # help, or an error that lists the commands
        for name, path in registered().items():
            function = registry.load(path)
            summary = ((function.__doc__ or "").strip().splitlines() or [name])[0]
            summary = summary[:1].lower() + summary[1:].rstrip(".")
            sub.add_parser(name, help=f"{summary} (maharaja {name} --help)", add_help=False)
    return top


def seed(text: str) -> int | None:
    """--seed: as the new-game form takes it (maharaja_tui.fields)."""
    from maharaja_tui.fields import FieldError, seed_field

    try:
        return seed_field(text)
    except FieldError as problem:
        raise argparse.ArgumentTypeError(str(problem)) from None


def chosen(args: Sequence[str]) -> str | None:
    """The sub-command ``args`` name ("" for none) when they have the plain shape
    ``[--config FILE] [COMMAND ...]`` and ask for no help; None otherwise (a parser of
    every sub-command then parses them, as for help and for errors that list them)."""
    rest = list(args)
    if rest[:1] == ["--config"]:
        rest = rest[2:]
    elif rest[:1] and rest[0].startswith("--config="):
        rest = rest[1:]
    if any(arg in ("-h", "--help") for arg in args):
        return None
    if not rest:
        return ""
    return rest[0] if rest[0] in COMMANDS else None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; an unexpected error is one line here, its traceback in a log."""
    try:
        return _main(argv)
    except KeyboardInterrupt:
        return 130
    except Exception as error:
        from maharaja_tui import crashlog

        print(crashlog.report(error), file=sys.stderr)
        return 1


def _main(argv: Sequence[str] | None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    config = args_list[:2] if args_list[:1] == ["--config"] else []  # the file, then a command
    name = args_list[len(config)] if len(args_list) > len(config) else ""
    if name and name not in COMMANDS and not name.startswith("-"):
        path = registered().get(name)
        if path is not None:  # another package's command, with the rest of the line
            return int(registry.load(path)([*config, *args_list[len(config) + 1:]]) or 0)
    # The launch creates ~a million objects that live as long as the app (modules,
    # classes, styles): ~150 collections that free almost nothing, a tenth of it. The
    # collector is paused until the app's first frame (MaharajaApp.on_mount resumes it).
    gc.disable()
    asks_help = any(arg in ("-h", "--help") for arg in args_list)
    args = parser(list_games=asks_help, only=chosen(args_list)).parse_args(args_list)
    if args.command == "export":
        return export(args.file, args.seat)
    from maharaja_tui import settings as config_file
    from maharaja_tui.app import MaharajaApp, Start
    from maharaja_tui.game_setup import default_setup  # not the form: it is not shown

    try:
        settings = config_file.load(args.config)
        if settings.keys:  # the ids are found by importing every screen and game adapter
            config_file.check_keys(settings, config_file.binding_ids())
    except config_file.ConfigError as error:
        print(f"maharaja: {error}", file=sys.stderr)
        return 2
    name, level = settings.name, settings.opponents.level
    if getattr(args, "players", None) is None:
        count = settings.opponents.count
        args.players = _default_players(getattr(args, "game", None)) if count is None \
            else count + getattr(args, "humans", 1)

    if args.command == "play" and args.solo:
        problem = _check_solo(args.game, args.solo)
        if problem:
            print(f"maharaja: {problem}", file=sys.stderr)
            return 2
        start = Start("play", setup=default_setup(seed=args.seed, game=args.game,
                                                  solo=args.solo, name=name, level=level))
    elif args.command == "play":
        if not 0 <= args.humans <= args.players:
            print(f"maharaja: --humans must be 0 to {args.players}", file=sys.stderr)
            return 2
        problem = _check_table(args.game, args.players)
        if problem:
            print(f"maharaja: {problem}", file=sys.stderr)
            return 2
        start = Start("play", setup=default_setup(args.players, args.seed, args.humans,
                                                  args.game, name=name, level=level))
    elif args.command == "learn":
        from maharaja_tui.game_setup import lesson_setup
        from maharaja_tui.lessons import LessonError

        learnt, problem = _learnable(args.game)
        if learnt is None:
            print(f"maharaja: {problem}", file=sys.stderr)
            return 2
        try:
            start = Start("play", setup=lesson_setup(learnt, name=name))
        except LessonError as error:
            print(f"maharaja: {error}", file=sys.stderr)
            return 2
    elif args.command in ("load", "replay"):
        from engine.core import record  # a file's reader: not needed to start a game

        try:  # a bad file is one readable line, before the screen even opens
            # A game played on is re-decided step by step; one only watched is folded
            # when its digest shows it as this program wrote it (else re-decided too).
            game = record.load(args.file, rulesets(), validate=args.command == "load")
        except RecordError as error:
            print(f"maharaja: {error}", file=sys.stderr)
            return 2
        # The app shows the game read here: a file is read (and every decision checked) once.
        start = Start(args.command, path=args.file, game=game,
                      reveal=getattr(args, "reveal", False))
    elif args.command == "import":
        from maharaja_tui.record_files import open_game

        try:
            opened = open_game(args.file)
        except RecordError as error:
            print(f"maharaja: {error}", file=sys.stderr)
            return 2
        start = Start("replay", path=args.file, game=opened.game, reveal=args.reveal,
                      seat=opened.seat, notes=tuple(opened.errors))
    elif args.command == "continue":
        from maharaja_tui import autosaves

        latest = autosaves.latest_unfinished()
        if latest is None:
            for notice in autosaves.notices():  # the app would have shown these
                print(f"maharaja: {notice}", file=sys.stderr)
            print("maharaja: no unfinished game to continue; 'maharaja' starts a new one",
                  file=sys.stderr)
            return 1
        start = Start("load", path=latest)
    elif args.command == "new":
        start = Start("new", seed=args.seed)
    else:  # no sub-command: a game at once (autosaves never overwrite each other)
        problem = _check_table(None, args.players)
        if problem:
            print(f"maharaja: {problem} (opponents.count in {settings.path})", file=sys.stderr)
            return 2
        start = Start("play", setup=default_setup(args.players, name=name, level=level))
    app = MaharajaApp(start, settings=settings)
    app.run()
    return app.return_code or 0


def _games() -> list[str]:
    from engine.registry import specs

    return [game_id for game_id, spec in specs().items() if spec.adapter]


def _learnable(word: str | None) -> tuple[str | None, str]:
    """The game with a lesson that ``word`` names (its id, or the start of its id or
    title, any case); else None and why."""
    from maharaja_tui.lessons import games

    known = games()
    if word is None:
        return (known[0], "") if known else (None, "no game has a lesson")
    from engine.registry import spec_of

    key = word.casefold()
    named = [g for g in known if key == g.casefold()] or [
        g for g in known if g.casefold().startswith(key)
        or spec_of(g).title.casefold().startswith(key)]
    if len(named) == 1:
        return named[0], ""
    listed = ", ".join(known)
    if named:
        return None, f"{word!r} may be any of {', '.join(named)}: write more of it"
    return None, f"no lesson for {word!r}; the games with a lesson: {listed}"


def _form(game: str) -> NewGameForm | None:
    """The game's new-game form; None for a game this UI cannot show (or none such).
    Only that game is imported: listing the known games imports them all."""
    from maharaja_tui.games import UnsupportedGame, adapter_class

    try:
        return adapter_class(game).table_form()
    except UnsupportedGame:
        return None


def _default_players(game: str | None) -> int:
    """The game's own default number of players (its spec's); 3 for a game this UI cannot
    show, which ``_check_table`` then names."""
    from engine.registry import default_game

    form = _form(game or default_game())
    return form.default_seats if form is not None else 3


def _check_solo(game: str | None, level: str) -> str | None:
    from engine.registry import default_game

    game = game or default_game()
    form = _form(game)
    if form is None:
        return f"unknown game {game!r}; known games: {', '.join(_games())}"
    if not form.solo_levels:
        return f"{form.title} has no solo mode"
    if level not in form.solo_levels:
        return f"--solo takes {', '.join(form.solo_levels)}, not {level!r}"
    return None


def _check_table(game: str | None, players: int) -> str | None:
    from engine.registry import default_game

    game = game or default_game()
    form = _form(game)
    if form is None:
        return f"unknown game {game!r}; known games: {', '.join(_games())}"
    if not form.min_seats <= players <= form.max_seats:
        return f"{form.title} takes {form.min_seats} to {form.max_seats} players"
    return None


def export(path: Path, seat: str | None) -> int:
    """``maharaja export``: the record on stdout, what went wrong on stderr (1 then)."""
    from engine import records
    from engine.core.notation import NotationError
    from maharaja_tui.record_files import open_game, seat_named

    try:
        opened = open_game(path)
        shown = opened.seat if seat is None else seat_named(opened.game, seat)
        text = records.write(opened.game, shown)
    except (RecordError, NotationError, ValueError) as error:
        print(f"maharaja: {error}", file=sys.stderr)
        return 2
    sys.stdout.write(text)
    for problem in opened.errors:
        print(f"maharaja: {path}: {problem}", file=sys.stderr)
    return 1 if opened.errors else 0
