#!/usr/bin/env python3
"""Time one whole-street table (pokerlut.street_table) beside the reference ceiling kernel.

    nice -n 10 python benchmarks/street_tables.py flop  /tmp/tables   # EHS, EHS², 50-bin histograms
    nice -n 10 python benchmarks/street_tables.py river /tmp/tables --dtype uint16

Prints the seconds the call took (compiles excluded: one board class is computed first) and the
ceiling kernel's time for 10^6 random 7-card hands (T) before and after, so the figure can be read
as a multiple of T on a machine whose speed drifts.  The files stay in the folder given.
"""

from __future__ import annotations

import argparse
import tempfile
import time

import numpy as np

import pokerlut
from pokerlut.abstraction import streets
from pokerlut.bench.ceiling import ceiling7, ceiling_tables


def ceiling_seconds(rounds: int = 9) -> float:
    hands, out = pokerlut.random_hands(10**6, 7, seed=1), np.empty(10**6, np.uint16)
    per_card, table = ceiling_tables()
    ceiling7(hands, out, per_card, table)
    best = float("inf")
    for _ in range(rounds):
        t = time.perf_counter()
        ceiling7(hands, out, per_card, table)
        best = min(best, time.perf_counter() - t)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("street", choices=sorted(streets.STREETS))
    parser.add_argument("folder")
    parser.add_argument("--dtype", default="float32")
    parser.add_argument("--bins", type=int, default=streets.DEFAULT_STREET_BINS)
    parser.add_argument("--no-progress", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:  # compile (or load) the kernels outside the timed call
        streets.street_table(args.street, tmp, bins=args.bins, dtype=args.dtype, board_classes=(0, 1), progress=False)
    before = ceiling_seconds()
    t = streets.street_table(args.street, args.folder, bins=args.bins, dtype=args.dtype, restart=True,
                             progress=not args.no_progress)
    after = ceiling_seconds()
    print(f"{args.street}: {t.count:,} classes ({t.board_classes:,} board classes) in {t.seconds:.1f} s "
          f"on {pokerlut.get_num_threads()} threads; ceiling T = {before * 1e3:.2f} ms before, {after * 1e3:.2f} ms "
          f"after ({t.seconds / min(before, after):,.0f} T)")
    for name, path in t.files.items():
        print(f"  {name}: {path} ({path.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
