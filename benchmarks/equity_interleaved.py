"""Equity spots timed round-robin beside the reference ceiling kernel, as multiples of T (the ceiling's
time for 10^6 random 7-card hands in the same run), one thread.

    python benchmarks/equity_interleaved.py [--rounds 7] [--trials 2000000] [--skip-preflop]

Every round times each row once, in turn, and each row keeps its best round (see
``interleaved.py``); times are the calling thread's CPU time (``time.thread_time``), which a shared
machine's other jobs disturb less than the wall clock.  The targets are the equity engine's (in T;
OMPEval's figures on the machine of the design note in brackets).  Monte Carlo is given as trials
per ceiling hand: trials/s divided by the ceiling's 7-card hands/s.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from pokerlut.bench.ceiling import CEILINGS, ceiling_tables
from pokerlut.bench.roundrobin import best_times

import pokerlut
from pokerlut.equities import class_equity, equity

#: row -> (target, what the target bounds, OMPEval's figure)
TARGETS = {
    '"TT+,AKs" vs "random" on Qs 7h 2c, exact': (3.0, "T at most", "15.5 T"),
    '"TT+,AKs" vs "random" preflop, exact, by sorting': (150.0, "T at most", ""),
    '"TT+,AKs" vs "random" preflop, exact (default: the preflop tables)': (150.0, "T at most", ""),
    "AhKh vs QdQc preflop, exact": (0.8, "T at most", "1.17 T"),
    '"QQ+,AKs" vs "JJ-99,AQs" on Kd 8s 3c, exact': (0.2, "T at most", "0.62 ms"),
    "Monte Carlo, AhKh vs random preflop": (0.095, "trials per ceiling hand at least", "0.073"),
    'grid of 169 classes vs "TT+,AKs" on Qs 7h 2c, exact': (30.0, "T at most", ""),
}



def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--trials", type=int, default=2_000_000, help="Monte Carlo trials per round")
    parser.add_argument("--skip-preflop", action="store_true", help="leave out the 0.3-0.5 s preflop range row")
    args = parser.parse_args(argv)
    pokerlut.set_num_threads(1)
    hands, out = pokerlut.random_hands(10**6, 7, seed=1), np.empty(10**6, np.uint16)
    per_card, table = ceiling_tables()
    flop = "Qs 7h 2c"
    calls = {
        "ceiling": lambda: CEILINGS[7](hands, out, per_card, table),
        '"TT+,AKs" vs "random" on Qs 7h 2c, exact': lambda: equity(["TT+,AKs", "random"], flop),
        "AhKh vs QdQc preflop, exact": lambda: equity(["AhKh", "QdQc"], exact=True),
        '"QQ+,AKs" vs "JJ-99,AQs" on Kd 8s 3c, exact': lambda: equity(["QQ+,AKs", "JJ-99,AQs"], "Kd 8s 3c"),
        '"QQ+,AKs" vs "JJ-99,AQs" on Kd 8s 3c, by sorting': lambda: equity(["QQ+,AKs", "JJ-99,AQs"], "Kd 8s 3c",
                                                                          method="sweep"),
        "AA vs KK preflop, exact (the preflop tables)": lambda: equity(["AA", "KK"], exact=True),
        "AA vs KK preflop, exact, enumerate": lambda: equity(["AA", "KK"], exact=True, method="enumerate"),
        '"TT+,AKs" vs "random" preflop, exact (default: the preflop tables)': lambda: equity(["TT+,AKs", "random"]),
        "Monte Carlo, AhKh vs random preflop": lambda: equity(["AhKh", "random"], exact=False,
                                                              samples=args.trials, seed=1),
        'Monte Carlo, "TT+,AKs" vs "random" preflop': lambda: equity(["TT+,AKs", "random"], exact=False,
                                                                    samples=args.trials, seed=1),
        'grid of 169 classes vs "TT+,AKs" on Qs 7h 2c, exact': lambda: class_equity("TT+,AKs", flop),
        '"TT+,AKs" vs "random" on Qs 7h 2c, every combo': lambda: equity(["TT+,AKs", "random"], flop,
                                                                         per_combo=True),
    }
    if not args.skip_preflop:
        calls['"TT+,AKs" vs "random" preflop, exact, by sorting'] = lambda: equity(["TT+,AKs", "random"],
                                                                                   method="sweep")
    rounds = {name: args.rounds for name in calls}
    rounds['"TT+,AKs" vs "random" preflop, exact, by sorting'] = max(2, args.rounds // 3)
    best = best_times(calls, rounds, clock=time.thread_time)
    T = best.pop("ceiling")
    print(f"T = {T * 1e3:.2f} ms (the ceiling kernel, 10^6 random 7-card hands: {1e6 / T / 1e6:.0f} M hands/s); "
          f"best of {args.rounds} round-robin rounds, one thread")
    for name, seconds in best.items():
        if name.startswith("Monte Carlo"):
            ratio = (args.trials / seconds) / (1e6 / T)
            figure = f"{ratio:7.3f} trials per ceiling hand ({args.trials / seconds / 1e6:.1f} M trials/s)"
        else:
            ratio = seconds / T
            figure = f"{ratio:7.2f} T ({seconds * 1e3:.1f} ms)"
        target = TARGETS.get(name)
        note = ""
        if target:
            bound, what, omp = target
            met = ratio >= bound if "least" in what else ratio <= bound
            note = f"   target {what} {bound:g}{' (OMPEval ' + omp + ')' if omp else ''}: {'met' if met else 'NOT met'}"
        print(f"  {name:<52} {figure}{note}")


if __name__ == "__main__":
    main()
