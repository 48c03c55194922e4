"""Every natural hand of 5, 6 or 7 cards, counted by strength (a numba enumeration kernel)."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from math import comb

import numba
import numpy as np

from . import _kernels7
from .evaluate import evaluate
from .strength import MAX_STRENGTH, category
from .tables import load_tables


@lru_cache(maxsize=None)
def _prefixes_by_work(n_cards: int) -> np.ndarray:
    """The first ``n_cards - 4`` cards of every hand (a < b [< c], padded with ``NO_CARD``), the
    most hands under them (``C(51 - last, 4)``) first."""
    size = n_cards - 4
    prefixes = sorted(combinations(range(52), size), key=lambda p: (-comb(51 - p[-1], 4), p))
    padded = [p + (_kernels7.NO_CARD,) * (3 - size) for p in prefixes]
    return np.array(padded, dtype=np.int64)


def strength_histogram(n_cards: int) -> np.ndarray:
    """How many natural ``n_cards``-card hands (5, 6 or 7) have each strength: shape (7476,).

    Every combination of the 52 cards is ranked once; for 7 cards (133,784,560 hands) the
    kernel carries partial keys across its nested loops and runs on numba's threads.

    >>> h = strength_histogram(5)
    >>> int(h.sum()), int(np.count_nonzero(h))
    (2598960, 7462)
    """
    if n_cards == 5:  # 2.6 M hands: rank them as one batch
        return np.bincount(evaluate(_all_five_card_hands(), check=False), minlength=MAX_STRENGTH + 1)
    if n_cards not in (6, 7):
        raise ValueError(f"n_cards must be 5, 6 or 7, got {n_cards}")
    t = load_tables()
    n_chunks = 8 * numba.get_num_threads()
    counts = _kernels7.histogram(_prefixes_by_work(n_cards), n_chunks, t["card_info7"], t["flush7"],
                                 t[f"hash{n_cards}_values"], t[f"hash{n_cards}_displacement"],
                                 t[f"hash{n_cards}_params"], MAX_STRENGTH + 1)
    return counts.sum(axis=0)


def _all_five_card_hands() -> np.ndarray:
    return np.array(list(combinations(range(52), 5)), dtype=np.uint8)


def category_counts(n_cards: int) -> np.ndarray:
    """How many natural ``n_cards``-card hands fall in each category 0..9 (shape (10,)).

    >>> category_counts(5).tolist()
    [1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40, 0]
    """
    histogram = strength_histogram(n_cards)
    categories = category(np.arange(1, MAX_STRENGTH + 1))
    return np.bincount(categories, weights=histogram[1:], minlength=10).astype(np.int64)
