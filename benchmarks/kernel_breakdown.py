"""Where the 5-card kernel's time goes, and what the choice of key is worth, beside the ceiling.

    python benchmarks/kernel_breakdown.py [--hands 10000000] [--rounds 7]

One thread, the same 10^7 random hands for every row, best of the rounds; read the ratios to
the reference ceiling kernel of the same run:

* ``ceiling``: the reference ceiling kernel (:mod:`ceiling`).
* ``key only``: the rank-sum key of the hand (five loads and adds), its low bits stored.
* ``key + hash``: the key through the row-displacement hash (no flush test).
* ``evaluate(check=False)`` / ``evaluate()``: the real kernels, flush test and validation included.
* ``prime product + same hash``: Cactus Kev's key (the product of one prime per rank, a suit AND
  for the flush test, an OR of rank bits for the flush table) through a row-displacement hash
  built the same way over the products, so the choice of key stays a measured figure.
"""

from __future__ import annotations

import argparse
import sys
import time
from itertools import combinations, combinations_with_replacement
from pathlib import Path

import numba as nb
import numpy as np

from pokerlut.bench.ceiling import ceiling5, ceiling_tables

import pokerlut
from pokerlut import layout
from pokerlut.tablegen.ladders import HIGH
from pokerlut.tablegen.row_hash import build_row_hash
from pokerlut.kernels.primitives import lookup
from pokerlut.tables import load_table_set

PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)


@nb.njit(nogil=True, cache=True, _nrt=False)
def key_only(flat, out, cards):
    for i in range(out.shape[0]):
        b = np.uint64(5 * i)
        key = (cards[np.uint64(flat[b]) + np.uint64(256)] + cards[np.uint64(flat[b + np.uint64(1)])]
               + cards[np.uint64(flat[b + np.uint64(2)])] + cards[np.uint64(flat[b + np.uint64(3)])]
               + cards[np.uint64(flat[b + np.uint64(4)])])
        out[i] = key >> np.uint64(16)


@nb.njit(nogil=True, cache=True, _nrt=False)
def key_and_hash(flat, out, cards, bases, values):
    for i in range(out.shape[0]):
        b = np.uint64(5 * i)
        key = (cards[np.uint64(flat[b]) + np.uint64(256)] + cards[np.uint64(flat[b + np.uint64(1)])]
               + cards[np.uint64(flat[b + np.uint64(2)])] + cards[np.uint64(flat[b + np.uint64(3)])]
               + cards[np.uint64(flat[b + np.uint64(4)])])
        out[i] = lookup(key, bases, values)


def prime_tables():
    """Card info (prime | suit bit << 8 | rank bit << 16), the row hash over the 6,175 non-flush
    prime products, and a flush table by rank mask; values are pokerlut's strengths (ladder)."""
    info = np.zeros(52, np.uint32)
    for c in range(52):
        info[c] = PRIMES[c // 4] | (1 << (8 + c % 4)) | (1 << (16 + c // 4))
    keys, values = [], []
    for m in combinations_with_replacement(range(13), 5):
        counts = tuple(m.count(r) for r in range(13))
        if max(counts) <= 4:
            keys.append(int(np.prod([PRIMES[r] for r in m])))
            values.append(HIGH.strength(counts, False))
    n_rows = (max(keys) >> layout.ROW_SHIFT) + 1
    bases, table = build_row_hash(np.array(keys), np.array(values, np.uint16), n_rows=n_rows)
    flush = np.zeros(1 << 13, np.uint16)
    for ranks in combinations(range(13), 5):
        flush[sum(1 << r for r in ranks)] = HIGH.strength(tuple(int(r in ranks) for r in range(13)), True)
    return info, bases, table, flush


@nb.njit(nogil=True, cache=True, _nrt=False)
def prime_product(flat, out, info, bases, values, flush):
    for i in range(out.shape[0]):
        b = np.uint64(5 * i)
        a0 = info[np.uint64(flat[b])]
        a1 = info[np.uint64(flat[b + np.uint64(1)])]
        a2 = info[np.uint64(flat[b + np.uint64(2)])]
        a3 = info[np.uint64(flat[b + np.uint64(3)])]
        a4 = info[np.uint64(flat[b + np.uint64(4)])]
        if a0 & a1 & a2 & a3 & a4 & np.uint32(0xF00):
            out[i] = flush[(a0 | a1 | a2 | a3 | a4) >> np.uint32(16)]
        else:
            key = (np.uint64(a0 & np.uint32(0xFF)) * np.uint64(a1 & np.uint32(0xFF))
                   * np.uint64(a2 & np.uint32(0xFF)) * np.uint64(a3 & np.uint32(0xFF))
                   * np.uint64(a4 & np.uint32(0xFF)))
            out[i] = values[(key & np.uint64(layout.COLUMN_MASK)) + np.uint64(bases[key >> np.uint64(layout.ROW_SHIFT)])]


def best_rate(fn, n: int, rounds: int) -> float:
    fn()
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return n / best


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10**7)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args(argv)
    n = args.hands
    hands = pokerlut.random_hands(n, 5, seed=20261129)
    flat = hands.reshape(-1)
    out16 = np.empty(n, np.uint16)
    out64 = np.empty(n, np.uint64)
    t = load_table_set("high")
    cards, bases, values = t["cards"], t["bases5"], t["values5"]
    per_card, table = ceiling_tables()
    info, pbases, pvalues, pflush = prime_tables()
    prime_product(flat, out16, info, pbases, pvalues, pflush)
    assert np.array_equal(out16, pokerlut.evaluate(hands)), "the prime-product row disagrees with evaluate"
    rows = [
        ("ceiling", lambda: ceiling5(hands, out16, per_card, table)),
        ("key only", lambda: key_only(flat, out64, cards)),
        ("key + hash", lambda: key_and_hash(flat, out16, cards, bases, values)),
        ("evaluate(check=False)", lambda: pokerlut.evaluate(hands, check=False, parallel=False)),
        ("evaluate() (validated)", lambda: pokerlut.evaluate(hands, parallel=False)),
        ("prime product + same hash", lambda: prime_product(flat, out16, info, pbases, pvalues, pflush)),
    ]
    rates = {name: best_rate(fn, n, args.rounds) for name, fn in rows}
    ceiling = rates["ceiling"]
    print(f"5-card kernel stages, {n:,} random hands, one thread, best of {args.rounds}")
    for name, rate in rates.items():
        print(f"  {name:<28} {rate / 1e6:8.1f} M hands/s  {rate / ceiling:5.2f}x ceiling")


if __name__ == "__main__":
    main()
