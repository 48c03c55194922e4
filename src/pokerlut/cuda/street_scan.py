"""The sorted board scan on the device: the CPU street kernel's algorithm
(:func:`pokerlut.kernels.combo_scan.board_scan`), a block of threads per board.

On one five-card board the threads rank every live two-card combo of the deck once (a 7-card
lookup each) and count them by strength in shared memory; the prefix sums of those counts are
the sorted order as the scan reads it: ``below[s]`` live combos are weaker than strength ``s`` and
``below[s + 1] - below[s]`` are level with it.  Each combo's wins and ties against every other
live combo are then those counts less the combos that share one of its two cards (read from the
46 other combos of each card), so a board costs one lookup a combo instead of one per pair of
combos.  The result is the CPU's half-points ``2 W + T`` of each combo, the same integers.

A flop or turn board's block runs the scan on every completion of the board (1,176 or 48, the
completion's cards dead) and sums each combo's half-points, their squares and a histogram of
them, as :func:`pokerlut.kernels.handstrength.street_features` does; every combo's numbers are
then written at its street index (the board class's offset plus the hole part,
:func:`pokerlut.kernels.iso_streets.hole_part` compiled for the device from its own source), or at
``board * combos + combo`` for boards that are not a street's canonical ones.

Combos are numbered by their cards' deck positions ``i < j`` (the board's cards taken out of
``0 .. 51``): ``p = j (j - 1) / 2 + i`` (:func:`combo_numbers`).

>>> import numpy as np
>>> boards = np.array([[0, 4, 8, 12, 16]], np.uint8)           # 2c 3c 4c 5c 6c: a straight flush
>>> half = board_half_points(boards)
>>> half.shape, int(half.min()), int(half.max())   # a hand without the 7c chops, but for the 44 with it
((1, 1081), 946, 1980)
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ..constants import BOARD_CARDS, FLOP_CARDS, HOLDEM_HOLE, N_NATURAL, NATURAL_STRENGTHS, NO_STRENGTH
from ..kernels import combo_scan, iso_index, iso_streets, primitives
from ..kernels.combo_scan import MAX_COMBOS
from ..kernels.handstrength import pair_table
from ._support import simulated
from .batch import check_launch as batch_check_launch, launch_shape
from .device import U64, cuda, from_cpu, suit_rank_bit, tables as device_tables, value_of_bits
from .devices import current_index

__all__ = ["scan_boards", "start_scan", "PendingScan", "river_strengths", "board_half_points", "combo_numbers",
           "check_launch", "SCAN_THREADS", "SCRATCH_BYTES"]

#: The most threads of a block (its shared prefix sums hold one partial sum a thread).
SCAN_THREADS = 256
#: The most bytes of the flop's and turn's per-block sums (each block keeps every combo's sums, its
#: square sums and its histogram counts until the board is done): fewer blocks run where ``bins``
#: is large.
SCRATCH_BYTES = 1 << 30
_COUNTS = NATURAL_STRENGTHS + 2  # counts by strength 0 .. 7462, then one past for the prefix sums
_ONE = U64(1)
_BYTE = U64(255)
_SHAPE_MASK = U64(0xFFFF)  # a frame (StreetIndexer.board_frames): its segment row in bits 0-15, then 8 + 8 bits
_SEGMENT_ROW = U64(iso_streets.SEGMENT_ROW)
_NO_STRENGTH = np.uint16(NO_STRENGTH)

# a board's key and the hole part of a street index, from the CPU's source (callees first)
board_key = from_cpu(combo_scan.board_key)
completion = from_cpu(combo_scan.completion)
nonzero = from_cpu(iso_streets.nonzero)
ordered = from_cpu(iso_index.ordered)
hole_part = from_cpu(iso_streets.hole_part)


@cuda.jit(device=True)
def _count_completion(t, ckey, cbits, dead, n_pairs, pairs, dk, db, strength, below, partial):
    """Every combo of the completed board (key ``ckey``, bits ``cbits``) ranked into ``strength``
    (0 for a combo holding a deck position of ``dead``), then ``below[s]``: the live combos weaker
    than ``s`` (the exclusive prefix sums of the counts by strength).  Every thread of the block
    calls it."""
    tid = cuda.threadIdx.x
    nt = cuda.blockDim.x
    for s in range(tid, _COUNTS, nt):
        below[s] = 0
    cuda.syncthreads()
    for p in range(tid, n_pairs, nt):
        i = pairs[p]
        j = pairs[MAX_COMBOS + p]
        v = _NO_STRENGTH
        if (((dead >> U64(i)) | (dead >> U64(j))) & _ONE) == U64(0):
            v = np.uint16(value_of_bits(ckey + dk[i] + dk[j], cbits | db[i] | db[j], t.bases7, t.values7, t.flush))
            cuda.atomic.add(below, np.int64(v), np.int32(1))
        strength[p] = v
    cuda.syncthreads()
    run = (_COUNTS + nt - 1) // nt  # each thread sums a run of counts, then the runs' sums are scanned
    lo = tid * run
    hi = min(lo + run, _COUNTS)
    total = 0
    for s in range(lo, hi):
        total += below[s]
    partial[tid] = total
    cuda.syncthreads()
    if tid == 0:
        acc = 0
        for k in range(nt):
            x = partial[k]
            partial[k] = acc
            acc += x
    cuda.syncthreads()
    acc = partial[tid]
    for s in range(lo, hi):
        x = below[s]
        below[s] = acc
        acc += x
    cuda.syncthreads()


@cuda.jit(device=True)
def _card_counts(a, s, n_deck, strength):
    """``(weaker, level)``: the live combos holding deck position ``a`` weaker than strength ``s``,
    and level with it."""
    weaker = 0
    level = 0
    for x in range(n_deck):
        if x != a:
            hi = max(a, x)
            v = np.int64(strength[hi * (hi - 1) // 2 + min(a, x)])
            if v != 0:
                if v < s:
                    weaker += 1
                elif v == s:
                    level += 1
    return weaker, level


@cuda.jit(device=True)
def _half_points(p, n_deck, pairs, strength, below):
    """``2 * wins + ties`` of combo ``p`` against every other live combo (0 if it is not live): the
    combos weaker than it and level with it, less those sharing a card with it (the combo itself is
    level and holds both its cards, so it is taken out twice and put back once)."""
    s = np.int64(strength[p])
    if s == 0:
        return np.int64(0)
    i = np.int64(pairs[p])
    j = np.int64(pairs[MAX_COMBOS + p])
    weaker = np.int64(below[s])
    level = np.int64(below[s + 1]) - weaker
    wi, li = _card_counts(i, s, n_deck, strength)
    wj, lj = _card_counts(j, s, n_deck, strength)
    return 2 * (weaker - wi - wj) + (level - li - lj + 1)


@cuda.jit(device=True)
def _entry(c, p, n_pairs, by_class, offsets, frame, bbits, segments, pairs, db):
    """Where combo ``p`` of board ``c`` is written: its street index less the block's first (the
    board class's offset plus the hole part, its frame ``frame``), or ``c * n_pairs + p``."""
    if not by_class:
        return c * n_pairs + p
    seg_row = (frame & _SHAPE_MASK) * _SEGMENT_ROW
    pos_word = (frame >> U64(16)) & _BYTE
    starts = (frame >> U64(24)) & _BYTE
    h = db[pairs[p]] | db[pairs[MAX_COMBOS + p]]
    return offsets[c] + np.int64(hole_part(h, bbits, pos_word, starts, segments, seg_row))


@cuda.jit
def _scan_kernel(boards, frames, offsets, segments, t, pairs, bins, by_class, allowed, num_out, sum_out,
                 squares_out, hist_out, acc, acc2, acch):
    """A block per board (a grid-stride loop over ``boards``): on the river each combo's
    half-points into ``num_out``; on the flop and turn, over every completion made of cards of
    ``allowed`` (suit-rank bits: all of them unless a check cuts them), their sum, the sum of their squares
    and the completions in each of ``bins`` bins (``min(half * bins // 1980, bins - 1)``) into
    ``sum_out``, ``squares_out`` and ``hist_out``, as the CPU's street kernel counts them (``acc``,
    ``acc2``, ``acch``: a row of sums per block)."""
    dk = cuda.shared.array(N_NATURAL, np.uint64)
    db = cuda.shared.array(N_NATURAL, np.uint64)
    strength = cuda.shared.array(MAX_COMBOS, np.uint16)
    below = cuda.shared.array(_COUNTS, np.int32)
    partial = cuda.shared.array(SCAN_THREADS, np.int32)
    tid = cuda.threadIdx.x
    nt = cuda.blockDim.x
    blk = cuda.blockIdx.x
    n_board = boards.shape[1]
    river = n_board == BOARD_CARDS
    n_deck = N_NATURAL - n_board
    n_pairs = n_deck * (n_deck - 1) // 2
    unseen = n_deck - (BOARD_CARDS - n_board) - HOLDEM_HOLE  # an opponent's cards come from these
    full = unseen * (unseen - 1)  # 2 * C(45, 2) = 1980
    c = blk
    while c < boards.shape[0]:
        bkey, bbits = board_key(boards, c, n_board, t.cards)
        frame = U64(frames[c]) if by_class else U64(0)
        if tid == 0:
            d = 0
            for card in range(N_NATURAL):
                bit = suit_rank_bit(card)
                if (bbits & bit) == U64(0):
                    dk[d] = t.cards[card]
                    db[d] = bit
                    d += 1
        if not river:
            for p in range(tid, n_pairs, nt):
                acc[blk, p] = 0
                acc2[blk, p] = 0
                for b in range(bins):
                    acch[blk, p * bins + b] = 0
        cuda.syncthreads()
        # every completion: two more cards on the flop (u < r), one on the turn (u), none on the river
        u_hi = 1 if river else n_deck
        for u in range(u_hi):
            r_lo = u + 1 if n_board == FLOP_CARDS else 0
            r_hi = n_deck if n_board == FLOP_CARDS else 1
            for r in range(r_lo, r_hi):
                ckey, cbits, dead = completion(bkey, bbits, n_board, u, r, dk, db)
                if (cbits & ~(bbits | allowed)) != U64(0):
                    continue
                _count_completion(t, ckey, cbits, dead, n_pairs, pairs, dk, db, strength, below, partial)
                for p in range(tid, n_pairs, nt):
                    x = _half_points(p, n_deck, pairs, strength, below)
                    if river:
                        num_out[_entry(c, p, n_pairs, by_class, offsets, frame, bbits, segments, pairs, db)] = x
                    elif strength[p] != _NO_STRENGTH:
                        acc[blk, p] += x
                        acc2[blk, p] += x * x
                        acch[blk, p * bins + min(x * bins // full, bins - 1)] += 1
                cuda.syncthreads()  # before the next completion's counts
        if not river:
            for p in range(tid, n_pairs, nt):
                at = _entry(c, p, n_pairs, by_class, offsets, frame, bbits, segments, pairs, db)
                sum_out[at] = acc[blk, p]
                squares_out[at] = acc2[blk, p]
                for b in range(bins):
                    hist_out[at, b] = acch[blk, p * bins + b]
        cuda.syncthreads()  # before the next board's deck
        c += cuda.gridDim.x


_PAIRS: dict = {}


def _device_pairs():
    """The pair table (:func:`pokerlut.kernels.handstrength.pair_table`) on the current device,
    uploaded once per device."""
    index = current_index()
    if index not in _PAIRS:
        _PAIRS[index] = cuda.to_device(pair_table())
    return _PAIRS[index]


def check_launch(launch: Any) -> tuple[int, int] | None:
    """``launch`` as the scan takes it: None (the default shape), or ``(blocks, threads)``, two
    integers, ``blocks >= 1`` and ``threads`` 1 .. :data:`SCAN_THREADS`; else a ValueError.

    >>> check_launch((2, 8)), check_launch(None)
    ((2, 8), None)
    """
    return batch_check_launch(launch, SCAN_THREADS)


def _launch(n_boards: int, bins: int, river: bool, launch: tuple[int, int] | None) -> tuple[int, int]:
    shape = check_launch(launch)
    if shape is not None:
        return shape
    if simulated():  # each thread a Python thread, and a block's threads contend for the simulator's locks
        return max(1, min(n_boards, 2)), 1
    cap = cuda.get_current_device().MULTIPROCESSOR_COUNT * 8
    if not river:
        cap = min(cap, max(1, SCRATCH_BYTES // (MAX_COMBOS * (16 + 4 * bins))))
    return max(1, min(n_boards, cap)), SCAN_THREADS


def _card_bits(cards: Any) -> np.uint64:
    """The suit-rank bits of card ids (0 .. 51)."""
    ids = np.asarray(cards, np.int64).reshape(-1)
    if ((ids < 0) | (ids >= N_NATURAL)).any():
        raise ValueError(f"completion_cards must be card ids 0 .. {N_NATURAL - 1}, got {ids.tolist()}")
    bits = U64(0)
    for card in ids.tolist():
        bits |= primitives.suit_rank_bit.py_func(card)
    return bits


class PendingScan:
    """A board scan launched on a stream of its own (:func:`start_scan`): :meth:`result` waits for
    it and brings its numbers back (through ``finish``, a function of them, where one is given), so
    the host can do other work (write the chunk before) while the device scans."""

    def __init__(self, stream: Any, outputs: dict[str, Any], finish: Any = None) -> None:
        self.stream, self.outputs, self.finish = stream, outputs, finish

    def result(self) -> dict[str, np.ndarray]:
        """The scan's numbers (as :func:`scan_boards` returns them, then ``finish``-ed), once the
        device is done."""
        host = {name: array.copy_to_host(stream=self.stream) for name, array in self.outputs.items()}
        self.stream.synchronize()
        return host if self.finish is None else self.finish(host)


@cuda.jit
def _strength_kernel(num, full, out):
    """``out[i] = num[i] / full`` in float64, stored as ``out``'s dtype (rounded to nearest): the
    river's hand strength from its half-points, as numpy's ``(num / full).astype(dtype)`` makes it."""
    i = cuda.grid(1)
    stride = cuda.gridsize(1)
    while i < num.shape[0]:
        out[i] = np.float64(num[i]) / full
        i += stride


def river_strengths(scan: PendingScan, full: int, dtype: str) -> PendingScan:
    """A river scan's half-points turned into hand strength on the device (``num / full`` as
    ``dtype``, float32 or float64: the same floats numpy's division and cast give), queued after the
    scan on its stream: a :class:`PendingScan` of ``{"hs"}``."""
    num = scan.outputs["num"]
    out = cuda.device_array(num.shape[0], np.dtype(dtype), stream=scan.stream)
    if num.shape[0]:
        blocks, threads = launch_shape(num.shape[0])
        _strength_kernel[blocks, threads, scan.stream](num, np.float64(full), out)
    return PendingScan(scan.stream, {"hs": out})


def start_scan(boards: np.ndarray, *, bins: int = 1, frames: np.ndarray | None = None,
               offsets: np.ndarray | None = None, segments: np.ndarray | None = None,
               launch: tuple[int, int] | None = None, completion_cards: Any = None) -> PendingScan:
    """:func:`scan_boards` launched and not waited for: its :class:`PendingScan`."""
    n, n_board = boards.shape
    river = n_board == BOARD_CARDS
    n_deck = N_NATURAL - n_board
    by_class = frames is not None
    size = int(offsets[-1] - offsets[0]) if by_class else n * math.comb(n_deck, 2)
    if not by_class:
        frames, offsets, segments = np.zeros(1, np.int64), np.zeros(1, np.int64), np.zeros(1, np.uint16)
    blocks, threads = _launch(n, bins, river, launch)
    allowed = ~U64(0) if completion_cards is None else _card_bits(completion_cards)
    stream = cuda.stream()
    num = cuda.device_array(size if river else 0, np.uint16, stream=stream)
    total = cuda.device_array(0 if river else size, np.int64, stream=stream)
    squares = cuda.device_array(0 if river else size, np.int64, stream=stream)
    hist = cuda.device_array((0 if river else size, bins), np.uint16, stream=stream)
    rows = 1 if river else blocks
    acc = cuda.device_array((rows, MAX_COMBOS), np.int64, stream=stream)
    acc2 = cuda.device_array((rows, MAX_COMBOS), np.int64, stream=stream)
    acch = cuda.device_array((rows, MAX_COMBOS * (1 if river else bins)), np.int32, stream=stream)
    if n:
        inputs = [cuda.to_device(np.ascontiguousarray(x), stream=stream)
                  for x in (boards, frames, offsets - offsets[0], segments)]
        _scan_kernel[blocks, threads, stream](*inputs, device_tables("high"), _device_pairs(), bins, by_class,
                                              allowed, num, total, squares, hist, acc, acc2, acch)
    return PendingScan(stream, {"num": num} if river else {"sum": total, "squares": squares, "hist": hist})


def scan_boards(boards: np.ndarray, *, bins: int = 1, frames: np.ndarray | None = None,
                offsets: np.ndarray | None = None, segments: np.ndarray | None = None,
                launch: tuple[int, int] | None = None,
                completion_cards: Any = None) -> dict[str, np.ndarray]:
    """The board scan of every board of ``boards`` ((n, b) uint8, valid distinct cards, b = 3, 4 or 5).

    With a street's ``frames`` (:meth:`pokerlut.iso.StreetIndexer.board_frames`), ``offsets`` (where
    each board class's hole classes start, then the end: n + 1 int64) and ``segments``, every combo's
    numbers at its street index less ``offsets[0]``: the raw numbers of
    :func:`pokerlut.abstraction.streets.compute_block`, ``{"num"}`` (uint16) on the river, ``{"sum",
    "squares", "hist"}`` (int64, int64, (entries, bins) uint16) on the flop and turn.  Without them,
    those of every combo of each board, at ``board * combos + combo`` (``combos`` = C(52 - b, 2)).
    ``completion_cards`` (card ids) sums only the flop's or turn's completions made of those cards (a
    check's cut, which a board's suit symmetry may keep whole: every completion by default);
    ``launch``: ``(blocks, threads)``, at most :data:`SCAN_THREADS` threads.

    >>> scan_boards(np.array([[0, 4, 8, 12, 16]], np.uint8))["num"][:3].tolist()  # 2d 2h, 2d 2s, 2h 2s
    [946, 946, 946]
    """
    return start_scan(boards, bins=bins, frames=frames, offsets=offsets, segments=segments, launch=launch,
                      completion_cards=completion_cards).result()


def board_half_points(boards: np.ndarray, *, launch: tuple[int, int] | None = None) -> np.ndarray:
    """``(n, 1081)`` uint16: the half-points ``2 W + T`` of every combo on each five-card board of
    ``boards`` ((n, 5) uint8, valid distinct cards), column :func:`combo_numbers`."""
    return scan_boards(boards, launch=launch)["num"].reshape(len(boards), -1)


def combo_numbers(holes: np.ndarray, boards: np.ndarray) -> np.ndarray:
    """The number of each hand's two hole cards among the combos of the deck its board leaves
    (``holes`` (n, 2), ``boards`` (n, b)): ``j (j - 1) / 2 + i`` of their deck positions ``i < j``.

    >>> combo_numbers(np.array([[1, 2], [51, 50]]), np.array([[0, 4, 8, 12, 16]] * 2)).tolist()
    [0, 1080]
    """
    holes = holes.astype(np.int64)
    place = holes - (boards[:, None, :].astype(np.int64) < holes[:, :, None]).sum(axis=2)
    i, j = place.min(axis=1), place.max(axis=1)
    return j * (j - 1) // 2 + i
