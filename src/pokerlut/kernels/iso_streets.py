"""Suit-isomorphism indexing of Hold'em streets, board first: the board's frame (its equality word,
its suits' sorted positions, its blocks), the hole cards' part on a board (:func:`hole_part`), the
flop table and the loops behind :func:`street_rows`, the kernel of :class:`pokerlut.iso.StreetIndexer`.
:mod:`pokerlut.kernels.iso` describes the order.
"""

from __future__ import annotations

import math

import numba as nb
import numpy as np

from ..constants import FLOP_CARDS, HOLDEM_HOLE, N_NATURAL
from .compile import jitted
from .intrinsics import opaque, popcount, trailing_zeros
from .iso_index import (CARD_BITS, CONFIG_ROW, SPEC_CHECKED, SPEC_FIRST, SPEC_ROUND_OF, SPEC_ROUNDS, SPEC_SECOND,
                        SPEC_TOP_GROUP, bad_masks, config_row, deal_masks, ordered, sort4, sorted_index, suit_key)

U64 = np.uint64
_ONE = U64(1)
_TWO = U64(2)
_THREE = U64(3)
_FOUR = U64(4)
_SIXTEEN = U64(16)
_TOP = U64(1 << 63)
_CONFIG_ROW = U64(CONFIG_ROW)
_CARD_BITS = U64(CARD_BITS)

#: For each of the 8 "equal neighbours" words ``e`` (bit p: sorted positions p and p + 1 hold
#: identical board patterns), the first position of each position's block, 2 bits each.
def _start_word() -> int:
    word = 0
    for e in range(8):
        start = [0, 0, 0, 0]
        for p in range(1, 4):
            start[p] = start[p - 1] if e >> (p - 1) & 1 else p
        word |= sum(s << (2 * p) for p, s in enumerate(start)) << (8 * e)
    return word


#: The number of a pair of sorted positions ``t <= t'``: ``(t, t')`` in lexicographic order.
PAIRS = [(t, u) for t in range(4) for u in range(t, 4)]
PAIRS_FIRST = tuple(t for t, _ in PAIRS)
PAIRS_SECOND = tuple(u for _, u in PAIRS)
N_PAIRS = len(PAIRS)


def _pair_word() -> int:
    return sum(PAIRS.index((t, u)) << (4 * (4 * t + u)) for t, u in PAIRS)


START_WORD = _start_word()
PAIR_WORD = _pair_word()
_START_WORD = U64(START_WORD)
_PAIR_WORD = U64(PAIR_WORD)
#: A row of the ``segments`` table (uint16), one per board configuration and equality word: the
#: offset of each of the 10 position pairs' segment of hole-card classes, then the free ranks (13
#: less the board cards) of each sorted position.
SEGMENT_ROW = 16
FREE_AT = len(PAIRS)
_SEGMENT_ROW = U64(SEGMENT_ROW)
_FREE_AT = U64(FREE_AT)


@nb.njit(inline="always", nogil=True)
def nonzero(x):
    """1 if ``x`` (below 2**63) is not 0, else 0, without a branch."""
    return (x | (U64(0) - x)) >> U64(63)


@nb.njit(inline="always", nogil=True)
def equal_word(k0, k1, k2, k3):
    """Bit p: sorted positions p and p + 1 hold identical patterns (keys tagged ``key << 2 | suit``)."""
    return (_ONE - nonzero((k0 ^ k1) >> _TWO)) | ((_ONE - nonzero((k1 ^ k2) >> _TWO)) << _ONE) | \
        ((_ONE - nonzero((k2 ^ k3) >> _TWO)) << _TWO)


@nb.njit(inline="always", nogil=True)
def board_frame(k0, k1, k2, k3):
    """From a board's sorted suit keys tagged with their suits (``key << 2 | suit``): its equality
    word ``e``, the sorted position of each suit (2 bits a suit) and the first position of each
    position's block (2 bits a position)."""
    e = equal_word(k0, k1, k2, k3)
    pos_word = (_ONE << ((k1 & _THREE) << _ONE)) | (_TWO << ((k2 & _THREE) << _ONE)) | \
        (_THREE << ((k3 & _THREE) << _ONE))  # position 0 adds nothing
    return e, pos_word, (_START_WORD >> (e << U64(3))) & U64(255)


@nb.njit(inline="always", nogil=True)
def hole_part(h, board_bits, pos_word, starts, segments, seg_row):
    """The hole cards' number among the hole classes of their board: the offset of their segment
    plus their place in it.  ``h``: the hole's suit-rank bits; ``board_bits`` the board's;
    ``pos_word``/``starts`` as :func:`board_frame` gives them; ``seg_row`` the start of the
    board's row of ``segments`` (its configuration and equality word)."""
    # the two hole cards: suit, rank renumbered among the free ranks of the suit, position, block
    x1 = trailing_zeros(h)
    x2 = trailing_zeros((h & (h - _ONE)) | _TOP)  # 63 (no card) if garbage held one card
    s1 = x1 >> _FOUR
    s2 = x2 >> _FOUR
    free1 = ~(board_bits >> (s1 << _FOUR))
    free2 = ~(board_bits >> (s2 << _FOUR))
    q1 = popcount(free1 & ((_ONE << (x1 & U64(15))) - _ONE))
    q2 = popcount(free2 & ((_ONE << (x2 & U64(15))) - _ONE))
    p1 = (pos_word >> (s1 << _ONE)) & _THREE
    p2 = (pos_word >> (s2 << _ONE)) & _THREE
    t1 = (starts >> (p1 << _ONE)) & _THREE
    t2 = (starts >> (p2 << _ONE)) & _THREE
    diff_suit = opaque(nonzero(s1 ^ s2))  # opaque: arithmetic, not a branch (a coin flip)
    diff_block = opaque(nonzero(t1 ^ t2))
    qhi, qlo = ordered(q1, q2)
    tri = (qhi * (qhi - _ONE)) >> _ONE  # C(qhi, 2); qhi >= 1 whenever it is used
    # same suit: C(qhi, 2) + qlo at (t, t); same block, two suits: C(qhi + 1, 2) + qlo at (t, t + 1)
    same = tri + qlo + (diff_suit * qhi)
    # two blocks: the card of the earlier block first
    swap = opaque(U64(0) - ((t2 - t1) >> U64(63)))  # t2 < t1
    ta = t1 ^ ((t1 ^ t2) & swap)
    tb = t2 ^ ((t1 ^ t2) & swap)
    qa = q1 ^ ((q1 ^ q2) & swap)
    qb = q2 ^ ((q1 ^ q2) & swap)
    free_b = U64(segments[seg_row + _FREE_AT + tb])
    cross = qa * free_b + qb
    first = t1 + diff_block * (ta - t1)
    second = t1 + diff_suit * (_ONE + diff_block * (tb - t1 - _ONE))
    pair = (_PAIR_WORD >> (((first << _TWO) + second) << _TWO)) & U64(15)
    within = same + diff_block * (cross - same)
    return U64(segments[seg_row + pair]) + within


@nb.njit(inline="always", nogil=True)
def board_keys(m0, m1, m2, m3, n_rounds, small):
    """The board's four suit keys tagged with their suits (``key << 2 | suit``), sorted descending;
    with no board (preflop) four empty patterns, suits 3 .. 0."""
    if n_rounds == 0:
        return U64(3), U64(2), _ONE, U64(0)
    return sort4((suit_key(m0, m1, m2, m3, U64(0), n_rounds, small) << _TWO),
                 (suit_key(m0, m1, m2, m3, _SIXTEEN, n_rounds, small) << _TWO) | _ONE,
                 (suit_key(m0, m1, m2, m3, U64(32), n_rounds, small) << _TWO) | _TWO,
                 (suit_key(m0, m1, m2, m3, U64(48), n_rounds, small) << _TWO) | _THREE)


@jitted()
def board_keys_call(m0, m1, m2, m3, n_rounds, small):
    """:func:`board_keys` as a call (for the kernels where speed matters less than compile time)."""
    return board_keys(m0, m1, m2, m3, n_rounds, small)


#: Board classes per entry of ``board_base``: a board class's offset is ``board_base[b >> 5] +
#: board_rel[b]`` (int64 and uint16: a quarter of the bytes of one int64 per class, so the river's
#: 2,554,656 offsets stay in cache).
OFFSET_BLOCK_BITS = 5


@nb.njit(inline="always", nogil=True)
def street_loop(holes, boards, spec, small, config, hmult, hshift, board_base, board_rel, segments, out):
    """The loop of :func:`street_rows` for every street and mode, its numbers read from ``spec``."""
    n_hole = spec[SPEC_FIRST]
    n_board = spec[SPEC_SECOND]
    n_rounds = spec[SPEC_ROUNDS]
    top_group = spec[SPEC_TOP_GROUP]
    checked = spec[SPEC_CHECKED] == 1
    frames = spec[SPEC_CHECKED] == 2
    round_of = spec[SPEC_ROUND_OF:]
    n_cols = n_hole + n_board
    bad = 0
    for i in range(out.shape[0]):
        h = U64(0)
        big = U64(0)
        for j in range(n_hole):
            c = U64(holes[i, j])
            big = max(big, c)
            h |= config[c & U64(63)]
        m0, m1, m2, m3, bb = deal_masks(holes, boards, i, 0, n_board, round_of, config)
        big = max(big, bb)
        if checked and (bad_masks(h, m0 | m1 | m2 | m3, U64(0), U64(0), big, n_cols) or
                        bad_masks(m0, m1, m2, m3, U64(0), n_board)):
            out[i] = -1
            bad += 1
            continue
        k0, k1, k2, k3 = board_keys(m0, m1, m2, m3, n_rounds, small)
        b = U64(0)
        row = U64(0)
        if n_rounds > 0:
            u0 = k0 >> _TWO
            u1 = k1 >> _TWO
            u2 = k2 >> _TWO
            u3 = k3 >> _TWO
            crow = config_row(u0, u1, u2, u3, small, hmult, hshift)
            row = (crow - _CARD_BITS) // _CONFIG_ROW
            if not frames:
                b = sorted_index(u0, u1, u2, u3, crow, top_group, config)
        e, pos_word, starts = board_frame(k0, k1, k2, k3)
        if frames:
            out[i] = np.int64(((row << U64(3)) | e) | (pos_word << _SIXTEEN) | (starts << U64(24)))
            continue
        if n_hole == 0:
            out[i] = np.int64(b)
            continue
        seg_row = ((row << U64(3)) | e) * _SEGMENT_ROW
        offset = U64(board_base[b >> U64(OFFSET_BLOCK_BITS)]) + U64(board_rel[b])
        out[i] = np.int64(offset + hole_part(h, m0 | m1 | m2 | m3, pos_word, starts, segments, seg_row))
    return bad


#: The flop table (``flop_boards``) of the flop's street indexer: per flop (three distinct card
#: ids, at its colex number :func:`flop_number`), one word: its board class's offset in bits 0-31,
#: its row of ``segments`` (configuration and equality word) in bits 32-39, its suits' sorted
#: positions in bits 40-47 and its blocks' first positions in bits 48-55 (:func:`board_frame`).
FLOP_BOARDS = math.comb(N_NATURAL, FLOP_CARDS)  # 22,100
FLOP_SEGMENT_SHIFT = 32
FLOP_POSITIONS_SHIFT = 40
FLOP_STARTS_SHIFT = 48
_LAST_FLOP = U64(FLOP_BOARDS - 1)
_BYTE = U64(255)
_LOW32 = U64(0xFFFFFFFF)
_FLOP_DEAL = U64(HOLDEM_HOLE + FLOP_CARDS)  # the cards of a hand on the flop


@nb.njit(inline="always", nogil=True)
def flop_number(a, b, c):
    """The colex number of three distinct card ids (``lo + C(mid, 2) + C(hi, 3)``), 0 .. 22,099;
    for garbage (ids above 51, repeats) a number inside 0 .. 22,099 all the same."""
    lo = min(a, min(b, c))
    hi = max(a, max(b, c))
    mid = (a + b + c) - lo - hi
    return min(lo + ((mid * (mid - _ONE)) >> _ONE) + hi * (hi - _ONE) * (hi - _TWO) // U64(6), _LAST_FLOP)


@nb.njit(inline="always", nogil=True)
def flop_loop(holes, boards, config, flop_boards, segments, out, checked):
    """The flop's street index of each row, its board's part read from the flop table in one load
    (what :func:`street_loop` computes from the board's suit keys), then :func:`hole_part`."""
    bad = 0
    for i in range(out.shape[0]):
        x = U64(holes[i, 0])
        y = U64(holes[i, 1])
        a = U64(boards[i, 0])
        b = U64(boards[i, 1])
        c = U64(boards[i, 2])
        h = config[x & U64(63)] | config[y & U64(63)]
        board_bits = (config[a & U64(63)] | config[b & U64(63)]) | config[c & U64(63)]
        # five distinct natural ids exactly when the five suit-rank bits are distinct
        if checked and (max(max(x, y), max(a, max(b, c))) >= U64(N_NATURAL) or popcount(h | board_bits) != _FLOP_DEAL):
            out[i] = -1
            bad += 1
            continue
        w = U64(flop_boards[flop_number(a, b, c)])
        seg_row = ((w >> U64(FLOP_SEGMENT_SHIFT)) & _BYTE) * _SEGMENT_ROW
        pos_word = (w >> U64(FLOP_POSITIONS_SHIFT)) & _BYTE
        starts = (w >> U64(FLOP_STARTS_SHIFT)) & _BYTE
        out[i] = np.int64((w & _LOW32) + hole_part(h, board_bits, pos_word, starts, segments, seg_row))
    return bad


def street_rows(holes, boards, spec, small, config, hmult, hshift, board_base, board_rel, segments, flop_boards, out):
    """The street index of each hand, board first: the board class's offset (the hole classes of
    every board class before it: ``board_base[b >> 5] + board_rel[b]``) plus the hole cards' number
    on board class ``b`` (:func:`hole_part`).

    The board class is the index of the board alone (``small``/``config``/``hmult``/``hshift`` are
    the board's indexer; ``spec``'s rounds are the board's); with no hole columns (``spec``) the
    board's index itself, and with ``spec[SPEC_CHECKED] == 2`` each board's frame instead: its row
    of ``segments`` in bits 0-15, its suits' sorted positions in bits 16-23, its blocks' first
    positions in bits 24-31 (boards must then be valid).  Checking, a bad row gets -1.

    Hole cards on a flop, the most common question, read each board's part from the flop table
    ``flop_boards`` (:data:`FLOP_BOARDS` words, :func:`flop_loop`) when one is passed (an empty
    array otherwise: then every street runs the one loop, :func:`street_loop`, compiled once)."""
    n_hole = spec[SPEC_FIRST]
    n_board = spec[SPEC_SECOND]
    n_rounds = spec[SPEC_ROUNDS]
    mode = spec[SPEC_CHECKED]
    if n_hole == HOLDEM_HOLE and n_board == FLOP_CARDS and n_rounds == 1 and mode != 2 and \
            flop_boards.shape[0] == FLOP_BOARDS:
        if mode == 1:
            return flop_loop(holes, boards, config, flop_boards, segments, out, True)
        return flop_loop(holes, boards, config, flop_boards, segments, out, False)
    return street_loop(holes, boards, spec, small, config, hmult, hshift, board_base, board_rel, segments, out)
