"""A normal install works: the wheel ships every file the code reads, and
the README's quick start starts the game where pip's scripts directory is not on PATH
(item 10). CI also installs the wheel into a fresh venv and starts it (.ci/run)."""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
import zipfile
from importlib.metadata import version
from pathlib import Path, PurePosixPath

import pytest

pytestmark = pytest.mark.slow  # builds a wheel, starts the app from a fresh install

REPO = Path(__file__).resolve().parent.parent
# The checkout's folders an install never needs: tests and developer tools (the recorded
# games ship: the new-game screen offers them to watch).
NOT_SHIPPED = ("tests", "scripts")
# A top-level folder shipped inside a package (setup.py's STYLES): where the wheel has it.
SHIPPED_AS = {"styles": "maharaja_tui/styles"}


def source_files() -> list[PurePosixPath]:
    """The checkout as a developer has it: tracked files and new ones, not ignored ones
    (a stale build/ or egg-info would hide a file the tree no longer ships)."""
    if shutil.which("git") is None or not (REPO / ".git").exists():
        pytest.skip("needs a git checkout to tell source files from build leftovers")
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=REPO,
                            capture_output=True, check=True).stdout.decode().split("\0")
    return [PurePosixPath(f) for f in listed if f and (REPO / f).is_file()]


def resources(files: list[PurePosixPath]) -> list[str]:
    """Every file other than Python source inside the checkout's folders, except those
    never shipped: what the code may read at run time (top-level files are metadata),
    named as the wheel names it."""
    return sorted(PurePosixPath(SHIPPED_AS.get(f.parts[0], f.parts[0]), *f.parts[1:]).as_posix()
                  for f in files
                  if len(f.parts) > 1 and f.parts[0] not in NOT_SHIPPED
                  and not f.parts[0].startswith(".") and f.suffix not in (".py", ".pyc"))


def build_wheel(files: list[PurePosixPath], tmp: Path) -> zipfile.ZipFile:
    src = tmp / "src"
    for f in files:
        (src / f).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(REPO / f, src / f)
    # With the test extra's setuptools the build needs no index; an older environment
    # fetches the build backend pyproject.toml names.
    major, minor = (int(p) for p in version("setuptools").split(".")[:2])
    isolation = [] if (major, minor) < (70, 1) else ["--no-build-isolation"]
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", *isolation,
                            "-w", str(tmp / "dist"), str(src)], capture_output=True, text=True)
    assert built.returncode == 0, f"pip wheel failed: {built.stderr[-2000:]}"
    return zipfile.ZipFile(next((tmp / "dist").glob("maharaja-*.whl")))


def test_the_wheel_ships_every_file_the_code_reads(tmp_path: Path) -> None:
    files = source_files()
    needed = resources(files)
    assert any(n.endswith(".tcss") for n in needed) and any(n.endswith(".md") for n in needed)
    assert "maharaja_tui/styles/app.tcss" in needed  # the top-level styles/, as shipped
    wheel = build_wheel(files, tmp_path)
    shipped = set(wheel.namelist())
    missing = [n for n in needed if n not in shipped]
    assert not missing, (
        f"a normal install would lack {', '.join(missing)}: keep resources inside a package "
        "(or a folder setup.py ships as one) and list their kind in pyproject.toml's "
        "[tool.setuptools.package-data]")
    entry_points = next(n for n in shipped if n.endswith(".dist-info/entry_points.txt"))
    assert "maharaja = maharaja_tui.cli:main" in wheel.read(entry_points).decode()


def quick_start() -> list[str]:
    """The README's quick-start commands (its indented lines)."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    section = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return [line.strip() for line in section.splitlines() if line.startswith("    ")]


def test_the_quick_start_is_two_commands_and_ci_runs_the_second() -> None:
    play, test = quick_start()
    assert play.startswith("python3 -m pip install") and " && " in play
    assert test.startswith("python3 -m pip install") and test.endswith("python3 -m pytest")
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    # CI quietens pip and nothing else
    assert test in {line.replace(" -q ", " ", 1) for line in ci.splitlines()}


def test_the_quick_start_starts_the_game_without_pip_scripts_on_path(tmp_path: Path) -> None:
    """The command after the install must not need pip's scripts directory on PATH (an
    unactivated venv, a user install): it runs here with an empty PATH."""
    play, _ = quick_start()
    start = shlex.split(play.split(" && ", 1)[1]) + ["--help"]
    if start[0] == "python3":
        start[0] = sys.executable
    try:
        ran = subprocess.run(start, cwd=REPO, env={"PATH": str(tmp_path)},
                             capture_output=True, text=True, timeout=60)
    except FileNotFoundError:
        pytest.fail(f"the quick start's {play.split(' && ', 1)[1]!r} needs pip's scripts "
                    "directory on PATH")
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.startswith("usage: maharaja")
