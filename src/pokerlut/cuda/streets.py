"""The river's hand strength on the device: each hand against every opponent combo, and the river
entries of the whole-street table (:func:`pokerlut.abstraction.street_table`).

A thread takes one river hand (two hole cards, a five-card board): its strength, then every two
of the 45 cards left as the opponent's, ranked through the same 7-card tables and device functions
as :func:`pokerlut.cuda.evaluate` (the board's key made once, one add per opponent card).  The
result is the CPU's half-points ``2 W + T`` (hand strength ``(2 W + T) / 1980``), exactly what
:func:`pokerlut.abstraction.hand_strength` and the street table's ``river_hs`` entries give.

This is brute force (990 lookups a hand); the CPU's street kernel sorts each board's combos once
and counts every hand against them in one pass, which the device does not do yet.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..abstraction.strength import hands_and_boards
from ..constants import BOARD_CARDS, HOLDEM_HOLE, N_NATURAL
from ..iso import street_indexer
from .batch import launch_shape
from .device import U64, add_card, cuda, first_card, hand_value, suit_rank_bit, tables as device_tables

__all__ = ["river_hand_strength", "river_entries", "HALF_POINTS"]

#: The half-points of a hand that beats every opponent combo: ``2 * C(45, 2)``.
HALF_POINTS = 2 * (N_NATURAL - HOLDEM_HOLE - BOARD_CARDS) * (N_NATURAL - HOLDEM_HOLE - BOARD_CARDS - 1) // 2
_ONE = U64(1)


@cuda.jit
def _river_kernel(holes, boards, t, out):
    """Half-points ``2 W + T`` of hole cards ``holes[i]`` on board ``boards[i]`` against every
    opponent combo of the cards left."""
    i = cuda.grid(1)
    stride = cuda.gridsize(1)
    while i < out.shape[0]:
        key = first_card(t.cards, boards[i, 0])
        bits = suit_rank_bit(boards[i, 0])
        used = _ONE << U64(boards[i, 0])
        for j in range(1, BOARD_CARDS):
            key = add_card(key, t.cards, boards[i, j])
            bits |= suit_rank_bit(boards[i, j])
            used |= _ONE << U64(boards[i, j])
        mine = hand_value(t, add_card(add_card(key, t.cards, holes[i, 0]), t.cards, holes[i, 1]),
                          bits | suit_rank_bit(holes[i, 0]) | suit_rank_bit(holes[i, 1]), 7, t.bases7, t.values7)
        used |= (_ONE << U64(holes[i, 0])) | (_ONE << U64(holes[i, 1]))
        half = np.int64(0)
        for a in range(N_NATURAL - 1):
            if (used >> U64(a)) & _ONE:
                continue
            key_a = add_card(key, t.cards, a)
            bits_a = bits | suit_rank_bit(a)
            for b in range(a + 1, N_NATURAL):
                if (used >> U64(b)) & _ONE:
                    continue
                theirs = hand_value(t, add_card(key_a, t.cards, b), bits_a | suit_rank_bit(b), 7, t.bases7,
                                    t.values7)
                if mine > theirs:
                    half += 2
                elif mine == theirs:
                    half += 1
        out[i] = half
        i += stride


def _half_points(holes: np.ndarray, boards: np.ndarray, launch: tuple[int, int] | None) -> np.ndarray:
    out = cuda.device_array(len(holes), np.uint16)
    if len(holes):
        blocks, threads = launch or launch_shape(len(holes))
        _river_kernel[blocks, threads](cuda.to_device(holes), cuda.to_device(boards), device_tables("high"), out)
    return out.copy_to_host()


def river_hand_strength(holes: Any, boards: Any, *, half_points: bool = False,
                        launch: tuple[int, int] | None = None) -> np.ndarray:
    """Hand strength on the river against a random hand, ranked on the device: what
    :func:`pokerlut.abstraction.hand_strength` gives for five-card boards (float64 ``(W + T/2) / N``
    with the leading shape of ``holes``), or with ``half_points=True`` the integers ``2 W + T`` (uint16,
    out of :data:`HALF_POINTS`).  Input is read and checked as the CPU reads it (the same errors).

    >>> float(river_hand_strength(["2c 3d"], "Ah Kh Qs 9d 7c")[0]) < 0.1
    True
    """
    h, b, lead = hands_and_boards(holes, boards, sizes=(BOARD_CARDS,))
    half = _half_points(h, np.ascontiguousarray(b), launch).reshape(lead)
    return half if half_points else half / HALF_POINTS


def river_entries(first: int, stop: int, *, by_round: bool = True) -> np.ndarray:
    """Entries ``first .. stop - 1`` of the river's street table in half-points (uint16): what
    :func:`pokerlut.abstraction.street_table` writes to ``river_hs.npy`` with ``dtype="uint16"``,
    entry ``i`` the hand of street index ``i`` (:func:`pokerlut.iso.street_indexer`).

    >>> river_entries(2, 3).tolist()
    [946]
    """
    indexer = street_indexer(BOARD_CARDS, by_round)
    if not 0 <= first <= stop <= indexer.count:
        raise ValueError(f"entries must satisfy 0 <= first <= stop <= {indexer.count:,}, got {first:,} .. {stop:,}")
    hands = indexer.unindex(np.arange(first, stop, dtype=np.int64))
    return _half_points(np.ascontiguousarray(hands.holes), np.ascontiguousarray(hands.boards), None)
