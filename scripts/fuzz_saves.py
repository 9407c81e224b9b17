"""Fuzz the save loader and the autosave list far beyond what CI runs.

    python scripts/fuzz_saves.py --count 100000 --seed 1 [--jobs 2]

Each input is a recording or a fresh random game (both games), truncated, bit-flipped,
re-encoded, deeply nested or type-confused (tests/saves_fuzzing.py), then loaded
validated and as a fold; every outcome must be a short RecordError naming the file or
a game that works. A failure prints its seed and input number and writes the input to
``fuzz-failures/`` to replay it.
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from random import Random

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.saves_fuzzing import check_load, mutate, sources  # noqa: E402


def run(seed: int, count: int) -> tuple[Counter[str], list[str]]:
    originals = sources(seed)
    rng = Random(seed)
    outcomes: Counter[str] = Counter()
    failures: list[str] = []
    out = ROOT / "fuzz-failures"
    for number in range(count):
        data = mutate(rng.choice(originals), rng)
        try:
            outcomes[check_load(data)] += 1
        except Exception as exc:  # noqa: BLE001 - report every escape, keep going
            out.mkdir(exist_ok=True)
            path = out / f"seed{seed}-{number}.json"
            path.write_bytes(data)
            where = traceback.extract_tb(exc.__traceback__)[-1]
            failures.append(f"seed {seed} input {number}: {type(exc).__name__} at "
                            f"{Path(where.filename).name}:{where.lineno} ({str(exc)[:120]}) "
                            f"-> {path}")
    return outcomes, failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=20_000, help="inputs in all")
    parser.add_argument("--seed", type=int, default=1, help="first seed (one per job)")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    started = time.perf_counter()
    share = -(-args.count // args.jobs)
    seeds = [args.seed + job for job in range(args.jobs)]
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(run, seeds, [share] * args.jobs))
    outcomes: Counter[str] = Counter()
    failures: list[str] = []
    for counted, failed in results:
        outcomes.update(counted)
        failures += failed
    elapsed = time.perf_counter() - started
    print(f"{sum(outcomes.values()) + len(failures)} inputs in {elapsed:.1f} s "
          f"(validated/fold): {dict(outcomes)}")
    for line in failures:
        print("FAIL", line)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
