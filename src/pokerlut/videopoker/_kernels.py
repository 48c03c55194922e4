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

from ..constants import WILD
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
    return weight


# Hold patterns (strategy charts).  Kinds, in the order they are tried (docs/rules.md, "Video poker
# strategy charts"); the code of a hold packs its kind and the fields that name it.
(PAT_DISCARD, PAT_DEALT, PAT_DEALT_NOTHING, PAT_WILD_ONLY, PAT_GROUP, PAT_SINGLE, PAT_SUITED_PAIR,
 PAT_UNSUITED_HIGH, PAT_ROYAL, PAT_STRAIGHT_FLUSH, PAT_FLUSH, PAT_STRAIGHT, PAT_OTHER) = range(13)
PAT_TWO_PAIR = 6  # the group shape of two pair (2, 3, 4: that many of a kind)


@jitted(nrt=True)
def hold_pattern_codes(hands, masks, dealt_class, is_wild, pair_min, rank_class, rank_band, windows, counted,
                       royal_mask, out):
    """The pattern code of hold ``masks[i, j]`` (bit ``b`` keeps card ``b``) of dealt hand ``hands[i]``:
    ``kind + 16 * (k + 8 * (w + 8 * (b + 8 * (c + 8 * a))))`` with ``k`` cards kept, ``w`` of them
    wild (each 0 where the kind's name does not use it) and the fields ``a`` (a class id, a rank,
    a rank mask; for a group, its rank class plus 8 times one plus the class of a single kicker),
    ``b`` (a group shape, straight windows) and ``c`` (extra cards, high cards).

    ``dealt_class[i]``: the pay class of the whole hand; ``is_wild[card]``: 1 for a wild card;
    ``pair_min``: the lowest rank of a paying pair, -1 if none pays; ``rank_class``/``rank_band``:
    the class of each rank for pairs and for three or four of a kind; ``windows``: the ten
    straights as rank masks, ``counted[x]``: 1 if straight ``x`` counts as a way to complete a
    draw; ``royal_mask``: the ranks T-A.
    """
    n_rows = hands.shape[0]
    n_masks = masks.shape[1]
    n_blocks = (n_rows + BLOCK - 1) // BLOCK
    for blk in range(n_blocks):
        counts = np.zeros(13, dtype=np.int64)
        start = blk * BLOCK
        stop = min(n_rows, start + BLOCK)
        for i in range(start, stop):
            for jm in range(n_masks):
                mask = np.int64(masks[i, jm])
                for r in range(13):
                    counts[r] = 0
                k = 0
                w = 0
                n = 0
                rank_mask = 0
                suit_lo = 9
                suit_hi = -1
                high = 0
                for j in range(5):
                    if (mask >> j) & 1:
                        k += 1
                        card = np.int64(hands[i, j])
                        if is_wild[card]:
                            w += 1
                        else:
                            n += 1
                            r = card >> 2
                            s = card & 3
                            counts[r] += 1
                            rank_mask |= 1 << r
                            suit_lo = min(suit_lo, s)
                            suit_hi = max(suit_hi, s)
                            if pair_min >= 0 and r >= pair_min:
                                high += 1
                c1 = 0
                r1 = 12
                for r in range(12, -1, -1):
                    if counts[r] > c1:
                        c1 = counts[r]
                        r1 = r
                c2 = 0
                r2 = 0
                for r in range(12, -1, -1):
                    if r != r1 and counts[r] > c2:
                        c2 = counts[r]
                        r2 = r
                suited = n <= 1 or suit_lo == suit_hi
                fits = 0
                ways = 0
                if c1 <= 1 and n > 0:
                    for x in range(windows.shape[0]):
                        if rank_mask & ~windows[x] == 0:
                            fits += 1
                            ways += counted[x]
                royal_ranks = rank_mask & ~royal_mask == 0
                all_high = pair_min >= 0 and high == n
                e1 = c1 + w
                paying_pair = pair_min >= 0 and e1 == 2 and r1 >= pair_min
                # a group: a natural pair or more, or wild cards with one natural rank that make three
                # of a kind or a paying pair
                group = c1 >= 2 or (n == 1 and (e1 >= 3 or paying_pair))
                fa = 0
                fb = 0
                fc = 0
                keep_k = False
                keep_w = True
                if k == 0:
                    kind = PAT_DISCARD
                    keep_w = False
                elif k == 5 and dealt_class[i] > 0:
                    kind = PAT_DEALT
                    keep_w = False
                    fa = np.int64(dealt_class[i])
                elif k == 5:
                    kind = PAT_DEALT_NOTHING
                    keep_w = False
                elif n == 0:
                    kind = PAT_WILD_ONLY
                elif group:
                    kind = PAT_GROUP
                    if c1 == 2 and c2 == 2:
                        fb = PAT_TWO_PAIR
                        used = 4
                    else:
                        fb = min(e1, 4)
                        used = fb
                    fa = rank_band[r1] if e1 >= 3 else rank_class[r1]
                    fc = k - used
                    if fc == 1:
                        fa += 8 * (1 + rank_class[r2])
                elif w == 0 and n == 1:
                    kind = PAT_SINGLE
                    fa = r1
                elif w == 0 and n == 2 and suited and royal_ranks:
                    kind = PAT_SUITED_PAIR
                    fa = rank_mask
                elif w == 0 and 2 <= n <= 3 and all_high and not suited:
                    kind = PAT_UNSUITED_HIGH
                    fa = rank_mask
                elif suited and royal_ranks and k >= 2:
                    kind = PAT_ROYAL
                    keep_k = True
                elif suited and fits > 0 and k >= 2:
                    kind = PAT_STRAIGHT_FLUSH
                    keep_k = True
                    fb = ways
                    fc = high
                elif suited and k >= 2:
                    kind = PAT_FLUSH
                    keep_k = True
                    fc = high
                elif fits > 0 and k >= 2:
                    kind = PAT_STRAIGHT
                    keep_k = True
                    fb = ways
                    fc = high
                else:
                    kind = PAT_OTHER
                    keep_k = True
                    fc = high
                kk = k if keep_k else 0
                ww = w if keep_w else 0
                out[i, jm] = kind + 16 * (kk + 8 * (ww + 8 * (fb + 8 * (fc + 8 * fa))))


@jitted(nrt=True)
def pattern_beats(pattern, values, weights, beats, best_weight, value_sum):
    """For each deal ``i`` (weight ``weights[i]``; ``pattern``, ``values``: (n, 32) by hold): a
    pattern *wins* if one of its holds has the deal's best value, the other patterns of the deal
    *lose*.  For every winner ``a`` and loser ``b``, ``beats[a, b]`` adds the weight times the value
    lost by playing ``b``'s best hold instead (> 0); for every winner, ``best_weight[a]`` adds the
    weight and ``value_sum[a]`` the weight times the best value."""
    n_pat = beats.shape[0]
    stamp = np.full(n_pat, -1, dtype=np.int64)
    top = np.empty(n_pat, dtype=np.float64)
    present = np.empty(32, dtype=np.int64)
    wins = np.empty(32, dtype=np.int64)
    losses = np.empty(32, dtype=np.int64)
    for i in range(pattern.shape[0]):
        n_present = 0
        best = values[i, 0]
        for m in range(32):
            p = pattern[i, m]
            v = values[i, m]
            if v > best:
                best = v
            if stamp[p] != i:
                stamp[p] = i
                top[p] = v
                present[n_present] = p
                n_present += 1
            elif v > top[p]:
                top[p] = v
        n_win = 0
        n_lose = 0
        for x in range(n_present):
            p = present[x]
            if top[p] == best:
                wins[n_win] = p
                n_win += 1
            else:
                losses[n_lose] = p
                n_lose += 1
        wt = np.float64(weights[i])
        for a in range(n_win):
            best_weight[wins[a]] += wt
            value_sum[wins[a]] += wt * best
            for b in range(n_lose):
                beats[wins[a], losses[b]] += wt * (best - top[losses[b]])


@jitted(nrt=True)
def dense_ids(codes, slots, out):
    """Number the distinct values of ``codes`` (int64, >= 0) in order of first appearance:
    ``out[i]`` is the number of ``codes[i]``; returns the distinct codes.  ``slots`` (a power of
    two, more than twice the distinct codes) sizes the open-addressing table."""
    keys = np.full(slots, -1, dtype=np.int64)
    ids = np.empty(slots, dtype=np.int64)
    uniques = np.empty(slots // 2, dtype=np.int64)
    n_unique = 0
    mask = slots - 1
    for i in range(codes.shape[0]):
        c = codes[i]
        h = (c * 0x9E3779B97F4A7C15) >> 40 & mask
        while keys[h] != -1 and keys[h] != c:
            h = (h + 1) & mask
        if keys[h] == -1:
            if n_unique == slots // 2:
                return uniques[:0]  # table too small: the caller retries with more slots
            keys[h] = c
            ids[h] = n_unique
            uniques[n_unique] = c
            n_unique += 1
        out[i] = ids[h]
    return uniques[:n_unique].copy()
