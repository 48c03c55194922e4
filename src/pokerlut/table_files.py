"""Finding the table sets' folder and reading its files: the manifest, and every table file a regular
file of the size and checksum the manifest gives, whose ``.npy`` header gives the manifest's shape and
dtype (:mod:`pokerlut.tables` loads a set through here)."""

from __future__ import annotations

import hashlib
import io
import json
import math
import os
import re
import stat
from pathlib import Path

import numpy as np

from . import config

__all__ = ["MANIFEST", "HIGH", "ENVIRONMENT_VARIABLE", "REGENERATE", "tables_dir", "regenerate_advice",
           "regular_file_size", "read_regular_file", "read_manifest", "load_table_file"]

MANIFEST = "manifest.json"
#: The standard high game's table set (the default; its strengths are ``1..MAX_STRENGTH``).
HIGH = "high"
ENVIRONMENT_VARIABLE = "POKERLUT_TABLES"
REGENERATE = "python scripts/generate_tables.py"


def tables_dir() -> Path:
    """The folder holding the table sets.

    >>> (tables_dir() / "high" / "manifest.json").exists()
    True
    """
    chosen = os.environ.get(ENVIRONMENT_VARIABLE)
    if chosen:
        folder = Path(chosen)
        if not folder.is_dir():
            raise FileNotFoundError(f"{ENVIRONMENT_VARIABLE}={chosen!r} names no folder; point it at a folder of "
                                    f"table sets (one sub-folder per game, as '{REGENERATE} --out DIR' writes) "
                                    f"or unset it")
        return folder
    here = Path(__file__).resolve().parent
    candidates = [here / "tables", here.parents[1] / "tables"]
    for folder in candidates:
        if (folder / HIGH / MANIFEST).is_file():
            return folder
    searched = ", ".join(str(c) for c in candidates)
    raise FileNotFoundError(f"pokerlut's lookup tables were not found (looked in {searched}); reinstall pokerlut "
                            f"or run {REGENERATE}")



_FILE_NAME = re.compile(r"[a-z][a-z0-9_]*\.npy")
_SHA256 = re.compile(r"[0-9a-f]{64}")
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))


def regenerate_advice() -> str:
    return f"regenerate the tables with '{REGENERATE}' or reinstall pokerlut"


def _not_regular(path: Path, mode: int) -> ValueError:
    kind = next((name for test, name in _KINDS if test(mode)), "not a regular file")
    return ValueError(f"{path} is {kind}, not a regular file; a table file must be a regular file (a link to one "
                      f"is fine)")


def regular_file_size(path: Path | str) -> int:
    """The size of ``path``, which must be a regular file (or a link to one): a FIFO, a device or a
    folder is a ``ValueError`` naming it, found without reading it or waiting on it.

    >>> regular_file_size(tables_dir() / "high" / MANIFEST) > 0
    True
    >>> regular_file_size("/dev/null")
    Traceback (most recent call last):
    ...
    ValueError: /dev/null is a character device, not a regular file; a table file must be a regular file (a link to one is fine)
    """
    fd = os.open(path, _OPEN_FLAGS)
    try:
        info = os.fstat(fd)
    finally:
        os.close(fd)
    if not stat.S_ISREG(info.st_mode):
        raise _not_regular(Path(path), info.st_mode)
    return info.st_size


def read_regular_file(path: Path, *, size: int | None = None, limit: int = config.MAX_TABLE_BYTES) -> bytes:
    """The bytes of ``path``, which must be a regular file (a link to one is fine) of exactly
    ``size`` bytes (when given) and at most ``limit``.  The file is opened without blocking and
    checked on the open descriptor (``fstat``) before a byte is read, so a FIFO never hangs the
    loader, a link to ``/dev/zero`` is never read, and a file swapped after the check is not the
    one read."""
    fd = os.open(path, _OPEN_FLAGS)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise _not_regular(path, info.st_mode)
        if size is not None and info.st_size != size:
            raise ValueError(f"{path} has {info.st_size} bytes, its manifest says {size}; {regenerate_advice()}")
        if info.st_size > limit:
            raise ValueError(f"{path} has {info.st_size} bytes, more than pokerlut reads for it ({limit}); {regenerate_advice()}")
        chunks, left = [], info.st_size + 1  # one byte more: a file that grows while read is refused
        while left > 0:
            chunk = os.read(fd, left)
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) != info.st_size:
        raise ValueError(f"{path} changed while it was read ({info.st_size} bytes, then {len(data)}); {regenerate_advice()}")
    return data


def _manifest_problem(manifest) -> str | None:
    """What is wrong with a parsed manifest (``None``: nothing)."""
    if not isinstance(manifest, dict):
        return f"is a JSON {type(manifest).__name__}, not an object"
    files = manifest.get("files")
    if not isinstance(files, dict) or not files:
        return "has no \"files\" object naming the table files"
    for name, info in files.items():
        if not _FILE_NAME.fullmatch(name):
            return f"lists a file {name[:80]!r}, which is not the name of a table file (like 'values7.npy')"
        if not isinstance(info, dict):
            return f"describes {name} by a JSON {type(info).__name__}, not an object"
        for key, kind in (("sha256", str), ("bytes", int), ("shape", list), ("dtype", str)):
            if not isinstance(info.get(key), kind) or isinstance(info.get(key), bool):
                return f"has no {kind.__name__} {key!r} for {name}"
        if not _SHA256.fullmatch(info["sha256"]):
            return f"gives {name} a 'sha256' that is not 64 hex digits"
        if not 0 < info["bytes"] <= config.MAX_TABLE_BYTES:
            return f"gives {name} {info['bytes']} bytes (a table file has 1..{config.MAX_TABLE_BYTES})"
        shape = info["shape"]
        if not 0 < len(shape) <= 2 or not all(isinstance(d, int) and not isinstance(d, bool) and 0 < d <= config.MAX_TABLE_BYTES
                                               for d in shape):
            return f"gives {name} the shape {str(shape)[:80]}, not one or two positive sizes"
    return None


def read_manifest(root: Path, name: str) -> dict[str, dict]:
    """The ``files`` object of the manifest of the table set ``name`` in ``root``, checked for form.

    >>> read_manifest(tables_dir() / HIGH, HIGH)["cards.npy"]["dtype"]
    'uint64'
    """
    path = root / MANIFEST
    try:
        raw = read_regular_file(path, limit=config.MAX_MANIFEST_BYTES)
    except FileNotFoundError:
        raise FileNotFoundError(f"no table set {name!r}: {path} does not exist; {regenerate_advice()}") from None
    except ValueError as e:
        raise ValueError(f"table manifest {e}") from None
    try:
        manifest = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as e:
        raise ValueError(f"table manifest {path} is not valid JSON ({str(e)[:120]}); {regenerate_advice()}") from None
    problem = _manifest_problem(manifest)
    if problem:
        raise ValueError(f"table manifest {path} {problem}; {regenerate_advice()}")
    return manifest["files"]


_HEADER_READERS = {(1, 0): np.lib.format.read_array_header_1_0, (2, 0): np.lib.format.read_array_header_2_0}


def _parse_npy(path: Path, data: bytes, info: dict) -> np.ndarray:
    """The array of a ``.npy`` file's bytes, whose header must give the manifest's shape and dtype
    and whose data must fill the rest of the file exactly (read-only, no copy)."""
    buffer = io.BytesIO(data)
    try:
        version = np.lib.format.read_magic(buffer)
        if version not in _HEADER_READERS:
            raise ValueError(f"format version {version} is not one numpy.save writes for tables")
        shape, fortran, dtype = _HEADER_READERS[version](buffer)
    except (ValueError, TypeError, SyntaxError, KeyError, EOFError) as e:
        raise ValueError(f"table {path} is not a .npy file numpy can read ({str(e)[:120]}); {regenerate_advice()}") from None
    if not dtype.isnative:
        raise ValueError(f"table {path} holds {dtype.str} data, not in this machine's byte order; {regenerate_advice()}")
    if fortran or dtype.hasobject or list(shape) != info["shape"] or str(dtype) != info["dtype"]:
        raise ValueError(f"table {path} holds {'Fortran-order ' if fortran else ''}{dtype.str} {shape}, its manifest "
                         f"says {info['dtype']} {tuple(info['shape'])}; {regenerate_advice()}")
    count = math.prod(shape)
    offset = buffer.tell()
    if offset + count * dtype.itemsize != len(data):
        raise ValueError(f"table {path} has {len(data) - offset} bytes of data, {dtype} {shape} needs "
                         f"{count * dtype.itemsize} (truncated, or bytes after the array); {regenerate_advice()}")
    array = np.frombuffer(data, dtype=dtype, count=count, offset=offset).reshape(shape)
    if not array.flags.aligned:
        array = array.copy()
    array.flags.writeable = False
    return array


def load_table_file(root: Path, name: str, info: dict) -> np.ndarray:
    """The read-only array of the table file ``name`` in ``root``, as the manifest's ``info`` describes
    it (size, checksum, shape, dtype).

    >>> root = tables_dir() / HIGH
    >>> load_table_file(root, "cards.npy", read_manifest(root, HIGH)["cards.npy"]).shape
    (512,)
    """
    path = root / name
    try:
        data = read_regular_file(path, size=info["bytes"])
    except FileNotFoundError:
        raise FileNotFoundError(f"table file {name} is missing from {root}; {regenerate_advice()}") from None
    except ValueError as e:
        raise ValueError(f"table {e}") from None
    if hashlib.sha256(data).hexdigest() != info["sha256"]:
        raise ValueError(f"table {path} does not match its manifest checksum; {regenerate_advice()}")
    return _parse_npy(path, data, info)

