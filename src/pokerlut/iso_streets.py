"""Suit classes of a Hold'em street, board first: :class:`StreetIndexer`, the board's
:class:`~pokerlut.iso_rounds.Indexer` and, per board shape, the segments of the hole-card classes,
the board classes' offsets and the flop table, for the kernels of :mod:`pokerlut.kernels.iso`.
:mod:`pokerlut.iso` re-exports it and describes the order.
"""

from __future__ import annotations

import math
from functools import cached_property
from itertools import combinations
from typing import Any

import numpy as np

from . import config, _threads
from .cards import format_cards  # noqa: F401  (the examples use it)
from .constants import DRAW_BOARD_SIZES, HOLDEM_HOLE, N_NATURAL, N_RANKS, N_SUITS
from .iso_rounds import CFG_BITS, Hand, Indexer, index_array, indexer_for, out_array, spec_array
from .kernels import registry
from .kernels.iso_index import MAX_ROUNDS
from .kernels.iso_streets import (FLOP_BOARDS, FLOP_POSITIONS_SHIFT, FLOP_SEGMENT_SHIFT, FREE_AT, OFFSET_BLOCK_BITS,
                                  PAIRS, SEGMENT_ROW)

__all__ = ["StreetIndexer"]


_NO_OFFSETS = np.zeros(1, np.int64)
_NO_OFFSETS.setflags(write=False)
_NO_REL = np.zeros(1, np.uint16)
_NO_REL.setflags(write=False)
_NO_FLOPS = np.zeros(0, np.uint64)  # no flop table: the kernel computes each board's part
_NO_FLOPS.setflags(write=False)


class StreetIndexer:
    """The suit classes of a Hold'em street, board first: every class of one board class is
    numbered before the next board class's (:mod:`pokerlut.iso` describes the order).

    Parameters
    ----------
    board_rounds : tuple of int
        The board's rounds: ``()`` preflop, ``(3,)`` the flop, ``(3, 1)`` / ``(3, 1, 1)`` the turn and
        river dealt by round, ``(4,)`` / ``(5,)`` as one set.

    Examples
    --------
    >>> s = StreetIndexer((3,))
    >>> s.count, s.boards.count, int(s.board_offsets[1])      # board class 0, 4c 3c 2c: 344 hole classes
    (1286792, 1755, 344)
    """

    def __init__(self, board_rounds: tuple[int, ...]) -> None:
        self.board_rounds = tuple(int(k) for k in board_rounds)
        self.n_board = sum(self.board_rounds)
        self.boards = Indexer(self.board_rounds) if self.board_rounds else None
        self.round_of = tuple(r for r, k in enumerate(self.board_rounds) for _ in range(k))
        self.top_group = self.boards.top_group if self.boards else 3
        self.segments = self._segment_table()

    @cached_property
    def board_offsets(self) -> np.ndarray:
        """(board classes + 1,) int64: where each board class's hole classes start (computed on
        first use: every canonical board's shape)."""
        return self._board_offsets()

    @property
    def count(self) -> int:
        """The number of classes of the street."""
        return int(self.board_offsets[-1])

    @cached_property
    def _packed_offsets(self) -> tuple[np.ndarray, np.ndarray]:
        """``board_offsets`` as the kernel reads them: an int64 base per 32 board classes and a
        uint16 offset from it per class."""
        offsets = self.board_offsets[:-1]
        base = np.ascontiguousarray(offsets[::1 << OFFSET_BLOCK_BITS])
        rel = (offsets - np.repeat(base, 1 << OFFSET_BLOCK_BITS)[:len(offsets)]).astype(np.uint16)
        assert (np.repeat(base, 1 << OFFSET_BLOCK_BITS)[:len(offsets)] + rel == offsets).all()
        for a in (base, rel):
            a.setflags(write=False)
        return base, rel

    def __repr__(self) -> str:
        return f"StreetIndexer({self.board_rounds!r})"

    def _segment_table(self) -> np.ndarray:
        """Per board configuration and equality word: the offsets of the hole classes' segments by
        position pair, then the free ranks of each sorted position."""
        configs = self.boards.configs if self.boards else [(0, 0, 0, 0)]
        table = np.zeros((len(configs), 8, SEGMENT_ROW), dtype=np.uint16)
        for c, combo in enumerate(configs):
            cards = [sum((code >> (CFG_BITS * r)) & 15 for r in range(MAX_ROUNDS)) for code in combo]
            free = [N_RANKS - n for n in cards]
            for e in range(8):
                start = [0, 0, 0, 0]
                for p in range(1, 4):
                    start[p] = start[p - 1] if e >> (p - 1) & 1 else p
                offset = 0
                for k, (t, u) in enumerate(PAIRS):
                    table[c, e, k] = offset
                    if start[t] != t:
                        continue
                    if t == u:
                        offset += math.comb(free[t], 2)
                    elif start[u] == t:
                        offset += math.comb(free[t] + 1, 2) if u == t + 1 else 0
                    elif start[u] == u:
                        offset += free[t] * free[u]
                table[c, e, FREE_AT:FREE_AT + 4] = free
                table[c, e, SEGMENT_ROW - 1] = offset  # the number of hole classes
        table.setflags(write=False)
        return table.reshape(-1)

    def spec(self, n_hole: int, mode: int = 1) -> np.ndarray:
        """The kernels' ``spec`` for ``n_hole`` hole cards (2, or 0 for boards alone) and this
        street's board (:mod:`pokerlut.kernels.iso`); ``mode`` 1 checks the cards, 0 does not, 2
        asks for the boards' frames."""
        return spec_array(n_hole, self.n_board, len(self.board_rounds), self.top_group, mode, self.round_of)

    def board_frames(self, boards: np.ndarray) -> np.ndarray:
        """Per board (C-contiguous uint8, valid cards): its row of the segment table in bits 0-15,
        its suits' sorted positions in bits 16-23, its blocks' first positions in bits 24-31."""
        out = np.empty(len(boards), dtype=np.int64)
        registry.iso_kernel("street_rows")(np.zeros((len(boards), 0), np.uint8), boards, self.spec(0, 2),
                                           *self._board_tables(), _NO_OFFSETS, _NO_REL, self.segments, _NO_FLOPS, out)
        return out

    def _board_offsets(self) -> np.ndarray:
        if self.boards is None:
            holes = np.array([self.segments[(0 << 3 | 7) * SEGMENT_ROW + SEGMENT_ROW - 1]], np.int64)
        else:
            _, boards = self.boards.unindex(np.arange(self.boards.count, dtype=np.int64), 0)
            shapes = self.board_frames(np.ascontiguousarray(boards)) & 0xFFFF
            holes = self.segments.reshape(-1, SEGMENT_ROW)[shapes, SEGMENT_ROW - 1].astype(np.int64)
        offsets = np.zeros(len(holes) + 1, dtype=np.int64)
        np.cumsum(holes, out=offsets[1:])
        offsets.setflags(write=False)
        return offsets

    @cached_property
    def _flop_boards(self) -> np.ndarray:
        """The flop table the flop's kernel reads (:data:`pokerlut.kernels.iso_streets.FLOP_BOARDS` words, one
        per flop at its colex number): each flop's board-class offset and frame, computed once here
        by the kernel's own board path."""
        ids = np.array(list(combinations(range(N_NATURAL), 3)), dtype=np.uint8)  # ascending within a flop
        lo, mid, hi = (ids[:, k].astype(np.int64) for k in range(3))
        number = lo + mid * (mid - 1) // 2 + hi * (hi - 1) * (hi - 2) // 6
        classes = self.boards.index_rows(ids, np.zeros((len(ids), 0), np.uint8))
        frames = self.board_frames(ids).astype(np.uint64)
        offsets = self.board_offsets[classes].astype(np.uint64)
        shape, positions = frames & np.uint64(0xFFFF), frames >> np.uint64(16)
        assert len(ids) == FLOP_BOARDS and int(offsets.max()) < 1 << FLOP_SEGMENT_SHIFT and int(shape.max()) < 256
        table = np.zeros(FLOP_BOARDS, dtype=np.uint64)
        table[number] = offsets | (shape << np.uint64(FLOP_SEGMENT_SHIFT)) | (positions << np.uint64(FLOP_POSITIONS_SHIFT))
        table.setflags(write=False)
        return table

    def _board_tables(self) -> tuple:
        # preflop: any indexer's tables (the kernel reads only their card bits)
        return (self.boards or indexer_for((1,))).tables()

    def _board_untables(self) -> tuple:
        return (self.boards or indexer_for((1,))).untables()

    def index_rows(self, holes: np.ndarray, boards: np.ndarray, *, check: bool = True,
                   parallel: bool | None = None, out: np.ndarray | None = None) -> np.ndarray:
        """Indices of C-contiguous uint8 ``holes`` (N, 2) and ``boards`` (N, b), with no conversion;
        a bad row is -1 when ``check`` (unchecked, bad rows give meaningless indices).  With
        ``holes`` of shape (N, 0) the boards' own classes (as :attr:`boards` numbers them).
        ``out``: an (N,) int64 array to write into (reusing one saves the first touch of fresh
        memory, which costs more than the indexing itself on some machines).

        >>> StreetIndexer((3,)).index_rows(np.array([[51, 47]], np.uint8), np.array([[0, 5, 9]], np.uint8)).tolist()
        [117759]
        """
        n = holes.shape[0]
        out = out_array(out, n)
        kernel = registry.iso_kernel("street_rows")
        spec = self.spec(holes.shape[1], int(bool(check)))
        offsets = self._packed_offsets if holes.shape[1] else (_NO_OFFSETS, _NO_REL)
        flops = self._flop_boards if holes.shape[1] == HOLDEM_HOLE and self.board_rounds == DRAW_BOARD_SIZES[:1] else _NO_FLOPS
        args = self._board_tables() + offsets + (self.segments, flops)

        def piece(lo: int, hi: int, slot: int = 0) -> int:
            return kernel(holes[lo:hi], boards[lo:hi], spec, *args, out[lo:hi])

        _threads.run_blocks(piece, n, cost=config.INDEX_COST, parallel=parallel)
        return out

    def unindex(self, index: Any) -> Hand:
        """The canonical hand of each index.

        >>> h = StreetIndexer(()).unindex([0, 77, 78, 168])       # suited first, then pairs and offsuit
        >>> [format_cards(x) for x in h.holes]
        ['3c 2c', 'Ac Kc', '2d 2c', 'Ad Ac']
        """
        flat, lead = index_array(index, self.count)
        holes = np.empty((len(flat), HOLDEM_HOLE), dtype=np.uint8)
        boards = np.empty((len(flat), self.n_board), dtype=np.uint8)
        kernel = registry.iso_kernel("street_unindex_rows")
        spec = self.spec(HOLDEM_HOLE)
        args = self._board_untables() + self._board_tables() + (self.board_offsets, self.segments)

        def piece(lo: int, hi: int, slot: int = 0) -> int:
            return kernel(flat[lo:hi], spec, *args, holes[lo:hi], boards[lo:hi], np.zeros(N_SUITS, dtype=np.uint64))

        _threads.run_blocks(piece, len(flat), cost=config.UNINDEX_COST)
        return Hand(holes.reshape(lead + (HOLDEM_HOLE,)), boards.reshape(lead + (self.n_board,)))

