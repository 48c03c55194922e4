"""Exact Omaha equity of one hand against a random hand, preflop: boards by rank multiset and
flush pattern, the random hand by rank multiset and suited cards, never one by one.

On a board that holds no three cards of a suit every Omaha hand is worth the best entry of its
rank pairs in the row of the board's rank multiset (:mod:`.omaha`), so the board's suits only
count how many boards there are, and a random hand's strength is fixed by its rank multiset (the
1,820 multisets of four ranks, each standing for the product of binomials of the cards left of
its ranks).  On a board with three or more cards of a suit ``s`` (the ranks ``F`` of them) a
hand is worth the better of that and its best flush (two of its ``s`` cards with three of
``F``), so the random hand is counted by rank multiset and by which of its ranks it holds in
``s``.  Item ``i`` of the kernel is the board rank multiset ``i``; per item, the villain weights
(random hands) it beats, ties and loses to, times the boards of each pattern.
"""

from __future__ import annotations

import numpy as np

from .compile import compile_kernel
from .intrinsics import popcount
from .omaha import board_row, suited_pairs_value

U64 = np.uint64
_ONE = U64(1)


def omaha_random(board_ranks, multisets, m_cols, m_ranks, m_mult, m_distinct, hero_cols, hero_masks, avail, binom,
                 out, nf, scratch, board_start, tables):
    """For each board rank multiset ``board_ranks[i]`` (5 ranks), into ``out[i]`` (3,): the
    weighted count of (board, random hand) deals where the hero's hand beats the random one, ties,
    loses.  ``multisets`` (M, 4) the random hand's rank multisets, ``m_cols`` (M, 6) their pairs'
    columns, ``m_ranks``/``m_mult`` (M, 4) their distinct ranks and multiplicities (``m_distinct``
    of them); ``hero_cols`` (6,) the hero's pair columns, ``hero_masks`` (4,) its rank mask per
    suit; ``avail`` (13, 4) 1 where the card of that rank and suit is left in the deck (not the
    hero's, not dead); ``binom[n, k]``; ``nf`` (M,) and ``scratch`` (5, 13) int64 are scratch; ``tables``: a
    :class:`~pokerlut.table_records.OmahaTables`."""
    cards, rows, values = tables.cards, tables.rows, tables.values
    n_m = multisets.shape[0]
    board_count, tot, a, b, k_rest = scratch[0], scratch[1], scratch[2], scratch[3], scratch[4]
    for i in range(board_ranks.shape[0]):
        for r in range(13):
            board_count[r] = 0
            tot[r] = avail[r, 0] + avail[r, 1] + avail[r, 2] + avail[r, 3]
        key = U64(board_start)
        for j in range(5):
            r = board_ranks[i, j]
            board_count[r] += 1
            key += cards[U64(4 * r + (j % 4))]
        boards = np.int64(1)
        for r in range(13):
            boards *= binom[tot[r], board_count[r]]
        out[i, 0] = 0
        out[i, 1] = 0
        out[i, 2] = 0
        if boards == 0:
            continue
        row = board_row(key, rows)
        for m in range(n_m):
            best = np.uint16(0)
            for k in range(6):
                best = max(best, values[row + m_cols[m, k]])
            nf[m] = best
        hero_nf = np.uint16(0)
        for k in range(6):
            hero_nf = max(hero_nf, values[row + hero_cols[k]])
        # the flush boards: a suit s holding the distinct ranks F (three or more) of the board
        distinct_mask = U64(0)
        for r in range(13):
            if board_count[r] > 0:
                distinct_mask |= _ONE << U64(r)
        flush_boards = np.int64(0)
        for s in range(4):
            f = distinct_mask
            # every subset of the distinct ranks: F = sub
            sub = f
            while True:
                if popcount(sub) >= U64(3):
                    ways = np.int64(1)
                    for r in range(13):
                        in_f = (sub >> U64(r)) & _ONE
                        if in_f and avail[r, s] == 0:
                            ways = 0
                            break
                        k_rest[r] = board_count[r] - np.int64(in_f)
                        ways *= binom[tot[r] - avail[r, s], k_rest[r]]
                    if ways > 0:
                        flush_boards += ways
                        hero = hero_nf
                        if popcount(U64(hero_masks[s])) >= U64(2):
                            hero = max(hero, suited_pairs_value(U64(hero_masks[s]), sub, rows, values))
                        for r in range(13):
                            a[r] = tot[r] - avail[r, s] - k_rest[r]
                            b[r] = avail[r, s] if not (sub >> U64(r)) & _ONE else 0
                        less = np.int64(0)
                        tie = np.int64(0)
                        more = np.int64(0)
                        for m in range(n_m):
                            d = m_distinct[m]
                            for t in range(1 << d):
                                w = np.int64(1)
                                tmask = U64(0)
                                for x in range(d):
                                    r = m_ranks[m, x]
                                    if (t >> x) & 1:
                                        if b[r] == 0:
                                            w = 0
                                            break
                                        tmask |= _ONE << U64(r)
                                        w *= binom[a[r], m_mult[m, x] - 1]
                                    else:
                                        w *= binom[a[r], m_mult[m, x]]
                                if w == 0:
                                    continue
                                v = nf[m]
                                if popcount(tmask) >= U64(2):
                                    v = max(v, suited_pairs_value(tmask, sub, rows, values))
                                if v < hero:
                                    less += w
                                elif v == hero:
                                    tie += w
                                else:
                                    more += w
                        out[i, 0] += ways * less
                        out[i, 1] += ways * tie
                        out[i, 2] += ways * more
                if sub == 0:
                    break
                sub = (sub - _ONE) & f
        plain = boards - flush_boards
        if plain > 0:
            less = np.int64(0)
            tie = np.int64(0)
            more = np.int64(0)
            for m in range(n_m):
                w = np.int64(1)
                for x in range(m_distinct[m]):
                    r = m_ranks[m, x]
                    w *= binom[tot[r] - board_count[r], m_mult[m, x]]
                if w == 0:
                    continue
                if nf[m] < hero_nf:
                    less += w
                elif nf[m] == hero_nf:
                    tie += w
                else:
                    more += w
            out[i, 0] += plain * less
            out[i, 1] += plain * tie
            out[i, 2] += plain * more


def make_omaha_random_kernel():
    """Compile :func:`omaha_random`."""
    return compile_kernel(omaha_random, "omaha_random")
