"""When a kernel runs on numba's threads, and how that stays safe around the process.

* **Small batches** run the serial kernel: starting threads costs more than it saves.
* **Forked children**: numba's OpenMP and workqueue thread pools do not survive ``fork()`` (the
  child aborts or hangs on its first parallel launch).  :func:`os.register_at_fork` marks a child
  forked after the parent used threads, and such a child runs every kernel serially: correct
  results, one core each, which is what a pool of forked workers wants anyway.
* **Several Python threads**: numba's ``workqueue`` layer aborts the process when two threads
  launch parallel kernels at once, so parallel launches are serialized by a lock unless the layer
  in use is one numba documents as thread-safe (``omp``, ``tbb``).
* **Ctrl-C**: kernels cannot be interrupted, so callers cut long work into blocks of about
  :data:`BLOCK_SECONDS` and go back to Python between them (:func:`blocks`), where a pending
  ``KeyboardInterrupt`` is raised.
"""

from __future__ import annotations

import os
import threading
from contextlib import contextmanager
from typing import Iterator

import numba

#: Batches of at least this many hands run on numba's threads by default (``parallel=None``).
PARALLEL_MIN_HANDS = 1 << 15
#: About how long one uninterruptible kernel call may run before Python gets a look in.
BLOCK_SECONDS = 0.1
THREAD_SAFE_LAYERS = ("omp", "tbb")

_threads_used = False  # this process launched a parallel kernel
_forked_child = False  # ... and this is a child forked after that
_launch_lock = threading.RLock()


def _after_fork_in_child() -> None:
    global _forked_child, _launch_lock
    _forked_child = _threads_used
    _launch_lock = threading.RLock()  # a lock held by another thread at fork time stays held forever


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)


def use_threads(work: int, parallel: bool | None, threshold: int = PARALLEL_MIN_HANDS) -> bool:
    """Whether a call with ``work`` units should run its parallel kernel.

    ``parallel=None`` decides by size; ``True``/``False`` force it, except in a child forked after
    threads were used, which always runs serially.

    >>> use_threads(10, None), use_threads(10, True), use_threads(10**6, None)
    (False, True, True)
    """
    if parallel is not None and not isinstance(parallel, bool):
        raise TypeError(f"parallel must be True, False or None, got {parallel!r}")
    if _forked_child:
        return False
    return work >= threshold if parallel is None else parallel


def n_chunks() -> int:
    """How many pieces a parallel kernel cuts its rows into: one per thread."""
    return numba.get_num_threads()


def _layer_is_thread_safe() -> bool:
    try:
        return numba.threading_layer() in THREAD_SAFE_LAYERS
    except ValueError:  # no parallel kernel has run yet: the layer is not chosen
        return False


@contextmanager
def parallel_launch() -> Iterator[None]:
    """Wrap every call of a parallel kernel: records that threads were used and, unless the
    threading layer is thread-safe, lets one Python thread launch at a time."""
    global _threads_used
    _threads_used = True
    if _layer_is_thread_safe():
        yield
        return
    with _launch_lock:
        yield


def blocks(total: int, per_block: int) -> Iterator[tuple[int, int]]:
    """``(start, stop)`` of consecutive blocks of at most ``per_block`` covering ``range(total)``.

    >>> list(blocks(5, 2))
    [(0, 2), (2, 4), (4, 5)]
    """
    per_block = max(1, int(per_block))
    for start in range(0, total, per_block):
        yield start, min(total, start + per_block)
