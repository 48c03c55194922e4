"""The input of a hand on a board: hole cards and boards as uint8 rows broadcast against each other,
the tables the kernels read, card masks as cards, and the error that names a bad row."""

from __future__ import annotations

from collections.abc import Callable
from math import prod
from typing import Any, Sequence

import numpy as np

from .._input import hand_rows, natural_card_table, raise_for_deals, where
from .._notice import compile_notice
from ..cards import format_cards  # noqa: F401 (the examples use it)
from ..constants import HOLDEM_HOLE, N_NATURAL, OMAHA_HOLE_SIZES
from ..tables import TableSet, load_table_set

HOLE_SIZES = (HOLDEM_HOLE,) + OMAHA_HOLE_SIZES
DEALT_IN = "a hand on a board"

_BIT_CARDS = np.arange(N_NATURAL, dtype=np.uint64)


def high_tables() -> TableSet:
    return load_table_set("high")


def first_run(kernel: Any, piece: Callable[[int, int], int]) -> None:
    """``piece(0, 0)`` under the compile notice when ``kernel`` (a numba dispatcher) has not run yet
    in this process: that call compiles it or loads it from the cache.  Later calls skip it (a
    call of a kernel costs several microseconds, as much as the work of a small call).  Its
    ``overloads`` tell (its ``signatures`` list them, at 10 us a read); a callable without them
    (a wrapper) always gets the call.

    >>> calls = []
    >>> class Ran:
    ...     overloads = {"one signature": "its code"}
    >>> first_run(Ran(), lambda lo, hi: calls.append((lo, hi)))
    >>> calls
    []
    """
    if not getattr(kernel, "overloads", None):
        with compile_notice("boards"):
            piece(0, 0)


class Rows:
    """Rows of ``n`` hands: ``groups`` of cards (label, uint8 rows (m, k), stride 0 when one row serves
    every hand, else k) and the leading shape the results take."""

    def __init__(self, groups: Sequence[tuple[str, np.ndarray, int]], lead_shape: tuple[int, ...]):
        self.groups = list(groups)
        self.lead_shape = lead_shape
        self.n = prod(lead_shape)

    def flat(self, g: int, lo: int, hi: int) -> np.ndarray:
        """The cards of group ``g`` for hands ``lo..hi`` as a flat uint8 array (one row when shared)."""
        _, rows, stride = self.groups[g]
        flat = rows.reshape(-1)
        return flat if stride == 0 else flat[stride * lo:stride * hi]

    def width(self, g: int) -> int:
        return self.groups[g][1].shape[1]

    def stride(self, g: int) -> int:
        return self.groups[g][2]

    def raise_for(self, row: int, labels: Sequence[tuple[str, int]] | None = None) -> None:
        """The ``ValueError`` naming the first bad card of hand ``row`` (which a kernel found)."""
        parts = []
        for _, rows, stride in self.groups:
            parts.append(rows[0] if stride == 0 else rows[row])
        cards = np.concatenate(parts)[None, :]
        labels = labels or [(label, rows.shape[1]) for label, rows, _ in self.groups]
        try:
            raise_for_deals(cards, labels, natural_card_table(high_tables().cards), DEALT_IN, "the deck")
        except ValueError as error:
            prefix = f"{where(row, self.lead_shape)}: " if self.lead_shape else ""
            raise ValueError(prefix + str(error)) from None
        raise AssertionError(f"a kernel flagged hand {row}, which holds no bad card")  # pragma: no cover


def broadcast(parts: Sequence[tuple[str, Any, Sequence[int], str]], lead_axes: Sequence[int] | None = None) -> Rows:
    """``parts``: ``(label, cards, sizes, what)`` per group of cards, each ``(..., k)`` with ``k`` in
    ``sizes``; their leading shapes broadcast together (a ``ValueError`` naming both when not)."""
    arrays = []
    for label, value, sizes, what in parts:
        rows, lead = hand_rows(value, sizes, what)
        arrays.append((label, rows, lead, what))
    try:
        lead_shape = np.broadcast_shapes(*(lead for _, _, lead, _ in arrays))
    except ValueError:
        shapes = " and ".join(f"{what} of shape {lead + rows.shape[1:]}" for _, rows, lead, what in arrays)
        raise ValueError(f"{shapes} do not broadcast together: give one row of each for every hand, or one "
                         f"row shared by all") from None
    groups = []
    for label, rows, lead, _ in arrays:
        k = rows.shape[1]
        if lead == lead_shape:
            groups.append((label, rows, k))
        elif rows.shape[0] == 1:
            groups.append((label, rows, 0))
        else:
            full = np.broadcast_to(rows.reshape(lead + (k,)), lead_shape + (k,)).reshape(-1, k)
            groups.append((label, np.ascontiguousarray(full), k))
    return Rows(groups, tuple(lead_shape))


def cards_of(mask: int | np.integer) -> np.ndarray:
    """The card ids (uint8, ascending) of a card mask (bit ``c`` for card ``c``).

    >>> cards_of(0b1011).tolist(), format_cards(cards_of((1 << 51) | (1 << 0)))
    ([0, 1, 3], '2c As')
    """
    value = np.uint64(mask)
    return np.flatnonzero((value >> _BIT_CARDS) & np.uint64(1)).astype(np.uint8)


def mask_counts(masks: np.ndarray) -> np.ndarray:
    """The number of cards of each uint64 card mask (uint8, same shape).

    >>> mask_counts(np.array([0, 7, (1 << 52) - 1], np.uint64)).tolist()
    [0, 3, 52]
    """
    masks = np.asarray(masks, dtype=np.uint64)
    counts = np.zeros(masks.shape, np.uint8)
    for shift in range(0, 64, 16):
        counts += _POP16[((masks >> np.uint64(shift)) & np.uint64(0xFFFF)).astype(np.intp)]
    return counts


_POP16 = sum(((np.arange(1 << 16) >> i) & 1).astype(np.uint8) for i in range(16))
