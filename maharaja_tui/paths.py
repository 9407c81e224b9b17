"""Where the app keeps its files: autosaves and saves live in the user's data directory."""

from __future__ import annotations

from pathlib import Path, PurePath

from platformdirs import user_data_dir

APP_NAME = "maharaja"
# The app's theme and screen layouts, shipped inside the package (a wheel carries only
# what lies in its packages); widgets carry their own defaults in DEFAULT_CSS.
STYLES = Path(__file__).parent / "styles"
# Every screen that may be shown by another app (the SSH server's) names these,
# so it is styled there too; Textual reads each file once. Typed as Textual's CSS_PATH
# (lists are invariant), so a screen may name it as it is.
STYLE_FILES: list[str | PurePath] = [
    STYLES / "app.tcss", STYLES / "game.tcss", STYLES / "dialogs.tcss"]


def data_dir() -> Path:
    # platformdirs honours XDG_DATA_HOME, which is how tests keep saves in a tmp dir.
    return Path(user_data_dir(APP_NAME))


def saves_dir() -> Path:
    return data_dir() / "saves"
