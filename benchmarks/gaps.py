"""The four per-thread gaps of the kernels beside the reference ceiling kernel, in one process, timed
round-robin (each row once per round, in turn), one thread, the calling thread's CPU time.

    NUMBA_NUM_THREADS=1 python benchmarks/gaps.py [--rounds 9] [--hands 1000000] [--trials 2000000]

Rows and targets:

* Monte Carlo AhKh vs random preflop: trials/s over the ceiling's 7-card hands/s, >= 0.10;
* flop suit-class indexing (``iso.street_indexer(3).index_rows``, checked, reused output): hands/s
  over the ceiling's 7-card hands/s, >= 0.105;
* badugi (``evaluate(variant="badugi")``) over the 5-card high game (``evaluate()``), validated and
  unchecked, >= 0.9;
* a user's ``@njit`` loop calling ``pokerlut.jit.rank`` over ``evaluate(check=False)`` on 7-card
  hands, >= 0.95.

Each ratio is printed for the best round and for the median of the per-round ratios (rows timed in the
same round share its load).
"""

from __future__ import annotations

import argparse
import statistics
import time

import numba
import numpy as np

import pokerlut
from pokerlut import iso, jit
from pokerlut.bench.ceiling import CEILINGS, ceiling_tables
from pokerlut.bench.roundrobin import round_times
from pokerlut.equities import equity

SEED = 20261205
U64 = np.uint64


@numba.njit(cache=True)
def user_rank(t, hands, out):
    for i in range(U64(hands.shape[0])):
        out[i] = jit.rank(t, hands[i])


def deals(n: int, k: int, seed: int = 1) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    cards = np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)
    return np.ascontiguousarray(cards[:, :2]), np.ascontiguousarray(cards[:, 2:])


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--hands", type=int, default=10**6)
    parser.add_argument("--trials", type=int, default=2 * 10**6)
    parser.add_argument("--only", nargs="*", default=None, help="row groups: mc index badugi jit")
    args = parser.parse_args(argv)
    pokerlut.set_num_threads(1)
    n = args.hands
    only = set(args.only or ["mc", "index", "badugi", "jit"])
    seven, five = pokerlut.random_hands(n, 7, seed=SEED), pokerlut.random_hands(n, 5, seed=SEED)
    four = pokerlut.random_hands(n, 4, seed=SEED)
    out = np.empty(n, np.uint16)
    per_card, table = ceiling_tables()
    calls = {"ceiling 7": (lambda: CEILINGS[7](seven, out, per_card, table), n)}
    if "mc" in only:
        calls["Monte Carlo AhKh vs random"] = (
            lambda: equity(["AhKh", "random"], exact=False, samples=args.trials, seed=1), args.trials)
    if "index" in only:
        holes, boards = deals(n, 5)
        street = iso.street_indexer(3)
        idx = np.zeros(n, np.int64)
        calls["flop index"] = (lambda: street.index_rows(holes, boards, parallel=False, out=idx), n)
    if "badugi" in only:
        for check in (True, False):
            name = "validated" if check else "unchecked"
            calls[f"high 5, {name}"] = (lambda c=check: pokerlut.evaluate(five, check=c, parallel=False), n)
            calls[f"badugi, {name}"] = (lambda c=check: pokerlut.evaluate(four, check=c, parallel=False,
                                                                          variant="badugi"), n)
    if "jit" in only:
        t = jit.tables()
        out2 = np.empty(n, np.uint16)
        calls["evaluate(check=False) 7"] = (lambda: pokerlut.evaluate(seven, check=False, parallel=False), n)
        calls["user loop jit.rank 7"] = (lambda: user_rank(t, seven, out2), n)
    times = round_times({name: call for name, (call, _) in calls.items()}, args.rounds, time.thread_time)
    rate = {name: [calls[name][1] / s for s in ts] for name, ts in times.items()}

    def ratio(a: str, b: str) -> tuple[float, float]:
        best = max(rate[a]) / max(rate[b])
        med = statistics.median(x / y for x, y in zip(rate[a], rate[b]))
        return best, med

    print(f"numba {numba.__version__}, kernel path {pokerlut.kernel_info()['path']}; {args.rounds} rounds, "
          f"one thread, {n:,} hands per row")
    for name in calls:
        print(f"  {name:<30} best {max(rate[name]) / 1e6:7.1f} M/s  median {statistics.median(rate[name]) / 1e6:7.1f} M/s")
    pairs = []
    if "mc" in only:
        pairs.append(("Monte Carlo AhKh vs random", "ceiling 7", 0.10))
    if "index" in only:
        pairs.append(("flop index", "ceiling 7", 0.105))
    if "badugi" in only:
        pairs += [("badugi, validated", "high 5, validated", 0.9), ("badugi, unchecked", "high 5, unchecked", 0.9)]
    if "jit" in only:
        pairs.append(("user loop jit.rank 7", "evaluate(check=False) 7", 0.95))
    for a, b, target in pairs:
        best, med = ratio(a, b)
        print(f"  {a} / {b}: best {best:.3f}, median {med:.3f} (target >= {target})")


if __name__ == "__main__":
    main()
