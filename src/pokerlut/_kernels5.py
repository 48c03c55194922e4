"""numba kernels that rank 5-card hands from the lookup tables.

The kernels are plain functions over arrays: the tables are passed in as arguments (numba would
freeze module-level arrays into its cache), and nothing here checks bounds.  Callers validate
first (:mod:`pokerlut.validate`) or document that they do not.

Per hand: three loads (cards 0-1 and 2-3 from ``card_pairs``, card 4 from ``card_info``); if the
AND of their suit bits is non-zero every natural card shares a suit and the OR of their rank bits
indexes ``flush5``; otherwise the product of the primes goes through the perfect hash
(one multiply, two shifts, a displacement load and a value load).
"""

from __future__ import annotations

import numba as nb
import numpy as np

SUIT_BITS = 0xF000
PAIR_PRIME_BITS = 0xFFF
PRIME_BITS = 0xFF
RANK_SHIFT = 16
BLOCK = 1 << 13  # rows per parallel task


@nb.njit(inline="always", nogil=True, cache=True)
def pair_index(a, b):
    return (np.intp(a) << 6) | np.intp(b)


@nb.njit(nogil=True, cache=True)
def eval5_rows(hands, out, start, stop, card_info, card_pairs, flush5, values, displacement, params):
    """Rank rows ``start..stop`` of ``hands`` (uint8, (N, 5)) into ``out`` (uint16).

    Written as one loop with everything inline on purpose: calling a helper that takes the
    tables per hand costs numba a reference-count update per array per call, which made the loop
    six times slower.  Callers pass whole blocks of rows instead."""
    multiplier = params[0]
    bucket_shift = params[1]
    slot_shift = params[2]
    slot_mask = params[3]
    for i in range(start, stop):
        p = card_pairs[pair_index(hands[i, 0], hands[i, 1])]
        q = card_pairs[pair_index(hands[i, 2], hands[i, 3])]
        e = card_info[hands[i, 4]]
        if p & q & e & SUIT_BITS:
            out[i] = flush5[(p | q | e) >> RANK_SHIFT]
        else:
            key = np.uint64((p & PAIR_PRIME_BITS) * (q & PAIR_PRIME_BITS)) * np.uint64(e & PRIME_BITS)
            h = key * multiplier
            out[i] = values[((h >> slot_shift) & slot_mask) ^ np.uint64(displacement[h >> bucket_shift])]


@nb.njit(nogil=True, cache=True)
def eval5_serial(hands, out, card_info, card_pairs, flush5, values, displacement, params):
    """Rank every row of ``hands`` (uint8, (N, 5)) into ``out`` (uint16, (N,)), one thread."""
    eval5_rows(hands, out, 0, hands.shape[0], card_info, card_pairs, flush5, values, displacement, params)


@nb.njit(nogil=True, cache=True, parallel=True)
def eval5_parallel(hands, out, card_info, card_pairs, flush5, values, displacement, params):
    """As :func:`eval5_serial`, in blocks of rows across numba's threads."""
    n = hands.shape[0]
    for block in nb.prange((n + BLOCK - 1) // BLOCK):
        start = block * BLOCK
        eval5_rows(hands, out, start, min(start + BLOCK, n), card_info, card_pairs, flush5, values,
                   displacement, params)
