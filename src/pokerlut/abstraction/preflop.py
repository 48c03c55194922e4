"""Exact heads-up preflop equities of the 169 starting-hand classes, from generated tables.

The table set ``tables/preflop`` (``python scripts/generate_preflop_tables.py`` writes it, with a
manifest of checksums like every table set) holds three (169, 169) int64 matrices, rows and columns
the grid cells of :mod:`pokerlut.ranges.grid` (cell ``13 * row + column``; ``AA`` is 0, ``AKs`` 1,
``AKo`` 13, ``22`` 168):

* ``pairs[A, B]``: the pairs of a combo of class A and a combo of class B that share no card;
* ``wins[A, B]``: over all those pairs and each of the 1,712,304 boards of the 48 cards they
  leave, the boards A's combo wins;
* ``ties[A, B]``: the boards they tie.

**Which number an entry is.**  Class A against class B is the combo-weighted average over every
conflict-free pair of combos of each pair's exact equity, every pair counting once:
``equity(A, B) = (wins[A, B] + ties[A, B] / 2) / (pairs[A, B] * 1,712,304)``, exactly what
``pokerlut.equity(["AKs", "QQ"])`` computes for the two classes as ranges.  Against ``"random"``
(every combo that shares no card with A's, each pair once) the sums over B of the three
matrices, which is what ``pokerlut.equity(["AKs", "random"])`` computes.  ``equity(A, B) +
equity(B, A) = 1`` exactly.

>>> round(preflop_equity("AKs", "QQ"), 6), round(preflop_equity("AA"), 6), round(preflop_equity("72o"), 6)
(0.460485, 0.852037, 0.345836)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

import numpy as np

from .. import _threads, layout
from .._records import different_items, same_fields, same_items
from ..constants import N_NATURAL
from ..iso import board_indexer
from ..kernels import registry
from ..kernels.handstrength import pair_table, preflop_scratch
from ..ranges import ALL_COMBOS, N_CLASSES, Range, as_range, class_labels, combo_cells
from ..tables import load_table_set

__all__ = ["preflop_equity", "preflop_tables", "preflop_lookup", "preflop_versus", "PreflopTables", "PreflopResult",
           "compute_preflop_tables", "PREFLOP_BOARDS", "TABLE_SET"]

TABLE_SET = layout.PREFLOP_TABLE_SET
#: Boards of each heads-up preflop deal: C(48, 5).
PREFLOP_BOARDS = layout.PREFLOP_BOARDS


@dataclass(frozen=True, eq=False)
class PreflopTables:
    """The exact preflop tables (see the module doc): ``labels`` (169,) the class names by cell,
    ``wins``/``ties``/``pairs`` (169, 169) int64, ``equity`` (169, 169) float64, and against a
    random hand ``random_wins``/``random_ties``/``random_pairs`` (169,) int64 and
    ``random_equity`` (169,) float64.

    >>> t = preflop_tables()
    >>> str(t.labels[1]), int(t.pairs[0, 0]), int(t.random_pairs[0])   # AA vs AA: each of 6 combos meets 1
    ('AKs', 6, 7350)
    """

    labels: np.ndarray
    wins: np.ndarray
    ties: np.ndarray
    pairs: np.ndarray
    equity: np.ndarray
    random_wins: np.ndarray
    random_ties: np.ndarray
    random_pairs: np.ndarray
    random_equity: np.ndarray

    __eq__ = same_fields

    def cell(self, label: str) -> int:
        """The cell (0..168) of a class name ("AKs", "QQ", "T9o"; case and order as
        :func:`pokerlut.ranges.cell_of` reads them)."""
        return _cell(label)


class PreflopResult(NamedTuple):
    """Heads-up exact preflop equity of two players from the tables: per player ``win`` (boards won
    alone), ``tie`` and ``equity`` (pot share), each (2,) float64; ``n`` the boards summed over every
    combination of the players' combos (unweighted), as :func:`pokerlut.equity` counts them."""

    win: np.ndarray
    tie: np.ndarray
    equity: np.ndarray
    n: int
    __eq__ = same_items
    __ne__ = different_items


@lru_cache(maxsize=None)
def _cell_table() -> dict[str, int]:
    labels = class_labels().reshape(-1)
    table = {}
    for cell, label in enumerate(labels.tolist()):
        for text in {label, label.lower(), label.upper(), label[1] + label[0] + label[2:],
                     (label[1] + label[0] + label[2:]).lower()}:
            table[text] = cell
    return table


def _cell(label: Any) -> int:
    try:
        return _cell_table()[label]
    except (KeyError, TypeError):
        pass
    from ..ranges import cell_of

    row, col = cell_of(label)  # raises the error that names what a class looks like
    return 13 * row + col


@lru_cache(maxsize=1)
def preflop_tables() -> PreflopTables:
    """The exact preflop tables, loaded (checksums verified) once.

    Examples
    --------
    >>> t = preflop_tables()
    >>> t.equity.shape, round(float(t.equity[t.cell("AA"), t.cell("KK")]), 6)
    ((169, 169), 0.819461)
    """
    t = load_table_set(TABLE_SET)
    wins, ties, pairs = (np.asarray(t[k]) for k in ("wins", "ties", "pairs"))
    equity = (wins + ties / 2) / (pairs * float(PREFLOP_BOARDS))
    rw, rt, rp = wins.sum(axis=1), ties.sum(axis=1), pairs.sum(axis=1)
    random_equity = (rw + rt / 2) / (rp * float(PREFLOP_BOARDS))
    for a in (equity, rw, rt, rp, random_equity):
        a.setflags(write=False)
    return PreflopTables(class_labels().reshape(-1), wins, ties, pairs, equity, rw, rt, rp, random_equity)


def preflop_equity(a: str, b: str = "random") -> float:
    """Exact heads-up preflop equity of class ``a`` against class ``b`` or ``"random"``, looked up.

    Parameters
    ----------
    a : str
        A class name: ``"AA"``, ``"AKs"``, ``"T9o"``.
    b : str
        Another class name, or ``"random"`` (the default).

    Returns
    -------
    float
        ``a``'s pot share (the module doc defines it; ties count half).

    Examples
    --------
    >>> round(preflop_equity("AKs", "QQ"), 6), round(preflop_equity("QQ", "AKs"), 6)
    (0.460485, 0.539515)
    >>> round(preflop_equity("AA", "random"), 6)
    0.852037
    """
    t = preflop_tables()
    i = _cell(a)
    if isinstance(b, str) and b.strip().lower() == "random":
        return float(t.random_equity[i])
    return float(t.equity[i, _cell(b)])


def _class_weights(rng: Range) -> np.ndarray | None:
    """Per class, the weight of a range that holds each class whole with one weight (0: absent), or
    None when some class is there in part or with unequal weights."""
    rows, cols = combo_cells(rng.combos)
    cells = 13 * rows + cols
    present = np.bincount(cells, minlength=N_CLASSES)
    sizes = _class_sizes()
    keep = rng.weights > 0
    if not keep.all():
        cells, weights = cells[keep], rng.weights[keep]
        present = np.bincount(cells, minlength=N_CLASSES)
    else:
        weights = rng.weights
    if ((present != 0) & (present != sizes)).any():
        return None
    w = np.zeros(N_CLASSES)
    w[cells] = weights
    lo = np.full(N_CLASSES, np.inf)
    np.minimum.at(lo, cells, weights)
    if not np.array_equal(lo[cells], weights):
        return None
    return w


@lru_cache(maxsize=1)
def _class_sizes() -> np.ndarray:
    rows, cols = combo_cells(ALL_COMBOS)
    return np.bincount(13 * rows + cols, minlength=N_CLASSES)


def preflop_lookup(range_a: Any, range_b: Any, board: Any = None, dead: Any = None) -> PreflopResult | None:
    """The exact heads-up preflop answer from the tables, when they hold it; else ``None``.

    The tables answer two players whose ranges are unions of whole classes, each class with one
    weight (``"random"``, ``"TT+, AKs"``, ``"0.5(QQ), AKo"``, a single class), with no board and no
    dead card.  The answer is what :func:`pokerlut.equity` would compute for them (the pot share
    over every conflict-free combination of combos, weighted by the product of the weights), to
    rounding.  A range holding part of a class (``"AhKh"``, a blocked combo) gives ``None``.

    Parameters
    ----------
    range_a, range_b
        Range text or :class:`~pokerlut.Range` (after card removal, as the equity engine holds them).
    board, dead
        Must be empty (``None``, ``""`` or no cards) for the tables to answer.

    Returns
    -------
    PreflopResult or None

    Examples
    --------
    >>> r = preflop_lookup("TT+, AKs", "random")
    >>> [round(float(x), 6) for x in r.equity], r.n
    ([0.784769, 0.215231], 71317461600)
    >>> preflop_lookup("AhKh", "QQ") is None, preflop_lookup("AKs", "QQ", board="2c 7d 9h") is None
    (True, True)
    """
    for extra in (board, dead):
        if extra is not None and not (isinstance(extra, str) and not extra.strip()) and len(np.ravel(extra)):
            return None
    wa = _class_weights(as_range(range_a, "range_a").validated("range_a"))
    wb = _class_weights(as_range(range_b, "range_b").validated("range_b"))
    if wa is None or wb is None:
        return None
    t = preflop_tables()
    ww = np.outer(wa, wb)
    met = float((ww * t.pairs).sum())
    if met == 0:
        return None  # no combination of combos fits (the equity engine says why)
    win_a = float((ww * t.wins).sum()) / (met * PREFLOP_BOARDS)
    win_b = float((ww * t.wins.T).sum()) / (met * PREFLOP_BOARDS)
    tie = float((ww * t.ties).sum()) / (met * PREFLOP_BOARDS)
    n = int(t.pairs[np.ix_(wa > 0, wb > 0)].sum()) * PREFLOP_BOARDS
    win, ties = np.array([win_a, win_b]), np.array([tie, tie])
    return PreflopResult(win, ties, win + ties / 2, n)


def preflop_versus(opponent: Any) -> PreflopResult | None:
    """Every class against ``opponent`` (a range of whole classes, as :func:`preflop_lookup` takes
    it) heads-up preflop, from the tables: ``win``/``tie``/``equity`` (169,) float64 by grid cell
    for the class (NaN where no combination of combos fits), ``n`` (169,) int64 boards summed over
    every combination of combos; ``None`` when the tables do not hold the question.  What
    :func:`pokerlut.equities.class_equity` computes preflop against one opponent, in one step.

    >>> r = preflop_versus("TT+, AKs")
    >>> round(float(r.equity[0]), 4), round(float(r.equity[168]), 4), r.equity.shape       # AA, 22
    (0.8067, 0.2185, (169,))
    """
    wb = _class_weights(as_range(opponent, "opponent").validated("opponent"))
    if wb is None:
        return None
    t = preflop_tables()
    met = t.pairs @ wb
    with np.errstate(invalid="ignore", divide="ignore"):
        win = (t.wins @ wb) / (met * PREFLOP_BOARDS)
        tie = (t.ties @ wb) / (met * PREFLOP_BOARDS)
    n = (t.pairs * (wb > 0)).sum(axis=1) * PREFLOP_BOARDS
    return PreflopResult(win, tie, win + tie / 2, n)


# --------------------------------------------------------------------------- generating the tables


def board_classes_with_multiplicity() -> tuple[np.ndarray, np.ndarray]:
    """The canonical board of every suit class of five-card boards (134,459) and the number of
    boards in each class (their sum is C(52, 5)).

    >>> boards, mult = board_classes_with_multiplicity()
    >>> boards.shape, int(mult.sum())
    ((134459, 5), 2598960)
    """
    ix = board_indexer(5, by_round=False)
    _, boards = ix.unindex(np.arange(ix.count, dtype=np.int64), 0)
    boards = np.ascontiguousarray(boards)
    perms = np.array(list(__import__("itertools").permutations(range(4))), dtype=np.int64)
    cards = boards.astype(np.int64)
    images = (cards // 4)[None, :, :] * 4 + perms[:, cards % 4]  # (24, n, 5)
    masks = np.bitwise_or.reduce(np.left_shift(np.uint64(1), images.astype(np.uint64)), axis=2).T  # (n, 24)
    masks.sort(axis=1)
    mult = 1 + (np.diff(masks, axis=1) != 0).sum(axis=1)
    return boards, mult.astype(np.int64)


def class_table() -> np.ndarray:
    """The class (grid cell) of every combo, at ``52 * a + b`` for both orders (int16)."""
    rows, cols = combo_cells(ALL_COMBOS)
    table = np.zeros(N_NATURAL * N_NATURAL, dtype=np.int16)
    a, b = ALL_COMBOS[:, 0].astype(np.int64), ALL_COMBOS[:, 1].astype(np.int64)
    table[a * N_NATURAL + b] = 13 * rows + cols
    table[b * N_NATURAL + a] = 13 * rows + cols
    return table


def compute_preflop_tables(*, parallel: bool | None = None, progress: bool = False) -> dict[str, np.ndarray]:
    """Compute ``wins``, ``ties`` and ``pairs`` (the module doc) exactly: every suit class of five
    boards ranked once, with its number of boards (what ``scripts/generate_preflop_tables.py``
    writes).  ``pairs`` is counted directly from the combos.

    >>> t = compute_preflop_tables()                    # doctest: +SKIP
    """
    from .._notice import progress_bar

    boards, mult = board_classes_with_multiplicity()
    tables = load_table_set("high").rank_tables(7)
    kernel = registry.hs_kernel("preflop_counts")
    classes = class_table()
    pairs_table = pair_table()
    slots: dict[int, tuple] = {}

    def piece(lo: int, hi: int, slot: int = 0) -> int:
        if slot not in slots:
            slots[slot] = (np.zeros(N_CLASSES * N_CLASSES, np.int64), np.zeros(N_CLASSES * N_CLASSES, np.int64),
                           preflop_scratch(N_CLASSES))
        s = slots[slot]
        return kernel(boards[lo:hi], mult[lo:hi], classes, tables, pairs_table, *s)

    bar = progress_bar(len(boards), "preflop tables: board classes", progress)
    try:
        _threads.run_blocks(piece, len(boards), cost=1081 * 170.0, parallel=parallel, bar=bar)
    finally:
        if bar is not None:
            bar.close()
    wins = sum(s[0] for s in slots.values()).reshape(N_CLASSES, N_CLASSES)
    ties = sum(s[1] for s in slots.values()).reshape(N_CLASSES, N_CLASSES)
    return {"wins": wins.astype(np.int64), "ties": ties.astype(np.int64), "pairs": pair_counts()}


def pair_counts() -> np.ndarray:
    """``pairs`` (169, 169) int64: per two classes, the pairs of their combos that share no card.

    >>> p = pair_counts()
    >>> int(p[0, 0]), int(p[0].sum())       # AA against AA: each of 6 combos meets 1; against random
    (6, 7350)
    """
    masks = np.left_shift(np.uint64(1), ALL_COMBOS[:, 0].astype(np.uint64)) | \
        np.left_shift(np.uint64(1), ALL_COMBOS[:, 1].astype(np.uint64))
    rows, cols = combo_cells(ALL_COMBOS)
    cells = 13 * rows + cols
    fits = (masks[:, None] & masks[None, :]) == 0
    pairs = np.zeros((N_CLASSES, N_CLASSES), np.int64)
    np.add.at(pairs, (cells[:, None].repeat(len(cells), 1)[fits], cells[None, :].repeat(len(cells), 0)[fits]), 1)
    return pairs
