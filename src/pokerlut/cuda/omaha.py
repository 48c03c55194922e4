"""Omaha on the device: the best five of exactly two hole cards and three board cards.

Each thread ranks one hand by brute force: every pair of its hole cards with every three board
cards (6 x 10 five-card lookups for 4 hole cards and 5 board cards) in the high game's 5-card
tables, and for hi-lo in the eight-or-better tables too; the best of each side is the hand's
strength, as :func:`pokerlut.evaluate_omaha` gives it (the CPU reads the Omaha table set instead,
one load per hole pair).  A deal holding a card outside the deck (the wild card included) or a
card twice has strength 0 (and low 0); with ``check`` the kernel records the first such hand and the
CPU's own functions name it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from .._input import card_array, hand_rows, natural_card_table, raise_for_deals
from ..omaha import HiLo, omaha_variant
from ..variants import Variant, VariantLike
from .batch import NO_BAD_ROW, rows_view, device_view, is_device_array, launch_shape
from .device import U64, card_id, cuda, has_poison, omaha_values, tables as device_tables

__all__ = ["evaluate_omaha"]

_LAST_NATURAL = U64(51)


@lru_cache(maxsize=None)
def omaha_kernel(n_hole: int, n_board: int, hilo: bool, checked: bool):
    """Rank ``(N, n_hole)`` holes on ``(1 or N, n_board)`` boards into ``high`` (and ``low``)."""

    @cuda.jit
    def kernel(holes, boards, high, low, th, tl, first_bad):
        i = cuda.grid(1)
        stride = cuda.gridsize(1)
        shared = boards.shape[0] == 1
        while i < high.shape[0]:
            b = 0 if shared else i
            seen = U64(0)
            bad = False
            for j in range(n_hole + n_board):
                c = card_id(holes[i, j]) if j < n_hole else card_id(boards[b, j - n_hole])
                if c > _LAST_NATURAL or has_poison(th.cards[c]):
                    bad = True
                else:
                    bit = U64(1) << c
                    if seen & bit:
                        bad = True
                    seen |= bit
            best_high = np.uint16(0)
            best_low = np.uint16(0)
            if not bad:  # every card a natural one, held once
                best_high, best_low = omaha_values(holes[i], 0, n_hole, boards[b], n_board, th, tl, hilo)
            high[i] = best_high
            if hilo:
                low[i] = best_low
            if bad and checked:
                cuda.atomic.min(first_bad, 0, i)
            i += stride

    return kernel


def evaluate_omaha(holes: Any, board: Any, *, variant: VariantLike = "omaha", check: bool = True):
    """:func:`pokerlut.evaluate_omaha` on the device: ``holes`` ``(..., h)`` (h 4, 5 or 6) and
    ``board`` ``(b,)`` (one board for every hand) or ``(N, b)`` (one per hand, the holes' leading
    shape flattened), b 3, 4 or 5.  CUDA arrays give arrays of the same library; host input is read
    as the CPU reads it and comes back as numpy.  Omaha: uint16 high strengths; hi-lo:
    ``HiLo(high, low)``.  A bad hand is the CPU's ``ValueError`` naming the hand and the card.

    >>> evaluate_omaha([[50, 46, 41, 37]], [34, 30, 26, 5, 11]).tolist()
    [7060]
    >>> r = evaluate_omaha([[50, 46, 41, 37]], [34, 30, 26, 5, 11], variant="omaha-hilo")
    >>> r.high.tolist(), r.low.tolist()
    ([7060], [1])
    """
    if not isinstance(check, (bool, np.bool_)):
        raise TypeError(f"check must be True or False, got {check!r}")
    v = omaha_variant(variant)
    on_device = is_device_array(holes)
    if on_device:
        holes, wrap = device_view(holes, "holes")
    else:
        wrap = None
        holes = cuda.to_device(np.ascontiguousarray(card_array(holes, "holes")))
    if is_device_array(board):
        board = device_view(board, "boards")[0]
    else:
        board = cuda.to_device(np.ascontiguousarray(card_array(board, "board")))
    hole_rows, lead = rows_view(holes, v.hole_sizes, "holes")
    if len(board.shape) == 1:
        if board.shape[0] not in v.board_sizes:
            raise ValueError(f"board must have shape (..., 3 or 4 or 5), got {tuple(board.shape)}")
        board_rows = board.reshape(1, board.shape[0])
    else:
        board_rows = rows_view(board, v.board_sizes, "board")[0]
        if board_rows.shape[0] != hole_rows.shape[0]:
            raise ValueError(f"board of shape {tuple(board.shape)} does not match holes of shape "
                             f"{tuple(holes.shape)}")
    n = hole_rows.shape[0]
    high = cuda.device_array(n, np.uint16)
    low = cuda.device_array(n if v.rule.hilo else 1, np.uint16)
    if n:
        first_bad = cuda.to_device(np.array([NO_BAD_ROW], np.int64))
        kernel = omaha_kernel(hole_rows.shape[1], board_rows.shape[1], v.rule.hilo, bool(check))
        blocks, threads = launch_shape(n)
        kernel[blocks, threads](hole_rows, board_rows, high, low, device_tables("high"),
                                device_tables("eight-or-better"), first_bad)
        if check:
            bad = int(first_bad.copy_to_host()[0])
            if bad != NO_BAD_ROW:
                _raise_for_hand(hole_rows, board_rows, bad, lead, v)
    results = [high if len(lead) == 1 else high.reshape(lead)]
    if v.rule.hilo:
        results.append(low if len(lead) == 1 else low.reshape(lead))
    results = [r.copy_to_host() if wrap is None else wrap(r) for r in results]
    return HiLo(*results) if v.rule.hilo else results[0]


def _raise_for_hand(hole_rows, board_rows, index: int, lead: tuple[int, ...], v: Variant) -> None:
    """The CPU's error for hand ``index``: only that hand and its board are copied back."""
    hole = np.asarray(hole_rows[index].copy_to_host())
    board = np.asarray(board_rows[0 if board_rows.shape[0] == 1 else index].copy_to_host())
    groups = [("hole card", len(hole)), ("board card", len(board))]
    origin = tuple(int(i) for i in np.unravel_index(index, lead)) if lead else ()
    local = (1,) * len(lead)
    hole = hand_rows(hole.reshape(local + hole.shape), hole.shape, "holes", origin)[0][0]  # an id outside 0..255
    if board_rows.shape[0] == 1:
        board = hand_rows(board[None], board.shape, "board")[0][0]
    else:
        board = hand_rows(board.reshape(local + board.shape), board.shape, "board", origin)[0][0]
    raise_for_deals(np.concatenate([hole, board])[None], groups, natural_card_table(v.tables.cards),
                    f"the {v.name} game", v.describe_deck(), local, "hand", origin)
    raise AssertionError("the device rejected a hand the CPU finds valid")  # pragma: no cover
