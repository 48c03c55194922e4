"""A hand on a board: made-hand classes, draws and outs, one row at a time (``docs/rules.md``,
"What a hand is on a board").

Per row the hand's value comes from the hash, as in every ranking kernel (Hold'em: the hole and
board cards together; Omaha: the best of two hole cards with three board cards, remembering which
two).  Its class is read from the value's category and ranks (the ``hand_values`` table) beside the
board's own cards: their rank counts (a 4-bit counter per rank, packed in one uint64), their rank
mask and their suit-rank bits (:func:`~pokerlut.kernels.primitives.suit_rank_bit`).  Draws, on the
flop and turn, come from the rank and suit masks of the hole and board cards.  Sets of cards (outs,
the cards left in the deck) are uint64 masks with bit ``c`` for card ``c``.

The mask tables (:func:`mask_tables`), indexed by a 13-bit rank mask, are written here with numpy
from the definitions; like every table they reach the kernels as arguments.

>>> t = mask_tables()
>>> int(t.straight_top[0b1111100000000]), int(t.straight_top[0b1000000001111]), int(t.top_rank[0b101])
(10, 1, 2)
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

import numpy as np

from .. import layout
from ..constants import (DRAW_BACKDOOR_FLUSH, DRAW_BACKDOOR_STRAIGHT, DRAW_COMBO, DRAW_DOUBLE_GUTSHOT, DRAW_FLUSH,
                         DRAW_GUTSHOT, DRAW_NUT_FLUSH, DRAW_ONE_OVERCARD, DRAW_OPEN_ENDED, DRAW_OVERCARDS, DRAW_WRAP,
                         FLUSH, FOUR_OF_A_KIND, FULL_HOUSE, GOOD_KICKER_PLACES, KICKER_GOOD, KICKER_NONE, KICKER_TOP,
                         KICKER_WEAK, MADE_BOARD, MADE_BOTTOM_PAIR, MADE_BOTTOM_TWO, MADE_FLUSH, MADE_FULL_HOUSE,
                         MADE_HIGH_CARD, MADE_MIDDLE_PAIR, MADE_OVERPAIR, MADE_QUADS, MADE_SET, MADE_STRAIGHT,
                         MADE_STRAIGHT_FLUSH, MADE_TOP_AND_BOTTOM, MADE_TOP_PAIR, MADE_TOP_TWO, MADE_TRIPS,
                         MADE_UNDERPAIR, N_NATURAL, N_RANKS, N_SUITS, ONE_PAIR, STRAIGHT, STRAIGHT_FLUSH,
                         THREE_OF_A_KIND, TWO_PAIR)
from .compile import compile_kernel, jitted
from .intrinsics import popcount, trailing_zeros
from .omaha import board_triples
from .primitives import first_card, suit_rank_bit, value_of_bits

U64 = np.uint64
_ZERO = U64(0)
_ONE = U64(1)
_TWO = U64(2)
_RANKS13 = U64((1 << N_RANKS) - 1)
_CARDS52 = U64((1 << N_NATURAL) - 1)
_NATURAL = U64(N_NATURAL)
_NIBBLE = U64(15)
_LOW6 = U64(63)
_NOT_SUIT = ~U64(N_SUITS - 1)
_FIELD = U64(16)  # suit-rank bits: 16 bits per suit
_START = U64(layout.SUIT_COUNTERS_START)
_WHEEL = U64(0x100F)  # A-2-3-4-5
_FIVE_RUN = U64(0x1F)
_N_WINDOWS = 10
_EXT = U64((1 << (N_RANKS + 1)) - 1)  # ranks with the ace also below the deuce: 14 bits
_RUN_SPAN = U64(5)
_FIVE = U64(5)
_GOOD = U64(GOOD_KICKER_PLACES)

# category numbers and class ids as unsigned constants (mixing signed and unsigned integers makes
# numba compute in floats)
_ONE_PAIR, _TWO_PAIR, _TRIPS_CAT, _STRAIGHT_CAT, _FLUSH_CAT = (U64(x) for x in (ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND,
                                                                              STRAIGHT, FLUSH))
_FULL_HOUSE_CAT, _QUADS_CAT, _SF_CAT = U64(FULL_HOUSE), U64(FOUR_OF_A_KIND), U64(STRAIGHT_FLUSH)
(_BOARD, _HIGH, _UNDER, _BOTTOM, _MIDDLE, _TOP, _OVER, _BOTTOM_TWO, _TOP_BOTTOM, _TOP_TWO, _TRIPS, _SET, _STRAIGHT,
 _FLUSH, _FULL, _QUADS, _SF) = (U64(x) for x in (
    MADE_BOARD, MADE_HIGH_CARD, MADE_UNDERPAIR, MADE_BOTTOM_PAIR, MADE_MIDDLE_PAIR, MADE_TOP_PAIR, MADE_OVERPAIR,
    MADE_BOTTOM_TWO, MADE_TOP_AND_BOTTOM, MADE_TOP_TWO, MADE_TRIPS, MADE_SET, MADE_STRAIGHT, MADE_FLUSH,
    MADE_FULL_HOUSE, MADE_QUADS, MADE_STRAIGHT_FLUSH))
_K_NONE, _K_TOP, _K_GOOD, _K_WEAK = (U64(x) for x in (KICKER_NONE, KICKER_TOP, KICKER_GOOD, KICKER_WEAK))
(_D_FLUSH, _D_NUT, _D_BACK_FLUSH, _D_OPEN, _D_DOUBLE, _D_GUT, _D_WRAP, _D_BACK_STRAIGHT, _D_COMBO, _D_OVERS,
 _D_ONE_OVER) = (U64(x) for x in (DRAW_FLUSH, DRAW_NUT_FLUSH, DRAW_BACKDOOR_FLUSH, DRAW_OPEN_ENDED,
                                  DRAW_DOUBLE_GUTSHOT, DRAW_GUTSHOT, DRAW_WRAP, DRAW_BACKDOOR_STRAIGHT, DRAW_COMBO,
                                  DRAW_OVERCARDS, DRAW_ONE_OVERCARD))


# --------------------------------------------------------------------------- mask tables

#: The ten straights as 13-bit rank masks, the wheel first: straight ``k`` (1..10) is
#: ``WINDOWS[k - 1]`` and its top card has rank ``k + 2`` (the wheel's top card is the five).
WINDOWS = (0x100F,) + tuple(0x1F << (k - 2) for k in range(2, 11))


class MaskTables(NamedTuple):
    """Tables over 13-bit rank masks ``m`` (8,192 entries each), in the order the kernels take them."""

    top_rank: np.ndarray  #: uint8: the highest rank in ``m`` (255 for the empty mask)
    straight_top: np.ndarray  #: uint8: the best straight ``k`` (1..10) whose ranks ``m`` holds, 0 for none
    possible: np.ndarray  #: uint16: bit ``k`` set when ``m`` holds three or more ranks of straight ``k``
    completing: np.ndarray  #: uint16: the ranks ``r`` not in ``m`` such that ``m | r`` holds a straight
    spread: np.ndarray  #: uint64: bit ``4 r`` for each rank ``r`` of ``m`` (its clubs; ``<< s`` for suit s)
    two_short: np.ndarray  #: uint16: bit ``k - 1`` set when ``m`` holds exactly three ranks of straight ``k``


@lru_cache(maxsize=1)
def mask_tables() -> MaskTables:
    """The :class:`MaskTables`, read-only."""
    m = np.arange(1 << N_RANKS, dtype=np.int64)
    count = np.zeros(len(m), np.int64)
    top = np.full(len(m), 255, np.uint8)
    spread = np.zeros(len(m), np.uint64)
    for r in range(N_RANKS):
        has = (m >> r) & 1 == 1
        count += has
        top[has] = r
        spread[has] |= np.uint64(1 << (N_SUITS * r))
    straight = np.zeros(len(m), np.uint8)
    possible = np.zeros(len(m), np.uint16)
    completing = np.zeros(len(m), np.uint16)
    two_short = np.zeros(len(m), np.uint16)
    for k, window in enumerate(WINDOWS, start=1):
        straight[(m & window) == window] = k
        possible[count[m & window] >= 3] |= np.uint16(1 << k)
        missing = window & ~m
        one_short = count[missing] == 1
        completing[one_short] |= missing[one_short].astype(np.uint16)
        two_short[count[missing] == 2] |= np.uint16(1 << (k - 1))
    tables = MaskTables(top, straight, possible, completing, spread, two_short)
    for array in tables:
        array.setflags(write=False)
    return tables


# --------------------------------------------------------------------------- per hand


@jitted()
def rank_count(counts, rank):
    """How many cards of ``rank`` the board holds (``counts``: a 4-bit counter per rank)."""
    return (counts >> (rank << _TWO)) & _NIBBLE


@jitted()
def board_card(card, counts, mask, bits):
    """``(counts, mask, bits)`` of a board with ``card`` added: rank counts, rank mask, suit-rank bits."""
    c = U64(card)
    return counts + (_ONE << (c & _NOT_SUIT)), mask | (_ONE << (c >> _TWO)), bits | suit_rank_bit(card)


@jitted()
def card_bit(card):
    """Bit ``card`` of a card mask (ids 64 and up wrap: only valid cards reach here)."""
    return _ONE << (U64(card) & _LOW6)


@jitted()
def above(rank):
    """The 13-bit mask of the ranks above ``rank``."""
    return _RANKS13 & ~((_TWO << rank) - _ONE)


@jitted()
def kicker_class(rank, board_mask):
    """Top, good or weak, by how many ranks above the kicker's are not on the board."""
    place = popcount(above(rank) & ~board_mask)
    if place == _ZERO:
        return _K_TOP
    if place <= _GOOD:
        return _K_GOOD
    return _K_WEAK


@jitted()
def pair_class(pair, ra, rc, counts, board_mask, top_rank):
    """``(class, kicker)`` of the hand's own pair of rank ``pair``: with a board card (top, middle or
    bottom pair, the other hole card the kicker) or a pocket pair (over-, middle or underpair)."""
    top = U64(top_rank[board_mask])
    bottom = trailing_zeros(board_mask)
    if rank_count(counts, pair) == _ONE:
        kick = kicker_class(rc if ra == pair else ra, board_mask)
        if pair == top:
            return _TOP, kick
        if pair == bottom:
            return _BOTTOM, kick
        return _MIDDLE, kick
    if pair > top:
        return _OVER, _K_NONE
    if pair < bottom:
        return _UNDER, _K_NONE
    return _MIDDLE, _K_NONE


@jitted()
def flush_nut_rank(ha, hc, board_bits):
    """1 + the ranks of the flush's suit above the hand's best hole card of it that are not on the
    board (1: the nut flush)."""
    every = board_bits | suit_rank_bit(ha) | suit_rank_bit(hc)
    for s in range(N_SUITS):
        shift = U64(s) * _FIELD
        if popcount((every >> shift) & _RANKS13) >= _FIVE:
            best = _ZERO
            held = False
            for card in (U64(ha), U64(hc)):
                if (card & U64(3)) == U64(s):
                    held = True
                    best = max(best, card >> _TWO)
            if not held:
                return _ZERO
            return _ONE + popcount(above(best) & ~((board_bits >> shift) & _RANKS13))
    return _ZERO


@jitted()
def classify(v, ha, hc, counts, board_mask, board_bits, board_value, hv, top_rank, possible):
    """``(class, kicker, nut rank)`` of a hand of value ``v`` whose hole cards in play are ``ha`` and
    ``hc``, on a board of rank counts ``counts``, rank mask ``board_mask``, suit-rank bits
    ``board_bits`` and value ``board_value`` (0 for a board of fewer than five cards)."""
    if v == board_value:
        return _BOARD, _K_NONE, _ZERO
    cat = U64(hv[v, 0])
    r1 = U64(hv[v, 1])
    r2 = U64(hv[v, 2])
    ra = U64(ha) >> _TWO
    rc = U64(hc) >> _TWO
    if cat == _ONE_PAIR:
        if rank_count(counts, r1) < _TWO:
            cls, kick = pair_class(r1, ra, rc, counts, board_mask, top_rank)
            return cls, kick, _ZERO
    elif cat == _TWO_PAIR:
        own1 = rank_count(counts, r1) < _TWO
        own2 = rank_count(counts, r2) < _TWO
        if own1 and own2:
            top = U64(top_rank[board_mask])
            if r1 != top:
                return _BOTTOM_TWO, _K_NONE, _ZERO
            if r2 == U64(top_rank[board_mask & ~(_ONE << top)]):
                return _TOP_TWO, _K_NONE, _ZERO
            return _TOP_BOTTOM, _K_NONE, _ZERO
        if own1 or own2:
            cls, kick = pair_class(r1 if own1 else r2, ra, rc, counts, board_mask, top_rank)
            return cls, kick, _ZERO
    elif cat == _TRIPS_CAT:
        on_board = rank_count(counts, r1)
        if on_board == _ONE:
            return _SET, _K_NONE, _ZERO
        if on_board == _TWO:
            return _TRIPS, kicker_class(rc if ra == r1 else ra, board_mask), _ZERO
    elif cat == _STRAIGHT_CAT:
        return _STRAIGHT, _K_NONE, _ONE + popcount(U64(possible[board_mask]) >> (r1 - _ONE))
    elif cat == _FLUSH_CAT:
        return _FLUSH, _K_NONE, flush_nut_rank(ha, hc, board_bits)
    elif cat == _FULL_HOUSE_CAT:
        return _FULL, _K_NONE, _ZERO
    elif cat == _QUADS_CAT:
        if rank_count(counts, r1) < U64(4):
            return _QUADS, _K_NONE, _ZERO
    elif cat == _SF_CAT:
        return _SF, _K_NONE, _ZERO
    return _HIGH, kicker_class(max(ra, rc), board_mask), _ZERO


@jitted()
def window(k):
    """Straight ``k + 1`` as a 13-bit rank mask (k = 0 is the wheel)."""
    k = U64(k)
    if k == _ZERO:
        return _WHEEL
    return _FIVE_RUN << (k - _ONE)


@jitted()
def extended(mask):
    """A 13-bit rank mask with the ace also below the deuce (bit 0), the deuce at bit 1."""
    return ((mask << _ONE) | (mask >> U64(N_RANKS - 1))) & _EXT


@jitted()
def straight_kind(outs, held):
    """The straight draw of out ranks ``outs`` for a hand holding the ranks ``held``: a wrap (three or
    more), open-ended (two, the ends of four consecutive ranks held), a double gutshot (two
    otherwise), a gutshot (one)."""
    n = popcount(outs)
    if n >= U64(3):
        return _D_WRAP
    if n == _ONE:
        return _D_GUT
    e, h = extended(outs), extended(held)
    if e & (e >> _RUN_SPAN) & (h >> _ONE) & (h >> _TWO) & (h >> U64(3)) & (h >> U64(4)):
        return _D_OPEN
    return _D_DOUBLE


@jitted()
def all_suits(rank_mask, spread):
    """The card mask of every card of the ranks in ``rank_mask``."""
    return spread[rank_mask] * _NIBBLE


@jitted()
def flush_draws(hole_bits, board_bits, n_board, omaha, top_rank, spread):
    """``(kinds, outs, backdoor outs)`` of the flush draws: a suit with four cards (Omaha: two or more
    in the hole and two on the board) that a hole card is part of, and on the flop backdoor draws,
    three such cards (Omaha: one on the board)."""
    kinds = _ZERO
    outs = _ZERO
    back = _ZERO
    need = _TWO if omaha else _ONE
    for s in range(N_SUITS):
        shift = U64(s) * _FIELD
        hole = (hole_bits >> shift) & _RANKS13
        board = (board_bits >> shift) & _RANKS13
        n_hole = popcount(hole)
        if n_hole < need:
            continue
        short = U64(2) if omaha else U64(4) - n_hole  # board cards of the suit a draw has
        n_on_board = popcount(board)
        missing = spread[_RANKS13 & ~(hole | board)] << U64(s)
        if n_on_board == short:
            kinds |= _D_FLUSH
            outs |= missing
            if top_rank[hole] == top_rank[_RANKS13 & ~board]:
                kinds |= _D_NUT
        elif n_board == 3 and n_on_board + _ONE == short:
            kinds |= _D_BACK_FLUSH
            back |= missing
    return kinds, outs, back


@jitted()
def deck_ranks(unseen):
    """The 13-bit mask of the ranks with a card among the ``unseen`` cards."""
    ranks = _ZERO
    for r in range(N_RANKS):
        if (unseen >> (U64(r) << _TWO)) & _NIBBLE:
            ranks |= _ONE << U64(r)
    return ranks


@jitted()
def omaha_window_outs(hole_mask, board_mask, live, k, n_new):
    """Omaha: the board ranks to come (``n_new`` of them, 1 or 2, of the ranks ``live``) that with two
    hole cards and three board cards make straight ``k + 1`` (the board then misses at most two of
    its ranks, which the hole holds, with two of its ranks in all): the union of every such choice."""
    w = window(k)
    if popcount(w & hole_mask) < _TWO:
        return _ZERO
    missing = w & ~board_mask
    if popcount(missing) > U64(n_new) + _TWO:
        return _ZERO
    found = _ZERO
    first = missing & live
    while first:
        b1 = first & (_ZERO - first)
        first ^= b1
        if n_new == 1:
            if (missing & ~b1 & ~hole_mask) == _ZERO:
                found |= b1
            continue
        second = first
        while second:
            b2 = second & (_ZERO - second)
            second ^= b2
            if (missing & ~b1 & ~b2 & ~hole_mask) == _ZERO:
                found |= b1 | b2
    return found


@jitted()
def straight_outs(hole_mask, board_mask, unseen, omaha, straight_top, completing):
    """The ranks whose next card gives the hand a straight of its own (Hold'em: one that beats the
    straight of the board and that card alone; Omaha: two hole cards with three board cards), of
    those with a card in the deck (in Hold'em every rank that could complete one: it is not held).
    The hand has no straight now."""
    outs = _ZERO
    if omaha:
        live = deck_ranks(unseen)
        for k in range(_N_WINDOWS):
            outs |= omaha_window_outs(hole_mask, board_mask, live, k, 1)
        return outs
    held = hole_mask | board_mask
    candidates = U64(completing[held])
    while candidates:
        bit = candidates & (_ZERO - candidates)
        candidates ^= bit
        if straight_top[held | bit] > straight_top[board_mask | bit]:
            outs |= bit
    return outs


@jitted()
def backdoor_straight(hole_mask, board_mask, unseen, omaha, straight_top, two_short):
    """The ranks of the turn cards that leave a one-card straight draw: for every two ranks that
    would give the hand a straight of its own on the river, both."""
    ranks = _ZERO
    if omaha:  # a rank in the deck on both streets: the rank's cards are not all in the hole
        live = deck_ranks(unseen)
        for k in range(_N_WINDOWS):
            ranks |= omaha_window_outs(hole_mask, board_mask, live, k, 2)
        return ranks
    held = hole_mask | board_mask
    short = U64(two_short[held])
    while short:
        k = trailing_zeros(short)
        short &= short - _ONE
        missing = window(k) & ~held
        if straight_top[held | missing] > straight_top[board_mask | missing]:
            ranks |= missing
    return ranks


@jitted()
def hand_draws(hole_bits, hole_mask, board_bits, board_mask, known, cat, cls, n_board, omaha, top_rank,
               straight_top, completing, spread, two_short):
    """``(kinds, flush outs, straight outs, overcard outs, backdoor outs)`` of a hand of category
    ``cat`` and class ``cls`` (``docs/rules.md``, "Draws")."""
    unseen = _CARDS52 & ~known
    kinds = _ZERO
    f_outs = _ZERO
    back = _ZERO
    if cat < _FLUSH_CAT:
        kinds, f_outs, back = flush_draws(hole_bits, board_bits, n_board, omaha, top_rank, spread)
    s_outs = _ZERO
    if cat < _STRAIGHT_CAT:
        ranks = straight_outs(hole_mask, board_mask, unseen, omaha, straight_top, completing)
        if ranks:
            kinds |= straight_kind(ranks, hole_mask | board_mask)
            s_outs = all_suits(ranks, spread) & unseen
            if kinds & _D_FLUSH:
                kinds |= _D_COMBO
        elif n_board == 3:
            ranks = backdoor_straight(hole_mask, board_mask, unseen, omaha, straight_top, two_short)
            if ranks:
                kinds |= _D_BACK_STRAIGHT
                back |= all_suits(ranks, spread) & unseen
    o_outs = _ZERO
    if cls == _HIGH:
        overs = hole_mask & above(U64(top_rank[board_mask]))
        n = popcount(overs)
        if n:
            kinds |= _D_OVERS if n >= _TWO else _D_ONE_OVER
            o_outs = all_suits(overs, spread) & unseen
    return kinds, f_outs, s_outs, o_outs, back


@jitted()
def omaha_best(holes, h, n_hole, n_tri, tri_keys, tri_bits, cards, bases5, values5, flush):
    """``(value, card, card)``: the best value of two of the ``n_hole`` cards at ``holes[h:]`` with one
    of the board's triples, and the first two hole cards (in hole order) that make it."""
    best = np.uint16(0)
    best_a = holes[h]
    best_c = holes[h + _ONE]
    for a in range(n_hole):
        ca = holes[h + U64(a)]
        ka = first_card(cards, ca)
        sa = suit_rank_bit(ca)
        for c in range(a + 1, n_hole):
            cc = holes[h + U64(c)]
            kp = ka + cards[U64(cc)]
            bp = sa | suit_rank_bit(cc)
            for t in range(n_tri):
                v = value_of_bits(kp + tri_keys[t], bp | tri_bits[t], bases5, values5, flush)
                if v > best:
                    best, best_a, best_c = v, ca, cc
    return best, best_a, best_c


# --------------------------------------------------------------------------- kernels


def make_class_kernel(omaha: bool):
    """Compile ``board_classes[_omaha](holes, hstride, n_hole, boards, bstride, n_board, with_draws, out...,
    tables...)``: for row ``i``, the ``n_hole`` cards at ``holes[hstride * i:]`` on the ``n_board`` at
    ``boards[bstride * i:]`` (a stride of 0 shares one row).  Writes the class, kicker, nut rank,
    overcards and strength, and with ``with_draws`` the draw kinds and the masks of flush, straight,
    overcard and backdoor outs.  Returns the first row holding a card outside 0..51 or a card twice
    (its outputs left 0), or -1.  ``tri_keys`` and ``tri_bits`` (10,) are Omaha's scratch."""

    def kernel(holes, hstride, n_hole, boards, bstride, n_board, with_draws, classes, kickers, nuts, overcards,
               strengths, kinds, flush_outs, straight_outs_, overcard_outs, backdoor_outs, tri_keys, tri_bits, cards,
               bases, values, flush, bases5, values5, hv, top_rank, straight_top, possible, completing, spread,
               two_short):
        bad = -1
        n_cards = U64(n_hole + n_board)
        for i in range(classes.shape[0]):
            h = U64(hstride) * U64(i)
            b = U64(bstride) * U64(i)
            ok = True
            known = _ZERO
            hole_bits = _ZERO
            hole_mask = _ZERO
            key = _START
            for j in range(n_hole):
                c = holes[h + U64(j)]
                ok &= U64(c) < _NATURAL
                known |= card_bit(c)
                hole_bits |= suit_rank_bit(c)
                hole_mask |= _ONE << ((U64(c) >> _TWO) & U64(15))
                key += cards[U64(c)]
            board_sum = _ZERO
            counts = _ZERO
            board_mask = _ZERO
            board_bits = _ZERO
            for j in range(n_board):
                c = boards[b + U64(j)]
                ok &= U64(c) < _NATURAL
                known |= card_bit(c)
                board_sum += cards[U64(c)]
                if U64(c) < _NATURAL:
                    counts, board_mask, board_bits = board_card(c, counts, board_mask, board_bits)
            if not ok or popcount(known) != n_cards:
                if bad < 0:
                    bad = i
                continue
            if omaha:
                n_tri = board_triples(boards, b, n_board, cards, tri_keys, tri_bits)
                v, ha, hc = omaha_best(holes, h, n_hole, n_tri, tri_keys, tri_bits, cards, bases5, values5, flush)
                board_value = np.uint16(0)
            else:
                ha = holes[h]
                hc = holes[h + _ONE]
                v = value_of_bits(key + board_sum, hole_bits | board_bits, bases, values, flush)
                board_value = np.uint16(0)
                if n_board == 5:
                    board_value = value_of_bits(board_sum + _START, board_bits, bases5, values5, flush)
            cls, kick, nut = classify(v, ha, hc, counts, board_mask, board_bits, board_value, hv, top_rank, possible)
            classes[i] = cls
            kickers[i] = kick
            nuts[i] = nut
            strengths[i] = v
            board_top = U64(top_rank[board_mask])
            if omaha:
                overcards[i] = popcount(hole_mask & above(board_top))
            else:
                overcards[i] = U64(U64(ha) >> _TWO > board_top) + U64(U64(hc) >> _TWO > board_top)
            if with_draws:
                k, fo, so, oo, bo = hand_draws(hole_bits, hole_mask, board_bits, board_mask, known, U64(hv[v, 0]),
                                               cls, n_board, omaha, top_rank, straight_top, completing, spread,
                                               two_short)
                kinds[i] = k
                flush_outs[i] = fo
                straight_outs_[i] = so
                overcard_outs[i] = oo
                backdoor_outs[i] = bo
        return bad

    return compile_kernel(kernel, f"board_classes{'_omaha' if omaha else ''}")


@jitted()
def next_card_value(keys, bits, p, card, cards, bases, values, flush):
    """Hold'em: the value of player ``p`` (key and suit-rank bits with the board) with ``card`` added."""
    return value_of_bits(keys[p] + cards[U64(card)], bits[p] | suit_rank_bit(card), bases, values, flush)


def make_outs_kernel(omaha: bool):
    """Compile ``board_outs[_omaha](holes, hstride, n_hole, n_players, boards, bstride, n_board, to, outs,
    ties, decks, improves, shares, keys, bits, board, tri_keys, tri_bits, tables...)``: row ``i`` holds
    ``n_players`` known hands of ``n_hole`` cards at ``holes[hstride * i:]`` (the hand whose outs are
    counted first) and a board of ``n_board`` cards.  For every card left in the deck: bit of ``outs``
    when the first hand is then alone the best, of ``ties`` when it shares the best, ``shares[i, c]``
    its share (1, 1/k or 0; NaN outside the deck); with a class mask ``to`` (bit per class), bit of
    ``improves`` when the card gives the first hand one of those classes and it has none now.
    ``keys``/``bits`` (players,), ``board`` (6,), ``tri_keys``/``tri_bits`` (10,) are scratch.
    Returns the first bad row, or -1."""

    def kernel(holes, hstride, n_hole, n_players, boards, bstride, n_board, to, outs, ties, decks, improves, shares,
               keys, bits, board, tri_keys, tri_bits, cards, bases_now, values_now, bases, values, flush, bases5,
               values5, hv, top_rank, possible):
        bad = -1
        n_cards = U64(n_hole * n_players + n_board)
        for i in range(outs.shape[0]):
            h = U64(hstride) * U64(i)
            b = U64(bstride) * U64(i)
            ok = True
            known = _ZERO
            board_sum = _ZERO
            counts = _ZERO
            board_mask = _ZERO
            board_bits = _ZERO
            for j in range(n_board):
                c = boards[b + U64(j)]
                ok &= U64(c) < _NATURAL
                known |= card_bit(c)
                board_sum += cards[U64(c)]
                board[j] = c
                if U64(c) < _NATURAL:
                    counts, board_mask, board_bits = board_card(c, counts, board_mask, board_bits)
            for p in range(n_players):
                key = _START + board_sum
                pbits = board_bits
                for j in range(n_hole):
                    c = holes[h + U64(p * n_hole + j)]
                    ok &= U64(c) < _NATURAL
                    known |= card_bit(c)
                    key += cards[U64(c)]
                    pbits |= suit_rank_bit(c)
                keys[p] = key
                bits[p] = pbits
            if not ok or popcount(known) != n_cards:
                if bad < 0:
                    bad = i
                continue
            deck = _CARDS52 & ~known
            decks[i] = deck
            cls_now = _ZERO
            if to:
                if omaha:
                    n_tri = board_triples(board, _ZERO, n_board, cards, tri_keys, tri_bits)
                    v, ha, hc = omaha_best(holes, h, n_hole, n_tri, tri_keys, tri_bits, cards, bases5, values5, flush)
                else:
                    ha, hc = holes[h], holes[h + _ONE]
                    v = value_of_bits(keys[0], bits[0], bases_now, values_now, flush)
                cls_now, _, _ = classify(v, ha, hc, counts, board_mask, board_bits, np.uint16(0), hv, top_rank,
                                         possible)
            out = _ZERO
            tie = _ZERO
            better = _ZERO
            rest = deck
            while rest:
                c = trailing_zeros(rest)
                rest &= rest - _ONE
                bit = _ONE << c
                card = np.uint8(c)
                n_tri = 0
                if omaha:
                    board[n_board] = card
                    n_tri = board_triples(board, _ZERO, n_board + 1, cards, tri_keys, tri_bits)
                    hero, ha, hc = omaha_best(holes, h, n_hole, n_tri, tri_keys, tri_bits, cards, bases5, values5,
                                              flush)
                else:
                    ha, hc = holes[h], holes[h + _ONE]
                    hero = next_card_value(keys, bits, 0, card, cards, bases, values, flush)
                top = np.uint16(0)
                level = 1
                for p in range(1, n_players):
                    if omaha:
                        vp, _, _ = omaha_best(holes, h + U64(p * n_hole), n_hole, n_tri, tri_keys, tri_bits, cards,
                                              bases5, values5, flush)
                    else:
                        vp = next_card_value(keys, bits, p, card, cards, bases, values, flush)
                    if vp > top:
                        top = vp
                    if vp == hero:
                        level += 1
                row = U64(i) * _NATURAL + c
                if hero > top:
                    out |= bit
                    shares[row] = 1.0
                elif hero == top:
                    tie |= bit
                    shares[row] = 1.0 / level
                else:
                    shares[row] = 0.0
                if to:
                    counts2, mask2, bits2 = board_card(card, counts, board_mask, board_bits)
                    board_value = np.uint16(0)
                    if n_board == 4 and not omaha:
                        board_value = value_of_bits(board_sum + _START + cards[c], bits2, bases5, values5, flush)
                    cls, _, _ = classify(hero, ha, hc, counts2, mask2, bits2, board_value, hv, top_rank, possible)
                    if (to >> cls) & _ONE and not (to >> cls_now) & _ONE:
                        better |= bit
            outs[i] = out
            ties[i] = tie
            improves[i] = better
        return bad

    return compile_kernel(kernel, f"board_outs{'_omaha' if omaha else ''}")


def make_range_outs_kernel():
    """Compile ``board_range_outs(holes, hstride, boards, bstride, n_board, combos, weights, to, outs, ties,
    decks, improves, shares, combo_keys, combo_bits, tables...)``: Hold'em, row ``i`` one hand against
    a range (``combos`` (2 m,) flat, ``weights`` (m,)); a combo holding a card of the hand, the board or
    the next card is left out for that card.  For every card of the deck that some combo leaves
    possible: ``shares[i, c]`` the weighted share of the possible combos the hand beats then (a tie
    counting half), bit of ``outs`` when it beats them all, of ``ties`` when it loses to none and ties
    some, of ``improves`` as in :func:`make_outs_kernel`.  Returns the first bad row, or -1."""

    def kernel(holes, hstride, boards, bstride, n_board, combos, weights, to, outs, ties, decks, improves, shares,
               combo_keys, combo_bits, cards, bases_now, values_now, bases, values, flush, bases5, values5, hv,
               top_rank, possible):
        bad = -1
        n_combos = weights.shape[0]
        for i in range(outs.shape[0]):
            h = U64(hstride) * U64(i)
            b = U64(bstride) * U64(i)
            ha = holes[h]
            hc = holes[h + _ONE]
            ok = U64(ha) < _NATURAL and U64(hc) < _NATURAL
            known = card_bit(ha) | card_bit(hc)
            board_sum = _ZERO
            counts = _ZERO
            board_mask = _ZERO
            board_bits = _ZERO
            for j in range(n_board):
                c = boards[b + U64(j)]
                ok &= U64(c) < _NATURAL
                known |= card_bit(c)
                board_sum += cards[U64(c)]
                if U64(c) < _NATURAL:
                    counts, board_mask, board_bits = board_card(c, counts, board_mask, board_bits)
            if not ok or popcount(known) != U64(2 + n_board):
                if bad < 0:
                    bad = i
                continue
            hero_key = _START + board_sum + cards[U64(ha)] + cards[U64(hc)]
            hero_bits = board_bits | suit_rank_bit(ha) | suit_rank_bit(hc)
            for m in range(n_combos):
                c0 = combos[2 * m]
                c1 = combos[2 * m + 1]
                if (known & (card_bit(c0) | card_bit(c1))) != _ZERO or weights[m] <= 0.0:
                    combo_keys[m] = _ZERO  # never a real key: every key holds the suit counters' start
                else:
                    combo_keys[m] = _START + board_sum + cards[U64(c0)] + cards[U64(c1)]
                    combo_bits[m] = board_bits | suit_rank_bit(c0) | suit_rank_bit(c1)
            cls_now = _ZERO
            if to:
                v = value_of_bits(hero_key, hero_bits, bases_now, values_now, flush)
                cls_now, _, _ = classify(v, ha, hc, counts, board_mask, board_bits, np.uint16(0), hv, top_rank,
                                         possible)
            out = _ZERO
            tie = _ZERO
            better = _ZERO
            deck = _ZERO
            rest = _CARDS52 & ~known
            while rest:
                c = trailing_zeros(rest)
                rest &= rest - _ONE
                bit = _ONE << c
                card = np.uint8(c)
                hero = value_of_bits(hero_key + cards[c], hero_bits | suit_rank_bit(card), bases, values, flush)
                win = 0.0
                split = 0.0
                total = 0.0
                n_ahead = 0
                n_level = 0
                for m in range(n_combos):
                    if combo_keys[m] == _ZERO or combos[2 * m] == card or combos[2 * m + 1] == card:
                        continue
                    vm = value_of_bits(combo_keys[m] + cards[c], combo_bits[m] | suit_rank_bit(card), bases, values,
                                       flush)
                    w = weights[m]
                    total += w
                    if hero > vm:
                        win += w
                    elif hero == vm:
                        split += w
                        n_level += 1
                    else:
                        n_ahead += 1
                row = U64(i) * _NATURAL + c
                if total == 0.0:
                    continue
                deck |= bit
                shares[row] = (win + 0.5 * split) / total
                if n_ahead == 0:
                    if n_level == 0:
                        out |= bit
                    else:
                        tie |= bit
                if to:
                    counts2, mask2, bits2 = board_card(card, counts, board_mask, board_bits)
                    board_value = np.uint16(0)
                    if n_board == 4:
                        board_value = value_of_bits(board_sum + _START + cards[c], bits2, bases5, values5, flush)
                    cls, _, _ = classify(hero, ha, hc, counts2, mask2, bits2, board_value, hv, top_rank, possible)
                    if (to >> cls) & _ONE and not (to >> cls_now) & _ONE:
                        better |= bit
            decks[i] = deck
            outs[i] = out
            ties[i] = tie
            improves[i] = better
        return bad

    return compile_kernel(kernel, "board_range_outs")
