"""Canonical indices of Hold'em hands under suit symmetry (suit isomorphism), for numpy batches.

Relabelling the suits of a deal (24 permutations) changes nothing a player can tell apart, so a
hand is one of a few *classes*: 169 starting hands, 1,286,792 flops, 55,190,538 turns and
2,428,287,420 rivers, the counts of the published hand-isomorphism indexer, which deals a street
in **rounds**: the hole cards, the flop (three cards, as a set), the turn, the river.  The turn
and river are rounds of their own, so ``Ah Kh | Qh Jh Th | 2c`` and ``Ah Kh | Qh Jh 2c | Th`` are
different classes.  With ``by_round=False`` the board is one set instead (hole cards and 4 board
cards: 13,960,050 classes; and 5: 123,156,254).

* :func:`index` maps hands (hole cards and a board, or a board alone) to ``int64`` indices, dense
  in ``0 .. count - 1``: every hand of a class gets the same index, hands of different classes
  different ones.  :func:`unindex` gives each index's **canonical hand**, :func:`count` the number
  of classes.
* :class:`Indexer` does the same for hands dealt in any rounds (``Indexer((2, 2))``: two players'
  hole cards, 93,769 classes).

**Suit patterns.**  A suit's *pattern* is which of its ranks came in which round.  Patterns are
compared by (1) how many cards of the suit each round dealt, round by round (more first), then (2)
each round's ranks of the suit as a 13-bit mask (bit r for rank r, deuce = bit 0), round by round
(the greater mask first).  An :class:`Indexer` class's canonical hand has the greatest pattern in
clubs, then diamonds, hearts, spades.

**Streets: board first.**  :func:`index` numbers a street board class by board class: the board
alone is an :class:`Indexer` of its rounds (its canonical board has the greatest pattern in
clubs), and all the hole-card classes of one board class are consecutive, from
``StreetIndexer.board_offsets[b]`` on.  On a board, suits with the same board pattern can still be
swapped; the hole cards' class is numbered by where they land: both in one suit, in two suits of
the same pattern, or in suits of two patterns, each then by its ranks among the ranks the board
left in its suit.  The canonical hand is the canonical board with the hole cards in the first
suits of their patterns (the higher card first when two suits of one pattern hold one each).
Each round's cards are listed by descending card id.  ``docs/rules.md`` ("Suit classes") has the
rules with examples.  Whole-street tables (:func:`pokerlut.street_table`) rely on this order: one
board class's entries are one contiguous stretch.

>>> int(index("As Ks", "")) == int(index("Ah Kh", "")), count(0)      # AKs in any suit
(True, 169)
>>> h = unindex(index("Ad Kh", "Qd Jd 2s"), 3)
>>> format_cards(h.holes), format_cards(h.boards)
('Ac Kh', 'Qc Jc 2d')
>>> count(3), count(4), count(5)
(1286792, 55190538, 2428287420)
"""

from __future__ import annotations

import math
from functools import cached_property, lru_cache
from itertools import combinations, combinations_with_replacement, product
from typing import Any, NamedTuple

import numpy as np
from numpy.typing import NDArray

from . import config, _threads
from ._input import card_array, deal_rows, integer_array, natural_card_table, raise_for_deals
from ._notice import noticed
from ._records import different_items, same_items
from .cards import format_cards, shown  # noqa: F401  (format_cards: the examples use it)
from ._messages import sizes_text
from .constants import CLASS_BOARD_SIZES, DRAW_BOARD_SIZES, HOLDEM_BOARD_SIZES, HOLDEM_HOLE, N_NATURAL, N_RANKS, N_SUITS
from .kernels import registry
from .kernels.iso_index import (BINOM_AT, BINOM_ROW, CARD_BITS, CONFIG_ROW, HASH_AT, MAX_ROUNDS, PEXT_AT, SPEC_ROUND_OF,
                                SPEC_SIZE)
from .kernels.iso_streets import (FLOP_BOARDS, FLOP_POSITIONS_SHIFT, FLOP_SEGMENT_SHIFT, FREE_AT, OFFSET_BLOCK_BITS,
                                  PAIRS, SEGMENT_ROW)
from .tables import load_table_set
from .typing import HandsLike

__all__ = ["index", "unindex", "count", "rounds_of", "street_indexer", "board_indexer", "Indexer", "StreetIndexer",
           "Hand", "PUBLISHED_COUNTS"]

#: The number of classes by street, as the hand-isomorphism indexer publishes them.
PUBLISHED_COUNTS = {0: 169, 3: 1_286_792, 4: 55_190_538, 5: 2_428_287_420}
_CFG_BITS = 4
_SPLITMIX = 0x9E3779B97F4A7C15
_MASK64 = (1 << 64) - 1


class Hand(NamedTuple):
    """Canonical hands: ``holes`` (N, h) and ``boards`` (N, b) uint8 (``h`` is 0 for boards alone)."""

    holes: np.ndarray
    boards: np.ndarray
    __eq__ = same_items
    __ne__ = different_items


def _colex_table() -> np.ndarray:
    table = np.zeros(1 << N_RANKS, dtype=np.uint16)
    for mask in range(1 << N_RANKS):
        bits = [r for r in range(N_RANKS) if mask >> r & 1]
        table[mask] = sum(math.comb(b, i + 1) for i, b in enumerate(bits))
    return table


def _pext_table() -> np.ndarray:
    """``[keep << 7 | bits]``: the bits of ``bits`` at the set positions of ``keep``, packed (7 bits)."""
    table = np.zeros(1 << 14, dtype=np.uint8)
    for keep in range(128):
        positions = [r for r in range(7) if keep >> r & 1]
        for bits in range(128):
            table[keep << 7 | bits] = sum(1 << i for i, r in enumerate(positions) if bits >> r & 1)
    return table


@lru_cache(maxsize=1)
def _shared() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The colex rank of every 13-bit rank mask, the binomials ``C(n, k)`` for n, k <= 13, and the
    7-bit extract table."""
    binom = np.array([[math.comb(n, k) for k in range(N_RANKS + 1)] for n in range(N_RANKS + 1)], dtype=np.uint64)
    tables = _colex_table(), binom, _pext_table()
    for t in tables:
        t.setflags(write=False)
    return tables


def _splitmix(state: int) -> tuple[int, int]:
    state = (state + _SPLITMIX) & _MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return state, z ^ (z >> 31)


class Indexer:
    """Suit-isomorphism index of hands dealt in rounds of ``cards_per_round`` cards (the
    hand-isomorphism indexer's construction: configurations, then multisets of suit patterns).

    The hand's cards are given round by round, in one row: ``Indexer((2, 3)).index(rows)`` takes
    rows of 5 cards, the first two one round, the next three another.  Cards within a round are a
    set (their order never matters); a card moved to another round makes another hand.  The
    canonical hand of an index has the greatest suit pattern in clubs, then diamonds, hearts,
    spades (the module doc compares patterns); each round's cards by descending id.  The street
    functions of this module (:func:`index`) order their classes board first instead, and use an
    ``Indexer`` for the board alone.

    Parameters
    ----------
    cards_per_round : tuple of int
        1 to 4 rounds, 7 cards at most in all (e.g. ``(3,)``, ``(3, 1, 1)``, ``(2, 2)``).

    Examples
    --------
    >>> matchups = Indexer((2, 2))                    # hero's hole cards, then villain's
    >>> matchups.count
    93769
    >>> int(matchups.index("Ah Kh Qd Qc")) == int(matchups.index("As Ks Qh Qd"))
    True
    >>> first, second = matchups.unindex(matchups.index("Ah Kh Qd Qc"), 2)
    >>> format_cards(first), format_cards(second)                 # the suited hand's suit is clubs
    ('Ac Kc', 'Qh Qd')
    """

    def __init__(self, cards_per_round: tuple[int, ...]) -> None:
        rounds = tuple(int(k) for k in cards_per_round)
        if not 1 <= len(rounds) <= MAX_ROUNDS or any(k < 1 for k in rounds) or sum(rounds) > 7:
            raise ValueError(f"an Indexer takes 1 to {MAX_ROUNDS} rounds of at least one card each, at most 7 "
                             f"cards in all; got {shown(cards_per_round)}")
        self.rounds = rounds
        self.n_cards = sum(rounds)
        self.round_of = tuple(r for r, k in enumerate(rounds) for _ in range(k))
        self._build()

    def __repr__(self) -> str:
        return f"Indexer({self.rounds!r})"

    # ----------------------------------------------------------------- tables

    def _space(self, counts: tuple[int, ...]) -> int:
        """Patterns of one suit with ``counts`` cards per round."""
        used, size = 0, 1
        for n in counts:
            size *= math.comb(N_RANKS - used, n)
            used += n
        return size

    def _code(self, counts: tuple[int, ...]) -> int:
        code = 0
        for n in counts:
            code = (code << _CFG_BITS) | n
        return code

    def _build(self) -> None:
        rounds = self.rounds
        per_suit = [c for c in product(*[range(k + 1) for k in rounds]) if sum(c) <= N_RANKS]
        codes = sorted({self._code(c) for c in per_suit}, reverse=True)
        counts_of = {self._code(c): c for c in per_suit}
        configs = []
        for combo in combinations_with_replacement(codes, N_SUITS):  # non-increasing tuples of codes
            cs = [counts_of[x] for x in combo]
            if all(sum(c[r] for c in cs) == rounds[r] for r in range(len(rounds))):
                configs.append(combo)
        configs.sort(reverse=True)
        n = len(configs)
        offsets = np.zeros(n + 1, dtype=np.int64)
        cfgs = np.zeros((n, N_SUITS), dtype=np.uint64)
        starts = np.zeros((n, N_SUITS), dtype=np.int64)
        sizes = np.zeros((n, N_SUITS), dtype=np.uint64)
        strides = np.zeros((n, N_SUITS), dtype=np.uint64)
        ds = np.zeros((n, N_SUITS), dtype=np.uint64)
        spaces = np.zeros((n, N_SUITS), dtype=np.uint64)
        for c, combo in enumerate(configs):
            groups = []
            for p, code in enumerate(combo):
                if p and code == combo[p - 1]:
                    groups[-1].append(p)
                else:
                    groups.append([p])
            group_sizes = []
            for g in groups:
                m = self._space(counts_of[combo[g[0]]])
                group_sizes.append(math.comb(m + len(g) - 1, len(g)))
            stride = 1
            for g, size in reversed(list(zip(groups, group_sizes))):
                for j, p in enumerate(g):
                    cfgs[c, p] = combo[p]
                    starts[c, p] = g[0]
                    sizes[c, p] = size
                    strides[c, p] = stride
                    ds[c, p] = len(g) - 1 - j
                    spaces[c, p] = self._space(counts_of[combo[p]])
                stride *= size
            offsets[c + 1] = offsets[c] + stride
        self.count = int(offsets[-1])
        self.n_configs = n
        keys = [sum(code << (16 * (N_SUITS - 1 - p)) for p, code in enumerate(combo)) for combo in configs]
        mult, shift, hash_table = self._perfect_hash(keys)
        colex, binom, pext = _shared()
        small = np.zeros(HASH_AT + len(hash_table), dtype=np.uint16)
        small[:PEXT_AT] = colex
        small[PEXT_AT:BINOM_AT] = pext
        small[BINOM_AT:HASH_AT] = binom[:BINOM_ROW, :BINOM_ROW].reshape(-1)
        small[HASH_AT:] = hash_table
        rows = np.zeros((n, CONFIG_ROW), dtype=np.uint64)
        rows[:, 0] = offsets[:-1]
        rows[:, 1:5] = strides
        rows[:, 5] = ds[:, 0] | (ds[:, 1] << 2) | (ds[:, 2] << 4)
        ids = np.arange(CARD_BITS, dtype=np.uint64)
        config = np.concatenate([np.uint64(1) << ((ids & np.uint64(3)) * np.uint64(16) + (ids >> np.uint64(2))),
                                 rows.reshape(-1)])
        for t in (small, config):
            t.setflags(write=False)
        self._small, self._config, self._mult, self._shift = small, config, mult, shift
        unconfig = np.concatenate([cfgs, starts.astype(np.uint64), sizes, strides, spaces], axis=1)
        offsets.setflags(write=False)
        self._offsets = offsets
        self._unconfig = np.ascontiguousarray(unconfig.reshape(-1))
        self._unconfig.setflags(write=False)
        self.top_group = int(ds[:, 0].max())
        self.configs = configs

    @staticmethod
    def _perfect_hash(keys: list[int]) -> tuple[np.uint64, np.uint64, np.ndarray]:
        """A multiplier and shift sending every key to a slot of its own (deterministic search)."""
        bits = max(4, (len(keys) - 1).bit_length() + 4)
        state = 1
        while True:
            for _ in range(2000):
                state, mult = _splitmix(state)
                mult |= 1
                slots = {((k * mult) & _MASK64) >> (64 - bits) for k in keys}
                if len(slots) == len(keys):
                    table = np.zeros(1 << bits, dtype=np.uint16)
                    for c, k in enumerate(keys):
                        table[((k * mult) & _MASK64) >> (64 - bits)] = c
                    table.setflags(write=False)
                    return np.uint64(mult), np.uint64(64 - bits), table
            bits += 1

    # ----------------------------------------------------------------- kernels

    def spec(self, n_first: int, mode: int = 1) -> np.ndarray:
        """The kernels' ``spec`` for rows split after ``n_first`` columns (:mod:`pokerlut.kernels.iso`);
        ``mode`` 1 checks the cards, 0 does not."""
        return _spec(n_first, self.n_cards - n_first, len(self.rounds), self.top_group, mode, self.round_of)

    def tables(self) -> tuple:
        """``(small, config, hmult, hshift)``: the index kernels' tables (:mod:`pokerlut.kernels.iso`)."""
        return self._small, self._config, self._mult, self._shift

    def untables(self) -> tuple:
        """``(binom, offsets, unconfig)``: the unindex kernels' tables."""
        return _shared()[1], self._offsets, self._unconfig

    def index_rows(self, first: np.ndarray, second: np.ndarray, *, check: bool = True,
                   parallel: bool | None = None, out: np.ndarray | None = None) -> np.ndarray:
        """Indices of uint8 rows split in two C-contiguous arrays (the columns of ``first``, then
        of ``second``): the fast path of :meth:`index`, with no conversion.  A bad row (an id above
        51, a card twice) is -1 when ``check``; unchecked, bad rows give meaningless indices.

        >>> ix = Indexer((2, 3))
        >>> ix.index_rows(np.array([[51, 47]], np.uint8), np.array([[0, 5, 9]], np.uint8)).tolist()
        [314054]
        """
        n = first.shape[0]
        out = _out_array(out, n)
        kernel = registry.iso_kernel("index_rows")
        spec = self.spec(first.shape[1], int(bool(check)))
        args = self.tables()

        def piece(lo: int, hi: int, slot: int = 0) -> int:
            return kernel(first[lo:hi], second[lo:hi], spec, *args, out[lo:hi])

        _threads.run_blocks(piece, n, cost=config.INDEX_COST, parallel=parallel)
        return out

    def index(self, cards: Any, *, parallel: bool | None = None) -> np.ndarray:
        """The index of each hand of ``cards`` (..., n_cards), round by round in the last axis.

        >>> Indexer((2,)).index(["As Ks", "Ad Kd", "As Kd"]).tolist()
        [77, 77, 167]
        """
        array = card_array(cards, "hands")
        if array.ndim == 0 or array.shape[-1] != self.n_cards:
            raise ValueError(f"hands must have shape (..., {self.n_cards}) for rounds {self.rounds}, got shape "
                             f"{array.shape}")
        lead = array.shape[:-1]
        rows = array.reshape(-1, self.n_cards)
        groups = [(f"round {r} card", k) for r, k in enumerate(self.rounds)]
        rows = np.ascontiguousarray(deal_rows(rows, groups, lead, "hand"))
        out = self.index_rows(rows, np.zeros((len(rows), 0), np.uint8), check=True, parallel=parallel)
        if (out < 0).any():
            _raise_for(rows, groups, lead, "hand")
        return out.reshape(lead)

    def unindex(self, index: Any, n_first: int = 0) -> tuple[np.ndarray, np.ndarray]:
        """The canonical hand of each index, as rows split after ``n_first`` columns.

        >>> first, rest = Indexer((2,)).unindex([0, 77, 78, 168], 2)
        >>> [format_cards(h) for h in first]
        ['3c 2c', 'Ac Kc', '2d 2c', 'Ad Ac']
        """
        flat, lead = _indices(index, self.count)
        first = np.empty((len(flat), n_first), dtype=np.uint8)
        second = np.empty((len(flat), self.n_cards - n_first), dtype=np.uint8)
        kernel = registry.iso_kernel("unindex_rows")
        spec = self.spec(n_first)
        args = self.untables()

        def piece(lo: int, hi: int, slot: int = 0) -> int:
            return kernel(flat[lo:hi], spec, *args, first[lo:hi], second[lo:hi], np.zeros(N_SUITS, dtype=np.uint64))

        _threads.run_blocks(piece, len(flat), cost=config.UNINDEX_COST)
        return first.reshape(lead + (n_first,)), second.reshape(lead + (self.n_cards - n_first,))


class StreetIndexer:
    """The suit classes of a Hold'em street, board first: every class of one board class is
    numbered before the next board class's (the module doc describes the order).

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
            cards = [sum((code >> (_CFG_BITS * r)) & 15 for r in range(MAX_ROUNDS)) for code in combo]
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
        return _spec(n_hole, self.n_board, len(self.board_rounds), self.top_group, mode, self.round_of)

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
        """The flop table the flop's kernel reads (:data:`pokerlut.kernels.iso.FLOP_BOARDS` words, one
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
        return (self.boards or _board((1,))).tables()

    def _board_untables(self) -> tuple:
        return (self.boards or _board((1,))).untables()

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
        out = _out_array(out, n)
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
        flat, lead = _indices(index, self.count)
        holes = np.empty((len(flat), HOLDEM_HOLE), dtype=np.uint8)
        boards = np.empty((len(flat), self.n_board), dtype=np.uint8)
        kernel = registry.iso_kernel("street_unindex_rows")
        spec = self.spec(HOLDEM_HOLE)
        args = self._board_untables() + self._board_tables() + (self.board_offsets, self.segments)

        def piece(lo: int, hi: int, slot: int = 0) -> int:
            return kernel(flat[lo:hi], spec, *args, holes[lo:hi], boards[lo:hi], np.zeros(N_SUITS, dtype=np.uint64))

        _threads.run_blocks(piece, len(flat), cost=config.UNINDEX_COST)
        return Hand(holes.reshape(lead + (HOLDEM_HOLE,)), boards.reshape(lead + (self.n_board,)))


def _out_array(out: np.ndarray | None, n: int) -> np.ndarray:
    if out is None:
        return np.empty(n, dtype=np.int64)
    if not isinstance(out, np.ndarray) or out.dtype != np.int64 or out.shape != (n,) or not out.flags.c_contiguous \
            or not out.flags.writeable:
        raise ValueError(f"out must be a writeable C-contiguous int64 array of shape ({n},)")
    return out


_NO_OFFSETS = np.zeros(1, np.int64)
_NO_OFFSETS.setflags(write=False)
_NO_REL = np.zeros(1, np.uint16)
_NO_REL.setflags(write=False)
_NO_FLOPS = np.zeros(0, np.uint64)  # no flop table: the kernel computes each board's part
_NO_FLOPS.setflags(write=False)


def _spec(n_first: int, n_second: int, n_rounds: int, top_group: int, mode: int, round_of: tuple) -> np.ndarray:
    spec = np.zeros(SPEC_SIZE, dtype=np.int64)
    spec[:SPEC_ROUND_OF] = n_first, n_second, n_rounds, top_group, mode
    spec[SPEC_ROUND_OF:SPEC_ROUND_OF + len(round_of)] = round_of
    spec.setflags(write=False)
    return spec


def _indices(index: Any, count: int) -> tuple[np.ndarray, tuple[int, ...]]:
    """Indices 0..count-1 (any shape) as a flat C-contiguous int64 array and their shape."""
    if isinstance(index, np.ndarray) and index.dtype.kind in "iu":
        values = index
        bad = (values < 0) | (values >= count)
        if bad.any():
            at = tuple(int(i) for i in np.argwhere(bad)[0])
            where = f" at position {at[0] if len(at) == 1 else at}" if at else ""
            raise ValueError(f"index{where} is {int(values[at])}; expected an index 0..{count - 1}")
    else:
        values = integer_array(index, "index", 0, count - 1, f"an index 0..{count - 1}")
    return np.ascontiguousarray(values.reshape(-1).astype(np.int64)), values.shape


def _raise_for(rows: np.ndarray, groups, lead, what: str) -> None:
    high = load_table_set("high")
    raise_for_deals(rows, groups, natural_card_table(high["cards"]), "suit classes", "the deck", lead, what)
    raise AssertionError("a row was refused but no problem was found")  # pragma: no cover


def rounds_of(n_board: int, hole: bool = True, by_round: bool = True) -> tuple[int, ...]:
    """The rounds a street is dealt in: hole cards (2) if ``hole``, then the board (3, 1, 1 by
    round, else one round of ``n_board``).

    >>> rounds_of(5), rounds_of(5, by_round=False), rounds_of(4, hole=False), rounds_of(0)
    ((2, 3, 1, 1), (2, 5), (3, 1), (2,))
    """
    if isinstance(n_board, bool) or not isinstance(n_board, (int, np.integer)) or n_board not in HOLDEM_BOARD_SIZES:
        raise ValueError(f"a Hold'em board has {sizes_text(HOLDEM_BOARD_SIZES)} cards, got {shown(n_board)}")
    board = ((3,) + (1,) * (n_board - 3) if by_round else (n_board,)) if n_board else ()
    if not hole and not board:
        raise ValueError(f"a board alone needs {sizes_text(CLASS_BOARD_SIZES)} cards")
    return ((HOLDEM_HOLE,) if hole else ()) + board


@lru_cache(maxsize=None)
def _street(board_rounds: tuple[int, ...]) -> StreetIndexer:
    return StreetIndexer(board_rounds)


@lru_cache(maxsize=None)
def _board(board_rounds: tuple[int, ...]) -> Indexer:
    return Indexer(board_rounds)


def street_indexer(n_board: int, by_round: bool = True) -> StreetIndexer:
    """The (cached) :class:`StreetIndexer` of hole cards and a board of ``n_board`` cards.

    >>> street_indexer(3).count
    1286792
    """
    return _street(rounds_of(n_board, True, by_round)[1:])


def board_indexer(n_board: int, by_round: bool = True) -> Indexer:
    """The (cached) :class:`Indexer` of a board alone (3, 4 or 5 cards).

    >>> board_indexer(5, by_round=False).count
    134459
    """
    return _board(rounds_of(n_board, False, by_round))


def _check_flag(value: Any, name: str) -> bool:
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False, got {shown(value)}")
    return bool(value)


def count(n_board: int, *, hole: bool = True, by_round: bool = True) -> int:
    """The number of suit classes of a street.

    Parameters
    ----------
    n_board : int
        Board cards: 0 (preflop), 3 (flop), 4 (turn) or 5 (river).
    hole : bool
        ``True``: hole cards and board; ``False``: the board alone (3, 4 or 5 cards).
    by_round : bool
        ``True`` (the default): the flop, turn and river are rounds of their own, as the published
        indexer counts; ``False``: the board is one set of cards.

    Returns
    -------
    int

    Examples
    --------
    >>> [count(b) for b in (0, 3, 4, 5)]
    [169, 1286792, 55190538, 2428287420]
    >>> count(5, by_round=False), count(3, hole=False), count(5, hole=False, by_round=False)
    (123156254, 1755, 134459)
    """
    hole, by_round = _check_flag(hole, "hole"), _check_flag(by_round, "by_round")
    return street_indexer(n_board, by_round).count if hole else board_indexer(n_board, by_round).count


def _street_rows(holes: Any, boards: Any) -> tuple[np.ndarray, np.ndarray, tuple[int, ...]]:
    """``(holes (N, 0 or 2), boards (N, b), lead shape)`` as C-contiguous uint8 (ids not checked yet)."""
    if holes is None and boards is None:
        raise ValueError("give hole cards, a board, or both")
    hole_array = None if holes is None else card_array(holes, "holes")
    board_array = None if boards is None or (isinstance(boards, str) and not boards.strip()) else \
        card_array(boards, "boards")
    if hole_array is not None and (hole_array.ndim == 0 or hole_array.shape[-1] != HOLDEM_HOLE):
        raise ValueError(f"holes must have shape (..., 2), got shape {hole_array.shape}")
    if board_array is not None and (board_array.ndim == 0 or board_array.shape[-1] not in HOLDEM_BOARD_SIZES):
        sizes = ", ".join(map(str, HOLDEM_BOARD_SIZES))
        raise ValueError(f"boards must have shape (..., b) with b in {sizes}, got shape {board_array.shape}")
    if hole_array is None:
        if board_array is None or board_array.shape[-1] == 0:
            raise ValueError(f"a board alone needs {sizes_text(CLASS_BOARD_SIZES)} cards")
        lead = board_array.shape[:-1]
        hole_array = np.zeros(lead + (0,), np.uint8)
    else:
        lead = hole_array.shape[:-1]
        if board_array is None:
            board_array = np.zeros(lead + (0,), np.uint8)
        elif board_array.shape[:-1] != lead:
            if board_array.ndim == 1:  # one board for every hand
                board_array = np.broadcast_to(board_array, lead + board_array.shape)
            else:
                raise ValueError(f"holes {hole_array.shape} and boards {board_array.shape} need the same leading "
                                 f"shape (or one board for all)")
    groups = [("hole card", hole_array.shape[-1]), ("board card", board_array.shape[-1])]
    n = math.prod(lead)
    h = np.ascontiguousarray(deal_rows(hole_array.reshape(n, hole_array.shape[-1]), groups[:1], lead, "hand"))
    b = np.ascontiguousarray(deal_rows(board_array.reshape(n, board_array.shape[-1]), groups[1:], lead, "hand"))
    return h, b, lead


@noticed("suit classes")
def index(holes: HandsLike, boards: HandsLike | None = None, *, by_round: bool = True,
          parallel: bool | None = None) -> NDArray[np.int64]:
    """The suit-class index of each hand (hole cards and a board, or a board alone).

    Parameters
    ----------
    holes
        Hole cards ``(..., 2)`` (card ids or strings), or ``None`` for boards alone.
    boards
        Boards ``(..., b)``, b = 0, 3, 4 or 5, with the leading shape of ``holes`` (or one board
        ``(b,)`` for every hand); ``None`` or ``""``: preflop.  Columns 0-2 are the flop, 3 the
        turn, 4 the river.
    by_round : bool
        ``True`` (the default): the turn and river are rounds of their own (the published counts);
        ``False``: the board is one set.
    parallel
        As for :func:`pokerlut.evaluate` (big batches on several threads).

    Returns
    -------
    numpy.ndarray
        ``int64`` indices ``0 .. count - 1`` with the leading shape of the input.

    Raises
    ------
    ValueError
        A card dealt twice, an id that is not a natural card, a wrong shape.
    TypeError
        Not cards.

    Examples
    --------
    >>> index(["Ah Kh", "Ad Kd", "Ah Kd"], "").tolist()
    [77, 77, 167]
    >>> a = index("Ah Kh", "Qh Jh 2c 3d 4s")
    >>> bool(a == index("As Ks", "Qs Js 2d 3c 4h")), bool(a == index("As Ks", "Qs Js 2d 4h 3c"))
    (True, False)
    >>> int(index(None, "As Kd 2c"))                      # a flop alone: one of 1,755
    1730
    """
    by_round = _check_flag(by_round, "by_round")
    h, b, lead = _street_rows(holes, boards)
    out = street_indexer(b.shape[1], by_round).index_rows(h, b, check=True, parallel=parallel)  # boards alone too
    if (out < 0).any():
        _raise_for(np.concatenate([h, b], axis=1), [("hole card", h.shape[1]), ("board card", b.shape[1])],
                   lead, "hand")
    return out.reshape(lead)


def unindex(index: Any, n_board: int, *, hole: bool = True, by_round: bool = True) -> Hand:
    """The canonical hand of each index (the module doc says which hand of a class that is).

    Parameters
    ----------
    index
        Integers ``0 .. count(n_board) - 1``, any shape.
    n_board : int
        0, 3, 4 or 5 board cards.
    hole, by_round : bool
        As for :func:`count`.

    Returns
    -------
    Hand
        ``holes (..., 2)`` (``(..., 0)`` for boards alone) and ``boards (..., n_board)``, uint8.

    Examples
    --------
    >>> h = unindex([0, 168], 0)
    >>> [format_cards(x) for x in h.holes], h.boards.shape
    (['3c 2c', 'Ad Ac'], (2, 0))
    >>> format_cards(unindex(0, 5, hole=False).boards)   # the flop 4c 3c 2c, the turn 5c, the river 6c
    '4c 3c 2c 5c 6c'
    """
    hole, by_round = _check_flag(hole, "hole"), _check_flag(by_round, "by_round")
    if hole:
        return street_indexer(n_board, by_round).unindex(index)
    first, second = board_indexer(n_board, by_round).unindex(index, 0)
    return Hand(first, second)


#: Tunables once defined here, now in :mod:`pokerlut.config` (read there at call time): old name -> config name.
_FROM_CONFIG = {"INDEX_COST": "INDEX_COST", "UNINDEX_COST": "UNINDEX_COST"}


def __getattr__(name: str):
    """The old names of the tunables now in :mod:`pokerlut.config`, read there."""
    if name in _FROM_CONFIG:
        return getattr(config, _FROM_CONFIG[name])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
