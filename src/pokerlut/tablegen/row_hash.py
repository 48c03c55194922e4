"""A row-displacement perfect hash over rank keys (see :mod:`pokerlut.layout` for the lookup).

The keys are cut into rows of ``1 << ROW_SHIFT`` columns.  Rows are placed one at a time, the
densest first (ties by row number, so the build is deterministic), each at the lowest base where
all of its occupied columns land on free slots: first-fit decreasing.  A lookup is then one load
of the row's base and one load of the value, with no multiply, no probe and no branch.

>>> keys = np.array([3, 4099, 8195, 1 << 24], dtype=np.int64)
>>> bases, values = build_row_hash(keys, np.array([1, 2, 3, 4], dtype=np.uint16))
>>> [int(values[hash_index(int(k), bases)]) for k in keys]
[1, 2, 3, 4]
"""

from __future__ import annotations

import numba as nb
import numpy as np

from ..layout import COLUMN_MASK, N_ROWS, ROW_SHIFT, hash_index

__all__ = ["build_row_hash", "hash_index", "verify_row_hash"]


@nb.njit(cache=True)
def _first_fit(order, row_start, columns, capacity):
    """Base of every row (rows taken in ``order``; their sorted columns are
    ``columns[row_start[r]:row_start[r + 1]]``) and the number of slots used."""
    occupied = np.zeros(capacity, dtype=np.bool_)
    bases = np.zeros(row_start.shape[0] - 1, dtype=np.int64)
    used = 0
    for r in order:
        cols = columns[row_start[r]:row_start[r + 1]]
        if cols.shape[0] == 0:
            continue
        base = 0
        while True:
            if base + cols[-1] >= capacity:
                raise ValueError("row displacement ran out of room")
            free = True
            for c in cols:
                if occupied[base + c]:
                    free = False
                    break
            if free:
                break
            base += 1
        for c in cols:
            occupied[base + c] = True
        bases[r] = base
        used = max(used, base + cols[-1] + 1)
    return bases, used


def build_row_hash(keys: np.ndarray, values: np.ndarray, n_rows: int = N_ROWS) -> tuple[np.ndarray, np.ndarray]:
    """``(bases, table)`` with ``table[hash_index(key, bases)] == value`` for every key.

    ``keys`` are distinct keys below ``n_rows << ROW_SHIFT`` (the layout's rank keys by default).
    ``bases`` (uint32) has an entry for every possible row; ``table`` (uint16) is padded so that
    every column of every row's base stays inside it, and holds 0 wherever no key lands.
    """
    keys = np.asarray(keys, dtype=np.int64)
    values = np.asarray(values, dtype=np.uint16)
    if len(np.unique(keys)) != len(keys):
        raise ValueError("rank keys are not distinct")
    if keys.min() < 0 or (keys >> ROW_SHIFT).max() >= n_rows:
        raise ValueError("a key does not fit the rows")
    order = np.argsort(keys, kind="stable")
    keys, values = keys[order], values[order]
    rows = keys >> ROW_SHIFT
    counts = np.bincount(rows, minlength=n_rows)
    row_start = np.concatenate([[0], np.cumsum(counts)]).astype(np.int64)
    densest_first = np.argsort(-counts, kind="stable").astype(np.int64)
    capacity = 2 * len(keys) + 2 * (COLUMN_MASK + 1)
    bases, _ = _first_fit(densest_first, row_start, keys & COLUMN_MASK, capacity)
    bases = bases.astype(np.uint32)
    table = np.zeros(int(bases.max()) + COLUMN_MASK + 1, dtype=np.uint16)
    slots = (keys & COLUMN_MASK) + bases[rows].astype(np.int64)
    table[slots] = values
    if n_rows == N_ROWS:
        verify_row_hash(keys, values, bases, table)
    return bases, table


def verify_row_hash(keys: np.ndarray, values: np.ndarray, bases: np.ndarray, table: np.ndarray) -> None:
    """Raise unless every key reaches its own slot holding its value (checked key by key in plain
    Python, the lookup as :func:`pokerlut.layout.hash_index` states it) and every key whatever
    stays inside the table."""
    seen = set()
    for key, value in zip(keys.tolist(), values.tolist()):
        slot = hash_index(key, bases)
        if slot in seen:
            raise AssertionError(f"rank key {key:#x} collides with another key")
        seen.add(slot)
        if int(table[slot]) != value:
            raise AssertionError(f"rank key {key:#x} does not find its value")
    if len(bases) != N_ROWS or int(bases.max()) + COLUMN_MASK >= len(table):
        raise AssertionError("a key outside the key set could index outside the table")
