"""Checking hands before the kernels see them (the kernels themselves never check bounds).

:func:`validate_hands` turns user input into a C-contiguous ``uint8`` array of shape ``(N, k)``
or raises a ``TypeError``/``ValueError`` that names the first bad hand, the position in it and
the card value.  The scan for bad ids and repeated cards is a numba kernel (serial and parallel
variants), compiled once per input integer dtype.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from .cards import WILD, as_card_array, format_card

OK, OUT_OF_RANGE, REPEATED = 0, 1, 2
PARALLEL_CHECK_ROWS = 1 << 16
CHECK_BLOCK = 1 << 14


@nb.njit(inline="always", nogil=True, cache=True)
def _scan_rows(hands, start, stop):
    """First problem in rows ``start..stop``: (row, position, code), or (-1, -1, OK)."""
    for i in range(start, stop):
        seen = np.uint64(0)
        for j in range(hands.shape[1]):
            card = hands[i, j]
            if card < 0 or card > WILD:
                return i, j, OUT_OF_RANGE
            if card != WILD:
                bit = np.uint64(1) << np.uint64(card)
                if seen & bit:
                    return i, j, REPEATED
                seen |= bit
    return -1, -1, OK


@nb.njit(nogil=True, cache=True)
def scan_serial(hands):
    return _scan_rows(hands, 0, hands.shape[0])


@nb.njit(nogil=True, cache=True, parallel=True)
def scan_parallel(hands):
    n = hands.shape[0]
    n_blocks = (n + CHECK_BLOCK - 1) // CHECK_BLOCK
    found = np.full(n_blocks, -1, dtype=np.int64)
    for block in nb.prange(n_blocks):
        start = block * CHECK_BLOCK
        row, _, _ = _scan_rows(hands, start, min(start + CHECK_BLOCK, n))
        found[block] = row
    for block in range(n_blocks):
        if found[block] >= 0:
            return _scan_rows(hands, found[block], found[block] + 1)
    return -1, -1, OK


def first_problem(flat: np.ndarray, parallel: bool | None = None) -> tuple[int, int, int]:
    """``(row, position, code)`` of the first bad card in a 2-D integer array, or ``(-1, -1, OK)``.

    ``code`` is ``OUT_OF_RANGE`` (not in 0..52) or ``REPEATED`` (a natural card seen earlier in
    the row).

    >>> first_problem(np.array([[0, 1, 2, 3, 4], [5, 6, 7, 5, 8]]))
    (1, 3, 2)
    """
    if flat.shape[0] == 0:
        return -1, -1, OK
    use_parallel = flat.shape[0] >= PARALLEL_CHECK_ROWS if parallel is None else parallel
    row, pos, code = (scan_parallel if use_parallel else scan_serial)(flat)
    return int(row), int(pos), int(code)


def _where(row: int, lead_shape: tuple[int, ...]) -> str:
    if len(lead_shape) <= 1:
        return f"hand {row}"
    return f"hand {tuple(int(i) for i in np.unravel_index(row, lead_shape))}"


def _describe_problem(hands: np.ndarray, row: int, pos: int, code: int, lead_shape: tuple[int, ...]) -> str:
    value = int(hands[row, pos])
    where = _where(row, lead_shape)
    if code == OUT_OF_RANGE:
        return (f"{where}, position {pos}: card id {value} is not a card "
                f"(ids are 0..51 for naturals, 4*rank + suit, and {WILD} for a wild card)")
    first = int(np.flatnonzero(hands[row, :pos] == value)[0])
    return (f"{where}: card {format_card(value)} (id {value}) appears twice, "
            f"at positions {first} and {pos}; a hand never holds the same natural card twice")


def integer_cards(obj, what: str = "hands") -> np.ndarray:
    """User input as an integer array (card strings parsed), or a ``TypeError``."""
    array = as_card_array(obj)
    if array.dtype.kind not in "iu":
        raise TypeError(
            f"{what} must hold integer card ids (or card strings), got an array of dtype {array.dtype}"
        )
    return array


def coerce_hands(hands, sizes: tuple[int, ...]) -> tuple[np.ndarray, tuple[int, ...]]:
    """User input as a 2-D integer array ``(N, k)``, ``k`` in ``sizes``, and its leading shape.

    Checks the dtype and shape only; the card ids are not looked at.
    """
    array = integer_cards(hands)
    if array.ndim == 0 or array.shape[-1] not in sizes:
        wanted = " or ".join(str(k) for k in sizes)
        raise ValueError(
            f"hands must have shape (..., {wanted}): the last axis holds the cards of one hand; got shape {array.shape}"
        )
    return array.reshape(-1, array.shape[-1]), array.shape[:-1]


def raise_for_row(flat: np.ndarray, row: int, lead_shape: tuple[int, ...]) -> None:
    """Raise the ValueError that describes the first bad card of ``flat[row]``."""
    _, pos, code = first_problem(flat[row:row + 1], parallel=False)
    raise ValueError(_describe_problem(flat, row, pos, code, lead_shape))


def validate_hands(hands, sizes: tuple[int, ...], *, check: bool = True,
                   parallel: bool | None = None) -> tuple[np.ndarray, tuple[int, ...]]:
    """Coerce ``hands`` to a C-contiguous uint8 ``(N, k)`` array, ``k`` in ``sizes``.

    Returns the 2-D array and the leading shape (``()`` for a single hand).  With ``check`` the
    card ids are scanned for values outside 0..52 and for a natural card held twice; without
    it only the dtype and shape are checked and out-of-range ids are undefined behaviour.

    >>> flat, lead = validate_hands([[51, 47, 43, 39, 35]], (5,))
    >>> flat.dtype.name, flat.shape, lead
    ('uint8', (1, 5), (1,))
    """
    flat, lead_shape = coerce_hands(hands, sizes)
    if check:
        row, pos, code = first_problem(flat, parallel)
        if code != OK:
            raise ValueError(_describe_problem(flat, row, pos, code, lead_shape))
    return np.ascontiguousarray(flat, dtype=np.uint8), lead_shape
