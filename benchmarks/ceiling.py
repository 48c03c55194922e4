"""Ceiling kernels: the least work a table evaluator can do per hand, timed beside the real ones.

``ceiling5`` reads the hand's 5 bytes, makes one table load and writes the result, which is
what a perfect single-lookup evaluator would cost on this machine; the ratio of pokerlut's rate
to it says how close to the machine's limit the real kernel runs.
"""

from __future__ import annotations

import numba as nb
import numpy as np

CEILING5_TABLE = np.arange(5 * 52 + 5, dtype=np.uint16)


@nb.njit(nogil=True, cache=True)
def ceiling5(hands, out, table):
    for i in range(hands.shape[0]):
        out[i] = table[np.intp(hands[i, 0]) + hands[i, 1] + hands[i, 2] + hands[i, 3] + hands[i, 4]]


@nb.njit(nogil=True, cache=True, parallel=True)
def ceiling5_parallel(hands, out, table):
    for i in nb.prange(hands.shape[0]):
        out[i] = table[np.intp(hands[i, 0]) + hands[i, 1] + hands[i, 2] + hands[i, 3] + hands[i, 4]]


def ceiling7_tables(seed: int = 7) -> tuple[np.ndarray, np.ndarray]:
    """A 53-entry card table whose 7-card sums index a ~100 KB table, as the 7-card ceiling reads."""
    rng = np.random.default_rng(seed)
    per_card = rng.integers(0, 7_000, size=53).astype(np.uint32)
    big = rng.integers(1, 7_476, size=7 * 7_000).astype(np.uint16)  # 98,000 bytes
    return per_card, big


@nb.njit(nogil=True, cache=True)
def ceiling7(hands, out, per_card, big):
    """Read 7 bytes, make 7 loads from a 53-entry table and one from a ~100 KB table, write."""
    for i in range(hands.shape[0]):
        x = (per_card[hands[i, 0]] + per_card[hands[i, 1]] + per_card[hands[i, 2]] + per_card[hands[i, 3]]
             + per_card[hands[i, 4]] + per_card[hands[i, 5]] + per_card[hands[i, 6]])
        out[i] = big[x]


@nb.njit(nogil=True, cache=True, parallel=True)
def ceiling7_parallel(hands, out, per_card, big):
    for i in nb.prange(hands.shape[0]):
        x = (per_card[hands[i, 0]] + per_card[hands[i, 1]] + per_card[hands[i, 2]] + per_card[hands[i, 3]]
             + per_card[hands[i, 4]] + per_card[hands[i, 5]] + per_card[hands[i, 6]])
        out[i] = big[x]
