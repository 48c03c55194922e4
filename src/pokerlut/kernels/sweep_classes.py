"""The ``L`` side of a board by rank class (:mod:`.sweep`, "by rank class"): the rank classes' sums
ranked and placed whole, the flush-capable combos one by one into the card rows' linked lists.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from ..constants import N_RANKS
from .compile import jitted
from .intrinsics import trailing_zeros
from .primitives import hand_value_of_bits, lookup
from .sweep_places import N_CLASSES, place_of

__all__ = ["place_l_classes", "fill_class_rows"]

U64 = np.uint64
_ONE = U64(1)
_RANKS = U64((1 << N_RANKS) - 1)


@nb.njit(inline="always", nogil=True)
def add_entry(e, s, w, ra, rb, m, u, first, ltb, eqb, rel, head, nxt):
    """``L`` weight ``w`` of strength ``s`` into the buckets, and as entry ``e`` of the card rows
    ``ra``/``rb`` (-1: none); returns the next entry."""
    j = place_of(u, m, s, first)
    tie = j < m and u[j] == s
    if tie:
        eqb[j] += w
    else:
        ltb[j] += w
    rel[e, 0] = j
    rel[e, 1] = tie
    rel[e, 2] = w
    if ra >= 0:
        nxt[2 * e] = head[ra]
        head[ra] = 2 * e
    if rb >= 0:
        nxt[2 * e + 1] = head[rb]
        head[rb] = 2 * e + 1
    return e + 1


@nb.njit(inline="always", nogil=True)
def row_entry(e, j, tie, w, r, rel, head, nxt):
    """An entry of weight ``w`` at place ``j`` on card row ``r`` alone (the buckets already hold it)."""
    rel[e, 0] = j
    rel[e, 1] = tie
    rel[e, 2] = w
    nxt[2 * e] = head[r]
    head[r] = 2 * e
    return e + 1


@nb.njit(inline="always", nogil=True)
def flush_groups(f, flush_count, bb, n_z, m, C, rowS, row_cards, n_rows, scratch, flush):
    """On a board with four or five cards of suit ``f``: every combo holding an ``f`` card flushes, at
    a strength set by its ``f`` cards alone (the board's plus one: the same for all its partners of
    other suits; plus two: one pair of cards), and with five every other combo plays the board's
    flush.  Those combos leave the rank classes and are placed by ``f`` card and by ``f`` pair.
    Returns their weight and number, and the strength the rank classes have (0: their own)."""
    zc, u, first, W, N = scratch.zc, scratch.u, scratch.first, scratch.W, scratch.N
    WC, ltb, eqb, rel, head = scratch.WC, scratch.ltb, scratch.eqb, scratch.rel, scratch.head
    nxt, fc = scratch.nxt, scratch.fc
    cls_of, key_rc, W0, N0, WL2, NL2, WC0, NC0, Wcard0, Ncard0, rel_ptr, rel_idx = C
    mask = (bb >> U64(16 * f)) & _RANKS
    n_f = 0
    for r in range(N_RANKS):
        if not (mask >> U64(r)) & _ONE:
            fc[n_f] = 4 * r + f
            n_f += 1
    tot_w = 0.0
    tot_n = 0
    e = 0
    for i in range(n_f):  # every valid combo holding an f card leaves the rank classes
        c = fc[i]
        rc = c >> 2
        wa = 0.0
        na = 0
        for q in range(N_RANKS):
            cls = 13 * max(rc, q) + min(rc, q)
            W[cls] -= WC0[c, q]
            N[cls] -= NC0[c, q]
            wa += WC0[c, q]
            na += NC0[c, q]
        for t in range(n_z):  # its combos with a board card were gone already
            z = zc[t]
            cls = 13 * max(rc, z >> 2) + min(rc, z >> 2)
            W[cls] += WL2[c, z]
            N[cls] += NL2[c, z]
            wa -= WL2[c, z]
            na -= NL2[c, z]
        for j in range(n_f):
            if j != i:
                wa -= WL2[c, fc[j]]
                na -= NL2[c, fc[j]]
        # its combos with a card of another suit: one strength
        s = flush[mask | (_ONE << U64(rc))]
        j = place_of(u, m, s, first)
        tie = j < m and u[j] == s
        if tie:
            eqb[j] += wa
        else:
            ltb[j] += wa
        tot_w += wa
        tot_n += na
        r = rowS[c]
        if r >= 0:
            e = row_entry(e, j, tie, wa, r, rel, head, nxt)
        for r in range(n_rows):  # the rows of other-suit cards meet it through one combo each
            cr = row_cards[r]
            if (cr & 3) != f and WL2[cr, c] != 0.0:
                e = row_entry(e, j, tie, WL2[cr, c], r, rel, head, nxt)
    for i in range(n_f):  # the f pairs were taken out twice: once back, and placed one by one
        ci = fc[i]
        for j in range(i + 1, n_f):
            cj = fc[j]
            cls = 13 * max(ci >> 2, cj >> 2) + min(ci >> 2, cj >> 2)
            W[cls] += WL2[ci, cj]
            N[cls] += NL2[ci, cj]
            w = WL2[ci, cj]
            if NL2[ci, cj] == 0:
                continue
            s = flush[mask | (_ONE << U64(ci >> 2)) | (_ONE << U64(cj >> 2))]
            e = add_entry(e, s, w, rowS[ci], rowS[cj], m, u, first, ltb, eqb, rel, head, nxt)
            tot_w += w
            tot_n += 1
    for r in range(n_rows):  # the rows keep only their cards' combos that stay in the rank classes
        cr = row_cards[r]
        if (cr & 3) == f:
            for q in range(N_RANKS):
                WC[r, q] = 0.0
        else:
            for i in range(n_f):
                WC[r, fc[i] >> 2] -= WL2[cr, fc[i]]
    board_flush = flush[mask] if flush_count == 5 else np.uint16(0)
    return tot_w, tot_n, board_flush


@jitted()
def place_l_classes(kb, bb, mb, flush_suit, flush_count, m, L, C, rowS, row_cards, n_rows, new_ranks, scratch, tables):
    """The ``L`` side of a board by rank class (see the module doc); ``flush_suit`` the one suit that
    has ``flush_count`` (3, 4 or 5) board cards, or -1.  ``w_all_L`` receives the valid ``L`` weight and
    number; the flush-capable combos go into ``rel`` (place, tie, weight per entry) and, for the rows
    of their cards, into linked lists ``head[row]`` / ``nxt[node]`` (node ``2e`` and ``2e + 1`` for
    the two cards of entry ``e``); ``scratch`` (a :func:`sweep_scratch`) holds ``zc`` (5,), ``fc``
    (13,) and ``class_value`` (169,), each rank class's value on the board's ranks, ranked anew when
    ``new_ranks``.  Called, not inlined: it loops over every rank class, so a call costs nothing
    measurable, and inlined it doubled the compile time of :func:`sweep`."""
    u, ltb, eqb, card_w, card_n = scratch.u, scratch.ltb, scratch.eqb, scratch.card_w, scratch.card_n
    W, N, WC, place, tie_at = scratch.W, scratch.N, scratch.WC, scratch.place, scratch.tie_at
    w_all_L, rel, head, nxt, first = scratch.w_all_L, scratch.rel, scratch.head, scratch.nxt, scratch.first
    zc, fc, class_value = scratch.zc, scratch.fc, scratch.class_value
    kL, bL, mL, wL, cL, twinL = L
    cls_of, key_rc, W0, N0, WL2, NL2, WC0, NC0, Wcard0, Ncard0, rel_ptr, rel_idx = C
    cards, bases, values, flush, bases5, values5, subset_rare = tables
    for c in range(N_CLASSES):
        W[c] = W0[c]
        N[c] = N0[c]
    for r in range(n_rows):
        c = row_cards[r]
        for q in range(N_RANKS):
            WC[r, q] = WC0[c, q]
        card_w[1, c] = Wcard0[c]
        card_n[1, c] = Ncard0[c]
    # the combos holding a board card are not dealt
    n_z = 0
    rest = mb
    while rest:
        zc[n_z] = np.int64(trailing_zeros(rest))
        rest &= rest - _ONE
        n_z += 1
    for i in range(n_z):
        zi = zc[i]
        rz = zi >> 2
        for q in range(N_RANKS):
            cls = 13 * max(rz, q) + min(rz, q)
            W[cls] -= WC0[zi, q]
            N[cls] -= NC0[zi, q]
        for j in range(i + 1, n_z):
            zj = zc[j]
            cls = 13 * max(rz, zj >> 2) + min(rz, zj >> 2)
            W[cls] += WL2[zi, zj]
            N[cls] += NL2[zi, zj]
        for r in range(n_rows):
            c = row_cards[r]
            WC[r, zi >> 2] -= WL2[c, zi]
            card_w[1, c] -= WL2[c, zi]
            card_n[1, c] -= NL2[c, zi]
    # the flush-capable combos
    rel_w = 0.0
    rel_n = 0
    for r in range(n_rows):
        head[r] = -1
    board_flush = np.uint16(0)
    if flush_suit >= 0 and flush_count >= 4 and not subset_rare:
        rel_w, rel_n, board_flush = flush_groups(flush_suit, flush_count, bb, n_z, m, C, rowS, row_cards,
                                                 n_rows, scratch, flush)
    elif flush_suit >= 0:  # three board cards of the suit: the combos of two of its cards, one by one
        slot = 2 * flush_suit + (0 if flush_count == 3 else 1)
        for t in range(rel_ptr[slot], rel_ptr[slot + 1]):
            y = rel_idx[t]
            if mL[y] & mb:
                continue
            w = wL[y]
            a = cL[y, 0]
            b = cL[y, 1]
            W[cls_of[y]] -= w
            N[cls_of[y]] -= 1
            ra = rowS[a]
            rb = rowS[b]
            if ra >= 0:
                WC[ra, b >> 2] -= w
            if rb >= 0:
                WC[rb, a >> 2] -= w
            s = hand_value_of_bits(kb + kL[y], bb | bL[y], bases, values, flush, bases5, values5, cards, subset_rare)
            rel_n = add_entry(rel_n, s, w, ra, rb, m, u, first, ltb, eqb, rel, head, nxt)
            rel_w += w
    # every rank class at once
    if new_ranks:  # a class's value depends on the board's ranks alone
        for hi in range(N_RANKS):
            for lo in range(hi + 1):
                cls = 13 * hi + lo
                class_value[cls] = lookup(kb + key_rc[cls], bases, values)
    tot_w = rel_w
    tot_n = rel_n
    for hi in range(N_RANKS):
        for lo in range(hi + 1):
            cls = 13 * hi + lo
            if N[cls] <= 0:  # no combo: its rows hold no weight in it either
                place[cls] = 0
                tie_at[cls] = False
                continue
            tot_w += W[cls]
            tot_n += N[cls]
            s = board_flush if board_flush else class_value[cls]
            j = place_of(u, m, s, first)
            tie = j < m and u[j] == s
            place[cls] = j
            tie_at[cls] = tie
            if tie:
                eqb[j] += W[cls]
            else:
                ltb[j] += W[cls]
    w_all_L[0] = tot_w
    w_all_L[1] = tot_n


@nb.njit(inline="always", nogil=True)
def fill_class_rows(m, row_cards, n_rows, WC, place, tie_at, rel, head, nxt, lrow_lt, lrow_eq):
    """The rows of a board whose ``L`` side went by rank class: per card row, the ``L`` weight holding
    that card at each place (``lrow_eq``: on the place's strength, ``lrow_lt``: just below it), from
    the row's share of each rank class (``WC``) and its flush-capable combos (the list ``head[r]``)."""
    for r in range(n_rows):
        for k in range(m + 1):
            lrow_lt[r, k] = 0.0
            lrow_eq[r, k] = 0.0
        rc = row_cards[r] >> 2
        for q in range(N_RANKS):  # no branch: a class ties or not as its strength falls
            cls = 13 * max(rc, q) + min(rc, q)
            w = WC[r, q]
            j = place[cls]
            t = tie_at[cls]
            lrow_eq[r, j] += w * t
            lrow_lt[r, j] += w * (not t)
        node = head[r]
        while node >= 0:
            e = node >> 1
            j = np.int64(rel[e, 0])
            t = rel[e, 1] != 0.0
            lrow_eq[r, j] += rel[e, 2] * t
            lrow_lt[r, j] += rel[e, 2] * (not t)
            node = nxt[node]
