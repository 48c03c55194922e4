"""How pokerlut uses several cores, and how that stays safe around the process.

Every kernel is a serial numba function compiled with ``nogil=True``.  A big call is cut into
pieces, and the pieces run on a small pool of Python threads (the kernels release the GIL, so the
threads run truly in parallel).  numba's own threading layers are not used at all, which is what
makes the rest of this list hold whatever numba would pick on a machine:

* **Forked children** (multiprocessing's default on Linux, gunicorn, pytest-xdist): threads do not
  survive ``fork()``; :func:`os.register_at_fork` drops the parent's pool in the child, which
  starts its own on first use.  Results are the same in the child.
* **Several Python threads** may call pokerlut at once: each call has its own pieces and output
  arrays, and the pool takes pieces from all of them.
* **Ctrl-C**: a piece takes about :data:`BLOCK_SECONDS` at most, and the calling thread waits for
  the pieces in a way a signal interrupts; on ``KeyboardInterrupt`` the pieces not started are
  cancelled, the running ones finish (well under a second), and the interrupt propagates with the
  process and the pool intact.
* **Small batches** run in the calling thread: handing out pieces costs more than it saves.

The number of threads is :func:`get_num_threads` (default: ``NUMBA_NUM_THREADS``, i.e. the cores
numba sees), set with :func:`set_num_threads` or the ``POKERLUT_NUM_THREADS`` environment variable.
"""

from __future__ import annotations

import numbers
import os
import threading
from concurrent.futures import FIRST_EXCEPTION, ThreadPoolExecutor, wait
from typing import Callable, Iterator, Sequence

import numba

#: Batches of at least this many hands are cut into pieces for the pool (``parallel=None``).
PARALLEL_MIN_HANDS = 1 << 16
#: About how long one uninterruptible kernel call may run before Python gets a look in.
BLOCK_SECONDS = 0.1
#: The most threads :func:`set_num_threads` accepts (each one is an OS thread with its own stack).
MAX_THREADS = 1024

_pool: ThreadPoolExecutor | None = None
_pool_size = 0
_pool_lock = threading.Lock()
_num_threads: int | None = None


def _after_fork_in_child() -> None:
    global _pool, _pool_lock
    _pool = None  # the parent's worker threads do not exist here
    _pool_lock = threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)


def get_num_threads() -> int:
    """How many threads pokerlut's parallel calls use.

    >>> get_num_threads() >= 1
    True
    """
    if _num_threads is not None:
        return _num_threads
    env = os.environ.get("POKERLUT_NUM_THREADS")
    if env:
        try:
            value = int(env)
        except ValueError:
            raise ValueError(f"POKERLUT_NUM_THREADS must be a positive integer, got {env!r}") from None
        if 1 <= value <= MAX_THREADS:
            return value
        raise ValueError(f"POKERLUT_NUM_THREADS must be an integer from 1 to {MAX_THREADS}, got {env!r}")
    return max(1, int(numba.config.NUMBA_NUM_THREADS))


def set_num_threads(n: int | None) -> None:
    """Use ``n`` threads for parallel calls (``None``: back to the default).

    >>> set_num_threads(1); get_num_threads(); set_num_threads(None)
    1
    """
    global _num_threads
    if n is None:
        _num_threads = None
        return
    if isinstance(n, bool) or not isinstance(n, numbers.Integral):
        raise TypeError(f"the number of threads must be an integer, got {n!r} ({type(n).__name__})")
    if not 1 <= n <= MAX_THREADS:
        raise ValueError(f"the number of threads must be from 1 to {MAX_THREADS}, got {int(n)}")
    _num_threads = int(n)


def use_threads(work: int, parallel: bool | None, threshold: int = PARALLEL_MIN_HANDS) -> bool:
    """Whether a call with ``work`` units should be cut into pieces for the pool.

    ``parallel=None`` decides by size; ``True``/``False`` force it.

    >>> use_threads(10, None), use_threads(10, True), use_threads(10**7, None)
    (False, True, True)
    """
    if parallel is not None and not isinstance(parallel, (bool,)):
        raise TypeError(f"parallel must be True, False or None, got {parallel!r}")
    if get_num_threads() == 1:
        return False
    return work >= threshold if parallel is None else parallel


def n_chunks() -> int:
    """How many pieces a parallel call cuts its work into: a few per thread, for balance."""
    return 2 * get_num_threads()


def _get_pool() -> ThreadPoolExecutor:
    global _pool, _pool_size
    size = get_num_threads()
    with _pool_lock:
        if _pool is None or _pool_size != size:
            _pool = ThreadPoolExecutor(max_workers=size, thread_name_prefix="pokerlut")
            _pool_size = size
        return _pool


def run_pieces(function: Callable, pieces: Sequence[tuple], threads: bool) -> list:
    """``[function(*args) for args in pieces]``, on the pool when ``threads`` (in order either way).

    On ``KeyboardInterrupt`` (or an error in a piece) the pieces not started are cancelled and the
    running ones awaited before the exception propagates.

    >>> run_pieces(pow, [(2, 3), (3, 2)], threads=True)
    [8, 9]
    """
    if not threads or len(pieces) <= 1:
        return [function(*args) for args in pieces]
    futures = [_get_pool().submit(function, *args) for args in pieces]
    try:
        done, _ = wait(futures, return_when=FIRST_EXCEPTION)
        return [f.result() for f in futures]
    except BaseException:
        for f in futures:
            f.cancel()
        wait(futures)
        raise


def blocks(total: int, per_block: int) -> Iterator[tuple[int, int]]:
    """``(start, stop)`` of consecutive blocks of at most ``per_block`` covering ``range(total)``.

    >>> list(blocks(5, 2))
    [(0, 2), (2, 4), (4, 5)]
    """
    per_block = max(1, int(per_block))
    for start in range(0, total, per_block):
        yield start, min(total, start + per_block)


def split(total: int, pieces: int) -> list[tuple[int, int]]:
    """``(start, stop)`` of ``pieces`` nearly equal consecutive parts of ``range(total)``.

    >>> split(10, 3)
    [(0, 3), (3, 6), (6, 10)]
    """
    pieces = max(1, min(pieces, total)) if total else 1
    return [(total * i // pieces, total * (i + 1) // pieces) for i in range(pieces)]
