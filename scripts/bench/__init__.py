"""Benchmark areas for ``scripts/bench_all.py`` (the README's Benchmarks): one module per area.

Each module exposes ``figures(runs: int) -> Iterator[Figure]``: every figure is
measured side by side with its anchor in the same run, because absolute times on
shared machines drift while ratios hold. Benchmarks, never timed tests.
"""
