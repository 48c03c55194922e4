"""Which exact heads-up Hold'em engine is fastest, cell by cell, beside the one the cost model picks.

    python benchmarks/engine_grid.py [--repeats 5] [--sizes 1,6,30,200,1326] [--boards flop,turn] [--cross]

A cell is two ranges of about the same number of combos (1, 6, 30, 200 and 1,326 a side; with
``--cross`` every pair of sizes) on a flop or a turn.  Every engine (``sweep``, ``enumerate``,
``runouts``) and the default choice (``method=None``) run in every cell, interleaved: each repeat
visits every cell and engine once, in turn, beside the reference ceiling kernel (T: its time for
10^6 random 7-card hands), so a burst of load from other jobs hits them alike.  Times are the calling
thread's CPU time, one thread, medians over the repeats.  An engine whose estimated work is beyond
``--max-work`` lookups (minutes on this machine) is not run and shows ``-``: it is far from the fastest.

The table gives each engine's time in T, its cost model's estimate (lookups), the engine the model
chose and the fastest, and the chosen engine's time over the fastest's (goal: at most 1.3 in every
cell).  Below it, per engine, the median of time per estimated lookup over the cells it ran in: the
models are calibrated when these agree (the chooser compares estimates in one unit).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import numpy as np

import pokerlut
from pokerlut.bench.ceiling import CEILINGS, ceiling_tables
from pokerlut.equities import equity
from pokerlut.equities.deal import parse_deal
from pokerlut.equities.runouts import CALL_LOOKUPS, runouts_work
from pokerlut.equities.sweep import enumerate_work, sweep_work

#: Two ranges of about each size, on the flop and the turn below (the live combos are printed).
RANGES = {
    1: ("AhQh", "JcJs"),
    6: ("AA", "QQ"),
    30: ("AA,QQ-JJ,AQs,AJs,ATs", "99,77-55,KQs,KJs"),
    200: ("22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+", "33+,A2s+,K8s+,Q9s+,J9s+,T9s,AJo+"),
    1326: ("random", "random"),
}
BOARDS = {"flop": "Kd 8s 3c", "turn": "Kd 8s 3c 2h"}
ENGINES = ("sweep", "enumerate", "runouts")
#: The named spot of the issue, timed in every repeat too.
SPOT = (("QQ+,AKs", "JJ-99,AQs"), "Kd 8s 3c")


def estimates(deal) -> dict[str, float]:
    """Each engine's cost model (lookups) as the chooser compares them: with each call's fixed cost."""
    return {"sweep": sweep_work(deal) + CALL_LOOKUPS["sweep"],
            "enumerate": enumerate_work(deal) + CALL_LOOKUPS["enumerate"], "runouts": runouts_work(deal)}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--sizes", default="1,6,30,200,1326")
    parser.add_argument("--boards", default="flop,turn")
    parser.add_argument("--cross", action="store_true", help="every pair of sizes, not only equal sizes")
    parser.add_argument("--max-work", type=float, default=3e8, help="skip an engine estimated above this many lookups")
    args = parser.parse_args(argv)
    pokerlut.set_num_threads(1)
    sizes = [int(x) for x in args.sizes.split(",")]
    pairs = [(a, b) for a in sizes for b in sizes if a <= b] if args.cross else [(a, a) for a in sizes]
    cells = []
    for street in args.boards.split(","):
        for a, b in pairs:
            players, board = [RANGES[a][0], RANGES[b][1]], BOARDS[street]
            cells.append((f"{a}x{b} {street}", players, board))
    cells.append(("spot", list(SPOT[0]), SPOT[1]))
    hands, out = pokerlut.random_hands(10**6, 7, seed=1), np.empty(10**6, np.uint16)
    per_card, table = ceiling_tables()
    calls = {("ceiling", ""): lambda: CEILINGS[7](hands, out, per_card, table)}
    info = {}
    for name, players, board in cells:
        deal = parse_deal(players, board)
        est = estimates(deal)
        chosen = equity(players, board).engine
        info[name] = (tuple(len(r) for r in deal.ranges), est, chosen)
        for engine in ENGINES:
            if est[engine] <= args.max_work:
                calls[(name, engine)] = (lambda p=players, b=board, m=engine: equity(p, b, exact=True, method=m))
        calls[(name, "chosen")] = lambda p=players, b=board: equity(p, b)
    for call in calls.values():  # warm-up: compile or load every kernel
        call()
    times = {key: [] for key in calls}
    for _ in range(args.repeats):
        for key, call in calls.items():
            start = time.thread_time()
            call()
            times[key].append(time.thread_time() - start)
    med = {key: statistics.median(v) for key, v in times.items()}
    T = med.pop(("ceiling", ""))
    load = os.getloadavg()
    print(f"T = {T * 1e3:.2f} ms (ceiling, 10^6 random 7-card hands); one thread, CPU time, median of "
          f"{args.repeats} interleaved repeats; load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} "
          f"on {os.cpu_count()} cores")
    head = (f"{'cell':<16} {'combos':>11} " + " ".join(f"{e + ' T':>11}" for e in ENGINES)
            + f" {'chosen T':>9} " + " ".join(f"{'est ' + e[:4]:>10}" for e in ENGINES)
            + f"  {'chosen':<9} {'fastest':<9} {'ratio':>5}")
    print(head)
    worst, per_lookup = 0.0, {e: [] for e in ENGINES}
    for name, _, _ in cells:
        (n0, n1), est, chosen = info[name]
        ran = {e: med[(name, e)] for e in ENGINES if (name, e) in med}
        fastest = min(ran, key=ran.get)
        ratio = med[(name, "chosen")] / ran[fastest]
        # the chosen engine's own time is the fair comparison (the default call adds only the choosing)
        engine_ratio = ran.get(chosen, med[(name, "chosen")]) / ran[fastest]
        worst = max(worst, engine_ratio)
        for e, t in ran.items():
            per_lookup[e].append(t / est[e])
        cols = " ".join(f"{ran[e] / T:11.4f}" if e in ran else f"{'-':>11}" for e in ENGINES)
        ests = " ".join(f"{est[e]:10.3g}" for e in ENGINES)
        print(f"{name:<16} {f'{n0}x{n1}':>11} {cols} {med[(name, 'chosen')] / T:9.4f} {ests}  {chosen:<9} "
              f"{fastest:<9} {engine_ratio:5.2f}" + ("" if abs(ratio - engine_ratio) < 0.1 else
                                                       f"  (default call {ratio:.2f})"))
    print(f"worst chosen/fastest: {worst:.2f} (goal <= 1.3)")
    print("ns per estimated lookup (median over cells; the chooser compares estimates, so these should agree): "
          + ", ".join(f"{e} {1e9 * statistics.median(v):.2f}" for e, v in per_lookup.items() if v))
    spot_time = med[("spot", "chosen")]
    print(f'"{SPOT[0][0]}" vs "{SPOT[0][1]}" on {SPOT[1]}, exact, default engine ({info["spot"][2]}): '
          f"{spot_time / T:.3f} T ({spot_time * 1e3:.3f} ms; goal <= 0.2 T)")


if __name__ == "__main__":
    main()
