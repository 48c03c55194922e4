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
bytes of an uninterrupted one.  A checkpoint made with other parameters is an error (pass
``restart=True`` to start over).

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

import json
import math
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from .. import _threads
from .._notice import noticed, progress_bar
from ..iso import street_indexer
from ..kernels import registry
from ..kernels.handstrength import MAX_COMBOS, RADIX, pair_table
from ..tables import load_table_set, regular_file_size

__all__ = ["street_table", "StreetTable", "StreetFiles", "STREETS", "DEFAULT_STREET_BINS", "compute_block",
           "finish_block", "block_entries", "table_plan", "pending_ranges", "merge_ranges", "completions"]

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


def completions(n_board: int) -> int:
    """Completions of a board of ``n_board`` cards seen with two hole cards: 1081, 46 or 1."""
    return math.comb(52 - 2 - n_board, 5 - n_board)


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


class _Scratch:
    """One piece's scratch arrays for the street kernel."""

    def __init__(self, bins: int):
        self.arrays = (np.zeros(52, np.uint64), np.zeros(52, np.uint64), np.zeros(MAX_COMBOS, np.uint16),
                       np.zeros(MAX_COMBOS, np.int32), np.zeros(MAX_COMBOS, np.uint64), np.zeros(52, np.int32),
                       np.zeros(52, np.int32), np.zeros(2 * RADIX, np.int32), np.zeros(MAX_COMBOS, np.int32),
                       np.zeros(MAX_COMBOS, np.int64), np.zeros(MAX_COMBOS, np.int64),
                       np.zeros(MAX_COMBOS * max(bins, 1), np.int32))


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
    offsets = indexer.board_offsets[lo:hi + 1] - indexer.board_offsets[lo]
    size = int(offsets[-1])
    boards = np.empty((hi - lo, n_board), np.uint8)
    registry.iso_kernel("unindex_rows")(np.arange(lo, hi, dtype=np.int64), indexer.boards.spec(0),
                                        *indexer.boards.untables(), np.empty((hi - lo, 0), np.uint8), boards,
                                        np.zeros(4, np.uint64))
    river = n_board == 5
    num = np.zeros(size if river else 0, np.uint16)
    total = np.zeros(0 if river else size, np.int64)
    squares = np.zeros(0 if river else size, np.int64)
    hist = np.zeros((0 if river else size, bins), np.uint16)
    tables = load_table_set("high").rank_tables(7)
    street = registry.hs_kernel("street_features")
    scratch = scratch or _Scratch(bins)
    street(boards, offsets, indexer.spec(0), *indexer.boards.tables(), indexer.segments, tables.cards, tables.bases, tables.values,
           tables.flush, _pairs(), bins, num, total, squares, hist, *scratch.arrays)
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


def _read_checkpoint(path: Path) -> dict | None:
    try:
        return json.loads(path.read_text())
    except FileNotFoundError:
        return None


def merge_ranges(ranges: list[list[int]]) -> list[list[int]]:
    """Sorted, non-overlapping ``[lo, hi)`` ranges covering the same board classes.

    >>> merge_ranges([[5, 7], [0, 2], [2, 4]])
    [[0, 4], [5, 7]]
    """
    out: list[list[int]] = []
    for lo, hi in sorted(ranges):
        if out and lo <= out[-1][1]:
            out[-1][1] = max(out[-1][1], hi)
        else:
            out.append([int(lo), int(hi)])
    return out


def pending_ranges(done: list[list[int]], lo: int, hi: int) -> list[tuple[int, int]]:
    """The board classes of ``lo .. hi`` not in ``done``, as ranges.

    >>> pending_ranges([[2, 4]], 0, 6)
    [(0, 2), (4, 6)]
    """
    out, at = [], lo
    for a, b in merge_ranges(done):
        if b <= at or a >= hi:
            continue
        if a > at:
            out.append((at, a))
        at = max(at, b)
    if at < hi:
        out.append((at, hi))
    return out


class StreetFiles:
    """A street's memory-mapped files in ``folder`` and their checkpoint: created, or opened to
    resume (the checkpoint's parameters must be the plan's).  :meth:`write` puts a block's
    entries at its street indices and records it; :meth:`save` flushes the files, then writes the
    checkpoint (at most every ``seconds`` unless forced)."""

    def __init__(self, plan: dict, folder: Path, restart: bool = False, seconds: float = 10.0):
        self.plan, self.folder, self.seconds = plan, Path(folder), float(seconds)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.checkpoint = self.folder / f"{plan['params']['street']}_checkpoint.json"
        self.paths = {k: self.folder / name for k, (name, _, _) in plan["files"].items()}
        state = None if restart else _read_checkpoint(self.checkpoint)
        if state is not None:
            if state.get("params") != plan["params"]:
                raise ValueError(f"{self.checkpoint} was made with other parameters ({state.get('params')}); call "
                                 f"with the same ones to resume, or restart=True to start over")
            if not all(p.exists() for p in self.paths.values()):
                raise ValueError(f"{self.checkpoint} names files missing from {self.folder}; restart=True starts over")
            for path in self.paths.values():  # a FIFO or a device in place of a file is refused, not waited on
                regular_file_size(path)
            self.maps = {k: np.lib.format.open_memmap(self.paths[k], mode="r+") for k in self.paths}
            for k, (_, dtype, shape) in plan["files"].items():
                if self.maps[k].dtype != np.dtype(dtype) or self.maps[k].shape != shape:
                    raise ValueError(f"{self.paths[k]} does not have the dtype and shape of the checkpoint; "
                                     f"restart=True starts over")
            self.done = merge_ranges(state["done"])
        else:
            self.maps = {k: np.lib.format.open_memmap(self.paths[k], mode="w+", dtype=dtype, shape=shape)
                         for k, (_, dtype, shape) in plan["files"].items()}
            self.done = []
            self._write_checkpoint()
        self._last = time.monotonic()

    def _write_checkpoint(self) -> None:
        tmp = self.checkpoint.with_suffix(".tmp")
        tmp.write_text(json.dumps({"params": self.plan["params"], "done": self.done}, indent=1) + "\n")
        os.replace(tmp, self.checkpoint)

    def write(self, lo: int, hi: int, entries: dict[str, np.ndarray]) -> None:
        offsets = self.plan["indexer"].board_offsets
        a, b = int(offsets[lo]), int(offsets[hi])
        for k, values in entries.items():
            self.maps[k][a:b] = values

    def record(self, lo: int, hi: int) -> None:
        self.done = merge_ranges(self.done + [[lo, hi]])

    def save(self, force: bool = False) -> None:
        if force or time.monotonic() - self._last >= self.seconds:
            for m in self.maps.values():
                m.flush()
            self._write_checkpoint()
            self._last = time.monotonic()

    def count_done(self, lo: int, hi: int) -> int:
        return sum(min(y, hi) - max(x, lo) for x, y in self.done if y > lo and x < hi)

    def close(self) -> None:
        self.save(force=True)
        self.maps.clear()


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
        board_offsets[hi]``); the rest of the files stays 0 until computed.  Default: all.
    restart : bool
        Ignore a checkpoint in ``folder`` and start over.
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
    start = time.perf_counter()
    plan = table_plan(street, bins=bins, by_round=by_round, dtype=dtype)
    n_classes = plan["board_classes"]
    lo, hi = (0, n_classes) if board_classes is None else (int(board_classes[0]), int(board_classes[1]))
    if not 0 <= lo <= hi <= n_classes:
        raise ValueError(f"board_classes must be (lo, hi) with 0 <= lo <= hi <= {n_classes:,}, got {board_classes!r}")
    folder = Path(folder)
    out = StreetFiles(plan, folder, bool(restart), checkpoint_seconds)
    pending = pending_ranges(out.done, lo, hi)
    already = out.count_done(lo, hi)
    show = None if progress is None else bool(progress)  # None: the bar when stderr is a terminal
    bar = progress_bar(hi - lo, f"{street} tables: board classes", show, initial=already)
    n_board = plan["n_board"]
    cost = completions(n_board) * math.comb(52 - n_board, 2) * 1.5
    scratch: dict[int, _Scratch] = {}
    try:
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
    finally:
        if bar is not None:
            bar.close()
        out.close()
    finished = out.count_done(lo, hi)
    files = {k: folder / name for k, (name, _, _) in plan["files"].items()}
    return StreetTable(street, bool(by_round), plan["bins"], dtype, plan["count"], n_classes, finished, files,
                       out.checkpoint, already, time.perf_counter() - start)
