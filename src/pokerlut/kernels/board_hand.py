"""Per-hand primitives of the board kernels (:mod:`.boards`): a hand's class, kicker and nut rank,
its draws and outs, from the value the hash gives and the board's own cards (``docs/rules.md``,
"What a hand is on a board").

The board's cards are held as their rank counts (a 4-bit counter per rank, packed in one uint64),
their rank mask and their suit-rank bits (:func:`~pokerlut.kernels.primitives.suit_rank_bit`).
Draws come from the rank and suit masks of the hole and board cards.  Sets of cards (outs, the
cards left in the deck) are uint64 masks with bit ``c`` for card ``c``.  :func:`hole_cards` and
:func:`board_cards` load and check a row's cards, as every board kernel does.
"""

from __future__ import annotations

import numpy as np

from .. import layout
from ..constants import (DRAW_BACKDOOR_FLUSH, DRAW_BACKDOOR_STRAIGHT, DRAW_COMBO, DRAW_DOUBLE_GUTSHOT, DRAW_FLUSH,
                         DRAW_GUTSHOT, DRAW_NUT_FLUSH, DRAW_ONE_OVERCARD, DRAW_OPEN_ENDED, DRAW_OVERCARDS, DRAW_WRAP,
                         FLOP_CARDS, FLUSH, FOUR_OF_A_KIND, FULL_HOUSE, GOOD_KICKER_PLACES, KICKER_GOOD, KICKER_NONE,
                         KICKER_TOP, KICKER_WEAK, MADE_BOARD, MADE_BOTTOM_PAIR, MADE_BOTTOM_TWO, MADE_FLUSH,
                         MADE_FULL_HOUSE, MADE_HIGH_CARD, MADE_MIDDLE_PAIR, MADE_OVERPAIR, MADE_QUADS, MADE_SET,
                         MADE_STRAIGHT, MADE_STRAIGHT_FLUSH, MADE_TOP_AND_BOTTOM, MADE_TOP_PAIR, MADE_TOP_TWO,
                         MADE_TRIPS, MADE_UNDERPAIR, N_NATURAL, N_RANKS, N_SUITS, ONE_PAIR, STRAIGHT, STRAIGHT_FLUSH,
                         THREE_OF_A_KIND, TWO_PAIR)
from .compile import jitted
from .intrinsics import popcount, trailing_zeros
from .primitives import first_card, suit_rank_bit, value_of_bits

U64 = np.uint64
ZERO = U64(0)
ONE = U64(1)
TWO = U64(2)
_RANKS13 = U64((1 << N_RANKS) - 1)
ALL_CARDS = U64((1 << N_NATURAL) - 1)
NATURAL = U64(N_NATURAL)
_NIBBLE = U64(15)
_LOW6 = U64(63)
_NOT_SUIT = ~U64(N_SUITS - 1)
_FIELD = U64(16)  # suit-rank bits: 16 bits per suit
START = U64(layout.SUIT_COUNTERS_START)
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


# --------------------------------------------------------------------------- per hand


@jitted()
def rank_count(counts, rank):
    """How many cards of ``rank`` the board holds (``counts``: a 4-bit counter per rank)."""
    return (counts >> (rank << TWO)) & _NIBBLE


@jitted()
def board_card(card, counts, mask, bits):
    """``(counts, mask, bits)`` of a board with ``card`` added: rank counts, rank mask, suit-rank bits."""
    c = U64(card)
    return counts + (ONE << (c & _NOT_SUIT)), mask | (ONE << (c >> TWO)), bits | suit_rank_bit(card)


@jitted()
def card_bit(card):
    """Bit ``card`` of a card mask (ids 64 and up wrap: only valid cards reach here)."""
    return ONE << (U64(card) & _LOW6)


@jitted()
def above(rank):
    """The 13-bit mask of the ranks above ``rank``."""
    return _RANKS13 & ~((TWO << rank) - ONE)


@jitted()
def kicker_class(rank, board_mask):
    """Top, good or weak, by how many ranks above the kicker's are not on the board."""
    place = popcount(above(rank) & ~board_mask)
    if place == ZERO:
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
    if rank_count(counts, pair) == ONE:
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
            best = ZERO
            held = False
            for card in (U64(ha), U64(hc)):
                if (card & U64(3)) == U64(s):
                    held = True
                    best = max(best, card >> TWO)
            if not held:
                return ZERO
            return ONE + popcount(above(best) & ~((board_bits >> shift) & _RANKS13))
    return ZERO


@jitted()
def classify(v, ha, hc, counts, board_mask, board_bits, board_value, hv, top_rank, possible):
    """``(class, kicker, nut rank)`` of a hand of value ``v`` whose hole cards in play are ``ha`` and
    ``hc``, on a board of rank counts ``counts``, rank mask ``board_mask``, suit-rank bits
    ``board_bits`` and value ``board_value`` (0 for a board of fewer than five cards)."""
    if v == board_value:
        return _BOARD, _K_NONE, ZERO
    cat = U64(hv[v, 0])
    r1 = U64(hv[v, 1])
    r2 = U64(hv[v, 2])
    ra = U64(ha) >> TWO
    rc = U64(hc) >> TWO
    if cat == _ONE_PAIR:
        if rank_count(counts, r1) < TWO:
            cls, kick = pair_class(r1, ra, rc, counts, board_mask, top_rank)
            return cls, kick, ZERO
    elif cat == _TWO_PAIR:
        own1 = rank_count(counts, r1) < TWO
        own2 = rank_count(counts, r2) < TWO
        if own1 and own2:
            top = U64(top_rank[board_mask])
            if r1 != top:
                return _BOTTOM_TWO, _K_NONE, ZERO
            if r2 == U64(top_rank[board_mask & ~(ONE << top)]):
                return _TOP_TWO, _K_NONE, ZERO
            return _TOP_BOTTOM, _K_NONE, ZERO
        if own1 or own2:
            cls, kick = pair_class(r1 if own1 else r2, ra, rc, counts, board_mask, top_rank)
            return cls, kick, ZERO
    elif cat == _TRIPS_CAT:
        on_board = rank_count(counts, r1)
        if on_board == ONE:
            return _SET, _K_NONE, ZERO
        if on_board == TWO:
            return _TRIPS, kicker_class(rc if ra == r1 else ra, board_mask), ZERO
    elif cat == _STRAIGHT_CAT:
        return _STRAIGHT, _K_NONE, ONE + popcount(U64(possible[board_mask]) >> (r1 - ONE))
    elif cat == _FLUSH_CAT:
        return _FLUSH, _K_NONE, flush_nut_rank(ha, hc, board_bits)
    elif cat == _FULL_HOUSE_CAT:
        return _FULL, _K_NONE, ZERO
    elif cat == _QUADS_CAT:
        if rank_count(counts, r1) < U64(4):
            return _QUADS, _K_NONE, ZERO
    elif cat == _SF_CAT:
        return _SF, _K_NONE, ZERO
    return _HIGH, kicker_class(max(ra, rc), board_mask), ZERO


@jitted()
def window(k):
    """Straight ``k + 1`` as a 13-bit rank mask (k = 0 is the wheel)."""
    k = U64(k)
    if k == ZERO:
        return _WHEEL
    return _FIVE_RUN << (k - ONE)


@jitted()
def extended(mask):
    """A 13-bit rank mask with the ace also below the deuce (bit 0), the deuce at bit 1."""
    return ((mask << ONE) | (mask >> U64(N_RANKS - 1))) & _EXT


@jitted()
def straight_kind(outs, held):
    """The straight draw of out ranks ``outs`` for a hand holding the ranks ``held``: a wrap (three or
    more), open-ended (two, the ends of four consecutive ranks held), a double gutshot (two
    otherwise), a gutshot (one)."""
    n = popcount(outs)
    if n >= U64(3):
        return _D_WRAP
    if n == ONE:
        return _D_GUT
    e, h = extended(outs), extended(held)
    if e & (e >> _RUN_SPAN) & (h >> ONE) & (h >> TWO) & (h >> U64(3)) & (h >> U64(4)):
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
    kinds = ZERO
    outs = ZERO
    back = ZERO
    need = TWO if omaha else ONE
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
        elif n_board == FLOP_CARDS and n_on_board + ONE == short:
            kinds |= _D_BACK_FLUSH
            back |= missing
    return kinds, outs, back


@jitted()
def deck_ranks(unseen):
    """The 13-bit mask of the ranks with a card among the ``unseen`` cards."""
    ranks = ZERO
    for r in range(N_RANKS):
        if (unseen >> (U64(r) << TWO)) & _NIBBLE:
            ranks |= ONE << U64(r)
    return ranks


@jitted()
def omaha_window_outs(hole_mask, board_mask, live, k, n_new):
    """Omaha: the board ranks to come (``n_new`` of them, 1 or 2, of the ranks ``live``) that with two
    hole cards and three board cards make straight ``k + 1`` (the board then misses at most two of
    its ranks, which the hole holds, with two of its ranks in all): the union of every such choice."""
    w = window(k)
    if popcount(w & hole_mask) < TWO:
        return ZERO
    missing = w & ~board_mask
    if popcount(missing) > U64(n_new) + TWO:
        return ZERO
    found = ZERO
    first = missing & live
    while first:
        b1 = first & (ZERO - first)
        first ^= b1
        if n_new == 1:
            if (missing & ~b1 & ~hole_mask) == ZERO:
                found |= b1
            continue
        second = first
        while second:
            b2 = second & (ZERO - second)
            second ^= b2
            if (missing & ~b1 & ~b2 & ~hole_mask) == ZERO:
                found |= b1 | b2
    return found


@jitted()
def straight_outs(hole_mask, board_mask, unseen, omaha, straight_top, completing):
    """The ranks whose next card gives the hand a straight of its own (Hold'em: one that beats the
    straight of the board and that card alone; Omaha: two hole cards with three board cards), of
    those with a card in the deck (in Hold'em every rank that could complete one: it is not held).
    The hand has no straight now."""
    outs = ZERO
    if omaha:
        live = deck_ranks(unseen)
        for k in range(_N_WINDOWS):
            outs |= omaha_window_outs(hole_mask, board_mask, live, k, 1)
        return outs
    held = hole_mask | board_mask
    candidates = U64(completing[held])
    while candidates:
        bit = candidates & (ZERO - candidates)
        candidates ^= bit
        if straight_top[held | bit] > straight_top[board_mask | bit]:
            outs |= bit
    return outs


@jitted()
def backdoor_straight(hole_mask, board_mask, unseen, omaha, straight_top, two_short):
    """The ranks of the turn cards that leave a one-card straight draw: for every two ranks that
    would give the hand a straight of its own on the river, both."""
    ranks = ZERO
    if omaha:  # a rank in the deck on both streets: the rank's cards are not all in the hole
        live = deck_ranks(unseen)
        for k in range(_N_WINDOWS):
            ranks |= omaha_window_outs(hole_mask, board_mask, live, k, 2)
        return ranks
    held = hole_mask | board_mask
    short = U64(two_short[held])
    while short:
        k = trailing_zeros(short)
        short &= short - ONE
        missing = window(k) & ~held
        if straight_top[held | missing] > straight_top[board_mask | missing]:
            ranks |= missing
    return ranks


@jitted()
def hand_draws(hole_bits, hole_mask, board_bits, board_mask, known, cat, cls, n_board, omaha, top_rank,
               straight_top, completing, spread, two_short):
    """``(kinds, flush outs, straight outs, overcard outs, backdoor outs)`` of a hand of category
    ``cat`` and class ``cls`` (``docs/rules.md``, "Draws")."""
    unseen = ALL_CARDS & ~known
    kinds = ZERO
    f_outs = ZERO
    back = ZERO
    if cat < _FLUSH_CAT:
        kinds, f_outs, back = flush_draws(hole_bits, board_bits, n_board, omaha, top_rank, spread)
    s_outs = ZERO
    if cat < _STRAIGHT_CAT:
        ranks = straight_outs(hole_mask, board_mask, unseen, omaha, straight_top, completing)
        if ranks:
            kinds |= straight_kind(ranks, hole_mask | board_mask)
            s_outs = all_suits(ranks, spread) & unseen
            if kinds & _D_FLUSH:
                kinds |= _D_COMBO
        elif n_board == FLOP_CARDS:
            ranks = backdoor_straight(hole_mask, board_mask, unseen, omaha, straight_top, two_short)
            if ranks:
                kinds |= _D_BACK_STRAIGHT
                back |= all_suits(ranks, spread) & unseen
    o_outs = ZERO
    if cls == _HIGH:
        overs = hole_mask & above(U64(top_rank[board_mask]))
        n = popcount(overs)
        if n:
            kinds |= _D_OVERS if n >= TWO else _D_ONE_OVER
            o_outs = all_suits(overs, spread) & unseen
    return kinds, f_outs, s_outs, o_outs, back


@jitted()
def omaha_best(holes, h, n_hole, n_tri, tri_keys, tri_bits, cards, bases5, values5, flush):
    """``(value, card, card)``: the best value of two of the ``n_hole`` cards at ``holes[h:]`` with one
    of the board's triples, and the first two hole cards (in hole order) that make it."""
    best = np.uint16(0)
    best_a = holes[h]
    best_c = holes[h + ONE]
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


@jitted()
def next_card_value(keys, bits, p, card, cards, bases, values, flush):
    """Hold'em: the value of player ``p`` (key and suit-rank bits with the board) with ``card`` added."""
    return value_of_bits(keys[p] + cards[U64(card)], bits[p] | suit_rank_bit(card), bases, values, flush)


@jitted(inline=True)
def hole_cards(holes, h, n_hole, cards):
    """``(ok, known, key, bits, mask)`` of the ``n_hole`` cards at ``holes[h:]``: whether every one is
    a natural card, their card mask, the sum of their card constants, their suit-rank bits and
    their rank mask."""
    ok = True
    known = ZERO
    key = ZERO
    bits = ZERO
    mask = ZERO
    for j in range(n_hole):
        c = holes[h + U64(j)]
        ok &= U64(c) < NATURAL
        known |= card_bit(c)
        bits |= suit_rank_bit(c)
        mask |= ONE << ((U64(c) >> TWO) & _NIBBLE)
        key += cards[U64(c)]
    return ok, known, key, bits, mask


@jitted(inline=True)
def board_cards(boards, b, n_board, cards):
    """``(ok, known, key, counts, mask, bits)`` of the ``n_board`` cards at ``boards[b:]``: whether
    every one is a natural card, their card mask, the sum of their card constants, their rank
    counts, rank mask and suit-rank bits."""
    ok = True
    known = ZERO
    key = ZERO
    counts = ZERO
    mask = ZERO
    bits = ZERO
    for j in range(n_board):
        c = boards[b + U64(j)]
        ok &= U64(c) < NATURAL
        known |= card_bit(c)
        key += cards[U64(c)]
        if U64(c) < NATURAL:
            counts, mask, bits = board_card(c, counts, mask, bits)
    return ok, known, key, counts, mask, bits


@jitted(inline=True)
def all_dealt(ok, known, n_cards):
    """Whether a row's cards are all natural (``ok``) and ``n_cards`` different ones (``known``: their mask)."""
    return ok and popcount(known) == U64(n_cards)
