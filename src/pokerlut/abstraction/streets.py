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

import errno
import json
import math
import os
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from ..constants import BOARD_CARDS, HOLDEM_HOLE, N_NATURAL
from .. import config, _threads
from .._folders import (NO_FOLLOW, FolderInUse, FolderLock, create_new, file_problem, replace_file, reserve_space,
                        temporary_name, unsafe_reason)
from .._notice import noticed, progress_bar
from ..cards import integer_or_none, shown
from ..iso import street_indexer
from ..kernels import registry
from ..kernels.handstrength import StreetOut, pair_table, street_scratch
from ..tables import load_table_set

__all__ = ["street_table", "StreetTable", "StreetFiles", "STREETS", "DEFAULT_STREET_BINS", "compute_block",
           "finish_block", "block_entries", "table_plan", "pending_ranges", "merge_ranges", "completions",
           "board_class_range", "read_checkpoint", "FolderInUse"]

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
    offsets = indexer.board_offsets[lo:hi + 1] - indexer.board_offsets[lo]
    size = int(offsets[-1])
    boards = np.empty((hi - lo, n_board), np.uint8)
    registry.iso_kernel("unindex_rows")(np.arange(lo, hi, dtype=np.int64), indexer.boards.spec(0),
                                        *indexer.boards.untables(), np.empty((hi - lo, 0), np.uint8), boards,
                                        np.zeros(4, np.uint64))
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


_JSON_KINDS = {type(None): "null", bool: "true or false", int: "a number", float: "a number", str: "a string",
               list: "a list", dict: "an object"}


def _damaged(path: Path, what: str) -> ValueError:
    return ValueError(f"{path} is not a usable checkpoint: {what}; restart=True starts over (every board class "
                      f"computed anew)")


def _checkpoint_bytes(path: Path) -> bytes | None:
    """The bytes of the checkpoint ``path`` (None: there is none), read without following a link or
    waiting on a FIFO, from a regular file of this user's."""
    try:
        fd = os.open(path, os.O_RDONLY | NO_FOLLOW)
    except FileNotFoundError:
        return None
    except OSError as error:
        what = "it is a symbolic link" if error.errno == errno.ELOOP else f"it cannot be opened ({error.strerror})"
        raise _damaged(path, what) from None
    st = os.fstat(fd)
    problem = file_problem(st, path)
    if problem:
        os.close(fd)
        raise _damaged(path, "it " + problem.removeprefix(f"{path} "))
    with os.fdopen(fd, "rb") as f:
        if st.st_size > config.MAX_CHECKPOINT_BYTES:
            raise _damaged(path, f"it holds {st.st_size:,} bytes, more than any checkpoint")
        return f.read(config.MAX_CHECKPOINT_BYTES + 1)


def read_checkpoint(path: str | os.PathLike[str], plan: dict) -> dict | None:
    """The checkpoint ``path`` of a street's ``plan`` (:func:`table_plan`): ``{"params": ...,
    "done": [[lo, hi], ...]}`` with the done ranges merged, or None where there is none.  A
    checkpoint of other parameters, or one that is not what :class:`StreetFiles` writes (not
    UTF-8, not JSON, not an object, a value of the wrong type, a range outside the street), is a
    ValueError naming the file and what is wrong.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = Path(folder) / "turn_checkpoint.json"
    ...     _ = path.write_text("null")
    ...     read_checkpoint(path, table_plan("turn"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: .../turn_checkpoint.json is not a usable checkpoint: it holds null, not an object with "params" and "done"; restart=True starts over (every board class computed anew)
    """
    path = Path(path)
    data = _checkpoint_bytes(path)
    if data is None:
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise _damaged(path, f"byte {error.start:,} is not UTF-8 text") from None
    try:
        state = json.loads(text)
    except json.JSONDecodeError as error:
        raise _damaged(path, f"it is not JSON ({error.msg} at line {error.lineno}, column {error.colno})") from None
    except (ValueError, RecursionError) as error:  # a number of too many digits, lists nested too deep
        raise _damaged(path, f"it is not JSON that can be read ({type(error).__name__}: {str(error)[:200]})") from None
    if not isinstance(state, dict):
        raise _damaged(path, f'it holds {_JSON_KINDS.get(type(state), "something else")}, not an object with '
                             f'"params" and "done"')
    for key, kind in (("params", dict), ("done", list)):
        if key not in state:
            raise _damaged(path, f'it has no "{key}"')
        if not isinstance(state[key], kind):
            raise _damaged(path, f'its "{key}" is {_JSON_KINDS.get(type(state[key]), "something else")}, not '
                                 f'{_JSON_KINDS[kind]}')
    if state["params"] != plan["params"]:
        raise ValueError(f"{path} was made with other parameters ({shown(state['params'], 400)}); call with the "
                         f"same ones to resume, or restart=True to start over")
    n_classes = plan["board_classes"]
    for i, pair in enumerate(state["done"]):
        if not (isinstance(pair, list) and len(pair) == 2 and all(type(x) is int for x in pair)
                and 0 <= pair[0] <= pair[1] <= n_classes):
            raise _damaged(path, f'"done" entry {i} is {shown(pair)}, not [lo, hi] with 0 <= lo <= hi <= '
                                 f'{n_classes:,} (integers)')
    return {"params": state["params"], "done": merge_ranges(state["done"])}


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


def _own_folder(folder: Path) -> None:
    """Make ``folder`` if needed; refuse one another user could write to or swap (as numba's cache
    folders are refused: :func:`pokerlut._folders.unsafe_reason`)."""
    try:
        folder.mkdir(mode=0o755, parents=True, exist_ok=True)
    except FileExistsError:
        raise ValueError(f"{folder} is not a folder") from None
    try:
        reason = unsafe_reason(folder)
    except OSError as error:
        reason = f"{folder} could not be checked ({error.strerror or error})"
    if reason:
        raise ValueError(f"street tables are written only into a folder no other user can write to or swap: "
                         f"{reason}; choose or make a folder of your own (pass the folder itself, not a link to it)")


class StreetFiles:
    """A street's memory-mapped files in ``folder`` and their checkpoint: created, or opened to
    resume (the checkpoint's parameters must be the plan's).  :meth:`write` puts a block's
    entries at its street indices and records it; :meth:`save` flushes the files, then writes the
    checkpoint (at most every ``seconds`` unless forced); :meth:`close` saves and lets the next
    writer in.

    The folder must be one no other user can write to; it is locked for this writer alone
    (:class:`pokerlut._folders.FolderLock`: a second one is a :class:`FolderInUse` error naming
    the holder) until :meth:`close`.  Files are opened without following links and must be regular
    files of this user's; new ones are made under names of their own and renamed into place.
    ``reserve=(lo, hi)``: the disk space of the board classes ``lo .. hi`` not yet done is
    allocated before any work (a full disk is an ``OSError`` naming the folder and the bytes, and
    the checkpoint is left as it was)."""

    def __init__(self, plan: dict, folder: str | os.PathLike[str], restart: bool = False, seconds: float = 10.0,
                 reserve: tuple[int, int] | None = None):
        self.plan, self.folder, self.seconds = plan, Path(folder), float(seconds)
        self.street = plan["params"]["street"]
        self.checkpoint = self.folder / f"{self.street}_checkpoint.json"
        self.paths = {k: self.folder / name for k, (name, _, _) in plan["files"].items()}
        self.maps: dict[str, np.memmap] = {}
        _own_folder(self.folder)
        self.lock = FolderLock(self.folder)
        try:
            state = None if restart else read_checkpoint(self.checkpoint, plan)
            self.done = [] if state is None else state["done"]
            self._needed = self._bytes_to_reserve(reserve)
            if state is None:
                self._create()
            else:
                self._open()
        except BaseException:
            self.maps.clear()
            self.lock.release()
            raise
        self._last = time.monotonic()

    # ---- the files

    def _bytes_to_reserve(self, reserve: tuple[int, int] | None) -> dict[str, list[tuple[int, int]]]:
        """Per file, the ``(start, length)`` in entries of every stretch this run will write."""
        if reserve is None:
            return {k: [] for k in self.paths}
        offsets = self.plan["indexer"].board_offsets
        stretches = [(int(offsets[a]), int(offsets[b]) - int(offsets[a])) for a, b in
                     pending_ranges(self.done, *reserve)]
        return {k: stretches for k in self.paths}

    def _no_room(self, error: OSError, path: Path, entry_bytes: dict[str, int]) -> OSError:
        needed = sum(length * entry_bytes[k] for k, stretches in self._needed.items() for _, length in stretches)
        try:
            free = f"{shutil.disk_usage(self.folder).free:,} bytes free"
        except OSError:
            free = "free space unknown"
        return OSError(error.errno, f"cannot reserve the disk space of the {self.street} tables in {self.folder}: "
                                    f"{needed:,} bytes needed ({free}; {path.name}: {error.strerror or error}); "
                                    f"free some space or write into another folder, then call again (the "
                                    f"checkpoint is kept: the call resumes)")

    def _map(self, f, key: str, path: Path, offset: int, dtype: str, shape: tuple, entry_bytes: dict[str, int]):
        """Reserve this run's stretches of the open file ``f``, then map it."""
        try:
            for start, length in self._needed[key]:
                reserve_space(f.fileno(), offset + start * entry_bytes[key], length * entry_bytes[key])
        except OSError as error:
            raise self._no_room(error, path, entry_bytes) from None
        return np.memmap(f, dtype=dtype, mode="r+", offset=offset, shape=shape)

    def _entry_bytes(self) -> dict[str, int]:
        return {k: np.dtype(dtype).itemsize * math.prod(shape[1:]) for k, (_, dtype, shape) in
                self.plan["files"].items()}

    def _create(self) -> None:
        """New files under names of their own, sized (sparse) and reserved; then the old checkpoint
        removed, the files renamed into place and a checkpoint of nothing done written.  Until the
        renames nothing in the folder has changed."""
        entry_bytes = self._entry_bytes()
        temporaries: list[str] = []
        try:
            for path in [*self.paths.values(), self.checkpoint]:
                try:
                    problem = file_problem(os.lstat(path), path)
                except FileNotFoundError:
                    problem = None
                if problem:
                    raise ValueError(f"{problem}; street tables are written only over regular files of yours "
                                     f"(remove it to start over)")
            for k, (name, dtype, shape) in self.plan["files"].items():
                path = self.paths[k]
                temporaries.append(temporary_name(path))
                with os.fdopen(create_new(temporaries[-1]), "r+b") as f:
                    np.lib.format.write_array_header_1_0(
                        f, {"descr": np.lib.format.dtype_to_descr(np.dtype(dtype)), "fortran_order": False,
                            "shape": shape})
                    f.flush()  # the header on the file before anything else writes there
                    offset = f.tell()
                    try:
                        os.ftruncate(f.fileno(), offset + math.prod(shape) * np.dtype(dtype).itemsize)
                    except OSError as error:
                        raise self._no_room(error, path, entry_bytes) from None
                    self.maps[k] = self._map(f, k, path, offset, dtype, shape, entry_bytes)
            try:
                os.unlink(self.checkpoint)
            except FileNotFoundError:
                pass
            for k, temporary in zip(self.paths, temporaries):
                os.replace(temporary, self.paths[k])
        except BaseException:
            for temporary in temporaries:
                try:
                    os.unlink(temporary)
                except OSError:
                    pass
            raise
        self._write_checkpoint()

    def _open(self) -> None:
        """The files a checkpoint names, opened without following links, checked (regular files of
        this user's, ``.npy`` of the plan's dtype and shape, whole), reserved and mapped."""
        entry_bytes = self._entry_bytes()
        restart = "restart=True starts over"
        for k, (_, dtype, shape) in self.plan["files"].items():
            path = self.paths[k]
            try:
                fd = os.open(path, os.O_RDWR | NO_FOLLOW)
            except FileNotFoundError:
                raise ValueError(f"{self.checkpoint} names files missing from {self.folder}; {restart}") from None
            except OSError as error:
                what = "is a symbolic link" if error.errno == errno.ELOOP else \
                    f"cannot be opened ({error.strerror or error})"
                raise ValueError(f"{path} {what}; street tables are written only into regular files of yours "
                                 f"(remove it, then {restart})") from None
            st = os.fstat(fd)
            problem = file_problem(st, path)
            if problem:
                os.close(fd)
                raise ValueError(f"{problem}; street tables are written only into regular files of yours "
                                 f"(remove it, then {restart})")
            with os.fdopen(fd, "r+b") as f:
                try:
                    version = np.lib.format.read_magic(f)
                    read = np.lib.format.read_array_header_1_0 if version == (1, 0) else \
                        np.lib.format.read_array_header_2_0
                    found_shape, fortran, found_dtype = read(f)
                except (ValueError, OSError, SyntaxError) as error:
                    raise ValueError(f"{path} is not a .npy file ({error}); {restart}") from None
                offset = f.tell()
                if found_dtype != np.dtype(dtype) or tuple(found_shape) != shape or fortran or \
                        st.st_size < offset + math.prod(shape) * np.dtype(dtype).itemsize:
                    raise ValueError(f"{path} does not have the dtype and shape of the checkpoint, or is cut short; "
                                     f"{restart}")
                self.maps[k] = self._map(f, k, path, offset, dtype, shape, entry_bytes)

    def _write_checkpoint(self) -> None:
        data = json.dumps({"params": self.plan["params"], "done": self.done}, indent=1) + "\n"
        try:
            replace_file(self.checkpoint, data.encode(), durable=True)
        except OSError as error:
            raise OSError(error.errno, f"cannot write the checkpoint {self.checkpoint} ({error.strerror or error}); "
                                       f"the one before it is kept: free some space and call again to resume") \
                from None

    # ---- the run

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
        """The last checkpoint, then the folder released (even when the checkpoint cannot be written)."""
        try:
            if self.maps:
                self.save(force=True)
        finally:
            self.maps.clear()
            self.lock.release()


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
    start = time.perf_counter()
    plan = table_plan(street, bins=bins, by_round=by_round, dtype=dtype)
    n_classes = plan["board_classes"]
    lo, hi = board_class_range(board_classes, n_classes)
    folder = Path(folder)
    out = StreetFiles(plan, folder, bool(restart), checkpoint_seconds, reserve=(lo, hi))
    pending = pending_ranges(out.done, lo, hi)
    already = out.count_done(lo, hi)
    show = None if progress is None else bool(progress)  # None: the bar when stderr is a terminal
    bar = progress_bar(hi - lo, f"{street} tables: board classes", show, initial=already)
    n_board = plan["n_board"]
    cost = completions(n_board) * math.comb(N_NATURAL - n_board, HOLDEM_HOLE) * 1.5
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


#: Tunables once defined here, now in :mod:`pokerlut.config` (read there at call time): old name -> config name.
_FROM_CONFIG = {"MAX_CHECKPOINT_BYTES": "MAX_CHECKPOINT_BYTES"}


def __getattr__(name: str):
    """The old names of the tunables now in :mod:`pokerlut.config`, read there."""
    if name in _FROM_CONFIG:
        return getattr(config, _FROM_CONFIG[name])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
