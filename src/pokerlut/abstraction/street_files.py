"""A street table's files on disk: the checkpoint of the board classes done (read, merged, checked
for damage) and :class:`StreetFiles`, the folder's memory-mapped tables written block by block under
a lock (:mod:`pokerlut.abstraction.streets` re-exports them)."""

from __future__ import annotations

import errno
import json
import math
import os
import shutil
import time
from pathlib import Path

import numpy as np

from .. import config
from .._folders import (NO_FOLLOW, FolderLock, create_new, file_problem, replace_file, reserve_space, temporary_name,
                        unsafe_reason)
from ..cards import shown

__all__ = ["StreetFiles", "read_checkpoint", "merge_ranges", "pending_ranges"]


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
    >>> from pokerlut.abstraction.streets import table_plan
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
