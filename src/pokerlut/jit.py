"""pokerlut inside your own numba code: per-hand functions callable from ``@njit`` functions.

Everything here is meant to be called from inside a function you compile with numba
(``@numba.njit``, ``cache=True`` welcome); numba inlines it into your loop, so one hand costs what
it costs inside pokerlut's own kernels.  The tables reach your function as one argument, the
:class:`Tables` that :func:`tables` returns (a named tuple of read-only arrays, never globals), and
the cards of a hand as a 1-D C-contiguous ``uint8`` array of card ids (``4 * rank + suit``, 52 for
a wild card), for example a row ``hands[i]`` of an ``(N, k)`` uint8 array.

============================================ ==============================================================
function (argument order is part of the API) what it returns
============================================ ==============================================================
``tables(variant="high")``                   (Python) the :class:`Tables` of a game, the first argument of
                                             everything below
``rank(tables, cards)``                      the strength of 5, 6 or 7 cards (uint16), exactly the number
                                             :func:`pokerlut.evaluate` gives
``rank_checked(tables, cards)``              the same, and 0 for a card held twice
``empty(tables)``                            a :class:`Hand` holding no card
``hand(tables, cards)``                      a :class:`Hand` holding ``cards`` (any number, e.g. a board)
``add(tables, hand, card)``                  that hand with one more card (one load and one add)
``value(tables, hand)``                      the strength of a :class:`Hand` of 5, 6 or 7 cards
``category(tables, strength)``               its category number (:func:`pokerlut.category_names`)
``compare(tables, a, b)``                    1 if hand ``a`` is stronger, -1 if ``b`` is, 0 for a tie
``best_five(tables, cards, five, plays_as)`` the strength; writes the best five and what each plays as
                                             (the high game, as :func:`pokerlut.best_five`)
``omaha(tables, hole, board)``               the Omaha strength: two of 4-6 hole cards and three of a
                                             3-5 card board (the eight-or-better tables give the low)
============================================ ==============================================================

**Bad input never reads outside the tables and never raises inside your loop**; the one exception
is an output array too short to write into (``best_five``'s ``five`` or ``plays_as`` of fewer than
5 elements): a ``ValueError`` raised before anything is written, never a write past its end.  A
hand holding a card id the game does not deal (above 52, the wild card outside the high game or in
Omaha, a deuce in short deck), or of a size outside 5-7 (Omaha: 4-6 hole cards, 3-5 board cards), has strength
**0**, which no hand has; :func:`add` maps any integer outside 0..255 to such an id.  A natural
card held twice is not looked for by :func:`rank`, :func:`value` and :func:`omaha` (their strength
is then meaningless, as with ``evaluate(check=False)``); :func:`rank_checked` gives it 0 too.  A
card array of another dtype, dimension or layout (or a list), or tables that are not
:func:`tables`', is a :class:`JitTypeError` (a ``TypeError``) when your function compiles, one
line naming the function, the argument and the type expected (``pokerlut.jit.rank: cards must be
a 1-D C-contiguous uint8 array of card ids ..., got array(float64, 1d, C)``), not numba's report.

numba's cache keys your compiled function on your own source file only: after upgrading pokerlut,
delete your cache (the ``__pycache__/*.nbi``/``*.nbc`` files next to your module, or
``NUMBA_CACHE_DIR``), or your function keeps the old inlined code.  The guide ``docs/jit.md`` ("Inside
your own numba code") has a complete example; ``docs/rules.md`` ("Bad cards inside a jitted loop") the rule.

>>> t = tables()
>>> int(rank(t, np.array([51, 47, 43, 39, 35, 0, 1], np.uint8)))      # callable from Python too, slowly
7462
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

import numpy as np

from . import layout
from .constants import FIVE_CARDS, HAND_SIZES, NO_CARD, NO_STRENGTH, OMAHA_BOARD_SIZES, OMAHA_HOLE_SIZES, WILD
from .kernels.compile import jit as compile_jit, jitted
from .kernels.intrinsics import unlikely
from .kernels.omaha import board_triples, omaha_value
from .kernels.pointers import JitTypeError, card_row, scratch, stack_array, table_pointers
from .kernels.primitives import (add_card, hand_value_of_bits, has_poison, lookup, rank_masks, row_value, suit_rank_bit,
                                 value_of_masks, wild_count)
from .kernels.registry import select_kernel
from .table_records import Tables
from .variants import VariantLike, get_variant

__all__ = ["Tables", "Hand", "JitTypeError", "tables", "rank", "rank_checked", "empty", "hand", "add", "value",
           "category", "compare", "best_five", "omaha"]

U64 = np.uint64
_ZERO = U64(0)
_ONE = U64(1)
_SLOW = U64(layout.SLOW_FIELDS)
_FIRST = U64(layout.FIRST_CARD)
_LAST_ID = U64(layout.CARD_IDS - 1)
_WILD = U64(WILD)
_NONE = np.uint16(NO_STRENGTH)
_NO_CARD = np.uint8(NO_CARD)
_TRIPLES = 10  # three of a board of at most five
#: The hole and board sizes :func:`omaha` ranks.
_FEWEST_HOLE, _MOST_HOLE = OMAHA_HOLE_SIZES[0], OMAHA_HOLE_SIZES[-1]
_FEWEST_BOARD, _MOST_BOARD = OMAHA_BOARD_SIZES[0], OMAHA_BOARD_SIZES[-1]
#: The pointer of each card argument, its type error naming the function and the argument.
_RANK_CARDS, _RANK_CHECKED_CARDS, _HAND_CARDS = (card_row(f"pokerlut.jit.{name}: cards")
                                                 for name in ("rank", "rank_checked", "hand"))
_COMPARE_A, _COMPARE_B = (card_row(f"pokerlut.jit.compare: {name}") for name in ("a", "b"))
_BEST_CARDS, _BEST_FIVE, _BEST_PLAYS = (card_row(f"pokerlut.jit.best_five: {name}")
                                        for name in ("cards", "five", "plays_as"))
_OMAHA_HOLE, _OMAHA_BOARD = (card_row(f"pokerlut.jit.omaha: {name}") for name in ("hole", "board"))


class Hand(NamedTuple):
    """A hand being built card by card (:func:`empty`, :func:`hand`, :func:`add`): its key, the
    OR of its cards' suit-rank bits, and how many cards it holds."""

    key: int
    bits: int
    count: int


@lru_cache(maxsize=None)
def _tables(name: str) -> Tables:
    ts = get_variant(name).tables
    a = ts.arrays
    rules = a[layout.RULES_TABLE]
    max_wilds = layout.MAX_WILDS if rules[layout.RULE_WILD] else 0
    # what the jitted code relies on: every flush index of a legal wild count inside the table, and
    # no game ranking hands subset by subset with wild cards (a Hand keeps no cards to take out)
    assert a[layout.FLUSH_TABLE].shape[0] == (max_wilds + 1) << layout.FLUSH_WILD_SHIFT
    assert not (ts.subset_rare and max_wilds)
    categories = np.ascontiguousarray(ts.hand_values[:, 0])
    categories.setflags(write=False)
    return Tables(a[layout.CARD_TABLE], a[layout.FLUSH_TABLE],
                  a[layout.bases_name(5)], a[layout.values_name(5)], a[layout.bases_name(6)], a[layout.values_name(6)],
                  a[layout.bases_name(7)], a[layout.values_name(7)], ts.hand_values, categories, ts.n_strengths,
                  max_wilds, ts.subset_rare, name == "high")


def tables(variant: VariantLike = "high") -> Tables:
    """The tables of a game, to pass to your jitted function (loaded and checked once, then cached).

    ``variant``: ``"high"`` (the default, wild cards allowed), ``"short-deck"``, ``"ace-five-low"``,
    ``"eight-or-better"``, ``"deuce-seven-low"``, or ``"omaha"`` (the high tables, for
    :func:`omaha`).  Omaha hi-lo ranks each side from its own tables: ``tables("omaha")`` for the
    high and ``tables("eight-or-better")`` for the low, each passed to :func:`omaha`.

    >>> t = tables("short-deck")
    >>> t.max_strength, t.max_wilds, t.values7.dtype.name
    (1404, 0, 'uint16')
    """
    v = get_variant(variant)
    if v.rule.shares_board and v.rule.hilo:
        raise ValueError("Omaha hi-lo ranks each side from its own tables: pass pokerlut.jit.tables('omaha') for "
                         "the high and pokerlut.jit.tables('eight-or-better') for the low to pokerlut.jit.omaha")
    return _tables(v.table_set if v.rule.shares_board else v.name)


# --------------------------------------------------------------------------- whole hands
#
# Each public function is a small wrapper that numba inlines into the caller: it reads the data
# pointers of the tables and the cards (no runtime object, so no reference counting in the
# caller's loop) and calls a compiled core taking only pointers and integers, compiled once and
# cached with pokerlut's kernels; LLVM inlines the core into the caller's loop.  The caller's
# compile then costs little, and its loop runs what pokerlut's own kernels run.


def _rank_core(n: int):
    """The compiled core ranking ``n`` cards, small enough for LLVM to inline into a caller's loop."""
    def core(p, row):
        if n == 7:
            bases, values = p.bases7, p.values7
        elif n == 6:
            bases, values = p.bases6, p.values6
        else:
            bases, values = p.bases5, p.values5
        return row_value(row, _ZERO, n, False, p.cards, bases, values, p.flush, p.bases5, p.values5, p.subset_rare)

    return compile_jit(core, f"jit_rank{n}")


_RANK5, _RANK6, _RANK7 = (_rank_core(n) for n in HAND_SIZES)


@jitted(inline=True)
def _rank(p, row, n):
    """Strength of the ``n`` cards at ``row`` (0 for a size outside 5-7)."""
    if n == 7:
        return _RANK7(p, row)
    if n == 6:
        return _RANK6(p, row)
    if n == 5:
        return _RANK5(p, row)
    return _NONE


@jitted(inline=True)
def _rank_checked(p, row, n):
    """The validated fast path is inlined here, not called: as a compiled core it grew past what
    LLVM inlines into a caller's loop, and a call per hand ran at a quarter of the rate."""
    if n == 7:
        return row_value(row, _ZERO, 7, True, p.cards, p.bases7, p.values7, p.flush, p.bases5, p.values5,
                         p.subset_rare)
    if n == 6:
        return row_value(row, _ZERO, 6, True, p.cards, p.bases6, p.values6, p.flush, p.bases5, p.values5,
                         p.subset_rare)
    if n == 5:
        return row_value(row, _ZERO, 5, True, p.cards, p.bases5, p.values5, p.flush, p.bases5, p.values5,
                         p.subset_rare)
    return _NONE


@jitted(inline=True)
def rank(tables, cards):
    """Strength of one hand of 5, 6 or 7 cards (uint16): what :func:`pokerlut.evaluate` gives it.

    ``cards``: a 1-D C-contiguous uint8 array, e.g. ``hands[i]``.  A card the game does not deal
    or a size outside 5-7 gives 0; a natural card held twice is not looked for (see
    :func:`rank_checked`).

    >>> t = tables()
    >>> int(rank(t, np.array([51, 47, 43, 39, 35], np.uint8))), int(rank(t, np.array([51, 47, 43, 39, 99], np.uint8)))
    (7462, 0)
    """
    row, n = _RANK_CARDS(cards)
    return _rank(table_pointers(tables), row, n)


@jitted(inline=True)
def rank_checked(tables, cards):
    """:func:`rank`, and 0 for every hand :func:`pokerlut.evaluate` rejects (a natural card held
    twice included); a popcount more per hand.

    >>> int(rank_checked(tables(), np.array([51, 47, 43, 39, 51], np.uint8)))
    0
    """
    row, n = _RANK_CHECKED_CARDS(cards)
    return _rank_checked(table_pointers(tables), row, n)


# --------------------------------------------------------------------------- card by card


@jitted(inline=True)
def empty(tables):
    """A :class:`Hand` holding no card.

    >>> empty(tables()).count
    0
    """
    p = table_pointers(tables)
    return Hand(p.cards[_FIRST] - p.cards[_ZERO], _ZERO, _ZERO)  # the suit counters' start


@jitted()
def _add(cards, hand, card):
    c = min(U64(card), _LAST_ID)
    return Hand(add_card(hand.key, cards, c), hand.bits | suit_rank_bit(min(c, _WILD)), hand.count + _ONE)


@jitted(inline=True)
def add(tables, hand, card):
    """``hand`` with ``card`` added (an integer card id; outside 0..255 it is a card no game deals).

    >>> t = tables()
    >>> h = add(t, add(t, hand(t, np.array([43, 39, 35], np.uint8)), 51), 47)
    >>> int(value(t, h))
    7462
    """
    return _add(table_pointers(tables).cards, hand, card)


@jitted()
def _hand(cards, row, n):
    h = Hand(cards[_FIRST] - cards[_ZERO], _ZERO, _ZERO)
    for j in range(n):
        h = _add(cards, h, row[j])
    return h


@jitted(inline=True)
def hand(tables, cards):
    """A :class:`Hand` holding ``cards`` (a 1-D C-contiguous uint8 array, of any length): the
    board's partial hand, to which each player's cards are then added.

    >>> hand(tables(), np.array([0, 1, 2], np.uint8)).count
    3
    """
    row, n = _HAND_CARDS(cards)
    return _hand(table_pointers(tables).cards, row, n)


@jitted()
def _value_rare(p, key, bits, bases, values):
    """Value of a hand that failed the fast test: a bad id, a possible flush, wild cards."""
    if has_poison(key):
        return _NONE
    wilds = wild_count(key)
    if wilds == 0:
        return hand_value_of_bits(key, bits, bases, values, p.flush, p.bases5, p.values5, p.cards, p.subset_rare)
    if wilds > U64(p.max_wilds):
        return _NONE
    m0, m1, m2, m3 = rank_masks(bits)
    return value_of_masks(key, m0, m1, m2, m3, bases, values, p.flush)


@jitted()
def _value(p, hand):
    n = hand.count
    key = hand.key
    if n == 7:
        bases, values = p.bases7, p.values7
    elif n == 6:
        bases, values = p.bases6, p.values6
    elif n == 5:
        bases, values = p.bases5, p.values5
    else:
        return _NONE
    if unlikely((key & _SLOW) != 0):
        return _value_rare(p, key, hand.bits, bases, values)
    return lookup(key, bases, values)


@jitted(inline=True)
def value(tables, hand):
    """Strength of a :class:`Hand` of 5, 6 or 7 cards, as :func:`rank` would give its cards (0 for
    another count or a card the game does not deal; a card added twice is not looked for).

    >>> t = tables()
    >>> int(value(t, hand(t, np.array([51, 47, 43, 39, 35, 0], np.uint8))))
    7462
    """
    return _value(table_pointers(tables), hand)


# --------------------------------------------------------------------------- what a strength means


@jitted()
def _category(p, strength):
    s = U64(strength)
    if s == _ZERO or s > U64(p.max_strength):
        return -1
    return np.int64(p.categories[s])


@jitted(inline=True)
def category(tables, strength):
    """The category number of a strength in the game of ``tables`` (an index into
    :func:`pokerlut.category_names`), or -1 for a strength outside ``1..tables.max_strength``.

    >>> t = tables()
    >>> category(t, 7462), category(t, 1), category(t, 0)
    (8, 0, -1)
    """
    return _category(table_pointers(tables), strength)


@jitted()
def _compare(p, a, n_a, b, n_b):
    sa = _rank(p, a, n_a)
    sb = _rank(p, b, n_b)
    if sa > sb:
        return 1
    if sa < sb:
        return -1
    return 0


@jitted(inline=True)
def compare(tables, a, b):
    """1 if hand ``a`` is stronger than hand ``b``, -1 if weaker, 0 for a tie (a bad hand ranks 0,
    below every hand).

    >>> t = tables()
    >>> compare(t, np.array([51, 47, 43, 39, 35], np.uint8), np.array([50, 46, 42, 38, 34], np.uint8))
    0
    """
    row_a, n_a = _COMPARE_A(a)
    row_b, n_b = _COMPARE_B(b)
    return _compare(table_pointers(tables), row_a, n_a, row_b, n_b)


_SELECT5, _SELECT6, _SELECT7 = (select_kernel(k) for k in HAND_SIZES)


#: The one error a function here raises inside your loop: output arrays too short to write into.
_SHORT_OUTPUT = "pokerlut.jit.best_five: five and plays_as must each hold at least 5 elements; nothing was written"


@jitted()
def _best_five(tables, cards, five, plays_as):
    if five.shape[0] < FIVE_CARDS or plays_as.shape[0] < FIVE_CARDS:  # checked before anything is written
        raise ValueError(_SHORT_OUTPUT)
    for slot in range(5):
        five[slot] = _NO_CARD
        plays_as[slot] = _NO_CARD
    n = cards.shape[0]
    if not tables.high or n < 5 or n > 7:
        return _NONE
    strength = stack_array(1, np.uint16)
    f, q = five[:5].reshape(1, 5), plays_as[:5].reshape(1, 5)
    t = tables
    if n == 7:
        _SELECT7(cards, f, q, strength, t.cards, t.bases7, t.values7, t.flush, t.bases5, t.values5, t.hand_values)
    elif n == 6:
        _SELECT6(cards, f, q, strength, t.cards, t.bases6, t.values6, t.flush, t.bases5, t.values5, t.hand_values)
    else:
        _SELECT5(cards, f, q, strength, t.cards, t.bases5, t.values5, t.flush, t.bases5, t.values5, t.hand_values)
    return strength[0]


@jitted(inline=True)
def best_five(tables, cards, five, plays_as):
    """The strength of ``cards`` (5-7, the high game), writing into ``five`` the five cards that
    make it (wild cards as 52, most significant first) and into ``plays_as`` the natural card each
    plays as, exactly as :func:`pokerlut.best_five`; ``five`` and ``plays_as`` are uint8 arrays of
    five or more (only the first five are written; a shorter one is a ``ValueError`` raised before
    anything is written).  A bad hand, or the tables of another game, gives 0 and five 255s.

    >>> five, plays = np.zeros(5, np.uint8), np.zeros(5, np.uint8)
    >>> int(best_five(tables(), np.array([46, 0, 52, 31, 45, 22, 47], np.uint8), five, plays))
    7436
    >>> five.tolist(), plays.tolist()
    ([46, 45, 47, 52, 31], [46, 45, 47, 44, 31])
    """
    _BEST_CARDS(cards)  # the type checks
    _BEST_FIVE(five)
    _BEST_PLAYS(plays_as)
    return _best_five(tables, cards, five, plays_as)


# --------------------------------------------------------------------------- Omaha


@jitted()
def _omaha(p, hole, n_hole, board, n_board):
    if n_hole < _FEWEST_HOLE or n_hole > _MOST_HOLE or n_board < _FEWEST_BOARD or n_board > _MOST_BOARD:
        return _NONE
    key = _ZERO
    for j in range(n_hole):
        key += p.cards[U64(hole[j])]
    for j in range(n_board):
        key += p.cards[U64(board[j])]
    if has_poison(key) or wild_count(key) != _ZERO:  # Omaha deals no wild card
        return _NONE
    tri_keys, tri_bits = scratch(_TRIPLES), scratch(_TRIPLES)
    n_tri = board_triples(board, 0, n_board, p.cards, tri_keys, tri_bits)
    return omaha_value(hole, 0, n_hole, n_tri, tri_keys, tri_bits, p.cards, p.bases5, p.values5, p.flush)


@jitted(inline=True)
def omaha(tables, hole, board):
    """Omaha strength of 4-6 hole cards and a 3-5 card board: the best five of exactly two hole cards
    and three board cards, as :func:`pokerlut.evaluate_omaha` gives it.  With
    ``tables("eight-or-better")`` it is the hi-lo low (1: no low).  Omaha deals no wild card: a
    deal holding one has strength 0, as one of another size.

    >>> hole, board = np.array([50, 46, 41, 37], np.uint8), np.array([34, 30, 26, 5, 11], np.uint8)
    >>> int(omaha(tables("omaha"), hole, board)), int(omaha(tables("eight-or-better"), hole, board))
    (7060, 1)
    """
    h, n_hole = _OMAHA_HOLE(hole)
    b, n_board = _OMAHA_BOARD(board)
    return _omaha(table_pointers(tables), h, n_hole, b, n_board)
