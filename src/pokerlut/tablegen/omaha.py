"""The Omaha tables: what two hole cards make with exactly three cards of a board, per rank shape.

An Omaha hand is exactly two hole cards and exactly three board cards.  Without a flush the best
such hand of one hole pair depends only on the pair's two ranks and on the board's rank multiset;
a flush needs three board cards of one suit and two hole cards of it; the eight-or-better low only
the board's and the hole's sets of low ranks.  So three tables hold every answer
(:mod:`pokerlut.layout`, "Omaha"):

``board_bases``, ``board_rows``  the row-displacement hash of the rank key of every board of 3, 4
                 or 5 cards (8,450 rank multisets), holding the offset of the board's row in ``pairs``.
``pairs``        (boards, 91) uint16: per board rank multiset and hole rank pair, the best high
                 value (flushes aside) of the pair with three of the board; 0 where the deal is
                 impossible (five cards of a rank).
``flush_rows``   (8192,) uint32: per 13-bit rank mask of one suit's board cards, the offset of its
                 row in ``flush_pairs`` (row 0, all zeros, for masks of fewer than three ranks).
``flush_pairs``  (masks, 91) uint16: the best flush or straight flush of a suited hole pair (two
                 ranks not on the board's mask) with three of the mask's cards; 0 elsewhere.
``low``          (256, 256) uint8: ``[board low bits, hole low bits]``, the best eight-or-better
                 low (1 = no low) of two distinct hole low ranks and three other board low ranks.

Every value comes from the ladders (first principles): a 3-card board's entry is the ladder's
value of the five ranks, a larger board's entry the best of its boards one card smaller (every
three of a board lie in one of them), checked afterwards against the best over every three of
the board directly, for every board multiset.
"""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement

import numpy as np

from .. import layout
from ..constants import N_RANKS, OMAHA_BOARD_SIZES
from .ladders import HIGH, LADDERS
from .row_hash import build_row_hash

__all__ = ["board_multisets", "build_omaha_tables", "omaha_flush_masks", "PAIRS"]

COLUMNS = layout.OMAHA_PAIR_COLUMNS
#: Every hole rank pair, in column order: ``PAIRS[pair_column(a, b)] == (min, max)``.
PAIRS: tuple[tuple[int, int], ...] = tuple(sorted(combinations_with_replacement(range(N_RANKS), 2),
                                                  key=lambda p: layout.pair_column(*p)))
_MULTIPLIERS = np.array(layout.RANK_MULTIPLIERS, dtype=np.int64)


def board_multisets() -> list[tuple[int, ...]]:
    """Every board rank multiset (3, 4 then 5 cards; no rank more than four times), in row order."""
    return [m for n in OMAHA_BOARD_SIZES for m in combinations_with_replacement(range(N_RANKS), n)
            if all(m.count(r) <= 4 for r in set(m))]


def omaha_flush_masks() -> list[int]:
    """Every rank mask of three to five board cards of one suit, in row order (after the zero row)."""
    return [m for m in range(1 << N_RANKS) if 3 <= bin(m).count("1") <= max(OMAHA_BOARD_SIZES)]


def _counts(ranks) -> np.ndarray:
    return np.bincount(np.asarray(ranks, dtype=np.int64), minlength=N_RANKS)


def _five_card_values() -> dict[int, int]:
    """The high value (flushes aside) of every 5-card rank multiset, by its rank key."""
    out = {}
    for m in combinations_with_replacement(range(N_RANKS), 5):
        counts = tuple(int(c) for c in _counts(m))
        if max(counts) <= 4:
            out[layout.rank_key(m)] = HIGH.nonflush_strength(counts, 0)
    return out


def _pair_table(boards: list[tuple[int, ...]]) -> np.ndarray:
    """``pairs`` (boards, 91): 3-card boards from the ladder, larger ones from their sub-boards."""
    five = _five_card_values()
    row_of = {m: i for i, m in enumerate(boards)}
    table = np.zeros((len(boards), COLUMNS), dtype=np.uint16)
    pair_counts = np.array([_counts(p) for p in PAIRS])  # (91, 13)
    for i, m in enumerate(boards):
        if len(m) == 3:
            table[i] = [five.get(layout.rank_key(m + p), 0) for p in PAIRS]
        else:  # every three of the board lie in one of its boards one card smaller
            subs = [row_of[m[:j] + m[j + 1:]] for j in range(len(m))]
            table[i] = table[subs].max(axis=0)
        possible = (_counts(m)[None, :] + pair_counts <= 4).all(axis=1)
        table[i, ~possible] = 0
    return table


def _flush_table(masks: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """``flush_rows`` (8192,) and ``flush_pairs`` (1 + masks, 91)."""
    rows = np.zeros(1 << N_RANKS, dtype=layout.OMAHA_ROW_DTYPE)
    table = np.zeros((len(masks) + 1, COLUMNS), dtype=np.uint16)
    row_of = {}
    for i, mask in enumerate(masks, start=1):
        row_of[mask] = i
        rows[mask] = i * COLUMNS
        ranks = [r for r in range(N_RANKS) if mask >> r & 1]
        if len(ranks) == 3:
            for col, (a, b) in enumerate(PAIRS):
                if a != b and not (mask >> a & 1 or mask >> b & 1):
                    table[i, col] = HIGH.flush_strength(mask | 1 << a | 1 << b, 0)
        else:
            table[i] = table[[row_of[mask & ~(1 << r)] for r in ranks]].max(axis=0)
            for col, (a, b) in enumerate(PAIRS):
                if a == b or mask >> a & 1 or mask >> b & 1:
                    table[i, col] = 0
    return rows, table


def _low_ranks(bits: int) -> list[int]:
    """The ranks (0 = deuce .. 12 = ace) of a set of low bits."""
    return [r for r in range(N_RANKS) if layout.low_bit(r) & bits]


def _bit_count(x: np.ndarray) -> np.ndarray:
    return sum((x >> b) & 1 for b in range(layout.OMAHA_LOW_RANKS))


def _low_table() -> np.ndarray:
    """``low[board bits, hole bits]``: the best low of two hole ranks and three other board ranks."""
    n = 1 << layout.OMAHA_LOW_RANKS
    low_ladder = LADDERS[layout.OMAHA_LOW_SCALE]
    no_low = low_ladder.nonflush_strength(tuple(int(c) for c in _counts((11, 11, 11, 11, 10))), 0)
    board = np.arange(n, dtype=np.int64)[:, None]
    hole = np.arange(n, dtype=np.int64)[None, :]
    table = np.full((n, n), no_low, dtype=np.int64)
    for chosen in combinations(range(layout.OMAHA_LOW_RANKS), 5):
        s = sum(1 << b for b in chosen)
        value = low_ladder.nonflush_strength(tuple(int(c) for c in _counts(_low_ranks(s))), 0)
        # the five ranks of s split into two hole ranks and three board ranks exactly when the ranks
        # of s the board lacks (at most two) are hole ranks and the hole holds two ranks of s
        off_board = s & ~board
        fits = ((off_board & ~hole) == 0) & (_bit_count(s & hole) >= 2) & (_bit_count(off_board) <= 2)
        table = np.where(fits, np.maximum(table, value), table)
    return table.astype(layout.OMAHA_LOW_DTYPE)


def _board_hash(boards: list[tuple[int, ...]]) -> tuple[np.ndarray, np.ndarray]:
    """``board_bases`` and ``board_rows``: each board's rank key to the offset of its row."""
    keys = np.array([layout.rank_key(m) for m in boards], dtype=np.int64)
    if len(np.unique(keys)) != len(keys):
        raise AssertionError("omaha: two board rank multisets share a rank key")
    bases, rows = build_row_hash(keys, np.arange(len(boards), dtype=np.uint16))
    return bases, rows.astype(layout.OMAHA_ROW_DTYPE) * np.uint32(COLUMNS)


def _values_of_keys(keys: np.ndarray, five: dict[int, int]) -> np.ndarray:
    """The value of each 5-card rank key in ``five`` (0 for a key that is no 5-card multiset)."""
    known = np.array(sorted(five), dtype=np.int64)
    values = np.array([five[k] for k in known.tolist()] + [0], dtype=np.int64)
    at = np.searchsorted(known, keys).clip(0, len(known) - 1)
    return np.where(known[at] == keys, values[at], 0)


def verify_omaha_tables(tables: dict[str, np.ndarray], boards: list[tuple[int, ...]], masks: list[int]) -> None:
    """Check every ``pairs`` and ``flush_pairs`` entry against the best over every three of its board
    (values from the ladder), and every board key through its hash."""
    five = _five_card_values()
    pair_counts = np.array([_counts(p) for p in PAIRS])
    pair_keys = _MULTIPLIERS[np.array(PAIRS)].sum(axis=1)
    bases, rows, pairs = tables[layout.OMAHA_BOARD_BASES], tables[layout.OMAHA_BOARD_ROWS], tables[layout.OMAHA_PAIRS]
    start = 0
    for n in OMAHA_BOARD_SIZES:
        sized = np.array([m for m in boards if len(m) == n], dtype=np.int64)
        index = np.arange(start, start + len(sized))
        start += len(sized)
        keys = _MULTIPLIERS[sized].sum(axis=1)
        found = rows[(keys & layout.COLUMN_MASK) + bases[keys >> layout.ROW_SHIFT].astype(np.int64)]
        if not np.array_equal(found, index * COLUMNS):
            raise AssertionError(f"omaha: a board of {n} cards does not find its row")
        triples = _MULTIPLIERS[sized[:, list(combinations(range(n), 3))]].sum(axis=2)  # (boards, triples)
        best = _values_of_keys(triples[:, :, None] + pair_keys[None, None, :], five).max(axis=1)
        counts = np.stack([(sized == r).sum(axis=1) for r in range(N_RANKS)], axis=1)
        possible = (counts[:, None, :] + pair_counts[None, :, :] <= 4).all(axis=2)
        if not np.array_equal(pairs[index], np.where(possible, best, 0)):
            bad = int(index[np.flatnonzero((pairs[index] != np.where(possible, best, 0)).any(axis=1))[0]])
            raise AssertionError(f"omaha: the row of board {boards[bad]} is not the best over every three of its cards")
    flush_value = np.zeros(1 << N_RANKS, dtype=np.int64)
    for ranks in combinations(range(N_RANKS), 5):
        mask = sum(1 << r for r in ranks)
        flush_value[mask] = HIGH.flush_strength(mask, 0)
    pair_bits = np.array([1 << a | 1 << b for a, b in PAIRS], dtype=np.int64)
    suited = np.array([a != b for a, b in PAIRS])
    flush_rows, flush_pairs = tables[layout.OMAHA_FLUSH_ROWS], tables[layout.OMAHA_FLUSH_PAIRS]
    for n in OMAHA_BOARD_SIZES:
        sized = [m for m in masks if bin(m).count("1") == n]
        bits = np.array([[1 << r for r in range(N_RANKS) if m >> r & 1] for m in sized], dtype=np.int64)
        triples = bits[:, list(combinations(range(n), 3))].sum(axis=2)  # (masks, triples)
        best = flush_value[triples[:, :, None] | pair_bits[None, None, :]].max(axis=1)
        masks_n = np.array(sized, dtype=np.int64)
        possible = suited[None, :] & ((masks_n[:, None] & pair_bits[None, :]) == 0)
        want = np.where(possible, best, 0)
        if not np.array_equal(flush_pairs[flush_rows[masks_n] // COLUMNS], want):
            raise AssertionError(f"omaha: a flush row of {n} board cards is not the best flush")
    if flush_pairs[0].any() or (flush_rows[[m for m in range(1 << N_RANKS) if bin(m).count("1") < 3]] != 0).any():
        raise AssertionError("omaha: a mask of fewer than three cards has a flush")


def build_omaha_tables() -> dict[str, np.ndarray]:
    """Every table of the Omaha set, by file stem (see the module doc)."""
    boards = board_multisets()
    masks = omaha_flush_masks()
    bases, rows = _board_hash(boards)
    flush_rows, flush_pairs = _flush_table(masks)
    tables = {layout.OMAHA_BOARD_BASES: bases, layout.OMAHA_BOARD_ROWS: rows,
              layout.OMAHA_PAIRS: _pair_table(boards), layout.OMAHA_FLUSH_ROWS: flush_rows,
              layout.OMAHA_FLUSH_PAIRS: flush_pairs, layout.OMAHA_LOW: _low_table()}
    verify_omaha_tables(tables, boards, masks)
    return tables
