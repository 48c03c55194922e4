"""The table layout's contract (:mod:`pokerlut.layout`), checked on every table set as it loads."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Callable, Mapping

import numpy as np

from . import layout
from .constants import (BADUGI_CARDS, CATEGORIES, HAND_SIZES, MAX_STRENGTH, N_NATURAL, N_RANKS, N_SUITS,
                        NATURAL_STRENGTHS, NO_CARD, THREE_CARDS, WILD)
from .layout import FLUSH_CARDS
from .table_files import HIGH

__all__ = ["BrokenTable", "check_table_set"]


#
# Every table is checked on load against pokerlut.layout, so that no bytes whatsoever make a kernel
# read outside a table (the kernels index without bounds checks): each table's dtype and shape,
# every row base of a hash within its values, every card constant one the layout's recipe makes,
# every value a strength of the game's scale.  Vectorized numpy: 0.1-0.4 ms per set (measured).


class BrokenTable(Exception):
    """A table breaks the layout: ``stem`` names it, ``problem`` says how."""

    def __init__(self, stem: str, problem: str):
        super().__init__(stem, problem)
        self.stem, self.problem = stem, problem


def _table(a: Mapping[str, np.ndarray], stem: str, dtype, shape: tuple | None = None, ndim: int = 1) -> np.ndarray:
    """``a[stem]``, which must have ``dtype`` and ``shape`` (or ``ndim`` dimensions, none empty)."""
    array = a[stem]
    want = np.dtype(dtype)
    if array.dtype != want:
        raise BrokenTable(stem, f"has dtype {array.dtype}, the layout's is {want}")
    if shape is not None and array.shape != shape:
        raise BrokenTable(stem, f"has shape {array.shape}, the layout's is {shape}")
    if array.ndim != ndim or array.size == 0:
        raise BrokenTable(stem, f"has shape {array.shape}, the layout's has {ndim} dimension(s) and entries")
    return array


def _at_most(a: Mapping[str, np.ndarray], stem: str, top: int, what: str, bottom: int = 0) -> None:
    array = a[stem]
    lo, hi = int(array.min()), int(array.max())
    if lo < bottom or hi > top:
        bad = int(np.flatnonzero((array.reshape(-1) < bottom) | (array.reshape(-1) > top))[0])
        raise BrokenTable(stem, f"holds {array.reshape(-1)[bad]} at entry {bad}, outside {bottom}..{top} ({what})")


def _exact_stems(a: Mapping[str, np.ndarray], stems: set[str], what: str) -> None:
    missing, extra = sorted(stems - set(a)), sorted(set(a) - stems)
    if missing:
        raise BrokenTable(missing[0], f"is missing from the manifest ({what} has {', '.join(sorted(stems))})")
    if extra:
        raise BrokenTable(extra[0], f"is no table of {what} ({', '.join(sorted(stems))})")


def _multisets(n_cards: int, n_ranks: int, wild: bool) -> int:
    """How many rank multisets of ``n_cards`` cards a deck of ``n_ranks`` ranks (four cards each)
    holds, and with the wild card any number of wild cards among them.

    >>> _multisets(5, N_RANKS, False), _multisets(7, N_RANKS, True)
    (6175, 76155)
    """
    ways = [1] + [0] * n_cards  # ways[k]: multisets of k natural cards over the ranks so far
    for _ in range(n_ranks):
        ways = [sum(ways[k - j] for j in range(min(k, N_SUITS) + 1)) for k in range(n_cards + 1)]
    return sum(ways) if wild else ways[n_cards]


def _check_hash(a: Mapping[str, np.ndarray], n_cards: int, top: int, keys: int) -> np.ndarray:
    """The row-displacement hash of ``n_cards`` cards: every key whatever indexes inside it, and it
    holds ``keys`` values (one per key of the game, 0 elsewhere)."""
    bases = _table(a, layout.bases_name(n_cards), layout.BASES_DTYPE, (layout.N_ROWS,))
    values = _table(a, layout.values_name(n_cards), layout.VALUE_DTYPE)
    if int(bases.max()) + layout.COLUMN_MASK >= len(values):
        row = int(bases.argmax())
        raise BrokenTable(layout.bases_name(n_cards), f"row {row} has base {int(bases[row])}: with the row's "
                                                  f"{layout.COLUMN_MASK + 1} columns it reads past the {len(values)} "
                                                  f"entries of {layout.values_name(n_cards)}")
    _at_most(a, layout.values_name(n_cards), top, "the game's strengths")
    if np.count_nonzero(values) != keys:
        raise BrokenTable(layout.values_name(n_cards), f"holds {np.count_nonzero(values)} values; the game has {keys} "
                                                   f"hands of {n_cards} cards to rank (one per rank multiset)")
    return values


def _check_hand_values(a: Mapping[str, np.ndarray], name: str) -> int:
    """The ``hand_values`` table; the game's number of strengths."""
    hv = _table(a, layout.HAND_VALUES_TABLE, layout.HAND_VALUES_DTYPE, ndim=2)
    stem = layout.HAND_VALUES_TABLE
    if hv.shape[1] != layout.HAND_VALUES_COLUMNS or hv.shape[0] < 2:
        raise BrokenTable(stem, f"has shape {hv.shape}, the layout's is (strengths + 1, {layout.HAND_VALUES_COLUMNS})")
    if (hv[0] != NO_CARD).any():
        raise BrokenTable(stem, f"row 0 (no hand) is not all {NO_CARD}")
    categories, ranks = hv[1:, 0], hv[1:, 1:]
    n_categories = len(CATEGORIES[name]) if name in CATEGORIES else NO_CARD
    if int(categories.max()) >= n_categories or (np.diff(categories.astype(np.int16)) < 0).any():
        raise BrokenTable(stem, f"its categories are not 0..{n_categories - 1} growing with strength")
    if ((ranks >= N_RANKS) & (ranks != NO_CARD)).any():
        raise BrokenTable(stem, f"holds a rank outside 0..{N_RANKS - 1} (and {NO_CARD}, unused)")
    n = hv.shape[0] - 1
    if name == HIGH and n != MAX_STRENGTH:
        raise BrokenTable(stem, f"has {n} strengths; the high game has {MAX_STRENGTH}")
    return n


def _check_coverage(a: Mapping[str, np.ndarray], stems: list[str], n: int) -> None:
    """Every strength 1..n is some hand's: some entry of these tables holds it."""
    seen = np.zeros(n + 1, dtype=bool)
    for stem in stems:
        seen[a[stem].reshape(-1)] = True
    if not seen[1:].all():
        raise BrokenTable(layout.HAND_VALUES_TABLE, f"names strength {int(np.flatnonzero(~seen[1:])[0]) + 1}, which no "
                                                f"entry of {', '.join(stems)} holds")


def _check_rules(a: Mapping[str, np.ndarray]) -> np.ndarray:
    rules = _table(a, layout.RULES_TABLE, layout.RULES_DTYPE, (layout.N_RULES,))
    if (rules > 1).any():
        raise BrokenTable(layout.RULES_TABLE, f"holds {rules.tolist()}; every flag is 0 or 1")
    if rules[layout.RULE_SUBSET_RARE] and rules[layout.RULE_WILD]:
        raise BrokenTable(layout.RULES_TABLE, "ranks subset by subset and deals the wild card; no game does both")
    return rules


@lru_cache(maxsize=None)
def _recipe(suit_sets: bool, suits: bool) -> np.ndarray:
    """Per uint8 id, the card constant the layout's recipe gives it when dealt (the wild card's at
    ``WILD``; ids above it get the poison constant)."""
    poison = 1 << layout.POISON_SHIFT
    if suit_sets:
        natural = [int(layout.suit_set_constant(c, poison=False)) for c in range(N_NATURAL)]
        wild = poison
    else:
        natural = [int(layout.card_constant(c, wild=False, poison=False, suits=suits)) for c in range(N_NATURAL)]
        wild = int(layout.card_constant(WILD, wild=True, poison=False, suits=suits))
    recipe = np.array(natural + [wild] + [poison] * (layout.CARD_IDS - WILD - 1), dtype=layout.CARD_DTYPE)
    recipe.flags.writeable = False
    return recipe


def _check_cards(a: Mapping[str, np.ndarray], *, suit_sets: bool, wild: bool, suits: bool, start: int) -> int:
    """Every id's constant is the recipe's (dealt) or the poison constant (not dealt): whole ranks
    of the natural cards dealt, the wild card as ``wild`` says, no id above it; every first card's
    constant the same plus ``start``.  So every key of up to seven cards keeps inside its fields.
    The number of ranks dealt."""
    stem = layout.CARD_TABLE
    cards = _table(a, stem, layout.CARD_DTYPE, (layout.CARD_TABLE_SIZE,))
    half = cards[:layout.CARD_IDS]
    recipe = _recipe(suit_sets, suits)
    poison = layout.CARD_DTYPE(1 << layout.POISON_SHIFT)
    dealt = half == recipe
    wrong = ~dealt & (half != poison)
    wrong[WILD] |= bool(dealt[WILD]) != wild and not suit_sets
    if wrong.any():
        c = int(np.flatnonzero(wrong)[0])
        raise BrokenTable(stem, f"gives id {c} the constant {int(half[c]):#x}, which the layout's recipe does not make "
                            f"(its is {int(recipe[c]):#x}, or {int(poison):#x} for an id the game does not deal)")
    by_rank = dealt[:N_NATURAL].reshape(N_RANKS, N_SUITS)
    if not (by_rank.all(axis=1) | ~by_rank.any(axis=1)).all() or not by_rank.any():
        raise BrokenTable(stem, "deals part of a rank, or no card at all (a deck is whole ranks of four suits)")
    if (cards[layout.FIRST_CARD:] - half != layout.CARD_DTYPE(start)).any():
        c = int(np.flatnonzero(cards[layout.FIRST_CARD:] - half != layout.CARD_DTYPE(start))[0])
        raise BrokenTable(stem, f"gives id {c} as a first card a constant that is not its own plus the suit counters' "
                            f"start {start:#x}")
    return int(by_rank.all(axis=1).sum())


def _check_rank_set(a: Mapping[str, np.ndarray], name: str) -> None:
    """A game of the best five of 5-7 cards, or of three-card rows (:mod:`pokerlut.layout`)."""
    sizes = [n for n in (THREE_CARDS, *HAND_SIZES) if layout.values_name(n) in a or layout.bases_name(n) in a]
    stems = {layout.CARD_TABLE, layout.FLUSH_TABLE, layout.HAND_VALUES_TABLE, layout.RULES_TABLE}
    stems |= {f(n) for n in sizes for f in (layout.bases_name, layout.values_name)}
    _exact_stems(a, stems, "a game's tables")
    if not sizes:
        raise BrokenTable(layout.values_name(HAND_SIZES[0]), "is missing: the set holds no hash of any hand size")
    if any(n > FLUSH_CARDS for n in sizes) and FLUSH_CARDS not in sizes:
        raise BrokenTable(layout.values_name(FLUSH_CARDS), "is missing: 6- and 7-card rows need the 5-card hash")
    rules = _check_rules(a)
    wild, suits = bool(rules[layout.RULE_WILD]), bool(rules[layout.RULE_FLUSHES])
    flush_cards = THREE_CARDS if sizes == [THREE_CARDS] else FLUSH_CARDS
    n_ranks = _check_cards(a, suit_sets=False, wild=wild, suits=suits,
                           start=layout.suit_counters_start(flush_cards) if suits else 0)
    n = _check_hand_values(a, name)
    # the wild field of a key counts the wild cards of up to seven (MAX_WILDS), and indexes the flush rows
    _table(a, layout.FLUSH_TABLE, layout.VALUE_DTYPE,
           (((layout.MAX_WILDS if wild else 0) + 1) << layout.FLUSH_WILD_SHIFT,))
    _at_most(a, layout.FLUSH_TABLE, n, "the game's strengths")
    for n_cards in sizes:  # three-card flushes are keys of their own where three cards make a flush
        flushes = math.comb(n_ranks, THREE_CARDS) if suits and flush_cards == n_cards == THREE_CARDS else 0
        _check_hash(a, n_cards, n, _multisets(n_cards, n_ranks, wild) + flushes)
    _check_coverage(a, [layout.values_name(k) for k in sizes] + [layout.FLUSH_TABLE], n)


def _check_badugi_set(a: Mapping[str, np.ndarray], name: str) -> None:
    """Badugi's suit-set tables (:mod:`pokerlut.layout`)."""
    values = layout.values_name(BADUGI_CARDS)
    _exact_stems(a, {layout.CARD_TABLE, layout.SUIT_KEYS_TABLE, values, layout.HAND_VALUES_TABLE,
                     layout.RULES_TABLE}, "badugi's tables")
    if _check_rules(a).any():
        raise BrokenTable(layout.RULES_TABLE, "sets a flag; badugi's are all 0")
    _check_cards(a, suit_sets=True, wild=False, suits=False, start=0)
    n = _check_hand_values(a, name)
    _table(a, layout.SUIT_KEYS_TABLE, layout.SUIT_KEYS_DTYPE, (1 << layout.SUIT_SET_BITS,))
    if _table(a, values, layout.VALUE_DTYPE)[-1] != 0:
        raise BrokenTable(values, "does not end with 0, the value of every sum clamped to its last entry")
    _at_most(a, values, n, "the game's strengths")
    _check_coverage(a, [values], n)


def _check_omaha_set(a: Mapping[str, np.ndarray], strengths_of: Callable[[str], int]) -> None:
    """The Omaha tables (:mod:`pokerlut.layout`, "Omaha"): every row offset, whatever the board's
    key, inside the values."""
    _exact_stems(a, {layout.OMAHA_BOARD_BASES, layout.OMAHA_BOARD_ROWS, layout.OMAHA_PAIRS, layout.OMAHA_FLUSH_ROWS,
                     layout.OMAHA_FLUSH_PAIRS, layout.OMAHA_LOW}, "the Omaha tables")
    columns = layout.OMAHA_PAIR_COLUMNS
    bases = _table(a, layout.OMAHA_BOARD_BASES, layout.OMAHA_ROW_DTYPE, (layout.N_ROWS,))
    rows = _table(a, layout.OMAHA_BOARD_ROWS, layout.OMAHA_ROW_DTYPE)
    if int(bases.max()) + layout.COLUMN_MASK >= len(rows):
        raise BrokenTable(layout.OMAHA_BOARD_BASES, f"row {int(bases.argmax())} has base {int(bases.max())}: it reads past "
                                                f"the {len(rows)} entries of {layout.OMAHA_BOARD_ROWS}")
    for rows_stem, values_stem, shape in ((layout.OMAHA_BOARD_ROWS, layout.OMAHA_PAIRS, None),
                                          (layout.OMAHA_FLUSH_ROWS, layout.OMAHA_FLUSH_PAIRS, (layout.OMAHA_BASES_AT,))):
        offsets = _table(a, rows_stem, layout.OMAHA_ROW_DTYPE, shape)
        values = _table(a, values_stem, layout.VALUE_DTYPE, ndim=2)
        if values.shape[1] != columns:
            raise BrokenTable(values_stem, f"has shape {values.shape}, the layout's is (rows, {columns})")
        if (offsets % columns != 0).any() or int(offsets.max()) // columns >= len(values):
            raise BrokenTable(rows_stem, f"holds an offset that is not the start of one of the {len(values)} rows of "
                                     f"{values_stem} ({columns} entries each)")
        _at_most(a, values_stem, NATURAL_STRENGTHS, "the high game's natural strengths")
    if a[layout.OMAHA_PAIRS].size + int(a[layout.OMAHA_FLUSH_ROWS].max()) >= 1 << 32:
        raise BrokenTable(layout.OMAHA_PAIRS, "is too large for the uint32 offsets of the flush rows")
    side = 1 << layout.OMAHA_LOW_RANKS
    _table(a, layout.OMAHA_LOW, layout.OMAHA_LOW_DTYPE, (side, side), ndim=2)
    low_scale = strengths_of(layout.OMAHA_LOW_SCALE)
    _at_most(a, layout.OMAHA_LOW, low_scale, f"the {layout.OMAHA_LOW_SCALE} scale; 1 is no low", bottom=1)


def _check_preflop_set(a: Mapping[str, np.ndarray]) -> None:
    """The exact preflop tables (:mod:`pokerlut.layout`): counts that add up, board by board."""
    stems = (layout.PREFLOP_PAIRS, layout.PREFLOP_WINS, layout.PREFLOP_TIES)
    _exact_stems(a, set(stems), "the preflop tables")
    square = (layout.PREFLOP_CLASSES, layout.PREFLOP_CLASSES)
    pairs, wins, ties = (_table(a, stem, layout.PREFLOP_DTYPE, square, ndim=2) for stem in stems)
    _at_most(a, layout.PREFLOP_PAIRS, layout.PREFLOP_MAX_COMBOS ** 2, "pairs of combos of two classes", bottom=1)
    if not np.array_equal(pairs, pairs.T):
        raise BrokenTable(layout.PREFLOP_PAIRS, "is not symmetric")
    for stem in (layout.PREFLOP_WINS, layout.PREFLOP_TIES):
        _at_most(a, stem, layout.PREFLOP_MAX_COMBOS ** 2 * layout.PREFLOP_BOARDS, "boards", bottom=0)
    if not np.array_equal(ties, ties.T):
        raise BrokenTable(layout.PREFLOP_TIES, "is not symmetric")
    if not np.array_equal(wins + wins.T + ties, pairs * layout.PREFLOP_BOARDS):
        raise BrokenTable(layout.PREFLOP_WINS, "does not add up: wins[A, B] + wins[B, A] + ties[A, B] is not "
                                           f"pairs[A, B] x {layout.PREFLOP_BOARDS} boards")


def check_table_set(name: str, arrays: Mapping[str, np.ndarray], strengths_of: Callable[[str], int]) -> None:
    """Check the tables of the set ``name`` against :mod:`pokerlut.layout`; raises ``BrokenTable``.
    ``strengths_of(set_name)`` is the number of strengths of another table set (the Omaha tables'
    low scale).

    >>> from pokerlut.tables import load_table_set
    >>> check_table_set("high", load_table_set("high").arrays, lambda name: 0)  # nothing wrong: no error
    """
    if name == layout.OMAHA_TABLE_SET:
        _check_omaha_set(arrays, strengths_of)
    elif name == layout.PREFLOP_TABLE_SET:
        _check_preflop_set(arrays)
    elif layout.SUIT_KEYS_TABLE in arrays:
        _check_badugi_set(arrays, name)
    else:
        _check_rank_set(arrays, name)

