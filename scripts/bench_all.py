"""Every figure of the README's Benchmarks, each beside its anchor measured in the same
run.

Runs each area module of ``scripts/bench/`` that exists (app, engine, ssh, suite...):
its ``figures(runs)`` yields ``Figure``s, printed with value, anchor, ratio, target and
whether the target holds. Benchmarks, not tests: the exit status is 0 whatever the
figures say (an area that fails to run is reported and the others go on).

    python scripts/bench_all.py                 # every area but the long ones
    python scripts/bench_all.py --only app      # one area (repeatable)
    python scripts/bench_all.py --long          # the long areas too (strength: 200 games)
    python scripts/bench_all.py --only strength --games 60   # fewer games
    python scripts/bench_all.py --runs 9        # more runs a figure (default 5)
    python scripts/bench_all.py --markdown      # the README's Benchmarks table

An area module that sets ``LONG = True`` (minutes a run: the whole test suite, the
strength tournament) runs only with ``--long`` or when named with ``--only``.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import os
import pkgutil
import sys
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = ROOT / "scripts"
for entry in (str(ROOT), str(SCRIPTS)):  # areas import `bench.figure` and the project
    if entry not in sys.path:
        sys.path.insert(0, entry)

from bench.figure import Figure  # noqa: E402

NOT_AREAS = {"figure"}


def areas() -> list[str]:
    """The area modules present, in name order."""
    found = pkgutil.iter_modules([str(SCRIPTS / "bench")])
    return sorted(m.name for m in found if m.name not in NOT_AREAS and not m.name.startswith("_"))


def _number(value: float) -> str:
    return f"{value:.3g}" if abs(value) < 100 else f"{value:.0f}"


def _target(figure: Figure) -> str:
    sign = "≤" if figure.better == "lower" else "≥"
    if figure.anchor is not None:
        return f"{sign} {figure.target:g}×"
    return f"{sign} {_number(figure.target)} {figure.unit}"


def _ratio(figure: Figure) -> str:
    ratio = figure.ratio
    return f"{ratio:.2f}×" if ratio is not None else "—"


def line(area: str, figure: Figure) -> str:
    anchor = (f"{_number(figure.anchor)} {figure.unit} ({figure.anchor_name})"
              if figure.anchor is not None else "—")
    verdict = "holds" if figure.holds else "MISSES"
    detail = f"  [{figure.detail}]" if figure.detail else ""
    return (f"{area:6s} {figure.name}: {_number(figure.value)} {figure.unit}  vs {anchor}"
            f"  ratio {_ratio(figure)}  target {_target(figure)}  {verdict}{detail}")


def markdown_row(figure: Figure) -> str:
    anchor = (f"{_number(figure.anchor)} {figure.unit} ({figure.anchor_name})"
              if figure.anchor is not None else "—")
    return (f"| {figure.name} | {_number(figure.value)} {figure.unit} | {anchor} | "
            f"{_ratio(figure)} | {_target(figure)} | {'yes' if figure.holds else '**no**'} |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs a figure (default 5)")
    parser.add_argument("--only", action="append", metavar="AREA",
                        help=f"only this area (of: {', '.join(areas())}); repeatable")
    parser.add_argument("--long", action="store_true",
                        help="run the long areas too (LONG = True in the module: suite, strength)")
    parser.add_argument("--games", type=int, default=200,
                        help="games of an area that plays games (strength; default 200)")
    parser.add_argument("--markdown", action="store_true",
                        help="print the figures as the README's markdown table")
    args = parser.parse_args(argv)
    chosen = areas()
    if args.only:
        unknown = sorted(set(args.only) - set(chosen))
        if unknown:
            parser.error(f"unknown area {', '.join(unknown)}; areas: {', '.join(chosen)}")
        chosen = [a for a in chosen if a in args.only]
    load = os.getloadavg()[0]
    print(f"# load average {load:.1f} on {os.cpu_count()} cores; {args.runs} runs a figure",
          flush=True)
    rows: list[str] = []
    for area in chosen:
        try:
            module = importlib.import_module(f"bench.{area}")
            if getattr(module, "LONG", False) and not (args.long or args.only):
                print(f"{area:6s} skipped (long: --long or --only {area})", flush=True)
                continue
            extra = {"games": args.games} if "games" in inspect.signature(
                module.figures).parameters else {}
            for figure in module.figures(args.runs, **extra):
                rows.append(markdown_row(figure))
                print(line(area, figure), flush=True)
        except Exception as error:  # noqa: BLE001 - one broken area must not hide the others
            print(f"{area:6s} failed: {type(error).__name__}: {error}", flush=True)
            traceback.print_exc(limit=3, file=sys.stderr)
    if args.markdown:
        print()
        print("| figure | value | anchor (same run) | ratio | target | holds |")
        print("|---|---|---|---|---|---|")
        for row in rows:
            print(row)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
