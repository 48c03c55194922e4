"""The per-hand operations every kernel is built from (``@njit(inline="always")``: free to call).

A hand is ``n`` card bytes at ``flat[b : b + n]`` of a flat uint8 array; the tables are the
arrays :mod:`pokerlut.layout` describes, passed in as arguments.  Indices are unsigned (signed
ones make numba emit negative-index wraparound code in the hot loops).

* :func:`hand_key` / :func:`add_card`: the key of a hand, one load and one add per card.
* :func:`lookup`: the row-displacement hash (the only place it is written).
* :func:`card_bits`: the sum of ``1 << (card & 63)``; its popcount is the number of cards exactly
  when no id repeats, which makes validation one popcount in the fast path.
* :func:`value_of`: the value of a row (or of a row less one or two cards) whatever it holds: the
  hash, a natural flush, or wild cards with the flush candidates of every suit
  (:func:`value_of_masks` once the suits' rank masks are known, :func:`rank_masks` reads them from
  suit-rank bits).
* :func:`rare_value`: a row that failed the fast test: :func:`value_of`, or for games ranked subset
  by subset (a flush counts against the hand) the best of its 5-card subsets.
* :func:`is_bad_row`: the exact validation of a row that left the fast path, one popcount.
* :func:`row_problem`: the full check of one row (bad id, card of another deck, repeat), which
  names the problem.
* :func:`row_value`: all of the above for one row, as the ranking loop of :mod:`.rank` does it,
  for code that ranks one hand at a time (:mod:`pokerlut.jit`, the one-hand entry point).

The rare paths that loop (:func:`best_subset_value`, :func:`best_subset_of_bits`,
:func:`row_problem`) are ordinary compiled functions rather than inlined ones: compiled once and
called, they keep every kernel that reaches them small to compile.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from .. import layout
from ..constants import WILD
from .compile import jitted
from .intrinsics import popcount, trailing_zeros, unlikely

U64 = np.uint64
_ONE = U64(1)
_RANK_SHIFT = U64(layout.RANK_SHIFT)
_ROW_SHIFT = U64(layout.RANK_SHIFT + layout.ROW_SHIFT)
_COLUMN_MASK = U64(layout.COLUMN_MASK)
_ROW_MASK = U64(layout.ROW_MASK)
_FIRST = U64(layout.FIRST_CARD)
_FLUSH_BITS = U64(layout.FLUSH_BITS)
_WILD_SHIFT = U64(layout.WILD_SHIFT)
_POISON_SHIFT = U64(layout.POISON_SHIFT)
_FIELD = U64(layout.FIELD_MASK)
_COUNTER_TOP = U64(layout.SUIT_COUNTER_BITS - 1)
_COUNTER_SHIFT = U64(2)  # suit index = bit index of a counter // 4
_FLUSH_WILD_SHIFT = U64(layout.FLUSH_WILD_SHIFT)
_RANK_MASK = U64(layout.RANK_MASK)
_LOW6 = U64(63)
_SUIT = U64(3)
_RANK = U64(2)
_WILD = U64(WILD)
_FIVE = U64(5)
_SUIT_FIELD_SHIFT = U64(4)  # suit-rank bits: 16 bits per suit
_SUIT_FIELD = U64(16)
_SLOW = U64(layout.SLOW_FIELDS)

#: ``row_problem`` codes (0: the row is fine)
OK, NOT_A_CARD, REPEATED = 0, 1, 2


@jitted()
def add_card(key, cards, card):
    """``key`` plus the constant of ``card`` (not the hand's first card)."""
    return key + cards[U64(card)]


@jitted()
def first_card(cards, card):
    """The key of a hand holding just ``card``, suit counters started."""
    return cards[U64(card) + _FIRST]


@jitted()
def hand_key(flat, b, n, cards):
    """Key of the ``n`` cards at ``flat[b:]``."""
    key = first_card(cards, flat[b])
    for j in range(1, n):
        key = add_card(key, cards, flat[b + U64(j)])
    return key


@nb.njit(inline="always", nogil=True)
def lookup(key, bases, values):
    """Non-flush value of a key: the row-displacement hash of its rank key."""
    return values[((key >> _RANK_SHIFT) & _COLUMN_MASK) + U64(bases[(key >> _ROW_SHIFT) & _ROW_MASK])]


@jitted()
def card_bits(flat, b, n):
    """Sum of ``1 << (card & 63)`` over the row: its popcount is ``n`` exactly when no id repeats."""
    bits = U64(0)
    for j in range(n):
        bits += _ONE << (U64(flat[b + U64(j)]) & _LOW6)
    return bits


@jitted()
def wild_count(key):
    return (key >> _WILD_SHIFT) & _FIELD


@jitted()
def has_poison(key):
    return (key >> _POISON_SHIFT) & _FIELD != 0


@jitted()
def is_bad_row(bits, n, key):
    """Whether a row of ``n`` cards, whose key is ``key`` and :func:`card_bits` ``bits``, holds an
    id the game does not deal or a natural card twice: exactly the rows :func:`row_problem` names,
    in one popcount.  Without poison every id is a natural card (bits 0..51 of ``bits``) or the wild
    card (bit 52, so ``w`` wilds add ``w << 52``); the naturals are distinct exactly when the popcount is ``n - w + popcount(w)``, and
    a repeat only lowers it (the popcount of a sum is at most the sum of the popcounts)."""
    if has_poison(key):
        return True
    wilds = wild_count(key)
    return popcount(bits) != U64(n) - wilds + popcount(wilds)


@nb.njit(inline="always", nogil=True)
def flush_suit(key):
    """The suit whose counter reached five (the lowest one, should there be two)."""
    return (trailing_zeros(key & _FLUSH_BITS) - _COUNTER_TOP) >> _COUNTER_SHIFT


@nb.njit(inline="always", nogil=True)
def suit_rank_bit(card):
    """Bit ``16 * suit + rank`` of a natural card: OR-ed over a hand, the rank mask of each suit is
    a 16-bit field, read back by :func:`value_of_bits` without going back to the cards."""
    c = U64(card)
    return _ONE << (((c & _SUIT) << _SUIT_FIELD_SHIFT) + (c >> _RANK))


@jitted()
def suit_rank_bits(flat, b, n, skip1, skip2):
    """The OR of :func:`suit_rank_bit` over the cards of the row, leaving out positions ``skip1``
    and ``skip2`` (pass ``n`` to leave out nothing)."""
    bits = U64(0)
    for j in range(n):
        if j != skip1 and j != skip2:
            bits |= suit_rank_bit(flat[b + U64(j)])
    return bits


@jitted()
def suit_masks(flat, b, n, skip1, skip2):
    """13-bit rank masks of the natural cards of each suit (clubs .. spades) in the row, leaving
    out positions ``skip1`` and ``skip2`` (pass ``n`` to leave out nothing).  Branch-free over the
    cards: the wild card's bit lands on rank 13, which the masks drop."""
    return rank_masks(suit_rank_bits(flat, b, n, skip1, skip2))


@jitted()
def rank_masks(bits):
    """The four 13-bit rank masks (clubs .. spades) of OR-ed :func:`suit_rank_bit` (a wild card's
    bit, rank 13, dropped)."""
    return (bits & _RANK_MASK, (bits >> _SUIT_FIELD) & _RANK_MASK, (bits >> (_SUIT_FIELD + _SUIT_FIELD)) & _RANK_MASK,
            (bits >> (_SUIT_FIELD * U64(3))) & _RANK_MASK)


@jitted()
def value_of(flat, b, n, skip1, skip2, key, bases, values, flush):
    """Value of the cards of the row other than positions ``skip1``/``skip2``, whose key is ``key``,
    looked up in the hash of their number of cards (``bases``/``values``).

    Natural non-flush cards: the hash.  A natural flush: the flush table at its suit's rank mask
    (beside five cards of one suit no better hand is possible in a high game, and in a low game the
    five cards are the flush).  Wild cards: the best of the hash (wilds as a fourteenth rank,
    flushes ignored) and the flush table at every suit's rank mask and the wild count.  The flush
    table holds 0 where a suit's naturals and the wilds do not reach five, so every suit is looked
    up without a branch and the best taken."""
    if wild_count(key) == 0 and (key & _FLUSH_BITS) == 0:
        return lookup(key, bases, values)
    m0, m1, m2, m3 = suit_masks(flat, b, n, skip1, skip2)
    return value_of_masks(key, m0, m1, m2, m3, bases, values, flush)


@jitted()
def value_of_masks(key, m0, m1, m2, m3, bases, values, flush):
    """:func:`value_of` given the rank masks of each suit's natural cards: a natural flush from the
    flush table, or with wild cards the best of the hash and every suit's flush candidate."""
    wilds = wild_count(key)
    base = wilds << _FLUSH_WILD_SHIFT
    best = max(max(flush[base | m0], flush[base | m1]), max(flush[base | m2], flush[base | m3]))
    if wilds == 0:
        return best
    return max(best, lookup(key, bases, values))


@jitted()
def subset_key(flat, b, n, skip1, skip2, key, cards):
    """The key of the row without the cards at ``skip1``/``skip2`` (``n`` for none): the row's key
    minus their constants.  The suit counters keep their start, which the first card added."""
    if skip1 < n:
        key -= cards[U64(flat[b + U64(skip1)])]
    if skip2 < n:
        key -= cards[U64(flat[b + U64(skip2)])]
    return key


@jitted()
def best_subset_value(flat, b, n, key, cards, bases5, values5, flush):
    """Best value over the row's 5-card subsets (6 or 7 cards), each from the 5-card tables."""
    best = np.uint16(0)
    for i in range(n):
        for j in range(i + 1, n + 1):
            if (n == 6) != (j == n):  # 6 cards: leave out one (j = n: none); 7 cards: two
                continue
            k5 = subset_key(flat, b, n, i, j, key, cards)
            best = max(best, value_of(flat, b, n, i, j, k5, bases5, values5, flush))
    return best


@jitted()
def rare_value(flat, b, n, key, cards, bases, values, flush, bases5, values5, subset_rare):
    """Value of a row that left the fast path: a possible flush (wild cards counted in every suit),
    wild cards a validated kernel sent here, or, in a game ranked subset by subset (a flush counts
    against the hand), five cards of one suit among six or seven.  A row
    holding an id the game does not deal gets 0 (reached only unchecked)."""
    if has_poison(key):
        return np.uint16(0)
    if subset_rare and n > 5:
        if wild_count(key) == 0:  # natural cards: each subset from the key and the suit-rank bits
            return best_subset_of_bits(key, suit_rank_bits(flat, b, n, n, n), cards, bases5, values5, flush)
        return best_subset_value(flat, b, n, key, cards, bases5, values5, flush)
    return value_of(flat, b, n, n, n, key, bases, values, flush)


@nb.njit(inline="always", nogil=True)
def value_of_bits(key, bits, bases, values, flush):
    """Value of natural cards given their key and their OR-ed :func:`suit_rank_bit`: the hash, or
    for a flush the flush table at its suit's rank mask."""
    if unlikely((key & _FLUSH_BITS) != 0):
        return flush[(bits >> (flush_suit(key) << _SUIT_FIELD_SHIFT)) & _RANK_MASK]
    return lookup(key, bases, values)


@jitted()
def best_subset_of_bits(key, bits, cards, bases5, values5, flush):
    """Best 5-card value of 6 or 7 natural cards given as their key and suit-rank bits (each
    subset's key is the key less the left-out cards', its bits the bits less theirs)."""
    best = np.uint16(0)
    n = popcount(bits)
    rest = bits
    while rest:
        px = trailing_zeros(rest)
        rest &= rest - _ONE
        cx = ((px & U64(15)) << _RANK) | (px >> _SUIT_FIELD_SHIFT)
        if n == 6:
            best = max(best, value_of_bits(key - cards[cx], bits & ~(_ONE << px), bases5, values5, flush))
            continue
        later = rest
        while later:
            py = trailing_zeros(later)
            later &= later - _ONE
            cy = ((py & U64(15)) << _RANK) | (py >> _SUIT_FIELD_SHIFT)
            k5 = key - cards[cx] - cards[cy]
            best = max(best, value_of_bits(k5, bits & ~((_ONE << px) | (_ONE << py)), bases5, values5, flush))
    return best


@nb.njit(inline="always", nogil=True)
def hand_value_of_bits(key, bits, bases, values, flush, bases5, values5, cards, subset_rare):
    """Value of 5 to 7 natural cards from their key and suit-rank bits, in any game: in a game
    ranked subset by subset (a flush counts against the hand), a hand of six or seven with five of a
    suit takes the best of its 5-card subsets."""
    if unlikely(subset_rare and (key & _FLUSH_BITS) != 0 and popcount(bits) > _FIVE):
        return best_subset_of_bits(key, bits, cards, bases5, values5, flush)
    return value_of_bits(key, bits, bases, values, flush)


@jitted()
def row_problem(flat, b, n, cards):
    """``(position, code)`` of the first problem of the row, or ``(-1, OK)``: an id the game does
    not deal (``NOT_A_CARD``, poisoned in ``cards``) or a natural card seen earlier (``REPEATED``)."""
    seen = U64(0)
    for j in range(n):
        c = U64(flat[b + U64(j)])
        if (cards[c] >> _POISON_SHIFT) & _FIELD != 0:
            return j, NOT_A_CARD
        if c != _WILD:
            bit = _ONE << c
            if seen & bit:
                return j, REPEATED
            seen |= bit
    return -1, OK


@nb.njit(inline="always", nogil=True)
def row_value(flat, b, n, checked, cards, bases, values, flush, bases5, values5, subset_rare):
    """Strength of the ``n`` cards at ``flat[b:]`` (``n`` and ``checked`` constants where this
    inlines): the fast test, then the hash or :func:`row_rare_value`; 0 for a row holding an id the
    game does not deal, and with ``checked`` for every row :func:`is_bad_row` finds.  What is
    inlined is the fast path only, small enough for LLVM to inline a function made of it in turn."""
    key = hand_key(flat, b, n, cards)
    slow = key & _SLOW
    bits = card_bits(flat, b, n) if checked else U64(0)
    if checked:
        slow |= popcount(bits) ^ U64(n)
    if unlikely(slow != 0):
        return row_rare_value(flat, b, n, checked, key, bits, cards, bases, values, flush, bases5, values5,
                              subset_rare)
    return lookup(key, bases, values)


@jitted()
def row_rare_value(flat, b, n, checked, key, bits, cards, bases, values, flush, bases5, values5, subset_rare):
    """:func:`row_value` of a row that failed the fast test (:func:`card_bits` ``bits`` when checked)."""
    if checked and is_bad_row(bits, n, key):
        return np.uint16(0)
    return rare_value(flat, b, n, key, cards, bases, values, flush, bases5, values5, subset_rare)
