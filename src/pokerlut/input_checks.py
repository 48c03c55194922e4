"""The checks of card rows and their messages: where a hand is, an id the game does not deal, a card
dealt twice, integers within bounds (:mod:`pokerlut._input` re-exports them)."""

from __future__ import annotations

from typing import Any

import numpy as np

from .cards import format_card, integer_or_none, integer_text, named, refuse_masked, shown
from .constants import N_NATURAL, WILD
from .kernels.compile import jitted
from .kernels.primitives import NOT_A_CARD, OK, REPEATED, row_problem

__all__ = ["at_position", "integer_array", "where", "not_a_card_text", "twice_text", "first_problem", "problem_text",
           "raise_for_rows"]


def at_position(index: tuple[int, ...]) -> str:
    """`` at position 3`` or `` at position (1, 2)`` (nothing for a 0-d index).

    >>> at_position((3,)), at_position((1, 2)), at_position(())
    (' at position 3', ' at position (1, 2)', '')
    """
    if not index:
        return ""
    return f" at position {index[0] if len(index) == 1 else index}"


def integer_array(values: Any, what: str, lo: int, hi: int, expected: str) -> np.ndarray:
    """``values`` as an integer array (shape kept) whose entries are all in ``lo..hi``.

    Integer arrays are checked vectorised; anything else element by element, so that floats, bools
    and strings are reported as they were given (``np.asarray([1, True])`` would silently turn
    ``True`` into 1).  A ``ValueError`` names the first offending position and value.

    >>> integer_array([1, 2], "course value", 1, 52, "an integer 1..52").tolist()
    [1, 2]
    >>> integer_array([1, True], "course value", 1, 52, "an integer 1..52")
    Traceback (most recent call last):
    ...
    ValueError: course value at position 1 is True, not an integer; expected an integer 1..52
    """
    values = refuse_masked(values, what)  # a masked entry is no value
    if isinstance(values, np.ndarray) and values.dtype.kind in "iu":
        arr = values
    else:  # numpy's object conversion stops at its own depth limit; a cycle is an object it cannot read
        objects = np.asarray(values, dtype=object)
        flat = objects.ravel().tolist()
        for i, value in enumerate(flat):
            index = tuple(int(j) for j in np.unravel_index(i, objects.shape))
            try:
                number = integer_or_none(value)
            except TypeError as error:  # an __index__ that raised: the user's error chained
                raise TypeError(f"{what}{at_position(index)}: {error}") from error.__cause__
            if number is None or not lo <= number <= hi:
                text = shown(value) + (", not an integer" if number is None else "")
                raise ValueError(f"{what}{at_position(index)} is {text}; expected {expected}")
        arr = np.array(flat, dtype=np.int64).reshape(objects.shape)
    bad = (arr < lo) | (arr > hi)
    if bad.any():
        index = tuple(int(i) for i in np.argwhere(bad)[0])
        raise ValueError(f"{what}{at_position(index)} is {int(arr[index])}; expected {expected}")
    return arr


def where(row: int, lead_shape: tuple[int, ...], what: str = "hand", origin: tuple[int, ...] = ()) -> str:
    """``"hand 3"`` or ``"hand (1, 2)"``: a row of the flattened array named in the caller's shape.

    ``origin``: where the array starts in a bigger one (a block of a Dask array), added to the
    index so the row is named in the whole array.

    >>> where(5, (10,)), where(5, (2, 3)), where(5, (10,), origin=(60000,))
    ('hand 5', 'hand (1, 2)', 'hand 60005')
    """
    if not origin and len(lead_shape) <= 1:
        return f"{what} {row}"
    index = tuple(int(i) for i in np.unravel_index(row, lead_shape))
    if origin:
        index = tuple(i + int(o) for i, o in zip(index, origin))
    return named(index, what)


def not_a_card_text(value: int) -> str:
    """The sentence for an id that is no card at all (not 0..52).

    >>> not_a_card_text(99)
    'card id 99 is not a card (ids are 0..51 for naturals, 4*rank + suit, and 52 for a wild card)'
    """
    return (f"card id {integer_text(value)} is not a card (ids are 0..{N_NATURAL - 1} for naturals, 4*rank + suit, "
            f"and {WILD} for a wild card)")


def twice_text(value: int, first: str, second: str) -> str:
    """The one sentence for a card dealt twice: ``first`` and ``second`` name the two places.

    >>> twice_text(51, "at position 0", "at position 2")
    'card As (id 51) is dealt twice: at position 0 and at position 2'
    >>> twice_text(50, "as player 0's card 1", "as board card 0")
    "card Ah (id 50) is dealt twice: as player 0's card 1 and as board card 0"
    """
    return f"card {format_card(value)} (id {value}) is dealt twice: {first} and {second}"




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


def problem_text(row: np.ndarray, pos: int, code: int, dealt_in: str = "the high game", deck: str = "",
                 place=None) -> str:
    """The sentence for the bad card at ``row[pos]`` (no location: the caller adds it).

    ``dealt_in`` names where a wild card is not dealt (``"the short-deck game"``), ``deck`` the
    deck a natural card is missing from; ``place(j)`` names position ``j`` of the row (default
    ``"at position j"``).

    >>> problem_text(np.array([51, 47, 51]), 2, REPEATED)
    'card As (id 51) is dealt twice: at position 0 and at position 2'
    """
    place = place or (lambda j: f"at position {j}")
    value = int(row[pos])
    if code == NOT_A_CARD:
        if value > WILD or value < 0:
            return not_a_card_text(value)
        if value == WILD:
            return f"the wild card (id {WILD}) is not dealt in {dealt_in}"
        return f"card {format_card(value)} (id {value}) is not in {deck or 'the deck'}"
    first = int(np.flatnonzero(row[:pos] == value)[0])
    return twice_text(value, place(first), place(pos))


def raise_for_rows(rows: np.ndarray, cards: np.ndarray, lead_shape: tuple[int, ...], game: str = "high",
                   start: int = 0, deck: str = "", origin: tuple[int, ...] = (),
                   row_index: np.ndarray | None = None) -> None:
    """Raise the ``ValueError`` describing the first bad card at or after row ``start``, if any
    (the row named as :func:`where` names it, ``origin`` included; with ``row_index``, row ``r``
    is hand ``row_index[r]`` of the input)."""
    row, pos, code = first_problem(rows[start:], cards)
    if code == OK:
        return
    row += start
    text = problem_text(rows[row], pos, code, f"the {game} game", deck or f"the {game} deck")
    sep = ": " if code == REPEATED else f", position {pos}: "
    named_row = int(row_index[row]) if row_index is not None else row
    raise ValueError(f"{where(named_row, lead_shape, origin=origin)}{sep}{text}")

