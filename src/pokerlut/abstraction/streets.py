"""Tables over every suit class of a street: the river's hand strength, the flop's and turn's EHS,
EHS² and equity histograms, in the order of :func:`pokerlut.iso.index` (board first).

:func:`street_table` computes a whole street in one call on all cores (:func:`pokerlut._threads.run_blocks`)
and writes ``.npy`` files in a folder; entry ``i`` of each file belongs to the class of street
index ``i`` (``pokerlut.iso.unindex(i, n_board)`` is its canonical hand).  Against a random opponent:

========= ============================ ========================================================
street    file                         entry
========= ============================ ========================================================
river     ``river_hs.npy``             HS (float32 / float64), or with ``dtype="uint16"`` the
                                       half-points ``2 W + T`` out of 1980 (HS = that / 1980)
flop/turn ``{street}_ehs.npy``         EHS over the 1,081 (flop) or 46 (turn) completions
flop/turn ``{street}_ehs2.npy``        EHS²
flop/turn ``{street}_hist.npy``        (count, bins) uint16 (flop) or uint8 (turn): completions
                                       whose river HS falls in each bin
                                       (``min(floor(HS * bins), bins - 1)``)
========= ============================ ========================================================

**How.**  The classes of one board class are consecutive in the index, so the work goes board
class by board class: its canonical board, every two-card combo of the deck ranked on every
completion of the board, sorted, and counted against every other combo at once
(:func:`pokerlut.kernels.handstrength.board_scan`), and the results written at the combos' street
indices, a contiguous stretch of every file.

**Resuming.**  The files are written in place (memory-mapped) and a checkpoint
``{street}_checkpoint.json`` records the board classes done (flushed to disk first), at most
every ``checkpoint_seconds``.  Interrupted (Ctrl-C, a crash), the same call resumes from the
checkpoint; every entry is a function of its class alone, so a resumed run writes exactly the
bytes of an uninterrupted one.  A checkpoint made with other parameters, or a damaged one, is a
``ValueError`` naming it (pass ``restart=True`` to start over).

**The folder.**  One writer at a time: a call locks the folder for its whole run (an exclusive
``flock`` on ``pokerlut.lock`` in it, released when the call ends or its process dies), and a
second call on it, in this process or another, is a :class:`FolderInUse` error naming the
folder and the process that holds it.  The folder must be one no other user can write to or swap
(checked as numba's cache folders are); the files are opened without following links and must be
regular files of this user's; new files, and every checkpoint, are written under names of their
own and renamed into place.  The disk space a call will write is allocated before it starts
(``posix_fallocate``, or zeros written where there is none), so a full disk is an ``OSError``
naming the folder and the bytes needed, with the checkpoint as it was, not a ``SIGBUS`` part-way.
The files (the checkpoint and :class:`StreetFiles`) are :mod:`pokerlut.abstraction.street_files`,
re-exported here.

>>> import tempfile
>>> from pokerlut.iso import index
>>> with tempfile.TemporaryDirectory() as folder:          # the flop's first two board classes only
...     t = street_table("flop", folder, bins=4, board_classes=(0, 2), progress=False)
...     ehs, hist = np.load(t.files["ehs"]), np.load(t.files["hist"])
>>> i = int(index("Ah Ad", "4c 3c 2c"))                   # board class 0 is 4c 3c 2c
>>> t.count, t.done, round(float(ehs[i]), 4), hist[i].tolist()
(1286792, 2, 0.6814, [0, 133, 407, 541])
"""

from __future__ import annotations

import math
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from ..constants import BOARD_CARDS, HOLDEM_HOLE, N_NATURAL
from .. import config, _threads
from .._folders import FolderInUse
from .._notice import noticed, progress_bar
from ..cards import integer_or_none, shown
from ..iso import street_indexer
from ..kernels import registry
from ..kernels.handstrength import StreetOut, pair_table, street_scratch
from ..tables import load_table_set
from .street_files import StreetFiles, merge_ranges, pending_ranges, read_checkpoint  # noqa: F401 (re-exported)

__all__ = ["street_table", "StreetTable", "StreetFiles", "STREETS", "DEFAULT_STREET_BINS", "compute_block",
           "finish_block", "block_entries", "table_plan", "canonical_boards", "fill_street_table", "pending_ranges",
           "merge_ranges", "completions", "board_class_range", "read_checkpoint", "FolderInUse"]

STREETS = {"flop": 3, "turn": 4, "river": 5}
DEFAULT_STREET_BINS = 50
#: The river's hand strength is out of this many half-points: 2 x C(45, 2) opponent combos.
FULL = 1980
CHECKPOINT_VERSION = 1
_DTYPES = {"float32", "float64", "uint16"}


@dataclass
class StreetTable:
    """A street's tables on disk: ``files`` by name (``"hs"``; ``"ehs"``, ``"ehs2"``, ``"hist"``),
    ``count`` entries each (the street's suit classes), ``done`` board classes of
    ``board_classes`` computed, ``seconds`` this call took, ``resumed_from`` the board classes a
    checkpoint already held."""

    street: str
    by_round: bool
    bins: int | None
    dtype: str
    count: int
    board_classes: int
    done: int
    files: dict[str, Path]
    checkpoint: Path
    resumed_from: int = 0
    seconds: float = field(default=0.0, compare=False)


def _check_street(street: Any) -> int:
    if street not in STREETS:
        raise ValueError(f"street is one of {', '.join(map(repr, STREETS))}, got {street!r}")
    return STREETS[street]


def _number(value: int) -> str:
    """An integer for a message (a huge one by its size: its digits could be millions)."""
    return str(value) if value.bit_length() <= 256 else f"an integer of {value.bit_length():,} bits"


def board_class_range(board_classes: Any, n_classes: int) -> tuple[int, int]:
    """``(lo, hi)`` of the ``board_classes`` argument of :func:`street_table` (None: all
    ``n_classes``), each an integer (a numpy integer too; not a bool, a float or a string) with
    ``0 <= lo <= hi <= n_classes``; else a TypeError or ValueError naming the position and value.

    >>> board_class_range(None, 10), board_class_range([2, np.int64(5)], 10)
    ((0, 10), (2, 5))
    >>> board_class_range((0, 2.5), 10)
    Traceback (most recent call last):
    ...
    TypeError: board_classes[1] must be an integer, got 2.5 (float)
    """
    if board_classes is None:
        return 0, n_classes
    pair = board_classes
    if isinstance(board_classes, np.ndarray) and board_classes.ndim == 1:
        pair = board_classes.tolist()
    if not isinstance(pair, (tuple, list)) or len(pair) != 2:
        raise TypeError(f"board_classes must be None or a pair (lo, hi) of integers, got {shown(board_classes)} "
                        f"({type(board_classes).__name__})")
    bounds = []
    for position, value in enumerate(pair):
        number = integer_or_none(value)
        if number is None:
            raise TypeError(f"board_classes[{position}] must be an integer, got {shown(value)} "
                            f"({type(value).__name__})")
        bounds.append(number)
    lo, hi = bounds
    for position, value, least in ((0, lo, 0), (1, hi, lo)):
        if not least <= value <= n_classes:
            raise ValueError(f"board_classes must be (lo, hi) with 0 <= lo <= hi <= {n_classes:,}; board_classes"
                             f"[{position}] is {_number(value)}")
    return lo, hi


def completions(n_board: int) -> int:
    """Completions of a board of ``n_board`` cards seen with two hole cards: 1081, 46 or 1."""
    return math.comb(N_NATURAL - HOLDEM_HOLE - n_board, BOARD_CARDS - n_board)


def table_plan(street: str, *, bins: int = DEFAULT_STREET_BINS, by_round: bool = True,
               dtype: str = "float32") -> dict:
    """What a street's tables hold: the files (name -> (file name, dtype, shape)), the count, the
    board classes and the parameters a checkpoint must match.

    >>> p = table_plan("river", dtype="uint16")
    >>> p["files"]["hs"], p["board_classes"]
    (('river_hs.npy', 'uint16', (2428287420,)), 2554656)
    """
    n_board = _check_street(street)
    if dtype not in _DTYPES or (street != "river" and dtype == "uint16"):
        allowed = sorted(_DTYPES) if street == "river" else ["float32", "float64"]
        raise ValueError(f"dtype for the {street} is one of {', '.join(allowed)}, got {dtype!r}")
    if not isinstance(by_round, (bool, np.bool_)):
        raise TypeError(f"by_round must be True or False, got {by_round!r}")
    indexer = street_indexer(n_board, bool(by_round))
    count = indexer.count
    if street == "river":
        files = {"hs": ("river_hs.npy", dtype, (count,))}
        bins = None
    else:
        from .strength import check_bins

        bins = check_bins(bins)
        files = {"ehs": (f"{street}_ehs.npy", dtype, (count,)), "ehs2": (f"{street}_ehs2.npy", dtype, (count,)),
                 "hist": (f"{street}_hist.npy", "uint16" if street == "flop" else "uint8", (count, bins))}
    params = {"version": CHECKPOINT_VERSION, "street": street, "by_round": bool(by_round), "bins": bins,
              "dtype": dtype, "count": count, "board_classes": indexer.boards.count}
    return {"files": files, "count": count, "board_classes": indexer.boards.count, "params": params,
            "indexer": indexer, "n_board": n_board, "bins": bins}


def canonical_boards(plan: dict, lo: int, hi: int) -> tuple[np.ndarray, np.ndarray]:
    """``(boards, offsets)`` of board classes ``lo .. hi - 1`` of a street's ``plan``: each class's
    canonical board ((hi - lo, cards) uint8, its rounds as the street indexer deals them) and where
    its hole classes start, counted from the first class's (``hi - lo + 1`` int64, the last the
    block's entries).

    >>> boards, offsets = canonical_boards(table_plan("flop"), 0, 2)
    >>> boards.tolist(), offsets.tolist()
    ([[8, 4, 0], [12, 4, 0]], [0, 344, 688])
    """
    indexer = plan["indexer"]
    offsets = indexer.board_offsets[lo:hi + 1] - indexer.board_offsets[lo]
    boards = np.empty((hi - lo, plan["n_board"]), np.uint8)
    registry.iso_kernel("unindex_rows")(np.arange(lo, hi, dtype=np.int64), indexer.boards.spec(0),
                                        *indexer.boards.untables(), np.empty((hi - lo, 0), np.uint8), boards,
                                        np.zeros(4, np.uint64))
    return boards, offsets


class _Scratch:
    """One piece's scratch arrays for the street kernel."""

    def __init__(self, bins: int):
        self.arrays = street_scratch(bins)


def compute_block(plan: dict, lo: int, hi: int, scratch: _Scratch | None = None) -> dict[str, np.ndarray]:
    """The raw numbers of board classes ``lo..hi`` (a contiguous stretch of street indices
    ``board_offsets[lo] .. board_offsets[hi]``): the river's half-points (uint16), or the flop's and
    turn's sums of half-points and of their squares (int64) and histogram counts (uint16).

    >>> p = table_plan("river")
    >>> raw = compute_block(p, 0, 1)            # 4c 3c 2c | 5c | 6c: the 7c wins, the rest chop or lose to it
    >>> raw["num"].shape, int(raw["num"].min()), int(raw["num"].max())          # 301 hole classes
    ((301,), 946, 1980)
    """
    indexer = plan["indexer"]
    n_board, bins = plan["n_board"], plan["bins"] or 1
    boards, offsets = canonical_boards(plan, lo, hi)
    size = int(offsets[-1])
    river = n_board == BOARD_CARDS
    num = np.zeros(size if river else 0, np.uint16)
    total = np.zeros(0 if river else size, np.int64)
    squares = np.zeros(0 if river else size, np.int64)
    hist = np.zeros((0 if river else size, bins), np.uint16)
    tables = load_table_set("high").rank_tables(7)
    street = registry.hs_kernel("street_features")
    scratch = scratch or _Scratch(bins)
    street(boards, offsets, (indexer.spec(0), *indexer.boards.tables(), indexer.segments), tables, _pairs(), bins,
           StreetOut(num, total, squares, hist), scratch.arrays)
    return {"num": num} if river else {"sum": total, "squares": squares, "hist": hist}


_PAIRS: list[np.ndarray] = []


def _pairs() -> np.ndarray:
    if not _PAIRS:
        table = pair_table()
        table.setflags(write=False)
        _PAIRS.append(table)
    return _PAIRS[0]


def finish_block(plan: dict, raw: dict[str, np.ndarray], dtype: str) -> dict[str, np.ndarray]:
    """The files' entries of one block from its raw numbers."""
    if "num" in raw:
        num = raw["num"]
        return {"hs": num if dtype == "uint16" else (num / FULL).astype(dtype)}
    n = completions(plan["n_board"])
    return {"ehs": (raw["sum"] / (FULL * n)).astype(dtype), "ehs2": (raw["squares"] / (FULL * FULL * n)).astype(dtype),
            "hist": raw["hist"].astype(plan["files"]["hist"][1])}


def block_entries(street: str, bins: int, by_round: bool, dtype: str, lo: int, hi: int) -> dict[str, np.ndarray]:
    """The files' entries of board classes ``lo .. hi`` of a street (a task of
    :func:`pokerlut.dask.street_table`: everything from the parameters, nothing from the caller).

    >>> e = block_entries("river", DEFAULT_STREET_BINS, True, "uint16", 0, 1)
    >>> e["hs"].shape
    (301,)
    """
    plan = table_plan(street, bins=bins, by_round=by_round, dtype=dtype)
    return finish_block(plan, compute_block(plan, lo, hi), dtype)


@noticed("hand strength")
def street_table(street: str, folder: str | os.PathLike, *, bins: int = DEFAULT_STREET_BINS, by_round: bool = True,
                 dtype: str = "float32", board_classes: tuple[int, int] | None = None, restart: bool = False,
                 progress: bool | None = None, parallel: bool | None = None,
                 checkpoint_seconds: float = 10.0) -> StreetTable:
    """Compute a street's tables (the module doc lists them) into ``folder``, or resume them.

    Parameters
    ----------
    street : str
        ``"flop"``, ``"turn"`` or ``"river"``.
    folder : path
        Where the ``.npy`` files and the checkpoint go (created if needed).
    bins : int
        Histogram bins on the flop and turn (default 50).
    by_round : bool
        The street's index as :func:`pokerlut.iso.index` takes it (default: the published rounds).
    dtype : str
        ``"float32"`` (the default) or ``"float64"``; on the river also ``"uint16"`` (exact
        half-points, half the bytes: 4.9 GB instead of 9.7 GB).
    board_classes : (lo, hi) or None
        Only board classes ``lo .. hi - 1`` (street indices ``board_offsets[lo] ..
        board_offsets[hi]``), two integers; the rest of the files stays 0 until computed (and takes
        no disk space).  Default: all.
    restart : bool
        Ignore a checkpoint in ``folder`` (a damaged one too) and start over.
    progress : bool or None
        A progress bar on stderr (default: where someone watches: a terminal, or a notebook).
    parallel : bool or None
        As for :func:`pokerlut.evaluate` (default: all threads for a long call).
    checkpoint_seconds : float
        The most time between checkpoints.

    Returns
    -------
    StreetTable
        The files and what this call did.

    Examples
    --------
    >>> import tempfile
    >>> from pokerlut.iso import index
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     t = street_table("river", folder, dtype="uint16", board_classes=(0, 3), progress=False)
    ...     hs = np.load(t.files["hs"], mmap_mode="r")
    ...     int(hs[index("8c 7c", "4c 3c 2c 5c 6c")]), int(hs[index("Ah Kd", "4c 3c 2c 5c 6c")])
    (1980, 946)
    """
    def fill(plan: dict, out: StreetFiles, pending: list[tuple[int, int]], bar: Any) -> None:
        cost = completions(plan["n_board"]) * math.comb(N_NATURAL - plan["n_board"], HOLDEM_HOLE) * 1.5
        scratch: dict[int, _Scratch] = {}
        for a, b in pending:
            def piece(p_lo: int, p_hi: int, slot: int = 0, a=a) -> int:
                s = scratch.setdefault(slot, _Scratch(plan["bins"] or 1))
                raw = compute_block(plan, a + p_lo, a + p_hi, s)
                out.write(a + p_lo, a + p_hi, finish_block(plan, raw, dtype))
                return p_hi - p_lo

            def after(p_lo: int, p_hi: int, results: list, a=a) -> None:
                out.record(a + p_lo, a + p_hi)
                out.save()

            _threads.run_blocks(piece, b - a, cost=cost, parallel=parallel, bar=bar, after_block=after)

    return fill_street_table(street, folder, fill, bins=bins, by_round=by_round, dtype=dtype,
                             board_classes=board_classes, restart=restart, progress=progress,
                             checkpoint_seconds=checkpoint_seconds)


def fill_street_table(street: str, folder: str | os.PathLike, fill: Any, *, bins: int = DEFAULT_STREET_BINS,
                      by_round: bool = True, dtype: str = "float32", board_classes: tuple[int, int] | None = None,
                      restart: bool = False, progress: bool | None = None,
                      checkpoint_seconds: float = 10.0) -> StreetTable:
    """The frame every writer of a street's files shares (:func:`street_table` here, Dask's in
    :mod:`pokerlut.dask`, the GPU's in :mod:`pokerlut.cuda`): the parameters checked, the folder
    locked and its disk space reserved (:class:`StreetFiles`), the board classes no checkpoint holds,
    a progress bar over them, the folder released however the call ends, and the :class:`StreetTable`.  ``fill(plan, out,
    pending, bar)`` computes the ``pending`` ``(lo, hi)`` ranges of board classes and writes them
    through ``out`` (:meth:`StreetFiles.write`, then ``record`` and ``save`` for each finished
    stretch), advancing ``bar`` (None when no bar is shown) by the board classes done.

    >>> import tempfile
    >>> def fill(plan, out, pending, bar):
    ...     for lo, hi in pending:
    ...         out.write(lo, hi, finish_block(plan, compute_block(plan, lo, hi), "uint16"))
    ...         out.record(lo, hi)
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     t = fill_street_table("river", folder, fill, dtype="uint16", board_classes=(0, 2), progress=False)
    ...     again = fill_street_table("river", folder, fill, dtype="uint16", board_classes=(0, 3), progress=False)
    >>> t.done, again.resumed_from, again.done
    (2, 2, 3)
    """
    start = time.perf_counter()
    plan = table_plan(street, bins=bins, by_round=by_round, dtype=dtype)
    n_classes = plan["board_classes"]
    lo, hi = board_class_range(board_classes, n_classes)
    folder = Path(folder)
    out = StreetFiles(plan, folder, bool(restart), checkpoint_seconds, reserve=(lo, hi))
    already = out.count_done(lo, hi)
    show = None if progress is None else bool(progress)  # None: the bar when stderr is a terminal
    bar = None
    try:
        bar = progress_bar(hi - lo, f"{street} tables: board classes", show, initial=already)
        fill(plan, out, pending_ranges(out.done, lo, hi), bar)
    finally:
        if bar is not None:
            bar.close()
        out.close()
    finished = out.count_done(lo, hi)
    files = {k: folder / name for k, (name, _, _) in plan["files"].items()}
    return StreetTable(street, bool(by_round), plan["bins"], dtype, plan["count"], n_classes, finished, files,
                       out.checkpoint, already, time.perf_counter() - start)


#: Tunables once defined here, now in :mod:`pokerlut.config` (read there at call time): old name -> config name.
_FROM_CONFIG = {"MAX_CHECKPOINT_BYTES": "MAX_CHECKPOINT_BYTES"}


def __getattr__(name: str):
    """The old names of the tunables now in :mod:`pokerlut.config`, read there."""
    if name in _FROM_CONFIG:
        return getattr(config, _FROM_CONFIG[name])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
