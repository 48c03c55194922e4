"""pokerlut inside your own ``@cuda.jit`` kernels: the GPU twin of :mod:`pokerlut.jit`.

Importing this module imports numba-cuda (``pokerlut[cuda]``), and raises the error of
:func:`pokerlut.cuda.require` when it cannot run.  The tables reach a kernel as one argument, the
:class:`DeviceTables` that :func:`tables` returns (a named tuple of device arrays, uploaded once
per game and device), and a hand as a 1-D integer array of card ids (``4 * rank + suit``, 52 for a
wild card), for example a row ``hands[i]`` of an ``(N, k)`` uint8 device array.

============================================ ==============================================================
device function (argument order is API)      what it returns
============================================ ==============================================================
``rank(tables, cards)``                      the strength of 3 (three-card games), 5, 6 or 7 cards
                                             (uint16), exactly what :func:`pokerlut.evaluate` gives
``rank_checked(tables, cards)``              the same, and 0 for a natural card held twice
``empty(tables)``                            a hand holding no card: a tuple ``(key, bits, count)``
``add(tables, hand, card)``                  that hand with one more card (one load and one add)
``value(tables, hand)``                      the strength of a hand of 5, 6 or 7 cards built by ``add``
``category(tables, strength)``               its category number, -1 outside ``1..max strength``
``compare(tables, a, b)``                    1 if cards ``a`` are stronger, -1 if ``b`` are, 0 for a tie
============================================ ==============================================================

Bad input never reads outside the tables: a card id the game does not deal (or any value outside
0..255), or a size the game does not rank, has strength 0, which no hand has; a natural card held
twice is looked for only by :func:`rank_checked`.  The per-hand arithmetic is that of
:mod:`pokerlut.kernels.primitives` (the same key, hash and flush table, :mod:`pokerlut.layout`),
written for the device: integers are kept unsigned 64-bit, as numba would otherwise mix signed
and unsigned into floats.
"""

from __future__ import annotations

import threading
from typing import NamedTuple

import numpy as np

from .. import layout
from ..constants import WILD
from ..variants import VariantLike, best_five_variant
from ._support import cuda_module, simulated

cuda = cuda_module()

__all__ = ["DeviceTables", "tables", "rank", "rank_checked", "empty", "add", "value", "category", "compare",
           "strength_of", "device_function"]

U64 = np.uint64
U16 = np.uint16
_ZERO = U64(0)
_ONE = U64(1)
_LOW6 = U64(63)
_SUIT = U64(3)
_TWO = U64(2)
_FOUR = U64(4)
_FIVE = U64(5)
_FIELD16 = U64(16)
_RANK_SHIFT = U64(layout.RANK_SHIFT)
_ROW_SHIFT = U64(layout.RANK_SHIFT + layout.ROW_SHIFT)
_COLUMN_MASK = U64(layout.COLUMN_MASK)
_ROW_MASK = U64(layout.ROW_MASK)
_FIRST = U64(layout.FIRST_CARD)
_LAST_ID = U64(layout.CARD_IDS - 1)
_FLUSH_BITS = U64(layout.FLUSH_BITS)
_SLOW = U64(layout.SLOW_FIELDS)
_POISON = U64(layout.POISON_FIELD)
_WILD_SHIFT = U64(layout.WILD_SHIFT)
_POISON_SHIFT = U64(layout.POISON_SHIFT)
_FIELD = U64(layout.FIELD_MASK)
_COUNTER_TOP = U64(layout.SUIT_COUNTER_BITS - 1)
_FLUSH_WILD_SHIFT = U64(layout.FLUSH_WILD_SHIFT)
_RANK_MASK = U64(layout.RANK_MASK)
_WILD = U64(WILD)
_THREE_FLUSH_SHIFT = U64(layout.RANK_SHIFT + layout.THREE_CARD_FLUSH_KEY.bit_length() - 1)
_NONE = U16(0)

#: ``DeviceTables.flags`` entries.
FLAG_SUBSET_RARE, FLAG_MAX_WILDS, FLAG_MAX_STRENGTH, FLAG_SIZES = range(4)


def device_function(fn):
    """``@cuda.jit(device=True)``: a function callable from kernels (and, in the simulator, from Python)."""
    return cuda.jit(device=True)(fn)


class DeviceTables(NamedTuple):
    """The tables of one game on one device, as one kernel argument (:func:`tables` builds it).

    A hash the game does not have (the 6- and 7-card ones of a game of 3- and 5-card rows) holds the
    5-card one's arrays, never read: ``flags[FLAG_SIZES]`` says which sizes are ranked."""

    cards: object  #: (512,) uint64 card constants (:mod:`pokerlut.layout`)
    flush: object  #: uint16 flush table
    bases3: object
    values3: object
    bases5: object
    values5: object
    bases6: object
    values6: object
    bases7: object
    values7: object
    categories: object  #: (max strength + 1,) uint8: the category of each strength
    flags: object  #: uint32: subset rare, max wilds, max strength, bit k set for each size k ranked


_UPLOADED: dict = {}
_LOCK = threading.Lock()


def _device_id() -> int:
    if simulated():
        return 0
    return int(cuda.get_current_device().id)


def tables(variant: VariantLike = "high") -> DeviceTables:
    """The tables of a best-five game (or of three-card rows) on the current device: uploaded on
    first use, then cached per game and device.

    >>> t = tables("short-deck")
    >>> int(t.flags.copy_to_host()[FLAG_MAX_STRENGTH]), tables("short-deck") is t
    (1404, True)
    """
    v = best_five_variant(variant, "pokerlut.cuda")
    table_set = v.tables
    if table_set.suit_sets:
        raise ValueError(f"the {v.name} game (hands keyed by their suits' rank masks) is not served on the GPU; "
                         f"use pokerlut.evaluate")
    key = (id(table_set), _device_id())
    with _LOCK:
        found = _UPLOADED.get(key)
        if found is None:
            found = _UPLOADED[key] = (_upload(table_set), table_set)  # the set kept alive with its id
    return found[0]


def _upload(table_set) -> DeviceTables:
    a = table_set.arrays
    sizes = table_set.hand_sizes
    max_wilds = layout.MAX_WILDS if table_set.deals_wild else 0
    if table_set.subset_rare and max_wilds:  # what the device functions rely on, as pokerlut.jit does
        raise ValueError(f"{table_set.name}: a game ranked subset by subset with wild cards is not served on the GPU")
    five = 5 if 5 in sizes else sizes[0]

    def hash_of(n: int) -> tuple[np.ndarray, np.ndarray]:
        k = n if n in sizes else five
        return a[layout.bases_name(k)], a[layout.values_name(k)]

    flags = np.array([int(table_set.subset_rare), max_wilds, table_set.n_strengths,
                      sum(1 << n for n in sizes)], np.uint32)
    host = [a[layout.CARD_TABLE], a[layout.FLUSH_TABLE], *hash_of(3), *hash_of(5), *hash_of(6), *hash_of(7),
            np.ascontiguousarray(table_set.hand_values[:, 0]), flags]
    return DeviceTables(*(cuda.to_device(np.ascontiguousarray(x)) for x in host))


# --------------------------------------------------------------------------- the per-hand arithmetic


@device_function
def lookup(key, bases, values):
    """Non-flush value of a key: the row-displacement hash of its rank key."""
    return values[((key >> _RANK_SHIFT) & _COLUMN_MASK) + U64(bases[(key >> _ROW_SHIFT) & _ROW_MASK])]


@device_function
def lowest_bit_index(x):
    """Index of the lowest set bit of a non-zero uint64 (a popcount: the same on the device and in
    the simulator, whose ``ffs`` reads 32 bits)."""
    return U64(cuda.popc((x & (~x + _ONE)) - _ONE))


@device_function
def card_id(value):
    """A card value as a uint64 id, any value outside 0..255 as id 255 (a card no game deals)."""
    if value < 0 or value > 255:
        return _LAST_ID
    return U64(value)


@device_function
def suit_rank_bit(c):
    """Bit ``16 * suit + rank`` of card id ``c`` (a wild card's lands on rank 13, which masks drop)."""
    return _ONE << (((c & _SUIT) << _FOUR) + (c >> _TWO))


@device_function
def wild_count(key):
    return (key >> _WILD_SHIFT) & _FIELD


@device_function
def has_poison(key):
    return ((key >> _POISON_SHIFT) & _FIELD) != _ZERO


@device_function
def is_bad_row(bits, n, key):
    """A row holding an id the game does not deal or a natural card twice (see
    :func:`pokerlut.kernels.primitives.is_bad_row`)."""
    if has_poison(key):
        return True
    wilds = wild_count(key)
    return U64(cuda.popc(bits)) != U64(n) - wilds + U64(cuda.popc(wilds))


@device_function
def value_of_bits(key, bits, bases, values, flush):
    """Value of natural cards from their key and OR-ed suit-rank bits: the hash, or a flush."""
    if (key & _FLUSH_BITS) != _ZERO:
        suit = (lowest_bit_index(key & _FLUSH_BITS) - _COUNTER_TOP) >> _TWO
        return U16(flush[(bits >> (suit << _FOUR)) & _RANK_MASK])
    return U16(lookup(key, bases, values))


@device_function
def value_of_masks(key, bits, bases, values, flush):
    """Value with wild cards or a flush: the best of every suit's flush candidate and, with wild
    cards, the hash (wild cards as a fourteenth rank)."""
    wilds = wild_count(key)
    base = wilds << _FLUSH_WILD_SHIFT
    best = U16(0)
    for s in range(4):
        best = max(best, U16(flush[base | ((bits >> (U64(s) * _FIELD16)) & _RANK_MASK)]))
    if wilds == _ZERO:
        return best
    return max(best, U16(lookup(key, bases, values)))


@device_function
def best_subset_of_bits(key, bits, cards, bases5, values5, flush):
    """Best 5-card value of 6 or 7 natural cards from their key and suit-rank bits."""
    best = U16(0)
    n = U64(cuda.popc(bits))
    rest = bits
    while rest != _ZERO:
        lx = rest & (~rest + _ONE)
        rest ^= lx
        px = lowest_bit_index(lx)
        cx = ((px & U64(15)) << _TWO) | (px >> _FOUR)
        if n == U64(6):
            best = max(best, value_of_bits(key - cards[cx], bits & ~lx, bases5, values5, flush))
            continue
        later = rest
        while later != _ZERO:
            ly = later & (~later + _ONE)
            later ^= ly
            py = lowest_bit_index(ly)
            cy = ((py & U64(15)) << _TWO) | (py >> _FOUR)
            best = max(best, value_of_bits(key - cards[cx] - cards[cy], bits & ~(lx | ly), bases5, values5, flush))
    return best


@device_function
def hand_value(t, key, bits, n, bases, values):
    """Value of ``n`` cards (5-7) from their key and suit-rank bits, whatever they hold: the hash, a
    flush, wild cards, or in a game ranked subset by subset the best five (0 for a bad id)."""
    if (key & _SLOW) == _ZERO:
        return U16(lookup(key, bases, values))
    if has_poison(key):
        return _NONE
    wilds = wild_count(key)
    if wilds == _ZERO:
        if t.flags[FLAG_SUBSET_RARE] != 0 and n > 5 and (key & _FLUSH_BITS) != _ZERO:
            return best_subset_of_bits(key, bits, t.cards, t.bases5, t.values5, t.flush)
        return value_of_bits(key, bits, bases, values, t.flush)
    if wilds > U64(t.flags[FLAG_MAX_WILDS]):
        return _NONE
    return value_of_masks(key, bits, bases, values, t.flush)


@device_function
def hash_for(t, n):
    """The ``(bases, values)`` of hands of ``n`` cards."""
    if n == 7:
        return t.bases7, t.values7
    if n == 6:
        return t.bases6, t.values6
    if n == 3:
        return t.bases3, t.values3
    return t.bases5, t.values5


@device_function
def ranked_size(t, n):
    """Whether the game ranks hands of ``n`` cards."""
    return n >= 0 and n < 32 and ((t.flags[FLAG_SIZES] >> n) & 1) != 0


@device_function
def strength_of(t, cards, n, checked):
    """``(strength, bad)`` of the first ``n`` cards of ``cards`` (``n`` a size the game ranks): the
    strength :func:`pokerlut.evaluate` gives, and whether a checked call rejects the hand (its
    strength is then 0), exactly as the CPU kernels (:mod:`pokerlut.kernels.rank`)."""
    bases, values = hash_for(t, n)
    c = card_id(cards[0])
    key = t.cards[c + _FIRST]
    bits = _ONE << (c & _LOW6)
    for j in range(1, n):
        c = card_id(cards[j])
        key += t.cards[c]
        bits += _ONE << (c & _LOW6)
    if n == 3:  # three-card rows: a flush is a key of its own (layout.THREE_CARD_FLUSH_KEY)
        slow = key & _POISON
        if checked:
            slow |= U64(cuda.popc(bits)) ^ U64(n)
        if slow != _ZERO:
            return _NONE, checked
        flush = U64((key & _FLUSH_BITS) != _ZERO)
        return U16(lookup(key + (flush << _THREE_FLUSH_SHIFT), bases, values)), False
    slow = key & _SLOW
    if checked:
        slow |= U64(cuda.popc(bits)) ^ U64(n)
    if slow == _ZERO:
        return U16(lookup(key, bases, values)), False
    if checked and is_bad_row(bits, n, key):
        return _NONE, True
    sr = _ZERO
    for j in range(n):
        sr |= suit_rank_bit(card_id(cards[j]))
    return hand_value(t, key, sr, n, bases, values), False


# --------------------------------------------------------------------------- the API for user kernels


@device_function
def rank(tables, cards):
    """Strength of the cards of a 1-D array (3 in the three-card games, else 5, 6 or 7): what
    :func:`pokerlut.evaluate` gives, 0 for a card the game does not deal or a size it does not rank;
    a natural card held twice is not looked for (:func:`rank_checked`)."""
    n = cards.shape[0]
    if not ranked_size(tables, n):
        return _NONE
    s, bad = strength_of(tables, cards, n, False)
    return s


@device_function
def rank_checked(tables, cards):
    """:func:`rank`, and 0 for every hand :func:`pokerlut.evaluate` rejects (a card held twice)."""
    n = cards.shape[0]
    if not ranked_size(tables, n):
        return _NONE
    s, bad = strength_of(tables, cards, n, True)
    return s


@device_function
def empty(tables):
    """A hand holding no card: ``(key, suit-rank bits, count)``, the suit counters started."""
    return tables.cards[_FIRST] - tables.cards[0], _ZERO, _ZERO


@device_function
def add(tables, hand, card):
    """``hand`` with ``card`` added (an integer id; outside 0..255 a card no game deals)."""
    c = card_id(card)
    key, bits, count = hand
    return key + tables.cards[c], bits | suit_rank_bit(min(c, _WILD)), count + _ONE


@device_function
def value(tables, hand):
    """Strength of a hand of 5, 6 or 7 cards built by :func:`add` (0 for another count or a card the
    game does not deal; a card added twice is not looked for)."""
    key, bits, count = hand
    n = np.int64(count)
    if n < 5 or n > 7 or not ranked_size(tables, n):
        return _NONE
    bases, values = hash_for(tables, n)
    return hand_value(tables, key, bits, n, bases, values)


@device_function
def category(tables, strength):
    """Category number of a strength (an index into :func:`pokerlut.category_names`), -1 outside
    ``1..max strength``."""
    s = np.int64(strength)
    if s < 1 or s > np.int64(tables.flags[FLAG_MAX_STRENGTH]):
        return np.int64(-1)
    return np.int64(tables.categories[s])


@device_function
def compare(tables, a, b):
    """1 if the cards of ``a`` are stronger than those of ``b``, -1 if weaker, 0 for a tie."""
    sa = rank(tables, a)
    sb = rank(tables, b)
    if sa > sb:
        return 1
    if sa < sb:
        return -1
    return 0


_FIRST_CARD = U64(layout.FIRST_CARD)


@device_function
def omaha_values(holes, start, n_hole, board, n_board, th, tl, hilo):
    """The high and low (eight-or-better, 1 when none) values of the hole cards
    ``holes[start:start + n_hole]`` on the ``n_board`` cards ``board`` (card ids as uint64), by brute
    force: every pair of hole cards with every three board cards."""
    best_high = np.uint16(0)
    best_low = np.uint16(0)
    for p in range(n_hole - 1):
        hp = U64(holes[start + p])
        for q in range(p + 1, n_hole):
            hq = U64(holes[start + q])
            pair_high = th.cards[hp + _FIRST_CARD] + th.cards[hq]
            pair_low = tl.cards[hp + _FIRST_CARD] + tl.cards[hq]
            pair_bits = suit_rank_bit(hp) | suit_rank_bit(hq)
            for x in range(n_board - 2):
                bx = board[x]
                for y in range(x + 1, n_board - 1):
                    by = board[y]
                    for z in range(y + 1, n_board):
                        bz = board[z]
                        bits = pair_bits | suit_rank_bit(bx) | suit_rank_bit(by) | suit_rank_bit(bz)
                        key = pair_high + th.cards[bx] + th.cards[by] + th.cards[bz]
                        best_high = max(best_high, value_of_bits(key, bits, th.bases5, th.values5, th.flush))
                        if hilo:
                            key = pair_low + tl.cards[bx] + tl.cards[by] + tl.cards[bz]
                            best_low = max(best_low, hand_value(tl, key, bits, 5, tl.bases5, tl.values5))
    return best_high, best_low
