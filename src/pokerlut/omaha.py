"""Omaha hands: exactly two of 4, 5 or 6 hole cards with exactly three of a board of 3 to 5.

>>> r = evaluate_omaha("Ah Kh Qd Jd", "Th 9h 2h 3c 4s")      # the ace-king of hearts make the flush
>>> describe(int(r))
'Flush, ace-high (A-K-T-9-2)'
>>> hl = evaluate_omaha("Ah 2c Kd Kh", "3h 4d 8s Ks Qc", variant="omaha-hilo")
>>> describe(int(hl.high)), describe(int(hl.low), "eight-or-better")
('Three of a kind, kings (Q-8 kickers)', '8-4-3-2-A low')
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from math import comb

from . import _threads
from ._input import card_array, hand_rows, raise_for_deals
from ._notice import noticed
from .kernels.registry import omaha_kernel
from .strength import describe  # noqa: F401 (the examples use it)
from .variants import OMAHA_HILO, Variant, VariantLike, get_variant

__all__ = ["HiLo", "evaluate_omaha", "omaha_rows", "omaha_variant"]


class HiLo(NamedTuple):
    """High and low strengths of Omaha hi-lo hands; ``low`` is on the eight-or-better scale (1: no low)."""

    high: np.ndarray
    low: np.ndarray


def omaha_variant(variant: VariantLike) -> Variant:
    v = get_variant(variant)
    if not v.is_omaha:
        raise ValueError(f"evaluate_omaha ranks Omaha hands; {v.name!r} is ranked by pokerlut.evaluate")
    return v


def omaha_rows(holes: np.ndarray, boards: np.ndarray, v: Variant, *, parallel: bool | None = None):
    """High (and, hi-lo, low) strengths of validated uint8 rows: holes (N, h), boards (N, b)."""
    n, n_hole = holes.shape
    n_board = boards.shape[1]
    hilo = v.rule == OMAHA_HILO
    high = np.empty(n, np.uint16)
    low = np.empty(n, np.uint16)
    t = v.tables.rank_tables(5)
    low_t = (v.low_tables or v.tables).rank_tables(5)
    kernel = omaha_kernel(hilo)
    hflat, bflat = holes.reshape(-1), boards.reshape(-1)

    def piece(lo: int, hi: int, slot: int) -> None:
        kernel(hflat[n_hole * lo:n_hole * hi], bflat[n_board * lo:n_board * hi], n_hole, n_board, high[lo:hi],
               low[lo:hi], np.zeros(10, np.uint64), np.zeros(10, np.uint64), t.cards, t.bases5, t.values5, t.flush,
               low_t.bases5, low_t.values5)

    lookups = comb(n_hole, 2) * comb(n_board, 3) * (2 if hilo else 1)
    _threads.run_blocks(piece, n, cost=lookups, parallel=parallel)
    return high, (low if hilo else None)


@noticed("omaha")
def evaluate_omaha(holes, board, *, variant: VariantLike = "omaha", check: bool = True,
                   parallel: bool | None = None):
    """Strength of Omaha hands: the best five of exactly two hole cards and exactly three board cards.

    Parameters
    ----------
    holes
        ``(..., h)`` hole cards, ``h`` 4, 5 or 6 (ids or card strings).
    board
        ``(b,)`` one board for every hand, or ``(..., b)`` one per hand, ``b`` 3, 4 or 5.
    variant
        ``"omaha"`` (high only) or ``"omaha-hilo"`` (high and the eight-or-better low).
    check
        Reject cards outside the deck and a card dealt twice in a hand (naming the hand and the
        card); ``False`` skips the check.
    parallel
        As for :func:`pokerlut.evaluate`.

    Returns
    -------
    numpy.ndarray or HiLo
        Omaha: uint16 strengths on the high scale (1..7462) with the holes' leading shape.  Hi-lo:
        ``HiLo(high, low)``, the low on the eight-or-better scale (1 is no low, 2..57 the lows).

    Examples
    --------
    >>> describe(int(evaluate_omaha("As Ks Qs Js", "Ts 9s 8d 2c 3c")))   # two board spades: no flush
    'Straight, queen-high'
    """
    v = omaha_variant(variant)
    hole_rows, lead_shape = hand_rows(holes, v.hole_sizes, "holes")
    board_array = card_array(board, "board")
    if board_array.ndim == 0 or board_array.shape[-1] not in v.board_sizes:
        raise ValueError(f"board must have shape (..., 3 or 4 or 5), got {board_array.shape}")
    try:
        board_array = np.broadcast_to(board_array, lead_shape + board_array.shape[-1:])
    except ValueError:
        raise ValueError(f"board of shape {board_array.shape} does not match holes of shape "
                         f"{lead_shape + hole_rows.shape[1:]}") from None
    board_rows, _ = hand_rows(board_array, v.board_sizes, "board")
    if check:
        raise_for_deals(np.concatenate([hole_rows, board_rows], axis=1),
                        [("hole card", hole_rows.shape[1]), ("board card", board_rows.shape[1])], v.tables.cards,
                        f"the {v.name} game", v.describe_deck(), lead_shape, "hand")
    high, low = omaha_rows(hole_rows, board_rows, v, parallel=parallel)
    if low is None:
        return high.reshape(lead_shape)
    return HiLo(high.reshape(lead_shape), low.reshape(lead_shape))
