"""Equality for result records with array fields: field by field, arrays by value (NaN equal to NaN).

A dataclass's generated ``__eq__`` compares its fields as a tuple, and ``==`` of two numpy arrays is
an array, whose truth value is an error: results that hold arrays define their ``__eq__`` with
:func:`same_fields` instead (and ``__hash__ = None``, as a mutable dataclass has).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np

__all__ = ["different_items", "same_fields", "same_items", "same_value"]


def same_value(a: Any, b: Any) -> bool:
    """Whether two field values are equal: arrays by shape and value (NaN equal to NaN in float
    arrays), lists and tuples item by item, anything else with ``==``.

    >>> same_value(np.array([1.0, np.nan]), np.array([1.0, np.nan])), same_value([np.zeros(2)], [np.ones(2)])
    (True, False)
    """
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        a, b = np.asarray(a), np.asarray(b)
        if a.shape != b.shape:
            return False
        floating = np.issubdtype(a.dtype, np.inexact) and np.issubdtype(b.dtype, np.inexact)
        return bool(np.array_equal(a, b, equal_nan=floating))
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return type(a) is type(b) and len(a) == len(b) and all(same_value(x, y) for x, y in zip(a, b))
    if dataclasses.is_dataclass(a) and not isinstance(a, type):
        return a == b
    return bool(a == b)


def same_fields(a: Any, b: Any) -> bool:
    """Whether two dataclass records of the same class agree on every field that takes part in
    comparison (``field(compare=False)`` ones, such as the seconds a run took, are skipped).

    >>> @dataclasses.dataclass(eq=False)
    ... class Row:
    ...     xs: np.ndarray
    ...     __eq__ = same_fields
    >>> Row(np.arange(3)) == Row(np.arange(3)), Row(np.arange(3)) == Row(np.zeros(3))
    (True, False)
    """
    if type(a) is not type(b):
        return NotImplemented
    return all(same_value(getattr(a, f.name), getattr(b, f.name)) for f in dataclasses.fields(a) if f.compare)


def same_items(a: Any, b: Any) -> bool:
    """Whether two named tuples of the same class agree item by item (arrays by value, as
    :func:`same_value`): the ``__eq__`` of result tuples with array items, whose tuple ``==`` would
    ask an array for its truth value.

    >>> from typing import NamedTuple
    >>> class Pair(NamedTuple):
    ...     xs: np.ndarray
    ...     n: int
    ...     __eq__ = same_items
    ...     __ne__ = different_items
    >>> Pair(np.arange(3), 1) == Pair(np.arange(3), 1), Pair(np.arange(3), 1) != Pair(np.arange(3), 2)
    (True, True)
    """
    if type(a) is not type(b):
        return NotImplemented
    return all(same_value(x, y) for x, y in zip(a, b))


def different_items(a: Any, b: Any) -> bool:
    """``not same_items(a, b)``: the ``__ne__`` to pair with it (a tuple's own ``!=`` compares the
    items with ``!=``)."""
    same = same_items(a, b)
    return same if same is NotImplemented else not same
