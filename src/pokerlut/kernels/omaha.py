"""Omaha: exactly two of the hole cards and exactly three of the board.

**The table kernels** (what :func:`pokerlut.evaluate_omaha`, showdowns and equity run) read the
Omaha table set (:mod:`pokerlut.layout`, "Omaha").  Per board, once for every hand that shares
it: the board's key (the sum of its card constants, suit counters started at 5), hashed to the
offset of its row; the OR of its cards' suit-rank bits; the bits of its low ranks.  Per hand: one
load per pair of hole cards from the board's row (6 for 4 hole cards, 15 for 6), the max of them;
when the board holds three cards of a suit (its key says so) and the hand two of them, one load
per such pair from the flush table; in hi-lo one more load for the low (the board's low ranks
against the hand's).  Validation is fused in: one popcount of the cards' bits and the largest id.

**The brute force** (:func:`make_omaha_kernel`): the board's three-card partial keys (and
suit-rank bits) are summed once per board into a scratch row; each pair of hole cards adds its
own partial key to each of them, so a hand of 4 hole cards and 5 board cards costs 6 x 10 adds
and lookups in the 5-card tables.  The low side of hi-lo is the same sum looked up in the
eight-or-better tables (which ignore suits, so the same key serves both).  The tests hold the
table kernels to it.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from .. import layout
from .compile import compile_kernel, jitted
from .intrinsics import popcount, prefetch, trailing_zeros, unlikely
from .primitives import add_card, first_card, flush_suit, lookup, suit_rank_bit, value_of_bits

U64 = np.uint64
_ONE = U64(1)
_TWO = U64(2)
_ACE = U64(12)
_LOW6 = U64(63)
_THREE = U64(3)
_FOUR = U64(4)
_LAST_NATURAL = U64(51)
_SUIT = U64(3)
_SUIT_FIELD_SHIFT = U64(4)
_RANK_MASK = U64(layout.RANK_MASK)
_FLUSH_BITS = U64(layout.FLUSH_BITS)
_BOARD_START = U64(layout.OMAHA_BOARD_COUNTERS_START)
_LOW_RANKS = U64(layout.OMAHA_LOW_RANKS)
_LOW_MIDDLE = U64(0xFE)  # deuce .. eight
_ACE_LOW_SHIFT = U64(13)


# --------------------------------------------------------------------------- table kernels

_RANK_SHIFT = U64(layout.RANK_SHIFT)
_ROW_SHIFT = U64(layout.RANK_SHIFT + layout.ROW_SHIFT)
_COLUMN_MASK = U64(layout.COLUMN_MASK)
_ROW_MASK = U64(layout.ROW_MASK)
_BASES_AT = U64(layout.OMAHA_BASES_AT)
_ROWS_AT = U64(layout.OMAHA_ROWS_AT)


@nb.njit(inline="always", nogil=True)
def pair_column(ra, rb):
    """The column of a rank pair in a row of the Omaha tables (:func:`pokerlut.layout.pair_column`)."""
    lo = min(ra, rb)
    hi = max(ra, rb)
    return ((hi * (hi + _ONE)) >> _ONE) + lo


@nb.njit(inline="always", nogil=True)
def low_bit(rank):
    """The bit of a rank (0..12) among the low ranks: ace bit 0, deuce .. eight bits 1..7, else 0."""
    v = _ONE << (rank + _ONE)
    return (v & _LOW_MIDDLE) | (v >> _ACE_LOW_SHIFT)


@nb.njit(inline="always", nogil=True)
def board_row(key, rows):
    """The offset of the board's row in ``values``: the row-displacement hash of its rank key."""
    return U64(rows[_ROWS_AT + ((key >> _RANK_SHIFT) & _COLUMN_MASK) + U64(rows[_BASES_AT + ((key >> _ROW_SHIFT)
                                                                                             & _ROW_MASK)])])


@nb.njit(inline="always", nogil=True)
def prefetch_row(values, row):
    """Ask for the cache lines of the board row at ``values[row:]`` (91 uint16 span up to four)."""
    prefetch(values, row)
    prefetch(values, row + U64(32))
    prefetch(values, row + U64(64))
    prefetch(values, row + U64(90))


@nb.njit(inline="always", nogil=True)
def add_board_card(c, state, cards, hilo):
    """A board's ``(key, bits, low, seen, top)`` (see :func:`board_state`) with card ``c`` added."""
    key, bits, low, seen, top = state
    r = min(c >> _TWO, _ACE)
    v = _ONE << (r + _ONE)
    low_bits = ((v & _LOW_MIDDLE) | (v >> _ACE_LOW_SHIFT)) if hilo else U64(0)
    return (key + cards[c], bits | (_ONE << (((c & _SUIT) << _SUIT_FIELD_SHIFT) + r)), low | low_bits,
            seen + (_ONE << (c & _LOW6)), max(top, c))


@nb.njit(inline="always", nogil=True)
def board_state(flat, b, n, cards, hilo):
    """``(key, bits, low, seen, top)`` of the ``n`` (3 to 5) board cards at ``flat[b:]``: the key
    (suit counters started at 5), the OR of the suit-rank bits, the low bits (hi-lo), the sum of
    ``1 << (card & 63)`` and the largest id (for validation).  Written out card by card: a loop
    over a number of cards the compiler does not know it vectorizes, slowly for five."""
    state = add_board_card(U64(flat[b]), (_BOARD_START, U64(0), U64(0), U64(0), U64(0)), cards, hilo)
    state = add_board_card(U64(flat[b + _ONE]), state, cards, hilo)
    state = add_board_card(U64(flat[b + _TWO]), state, cards, hilo)
    if n > _THREE:
        state = add_board_card(U64(flat[b + _THREE]), state, cards, hilo)
        if n > _FOUR:
            state = add_board_card(U64(flat[b + _FOUR]), state, cards, hilo)
    return state


@jitted()
def suited_pairs_value(hole_mask, board_mask, rows, values):
    """Best flush of two of the hole ranks ``hole_mask`` (one suit) with three of ``board_mask``."""
    best = np.uint16(0)
    row = U64(rows[board_mask])
    x = hole_mask
    while x:
        a = trailing_zeros(x)
        x &= x - _ONE
        y = x
        while y:
            b = trailing_zeros(y)
            y &= y - _ONE
            best = max(best, values[row + pair_column(a, b)])
    return best


@nb.njit(inline="always", nogil=True)
def flush_value(key, board_bits, hole_bits, rows, values):
    """Best flush of the hand when the board (``key``) holds three cards of a suit and the hand two
    of them, else 0."""
    shift = flush_suit(key) << _SUIT_FIELD_SHIFT
    hole_mask = (hole_bits >> shift) & _RANK_MASK
    if popcount(hole_mask) < _TWO:
        return np.uint16(0)
    return suited_pairs_value(hole_mask, (board_bits >> shift) & _RANK_MASK, rows, values)


@nb.njit(inline="always", nogil=True)
def omaha_rows_body(holes, boards, high, low, first, per, hilo, n_hole, n_board, cards, rows, values, low_table,
                    ahead):
    """Hands ``first .. first + len(high)`` of a batch whose hand ``i`` holds ``holes[i - first]``
    (``n_hole`` cards) and plays board ``i // per - first // per`` of ``boards`` (``n_board``
    cards); the number of bad rows (an id above 51 or a card dealt twice), which get strength 0.
    A board is read when its first hand comes (every hand, when ``per`` is 1, and then the row of
    the board ``ahead`` hands on is prefetched: random rows of a 1.5 MB table mostly miss the
    core's cache, and the CPU fetches them while it ranks the hands in between)."""
    n_total = U64(n_hole) + n_board
    bad = 0
    m = U64(0)
    left = U64(0)
    first_left = per - first % per
    key = bbits = blow = bseen = btop = row = U64(0)
    n = U64(high.shape[0])
    for i in range(n):
        if left == U64(0):
            key, bbits, blow, bseen, btop = board_state(boards, m * n_board, n_board, cards, hilo)
            row = board_row(key, rows)
            m += _ONE
            left = first_left if i == 0 else per
            if ahead and per == _ONE and U64(i) + ahead < n:
                # the row of the board `ahead` hands on, on its way from memory while this hand is ranked
                b = (U64(i) + ahead) * n_board
                k = cards[U64(boards[b])] + cards[U64(boards[b + _ONE])] + cards[U64(boards[b + _TWO])]
                if n_board > _THREE:
                    k += cards[U64(boards[b + _THREE])]
                    if n_board > _FOUR:
                        k += cards[U64(boards[b + _FOUR])]
                prefetch_row(values, board_row(k, rows))
        left -= _ONE
        h = U64(n_hole) * U64(i)
        best = np.uint16(0)
        hbits = U64(0)
        hlow = U64(0)
        seen = bseen
        top = btop
        for a in range(n_hole):
            ca = U64(holes[h + U64(a)])
            ra = min(ca >> _TWO, _ACE)
            hbits |= _ONE << (((ca & _SUIT) << _SUIT_FIELD_SHIFT) + ra)
            if hilo:
                hlow |= low_bit(ra)
            seen += _ONE << (ca & _LOW6)
            top = max(top, ca)
            for b in range(a + 1, n_hole):
                best = max(best, values[row + pair_column(ra, min(U64(holes[h + U64(b)]) >> _TWO, _ACE))])
        if unlikely((key & _FLUSH_BITS) != U64(0)):
            best = max(best, flush_value(key, bbits, hbits, rows, values))
        high[i] = best
        if hilo:
            low[i] = low_table[(blow << _LOW_RANKS) | hlow]
        if unlikely((popcount(seen) != n_total) | (top > _LAST_NATURAL)):
            high[i] = 0
            low[i] = 0
            bad += 1
    return bad


#: How many hands ahead the ranking kernel asks for a board's row (random boards): measured with
#: ``benchmarks/omaha.py``-style round-robin rounds on the shared 2-core machine under load, 4+5
#: high 0.026x the ceiling without, 0.035x two ahead, 0.041x four, 0.034x eight.
PREFETCH_AHEAD = 4


def make_omaha_table_kernel(n_hole: int, hilo: bool, ahead: int = PREFETCH_AHEAD):
    """Compile ``omaha{h}[_hilo](holes, boards, n_board, high, low, first, per, tables, bad)`` for
    hands of ``n_hole`` hole cards (a constant, so the loops over the pairs unroll):
    :func:`omaha_rows_body` over flat uint8 ``holes`` and ``boards``; ``tables`` is the
    :class:`~pokerlut.table_records.OmahaTables` (:func:`pokerlut.omaha.omaha_tables`); ``bad[0]`` receives the number of bad rows.  Every row
    is validated (a popcount and a max per hand); unchecked calls just do not look at ``bad``.
    ``ahead``: the prefetch distance (:data:`PREFETCH_AHEAD`; 0 for none)."""

    def kernel(holes, boards, n_board, high, low, first, per, tables, bad):
        cards, rows, values, low_table = tables
        bad[0] = omaha_rows_body(holes, boards, high, low, U64(first), U64(per), hilo, n_hole, U64(n_board), cards,
                                 rows, values, low_table, U64(ahead))

    name = f"omaha{n_hole}{'_hilo' if hilo else ''}"
    return compile_kernel(kernel, name if ahead == PREFETCH_AHEAD else f"{name}_ahead{ahead}")


# --------------------------------------------------------------------------- the brute force


@jitted()
def board_triples(board, start, n_board, cards, tri_keys, tri_bits):
    """The key (no suit-counter start) and suit-rank bits of every three of the ``n_board`` cards at
    ``board[start:]``, into the scratch rows; returns how many.  ``start`` is a uint64 at every
    caller over arrays, so it compiles once for them."""
    t = 0
    for x in range(n_board):
        cx = board[start + x]
        for y in range(x + 1, n_board):
            cy = board[start + y]
            kxy = cards[U64(cx)] + cards[U64(cy)]
            bxy = suit_rank_bit(cx) | suit_rank_bit(cy)
            for z in range(y + 1, n_board):
                cz = board[start + z]
                tri_keys[t] = kxy + cards[U64(cz)]
                tri_bits[t] = bxy | suit_rank_bit(cz)
                t += 1
    return t


@jitted()
def omaha_value(hole, start, n_hole, n_tri, tri_keys, tri_bits, cards, bases5, values5, flush):
    """Best high value of two of the ``n_hole`` cards at ``hole[start:]`` with one of the triples."""
    best = np.uint16(0)
    for a in range(n_hole):
        ca = hole[start + a]
        ka = first_card(cards, ca)
        ba = suit_rank_bit(ca)
        for c in range(a + 1, n_hole):
            cc = hole[start + c]
            kp = add_card(ka, cards, cc)
            bp = ba | suit_rank_bit(cc)
            for t in range(n_tri):
                best = max(best, value_of_bits(kp + tri_keys[t], bp | tri_bits[t], bases5, values5, flush))
    return best


@jitted()
def omaha_low(hole, start, n_hole, n_tri, tri_keys, cards, low_bases5, low_values5):
    """Best eight-or-better low value (1: no low) of two hole cards with one of the triples."""
    best = np.uint16(0)
    for a in range(n_hole):
        ka = first_card(cards, hole[start + a])
        for c in range(a + 1, n_hole):
            kp = add_card(ka, cards, hole[start + c])
            for t in range(n_tri):
                best = max(best, lookup(kp + tri_keys[t], low_bases5, low_values5))
    return best


def make_omaha_kernel(hilo: bool):
    """Compile ``omaha[_hilo](holes, boards, n_hole, n_board, high, low, tri_keys, tri_bits, tables...)``:
    row ``i`` of the flat ``holes`` (``n_hole`` cards) with row ``i`` of the flat ``boards``
    (``n_board`` cards) into ``high[i]`` (and ``low[i]``); ``tri_keys``/``tri_bits`` (10,) are scratch."""

    def kernel(holes, boards, n_hole, n_board, high, low, tri_keys, tri_bits, cards, bases5, values5, flush,
               low_bases5, low_values5):
        for i in range(high.shape[0]):
            n_tri = board_triples(boards, U64(n_board) * U64(i), n_board, cards, tri_keys, tri_bits)
            high[i] = omaha_value(holes, n_hole * i, n_hole, n_tri, tri_keys, tri_bits, cards, bases5, values5, flush)
            if hilo:
                low[i] = omaha_low(holes, n_hole * i, n_hole, n_tri, tri_keys, cards, low_bases5, low_values5)

    return compile_kernel(kernel, f"omaha{'_hilo' if hilo else ''}")
