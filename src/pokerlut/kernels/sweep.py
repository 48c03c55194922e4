"""Heads-up equity of two ranges by sorting: every combo of both ranges ranked once per board.

For each board (a list of boards with weights: every completion of the known cards, or one board
per suit-symmetry class), the combos of the smaller range ``S`` are ranked and sorted by strength
(distinct strengths ``u_0 < u_1 < ...``, the *places*, with their weights); the combos of the larger
range ``L`` are placed among them, which gives each ``L`` combo the ``S`` weight it beats and ties
and drops its weight into the bucket of its place; a prefix sum over the buckets then gives every
``S`` combo the ``L`` weight it beats and ties.

Card removal through per-card sums: per card, the weight of the valid combos holding it; and for
the cards ``S`` combos hold (their *rows*), the same split by place.  A combo in both ranges is
taken out through both of its cards and put back once.

The ``L`` side comes in two modes:

* **combo by combo** (whenever ``L``'s own per-combo counts are wanted, and on a board of five
  cards of one suit): each combo ranked and placed;
* **by rank class**: on a board where only the combos holding enough cards of one suit ``f`` can
  make a flush (three or four board cards of ``f``; none at all on a board with at most two of a
  suit, or in a game without flushes), every other combo's strength depends on its two ranks alone.
  The weights of ``L`` are kept per rank class (169 entries, ``13 * high + low``), per card and rank
  (``52 x 13``) and per pair of cards; a board removes its cards' combos by ``5 x 13`` subtractions
  (and adds back its pairs), the flush-capable combos are taken out and ranked one by one, and each
  rank class is ranked once (91 lookups) and placed with its whole weight.

Accumulators per combo (``out[i, k]``, float64, each board counted with its weight): ``k = 0`` the
other range's weight it beats, ``1`` the weight it ties, ``2`` the weight it meets (compatible
combos), ``3`` how many compatible combos it meets (unweighted).
"""

from __future__ import annotations

import numba as nb
import numpy as np

from ..constants import N_NATURAL, N_RANKS
from ..layout import RANK_FIELD
from .compile import compile_kernel
from .intrinsics import popcount
from .primitives import first_card, hand_value_of_bits, suit_rank_bit
from .sweep_classes import fill_class_rows, place_l_classes
from .sweep_places import FEW_PLACES, add_counts, drop, index_places, place_of, sort_keys, sweep_scratch

__all__ = ["sweep", "sweep_scratch", "make_sweep_kernel"]

U64 = np.uint64
_ONE = U64(1)
_RANKS = U64((1 << N_RANKS) - 1)
_RANK_FIELD = U64(RANK_FIELD)


@nb.njit(inline="always", nogil=True)
def rank_s(kb, bb, mb, S, rowS, want_L, n_rows, scratch, tables):
    """The ``S`` side of a board: strengths, places (returns their number, 0 when no ``S`` combo is
    valid), per-card sums, and with ``want_L`` the rows ``srow`` (the ``S`` weight of a row below
    each place).  ``w_all[0]`` receives the valid ``S`` weight, ``w_all[1]`` their number."""
    w_all, keys, tmp, counts, u = scratch.w_all, scratch.keys, scratch.tmp, scratch.counts, scratch.u
    eqw, cum, dk, sS, card_w = scratch.eqw, scratch.cum, scratch.dk, scratch.sS, scratch.card_w
    card_n, srow = scratch.card_n, scratch.srow
    kS, bS, mS, wS, cS, twinS = S
    cards, bases, values, flush, bases5, values5, subset_rare = tables
    n_valid = np.int64(0)  # typed, not a literal 0: the called sort_keys is compiled once
    tot = 0.0
    for x in range(kS.shape[0]):
        if mS[x] & mb:
            sS[x] = 0
            continue
        s = hand_value_of_bits(kb + kS[x], bb | bS[x], bases, values, flush, bases5, values5, cards, subset_rare)
        sS[x] = s
        keys[n_valid] = (np.uint32(s) << np.uint32(16)) | np.uint32(x)
        n_valid += 1
        w = wS[x]
        tot += w
        a = cS[x, 0]
        b = cS[x, 1]
        card_w[0, a] += w
        card_w[0, b] += w
        card_n[0, a] += 1
        card_n[0, b] += 1
    w_all[0] = tot
    w_all[1] = n_valid
    if n_valid == 0:
        return 0
    sort_keys(keys, n_valid, tmp, counts)
    m = np.int64(0)
    for i in range(n_valid):
        s = np.uint16(keys[i] >> np.uint32(16))
        x = np.int64(keys[i] & np.uint32(0xFFFF))
        if m == 0 or u[m - 1] != s:
            u[m] = s
            eqw[m] = 0.0
            m += 1
        eqw[m - 1] += wS[x]
        dk[x] = m - 1
    cum[0] = 0.0
    for k in range(m):
        cum[k + 1] = cum[k] + eqw[k]
    if want_L:
        for r in range(n_rows):
            for k in range(m + 1):
                srow[r, k] = 0.0
        for x in range(kS.shape[0]):
            if sS[x] != 0:
                srow[rowS[cS[x, 0]], dk[x]] += wS[x]
                srow[rowS[cS[x, 1]], dk[x]] += wS[x]
        for r in range(n_rows):  # srow[r, k] -> the S weight holding card r below place k
            below = 0.0
            for k in range(m + 1):
                here = srow[r, k]
                srow[r, k] = below
                below += here
    return m


@nb.njit(inline="always", nogil=True)
def place_l_combos(kb, bb, mb, bw, m, L, rowS, want_L, S, outL, scratch, tables):
    """The ``L`` side of a board combo by combo (and, with ``want_L``, each ``L`` combo's counts)."""
    w_all, u, eqw, cum, sL = scratch.w_all, scratch.u, scratch.eqw, scratch.cum, scratch.sL
    ltb, eqb, card_w, card_n, lrow_lt = scratch.ltb, scratch.eqb, scratch.card_w, scratch.card_n, scratch.lrow_lt
    lrow_eq, srow, first = scratch.lrow_eq, scratch.srow, scratch.first
    kL, bL, mL, wL, cL, twinL = L
    wS = S[3]
    cards, bases, values, flush, bases5, values5, subset_rare = tables
    totS = w_all[0]
    n_valid = w_all[1]
    for y in range(kL.shape[0]):
        if mL[y] & mb:
            sL[y] = 0
            continue
        s = hand_value_of_bits(kb + kL[y], bb | bL[y], bases, values, flush, bases5, values5, cards, subset_rare)
        sL[y] = s
        w = wL[y]
        a = cL[y, 0]
        b = cL[y, 1]
        card_w[1, a] += w
        card_w[1, b] += w
        card_n[1, a] += 1
        card_n[1, b] += 1
        j = place_of(u, m, s, first)
        tie = j < m and u[j] == s
        ra = rowS[a]
        rb = rowS[b]
        drop(j, tie, w, ra, rb, ltb, eqb, lrow_lt, lrow_eq)
        if want_L:
            win = cum[j]
            tw = eqw[j] if tie else 0.0
            meet = totS - card_w[0, a] - card_w[0, b]
            count = n_valid - card_n[0, a] - card_n[0, b]
            if ra >= 0:
                win -= srow[ra, j]
                if tie:
                    tw -= srow[ra, j + 1] - srow[ra, j]
            if rb >= 0:
                win -= srow[rb, j]
                if tie:
                    tw -= srow[rb, j + 1] - srow[rb, j]
            add_counts(outL, y, bw, win, tw, meet, count, twinL[y], wS)


@nb.njit(inline="always", nogil=True)
def finish_s(bw, m, S, rowS, row_cards, wL, outS, n_rows, by_class, scratch):
    """Every valid ``S`` combo's counts (``keys``: their indices, from :func:`rank_s`) from the buckets
    and the card rows, once the ``L`` side is in them (``by_class``: the board's ``L`` side went by
    rank class, its rows are filled here from ``WC``/``rel``)."""
    w_all, w_all_L, keys, cum, ltb = scratch.w_all, scratch.w_all_L, scratch.keys, scratch.cum, scratch.ltb
    eqb, dk, card_w, card_n, lrow_lt = scratch.eqb, scratch.dk, scratch.card_w, scratch.card_n, scratch.lrow_lt
    lrow_eq, WC, place, tie_at, rel = scratch.lrow_eq, scratch.WC, scratch.place, scratch.tie_at, scratch.rel
    head, nxt = scratch.head, scratch.nxt
    kS, bS, mS, wS, cS, twinS = S
    if by_class:
        fill_class_rows(m, row_cards, n_rows, WC, place, tie_at, rel, head, nxt, lrow_lt, lrow_eq)
    below = 0.0
    for k in range(m):  # cum now: the L weight strictly below each place
        cum[k] = below + ltb[k]
        below += ltb[k] + eqb[k]
    for r in range(n_rows):
        below = 0.0
        for k in range(m):
            here_lt = lrow_lt[r, k]
            here_eq = lrow_eq[r, k]
            lrow_lt[r, k] = below + here_lt
            below += here_lt + here_eq
    totL = w_all_L[0]
    cntL = w_all_L[1]
    for i in range(np.int64(w_all[1])):
        x = np.int64(keys[i] & np.uint32(0xFFFF))
        k = dk[x]
        a = cS[x, 0]
        b = cS[x, 1]
        ra = rowS[a]
        rb = rowS[b]
        win = cum[k] - lrow_lt[ra, k] - lrow_lt[rb, k]
        tw = eqb[k] - lrow_eq[ra, k] - lrow_eq[rb, k]
        meet = totL - card_w[1, a] - card_w[1, b]
        count = cntL - card_n[1, a] - card_n[1, b]
        add_counts(outS, x, bw, win, tw, meet, count, twinS[x], wL)


def sweep(boards, board_weights, S, L, C, by_class, rowS, row_cards, n_rows, want_L, flushes, outS, outL, scratch,
          tables):
    """Every board ``boards[i]`` (5 cards) counted ``board_weights[i]`` times into ``outS``/``outL``
    (see the module doc).  ``S``/``L``: each range as ``(keys, bits, masks, weights, combos, twin)``:
    its combo keys (no suit-counter start), suit-rank bits, card masks, weights, combos (n, 2) and
    the index of the same combo in the other range (-1 where none); ``C`` the rank-class sums of
    ``L`` and its flush-capable combos by suit (used when ``by_class`` and not ``want_L``);
    ``rowS[c]`` the row of card ``c`` among the ``n_rows`` cards ``S`` combos hold (``row_cards``),
    -1 for the others; ``want_L``: count ``outL`` too (``outS`` is always counted); ``flushes``: the
    game counts flushes.  ``scratch``: a :func:`sweep_scratch`; ``tables``: the 7-card
    :class:`~pokerlut.table_records.RankTables`."""
    (keys, tmp, counts, u, eqw, cum, ltb, eqb, dk, sS, sL, card_w, card_n, lrow_lt, lrow_eq, srow, w_all, w_all_L, W,
     N, WC, place, tie_at, zc, rel, head, nxt, first, fc, class_value) = scratch
    n_buckets = first.shape[0]
    last_ranks = ~U64(0)  # no board's ranks: the class values are ranked on the first board
    wL = L[3]
    for i in range(boards.shape[0]):
        c0 = boards[i, 0]
        kb = first_card(tables[0], c0)
        bb = suit_rank_bit(c0)
        mb = _ONE << U64(c0)
        for j in range(1, 5):
            c = boards[i, j]
            kb += tables[0][U64(c)]
            bb |= suit_rank_bit(c)
            mb |= _ONE << U64(c)
        for c in range(N_NATURAL):
            card_w[0, c] = 0.0
            card_w[1, c] = 0.0
            card_n[0, c] = 0
            card_n[1, c] = 0
        m = rank_s(kb, bb, mb, S, rowS, want_L, n_rows, scratch, tables)
        if m == 0:
            continue
        if m > FEW_PLACES:
            index_places(u, m, first, n_buckets)
        for k in range(m + 1):
            ltb[k] = 0.0
            eqb[k] = 0.0
        flush_suit = np.int64(-1)  # typed, not literals: the called place_l_classes is compiled once
        flush_count = np.int64(0)
        if flushes:
            for s in range(4):
                n_s = np.int64(popcount((bb >> U64(16 * s)) & _RANKS))
                if n_s >= 3:
                    flush_suit = s
                    flush_count = n_s
        classes = by_class and not want_L and (flush_count != 5 or not tables[6])
        if classes:
            board_ranks = kb & _RANK_FIELD
            new_ranks = board_ranks != last_ranks
            last_ranks = board_ranks
            place_l_classes(kb, bb, mb, flush_suit, flush_count, m, L, C, rowS, row_cards, n_rows, new_ranks,
                            scratch, tables)
        else:
            for r in range(n_rows):
                for k in range(m + 1):
                    lrow_lt[r, k] = 0.0
                    lrow_eq[r, k] = 0.0
            w_all_L[0] = 0.0
            w_all_L[1] = 0
            place_l_combos(kb, bb, mb, board_weights[i], m, L, rowS, want_L, S, outL, scratch, tables)
            for y in range(L[0].shape[0]):
                if sL[y] != 0:
                    w_all_L[0] += wL[y]
                    w_all_L[1] += 1
        finish_s(board_weights[i], m, S, rowS, row_cards, wL, outS, n_rows, classes, scratch)


def make_sweep_kernel():
    """Compile :func:`sweep`."""
    return compile_kernel(sweep, "sweep")
