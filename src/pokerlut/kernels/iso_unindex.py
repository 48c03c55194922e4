"""Suit-isomorphism unindexing: the canonical hand of an index, for an indexer of any rounds
(:func:`unindex_rows`) and for a Hold'em street, board first (:func:`street_unindex_rows`).
:mod:`pokerlut.kernels.iso` describes which hand of a class is canonical.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from ..constants import N_NATURAL, NO_CARD
from .compile import jitted
from .iso_index import CARD_BITS, CONFIG_ROW, SPEC_ROUNDS, SPEC_SECOND, SPEC_FIRST, config_row, multiset_term
from .iso_streets import (FREE_AT, N_PAIRS, PAIRS_FIRST, PAIRS_SECOND, SEGMENT_ROW, START_WORD, board_keys,
                          equal_word)

U64 = np.uint64
_RANKS13 = U64(0x1FFF)
_ONE = U64(1)
_TWO = U64(2)
_THREE = U64(3)
_FOUR = U64(4)
_SIXTEEN = U64(16)
_CONFIG_ROW = U64(CONFIG_ROW)
_CARD_BITS = U64(CARD_BITS)
_START_WORD = U64(START_WORD)
_SEGMENT_ROW = U64(SEGMENT_ROW)
_FREE_AT = U64(FREE_AT)


@nb.njit(inline="always", nogil=True)
def unrank_multiset(rank, k, m, a_out, start):
    """The descending ``k`` values (each < m) of multiset number ``rank``, into ``a_out[start:]``."""
    for i in range(k):
        d = U64(k - 1 - i)
        if d == 0:
            a_out[start + i] = rank
            continue
        lo = U64(0)
        hi = U64(m)  # the value is in [lo, hi)
        while hi - lo > _ONE:
            mid = (lo + hi) >> _ONE
            if multiset_term(mid, d) <= rank:
                lo = mid
            else:
                hi = mid
        a_out[start + i] = lo
        rank -= multiset_term(lo, d)


@nb.njit(inline="always", nogil=True)
def colex_unrank(a, k, binom):
    """The mask (over positions 0..12) of the ``k``-subset of colex rank ``a``."""
    mask = U64(0)
    top = 13
    for j in range(k, 0, -1):
        p = top - 1
        while U64(binom[p, j]) > a:
            p -= 1
        mask |= _ONE << U64(p)
        a -= U64(binom[p, j])
        top = p
    return mask


@nb.njit(inline="always", nogil=True)
def spread(positions, used):
    """Rank mask of ``positions`` numbered among the ranks not in ``used``."""
    out = U64(0)
    p = 0
    for r in range(13):
        if (used >> U64(r)) & _ONE:
            continue
        if (positions >> U64(p)) & _ONE:
            out |= _ONE << U64(r)
        p += 1
    return out


#: The uint64 table ``unconfig`` of an indexer: per configuration, for each sorted position, its
#: cfg code, the first position of its group, its group's number of multisets, the group's stride
#: and the number of patterns of its cfg (5 x 4 values).
UNCONFIG_ROW = 20


@jitted()
def waugh_masks(x, n_rounds, binom, offsets, unconfig, a):
    """Each round's suit-rank bits of the canonical hand of index ``x`` (0 <= x < count): suit
    ``p`` holds the pattern of sorted position ``p``.  ``a`` is (4,) uint64 scratch."""
    n_configs = offsets.shape[0] - 1
    lo = 0
    hi = n_configs  # offsets[lo] <= x < offsets[hi]
    while hi - lo > 1:
        mid = (lo + hi) >> 1
        if offsets[mid] <= x:
            lo = mid
        else:
            hi = mid
    row = lo * UNCONFIG_ROW
    rem = U64(x - offsets[lo])
    p = 0
    while p < 4:
        k = 1
        while p + k < 4 and unconfig[row + 4 + p + k] == U64(p):
            k += 1
        g = (rem // unconfig[row + 12 + p]) % unconfig[row + 8 + p]
        unrank_multiset(g, k, unconfig[row + 16 + p], a, p)
        p += k
    m0 = U64(0)
    m1 = U64(0)
    m2 = U64(0)
    m3 = U64(0)
    for s in range(4):
        cfg = unconfig[row + s]
        idx = U64(a[s])
        # the digits of the mixed radix, round 0 most significant: peel them from the last round
        d0 = U64(0)
        d1 = U64(0)
        d2 = U64(0)
        d3 = U64(0)
        for r in range(n_rounds - 1, -1, -1):
            n = (cfg >> (_FOUR * U64(n_rounds - 1 - r))) & U64(15)
            u = U64(0)
            for q in range(r):
                u += (cfg >> (_FOUR * U64(n_rounds - 1 - q))) & U64(15)
            radix = U64(binom[U64(13) - u, n])
            digit = idx % radix
            idx //= radix
            if r == 0:
                d0 = digit
            elif r == 1:
                d1 = digit
            elif r == 2:
                d2 = digit
            else:
                d3 = digit
        used = U64(0)
        for r in range(n_rounds):
            n = (cfg >> (_FOUR * U64(n_rounds - 1 - r))) & U64(15)
            digit = d0 if r == 0 else d1 if r == 1 else d2 if r == 2 else d3
            m = spread(colex_unrank(digit, n, binom), used)
            used |= m
            bits = m << (_SIXTEEN * U64(s))
            if r == 0:
                m0 |= bits
            elif r == 1:
                m1 |= bits
            elif r == 2:
                m2 |= bits
            else:
                m3 |= bits
    return m0, m1, m2, m3


@nb.njit(inline="always", nogil=True)
def write_cards(mm, holes, boards, i, j, n_hole):
    """Write the cards of suit-rank bits ``mm`` by descending id from column ``j`` of row ``i``
    (columns below ``n_hole`` are ``holes``, the rest ``boards``); the next free column."""
    for card in range(N_NATURAL - 1, -1, -1):
        if (mm >> (((U64(card) & _THREE) << _FOUR) + (U64(card) >> _TWO))) & _ONE:
            if j < n_hole:
                holes[i, j] = card
            else:
                boards[i, j - n_hole] = card
            j += 1
    return j


def unindex_rows(index, spec, binom, offsets, unconfig, holes, boards, a):
    """The canonical hand of each index of an :class:`pokerlut.iso.Indexer` (suit ``p`` holds the
    pattern of sorted position ``p``, each round's cards by descending id), into the columns of
    ``holes`` then ``boards`` (``spec``); ``a`` is (4,) uint64 scratch.  Indices outside
    ``0 .. count - 1`` get rows of :data:`~pokerlut.constants.NO_CARD` (255) and are counted."""
    n_hole = spec[SPEC_FIRST]
    n_board = spec[SPEC_SECOND]
    n_rounds = spec[SPEC_ROUNDS]
    bad = 0
    total = offsets[offsets.shape[0] - 1]
    for i in range(index.shape[0]):
        x = index[i]
        if x < 0 or x >= total:
            for j in range(n_hole):
                holes[i, j] = NO_CARD
            for j in range(n_board):
                boards[i, j] = NO_CARD
            bad += 1
            continue
        m0, m1, m2, m3 = waugh_masks(x, n_rounds, binom, offsets, unconfig, a)
        j = 0
        for r in range(n_rounds):
            j = write_cards(m0 if r == 0 else m1 if r == 1 else m2 if r == 2 else m3, holes, boards, i, j, n_hole)
    return bad


@nb.njit(inline="always", nogil=True)
def _tri_root(w, plus):
    """The largest q with ``C(q + plus, 2) <= w`` (plus 0 or 1; q <= 13)."""
    q = U64(0)
    while q < U64(13) and ((q + _ONE + plus) * (q + plus)) >> _ONE <= w:
        q += _ONE
    return q


@nb.njit(inline="always", nogil=True)
def nth_free(q, used):
    """The rank of the ``q``-th (from 0) rank not in ``used``."""
    for r in range(13):
        if (used >> U64(r)) & _ONE == 0:
            if q == 0:
                return U64(r)
            q -= 1
    return U64(0)


def street_unindex_rows(index, spec, binom, offsets, unconfig, small, config, hmult, hshift, board_offsets, segments,
                        holes, boards, a):
    """The canonical hand of each street index (hole cards and a board; ``spec``'s rounds are the
    board's): the board class is the last ``b`` with ``board_offsets[b] <= x``, its canonical board
    the board indexer's; the hole cards go to the first suits of their blocks (the higher rank
    first where two suits of one block hold one each).  Bad indices: rows of ``NO_CARD``, counted."""
    n_board = spec[SPEC_SECOND]
    n_rounds = spec[SPEC_ROUNDS]
    bad = 0
    n_classes = board_offsets.shape[0] - 1
    total = board_offsets[n_classes]
    for i in range(index.shape[0]):
        x = index[i]
        if x < 0 or x >= total:
            holes[i, 0] = NO_CARD
            holes[i, 1] = NO_CARD
            for j in range(n_board):
                boards[i, j] = NO_CARD
            bad += 1
            continue
        lo = 0
        hi = n_classes
        while hi - lo > 1:
            mid = (lo + hi) >> 1
            if board_offsets[mid] <= x:
                lo = mid
            else:
                hi = mid
        b = lo
        rem = U64(x - board_offsets[b])
        if n_rounds == 0:
            m0 = U64(0)
            m1 = U64(0)
            m2 = U64(0)
            m3 = U64(0)
            e = U64(7)
            row = U64(0)
        else:
            m0, m1, m2, m3 = waugh_masks(b, n_rounds, binom, offsets, unconfig, a)
            k0, k1, k2, k3 = board_keys(m0, m1, m2, m3, n_rounds, small)
            crow = config_row(k0 >> _TWO, k1 >> _TWO, k2 >> _TWO, k3 >> _TWO, small, hmult, hshift)
            row = (crow - _CARD_BITS) // _CONFIG_ROW
            e = equal_word(k0, k1, k2, k3)
        seg_row = ((row << U64(3)) | e) * _SEGMENT_ROW
        starts = (_START_WORD >> (e << U64(3))) & U64(255)
        pair = 0
        for c in range(N_PAIRS):
            if U64(segments[seg_row + c]) <= rem:
                pair = c
        within = rem - U64(segments[seg_row + pair])
        t = U64(PAIRS_FIRST[pair])
        u = U64(PAIRS_SECOND[pair])
        board_bits = m0 | m1 | m2 | m3
        used_t = (board_bits >> (t << _FOUR)) & _RANKS13
        used_u = (board_bits >> (u << _FOUR)) & _RANKS13
        if t == u:  # one suit: C(qhi, 2) + qlo
            qhi = _tri_root(within, U64(0))
            qlo = within - ((qhi * (qhi - _ONE)) >> _ONE)
        elif ((starts >> (u << _ONE)) & _THREE) == t:  # one block, two suits: C(qhi + 1, 2) + qlo
            qhi = _tri_root(within, _ONE)
            qlo = within - (((qhi + _ONE) * qhi) >> _ONE)
        else:  # two blocks
            free_u = U64(segments[seg_row + _FREE_AT + u])
            qhi = within // free_u
            qlo = within % free_u
        c1 = (nth_free(qhi, used_t) << _TWO) | t
        c2 = (nth_free(qlo, used_u) << _TWO) | u
        holes[i, 0] = max(c1, c2)
        holes[i, 1] = min(c1, c2)
        j = 0
        for r in range(n_rounds):
            j = write_cards(m0 if r == 0 else m1 if r == 1 else m2 if r == 2 else m3, holes, boards, i, j, 0)
    return bad

