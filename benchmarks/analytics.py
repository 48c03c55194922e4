"""Range analytics beside the reference ceiling kernel, timed round-robin on one thread.

    python benchmarks/analytics.py [--rounds 3]

Each row keeps its best round; times are also given in T, the ceiling kernel's time for 10^6 random
7-card hands in the same run.  ``--clock cpu`` (the default) times the calling thread's CPU time
(every row runs on it: one thread), which other jobs on a loaded machine disturb far less than the
wall time of a call lasting seconds; ``--clock wall`` the wall time.  Targets: "TT+,AKs" against "random" on all 1,755 flops, exact, in
4,000 T or less; an equity distribution of two 200-combo ranges on a flop in 20 T or less.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import pokerlut
from pokerlut.analytics import all_flops
from pokerlut.bench.ceiling import CEILINGS, ceiling_tables
from pokerlut.bench.roundrobin import best_times

SEED = 20261201
#: Two ranges of about 200 combos each, for the equity distribution.
RANGE_200 = ("22+, A2s+, K9s+, QTs+, JTs, ATo+, KJo+", "55+, A7s+, K5s+, Q8s+, J8s+, T8s+, 98s, A9o+, KTo+")


def rows(rounds: int) -> tuple[dict, dict]:
    hands = np.argsort(np.random.default_rng(SEED).random((10**6, 52), dtype=np.float32), axis=1)[:, :7]
    hands = np.ascontiguousarray(hands.astype(np.uint8))
    out = np.empty(10**6, np.uint16)
    per_card, table = ceiling_tables()
    calls = {
        "ceiling kernel, 10^6 7-card hands": lambda: CEILINGS[7](hands, out, per_card, table),
        "all_flops TT+,AKs vs random, equity only": lambda: all_flops(["TT+, AKs", "random"], classes=False),
        "all_flops TT+,AKs vs random, with classes": lambda: all_flops(["TT+, AKs", "random"]),
    }
    if hasattr(pokerlut, "equity_distribution"):
        calls["equity_distribution, 2 x ~200 combos, one flop"] = \
            lambda: pokerlut.equity_distribution(list(RANGE_200), "Qs 7h 2c")
    return calls, {name: (7 if name.startswith("ceiling") else rounds) for name in calls}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu")
    args = parser.parse_args(argv)
    pokerlut.set_num_threads(1)
    calls, rounds = rows(args.rounds)
    best = best_times(calls, rounds, clock=time.thread_time if args.clock == "cpu" else time.perf_counter)
    T = best["ceiling kernel, 10^6 7-card hands"]
    print(f"one thread, best of interleaved rounds, {args.clock} time; T = {T * 1e3:.2f} ms in this run")
    print(f"| {'row':<50} | {'seconds':>9} | {'in T':>8} |")
    print(f"| {'-' * 50} | {'-' * 8}: | {'-' * 7}: |")
    for name in calls:
        print(f"| {name:<50} | {best[name]:>9.3f} | {best[name] / T:>8.0f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
