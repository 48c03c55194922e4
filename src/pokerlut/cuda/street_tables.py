"""Whole-street tables computed on the device: the files of :func:`pokerlut.street_table`, the
same bytes, through the same folder machinery.

:func:`street_table` takes the CPU call's parameters and writes its files the CPU's way
(:func:`pokerlut.abstraction.streets.fill_street_table`: the folder locked for the call, its disk
space reserved, new files and checkpoints written under names of their own and renamed into
place, the checkpoint read back to resume); only the numbers come from elsewhere.  The pending
board classes go to the device in chunks of at most :data:`CHUNK_BYTES` of raw numbers: each
chunk's canonical boards and their frames are made here (as the CPU's street kernel makes them),
scanned on the device (:mod:`.street_scan`, a block of threads per board class), turned into the
files' entries by the CPU's own :func:`~pokerlut.abstraction.streets.finish_block` (the river's
hand strength as floats by the same division on the device) and written, then checkpointed, so an
interrupted run resumes (on the device or on the CPU) to the same bytes.  A chunk is written while
the device scans the next one.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np

from ..abstraction.streets import (DEFAULT_STREET_BINS, FULL, StreetTable, canonical_boards, fill_street_table,
                                   finish_block)
from ..cards import integer_or_none, shown
from .street_scan import PendingScan, check_launch, river_strengths, start_scan

__all__ = ["street_table", "street_block", "start_block", "start_entries", "chunks", "CHUNK_BYTES"]

#: The most bytes of raw numbers (the river's uint16 half-points; the flop's and turn's two int64
#: sums and uint16 histogram a hand class) one launch makes before they are written and checkpointed.
CHUNK_BYTES = 1 << 28


def start_block(plan: dict, lo: int, hi: int, *, launch: tuple[int, int] | None = None,
                completion_cards: Any = None) -> PendingScan:
    """:func:`street_block` launched and not waited for (its canonical boards and their frames
    made here first): a :class:`~pokerlut.cuda.street_scan.PendingScan`."""
    boards, offsets = canonical_boards(plan, lo, hi)
    indexer = plan["indexer"]
    return start_scan(boards, bins=plan["bins"] or 1, frames=indexer.board_frames(boards), offsets=offsets,
                      segments=indexer.segments, launch=launch, completion_cards=completion_cards)


def start_entries(plan: dict, lo: int, hi: int, dtype: str, *,
                  launch: tuple[int, int] | None = None) -> PendingScan:
    """The files' entries of board classes ``lo .. hi - 1`` (what
    :func:`~pokerlut.abstraction.streets.finish_block` makes of :func:`street_block`'s numbers),
    launched and not waited for.  The river's hand strength as floats is divided out on the device
    (:func:`~pokerlut.cuda.street_scan.river_strengths`: the same floats, and no float64 copy of a
    chunk on the host); the rest by the CPU's ``finish_block`` once the numbers are back.

    >>> from pokerlut.abstraction.streets import table_plan
    >>> hs = start_entries(table_plan("river"), 0, 1, "float32").result()["hs"]
    >>> hs.dtype, float(hs.max()), bool(hs.min() == np.float32(946 / 1980))
    (dtype('float32'), 1.0, True)
    """
    scan = start_block(plan, lo, hi, launch=launch)
    if plan["bins"] is None and dtype != "uint16":
        return river_strengths(scan, FULL, dtype)
    scan.finish = lambda raw: finish_block(plan, raw, dtype)
    return scan


def street_block(plan: dict, lo: int, hi: int, *, launch: tuple[int, int] | None = None,
                 completion_cards: Any = None) -> dict[str, np.ndarray]:
    """The raw numbers of board classes ``lo .. hi - 1`` of a street's ``plan``
    (:func:`pokerlut.abstraction.streets.table_plan`), computed on the device: exactly what the
    CPU's :func:`~pokerlut.abstraction.streets.compute_block` gives (``launch`` and
    ``completion_cards`` as :func:`pokerlut.cuda.street_scan.scan_boards` takes them).

    >>> from pokerlut.abstraction.streets import table_plan
    >>> raw = street_block(table_plan("river"), 0, 1)   # 4c 3c 2c | 5c | 6c: 301 hole classes
    >>> raw["num"].shape, int(raw["num"].min()), int(raw["num"].max())
    ((301,), 946, 1980)
    """
    return start_block(plan, lo, hi, launch=launch, completion_cards=completion_cards).result()


def chunks(plan: dict, lo: int, hi: int, max_bytes: int = CHUNK_BYTES) -> list[tuple[int, int]]:
    """Board classes ``lo .. hi - 1`` of a street's ``plan`` cut into consecutive ``(a, b)`` ranges
    of at most ``max_bytes`` of raw numbers each (one board class at least).

    >>> from pokerlut.abstraction.streets import table_plan
    >>> chunks(table_plan("river"), 0, 5, max_bytes=1300)    # 301 hole classes each: 602 bytes
    [(0, 2), (2, 4), (4, 5)]
    """
    per_entry = 2 if plan["bins"] is None else 16 + 2 * plan["bins"]
    room = max(1, int(max_bytes) // per_entry)
    offsets = plan["indexer"].board_offsets
    out = []
    a = lo
    while a < hi:
        b = int(np.searchsorted(offsets, offsets[a] + room, "right")) - 1
        b = min(max(b, a + 1), hi)
        out.append((a, b))
        a = b
    return out


def street_table(street: str, folder: str | os.PathLike[str], *, bins: int = DEFAULT_STREET_BINS,
                 by_round: bool = True, dtype: str = "float32", board_classes: tuple[int, int] | None = None,
                 restart: bool = False, progress: bool | None = None, checkpoint_seconds: float = 10.0,
                 chunk_bytes: int = CHUNK_BYTES, launch: tuple[int, int] | None = None) -> StreetTable:
    """:func:`pokerlut.street_table` with the numbers computed on the device: the same parameters
    and files, byte for byte, the same folder rules (locked for the call, space reserved, files
    and checkpoints renamed into place), resumable from a checkpoint of either.  ``chunk_bytes``:
    the most raw numbers one launch makes before they are written (:data:`CHUNK_BYTES`);
    ``launch``: ``(blocks, threads)`` of the scan.  Returns the
    :class:`pokerlut.abstraction.StreetTable`.

    Examples
    --------
    >>> import tempfile
    >>> from pokerlut.iso import index
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     t = street_table("river", folder, dtype="uint16", board_classes=(0, 1), progress=False)
    ...     hs = np.load(t.files["hs"], mmap_mode="r")
    ...     int(hs[index("8c 7c", "4c 3c 2c 5c 6c")]), int(hs[index("Ah Kd", "4c 3c 2c 5c 6c")]), t.done
    (1980, 946, 1)
    """
    size = integer_or_none(chunk_bytes)
    if size is None:
        raise TypeError(f"chunk_bytes must be an integer, got {shown(chunk_bytes)} ({type(chunk_bytes).__name__})")
    if size < 1:
        raise ValueError(f"chunk_bytes must be at least 1, got {size:,}")
    check_launch(launch)

    def write(plan: dict, out: Any, bar: Any, x: int, y: int, scan: PendingScan) -> None:
        out.write(x, y, scan.result())
        out.record(x, y)
        out.save()
        if bar is not None:
            bar.update(y - x)

    def fill(plan: dict, out: Any, pending: list[tuple[int, int]], bar: Any) -> None:
        before = None  # the chunk launched before: written while the device scans the next
        for a, b in pending:
            for x, y in chunks(plan, a, b, size):
                scan = start_entries(plan, x, y, dtype, launch=launch)
                if before is not None:
                    write(plan, out, bar, *before)
                before = (x, y, scan)
        if before is not None:
            write(plan, out, bar, *before)

    return fill_street_table(street, folder, fill, bins=bins, by_round=by_round, dtype=dtype,
                             board_classes=board_classes, restart=restart, progress=progress,
                             checkpoint_seconds=checkpoint_seconds)
