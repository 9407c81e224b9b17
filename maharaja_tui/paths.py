"""Where the app keeps its files: autosaves and saves live in the user's data directory."""

from __future__ import annotations

from pathlib import Path, PurePath

from platformdirs import user_data_dir

APP_NAME = "maharaja"


def _styles() -> Path:
    """The folder of the app's theme and screen layouts (.tcss; widgets carry their own
    defaults in DEFAULT_CSS): the checkout's top-level ``styles/``, which the wheel
    ships inside the package as ``maharaja_tui/styles`` (setup.py)."""
    here = Path(__file__).parent
    shipped = here / "styles"  # an installed wheel
    return shipped if shipped.is_dir() else here.parent / "styles"  # a checkout


STYLES = _styles()
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
