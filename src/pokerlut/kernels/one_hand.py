"""The one-hand entry point: a C callable ranking one hand, for :func:`pokerlut.evaluate` of a
single hand from Python.

Calling a numba dispatcher costs microseconds of argument typing and numpy conversion, ten times
the ranking; a C callable through ``ctypes`` takes the hand as the bytes it is (a pointer and a
length) and costs about what a Python function call does.  The tables come as one pointer to
their addresses and lengths (``uint64`` pairs, in :data:`TABLE_ORDER`, then ``subset_rare`` as 0
or 1), as every kernel takes its tables as arguments; inside, they are arrays of the very types
the ranking kernels' tables have, and one row goes through :func:`.rank.rank_rows`, validated, so
the entry point runs the kernels' compiled primitives, and compiling it compiles little else.

``entry(ids, n, tables)`` returns the strength of the ``n`` cards, 0 for a bad row or a size
outside 5-7 (the caller then takes the batch path, which names the problem).
"""

from __future__ import annotations

import numpy as np
from numba import types

from .compile import entry_point
from .pointers import address_array, stack_array
from .rank import rank_rows

#: The tables behind the addresses, in order (each an address and a length).
TABLE_ORDER = ("cards", "flush", "bases5", "values5", "bases6", "values6", "bases7", "values7")
SIGNATURE = types.int64(types.CPointer(types.uint8), types.int64, types.CPointer(types.uint64))


def _one_hand(ids, n, tables):
    if n < 5 or n > 7:
        return 0
    row = address_array(ids, n, np.uint8, False)
    out = stack_array(1, np.uint16)
    cards = address_array(tables[0], tables[1], np.uint64, True)
    flush = address_array(tables[2], tables[3], np.uint16, True)
    bases5 = address_array(tables[4], tables[5], np.uint32, True)
    values5 = address_array(tables[6], tables[7], np.uint16, True)
    subset_rare = tables[16] != 0
    if n == 7:
        rank_rows(row, row, out, 0, 1, 7, True, cards, address_array(tables[12], tables[13], np.uint32, True),
                  address_array(tables[14], tables[15], np.uint16, True), flush, bases5, values5, subset_rare)
    elif n == 6:
        rank_rows(row, row, out, 0, 1, 6, True, cards, address_array(tables[8], tables[9], np.uint32, True),
                  address_array(tables[10], tables[11], np.uint16, True), flush, bases5, values5, subset_rare)
    else:
        rank_rows(row, row, out, 0, 1, 5, True, cards, bases5, values5, flush, bases5, values5, subset_rare)
    return out[0]


def make_one_hand_entry():
    """Compile (or load) the entry point."""
    return entry_point(_one_hand, SIGNATURE, "one_hand")
