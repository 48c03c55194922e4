"""numba kernels for video poker: final-hand tables, subset counts, hold values, canonical deals.

Plain functions over arrays with every table passed in (numba would freeze module-level arrays
into its cache).  The per-hand work is written inline in the loops: helpers that take arrays cost
a reference-count update per call.  Kernels over many rows split them into blocks and allocate
their small scratch arrays once per block; callers run pieces of rows on several threads
(:mod:`pokerlut._threads`).

Subsets of the deck are indexed by their colex number: the set ``c_0 < c_1 < ... < c_{k-1}`` has
index ``sum C(c_i, i + 1)``, a bijection onto ``0 .. C(n, k) - 1`` for each size ``k``.  The count
tables of all sizes ``k = 0..4`` are packed into one array, rows ``offsets[k] + index``.
"""

from __future__ import annotations

import numpy as np

from ..kernels.compile import jit, jitted

BLOCK = 512  # rows per block of scratch

# For the 32 subsets M of five positions: popcount, and highest set bit (-1 for M = 0).
POPCOUNT = np.array([bin(m).count("1") for m in range(32)], dtype=np.int64)
HIGHBIT = np.array([m.bit_length() - 1 for m in range(32)], dtype=np.int64)


@jitted(nrt=True)
def all_hands_colex(n, binom):
    """Every 5-subset of ``range(n)`` as an ascending uint8 row, row ``i`` the subset of colex index ``i``."""
    out = np.empty((binom[n, 5], 5), dtype=np.uint8)
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
    return out


@jitted(nrt=True)
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


@jitted(nrt=True)
def fill_counts_level(k, n, binom, class5, counts, offsets, first_block, last_block):
    """Rows of size ``k`` (0..4) of the packed class-count table, from the rows of size ``k + 1``
    (for ``k = 4``, from ``class5``, the class of every final hand by colex index).

    ``counts[offsets[k] + index(T), c]`` = number of final 5-card hands that contain the set ``T``
    and are of class ``c``.  Each final hand over ``T`` contains ``5 - k`` sets ``T + {x}``, so the
    sum over the cards ``x`` not in ``T`` counts it ``5 - k`` times.  Blocks ``first_block ..
    last_block`` of ``BLOCK`` rows (pieces of the level run on separate threads).
    """
    rows = binom[n, k]
    n_cls = counts.shape[1]
    div = 5 - k
    for blk in range(first_block, last_block):
        q = np.empty(5, dtype=np.int64)
        low = np.empty(6, dtype=np.int64)
        high = np.empty(6, dtype=np.int64)
        acc = np.empty(n_cls, dtype=np.int64)
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
                if k == 4:
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


# The kernels below work through their rows in blocks of BLOCK, allocating their scratch once per
# block; callers cut big batches into pieces of rows for several threads (pokerlut._threads).


def make_hold_values():
    """Build ``hold_values``."""

    def kernel(hands, out_masks, out_values, binom, offsets, paylev, class5, pay, scale, popcount, highbit):
        """Every hold of every dealt hand (rows of ``hands``, distinct cards, any order).

        For a dealt hand with cards sorted ``s_0 < ... < s_4`` and a set ``M`` of their positions,
        ``f[M]`` is the payout summed over every final hand of the deck that contains the cards of
        ``M`` (``paylev`` row of ``M``; for ``M`` = all five, the dealt hand's own pay).  The hold ``H``
        with discards ``D`` may draw any cards except the discards, so by inclusion-exclusion its
        summed payout is ``sum over S in D of (-1)^|S| f[H + S]``: the superset Moebius transform of
        ``f``.  Times ``scale[|D|]`` (= L / C(cards left, |D|)) it is the hold's expected payout in
        units of ``1 / L``: exact integers when the pays are, so that equal values tie exactly.

        Writes the best ``out_masks.shape[1]`` holds (all 32, or the best one) of row ``i``, best
        first, as masks over the hand's positions as given (bit ``j`` keeps card ``j``), and their
        scaled values.  Equal values are ordered by the mask over the sorted cards (ascending), which
        depends on the cards only, not on the order they are given in.
        """
        n = hands.shape[0]
        n_out = out_masks.shape[1]
        n_blocks = (n + BLOCK - 1) // BLOCK
        for blk in range(n_blocks):
            cs = np.empty(5, dtype=np.int64)
            ps = np.empty(5, dtype=np.int64)
            idx = np.empty(32, dtype=np.int64)
            orig = np.empty(32, dtype=np.int64)
            f = np.empty(32, dtype=np.float64)
            order = np.empty(32, dtype=np.int64)
            start = blk * BLOCK
            stop = min(n, start + BLOCK)
            for i in range(start, stop):
                # sort the five cards, remembering where each came from
                for j in range(5):
                    c = np.int64(hands[i, j])
                    m = j
                    while m > 0 and cs[m - 1] > c:
                        cs[m] = cs[m - 1]
                        ps[m] = ps[m - 1]
                        m -= 1
                    cs[m] = c
                    ps[m] = j
                idx[0] = 0
                orig[0] = 0
                f[0] = paylev[offsets[0]]
                for msk in range(1, 32):
                    hb = highbit[msk]
                    prev = msk ^ (1 << hb)
                    k = popcount[msk]
                    idx[msk] = idx[prev] + binom[cs[hb], k]
                    orig[msk] = orig[prev] | (1 << ps[hb])
                    if k < 5:
                        f[msk] = paylev[offsets[k] + idx[msk]]
                    else:
                        f[msk] = pay[class5[idx[msk]]]
                for b in range(5):
                    bit = 1 << b
                    for msk in range(32):
                        if not (msk & bit):
                            f[msk] -= f[msk | bit]
                for msk in range(32):
                    f[msk] *= scale[5 - popcount[msk]]
                if n_out == 1:
                    best = 0
                    for msk in range(1, 32):
                        if f[msk] > f[best]:
                            best = msk
                    out_masks[i, 0] = orig[best]
                    out_values[i, 0] = f[best]
                else:
                    for msk in range(32):  # insertion sort: value descending, then mask ascending
                        m = msk
                        while m > 0 and f[order[m - 1]] < f[msk]:
                            order[m] = order[m - 1]
                            m -= 1
                        order[m] = msk
                    for r in range(n_out):
                        out_masks[i, r] = orig[order[r]]
                        out_values[i, r] = f[order[r]]

    return jit(kernel, "hold_values", nrt=True)


def make_hold_counts():
    """Build ``hold_counts``."""

    def kernel(hands, out_counts, binom, offsets, counts, class5, popcount, highbit):
        """Class counts of every hold: ``out_counts[i, H, c]`` = number of draws (of the
        ``C(cards left, discards)``) for which hold ``H`` of row ``i`` ends in class ``c``.  ``H`` is the
        mask over the positions as given.  Same inclusion-exclusion as :func:`make_hold_values`,
        class by class."""
        n = hands.shape[0]
        n_cls = counts.shape[1]
        n_blocks = (n + BLOCK - 1) // BLOCK
        for blk in range(n_blocks):
            cs = np.empty(5, dtype=np.int64)
            ps = np.empty(5, dtype=np.int64)
            idx = np.empty(32, dtype=np.int64)
            orig = np.empty(32, dtype=np.int64)
            g = np.empty((32, n_cls), dtype=np.int64)
            start = blk * BLOCK
            stop = min(n, start + BLOCK)
            for i in range(start, stop):
                for j in range(5):
                    c = np.int64(hands[i, j])
                    m = j
                    while m > 0 and cs[m - 1] > c:
                        cs[m] = cs[m - 1]
                        ps[m] = ps[m - 1]
                        m -= 1
                    cs[m] = c
                    ps[m] = j
                idx[0] = 0
                orig[0] = 0
                for j in range(n_cls):
                    g[0, j] = counts[offsets[0], j]
                for msk in range(1, 32):
                    hb = highbit[msk]
                    prev = msk ^ (1 << hb)
                    k = popcount[msk]
                    idx[msk] = idx[prev] + binom[cs[hb], k]
                    orig[msk] = orig[prev] | (1 << ps[hb])
                    if k < 5:
                        row = offsets[k] + idx[msk]
                        for j in range(n_cls):
                            g[msk, j] = counts[row, j]
                    else:
                        for j in range(n_cls):
                            g[msk, j] = 0
                        g[msk, class5[idx[msk]]] = 1
                for b in range(5):
                    bit = 1 << b
                    for msk in range(32):
                        if not (msk & bit):
                            for j in range(n_cls):
                                g[msk, j] -= g[msk | bit, j]
                for msk in range(32):
                    for j in range(n_cls):
                        out_counts[i, orig[msk], j] = g[msk, j]

    return jit(kernel, "hold_counts", nrt=True)


hold_values = make_hold_values()
hold_counts = make_hold_counts()


@jitted(nrt=True)
def best_holds_kernel(deals, out_mask, out_value, out_counts, binom, offsets, paylev, counts, class5,
                      pay, scale, popcount, highbit):
    """For each dealt hand (ascending rows): the best hold's mask, scaled value (as in
    :func:`make_hold_values`, same tie rule) and class counts over its draws."""
    n = deals.shape[0]
    n_cls = counts.shape[1]
    n_blocks = (n + BLOCK - 1) // BLOCK
    for blk in range(n_blocks):
        idx = np.empty(32, dtype=np.int64)
        f = np.empty(32, dtype=np.float64)
        start = blk * BLOCK
        stop = min(n, start + BLOCK)
        for i in range(start, stop):
            idx[0] = 0
            f[0] = paylev[offsets[0]]
            for msk in range(1, 32):
                hb = highbit[msk]
                k = popcount[msk]
                idx[msk] = idx[msk ^ (1 << hb)] + binom[np.int64(deals[i, hb]), k]
                if k < 5:
                    f[msk] = paylev[offsets[k] + idx[msk]]
                else:
                    f[msk] = pay[class5[idx[msk]]]
            for b in range(5):
                bit = 1 << b
                for msk in range(32):
                    if not (msk & bit):
                        f[msk] -= f[msk | bit]
            best = 0
            best_value = f[0] * scale[5]
            for msk in range(1, 32):
                v = f[msk] * scale[5 - popcount[msk]]
                if v > best_value:
                    best = msk
                    best_value = v
            out_mask[i] = best
            out_value[i] = best_value
            # class counts of the best hold: sum over S in the discards of (-1)^|S| N[best + S]
            for j in range(n_cls):
                out_counts[i, j] = 0
            free = 31 ^ best
            s = free
            while True:
                msk = best | s
                sign = 1 - 2 * (popcount[s] & 1)
                if msk == 31:
                    out_counts[i, class5[idx[31]]] += sign
                else:
                    row = offsets[popcount[msk]] + idx[msk]
                    for j in range(n_cls):
                        out_counts[i, j] += sign * counts[row, j]
                if s == 0:
                    break
                s = (s - 1) & free


@jitted(nrt=True)
def suit_class_weights(hands):
    """Suit symmetry: ``weight[i]`` is the number of hands that are suit permutations of row ``i``
    if row ``i`` is its class's representative, else 0.

    A hand's four suits each hold a set of ranks (a 13-bit mask; the joker, id 52, belongs to no
    suit and is left alone by every permutation).  Permuting the suits permutes the masks, so each
    class has exactly one hand whose masks do not increase from clubs to spades; it stands for
    ``24 / prod(m!)`` hands, ``m`` the multiplicities of equal masks.
    """
    n = hands.shape[0]
    weight = np.zeros(n, dtype=np.int64)
    n_blocks = (n + BLOCK - 1) // BLOCK
    for blk in range(n_blocks):
        start = blk * BLOCK
        stop = min(n, start + BLOCK)
        for i in range(start, stop):
            m0 = 0
            m1 = 0
            m2 = 0
            m3 = 0
            for j in range(5):
                c = np.int64(hands[i, j])
                if c >= 52:
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
    return weight
