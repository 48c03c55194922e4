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
from .compile import compile_kernel, jitted
from .intrinsics import popcount, trailing_zeros
from .primitives import first_card, hand_value_of_bits, lookup, suit_rank_bit

U64 = np.uint64
_ONE = U64(1)
_INSERTION_MAX = 40  # below this many combos an insertion sort beats the radix sort
_FEW_PLACES = 8  # up to this many places a count beats the bucket index (one vector compare)
_BUCKET_SHIFT = 5  # strengths per bucket of the place index: 32
N_CLASSES = N_RANKS * N_RANKS  # rank classes 13 * high + low
_RANKS = U64((1 << N_RANKS) - 1)
_RANK_FIELD = U64(RANK_FIELD)


@jitted()
def sort_keys(keys, n, tmp, counts):
    """Sort ``keys[:n]`` (uint32: strength << 16 | index) by strength, in place: insertion sort for
    a few keys, else two counting passes over the strength's low 7 and high 7 bits (``tmp`` (n,)
    and ``counts`` (129,) are scratch)."""
    if n <= _INSERTION_MAX:
        for i in range(1, n):
            k = keys[i]
            j = i - 1
            while j >= 0 and keys[j] > k:
                keys[j + 1] = keys[j]
                j -= 1
            keys[j + 1] = k
        return
    for shift in (16, 23):
        for b in range(129):
            counts[b] = 0
        for i in range(n):
            counts[((keys[i] >> np.uint32(shift)) & np.uint32(127)) + np.uint32(1)] += 1
        for b in range(1, 129):
            counts[b] += counts[b - 1]
        for i in range(n):
            d = (keys[i] >> np.uint32(shift)) & np.uint32(127)
            tmp[counts[d]] = keys[i]
            counts[d] += 1
        for i in range(n):
            keys[i] = tmp[i]


@nb.njit(inline="always", nogil=True)
def place_of(u, m, s, first):
    """The number of places ``u[:m]`` below strength ``s``: for a few places a count, else from the
    bucket index ``first`` (:func:`index_places`: the places below each ``BUCKET``-wide range of
    strengths) and a step or two within the bucket."""
    if m <= _FEW_PLACES:
        j = 0
        for k in range(m):
            j += u[k] < s
        return j
    j = first[s >> _BUCKET_SHIFT]
    while j < m and u[j] < s:
        j += 1
    return j


@nb.njit(inline="always", nogil=True)
def index_places(u, m, first, n_buckets):
    """``first[b]``: how many places lie below strength ``b << _BUCKET_SHIFT`` (for :func:`place_of`)."""
    j = 0
    for b in range(n_buckets):
        start = np.uint16(b << _BUCKET_SHIFT)
        while j < m and u[j] < start:
            j += 1
        first[b] = j


@nb.njit(inline="always", nogil=True)
def add_counts(out, x, bw, win, tw, meet, count, twin, w_other):
    """Add one combo's counts on a board (``bw`` boards) to ``out[x]``: wins, ties, the opposing
    weight met and the number of opposing combos met.  ``twin`` is the same combo in the other
    range (-1 where none): the card-row corrections took it out twice, and it ties (same cards,
    same board), so it is put back once as a tie."""
    if twin >= 0:
        tw += w_other[twin]
        meet += w_other[twin]
        count += 1
    out[x, 0] += bw * win
    out[x, 1] += bw * tw
    out[x, 2] += bw * meet
    out[x, 3] += bw * count


@nb.njit(inline="always", nogil=True)
def drop(place, tie, w, ra, rb, ltb, eqb, lrow_lt, lrow_eq):
    """An ``L`` weight ``w`` at ``place`` (a tie with its strength or not) into the buckets, and into
    the rows ``ra``/``rb`` of its cards (-1: no row)."""
    if tie:
        eqb[place] += w
        if ra >= 0:
            lrow_eq[ra, place] += w
        if rb >= 0:
            lrow_eq[rb, place] += w
    else:
        ltb[place] += w
        if ra >= 0:
            lrow_lt[ra, place] += w
        if rb >= 0:
            lrow_lt[rb, place] += w


@nb.njit(inline="always", nogil=True)
def rank_s(kb, bb, mb, S, rowS, want_L, w_all, keys, tmp, counts, u, eqw, cum, dk, sS, card_w, card_n, srow, n_rows,
           tables):
    """The ``S`` side of a board: strengths, places (returns their number, 0 when no ``S`` combo is
    valid), per-card sums, and with ``want_L`` the rows ``srow`` (the ``S`` weight of a row below
    each place).  ``w_all[0]`` receives the valid ``S`` weight, ``w_all[1]`` their number."""
    kS, bS, mS, wS, cS, twinS = S
    cards, bases, values, flush, bases5, values5, subset_rare = tables
    n_valid = 0
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
    m = 0
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
def place_l_combos(kb, bb, mb, bw, m, L, rowS, want_L, w_all, S, u, eqw, cum, sL, ltb, eqb, card_w, card_n, lrow_lt,
                   lrow_eq, srow, outL, first, tables):
    """The ``L`` side of a board combo by combo (and, with ``want_L``, each ``L`` combo's counts)."""
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
def flush_groups(f, flush_count, bb, zc, n_z, m, u, first, C, rowS, row_cards, n_rows, W, N, WC, ltb, eqb, rel, head,
                 nxt, fc, flush):
    """On a board with four or five cards of suit ``f``: every combo holding an ``f`` card flushes, at
    a strength set by its ``f`` cards alone (the board's plus one: the same for all its partners of
    other suits; plus two: one pair of cards), and with five every other combo plays the board's
    flush.  Those combos leave the rank classes and are placed by ``f`` card and by ``f`` pair.
    Returns their weight and number, and the strength the rank classes have (0: their own)."""
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
def place_l_classes(kb, bb, mb, flush_suit, flush_count, m, L, C, rowS, row_cards, n_rows, u, ltb, eqb, card_w, card_n,
                    W, N, WC, place, tie_at, w_all_L, rel, head, nxt, first, new_ranks, work, tables):
    """The ``L`` side of a board by rank class (see the module doc); ``flush_suit`` the one suit that
    has ``flush_count`` (3, 4 or 5) board cards, or -1.  ``w_all_L`` receives the valid ``L`` weight and
    number; the flush-capable combos go into ``rel`` (place, tie, weight per entry) and, for the rows
    of their cards, into linked lists ``head[row]`` / ``nxt[node]`` (node ``2e`` and ``2e + 1`` for
    the two cards of entry ``e``); ``work`` holds scratch: ``zc`` (5,), ``fc`` (13,) and ``class_value``
    (169,), each rank class's value on the board's ranks, ranked anew when ``new_ranks``.  (Calls of
    more than 30 arguments compile to a call with ``*args``, which numba cannot inline.)  Called, not
    inlined: it loops over every rank class, so a call costs nothing measurable, and inlined it
    doubled the compile time of :func:`sweep`."""
    zc, fc, class_value = work
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
        rel_w, rel_n, board_flush = flush_groups(flush_suit, flush_count, bb, zc, n_z, m, u, first, C, rowS,
                                                 row_cards, n_rows, W, N, WC, ltb, eqb, rel, head, nxt, fc, flush)
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


@nb.njit(inline="always", nogil=True)
def finish_s(bw, m, S, rowS, row_cards, w_all, w_all_L, keys, cum, ltb, eqb, dk, card_w, card_n, lrow_lt, lrow_eq, wL,
             outS, n_rows, by_class, WC, place, tie_at, rel, head, nxt):
    """Every valid ``S`` combo's counts (``keys``: their indices, from :func:`rank_s`) from the buckets
    and the card rows, once the ``L`` side is in them (``by_class``: the board's ``L`` side went by
    rank class, its rows are filled here from ``WC``/``rel``)."""
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
    game counts flushes.  ``scratch`` holds the caller's work arrays."""
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
        m = rank_s(kb, bb, mb, S, rowS, want_L, w_all, keys, tmp, counts, u, eqw, cum, dk, sS, card_w, card_n, srow,
                   n_rows, tables)
        if m == 0:
            continue
        if m > _FEW_PLACES:
            index_places(u, m, first, n_buckets)
        for k in range(m + 1):
            ltb[k] = 0.0
            eqb[k] = 0.0
        flush_suit = -1
        flush_count = 0
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
            place_l_classes(kb, bb, mb, flush_suit, flush_count, m, L, C, rowS, row_cards, n_rows, u, ltb, eqb,
                            card_w, card_n, W, N, WC, place, tie_at, w_all_L, rel, head, nxt, first, new_ranks,
                            (zc, fc, class_value), tables)
        else:
            for r in range(n_rows):
                for k in range(m + 1):
                    lrow_lt[r, k] = 0.0
                    lrow_eq[r, k] = 0.0
            w_all_L[0] = 0.0
            w_all_L[1] = 0
            place_l_combos(kb, bb, mb, board_weights[i], m, L, rowS, want_L, w_all, S, u, eqw, cum, sL, ltb, eqb,
                           card_w, card_n, lrow_lt, lrow_eq, srow, outL, first, tables)
            for y in range(L[0].shape[0]):
                if sL[y] != 0:
                    w_all_L[0] += wL[y]
                    w_all_L[1] += 1
        finish_s(board_weights[i], m, S, rowS, row_cards, w_all, w_all_L, keys, cum, ltb, eqb, dk, card_w, card_n,
                 lrow_lt, lrow_eq, wL, outS, n_rows, classes, WC, place, tie_at, rel, head, nxt)


def make_sweep_kernel():
    """Compile :func:`sweep`."""
    return compile_kernel(sweep, "sweep")
