"""Ratios to the reference ceiling kernel, measured round-robin so that the machine's noise hits
every row alike.

    python benchmarks/interleaved.py [--hands 10000000] [--rounds 15] [--sizes 5 6 7]

On a shared machine a burst of load lasts seconds; pytest-benchmark times every round of one row
before the next row, so one burst can halve a single row.  Here every round times each row once,
in turn (the ceiling kernel, the SIMD and scalar kernels checked and unchecked, ``evaluate`` on
one thread and on the pool, the 10% wild mix), and each row keeps its best round: the ratios
compare rows that saw the same machine.  One thread unless the row says otherwise.  Last, per
size, ``evaluate(check=False)`` and ``evaluate()`` alone, alternately: the ratio of their times.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from pokerlut.bench.ceiling import CEILINGS, ceiling_tables
from pokerlut.bench.roundrobin import best_times

import pokerlut
from pokerlut.kernels import backend, registry
from pokerlut.tables import load_table_set

SEED = 20261129


def rows_for(k: int, n: int) -> dict[str, callable]:
    """The timed calls for ``k``-card hands, by row name (each ranks ``n`` hands)."""
    hands = pokerlut.random_hands(n, k, seed=SEED)
    wild = pokerlut.random_hands(n, k, wild_fraction=0.1, seed=SEED)
    flat, out, bad = hands.reshape(-1), np.empty(n, np.uint16), np.zeros(1, np.int64)
    tables = load_table_set("high").rank_tables(k)
    per_card, table = ceiling_tables()
    calls = {"ceiling": lambda: CEILINGS[k](hands, out, per_card, table)}
    paths = ["simd", "scalar"] if backend.simd_enabled() else ["scalar"]
    for path in paths:
        for checked in (False, True):
            kernel = registry.simd_kernel(k, checked) if path == "simd" else registry.rank_kernel(k, checked)
            calls[f"{path} kernel, {'validated' if checked else 'unchecked'}"] = (
                lambda kernel=kernel: kernel(flat, flat, out, tables, bad))
    for check in (False, True):
        name = "validated" if check else "unchecked"
        calls[f"evaluate(), {name}"] = lambda check=check: pokerlut.evaluate(hands, check=check, parallel=False)
        calls[f"evaluate(), {name}, 2 threads"] = lambda check=check: pokerlut.evaluate(hands, check=check,
                                                                                       parallel=True)
        calls[f"evaluate(), {name}, 10% wild"] = lambda check=check: pokerlut.evaluate(wild, check=check,
                                                                                      parallel=False)
    return calls



def unchecked_against_validated(k: int, n: int, rounds: int) -> float:
    """``evaluate(check=False)``'s best time over ``evaluate()``'s, one thread, the two timed
    alternately (the order swapped every round) on the same ``n`` hands of ``k`` cards."""
    hands = pokerlut.random_hands(n, k, seed=SEED)
    calls = [lambda: pokerlut.evaluate(hands, check=False, parallel=False),
             lambda: pokerlut.evaluate(hands, check=True, parallel=False)]
    best = [float("inf"), float("inf")]
    for call in calls:
        call()
    for r in range(rounds):
        for i in ((0, 1) if r % 2 else (1, 0)):
            start = time.perf_counter()
            calls[i]()
            best[i] = min(best[i], time.perf_counter() - start)
    return best[0] / best[1]


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=10**7)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--sizes", type=int, nargs="+", default=[5, 6, 7], choices=[5, 6, 7])
    args = parser.parse_args(argv)
    pokerlut.set_num_threads(2)
    info = pokerlut.kernel_info()
    print(f"{args.hands:,} random hands per row, best of {args.rounds} round-robin rounds; "
          f"kernel path: {info['path']}; CPU: {info['cpu']}")
    for k, choice in info["unchecked"].items():
        print(f"  evaluate(check=False), {k} cards: {choice['kernel']} ({choice['reason']})")
    for k in args.sizes:
        best = best_times(rows_for(k, args.hands), args.rounds)
        ceiling = best["ceiling"]
        print(f"\n{k} cards")
        for name, seconds in best.items():
            print(f"  {name:<36} {args.hands / seconds / 1e6:8.1f} M hands/s   {ceiling / seconds:5.2f}x ceiling")
        for check in ("unchecked", "validated"):
            one, two = best[f"evaluate(), {check}"], best[f"evaluate(), {check}, 2 threads"]
            wild = best[f"evaluate(), {check}, 10% wild"]
            print(f"  {check}: 2 threads {one / two:.2f}x one thread; 10% wild {one / wild:.2f}x all-natural")
        print(f"  evaluate(check=False) took {unchecked_against_validated(k, args.hands, 2 * args.rounds):.2f}x "
              f"evaluate()'s time (the two alone, alternately, {2 * args.rounds} rounds)")


if __name__ == "__main__":
    main()
