"""River hand strength and the street tables' entries on the device.

Where hands share a board, the board is scanned (:mod:`.street_scan`: every combo on it ranked
once and counted, the CPU street kernel's algorithm): :func:`river_hand_strength` scans every
board held by :data:`SCAN_MIN_HANDS` hands or more, and :func:`street_entries` the board classes
of the entries asked for when they are that many a board class.  Other hands go by brute force,
a thread a hand: its strength, then every two of the cards left as the opponent's, ranked through
the same 7-card tables and device functions as :func:`pokerlut.cuda.evaluate` (the board's key
made once, one add per opponent card; 990 lookups a hand on the river, 46 or 1,081 completions of
that on the turn and flop).  Either way the result is the CPU's half-points ``2 W + T`` (hand
strength ``(2 W + T) / 1980``), exactly what :func:`pokerlut.abstraction.hand_strength` and the
street table's entries give.  Whole streets into a folder: :mod:`.street_tables`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..abstraction.streets import DEFAULT_STREET_BINS, FULL, STREETS, finish_block, table_plan
from ..abstraction.strength import hands_and_boards
from ..constants import BOARD_CARDS, N_NATURAL
from .batch import check_launch, launch_shape
from .device import U64, add_card, cuda, first_card, hand_value, suit_rank_bit, tables as device_tables
from .street_scan import board_half_points, combo_numbers
from .street_tables import chunks, street_block

__all__ = ["river_hand_strength", "river_entries", "street_entries", "HALF_POINTS", "SCAN_MIN_HANDS"]

#: The half-points of a hand that beats every opponent combo: ``2 * C(45, 2)``.
HALF_POINTS = FULL
#: Hands on one board from which the board is scanned rather than each hand done by brute force (a
#: river scan is about 1,081 lookups and shared-memory counting, a hand by brute force 990 lookups:
#: an estimate, not a device measurement).
SCAN_MIN_HANDS = 4
#: Boards scanned per launch for :func:`river_hand_strength` (their every combo comes back: 2 KB a board).
SCAN_BOARDS = 1 << 16
_ONE = U64(1)


@cuda.jit(device=True)
def _half_points_on(t, key, bits, used, h0, h1):
    """``2 W + T`` of hole cards ``h0``, ``h1`` on a complete board (its key, suit-rank bits, and the
    mask ``used`` of the board and hole cards) against every opponent combo of the cards left."""
    mine = hand_value(t, add_card(add_card(key, t.cards, h0), t.cards, h1),
                      bits | suit_rank_bit(h0) | suit_rank_bit(h1), 7, t.bases7, t.values7)
    half = np.int64(0)
    for a in range(N_NATURAL - 1):
        if (used >> U64(a)) & _ONE:
            continue
        key_a = add_card(key, t.cards, a)
        bits_a = bits | suit_rank_bit(a)
        for b in range(a + 1, N_NATURAL):
            if (used >> U64(b)) & _ONE:
                continue
            theirs = hand_value(t, add_card(key_a, t.cards, b), bits_a | suit_rank_bit(b), 7, t.bases7, t.values7)
            if mine > theirs:
                half += 2
            elif mine == theirs:
                half += 1
    return half


@cuda.jit(device=True)
def _board_of(boards, i, n_board, t):
    """``(key, suit-rank bits, mask)`` of the ``n_board`` cards of ``boards[i]``."""
    key = first_card(t.cards, boards[i, 0])
    bits = suit_rank_bit(boards[i, 0])
    used = _ONE << U64(boards[i, 0])
    for j in range(1, n_board):
        key = add_card(key, t.cards, boards[i, j])
        bits |= suit_rank_bit(boards[i, j])
        used |= _ONE << U64(boards[i, j])
    return key, bits, used


@cuda.jit
def _river_kernel(holes, boards, t, out):
    """Half-points ``2 W + T`` of hole cards ``holes[i]`` on board ``boards[i]`` against every
    opponent combo of the cards left."""
    i = cuda.grid(1)
    stride = cuda.gridsize(1)
    while i < out.shape[0]:
        key, bits, used = _board_of(boards, i, BOARD_CARDS, t)
        used |= (_ONE << U64(holes[i, 0])) | (_ONE << U64(holes[i, 1]))
        out[i] = _half_points_on(t, key, bits, used, holes[i, 0], holes[i, 1])
        i += stride


@cuda.jit(device=True)
def _tally(hist, i, half, bins):
    """Count half-points ``half`` in its bin of ``hist[i]``; its square, for the sum of squares."""
    hist[i, min(half * bins // HALF_POINTS, bins - 1)] += 1
    return half * half


@cuda.jit
def _rollout_kernel(holes, boards, t, bins, sums, squares, hist):
    """Every completion of the flop (``boards`` of 3 cards: every two cards left) or turn (4: every
    card left) of hand ``i``: the sum of its river half-points, of their squares, and the count of
    completions in each of ``bins`` bins (``min(half * bins // 1980, bins - 1)``), as the CPU's
    street kernel counts them."""
    i = cuda.grid(1)
    stride = cuda.gridsize(1)
    n_board = boards.shape[1]
    while i < sums.shape[0]:
        key, bits, used = _board_of(boards, i, n_board, t)
        used |= (_ONE << U64(holes[i, 0])) | (_ONE << U64(holes[i, 1]))
        total = np.int64(0)
        total2 = np.int64(0)
        for k in range(bins):
            hist[i, k] = 0
        for a in range(N_NATURAL):
            if (used >> U64(a)) & _ONE:
                continue
            key_a = add_card(key, t.cards, a)
            bits_a = bits | suit_rank_bit(a)
            used_a = used | (_ONE << U64(a))
            if n_board == BOARD_CARDS - 1:  # the turn: the card completes the board
                half = _half_points_on(t, key_a, bits_a, used_a, holes[i, 0], holes[i, 1])
                total += half
                total2 += _tally(hist, i, half, bins)
                continue
            for b in range(a + 1, N_NATURAL):  # the flop: two cards do
                if (used_a >> U64(b)) & _ONE:
                    continue
                half = _half_points_on(t, add_card(key_a, t.cards, b), bits_a | suit_rank_bit(b),
                                       used_a | (_ONE << U64(b)), holes[i, 0], holes[i, 1])
                total += half
                total2 += _tally(hist, i, half, bins)
        sums[i] = total
        squares[i] = total2
        i += stride


def _brute_half_points(holes: np.ndarray, boards: np.ndarray, launch: tuple[int, int] | None) -> np.ndarray:
    out = cuda.device_array(len(holes), np.uint16)
    if len(holes):
        blocks, threads = check_launch(launch) or launch_shape(len(holes))
        _river_kernel[blocks, threads](cuda.to_device(holes), cuda.to_device(boards), device_tables("high"), out)
    return out.copy_to_host()


def _half_points(holes: np.ndarray, boards: np.ndarray, launch: tuple[int, int] | None) -> np.ndarray:
    """Half-points of each hand: the boards held by :data:`SCAN_MIN_HANDS` hands or more scanned,
    the other hands by brute force."""
    out = np.zeros(len(holes), np.uint16)
    if not len(holes):
        return out
    unique, inverse, counts = np.unique(np.sort(boards, axis=1), axis=0, return_inverse=True, return_counts=True)
    inverse = inverse.reshape(-1)
    scanned = np.flatnonzero(counts >= SCAN_MIN_HANDS)
    row = np.full(len(unique), -1, np.int64)
    row[scanned] = np.arange(len(scanned))
    hand_row = row[inverse]
    for lo in range(0, len(scanned), SCAN_BOARDS):
        hi = min(lo + SCAN_BOARDS, len(scanned))
        table = board_half_points(unique[scanned[lo:hi]], launch=launch)
        mine = np.flatnonzero((hand_row >= lo) & (hand_row < hi))
        out[mine] = table[hand_row[mine] - lo, combo_numbers(holes[mine], boards[mine])]
    rest = np.flatnonzero(hand_row < 0)
    if len(rest):
        out[rest] = _brute_half_points(holes[rest], boards[rest], launch)
    return out


def river_hand_strength(holes: Any, boards: Any, *, half_points: bool = False,
                        launch: tuple[int, int] | None = None) -> np.ndarray:
    """Hand strength on the river against a random hand, ranked on the device: what
    :func:`pokerlut.abstraction.hand_strength` gives for five-card boards (float64 ``(W + T/2) / N``
    with the leading shape of ``holes``), or with ``half_points=True`` the integers ``2 W + T`` (uint16,
    out of :data:`HALF_POINTS`).  A board held by :data:`SCAN_MIN_HANDS` hands or more is scanned,
    the other hands go by brute force (the same numbers).  Input is read and checked as the CPU
    reads it (the same errors).  ``launch``: ``(blocks, threads)`` of both kernels.

    >>> float(river_hand_strength(["2c 3d"], "Ah Kh Qs 9d 7c")[0]) < 0.1
    True
    >>> river_hand_strength(["8c 7c", "Ah Kd", "Kd Ah", "2d 2h"], "4c 3c 2c 5c 6c", half_points=True).tolist()
    [1980, 946, 946, 946]
    """
    h, b, lead = hands_and_boards(holes, boards, sizes=(BOARD_CARDS,))
    half = _half_points(h, np.ascontiguousarray(b), launch).reshape(lead)
    return half if half_points else half / HALF_POINTS


def river_entries(first: int, stop: int, *, by_round: bool = True) -> np.ndarray:
    """Entries ``first .. stop - 1`` of the river's street table in half-points (uint16): what
    :func:`pokerlut.abstraction.street_table` writes to ``river_hs.npy`` with ``dtype="uint16"``,
    entry ``i`` the hand of street index ``i`` (:func:`pokerlut.iso.street_indexer`)."""
    return street_entries("river", first, stop, by_round=by_round, dtype="uint16")["hs"]


def street_entries(street: str, first: int, stop: int, *, bins: int = DEFAULT_STREET_BINS, by_round: bool = True,
                   dtype: str = "float32", launch: tuple[int, int] | None = None) -> dict[str, np.ndarray]:
    """Entries ``first .. stop - 1`` of a street table's files, computed on the device: what
    :func:`pokerlut.abstraction.street_table` writes (``{"hs"}`` on the river; ``{"ehs", "ehs2",
    "hist"}`` on the flop and turn), entry ``i`` the hand of street index ``i``.  When the entries
    are :data:`SCAN_MIN_HANDS` or more a board class, their board classes are scanned whole
    (:func:`pokerlut.cuda.street_tables.street_block`, in chunks of at most
    :data:`~pokerlut.cuda.street_tables.CHUNK_BYTES` of raw numbers); else each hand goes by brute force.
    ``launch``: ``(blocks, threads)`` of the kernel.

    >>> street_entries("river", 2, 3, dtype="uint16")["hs"].tolist()
    [946]
    """
    if street not in STREETS:
        raise ValueError(f"street must be one of {', '.join(STREETS)}, got {street!r}")
    plan = table_plan(street, bins=bins, by_round=by_round, dtype=dtype)
    n_board = STREETS[street]
    indexer = plan["indexer"]
    if not 0 <= first <= stop <= indexer.count:
        raise ValueError(f"entries must satisfy 0 <= first <= stop <= {indexer.count:,}, got {first:,} .. {stop:,}")
    offsets = indexer.board_offsets
    lo = int(np.searchsorted(offsets, first, "right")) - 1  # the board classes holding the entries
    hi = int(np.searchsorted(offsets, stop, "left"))
    if stop > first and stop - first >= SCAN_MIN_HANDS * (hi - lo):
        parts = [street_block(plan, a, b, launch=launch) for a, b in chunks(plan, lo, hi)]  # bounded device memory
        raw = {name: np.concatenate([part[name] for part in parts]) for name in parts[0]}
        cut = slice(int(first - offsets[lo]), int(stop - offsets[lo]))
        return finish_block(plan, {name: values[cut] for name, values in raw.items()}, dtype)
    hands = indexer.unindex(np.arange(first, stop, dtype=np.int64))
    holes, boards = np.ascontiguousarray(hands.holes), np.ascontiguousarray(hands.boards)
    if n_board == BOARD_CARDS:
        return finish_block(plan, {"num": _brute_half_points(holes, boards, launch)}, dtype)
    n = len(holes)
    sums, squares = cuda.device_array(n, np.int64), cuda.device_array(n, np.int64)
    hist = cuda.device_array((n, plan["bins"] or 1), np.int64)
    if n:
        blocks, threads = check_launch(launch) or launch_shape(n)
        _rollout_kernel[blocks, threads](cuda.to_device(holes), cuda.to_device(boards), device_tables("high"),
                                         plan["bins"] or 1, sums, squares, hist)
    return finish_block(plan, {"sum": sums.copy_to_host(), "squares": squares.copy_to_host(),
                               "hist": hist.copy_to_host()}, dtype)
