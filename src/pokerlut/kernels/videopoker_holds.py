"""numba kernels for video poker's holds: the value of every hold of a dealt hand, the class counts
of its draws, and the best hold of each deal of a game.

For a dealt hand with cards sorted ``s_0 < ... < s_4`` and a set ``M`` of their positions, ``f[M]``
is the payout summed over every final hand of the deck that contains the cards of ``M`` (the
``paylev`` row of ``M``; for ``M`` = all five, the dealt hand's own pay).  The hold ``H`` with
discards ``D`` may draw any cards except the discards, so by inclusion-exclusion its summed payout
is ``sum over S in D of (-1)^|S| f[H + S]``: the superset Moebius transform of ``f``.  Times
``scale[|D|]`` (= L / C(cards left, |D|)) it is the hold's expected payout in units of ``1 / L``:
exact integers when the pays are, so that equal values tie exactly.

Tables and the subset indexing as in :mod:`.videopoker_tables`; the kernels never allocate: the
scratch comes from :mod:`.videopoker_scratch`, one set per concurrent piece of rows.
"""

from __future__ import annotations

import numpy as np

from ..constants import FIVE_CARDS
from .compile import jitted

__all__ = ["hold_values", "hold_counts", "best_holds_kernel"]


@jitted(inline=True)
def index_holds(hand, cs, ps, idx, orig, binom, popcount, highbit):
    """The subsets of one dealt hand (five distinct cards, any order), for :func:`hold_values` and
    :func:`hold_counts`: sorts the cards into ``cs`` (ascending) with their given positions in
    ``ps``, then for each mask ``M`` over the sorted cards writes ``idx[M]``, the subset's index
    among the ``|M|``-card subsets of the deck, and ``orig[M]``, the same cards as a mask over the
    positions as given."""
    for j in range(5):
        c = np.int64(hand[j])
        m = j
        while m > 0 and cs[m - 1] > c:
            cs[m] = cs[m - 1]
            ps[m] = ps[m - 1]
            m -= 1
        cs[m] = c
        ps[m] = j
    idx[0] = 0
    orig[0] = 0
    for msk in range(1, 32):
        hb = highbit[msk]
        prev = msk ^ (1 << hb)
        idx[msk] = idx[prev] + binom[cs[hb], popcount[msk]]
        orig[msk] = orig[prev] | (1 << ps[hb])


@jitted(inline=True)
def summed_payouts(f, idx, offsets, paylev, class5, pay, popcount):
    """``f[H]``, every hold ``H``'s payout summed over its draws (unscaled), from the subsets'
    indexes ``idx``: each subset's ``paylev`` row (the dealt hand's own pay for all five), then the
    superset Moebius transform over the discards."""
    f[0] = paylev[offsets[0]]
    for msk in range(1, 32):
        k = popcount[msk]
        if k < FIVE_CARDS:
            f[msk] = paylev[offsets[k] + idx[msk]]
        else:
            f[msk] = pay[class5[idx[msk]]]
    for b in range(5):
        bit = 1 << b
        for msk in range(32):
            if not (msk & bit):
                f[msk] -= f[msk | bit]


@jitted()
def hold_values(hands, out_masks, out_values, binom, offsets, paylev, class5, pay, scale, popcount, highbit,
                ints, f):
    """Every hold of every dealt hand (rows of ``hands``, distinct cards, any order).

    Writes the best ``out_masks.shape[1]`` holds (all 32, or the best one) of row ``i``, best
    first, as masks over the hand's positions as given (bit ``j`` keeps card ``j``), and their
    scaled values.  Equal values are ordered by the mask over the sorted cards (ascending), which
    depends on the cards only, not on the order they are given in.  Scratch: ``ints`` (5, 32)
    int64, ``f`` (32,) float64.
    """
    cs = ints[0]
    ps = ints[1]
    idx = ints[2]
    orig = ints[3]
    order = ints[4]
    n_out = out_masks.shape[1]
    for i in range(hands.shape[0]):
        index_holds(hands[i], cs, ps, idx, orig, binom, popcount, highbit)
        summed_payouts(f, idx, offsets, paylev, class5, pay, popcount)
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


@jitted()
def hold_counts(hands, out_counts, binom, offsets, counts, class5, popcount, highbit, ints, g):
    """Class counts of every hold: ``out_counts[i, H, c]`` = number of draws (of the
    ``C(cards left, discards)``) for which hold ``H`` of row ``i`` ends in class ``c``.  ``H`` is the
    mask over the positions as given.  Same inclusion-exclusion as :func:`hold_values`, class by
    class.  Scratch: ``ints`` (4, 32) int64, ``g`` (32, classes) int64."""
    cs = ints[0]
    ps = ints[1]
    idx = ints[2]
    orig = ints[3]
    n_cls = counts.shape[1]
    for i in range(hands.shape[0]):
        index_holds(hands[i], cs, ps, idx, orig, binom, popcount, highbit)
        for j in range(n_cls):
            g[0, j] = counts[offsets[0], j]
        for msk in range(1, 32):
            k = popcount[msk]
            if k < FIVE_CARDS:
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


@jitted()
def best_holds_kernel(deals, out_mask, out_value, out_counts, binom, offsets, paylev, counts, class5,
                      pay, scale, popcount, highbit, idx, f):
    """For each dealt hand (ascending rows): the best hold's mask, scaled value (as in
    :func:`hold_values`, same tie rule) and class counts over its draws.  Scratch: ``idx`` (32,)
    int64, ``f`` (32,) float64."""
    n_cls = counts.shape[1]
    for i in range(deals.shape[0]):
        idx[0] = 0
        for msk in range(1, 32):  # the rows are sorted already: index the subsets directly
            hb = highbit[msk]
            idx[msk] = idx[msk ^ (1 << hb)] + binom[np.int64(deals[i, hb]), popcount[msk]]
        summed_payouts(f, idx, offsets, paylev, class5, pay, popcount)
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
