"""Cold start per feature: a fresh interpreter imports pokerlut and makes one first call, with
numba's cache empty (a new NUMBA_CACHE_DIR: the call compiles) and then warm (the same folder,
filled by that run), plus ``pokerlut warmup`` of everything from an empty cache.

    python benchmarks/cold_start.py [--runs 3] [--features "5-card evaluate,exact equity"]
"""

from __future__ import annotations

import argparse
import statistics

from pokerlut.bench.fresh import empty_cache, probe_code, run_fresh

# one first call per feature, as a user's first line would make it
CALLS = {
    "5-card evaluate": 'pokerlut.evaluate("As Ks Qs Js Ts")',
    "7-card evaluate": 'pokerlut.evaluate("As Ks Qs Js Ts 2c 3d")',
    "7-card evaluate, big batch": "pokerlut.evaluate(pokerlut.random_hands(1_000_000, 7, seed=1))",
    "best_five": 'pokerlut.best_five("Kh 2c W 9s Kd 7h Ks")',
    "exact equity": 'pokerlut.equity(["AhKh", "QdQc"])',
    "Monte Carlo equity": 'pokerlut.equity(["AhKh", "random"], exact=False, samples=100_000, seed=1)',
    "game_return": 'pokerlut.videopoker.game_return("jacks-or-better", progress=False)',
    "omaha equity": 'pokerlut.equity(["AsKsAdKd", "QhJhTh9h"], "2c 7d 8s", variant="omaha")',
    "enumeration": "pokerlut.strength_histogram(7)",
}


def probe(call: str, cache: str) -> dict[str, float]:
    """Seconds of ``import pokerlut`` and of ``call`` in a fresh interpreter caching in ``cache``."""
    return run_fresh(probe_code(call), cache).result


def measure(runs: int = 3, features: list[str] | None = None) -> dict[str, dict[str, dict[str, float]]]:
    """``{feature: {"empty cache": {...}, "warm cache": {...}}}`` in seconds (wall, and CPU as
    ``import_cpu``/``first_call_cpu``), and the full warmup (wall and CPU of every process)."""
    results = {}
    for feature in features or list(CALLS):
        with empty_cache() as cache:
            empty = probe(CALLS[feature], cache)  # compiles, and fills the cache for the next runs
            warm = [probe(CALLS[feature], cache) for _ in range(runs)]
        results[feature] = {"empty cache": empty,
                            "warm cache": {k: statistics.median(r[k] for r in warm) for k in warm[0]}}
    with empty_cache() as cache:
        run = run_fresh(["-m", "pokerlut", "warmup", "--no-progress"], cache)
        results["pokerlut warmup (everything)"] = {"empty cache": {"import": 0.0, "first_call": 0.0, "total": run.wall,
                                                                   "cpu": run.cpu}}
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--features", default="", help=f"comma-separated, from: {', '.join(CALLS)}")
    args = parser.parse_args()
    features = [f.strip() for f in args.features.split(",") if f.strip()] or None
    print(f"{'feature':<30} {'empty cache: import + first call':>34} {'warm cache: import + first call':>34}")
    for feature, r in measure(args.runs, features).items():
        e = r["empty cache"]
        w = r.get("warm cache")
        warm = f"{w['import']:6.2f} + {w['first_call']:6.2f} = {w['total']:6.2f} s" if w else ""
        print(f"{feature:<30} {e['import']:6.2f} + {e['first_call']:6.2f} = {e['total']:6.2f} s   {warm:>30}")


if __name__ == "__main__":
    main()
