"""numba kernels for video poker's tables: every final hand, the subset class counts, the suit
classes of the deals, and the check of dealt hands.

Plain functions over arrays with every table passed in (numba would freeze module-level arrays
into its cache); they never allocate: outputs and scratch come from the caller
(:mod:`.videopoker_scratch`).  Callers run pieces of rows on several threads
(:mod:`pokerlut._threads`).

Subsets of the deck are indexed by their colex number: the set ``c_0 < c_1 < ... < c_{k-1}`` has
index ``sum C(c_i, i + 1)``, a bijection onto ``0 .. C(n, k) - 1`` for each size ``k``.  The count
tables of all sizes ``k = 0..4`` are packed into one array, rows ``offsets[k] + index``.
"""

from __future__ import annotations

import numpy as np

from ..constants import FIVE_CARDS, WILD
from .compile import jitted

__all__ = ["BLOCK", "POPCOUNT", "HIGHBIT", "all_hands_colex", "first_bad_card", "fill_counts_level",
           "suit_class_weights"]

BLOCK = 512  # rows per block of the count tables (the unit :func:`fill_counts_level` is cut by)

# For the 32 subsets M of five positions: popcount, and highest set bit (-1 for M = 0).
POPCOUNT = np.array([bin(m).count("1") for m in range(32)], dtype=np.int64)
HIGHBIT = np.array([m.bit_length() - 1 for m in range(32)], dtype=np.int64)


@jitted()
def all_hands_colex(n, out):
    """Every 5-subset of ``range(n)`` into ``out`` (``C(n, 5)`` rows of uint8) as ascending rows,
    row ``i`` the subset of colex index ``i``."""
    i = 0
    for e in range(4, n):
        for d in range(3, e):
            for c in range(2, d):
                for b in range(1, c):
                    for a in range(b):
                        out[i, 0] = a
                        out[i, 1] = b
                        out[i, 2] = c
                        out[i, 3] = d
                        out[i, 4] = e
                        i += 1


@jitted()
def first_bad_card(hands, deck_size):
    """First (row, position, code) of a card outside ``0..deck_size-1`` (code 1) or a card seen
    earlier in its row (code 2); ``(-1, -1, 0)`` when every row holds distinct cards of the deck."""
    for i in range(hands.shape[0]):
        seen = np.uint64(0)
        for j in range(hands.shape[1]):
            card = np.int64(hands[i, j])
            if card < 0 or card >= deck_size:
                return i, j, 1
            bit = np.uint64(1) << np.uint64(card)
            if seen & bit:
                return i, j, 2
            seen |= bit
    return -1, -1, 0


@jitted()
def fill_counts_level(k, n, binom, class5, counts, offsets, first_block, last_block, ints, acc):
    """Rows of size ``k`` (0..4) of the packed class-count table, from the rows of size ``k + 1``
    (for ``k = 4``, from ``class5``, the class of every final hand by colex index).

    ``counts[offsets[k] + index(T), c]`` = number of final 5-card hands that contain the set ``T``
    and are of class ``c``.  Each final hand over ``T`` contains ``5 - k`` sets ``T + {x}``, so the
    sum over the cards ``x`` not in ``T`` counts it ``5 - k`` times.  Blocks ``first_block ..
    last_block`` of ``BLOCK`` rows (pieces of the level run on separate threads).  Scratch:
    ``ints`` (3, 6) int64, ``acc`` (classes,) int64.
    """
    q = ints[0]
    low = ints[1]
    high = ints[2]
    rows = binom[n, k]
    n_cls = counts.shape[1]
    div = 5 - k
    for blk in range(first_block, last_block):
        start = blk * BLOCK
        stop = min(rows, start + BLOCK)
        # unrank the block's first set
        r = start
        for pos in range(k - 1, -1, -1):
            x = n - 1
            while binom[x, pos + 1] > r:
                x -= 1
            q[pos] = x
            r -= binom[x, pos + 1]
        for t in range(start, stop):
            # index(T + {x}) = low[p] + C(x, p + 1) + high[p], p = number of members below x
            low[0] = 0
            for i in range(k):
                low[i + 1] = low[i] + binom[q[i], i + 1]
            high[k] = 0
            for i in range(k - 1, -1, -1):
                high[i] = high[i + 1] + binom[q[i], i + 2]
            for j in range(n_cls):
                acc[j] = 0
            p = 0
            for x in range(n):
                if p < k and q[p] == x:
                    p += 1
                    continue
                idx = low[p] + binom[x, p + 1] + high[p]
                if k + 1 == FIVE_CARDS:
                    acc[class5[idx]] += 1
                else:
                    row = offsets[k + 1] + idx
                    for j in range(n_cls):
                        acc[j] += counts[row, j]
            out_row = offsets[k] + t
            for j in range(n_cls):
                counts[out_row, j] = acc[j] // div
            # next set in colex order
            i = 0
            while i < k - 1 and q[i] + 1 == q[i + 1]:
                i += 1
            if k > 0:
                q[i] += 1
                for j in range(i):
                    q[j] = j


@jitted()
def suit_class_weights(hands, weight):
    """Suit symmetry: ``weight[i]`` is the number of hands that are suit permutations of row ``i``
    if row ``i`` is its class's representative, else 0.

    A hand's four suits each hold a set of ranks (a 13-bit mask; the joker, id 52, belongs to no
    suit and is left alone by every permutation).  Permuting the suits permutes the masks, so each
    class has exactly one hand whose masks do not increase from clubs to spades; it stands for
    ``24 / prod(m!)`` hands, ``m`` the multiplicities of equal masks.
    """
    for i in range(hands.shape[0]):
        weight[i] = 0
        m0 = 0
        m1 = 0
        m2 = 0
        m3 = 0
        for j in range(5):
            c = np.int64(hands[i, j])
            if c >= WILD:  # the joker
                continue
            bit = 1 << (c >> 2)
            s = c & 3
            if s == 0:
                m0 |= bit
            elif s == 1:
                m1 |= bit
            elif s == 2:
                m2 |= bit
            else:
                m3 |= bit
        if m0 < m1 or m1 < m2 or m2 < m3:
            continue
        # runs of equal masks among m0 >= m1 >= m2 >= m3
        stab = 1
        run = 1
        if m1 == m0:
            run += 1
        else:
            run = 1
        stab *= run
        if m2 == m1:
            run += 1
        else:
            run = 1
        stab *= run
        if m3 == m2:
            run += 1
        else:
            run = 1
        stab *= run
        weight[i] = 24 // stab
