"""Cold-start benchmark in a fresh process (see cold_start.py); prints, never asserts a time."""

from __future__ import annotations

from cold_start import measure


def test_cold_start(benchmark):
    benchmark.group = "cold start"
    results = benchmark.pedantic(measure, kwargs={"runs": 3}, rounds=1, iterations=1)
    for feature, sides in results.items():
        for label, r in sides.items():
            print(f"\n{feature}, {label}: import {r['import']:.3f} s, first call {r['first_call']:.3f} s, "
                  f"total {r['total']:.3f} s")
        benchmark.extra_info[feature] = sides
