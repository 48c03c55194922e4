"""The records that carry tables into the kernels: one named tuple per kind of table, defined once.

A kernel takes a record whole and reads its fields inside (a named tuple of arrays costs the
kernel's loops nothing: its fields are read once, outside the hand loop); the
``@njit(inline="always")`` per-hand primitives keep taking the arrays themselves, so the hash is
written once.  The call itself costs a little: on every call numba types each named tuple among
the arguments from its class and field names, level by level, so a record nested in a record
costs more (:class:`BoardTables` is one level for that reason).

* :class:`RankTables`: the tables ranking hands of one size (what the ranking kernels take);
  :meth:`pokerlut.tables.TableSet.rank_tables` builds it.
* :class:`Tables`: every table of one game (``pokerlut.jit.Tables``; :func:`pokerlut.jit.tables`
  builds it); :func:`pokerlut.kernels.pointers.table_pointers` reads any of these records as the
  same fields with each array's data pointer, for code compiled with numba's runtime on.
* :class:`MaskTables`: the tables over 13-bit rank masks of the board kernels.
* :class:`BoardTables`: what the board kernels take: the rank tables of the hand as dealt and
  with one more card, the hand values and the mask tables, in one level (see there).
* :class:`EquityTables`: what the exact Hold'em equity kernels take: the 7-card rank tables, the
  binomials indexing rank multisets and the rank keys.
* :class:`HiLoTables`: the rank tables of a game's high and low sides (stud hi-lo; a game of one
  side gives its own tables twice).
* :class:`OFCTables`: open-face Chinese poker's rank tables of three and five cards, its
  royalties by strength, the scoop bonus and the Fantasyland thresholds.
* :class:`OmahaTables`: what the Omaha table kernels take (``pokerlut.omaha.omaha_tables`` builds it).

>>> RankTables._fields
('cards', 'bases', 'values', 'flush', 'bases5', 'values5', 'subset_rare')
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

__all__ = ["RankTables", "Tables", "MaskTables", "BoardTables", "EquityTables", "OmahaTables", "HiLoTables",
           "OFCTables"]


class RankTables(NamedTuple):
    """The tables the ranking kernels take for hands of one size."""

    cards: np.ndarray  #: (512,) uint64 card constants (:mod:`pokerlut.layout`)
    bases: np.ndarray  #: (N_ROWS,) uint32 row bases of the k-card hash
    values: np.ndarray  #: uint16 values of the k-card hash
    flush: np.ndarray  #: uint16 flush table
    bases5: np.ndarray  #: the 5-card hash, for rows ranked subset by subset
    values5: np.ndarray
    subset_rare: bool  #: 6/7-card rows with five of a suit are ranked subset by subset


class Tables(NamedTuple):
    """The tables of one game, as one argument for jitted functions (``pokerlut.jit.tables`` builds it)."""

    cards: np.ndarray  #: (512,) uint64 card constants (:mod:`pokerlut.layout`)
    flush: np.ndarray  #: uint16 flush table
    bases5: np.ndarray  #: uint32 row bases of the 5-card hash
    values5: np.ndarray  #: uint16 values of the 5-card hash
    bases6: np.ndarray
    values6: np.ndarray
    bases7: np.ndarray
    values7: np.ndarray
    hand_values: np.ndarray  #: (max_strength + 1, 6) uint8: category, then the ranks naming the hand
    categories: np.ndarray  #: (max_strength + 1,) uint8: the category of each strength
    max_strength: int  #: the game's best strength
    max_wilds: int  #: how many wild cards a hand may hold (0: the game deals none)
    subset_rare: bool  #: 6/7-card hands with five of a suit are ranked subset by subset
    high: bool  #: the standard high game (``pokerlut.jit.best_five`` serves it)


class MaskTables(NamedTuple):
    """Tables over 13-bit rank masks ``m`` (8,192 entries each)."""

    top_rank: np.ndarray  #: uint8: the highest rank in ``m`` (255 for the empty mask)
    straight_top: np.ndarray  #: uint8: the best straight ``k`` (1..10) whose ranks ``m`` holds, 0 for none
    possible: np.ndarray  #: uint16: bit ``k`` set when ``m`` holds three or more ranks of straight ``k``
    completing: np.ndarray  #: uint16: the ranks ``r`` not in ``m`` such that ``m | r`` holds a straight
    spread: np.ndarray  #: uint64: bit ``4 r`` for each rank ``r`` of ``m`` (its clubs; ``<< s`` for suit s)
    two_short: np.ndarray  #: uint16: bit ``k - 1`` set when ``m`` holds exactly three ranks of straight ``k``


class BoardTables(NamedTuple):
    """The tables of the board kernels (made hands, draws and outs), in one level: the fields of the
    :class:`RankTables` ranking the hand as dealt and of those ranking it with one more card, and
    those of the :class:`MaskTables` (a call of one hand runs its kernel once, and typing a nested
    record cost such a call more than the kernel's work; ``pokerlut.kernels.boards.board_tables``
    builds it)."""

    cards: np.ndarray  #: (512,) uint64 card constants
    bases: np.ndarray  #: the hash ranking the hand as dealt (Omaha: five cards, two hole and three board)
    values: np.ndarray
    next_bases: np.ndarray  #: the hash ranking it with one more board card (outs); ``bases`` again where unused
    next_values: np.ndarray
    flush: np.ndarray  #: uint16 flush table
    bases5: np.ndarray  #: the 5-card hash (a board's own value; Omaha's two and three cards)
    values5: np.ndarray
    hand_values: np.ndarray  #: per strength: category, then the ranks naming the hand
    top_rank: np.ndarray  #: the :class:`MaskTables`, field by field
    straight_top: np.ndarray
    possible: np.ndarray
    completing: np.ndarray
    spread: np.ndarray
    two_short: np.ndarray


class EquityTables(NamedTuple):
    """The tables of the exact Hold'em equity kernels."""

    rank: RankTables  #: the 7-card rank tables
    binom: np.ndarray  #: (18, 6) int64: ``C(n, k)``, the index of a rank multiset
    rank_keys: np.ndarray  #: (13,) uint64: the key of one card of each rank (any suit)


class OmahaTables(NamedTuple):
    """The tables of the Omaha kernels, as :mod:`pokerlut.layout` ("Omaha") lays them out."""

    cards: np.ndarray  #: (512,) uint64 card constants (the high game's)
    rows: np.ndarray  #: uint32: flush rows, board bases and board rows, one after another
    values: np.ndarray  #: uint16: the pair values, then the flush pairs'
    low: np.ndarray  #: uint8 (65536,): the eight-or-better low of the board's and the hand's low bits


class HiLoTables(NamedTuple):
    """The rank tables of both sides of a split game, each hand ranked once by each."""

    high: RankTables
    low: RankTables


class OFCTables(NamedTuple):
    """The tables of the open-face Chinese poker kernel."""

    three: RankTables  #: the top row's 3-card tables
    five: RankTables  #: the middle and bottom rows' 5-card tables
    royalty_top: np.ndarray  #: royalties by strength, one table per row
    royalty_middle: np.ndarray
    royalty_bottom: np.ndarray
    scoop_bonus: int  #: points for winning all three rows
    thresholds: np.ndarray  #: the least strengths of Fantasyland entry (top) and stay (top, middle, bottom)
