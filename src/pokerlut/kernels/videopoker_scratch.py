"""The scratch arrays of the video-poker kernels, one factory per kernel: the kernels never allocate,
so each concurrent piece of rows gets its own set from here.

>>> ints, f = hold_values_scratch()
>>> ints.shape, f.dtype.name
((5, 32), 'float64')
>>> keys, ids, uniques = dense_ids_scratch(8)
>>> keys.tolist(), uniques.shape
([-1, -1, -1, -1, -1, -1, -1, -1], (4,))
"""

from __future__ import annotations

import numpy as np

from ..constants import N_RANKS

__all__ = ["fill_counts_scratch", "hold_values_scratch", "hold_counts_scratch", "best_holds_scratch",
           "pattern_codes_scratch", "pattern_beats_scratch", "dense_ids_scratch"]

N_HOLDS = 32  # the holds of a five-card hand: every subset of its positions


def fill_counts_scratch(n_classes: int) -> tuple[np.ndarray, np.ndarray]:
    """``fill_counts_level``'s: a set, its low and high index sums (3, 6), and a class row."""
    return np.empty((3, 6), dtype=np.int64), np.empty(n_classes, dtype=np.int64)


def hold_values_scratch() -> tuple[np.ndarray, np.ndarray]:
    """``hold_values``'s: sorted cards, their places, subset indexes, masks and order (5, 32); values."""
    return np.empty((5, N_HOLDS), dtype=np.int64), np.empty(N_HOLDS, dtype=np.float64)


def hold_counts_scratch(n_classes: int) -> tuple[np.ndarray, np.ndarray]:
    """``hold_counts``'s: sorted cards, their places, subset indexes and masks (4, 32); class counts."""
    return np.empty((4, N_HOLDS), dtype=np.int64), np.empty((N_HOLDS, n_classes), dtype=np.int64)


def best_holds_scratch() -> tuple[np.ndarray, np.ndarray]:
    """``best_holds_kernel``'s: subset indexes and values of the 32 holds."""
    return np.empty(N_HOLDS, dtype=np.int64), np.empty(N_HOLDS, dtype=np.float64)


def pattern_codes_scratch() -> np.ndarray:
    """``hold_pattern_codes``'s: the count of each rank in a hold."""
    return np.empty(N_RANKS, dtype=np.int64)


def pattern_beats_scratch(n_patterns: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``pattern_beats``'s: the deal each pattern was last seen in (-1: none), its best value, and
    the patterns present, winning and losing in a deal (3, 32)."""
    return (np.full(n_patterns, -1, dtype=np.int64), np.empty(n_patterns, dtype=np.float64),
            np.empty((3, N_HOLDS), dtype=np.int64))


def dense_ids_scratch(slots: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``dense_ids``'s open-addressing table of ``slots`` (a power of two; keys -1: empty) and the
    distinct codes it can hold (``slots // 2``)."""
    return (np.full(slots, -1, dtype=np.int64), np.empty(slots, dtype=np.int64),
            np.empty(slots // 2, dtype=np.int64))
