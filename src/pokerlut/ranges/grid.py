"""The 13x13 grid of the 169 Hold'em starting-hand classes, and a range laid out on it.

Rows and columns run from ace down to deuce (``RANKS``).  Pairs sit on the diagonal, suited
classes above it (row of the higher card, column of the lower: ``AKs`` is row A, column K) and
offsuit classes below it (row of the lower card, column of the higher: ``AKo`` is row K,
column A), as in PokerStove, Equilab and Flopzilla.  Cells are numbered ``13 * row + column``.

Pure numpy: this module draws nothing (see :mod:`pokerlut.plot` for the pictures).

>>> class_labels()[:2, :3].tolist()
[['AA', 'AKs', 'AQs'], ['AKo', 'KK', 'KQs']]
>>> g = class_weights("TT+, AKs, 0.5(QJs)")
>>> [float(g.combos[cell_of(c)]) for c in ("AKs", "QJs", "AKo")], g.total
([4.0, 2.0, 0.0], 36.0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias, Union

import numpy as np
import numpy.typing as npt

from .._records import same_fields
from ..constants import HOLDEM_HOLE
from .cells import RANKS, class_labels
from .parse import ALL_COMBOS, Range, parse_range

__all__ = ["RANKS", "N_CLASSES", "class_labels", "cell_of", "combo_cells", "class_sizes", "class_weights",
           "RangeGrid", "as_range"]

#: A Hold'em range: range text (``"TT+, AKs"``, ``"random"``) or a :class:`~pokerlut.Range`.
RangeLike: TypeAlias = Union[str, Range]
#: A Hold'em range: range text (``"TT+, AKs"``, ``"random"``) or a :class:`~pokerlut.Range`.
RangeLike: TypeAlias = Union[str, Range]
N_CLASSES = 169


def cell_of(label: str) -> tuple[int, int]:
    """The (row, column) of a class name.

    Parameters
    ----------
    label : str
        A pair (``"77"``) or two ranks and ``s``/``o`` (``"AKs"``, ``"KAo"``), case-insensitive.

    Returns
    -------
    tuple of int
        (row, column) in the 13x13 grid.

    Raises
    ------
    ValueError
        Not a class name (the message says what one looks like); ``TypeError`` for a non-string.

    Examples
    --------
    >>> cell_of("AKs"), cell_of("AKo"), cell_of("22"), cell_of("t9S")
    ((0, 1), (1, 0), (12, 12), (4, 5))
    """
    if not isinstance(label, str):
        raise TypeError(f"a class name is a string like 'AKs', not {type(label).__name__}")
    text = label.strip()
    upper = text[:2].upper()
    kind = text[2:].lower()
    if len(upper) != 2 or any(c not in RANKS for c in upper) or kind not in ("", "s", "o"):
        raise ValueError(f"{label!r} is not a starting-hand class: expected a pair like '77' or two ranks "
                         f"and 's' or 'o', like 'AKs' or 'T9o'")
    a, b = sorted(RANKS.index(c) for c in upper)
    if a == b:
        if kind:
            raise ValueError(f"{label!r}: a pair is neither suited nor offsuit")
        return a, a
    if not kind:
        raise ValueError(f"{label!r}: say 's' (suited) or 'o' (offsuit), e.g. {upper}s")
    return (a, b) if kind == "s" else (b, a)


def combo_cells(combos: npt.ArrayLike) -> tuple[np.ndarray, np.ndarray]:
    """The cell of each two-card combo.

    Parameters
    ----------
    combos : array_like
        (n, 2) natural card ids (0..51), the two cards in either order.

    Returns
    -------
    tuple of numpy.ndarray
        rows (n,) and columns (n,), int64.

    Examples
    --------
    >>> from pokerlut import parse_cards
    >>> rows, cols = combo_cells(parse_cards("As Ks  Kd Ah  7c 7h").reshape(3, 2))
    >>> rows.tolist(), cols.tolist()
    ([0, 1, 7], [1, 0, 7])
    """
    c = np.asarray(combos)
    if c.dtype.kind not in "iu":
        raise TypeError(f"combos are integer card ids, not {c.dtype}")
    if c.ndim != 2 or c.shape[1] != HOLDEM_HOLE:
        raise ValueError(f"combos have shape (n, 2), got {c.shape}")
    if c.size and (c.min() < 0 or c.max() > 51):
        raise ValueError("combos hold natural card ids 0..51")
    c = c.astype(np.int64)
    hi = 12 - np.maximum(c[:, 0], c[:, 1]) // 4  # row/column index of the higher rank
    lo = 12 - np.minimum(c[:, 0], c[:, 1]) // 4
    suited = c[:, 0] % 4 == c[:, 1] % 4
    rows = np.where(suited, hi, lo)
    cols = np.where(suited, lo, hi)
    return rows, cols


def class_sizes() -> np.ndarray:
    """Combos in each class before card removal.

    Returns
    -------
    numpy.ndarray
        (13, 13) int64: 6 per pair, 4 per suited class, 12 per offsuit class.

    Examples
    --------
    >>> s = class_sizes()
    >>> int(s[0, 0]), int(s[0, 1]), int(s[1, 0]), int(s.sum())
    (6, 4, 12, 1326)
    """
    out = np.zeros((13, 13), dtype=np.int64)
    np.add.at(out, combo_cells(ALL_COMBOS), 1)
    return out


def as_range(value: RangeLike, what: str = "range") -> Range:
    """A :class:`~pokerlut.Range` from range text or a Range.

    Parameters
    ----------
    value : str or Range
        Anything :func:`~pokerlut.parse_range` reads, or a Range (checked by :meth:`Range.validated`:
        a hand-built one may hold anything).
    what : str
        Names the argument in the errors.

    Returns
    -------
    Range

    Examples
    --------
    >>> len(as_range("AKs")), len(as_range(as_range("QQ")))
    (4, 6)
    >>> as_range(Range(np.array([[51, 50]]), np.array([-1.0])), "opponent")
    Traceback (most recent call last):
    ...
    ValueError: opponent: weight 0 is -1.0; weights must be finite and >= 0
    """
    if isinstance(value, Range):
        return value.validated(what)
    if isinstance(value, str):
        return parse_range(value)
    raise TypeError(f"{what}: a range is range text like 'TT+, AKs' or a pokerlut.Range, "
                    f"not {type(value).__name__}")


@dataclass(eq=False)
class RangeGrid:
    """A range on the 13x13 grid: per class, ``weights`` (13, 13) the share of the class's combos in
    the range, each counted with its weight (1.0 for a whole class); ``combos`` (13, 13) the
    weighted number of combos; ``present`` (13, 13) the number of combos with a positive weight.
    ``labels`` are the class names; ``total`` the weighted combos of the whole range."""

    labels: np.ndarray
    weights: np.ndarray
    combos: np.ndarray
    present: np.ndarray
    total: float
    text: str
    __eq__ = same_fields


def class_weights(range_: RangeLike) -> RangeGrid:
    """Lay a range out on the 13x13 grid.

    Parameters
    ----------
    range_ : str or Range
        Range text (anything :func:`~pokerlut.parse_range` reads) or a :class:`~pokerlut.Range`.

    Returns
    -------
    RangeGrid
        Per class: weight (share of its combos), weighted combos, combos present.

    Raises
    ------
    ValueError
        A malformed range: the :func:`~pokerlut.parse_range` message (token, column, caret), or a
        :class:`~pokerlut.Range` that :meth:`~pokerlut.Range.validated` refuses.

    Examples
    --------
    >>> g = class_weights("77, AKs, 0.25(AKo)")
    >>> [float(g.weights[cell_of(c)]) for c in ("77", "AKs", "AKo", "AQs")]
    [1.0, 1.0, 0.25, 0.0]
    >>> int(g.present[cell_of("AKo")]), float(g.combos[cell_of("AKo")]), g.total
    (12, 3.0, 13.0)
    """
    rng = as_range(range_, "range_")
    rows, cols = combo_cells(rng.combos)
    combos = np.zeros((13, 13))
    present = np.zeros((13, 13), dtype=np.int64)
    np.add.at(combos, (rows, cols), rng.weights)
    np.add.at(present, (rows, cols), 1)
    text = range_ if isinstance(range_, str) else f"range of {len(rng)} combos"
    return RangeGrid(class_labels(), combos / class_sizes(), combos, present, float(rng.weights.sum()),
                     text.strip())
