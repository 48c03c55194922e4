"""The one-hand entry point: a C callable ranking one hand, for :func:`pokerlut.evaluate` of a
single hand from Python.

Calling a numba dispatcher costs microseconds of argument typing and numpy conversion, ten times
the ranking; a C callable through ``ctypes`` takes the hand as the bytes it is (a pointer and a
length) and costs about what a Python function call does.  The tables come as one pointer to their
addresses (``uint64``, in :data:`ADDRESS_ORDER`), as every kernel takes its tables as arguments.

``entry(ids, n, addresses)`` returns the validated strength of the ``n`` cards (0 for a bad row, or
a size outside 5-7: the caller then takes the batch path, which names the problem).
"""

from __future__ import annotations

import numpy as np
from numba import types

from .compile import entry_point
from .pointers import address_pointer
from .primitives import row_value

U64 = np.uint64
#: The tables behind the addresses, in order (``subset_rare`` as 0 or 1).
ADDRESS_ORDER = ("cards", "flush", "bases5", "values5", "bases6", "values6", "bases7", "values7", "subset_rare")
SIGNATURE = types.int64(types.CPointer(types.uint8), types.int64, types.CPointer(types.uint64))


def _one_hand(ids, n, addresses):
    cards = address_pointer(addresses[0], np.uint64)
    flush = address_pointer(addresses[1], np.uint16)
    bases5 = address_pointer(addresses[2], np.uint32)
    values5 = address_pointer(addresses[3], np.uint16)
    subset_rare = addresses[8] != 0
    zero = U64(0)
    if n == 7:
        return row_value(ids, zero, 7, True, cards, address_pointer(addresses[6], np.uint32),
                         address_pointer(addresses[7], np.uint16), flush, bases5, values5, subset_rare)
    if n == 6:
        return row_value(ids, zero, 6, True, cards, address_pointer(addresses[4], np.uint32),
                         address_pointer(addresses[5], np.uint16), flush, bases5, values5, subset_rare)
    if n == 5:
        return row_value(ids, zero, 5, True, cards, bases5, values5, flush, bases5, values5, subset_rare)
    return 0


def make_one_hand_entry():
    """Compile (or load) the entry point."""
    return entry_point(_one_hand, SIGNATURE, "one_hand")
