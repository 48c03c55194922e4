"""The shared steps of the sweep (:mod:`.sweep`): sorting the ``S`` combos by strength, finding a
strength's place among them, dropping ``L`` weight into the places' buckets and adding a combo's
counts; and the sweep's working memory (:class:`SweepScratch`, :func:`sweep_scratch`).
"""

from __future__ import annotations

from typing import NamedTuple

import numba as nb
import numpy as np

from ..constants import BOARD_CARDS, MAX_STRENGTH, N_NATURAL, N_RANKS
from .compile import jitted

__all__ = ["N_CLASSES", "FEW_PLACES", "SweepScratch", "sweep_scratch", "sort_keys", "place_of", "index_places",
           "add_counts", "drop"]

U64 = np.uint64
_INSERTION_MAX = 40  # below this many combos an insertion sort beats the radix sort
#: Up to this many places a count beats the bucket index (one vector compare).
FEW_PLACES = 8
_BUCKET_SHIFT = 5  # strengths per bucket of the place index: 32
N_CLASSES = N_RANKS * N_RANKS  # rank classes 13 * high + low


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
    if m <= FEW_PLACES:
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


class SweepScratch(NamedTuple):
    """:func:`sweep`'s working memory (one per thread); :func:`sweep_scratch` sizes it."""

    keys: np.ndarray  #: (m,) uint32: ``S`` combos by strength
    tmp: np.ndarray  #: (m,) uint32: the sort's second array
    counts: np.ndarray  #: (129,) int64: the sort's counts
    u: np.ndarray  #: (m,) uint16: the places (distinct ``S`` strengths)
    eqw: np.ndarray  #: (m + 1,) ``S`` weight per place
    cum: np.ndarray  #: (m + 2,) ``S`` weight below each place
    ltb: np.ndarray  #: (m + 2,) ``L`` weight per place bucket
    eqb: np.ndarray  #: (m + 2,) ``L`` weight level with each place
    dk: np.ndarray  #: (n_small,) int64: each ``S`` combo's place
    sS: np.ndarray  #: (n_small,) uint16: each ``S`` combo's strength
    sL: np.ndarray  #: (n_large,) uint16: each ``L`` combo's strength
    card_w: np.ndarray  #: (2, N_NATURAL): valid weight per side and card
    card_n: np.ndarray  #: (2, N_NATURAL) int64: valid combos per side and card
    lrow_lt: np.ndarray  #: (rows, m + 2): ``L`` weight per card row and place
    lrow_eq: np.ndarray  #: (rows, m + 2)
    srow: np.ndarray  #: (rows, m + 2): ``S`` weight per card row below each place
    w_all: np.ndarray  #: (2,): valid ``S`` weight and number
    w_all_L: np.ndarray  #: (2,): valid ``L`` weight and number
    W: np.ndarray  #: (rank classes,): ``L`` weight per rank class
    N: np.ndarray  #: (rank classes,) int64
    WC: np.ndarray  #: (rows, N_RANKS)
    place: np.ndarray  #: (rank classes,) int64
    tie_at: np.ndarray  #: (rank classes,) bool
    zc: np.ndarray  #: (BOARD_CARDS,) int64
    rel: np.ndarray  #: (entries, 3): the flush-capable combos
    head: np.ndarray  #: (rows,) int64
    nxt: np.ndarray  #: (2 entries,) int64
    first: np.ndarray  #: the place index's buckets
    fc: np.ndarray  #: (N_RANKS,) int64
    class_value: np.ndarray  #: (rank classes,) uint16


def sweep_scratch(n_small: int, n_large: int, n_rows: int) -> SweepScratch:
    """One thread's :class:`SweepScratch` for ranges of ``n_small`` and ``n_large`` combos whose
    small one holds ``n_rows`` cards.

    >>> sweep_scratch(3, 10, 4).lrow_lt.shape
    (4, 5)
    """
    m = max(n_small, 1)
    rows = max(n_rows, 1)
    # flush-capable entries: a combo each, or per flush card one for itself and one per other-suit row,
    # and one per pair of flush cards
    entries = max(n_large, N_RANKS * (rows + 1) + N_RANKS * N_RANKS, 1)
    return SweepScratch(
        np.zeros(m, np.uint32), np.zeros(m, np.uint32), np.zeros(129, np.int64), np.zeros(m, np.uint16),
        np.zeros(m + 1), np.zeros(m + 2), np.zeros(m + 2), np.zeros(m + 2), np.zeros(n_small, np.int64),
        np.zeros(n_small, np.uint16), np.zeros(n_large, np.uint16), np.zeros((2, N_NATURAL)),
        np.zeros((2, N_NATURAL), np.int64), np.zeros((rows, m + 2)), np.zeros((rows, m + 2)),
        np.zeros((rows, m + 2)), np.zeros(2), np.zeros(2), np.zeros(N_CLASSES), np.zeros(N_CLASSES, np.int64),
        np.zeros((rows, N_RANKS)), np.zeros(N_CLASSES, np.int64), np.zeros(N_CLASSES, np.bool_),
        np.zeros(BOARD_CARDS, np.int64), np.zeros((entries, 3)), np.zeros(rows, np.int64),
        np.zeros(2 * entries, np.int64), np.zeros((MAX_STRENGTH >> _BUCKET_SHIFT) + 2, np.int64),
        np.zeros(N_RANKS, np.int64), np.zeros(N_CLASSES, np.uint16))
