"""Suit classes of hands dealt in rounds: :class:`Indexer`, the hand-isomorphism indexer's
construction (configurations, then multisets of suit patterns), its tables for the kernels of
:mod:`pokerlut.kernels.iso`, and what the street indexers (:mod:`pokerlut.iso_streets`) share with
it: the :class:`Hand` record, the kernels' ``spec``, the checks of indices and of ``out``.
:mod:`pokerlut.iso` re-exports the public names and describes the classes and their order.
"""

from __future__ import annotations

import math
from functools import lru_cache
from itertools import combinations_with_replacement, product
from typing import Any, NamedTuple

import numpy as np

from . import config, _threads
from ._input import card_array, deal_rows, integer_array, natural_card_table, raise_for_deals
from ._records import different_items, same_items
from .cards import format_cards, shown  # noqa: F401  (format_cards: the examples use it)
from .constants import N_RANKS, N_SUITS
from .kernels import registry
from .kernels.iso_index import (BINOM_AT, BINOM_ROW, CARD_BITS, CONFIG_ROW, HASH_AT, MAX_ROUNDS, PEXT_AT, SPEC_ROUND_OF,
                                SPEC_SIZE)
from .tables import load_table_set

__all__ = ["Indexer", "Hand", "indexer_for", "CFG_BITS", "out_array", "spec_array", "index_array", "raise_for_rows"]

#: Bits of one round's card count in a suit's ``cfg`` code.
CFG_BITS = 4
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
    spades (:mod:`pokerlut.iso` compares patterns); each round's cards by descending id.  The street
    functions of :mod:`pokerlut.iso` (:func:`~pokerlut.iso.index`) order their classes board first instead, and use an
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
            code = (code << CFG_BITS) | n
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
        return spec_array(n_first, self.n_cards - n_first, len(self.rounds), self.top_group, mode, self.round_of)

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
        out = out_array(out, n)
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
            raise_for_rows(rows, groups, lead, "hand")
        return out.reshape(lead)

    def unindex(self, index: Any, n_first: int = 0) -> tuple[np.ndarray, np.ndarray]:
        """The canonical hand of each index, as rows split after ``n_first`` columns.

        >>> first, rest = Indexer((2,)).unindex([0, 77, 78, 168], 2)
        >>> [format_cards(h) for h in first]
        ['3c 2c', 'Ac Kc', '2d 2c', 'Ad Ac']
        """
        flat, lead = index_array(index, self.count)
        first = np.empty((len(flat), n_first), dtype=np.uint8)
        second = np.empty((len(flat), self.n_cards - n_first), dtype=np.uint8)
        kernel = registry.iso_kernel("unindex_rows")
        spec = self.spec(n_first)
        args = self.untables()

        def piece(lo: int, hi: int, slot: int = 0) -> int:
            return kernel(flat[lo:hi], spec, *args, first[lo:hi], second[lo:hi], np.zeros(N_SUITS, dtype=np.uint64))

        _threads.run_blocks(piece, len(flat), cost=config.UNINDEX_COST)
        return first.reshape(lead + (n_first,)), second.reshape(lead + (self.n_cards - n_first,))


@lru_cache(maxsize=None)
def indexer_for(rounds: tuple[int, ...]) -> Indexer:
    """The (cached) :class:`Indexer` of ``rounds``.

    >>> indexer_for((3,)) is indexer_for((3,)), indexer_for((3,)).count
    (True, 1755)
    """
    return Indexer(rounds)


def out_array(out: np.ndarray | None, n: int) -> np.ndarray:
    """The ``(n,)`` int64 array the index kernels write into: a new one, or ``out`` once checked.

    >>> out_array(None, 3).shape
    (3,)
    >>> out_array(np.zeros(2), 2)
    Traceback (most recent call last):
    ...
    ValueError: out must be a writeable C-contiguous int64 array of shape (2,)
    """
    if out is None:
        return np.empty(n, dtype=np.int64)
    if not isinstance(out, np.ndarray) or out.dtype != np.int64 or out.shape != (n,) or not out.flags.c_contiguous \
            or not out.flags.writeable:
        raise ValueError(f"out must be a writeable C-contiguous int64 array of shape ({n},)")
    return out


def spec_array(n_first: int, n_second: int, n_rounds: int, top_group: int, mode: int, round_of: tuple) -> np.ndarray:
    """The kernels' read-only ``spec`` (:data:`pokerlut.kernels.iso_index.SPEC_SIZE` int64): the
    columns of the two parts of a row, the rounds, the most group members after sorted position
    0, the mode (1 checks the cards), then the round of each column.

    >>> spec_array(2, 3, 2, 1, 1, (0, 0, 1, 1, 1)).tolist()
    [2, 3, 2, 1, 1, 0, 0, 1, 1, 1, 0, 0, 0]
    """
    spec = np.zeros(SPEC_SIZE, dtype=np.int64)
    spec[:SPEC_ROUND_OF] = n_first, n_second, n_rounds, top_group, mode
    spec[SPEC_ROUND_OF:SPEC_ROUND_OF + len(round_of)] = round_of
    spec.setflags(write=False)
    return spec


def index_array(index: Any, count: int) -> tuple[np.ndarray, tuple[int, ...]]:
    """Indices 0..count-1 (any shape) as a flat C-contiguous int64 array and their shape.

    >>> flat, shape = index_array([[0, 5]], 6)
    >>> flat.tolist(), shape
    ([0, 5], (1, 2))
    >>> index_array(np.array([0, 6]), 6)
    Traceback (most recent call last):
    ...
    ValueError: index at position 1 is 6; expected an index 0..5
    """
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


def raise_for_rows(rows: np.ndarray, groups, lead, what: str) -> None:
    """Raise the input path's error for the first bad row of ``rows`` (a card twice, an id that is
    not a natural card), its cards in ``groups`` of ``(name, columns)``.

    >>> raise_for_rows(np.array([[51, 51]], np.uint8), [("hole card", 2)], (1,), "hand")
    Traceback (most recent call last):
    ...
    ValueError: hand 0: card As (id 51) is dealt twice: as hole card 0 and as hole card 1
    """
    high = load_table_set("high")
    raise_for_deals(rows, groups, natural_card_table(high["cards"]), "suit classes", "the deck", lead, what)
    raise AssertionError("a row was refused but no problem was found")  # pragma: no cover

