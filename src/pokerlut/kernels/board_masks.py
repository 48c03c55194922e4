"""The tables over 13-bit rank masks of the board kernels (:class:`~pokerlut.table_records.MaskTables`),
written here with numpy from the definitions; like every table they reach the kernels as arguments.

>>> t = mask_tables()
>>> int(t.straight_top[0b1111100000000]), int(t.straight_top[0b1000000001111]), int(t.top_rank[0b101])
(10, 1, 2)
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from ..constants import N_RANKS, N_SUITS
from ..table_records import MaskTables

__all__ = ["WINDOWS", "MaskTables", "mask_tables"]


#: The ten straights as 13-bit rank masks, the wheel first: straight ``k`` (1..10) is
#: ``WINDOWS[k - 1]`` and its top card has rank ``k + 2`` (the wheel's top card is the five).
WINDOWS = (0x100F,) + tuple(0x1F << (k - 2) for k in range(2, 11))


@lru_cache(maxsize=1)
def mask_tables() -> MaskTables:
    """The :class:`MaskTables`, read-only."""
    m = np.arange(1 << N_RANKS, dtype=np.int64)
    count = np.zeros(len(m), np.int64)
    top = np.full(len(m), 255, np.uint8)
    spread = np.zeros(len(m), np.uint64)
    for r in range(N_RANKS):
        has = (m >> r) & 1 == 1
        count += has
        top[has] = r
        spread[has] |= np.uint64(1 << (N_SUITS * r))
    straight = np.zeros(len(m), np.uint8)
    possible = np.zeros(len(m), np.uint16)
    completing = np.zeros(len(m), np.uint16)
    two_short = np.zeros(len(m), np.uint16)
    for k, window in enumerate(WINDOWS, start=1):
        straight[(m & window) == window] = k
        possible[count[m & window] >= 3] |= np.uint16(1 << k)
        missing = window & ~m
        one_short = count[missing] == 1
        completing[one_short] |= missing[one_short].astype(np.uint16)
        two_short[count[missing] == 2] |= np.uint16(1 << (k - 1))
    tables = MaskTables(top, straight, possible, completing, spread, two_short)
    for array in tables:
        array.setflags(write=False)
    return tables
