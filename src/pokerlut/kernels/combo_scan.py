"""Every two-card combo of a deck ranked on one board, sorted, and counted against the others: the
per-board step of the hand-strength kernels (:mod:`.handstrength`).

Cards are taken by *deck position*: the deck's card constants (``dk``) and suit-rank bits (``db``,
:func:`.primitives.suit_rank_bit`), so a hand of board and two deck cards is
``board_key + dk[i] + dk[j]``, one add per card before the lookup.

* :func:`board_key`: a board's key and suit-rank bits (the prologue of every hand-strength kernel).
* :func:`count_digits` and :func:`radix_sort`: the two-pass radix sort of combos by strength.
* :func:`board_scan`: on one five-card board, every live combo ranked once, sorted, and each
  combo's wins and ties against every other live combo counted in one pass.
* :func:`scan_scratch`: its working memory (:class:`ScanScratch`).

>>> scan_scratch().buckets.shape
(256,)
"""

from __future__ import annotations

from typing import NamedTuple

import numba as nb
import numpy as np

from ..constants import FLOP_CARDS, N_NATURAL, TURN_CARDS
from .primitives import first_card, suit_rank_bit, value_of_bits

__all__ = ["RADIX", "MAX_COMBOS", "ScanScratch", "scan_scratch", "board_key", "completion", "count_digits",
           "radix_sort", "board_scan"]

U64 = np.uint64
_ONE = U64(1)
_SIXTEEN = U64(16)
_RADIX_BITS = U64(7)
_RADIX_MASK = U64(127)
_BYTE = U64(255)
#: Buckets of one digit of the radix sort (7 bits).
RADIX = 128
#: Scratch per concurrent piece: strengths and the sort's two index arrays (one entry per combo of
#: a deck of up to 52 cards), per-card counts, the radix buckets (2 x RADIX).
MAX_COMBOS = 1326


class ScanScratch(NamedTuple):
    """:func:`board_scan`'s working memory: the deck, the combos' strengths and sorted records, per-card counts."""

    dk: np.ndarray  #: (N_NATURAL,) uint64: the deck's card constants
    db: np.ndarray  #: (N_NATURAL,) uint64: the deck's suit-rank bits
    strength: np.ndarray  #: (MAX_COMBOS,) uint16
    order: np.ndarray  #: (MAX_COMBOS,) int32: the first pass of the radix sort
    tmp: np.ndarray  #: (MAX_COMBOS,) uint64: the sorted records
    cnt: np.ndarray  #: (N_NATURAL,) int32: combos below, per card
    gcnt: np.ndarray  #: (N_NATURAL,) int32: combos level, per card
    buckets: np.ndarray  #: (2 RADIX,) int32
    num: np.ndarray  #: (MAX_COMBOS,) int32: half-points per combo


def scan_scratch() -> ScanScratch:
    """One thread's :class:`ScanScratch`."""
    return ScanScratch(np.zeros(N_NATURAL, np.uint64), np.zeros(N_NATURAL, np.uint64), np.zeros(MAX_COMBOS, np.uint16),
                       np.zeros(MAX_COMBOS, np.int32), np.zeros(MAX_COMBOS, np.uint64), np.zeros(N_NATURAL, np.int32),
                       np.zeros(N_NATURAL, np.int32), np.zeros(2 * RADIX, np.int32), np.zeros(MAX_COMBOS, np.int32))


@nb.njit(inline="always", nogil=True)
def board_key(boards, i, n_board, cards):
    """``(key, bits)`` of the ``n_board`` cards of ``boards[i]``: the sum of their card constants
    (the first card's from its own part of the card table) and their suit-rank bits."""
    bkey = first_card(cards, boards[i, 0])
    bbits = suit_rank_bit(boards[i, 0])
    for j in range(1, n_board):
        bkey += cards[U64(boards[i, j])]
        bbits |= suit_rank_bit(boards[i, j])
    return bkey, bbits


@nb.njit(inline="always", nogil=True)
def completion(bkey, bbits, n_board, u, r, dk, db):
    """``(key, bits, dead)`` of a board of ``n_board`` cards (key ``bkey``, bits ``bbits``) completed
    to the river by the live cards ``u`` and ``r`` (indexes into the live cards' keys ``dk`` and bits
    ``db``): both on the flop, ``u`` alone on the turn, neither on the river; ``dead``, the
    completion's cards as a mask over the live cards' indexes."""
    ckey = bkey
    cbits = bbits
    dead = U64(0)
    if n_board <= TURN_CARDS:
        ckey += dk[u]
        cbits |= db[u]
        dead |= _ONE << U64(u)
    if n_board == FLOP_CARDS:
        ckey += dk[r]
        cbits |= db[r]
        dead |= _ONE << U64(r)
    return ckey, cbits, dead


@nb.njit(inline="always", nogil=True)
def count_digits(buckets, v):
    """Count strength ``v`` into both digits' buckets (``buckets``: 2 x RADIX, cleared first)."""
    buckets[U64(v) & _RADIX_MASK] += 1
    buckets[RADIX + (U64(v) >> _RADIX_BITS)] += 1


@nb.njit(inline="always", nogil=True)
def radix_sort(n_pairs, strength, pairs, order, tmp, buckets):
    """``tmp[:n_pairs]``: the records ``strength << 32 | combo << 16 | i << 8 | j`` of the combos, by
    strength (a stable two-pass radix sort, low 7 bits then high bits; ``buckets`` holds both
    digits' counts, :func:`count_digits`; ``order`` is the first pass's)."""
    lo_total = 0
    hi_total = 0
    for b in range(RADIX):
        c = buckets[b]
        buckets[b] = lo_total
        lo_total += c
        c = buckets[RADIX + b]
        buckets[RADIX + b] = hi_total
        hi_total += c
    for q in range(n_pairs):
        b = U64(strength[q]) & _RADIX_MASK
        order[buckets[b]] = q
        buckets[b] += 1
    for k in range(n_pairs):
        q = order[k]
        v = U64(strength[q])
        b = RADIX + (v >> _RADIX_BITS)
        tmp[buckets[b]] = (v << U64(32)) | (U64(q) << _SIXTEEN) | (U64(pairs[q]) << U64(8)) | U64(pairs[MAX_COMBOS + q])
        buckets[b] += 1


@nb.njit(inline="always", nogil=True)
def board_scan(n, bkey, bbits, dead, tables, pairs, scan):
    """Half-points ``2 * wins + ties`` of every live combo of the deck on one five-card board.

    ``n``: deck size; ``dk``/``db`` the deck's card constants and suit-rank bits; ``bkey``/``bbits``
    the board's key (first card included) and bits; ``dead``: bit ``i`` set for deck positions that
    are not live (cards of the board's completion).  Combos of positions ``i < j`` are numbered
    ``p = j * (j - 1) / 2 + i`` (colex: the same numbers for any deck size); ``pairs[p]`` /
    ``pairs[MAX_COMBOS + p]`` are ``i`` and ``j``.  ``num[p]`` is written for every combo (0 for
    combos that are not live).  ``tables``: the 7-card :class:`~pokerlut.table_records.RankTables`;
    ``scan``: a :class:`ScanScratch` (``dk``/``db`` filled).  Returns the number of live combos."""
    dk, db, strength, order, tmp, cnt, gcnt, buckets, num = scan
    bases, values, flush = tables.bases, tables.values, tables.flush
    for b in range(2 * RADIX):
        buckets[b] = 0
    p = 0
    for j in range(1, n):
        kj = bkey + dk[j]
        bj = bbits | db[j]
        dj = (dead >> U64(j)) & _ONE
        for i in range(j):
            if dj | ((dead >> U64(i)) & _ONE):
                v = np.uint16(0)
            else:
                v = value_of_bits(kj + dk[i], bj | db[i], bases, values, flush)
            strength[p] = v
            count_digits(buckets, v)  # both digits' counts while ranking
            p += 1
    n_pairs = p
    radix_sort(n_pairs, strength, pairs, order, tmp, buckets)
    for i in range(n):
        cnt[i] = 0
        gcnt[i] = 0
    k = 0
    while k < n_pairs and (tmp[k] >> U64(32)) == 0:  # not live: sorted first, counted nowhere
        num[(tmp[k] >> _SIXTEEN) & U64(0xFFFF)] = 0
        k += 1
    seen = 0
    while k < n_pairs:
        s = tmp[k] >> U64(32)
        g1 = k
        while g1 < n_pairs and (tmp[g1] >> U64(32)) == s:
            r = tmp[g1]
            gcnt[(r >> U64(8)) & _BYTE] += 1
            gcnt[r & _BYTE] += 1
            g1 += 1
        size = g1 - k
        for g in range(k, g1):
            r = tmp[g]
            a = (r >> U64(8)) & _BYTE
            b = r & _BYTE
            # opponents strictly below: all below less those sharing a card (the combo itself is not below)
            wins = seen - cnt[a] - cnt[b]
            # level: the group less those sharing a card; the combo itself was taken out twice
            ties = size - gcnt[a] - gcnt[b] + 1
            num[(r >> _SIXTEEN) & U64(0xFFFF)] = 2 * wins + ties
        for g in range(k, g1):
            r = tmp[g]
            a = (r >> U64(8)) & _BYTE
            b = r & _BYTE
            cnt[a] += 1
            cnt[b] += 1
            gcnt[a] = 0
            gcnt[b] = 0
        seen += size
        k = g1
    return seen
