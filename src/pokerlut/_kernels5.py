"""numba kernels that rank 5-card hands from the lookup tables.

The kernels are plain functions over arrays: the tables are passed in as arguments (numba would
freeze module-level arrays into its cache).  Per hand: three loads (cards 0-1 and 2-3 from
``card_pairs``, card 4 from ``card_info``); if the AND of their suit bits is non-zero every
natural card shares a suit and the OR of their rank bits indexes ``flush5``; otherwise the
product of the primes goes through the perfect hash (one multiply, two shifts, a displacement
load and a value load).

Each kernel comes in four variants built from one body (:func:`make_eval5`): serial or
``parallel`` (``prange`` over rows), and unchecked or ``checked``.  Unchecked kernels do not
check bounds: callers validate first or document that they do not.  Checked kernels test every
row first (ids 0..52, no natural card twice) and write strength 0, which no hand has, for a bad
row instead of reading the tables; they return the number of bad rows.

The per-hand work is written inline in the loop on purpose: calling a helper that takes the
tables per hand costs numba a reference-count update per array per call (the loop ran six times
slower), and calling a per-block helper from a ``prange`` ran a quarter slower per thread.
"""

from __future__ import annotations

import numba as nb
import numpy as np

WILD = 52
SUIT_BITS = 0xF000
PAIR_PRIME_BITS = 0xFFF
PRIME_BITS = 0xFF
RANK_SHIFT = 16


@nb.njit(inline="always", nogil=True, cache=True)
def pair_index(a, b):
    return (np.intp(a) << 6) | np.intp(b)


@nb.njit(inline="always", nogil=True, cache=True)
def cards_are_valid(cards):
    """True when every id of the tuple ``cards`` is in 0..52 and no natural card appears twice.

    Branch-free over the cards: one bit per natural card, a repeat shows as a bit seen twice."""
    seen = np.uint64(0)
    repeated = np.uint64(0)
    too_big = False
    for card in cards:
        too_big |= card > WILD
        bit = np.uint64(card < WILD) << np.uint64(card & 63)  # no bit for the wild card
        repeated |= seen & bit
        seen |= bit
    return not too_big and repeated == 0


def compile_variant(kernel, family: str, parallel: bool, checked: bool, shape: str):
    """njit one variant of a kernel body under its own name (distinct numba cache entries)."""
    name = f"{family}_{'parallel' if parallel else 'serial'}{'_checked' if checked else ''}"
    kernel.__name__ = kernel.__qualname__ = name
    kernel.__doc__ = (f"Rank every row of ``hands`` (uint8, {shape}) into ``out`` (uint16, (N,)), "
                      f"{'on numba threads' if parallel else 'one thread'}"
                      f"{'; bad rows get 0 and are counted' if checked else ''}.")
    return nb.njit(nogil=True, cache=True, parallel=parallel)(kernel)


def make_eval5(parallel: bool, checked: bool):
    """Build the kernel ``eval5_{serial|parallel}[_checked](hands, out, tables...)``."""

    def kernel(hands, out, card_info, card_pairs, flush5, values, displacement, params):
        multiplier = params[0]
        bucket_shift = params[1]
        slot_shift = params[2]
        slot_mask = params[3]
        bad = 0
        for i in nb.prange(hands.shape[0]):
            c0, c1, c2, c3, c4 = hands[i, 0], hands[i, 1], hands[i, 2], hands[i, 3], hands[i, 4]
            if checked and not cards_are_valid((c0, c1, c2, c3, c4)):
                out[i] = 0
                bad += 1
                continue
            p = card_pairs[pair_index(c0, c1)]
            q = card_pairs[pair_index(c2, c3)]
            e = card_info[c4]
            if p & q & e & SUIT_BITS:
                out[i] = flush5[(p | q | e) >> RANK_SHIFT]
            else:
                key = np.uint64((p & PAIR_PRIME_BITS) * (q & PAIR_PRIME_BITS)) * np.uint64(e & PRIME_BITS)
                h = key * multiplier
                out[i] = values[((h >> slot_shift) & slot_mask) ^ np.uint64(displacement[h >> bucket_shift])]
        return bad

    return compile_variant(kernel, "eval5", parallel, checked, "(N, 5)")


eval5_serial = make_eval5(parallel=False, checked=False)
eval5_parallel = make_eval5(parallel=True, checked=False)
eval5_serial_checked = make_eval5(parallel=False, checked=True)
eval5_parallel_checked = make_eval5(parallel=True, checked=True)
