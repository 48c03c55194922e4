"""Where the 5-card kernel's time goes: the same loop cut off after each stage, beside the ceiling.

    python benchmarks/kernel_breakdown.py

Stages: ``key`` loads the two card pairs and the fifth card and multiplies the primes; ``slot``
adds the perfect hash (multiply, shifts, displacement load); ``value`` adds the value load; the
last row is the real kernel (with the flush branch).  Rates are best of 5 on 10^7 random hands,
one thread; read them as ratios to the ceiling row of the same run.
"""

from __future__ import annotations

import time

import numba as nb
import numpy as np
from ceiling import CEILING5_TABLE, ceiling5

import pokerlut
from pokerlut._kernels5 import PAIR_PRIME_BITS, PRIME_BITS, eval5_serial, pair_index
from pokerlut.tables import load_tables


def stage_kernel(stage: int):
    def kernel(hands, out, card_info, card_pairs, values, displacement, params):
        multiplier, bucket_shift, slot_shift, slot_mask = params[0], params[1], params[2], params[3]
        for i in range(hands.shape[0]):
            p = card_pairs[pair_index(hands[i, 0], hands[i, 1])]
            q = card_pairs[pair_index(hands[i, 2], hands[i, 3])]
            e = card_info[hands[i, 4]]
            key = np.uint64((p & PAIR_PRIME_BITS) * (q & PAIR_PRIME_BITS)) * np.uint64(e & PRIME_BITS)
            if stage == 0:
                out[i] = key
            else:
                h = key * multiplier
                slot = ((h >> slot_shift) & slot_mask) ^ np.uint64(displacement[h >> bucket_shift])
                out[i] = slot if stage == 1 else values[slot]

    return nb.njit(nogil=True)(kernel)


def best_rate(fn, n: int, repeat: int = 5) -> float:
    fn()
    best = min(_timed(fn) for _ in range(repeat))
    return n / best


def _timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def main() -> None:
    n = 10**7
    hands = pokerlut.random_hands(n, 5, seed=2026)
    out = np.empty(n, dtype=np.uint16)
    t = load_tables()
    hash_args = (t["card_info"], t["card_pairs"], t["hash5_values"], t["hash5_displacement"], t["hash5_params"])
    full_args = (t["card_info"], t["card_pairs"], t["flush5"], t["hash5_values"], t["hash5_displacement"],
                 t["hash5_params"])
    rows = [("ceiling (5 bytes, 1 load)", lambda: ceiling5(hands, out, CEILING5_TABLE))]
    for stage, name in enumerate(["key only", "key + hash slot", "key + slot + value"]):
        kernel = stage_kernel(stage)
        rows.append((name, lambda k=kernel: k(hands, out, *hash_args)))
    rows.append(("eval5_serial (full)", lambda: eval5_serial(hands, out, *full_args)))
    ceiling = None
    for name, fn in rows:
        rate = best_rate(fn, n)
        ceiling = ceiling or rate
        print(f"{name:<28} {rate / 1e6:8.1f} M hands/s  {rate / ceiling:5.2f}x ceiling")


if __name__ == "__main__":
    main()
