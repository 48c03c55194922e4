"""The one-hand entry point: a compiled function ranking one hand, for :func:`pokerlut.evaluate`
of a single hand from Python.

Calling a numba dispatcher costs microseconds of argument typing and numpy conversion, ten times
the ranking.  The entry point is a C function compiled once (a numba ``cfunc``, cached like the
kernels) that takes the hand as the bytes it is.  It is reached one of two ways:

* as a Python builtin (:func:`python_entry`): the function has the C signature of a one-argument
  builtin method (``METH_O``), is made into one with CPython's ``PyCFunction_NewEx``, reads the
  ``bytes`` object it is given in place and answers with ``PyLong_FromLongLong``; a call costs
  what calling ``len`` does.  It relies on the layout of a ``bytes`` object, which
  :func:`python_layout_ok` checks on the running interpreter first;
* else through ``ctypes`` (:func:`ctypes_entry`: a pointer, a length and the tables), a few
  hundred nanoseconds more per call.

The tables come as ``uint64`` words, each table's address and length in :data:`TABLE_ORDER`,
then ``subset_rare`` as 0 or 1, as every kernel takes its tables as arguments.  Inside, they are
arrays of the very types the ranking kernels' tables have, and the row goes through
:func:`.rank.rank_rows`, validated: the entry point runs the kernels' compiled primitives, and
compiling it compiles little else.  It answers the strength of the hand, or 0 for a bad hand, a
size outside 5-7 or (as a builtin) anything but ``bytes``: the caller then takes the batch path,
which names the problem.
"""

from __future__ import annotations

import ctypes
import sys

import numpy as np
from numba import types

from .compile import entry_point, jitted
from .pointers import address_array, address_of, call_address, stack_array
from .rank import rank_rows

#: The tables behind the words, in order (each an address and a length), then ``subset_rare``.
TABLE_ORDER = ("cards", "flush", "bases5", "values5", "bases6", "values6", "bases7", "values7")
N_TABLE_WORDS = 2 * len(TABLE_ORDER) + 1
CTYPES_SIGNATURE = types.int64(types.CPointer(types.uint8), types.int64, types.CPointer(types.uint64))
PYTHON_SIGNATURE = types.voidptr(types.voidptr, types.voidptr)
#: Where a ``bytes`` object keeps its type, its length and its bytes (CPython's PyBytesObject).
TYPE_AT, SIZE_AT, DATA_AT = 8, 16, 32
#: The builtin's own words, before the tables: PyLong_FromLongLong's address, the bytes type's.
_HEAD_WORDS = 2
_METH_O = 0x0008


@jitted(inline=True)
def rank_one(ids, n, tables):
    """Strength of the ``n`` card bytes at address ``ids`` (0 for a bad hand or another size);
    ``tables`` the uint64 words."""
    if n < 5 or n > 7:
        return 0
    row = address_array(ids, n, np.uint8, False)
    out = stack_array(1, np.uint16)
    cards = address_array(tables[0], tables[1], np.uint64, True)
    flush = address_array(tables[2], tables[3], np.uint16, True)
    bases5 = address_array(tables[4], tables[5], np.uint32, True)
    values5 = address_array(tables[6], tables[7], np.uint16, True)
    subset_rare = tables[16] != 0
    at = 4 * np.int64(n) - 16  # the words of bases{n} and values{n}: 4, 8, 12 for 5, 6, 7 cards
    bases = address_array(tables[at], tables[at + 1], np.uint32, True)
    values = address_array(tables[at + 2], tables[at + 3], np.uint16, True)
    # one compile for every size: ``n`` a value here, not a constant, so that the primitives compile
    # once (with ``n`` a constant they would compile once per size, three times the work)
    rank_rows(row, row, out, 0, 1, n, True, cards, bases, values, flush, bases5, values5, subset_rare)
    return out[0]


def _ctypes_one_hand(ids, n, tables):
    return rank_one(ids, n, address_array(tables, N_TABLE_WORDS, np.uint64, True))


def _python_one_hand(own, hand):
    """``METH_O``: ``own`` is the builtin's bytes of words, ``hand`` the argument."""
    words = address_array(address_of(own) + np.uint64(DATA_AT), _HEAD_WORDS + N_TABLE_WORDS, np.uint64, True)
    at = address_of(hand)
    strength = 0
    if address_array(at + np.uint64(TYPE_AT), 1, np.uint64, True)[0] == words[1]:  # a bytes object
        n = np.int64(address_array(at + np.uint64(SIZE_AT), 1, np.uint64, True)[0])
        strength = rank_one(at + np.uint64(DATA_AT), n, words[_HEAD_WORDS:])
    return call_address(words[0], strength)


def ctypes_entry():
    """The entry point compiled for ``ctypes``: ``entry(ids, n, tables)``."""
    return entry_point(_ctypes_one_hand, CTYPES_SIGNATURE, "one_hand_ctypes")


def python_entry():
    """The entry point compiled as a one-argument builtin (see :func:`python_callable`)."""
    return entry_point(_python_one_hand, PYTHON_SIGNATURE, "one_hand_builtin")


def python_layout_ok() -> bool:
    """Whether this interpreter is CPython with the ``bytes`` layout :data:`DATA_AT` describes.

    >>> python_layout_ok()
    True
    """
    if sys.implementation.name != "cpython" or sys.getsizeof(b"") - 1 != DATA_AT:
        return False
    probe = bytes([5, 6, 7])
    return (ctypes.c_void_p.from_address(id(probe) + TYPE_AT).value == id(bytes)
            and ctypes.c_ssize_t.from_address(id(probe) + SIZE_AT).value == 3
            and ctypes.string_at(id(probe) + DATA_AT, 3) == probe)


class _MethodDef(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("function", ctypes.c_void_p), ("flags", ctypes.c_int),
                ("doc", ctypes.c_char_p)]


def python_callable(table_words: np.ndarray):
    """``rank(ids: bytes) -> int``, the builtin made of :func:`python_entry` for one game's table
    words; it keeps what it points to alive (its ``__self__``)."""
    head = np.array([ctypes.cast(ctypes.pythonapi.PyLong_FromLongLong, ctypes.c_void_p).value, id(bytes)],
                    np.uint64)
    own = np.concatenate([head, table_words]).astype(np.uint64).tobytes()
    definition = _MethodDef(b"one_hand", python_entry().address, _METH_O, None)
    new = ctypes.pythonapi.PyCFunction_NewEx
    new.restype, new.argtypes = ctypes.py_object, [ctypes.POINTER(_MethodDef), ctypes.py_object, ctypes.py_object]
    builtin = new(ctypes.byref(definition), own, None)
    _KEEP.append((definition, table_words))  # the method definition must outlive the builtin
    return builtin


_KEEP: list = []
