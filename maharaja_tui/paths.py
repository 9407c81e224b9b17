"""Where the app keeps its files: the autosave lives in the user's data directory."""

from __future__ import annotations

from pathlib import Path

from platformdirs import user_data_dir

APP_NAME = "maharaja"
STYLES = Path(__file__).parent.parent / "styles"
# Every screen that may be shown by another app (the SSH server's) names these,
# so it is styled there too; Textual reads each file once.
STYLE_FILES = [STYLES / "app.tcss", STYLES / "game.tcss", STYLES / "dialogs.tcss"]


def data_dir() -> Path:
    # platformdirs honours XDG_DATA_HOME, which is how tests keep saves in a tmp dir.
    return Path(user_data_dir(APP_NAME))


def autosave_path() -> Path:
    return data_dir() / "autosave.json"


def saves_dir() -> Path:
    return data_dir() / "saves"
