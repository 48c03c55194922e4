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
from collections.abc import Sequence

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


def table_words(tables: Sequence[np.ndarray], subset_rare: bool) -> np.ndarray:
    """The uint64 words of a game's tables (in :data:`TABLE_ORDER`): each 1-D C-contiguous table's
    address and length, then ``subset_rare``.  The words point into ``tables``: whoever keeps them
    must keep ``tables`` alive as long (:func:`python_callable` and :func:`ctypes_callable` do).

    >>> t = [np.zeros(3, np.uint64)] * len(TABLE_ORDER)
    >>> words = table_words(t, True)
    >>> words.shape, int(words[0]) == t[0].ctypes.data, int(words[1]), int(words[-1])
    ((17,), True, 3, 1)
    """
    if len(tables) != len(TABLE_ORDER):
        raise ValueError(f"expected the {len(TABLE_ORDER)} tables {TABLE_ORDER}, got {len(tables)}")
    for name, array in zip(TABLE_ORDER, tables):
        if not (isinstance(array, np.ndarray) and array.ndim == 1 and array.flags.c_contiguous):
            raise ValueError(f"table {name} must be a 1-D C-contiguous array")
    return np.array([x for a in tables for x in (a.ctypes.data, a.shape[0])] + [int(bool(subset_rare))], np.uint64)


class _MethodDef(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("function", ctypes.c_void_p), ("flags", ctypes.c_int),
                ("doc", ctypes.c_char_p)]


class _Words(bytes):
    """The builtin's ``__self__``: the words the compiled function reads in place (a subclass of
    ``bytes`` keeps the bytes where :data:`DATA_AT` says), holding the tables the words point into
    and the builtin's method definition, so that they live exactly as long as the builtin does."""


def python_callable(tables: Sequence[np.ndarray], subset_rare: bool):
    """``rank(ids: bytes) -> int``, the builtin made of :func:`python_entry` for one game's tables
    (:func:`table_words`).  Its ``__self__`` holds those very arrays and its method definition:
    the tables it reads live as long as it does, whatever happens to the cache they came from.

    >>> from pokerlut.tables import load_table_set
    >>> t = load_table_set("high")
    >>> rank = python_callable([t[name] for name in TABLE_ORDER], t.subset_rare)
    >>> rank(bytes([51, 47, 43, 39, 35])), rank(b"bad"), rank.__self__.tables[0] is t["cards"]
    (7462, 0, True)
    """
    tables = tuple(tables)
    words = table_words(tables, subset_rare)
    head = np.array([ctypes.cast(ctypes.pythonapi.PyLong_FromLongLong, ctypes.c_void_p).value, id(bytes)],
                    np.uint64)
    own = _Words(np.concatenate([head, words]).astype(np.uint64).tobytes())
    own.tables = tables  # what the words point into
    own.definition = _MethodDef(b"one_hand", python_entry().address, _METH_O, None)  # must outlive the builtin
    if ctypes.string_at(id(own) + DATA_AT, len(own)) != own:  # the subclass keeps the bytes' layout
        raise RuntimeError("the one-hand builtin cannot read its words on this interpreter")
    new = ctypes.pythonapi.PyCFunction_NewEx
    new.restype, new.argtypes = ctypes.py_object, [ctypes.POINTER(_MethodDef), ctypes.py_object, ctypes.py_object]
    return new(ctypes.byref(own.definition), own, None)


def ctypes_callable(tables: Sequence[np.ndarray], subset_rare: bool):
    """``rank(ids: bytes) -> int`` through ``ctypes`` (:func:`ctypes_entry`), for an interpreter
    whose ``bytes`` layout :func:`python_layout_ok` refuses; the function made holds the tables
    and their words (its closure), as long as it lives.

    >>> from pokerlut.tables import load_table_set
    >>> t = load_table_set("high")
    >>> ctypes_callable([t[name] for name in TABLE_ORDER], t.subset_rare)(bytes([51, 47, 43, 39, 35]))
    7462
    """
    tables = tuple(tables)
    words = table_words(tables, subset_rare)
    entry = ctypes.PYFUNCTYPE(ctypes.c_int64, ctypes.c_char_p, ctypes.c_int64, ctypes.c_void_p)(ctypes_entry().address)
    address = words.ctypes.data

    def rank(ids: bytes, _held=(tables, words)) -> int:  # the tables and words live with the function
        return entry(ids, len(ids), address) if type(ids) is bytes else 0

    return rank
