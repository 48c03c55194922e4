"""The exact heads-up preflop tables on the device: the counts of
:func:`pokerlut.abstraction.preflop.compute_preflop_tables`, which ``tables/preflop`` holds.

For each canonical five-card board (one per suit class, 134,459, counted by the size of its class),
a block ranks every two-card combo of the cards left once (1,081 of them; a combo the board blocks
has strength 0) into shared memory.  Each thread owns the same cells ``(A, B)`` of the 169 x 169
class grid on every board, and counts for each the pairs of a class-``A`` combo and a class-``B``
combo that share no card: those where ``A``'s combo is stronger (``wins``) and those level
(``ties``), each board counted by its class's size.  A cell's combos are at most 12 x 12, so a
board costs the block about 1.2 million comparisons against shared memory, and the counts stay in
the threads' own memory until their last board.

The CPU walks each board's combos sorted by strength with running counts by class and card; the
device compares each cell's combos directly, which needs no order and no barrier but the one after
the ranking.  The counts are whole numbers, the same whatever order the threads add them in.
"""

from __future__ import annotations

import numpy as np

from ..abstraction.preflop import board_classes_with_multiplicity, class_table, pair_counts
from ..constants import BOARD_CARDS, N_NATURAL
from ..input_checks import integer_array
from ..equities.sweep import SWEEP_PLAYERS
from ..ranges import ALL_COMBOS, N_CLASSES
from ..variants import get_variant
from ._support import simulated
from .batch import check_launch
from .device import cuda, hand_value, tables as device_tables
from .sweep import MAX_COMBOS, barrier, board_of, combo_arrays, grouped

__all__ = ["preflop_counts", "CELLS_OWNED"]

U64 = np.uint64
#: Cells of the class grid a thread owns at most (in the simulator every cell: one thread a block).
CELLS_OWNED = N_CLASSES * N_CLASSES if simulated() else 32
_THREADS = 1024  # on a device: 1,024 threads x 32 cells >= 28,561


@cuda.jit
def _preflop_kernel(boards, mult, cells, class_start, class_combos, keys, bits, masks, t, wins, ties):
    """A block per board (``boards[b]``, counted ``mult[b]`` times), grid-stride: every combo
    (``keys``/``bits``/``masks``: its key with the suit counters started, suit-rank bits, card mask)
    ranked into shared memory, then each cell ``cells[i] = (A, B)`` of thread ``tid`` (``i = tid + j
    * threads``) counted over the combos of its two classes (``class_combos[class_start[A]:
    class_start[A + 1]]``); the sums into ``wins[i]``, ``ties[i]``."""
    bases, values = t.bases7, t.values7
    strength = cuda.shared.array(MAX_COMBOS, np.uint16)
    acc = cuda.local.array((CELLS_OWNED, 2), np.int64)
    tid = cuda.threadIdx.x
    threads = cuda.blockDim.x
    n_cells = cells.shape[0]
    n_combos = keys.shape[0]
    for j in range(CELLS_OWNED):
        acc[j, 0] = 0
        acc[j, 1] = 0
    b = cuda.blockIdx.x
    while b < boards.shape[0]:
        kb, bb, mb = board_of(t, boards, b)
        for y in range(tid, n_combos, threads):
            s = np.uint16(0)
            if (masks[y] & mb) == U64(0):
                s = hand_value(t, kb + keys[y], bb | bits[y], 7, bases, values)
            strength[y] = s
        barrier(threads)
        weight = mult[b]
        for j in range(CELLS_OWNED):
            i = tid + j * threads
            if i < n_cells:
                a = cells[i, 0]
                c = cells[i, 1]
                won = np.int64(0)
                tied = np.int64(0)
                for p in range(class_start[a], class_start[a + 1]):
                    h = class_combos[p]
                    mine = strength[h]
                    if mine != 0:
                        for q in range(class_start[c], class_start[c + 1]):
                            o = class_combos[q]
                            theirs = strength[o]
                            if theirs != 0 and (masks[o] & masks[h]) == U64(0):
                                if theirs < mine:
                                    won += 1
                                elif theirs == mine:
                                    tied += 1
                acc[j, 0] += weight * won
                acc[j, 1] += weight * tied
        barrier(threads)  # every thread done with this board's strengths
        b += cuda.gridDim.x
    for j in range(CELLS_OWNED):
        i = tid + j * threads
        if i < n_cells:
            if acc[j, 0]:
                cuda.atomic.add(wins, i, acc[j, 0])
            if acc[j, 1]:
                cuda.atomic.add(ties, i, acc[j, 1])


def _classes() -> tuple[np.ndarray, np.ndarray]:
    """The combos of each class (grid cell): ``(start (N_CLASSES + 1,), combo indices)``."""
    cell = class_table()[ALL_COMBOS[:, 0].astype(np.int64) * N_NATURAL + ALL_COMBOS[:, 1].astype(np.int64)]
    return grouped(cell.astype(np.int64), N_CLASSES)


def _checked_inputs(boards, mult, cells) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``boards`` (n, 5) distinct card ids, ``mult`` (n,) counts >= 0 (default 1) and ``cells`` (m, 2)
    distinct class pairs (default: all), as the kernel takes them; else the error naming the row."""
    boards = integer_array(boards, "boards", 0, N_NATURAL - 1, f"a card id 0..{N_NATURAL - 1}")
    mult = np.ones(len(boards), np.int64) if mult is None else integer_array(mult, "mult", 0, 2**62, "a count >= 0")
    if boards.ndim != 2 or boards.shape[1] != BOARD_CARDS or mult.shape != (len(boards),):
        raise ValueError(f"boards must be (n, {BOARD_CARDS}) cards and mult (n,), got {boards.shape} and {mult.shape}")
    repeated = (np.diff(np.sort(boards, axis=1), axis=1) == 0).any(axis=1)
    if repeated.any():
        raise ValueError(f"boards row {int(np.argmax(repeated))} holds a card twice")
    if cells is None:
        grid = np.arange(N_CLASSES)
        cells = np.stack(np.meshgrid(grid, grid, indexing="ij"), axis=-1).reshape(-1, 2)
    cells = integer_array(cells, "cells", 0, N_CLASSES - 1, f"a class number 0..{N_CLASSES - 1}")
    if cells.ndim != 2 or cells.shape[1] != SWEEP_PLAYERS or len(cells) == 0:
        raise ValueError(f"cells must be (m, 2) class numbers 0..{N_CLASSES - 1}, got shape {cells.shape}")
    if len(np.unique(cells, axis=0)) != len(cells):
        raise ValueError("cells lists a cell twice")
    return (np.ascontiguousarray(boards, np.uint8), np.ascontiguousarray(mult, np.int64),
            np.ascontiguousarray(cells, np.int64))


def preflop_counts(boards: np.ndarray | None = None, mult: np.ndarray | None = None,
                   cells: np.ndarray | None = None, *, launch: tuple[int, int] | None = None) -> dict[str, np.ndarray]:
    """``wins``, ``ties`` and ``pairs`` (169, 169) int64, as
    :func:`pokerlut.abstraction.preflop.compute_preflop_tables` computes them (the tables of
    ``tables/preflop``), with the boards ranked on the device.  ``boards`` (n, 5) and ``mult`` (n,):
    the boards and how many times each counts (default: every suit class of five-card boards and
    its size, :func:`~pokerlut.abstraction.preflop.board_classes_with_multiplicity`); ``cells``
    (m, 2): the ``(A, B)`` cells to count (a class for each of the two players) (default: all; the others stay 0).  ``launch``:
    ``(blocks, threads)``, the threads at least the cells over :data:`CELLS_OWNED`.

    >>> board = np.array([[44, 41, 22, 27, 4]], np.uint8)      # Kc Qd 7h 8s 3c
    >>> out = preflop_counts(board, np.array([1]), np.array([[0, 168], [168, 0]]))      # AA vs 22, 22 vs AA
    >>> int(out["wins"][0, 168]), int(out["ties"][0, 168]), int(out["wins"][168, 0]), int(out["pairs"][0, 168])
    (36, 0, 0, 36)
    """
    if boards is None:
        if mult is not None:
            raise ValueError("mult counts the given boards: pass boards with it")
        boards, mult = board_classes_with_multiplicity()
    boards, mult, cells = _checked_inputs(boards, mult, cells)
    tables = device_tables("high")
    keys, bits, masks = combo_arrays(ALL_COMBOS, get_variant("high").tables.natural.cards)
    class_start, class_combos = _classes()
    launch = check_launch(launch)
    if launch is None:
        if simulated():
            launch = (min(len(boards), 2), 1)
        else:
            launch = (max(1, min(len(boards), cuda.get_current_device().MULTIPROCESSOR_COUNT * 2)), _THREADS)
    blocks, threads = launch
    if threads * CELLS_OWNED < len(cells):
        raise ValueError(f"a launch of {threads} threads a block counts at most {threads * CELLS_OWNED} cells; "
                         f"{len(cells)} asked")
    wins = cuda.to_device(np.zeros(len(cells), np.int64))
    ties = cuda.to_device(np.zeros(len(cells), np.int64))
    if len(boards):
        _preflop_kernel[blocks, threads](cuda.to_device(boards), cuda.to_device(mult), cuda.to_device(cells),
                                         cuda.to_device(class_start), cuda.to_device(class_combos),
                                         cuda.to_device(np.ascontiguousarray(keys)),
                                         cuda.to_device(np.ascontiguousarray(bits, np.uint64)),
                                         cuda.to_device(masks), tables, wins, ties)
    out = {"wins": np.zeros((N_CLASSES, N_CLASSES), np.int64), "ties": np.zeros((N_CLASSES, N_CLASSES), np.int64)}
    np.add.at(out["wins"], (cells[:, 0], cells[:, 1]), wins.copy_to_host())
    np.add.at(out["ties"], (cells[:, 0], cells[:, 1]), ties.copy_to_host())
    out["pairs"] = pair_counts()
    return out
