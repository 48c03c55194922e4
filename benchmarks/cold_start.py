"""Cold start: a fresh interpreter imports pokerlut and ranks one hand, with numba's cache warm
(the kernels compiled by an earlier run) and empty (a new NUMBA_CACHE_DIR: they compile now).

    python benchmarks/cold_start.py [--runs 5]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

PROBE = r"""
import json, time
t0 = time.perf_counter()
import pokerlut
t1 = time.perf_counter()
pokerlut.evaluate("As Ks Qs Js Ts")
t2 = time.perf_counter()
print(json.dumps({"import": t1 - t0, "first_call": t2 - t1, "total": t2 - t0}))
"""


def probe(env: dict[str, str]) -> dict[str, float]:
    result = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True, check=True)
    return json.loads(result.stdout.strip().splitlines()[-1])


def measure(runs: int) -> dict[str, dict[str, float]]:
    results = {}
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        results["empty cache"] = probe(env)  # compiles, and fills the cache for the next runs
        warm = [probe(env) for _ in range(runs)]
    results["warm cache (median)"] = {k: statistics.median(r[k] for r in warm) for k in warm[0]}
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    for label, r in measure(args.runs).items():
        print(f"{label:<20} import {r['import'] * 1e3:6.0f} ms   first 5-card call {r['first_call'] * 1e3:6.0f} ms"
              f"   total {r['total'] * 1e3:6.0f} ms")


if __name__ == "__main__":
    main()
