"""Every natural hand of 5, 6 or 7 cards, counted by strength (a numba enumeration kernel)."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from math import comb

import numpy as np
from numpy.typing import NDArray

from . import _threads, layout
from ._messages import shown, sizes_text
from ._notice import compile_notice
from .constants import HAND_SIZES, N_NATURAL
from .kernels.primitives import suit_rank_bit
from .kernels.registry import histogram_kernel
from .strength import category, category_names
from .tables import TableSet
from .variants import VariantLike, best_five_variant

__all__ = ["strength_histogram", "category_counts", "deck_of"]


def _check_n_cards(n_cards) -> int:
    if isinstance(n_cards, (bool, np.bool_)) or not isinstance(n_cards, (int, np.integer)):
        raise TypeError(f"n_cards must be an integer {sizes_text(HAND_SIZES)}, got {shown(n_cards)}")
    if n_cards not in HAND_SIZES:
        raise ValueError(f"n_cards must be {sizes_text(HAND_SIZES)}, got {shown(n_cards)}")
    return int(n_cards)


def deck_of(tables: TableSet) -> np.ndarray:
    """The natural card ids a game deals (those its card table does not poison)."""
    cards = tables["cards"][:N_NATURAL]
    return np.flatnonzero((cards >> np.uint64(layout.POISON_SHIFT)) == 0).astype(np.int64)


@lru_cache(maxsize=None)
def _prefixes(n_cards: int, n_deck: int) -> np.ndarray:
    """The first ``n_cards - 4`` deck positions of every hand, padded with -1 (read-only)."""
    size = n_cards - 4
    prefixes = np.array([p + (-1,) * (3 - size) for p in combinations(range(n_deck), size)], dtype=np.int64)
    prefixes.setflags(write=False)
    return prefixes


def strength_histogram(n_cards: int, variant: VariantLike = "high") -> NDArray[np.int64]:
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
    if n_cards not in v.hand_sizes or v.tables.suit_sets:
        raise ValueError(f"strength_histogram counts hands of {sizes_text(HAND_SIZES)} cards ranked by rank sums; the "
                         f"{v.name} game ranks hands of {sizes_text(v.hand_sizes)} cards")
    return _histogram(v.tables, n_cards)


def _histogram(tables: TableSet, n_cards: int) -> np.ndarray:
    deck = deck_of(tables)
    cards = tables.cards
    deck_keys = np.ascontiguousarray(cards[deck])
    deck_first = np.ascontiguousarray(cards[layout.FIRST_CARD + deck])
    deck_bits = np.array([suit_rank_bit(c) for c in deck.tolist()], dtype=np.uint64)
    prefixes = _prefixes(n_cards, len(deck))
    t = tables.rank_tables(n_cards)
    kernel = histogram_kernel()
    with compile_notice("enumeration"):
        kernel(prefixes[:0], deck_keys, deck_first, deck_bits, np.zeros((1, tables.n_strengths + 1), np.int64),
               t.bases, t.values, t.flush)
    counts = np.zeros((_threads.n_chunks(), tables.n_strengths + 1), dtype=np.int64)

    def piece(lo: int, hi: int, slot: int) -> None:
        kernel(prefixes[lo:hi], deck_keys, deck_first, deck_bits, counts[slot:slot + 1], t.bases, t.values, t.flush)

    _threads.run_blocks(piece, len(prefixes), cost=_hands_below(prefixes, len(deck)))
    return counts.sum(axis=0)


def _hands_below(prefixes: np.ndarray, n_deck: int) -> np.ndarray:
    """How many hands each prefix stands for: its last card's later cards, four at a time."""
    last = prefixes.max(axis=1)
    return np.array([comb(n_deck - 1 - int(c), 4) for c in last], dtype=np.float64)


def category_counts(n_cards: int, variant: VariantLike = "high") -> NDArray[np.int64]:
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
