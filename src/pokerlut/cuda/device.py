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
twice is looked for only by :func:`rank_checked`.  The per-hand arithmetic is not written
again here: the CPU's own primitives (:mod:`pokerlut.kernels.primitives`, the Omaha brute force of
:mod:`pokerlut.kernels.omaha`, the pot settling of :mod:`pokerlut.kernels.omaha_equity`) are
compiled for the device from their Python source by :func:`from_cpu`, so the key, the hash, the
flush table and the wild-card masks are one source for both targets; what is the device's own is
the record of tables, the clamping of card values and the choice among the paths.
"""

from __future__ import annotations

import threading
import types
from typing import NamedTuple

import numpy as np

from .. import layout
from ..constants import WILD
from ..kernels import equity as cpu_equity, omaha as cpu_omaha, omaha_equity as cpu_omaha_equity, primitives
from ..variants import VariantLike, best_five_variant
from ._support import cuda_module
from .devices import current_index

cuda = cuda_module()

__all__ = ["DeviceTables", "tables", "rank", "rank_checked", "empty", "add", "value", "category", "compare",
           "strength_of", "device_function", "from_cpu"]

U64 = np.uint64
U16 = np.uint16
_ZERO = U64(0)
_ONE = U64(1)
_LOW6 = U64(63)
_FIRST = U64(layout.FIRST_CARD)
_LAST_ID = U64(layout.CARD_IDS - 1)
_FLUSH_BITS = U64(layout.FLUSH_BITS)
_SLOW = U64(layout.SLOW_FIELDS)
_POISON = U64(layout.POISON_FIELD)
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
    key = (id(table_set), current_index())
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


# --------------------------------------------------------------------------- one source for both targets


@device_function
def _popcount(x):
    """The CPU intrinsic ``popcount`` on the device (and in the simulator)."""
    return U64(cuda.popc(x))


@device_function
def _trailing_zeros(x):
    """The CPU intrinsic ``trailing_zeros`` (index of the lowest set bit of a non-zero uint64): a
    popcount, the same on the device and in the simulator (whose ``ffs`` reads 32 bits)."""
    return U64(cuda.popc((x & (~x + _ONE)) - _ONE))


@device_function
def _unlikely(condition):
    """The CPU's branch hint: the condition itself."""
    return condition


@device_function
def _opaque(x):
    """The CPU's optimisation barrier (:func:`pokerlut.kernels.intrinsics.opaque`): the value itself."""
    return x


#: What the CPU primitives call, by name, as the device twins compile them: the intrinsics' device
#: forms, then every primitive as :func:`from_cpu` compiles it.
_TWINS: dict = {"popcount": _popcount, "trailing_zeros": _trailing_zeros, "unlikely": _unlikely, "opaque": _opaque}
_GLOBALS: dict = {}


def from_cpu(primitive):
    """A CPU per-hand primitive (an ``@njit`` function of :mod:`pokerlut.kernels`) compiled for the
    device from its own Python source: the same code object, run with the names it calls bound to
    their device twins (the LLVM intrinsics to :func:`_popcount` and the like, the primitives it
    calls to their own twins, which must be made first).  The CPU primitive is left as it is; the
    hash, flush and key arithmetic is written once, for both targets.

    >>> from pokerlut.kernels import primitives
    >>> from_cpu(primitives.wild_count) is wild_count
    True
    """
    source = primitive.py_func
    name = source.__name__
    if name in _TWINS and getattr(_TWINS[name], "cpu_primitive", None) is primitive:
        return _TWINS[name]
    module = source.__module__
    names = _GLOBALS.get(module)
    if names is None:  # one copy of the CPU module's names per module, the twins laid over it
        names = _GLOBALS[module] = dict(source.__globals__)
        names.update(_TWINS)
    twin_source = types.FunctionType(source.__code__, names, name, source.__defaults__, source.__closure__)
    twin_source.__doc__ = source.__doc__
    twin_source.__qualname__ = source.__qualname__
    twin = device_function(twin_source)
    twin.cpu_primitive = primitive
    _TWINS[name] = twin
    for table in _GLOBALS.values():
        table[name] = twin
    return twin


# the primitives of pokerlut.kernels.primitives and .omaha, callees first
lookup = from_cpu(primitives.lookup)
first_card = from_cpu(primitives.first_card)
add_card = from_cpu(primitives.add_card)
wild_count = from_cpu(primitives.wild_count)
has_poison = from_cpu(primitives.has_poison)
is_bad_row = from_cpu(primitives.is_bad_row)
suit_rank_bit = from_cpu(primitives.suit_rank_bit)
flush_suit = from_cpu(primitives.flush_suit)
rank_masks = from_cpu(primitives.rank_masks)
value_of_masks = from_cpu(primitives.value_of_masks)
value_of_bits = from_cpu(primitives.value_of_bits)
best_subset_of_bits = from_cpu(primitives.best_subset_of_bits)
board_triples = from_cpu(cpu_omaha.board_triples)
omaha_value = from_cpu(cpu_omaha.omaha_value)
omaha_low = from_cpu(cpu_omaha.omaha_low)
settle = from_cpu(cpu_equity.settle)
settle_pot = from_cpu(cpu_omaha_equity.settle_pot)


# --------------------------------------------------------------------------- the device's own steps


@device_function
def card_id(value):
    """A card value as a uint64 id, any value outside 0..255 as id 255 (a card no game deals)."""
    if value < 0 or value > 255:
        return _LAST_ID
    return U64(value)


@device_function
def hand_value(t, key, bits, n, bases, values):
    """Value of ``n`` cards (5-7) from their key and suit-rank bits, whatever they hold: the hash, a
    flush, wild cards, or in a game ranked subset by subset the best five (0 for a bad id), as the
    CPU's :func:`~pokerlut.kernels.primitives.rare_value` ranks them."""
    if (key & _SLOW) == _ZERO:
        return U16(lookup(key, bases, values))
    if has_poison(key):
        return _NONE
    wilds = wild_count(key)
    if wilds == _ZERO:
        if t.flags[FLAG_SUBSET_RARE] != 0 and n > 5 and (key & _FLUSH_BITS) != _ZERO:
            return U16(best_subset_of_bits(key, bits, t.cards, t.bases5, t.values5, t.flush))
        return U16(value_of_bits(key, bits, bases, values, t.flush))
    if wilds > U64(t.flags[FLAG_MAX_WILDS]):
        return _NONE
    m0, m1, m2, m3 = rank_masks(bits)
    return U16(value_of_masks(key, m0, m1, m2, m3, bases, values, t.flush))


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
    key = first_card(t.cards, c)
    bits = _ONE << (c & _LOW6)
    for j in range(1, n):
        c = card_id(cards[j])
        key = add_card(key, t.cards, c)
        bits += _ONE << (c & _LOW6)
    if n == 3:  # three-card rows: a flush is a key of its own (layout.THREE_CARD_FLUSH_KEY)
        slow = key & _POISON
        if checked:
            slow |= _popcount(bits) ^ U64(n)
        if slow != _ZERO:
            return _NONE, checked
        flush = U64((key & _FLUSH_BITS) != _ZERO)
        return U16(lookup(key + (flush << _THREE_FLUSH_SHIFT), bases, values)), False
    slow = key & _SLOW
    if checked:
        slow |= _popcount(bits) ^ U64(n)
    if slow == _ZERO:
        return U16(lookup(key, bases, values)), False
    if checked and is_bad_row(bits, n, key):
        return _NONE, True
    sr = _ZERO
    for j in range(n):
        sr |= suit_rank_bit(min(card_id(cards[j]), _WILD))
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


_TRIPLES = 10  # three of at most five board cards


@device_function
def omaha_values(holes, start, n_hole, board, n_board, th, tl, hilo):
    """The high and low (eight-or-better, 1 when none) values of the hole cards
    ``holes[start:start + n_hole]`` on the ``n_board`` cards ``board``, every pair of hole cards with
    every three board cards: the CPU's brute force (:func:`pokerlut.kernels.omaha.omaha_value` and
    ``omaha_low``, which the CPU's Omaha tables are tested against), twins of its source."""
    tri_keys = cuda.local.array(_TRIPLES, np.uint64)
    tri_bits = cuda.local.array(_TRIPLES, np.uint64)
    n_tri = board_triples(board, 0, n_board, th.cards, tri_keys, tri_bits)
    high = U16(omaha_value(holes, start, n_hole, n_tri, tri_keys, tri_bits, th.cards, th.bases5, th.values5, th.flush))
    low = _NONE
    if hilo:
        low = U16(omaha_low(holes, start, n_hole, n_tri, tri_keys, th.cards, tl.bases5, tl.values5))
    return high, low
