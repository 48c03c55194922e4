"""The one input path: whatever a user passes as cards becomes a C-contiguous ``uint8`` array of
rows, or a ``TypeError``/``ValueError`` that says what is wrong and where.

* :func:`card_array`: any card input (ids, nested lists, card strings, numpy string arrays) as an
  integer array; booleans, floats and objects are refused.
* :func:`hand_rows`: that array as ``(N, k)`` uint8 rows plus the leading shape, ``k`` checked,
  ids outside 0..255 reported (they cannot be narrowed to a byte).
* :func:`first_problem` / :func:`problem_text`: the first bad card of some rows and the sentence
  naming it (an id the game does not deal, a natural card twice), worded once for every caller.

The ranking kernels then validate ids 0..255 themselves, at almost no cost.
"""

from __future__ import annotations

import numbers
from typing import Any, Sequence

import numpy as np

from .cards import as_card_array, format_card
from .constants import N_NATURAL, WILD
from .kernels.compile import jitted
from .kernels.primitives import NOT_A_CARD, OK, REPEATED, row_problem

__all__ = ["card_array", "hand_rows", "first_problem", "problem_text", "where", "OK", "NOT_A_CARD", "REPEATED"]


def _non_integer_scalar(obj: Any) -> Any:
    """The first bool or non-integral number in a (nested) Python sequence, or ``None``: numpy
    would turn ``True`` into card 1 and ``1.7`` into a float array without a word."""
    stack = [obj]
    while stack:
        item = stack.pop()
        if isinstance(item, (bool, np.bool_)):
            return item
        if isinstance(item, (list, tuple)):
            stack.extend(reversed(item))
        elif isinstance(item, numbers.Number) and not isinstance(item, numbers.Integral):
            return item
    return None


def card_array(obj: Any, what: str = "hands") -> np.ndarray:
    """Card input as an integer array (card strings parsed), or a ``TypeError`` naming ``what``.

    >>> card_array("As Ks").tolist(), card_array(np.array(["As", "Ks"])).tolist()
    ([51, 47], [51, 47])
    >>> card_array([[0, 1, True]])
    Traceback (most recent call last):
    ...
    TypeError: hands must hold integer card ids (or card strings); got True (bool), a bool or a non-integral number
    """
    if obj is None:
        raise TypeError(f"{what} must hold integer card ids (or card strings), got None")
    if isinstance(obj, (bool, np.bool_)) or (isinstance(obj, numbers.Number) and not isinstance(obj, numbers.Integral)):
        obj = [obj]
    if isinstance(obj, np.ndarray) and obj.dtype.kind in "US":
        obj = obj.tolist() if obj.ndim else str(obj)
    elif isinstance(obj, (list, tuple)):
        bad = _non_integer_scalar(obj)
        if bad is not None:
            raise TypeError(f"{what} must hold integer card ids (or card strings); got {bad!r} "
                            f"({type(bad).__name__}), a bool or a non-integral number")
    try:
        array = as_card_array(obj)
    except ValueError as error:
        if "inhomogeneous" not in str(error) and "setting an array element" not in str(error):
            raise
        raise ValueError(f"{what} must be nested evenly: every hand the same number of cards, every row "
                         f"the same depth; got a ragged sequence") from None
    if array.dtype.kind not in "iu":
        raise TypeError(f"{what} must hold integer card ids (or card strings), got an array of dtype {array.dtype}")
    return array


def where(row: int, lead_shape: tuple[int, ...], what: str = "hand", origin: tuple[int, ...] = ()) -> str:
    """``"hand 3"`` or ``"hand (1, 2)"``: a row of the flattened array named in the caller's shape.

    ``origin``: where the array starts in a bigger one (a block of a Dask array), added to the
    index so the row is named in the whole array.

    >>> where(5, (10,)), where(5, (2, 3)), where(5, (10,), origin=(60000,))
    ('hand 5', 'hand (1, 2)', 'hand 60005')
    """
    if origin:
        index = tuple(int(i) + int(o) for i, o in zip(np.unravel_index(row, lead_shape), origin))
        return f"{what} {index[0]}" if len(index) == 1 else f"{what} {index}"
    if len(lead_shape) <= 1:
        return f"{what} {row}"
    return f"{what} {tuple(int(i) for i in np.unravel_index(row, lead_shape))}"


def hand_rows(obj: Any, sizes: Sequence[int], what: str = "hands",
              origin: tuple[int, ...] = ()) -> tuple[np.ndarray, tuple[int, ...]]:
    """``(rows, lead_shape)``: C-contiguous uint8 rows ``(N, k)`` with ``k`` in ``sizes``, and the
    leading shape of the input (``()`` for one hand).  ``origin``: see :func:`where`.

    >>> rows, lead = hand_rows([[51, 47, 43, 39, 35]], (5,))
    >>> rows.dtype.name, rows.shape, lead
    ('uint8', (1, 5), (1,))
    """
    array = card_array(obj, what)
    if array.ndim == 0 or array.shape[-1] not in sizes:
        wanted = " or ".join(str(k) for k in sizes)
        raise ValueError(f"{what} must have shape (..., {wanted}): the last axis holds the cards of one hand; "
                         f"got shape {array.shape}")
    lead_shape = array.shape[:-1]
    rows = array.reshape(-1, array.shape[-1])
    if rows.dtype != np.uint8:
        outside = (rows < 0) | (rows > 255) if rows.dtype.kind == "i" else rows > 255
        if outside.any():
            row, pos = (int(i) for i in np.argwhere(outside)[0])
            raise ValueError(f"{where(row, lead_shape, origin=origin)}, position {pos}: "
                             f"{_not_a_card(int(rows[row, pos]))}")
        rows = rows.astype(np.uint8)
    return np.ascontiguousarray(rows), lead_shape


@jitted()
def _first_problem(flat, n, cards):
    for i in range(flat.shape[0] // n):
        pos, code = row_problem(flat, np.uint64(n * i), n, cards)
        if code != OK:
            return i, pos, code
    return -1, -1, OK


def first_problem(rows: np.ndarray, cards: np.ndarray) -> tuple[int, int, int]:
    """``(row, position, code)`` of the first bad card of uint8 ``rows`` under a game's card table
    (``code`` ``NOT_A_CARD`` or ``REPEATED``), or ``(-1, -1, OK)``.

    >>> from pokerlut.tables import load_table_set
    >>> first_problem(np.array([[0, 1, 2, 3, 4], [5, 6, 7, 5, 8]], np.uint8), load_table_set()["cards"])
    (1, 3, 2)
    """
    if rows.size == 0:
        return -1, -1, OK
    row, pos, code = _first_problem(np.ascontiguousarray(rows).reshape(-1), rows.shape[1], cards)
    return int(row), int(pos), int(code)


def _not_a_card(value: int) -> str:
    return (f"card id {value} is not a card (ids are 0..{N_NATURAL - 1} for naturals, 4*rank + suit, "
            f"and {WILD} for a wild card)")


def problem_text(row: np.ndarray, pos: int, code: int, game: str = "high", deck: str = "") -> str:
    """The sentence for the bad card at ``row[pos]`` (no location: the caller adds it); ``game`` and
    ``deck`` name the game and its deck for a card it does not deal.

    >>> problem_text(np.array([51, 47, 51]), 2, REPEATED)
    'card As (id 51) appears twice, at positions 0 and 2; a hand never holds the same natural card twice'
    """
    value = int(row[pos])
    if code == NOT_A_CARD:
        if value > WILD or value < 0:
            return _not_a_card(value)
        if value == WILD:
            return f"the wild card (id {WILD}) is not dealt in the {game} game"
        return f"card {format_card(value)} (id {value}) is not in {deck or f'the {game} deck'}"
    first = int(np.flatnonzero(row[:pos] == value)[0])
    return (f"card {format_card(value)} (id {value}) appears twice, at positions {first} and {pos}; "
            f"a hand never holds the same natural card twice")


def raise_for_rows(rows: np.ndarray, cards: np.ndarray, lead_shape: tuple[int, ...], game: str = "high",
                   start: int = 0, deck: str = "", origin: tuple[int, ...] = ()) -> None:
    """Raise the ``ValueError`` describing the first bad card at or after row ``start``, if any
    (the row named as :func:`where` names it, ``origin`` included)."""
    row, pos, code = first_problem(rows[start:], cards)
    if code == OK:
        return
    row += start
    text = problem_text(rows[row], pos, code, game, deck)
    sep = ": " if code == REPEATED else f", position {pos}: "
    raise ValueError(f"{where(row, lead_shape, origin=origin)}{sep}{text}")
