"""Checks shared by every function taking cards: masked arrays refused, an element named by its
index, an integer read as Python reads one."""

from __future__ import annotations

import operator
from typing import Any

import numpy as np

from ._messages import error_text, shown

__all__ = ["unmasked", "refuse_masked", "named", "integer_or_none"]


def unmasked(array: np.ma.MaskedArray, what: str) -> np.ndarray:
    """A masked array's data, when nothing is masked.  A masked card would still count as the card
    under the mask (four cards and a masked one making a royal flush), so masked entries are a
    ``ValueError`` naming the first: every function taking cards refuses them, through this.

    >>> unmasked(np.ma.masked_array([51, 47], mask=[0, 1]), "hands")
    Traceback (most recent call last):
    ...
    ValueError: hands is a masked array with 1 masked entries (the first at position 1): a masked card is no card; drop the hands that hold one, or fill them, first
    """
    mask = np.ma.getmaskarray(array)
    if mask.any():
        index = tuple(int(i) for i in np.argwhere(mask)[0])
        place = "" if not index else f" at position {index[0] if len(index) == 1 else index}"
        raise ValueError(f"{what} is a masked array with {int(mask.sum())} masked entries (the first{place}): "
                         f"a masked card is no card; drop the hands that hold one, or fill them, first")
    return np.asarray(array.data)


#: Levels of nested lists :func:`refuse_masked` looks into for masked arrays.
_MASK_DEPTH = 4


def refuse_masked(values: Any, what: str) -> Any:
    """``values`` with a masked array (at the top, or inside lists and tuples a few levels deep)
    replaced by its data when nothing is masked, else the ``ValueError`` of :func:`unmasked`
    (numpy's own conversions would read the data under the mask silently).

    >>> refuse_masked([np.ma.masked_array([51, 47], mask=False), [1, 2]], "hands")[0].tolist()
    [51, 47]
    >>> refuse_masked([[1, 2], np.ma.masked_array([51, 47], mask=[1, 0])], "card ids")
    Traceback (most recent call last):
    ...
    ValueError: card ids, element 1 is a masked array with 1 masked entries (the first at position 0): a masked card is no card; drop the hands that hold one, or fill them, first
    """
    if isinstance(values, np.ma.MaskedArray):
        return unmasked(values, what)
    if not isinstance(values, (list, tuple)):
        return values
    found = False
    level = [((i,), x) for i, x in enumerate(values)]
    for _ in range(_MASK_DEPTH):
        deeper = []
        for index, x in level:
            if isinstance(x, np.ma.MaskedArray):
                unmasked(x, f"{what}, {named(index, 'element')}")
                found = True
            elif isinstance(x, (list, tuple)) and x is not values:
                deeper.extend((index + (i,), y) for i, y in enumerate(x))
        level = deeper
        if not level:
            break
    if not found:
        return values
    return _data_of(values, _MASK_DEPTH)


def _data_of(values: Any, depth: int) -> Any:
    """Nested lists with each masked array (nothing masked) replaced by its data."""
    if isinstance(values, np.ma.MaskedArray):
        return np.asarray(values.data)
    if depth and isinstance(values, (list, tuple)):
        return [_data_of(x, depth - 1) for x in values]
    return values


def named(index: tuple[int, ...], what: str = "hand") -> str:
    """``"hand 3"`` or ``"hand (1, 2)"``: an element named by its index (``()``, the one hand of
    a 1-D input, is hand 0).

    >>> named((3,)), named((1, 2), "element"), named(())
    ('hand 3', 'element (1, 2)', 'hand 0')
    """
    if len(index) <= 1:
        return f"{what} {index[0] if index else 0}"
    return f"{what} {tuple(int(i) for i in index)}"


def integer_or_none(value: Any) -> int | None:
    """The value as a Python int if it is an integer (bools excluded), else None; read as Python
    reads an integer (``operator.index``: an ``int`` subclass by the int it holds, another object
    by its ``__index__``).  An ``__index__`` that raises anything but ``TypeError`` is a
    ``TypeError`` saying so, chained to the user's error.

    >>> integer_or_none(np.uint8(7)), integer_or_none(True), integer_or_none(1.0)
    (7, None, None)
    """
    if isinstance(value, (bool, np.bool_)):
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None
    except Exception as error:
        raise TypeError(f"{shown(value)} ({type(value).__name__}) cannot be read as an integer: its __index__ raised "
                        f"{error_text(error)}") from error
