"""Every natural hand of 5, 6 or 7 cards, counted by strength (a numba enumeration kernel)."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from math import comb

import numpy as np

from . import _threads, layout
from .constants import N_NATURAL
from .kernels.registry import histogram_kernel
from .strength import category, category_names
from .tables import TableSet
from .variants import VariantLike, best_five_variant
from .first_call import compile_notice


def _check_n_cards(n_cards) -> int:
    if isinstance(n_cards, (bool, np.bool_)) or not isinstance(n_cards, (int, np.integer)):
        raise TypeError(f"n_cards must be an integer 5, 6 or 7, got {n_cards!r}")
    if n_cards not in layout.HAND_SIZES:
        raise ValueError(f"n_cards must be 5, 6 or 7, got {n_cards}")
    return int(n_cards)


def deck_of(tables: TableSet) -> np.ndarray:
    """The natural card ids a game deals (those its card table does not poison)."""
    cards = tables["cards"][:N_NATURAL]
    return np.flatnonzero((cards >> np.uint64(layout.POISON_SHIFT)) == 0).astype(np.int64)


@lru_cache(maxsize=None)
def _prefixes_by_work(n_cards: int, n_deck: int) -> np.ndarray:
    """The first ``n_cards - 4`` deck positions of every hand, padded with -1, the prefixes with the
    most hands under them first (so chunks taking every T-th prefix get about equal work)."""
    size = n_cards - 4
    prefixes = sorted(combinations(range(n_deck), size), key=lambda p: (-comb(n_deck - 1 - p[-1], 4), p))
    return np.array([p + (-1,) * (3 - size) for p in prefixes], dtype=np.int64)


def strength_histogram(n_cards: int, variant: VariantLike = "high") -> np.ndarray:
    """How many natural ``n_cards``-card hands (5, 6 or 7) of the game's deck have each strength:
    shape ``(n + 1,)``, ``n`` the game's largest strength (7475 in the high game).

    Every combination of the deck's cards is ranked once by a kernel that carries partial keys
    across its nested loops (133,784,560 hands for 7 cards of 52), on several threads.  It answers
    Ctrl-C between its pieces of work.

    >>> h = strength_histogram(5)
    >>> int(h.sum()), int(np.count_nonzero(h))
    (2598960, 7462)
    >>> int(strength_histogram(5, "short-deck").sum())     # C(36, 5)
    376992
    """
    n_cards = _check_n_cards(n_cards)
    v = best_five_variant(variant, "strength_histogram")
    return _histogram(v.tables, n_cards)


def _histogram(tables: TableSet, n_cards: int) -> np.ndarray:
    deck = deck_of(tables)
    cards = tables["cards"]
    deck_keys = np.ascontiguousarray(cards[deck])
    deck_first = np.ascontiguousarray(cards[layout.FIRST_CARD + deck])
    deck_bits = (np.uint64(1) << (np.uint64(16) * (deck & 3).astype(np.uint64) + (deck >> 2).astype(np.uint64)))
    prefixes = _prefixes_by_work(n_cards, len(deck))
    threads = _threads.use_threads(comb(len(deck), n_cards), None)
    n_pieces = _threads.n_chunks() if threads else 1
    _, bases, values, flush = tables.rank_tables(n_cards)[:4]
    kernel = histogram_kernel()
    with compile_notice("enumeration"):
        kernel(prefixes[:0], deck_keys, deck_first, deck_bits, np.zeros((1, tables.n_strengths + 1), np.int64), bases,
               values, flush)
    counts = np.zeros((n_pieces, tables.n_strengths + 1), dtype=np.int64)

    def piece(t: int, lo: int, hi: int) -> None:
        # prefixes lo..hi of piece t: every n_pieces-th one (they are sorted by work, so the
        # pieces get about equal shares)
        kernel(prefixes[lo + t:hi:n_pieces], deck_keys, deck_first, deck_bits, counts[t:t + 1], bases, values, flush)

    # a slice of prefixes per round of pieces, so that Ctrl-C is answered between rounds
    step = n_pieces * max(1, len(prefixes) // (16 * n_pieces))
    for lo in range(0, len(prefixes), step):
        _threads.run_pieces(piece, [(t, lo, min(len(prefixes), lo + step)) for t in range(n_pieces)], threads)
    return counts.sum(axis=0)


def category_counts(n_cards: int, variant: VariantLike = "high") -> np.ndarray:
    """How many natural ``n_cards``-card hands fall in each category of the game (shape
    ``(len(category_names(variant)),)``; the high game's are 0..9).

    >>> category_counts(5).tolist()
    [1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40, 0]
    >>> category_counts(5, "eight-or-better").tolist()   # no low, then eight- to five-lows
    [2541616, 35840, 15360, 5120, 1024]
    """
    v = best_five_variant(variant, "category_counts")
    histogram = strength_histogram(n_cards, v)
    categories = category(np.arange(1, len(histogram)), v)
    return np.bincount(categories, weights=histogram[1:], minlength=len(category_names(v))).astype(np.int64)
