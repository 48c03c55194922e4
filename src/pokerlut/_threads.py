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

Every engine runs its work through :func:`run_blocks`: the work is counted in one unit, a
*lookup* (one hash lookup of a hand, a few nanoseconds of kernel time), each engine saying what one
of its items costs (a hand is one lookup, an Omaha hand 60, a Monte Carlo chunk its trials times
its players, ...).  One threshold (:data:`PARALLEL_MIN_WORK` lookups) decides whether a call uses
the pool, and one block size (:data:`BLOCK_WORK` lookups per thread, about :data:`BLOCK_SECONDS`)
how often Python gets a look in for Ctrl-C and the progress bar.

The number of threads is :func:`get_num_threads` (default: ``NUMBA_NUM_THREADS``, i.e. the cores
numba sees), set with :func:`set_num_threads` or the ``POKERLUT_NUM_THREADS`` environment variable.
"""

from __future__ import annotations

import numbers
import os
import threading
from concurrent.futures import FIRST_EXCEPTION, ThreadPoolExecutor, wait
from typing import Any, Callable, Iterator, Sequence

import numba
import numpy as np

from . import config
from ._messages import integer_text, shown

#: ... which for :func:`pokerlut.evaluate` is this many hands (a hand is one lookup).
PARALLEL_MIN_HANDS = config.PARALLEL_MIN_WORK

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
        if 1 <= value <= config.MAX_THREADS:
            return value
        raise ValueError(f"POKERLUT_NUM_THREADS must be an integer from 1 to {config.MAX_THREADS}, got {env!r}")
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
        raise TypeError(f"the number of threads must be an integer, got {shown(n)} ({type(n).__name__})")
    if not 1 <= n <= config.MAX_THREADS:
        raise ValueError(f"the number of threads must be from 1 to {config.MAX_THREADS}, got {integer_text(n)}")
    _num_threads = int(n)


def check_parallel(parallel: Any) -> bool | None:
    """``parallel`` itself when it is ``True``, ``False`` or ``None``, else a ``TypeError``.

    >>> check_parallel(None), check_parallel(True)
    (None, True)
    """
    if parallel is not None and not isinstance(parallel, (bool, np.bool_)):
        raise TypeError(f"parallel must be True, False or None, got {shown(parallel)}")
    return None if parallel is None else bool(parallel)


def use_threads(work: float, parallel: bool | None = None) -> bool:
    """Whether a call with ``work`` lookups' worth of work should be cut into pieces for the pool.

    ``parallel=None`` decides by size (:data:`PARALLEL_MIN_WORK`); ``True``/``False`` force it.

    >>> use_threads(10, None), use_threads(10, True), use_threads(10**7, None)
    (False, True, True)
    """
    parallel = check_parallel(parallel)
    if get_num_threads() == 1:
        return False
    return work >= config.PARALLEL_MIN_WORK if parallel is None else parallel


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
            _start_every_thread(_pool, size)
        return _pool


def _start_every_thread(pool: ThreadPoolExecutor, size: int, timeout: float = 10.0) -> None:
    """Start all of ``pool``'s threads now, before any work runs on it.

    The executor starts a thread inside ``submit`` and only then registers it for the stop at exit: a
    ``KeyboardInterrupt`` landing between the two (a Ctrl-C while the first pieces of a call are being
    handed out) leaves a thread that nothing stops, and the interpreter hangs at exit waiting for it.
    Each warm-up task waits at a barrier, so each takes a thread of its own; a thread that cannot start
    (a process limit) or is late leaves the pool to start its threads as it needs them, as before.
    """
    gate = threading.Barrier(size + 1)
    try:
        for _ in range(size):
            pool.submit(gate.wait, timeout)
        gate.wait(timeout)
    except (RuntimeError, threading.BrokenBarrierError):
        gate.abort()


def run_pieces(function: Callable, pieces: Sequence[tuple], threads: bool) -> list:
    """``[function(*args) for args in pieces]``, on the pool when ``threads`` (in order either way).

    On ``KeyboardInterrupt`` (or an error in a piece) the pieces not started are cancelled and the
    running ones awaited before the exception propagates.

    >>> run_pieces(pow, [(2, 3), (3, 2)], threads=True)
    [8, 9]
    """
    if not threads or len(pieces) <= 1:
        return [function(*args) for args in pieces]
    pool = _get_pool()
    claims = _Claims(len(pieces))
    futures = []
    try:
        try:
            for i, args in enumerate(pieces):
                futures.append(pool.submit(claims.run, i, function, args))
        except RuntimeError as error:  # no thread could start (a memory or process limit): this thread does the work
            if "thread" not in str(error):
                raise
            return _finish_without_threads(pool, function, pieces, claims)
        done, _ = wait(futures, return_when=FIRST_EXCEPTION)
        return [f.result() for f in futures]
    except BaseException:
        for f in futures:
            f.cancel()
        wait(futures)
        raise


class _Claims:
    """Each piece runs once, by whichever thread claims it first (the pool's or the caller's)."""

    def __init__(self, n: int) -> None:
        self.lock = threading.Lock()
        self.claimed = [False] * n
        self.results: list = [None] * n
        self.errors: list = [None] * n

    def claim(self, i: int) -> bool:
        with self.lock:
            if self.claimed[i]:
                return False
            self.claimed[i] = True
            return True

    def run(self, i: int, function: Callable, args: tuple) -> Any:
        if not self.claim(i):
            return None
        try:
            self.results[i] = function(*args)
        except BaseException as error:  # kept for the caller, which raises it in order
            self.errors[i] = error
            raise
        return self.results[i]


def _finish_without_threads(pool: ThreadPoolExecutor, function: Callable, pieces: Sequence[tuple],
                            claims: _Claims) -> list:
    """After a pool failed to start a thread (its queue may still hold that submission): every
    piece nobody has claimed runs here, the pool is shut down once its running pieces end, and the
    results come in order (a piece's error raised as the pool would have)."""
    global _pool
    with _pool_lock:
        if _pool is pool:
            _pool = None  # the next call tries a fresh pool
    for i, args in enumerate(pieces):
        if claims.claim(i):
            claims.results[i] = function(*args)
    pool.shutdown(wait=True, cancel_futures=True)
    for error in claims.errors:
        if error is not None:
            raise error
    return claims.results


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


def run_blocks(piece: Callable[[int, int, int], Any], n_items: int, *, cost: Any = 1.0,
               parallel: bool | None = None, bar: Any = None, bar_per_item: float = 1.0,
               after_block: Callable[[int, int, list], None] | None = None) -> list:
    """Run ``piece(lo, hi, slot)`` over ``range(n_items)``: the one loop of every engine.

    ``cost`` is what an item costs in lookups: one number for all, or an array of one per item
    (then blocks and pieces are cut at equal shares of the cost, so pieces of uneven items still
    take about the same time).  The items are cut into blocks of about :data:`BLOCK_WORK` lookups
    per thread, each block into pieces for the pool when the whole call is worth it
    (:func:`use_threads`); ``slot`` (0 .. pieces-1) tells the concurrent pieces of a block apart,
    for per-piece scratch.  Between blocks Python gets a look in: Ctrl-C is answered, ``bar`` (a
    progress bar, or ``None``) advances ``bar_per_item`` per item (a number, or one per item), and
    ``after_block(lo, hi, results)`` may raise.  Returns every piece's result, in order.

    >>> run_blocks(lambda lo, hi, slot: hi - lo, 10, cost=1e6, parallel=False)   # 3 blocks of ~4M lookups
    [3, 3, 4]
    >>> run_blocks(lambda lo, hi, slot: (lo, hi), 4, cost=np.array([3e6, 1e6, 1e6, 1e6]), parallel=False)
    [(0, 1), (1, 4)]
    """
    per_item = np.asarray(cost, dtype=np.float64) if np.ndim(cost) else None
    cumulative = np.concatenate([[0.0], np.cumsum(per_item)]) if per_item is not None else None
    total = float(cumulative[-1]) if per_item is not None else n_items * float(cost)
    threads = use_threads(total, parallel)
    n_pieces = n_chunks() if threads else 1
    block_work = config.BLOCK_WORK * (get_num_threads() if threads else 1)

    def cut(lo: int, hi: int, parts: int) -> list[int]:
        """Item boundaries cutting ``lo..hi`` into ``parts`` pieces of about equal cost."""
        if cumulative is None:
            return sorted({lo + (hi - lo) * k // parts for k in range(parts + 1)})
        targets = np.linspace(cumulative[lo], cumulative[hi], parts + 1)[1:-1]
        inner = np.searchsorted(cumulative, targets, side="left").clip(lo + 1, hi) if hi - lo > 1 else []
        return sorted({lo, hi, *(int(x) for x in inner)})

    results: list = []
    n_blocks = min(n_items, max(1, int(np.ceil(total / block_work)))) if n_items else 0
    edges = cut(0, n_items, n_blocks) if n_items else []
    for lo, hi in zip(edges[:-1], edges[1:]):
        bounds = cut(lo, hi, min(n_pieces, hi - lo))
        pieces = [(a, b, slot) for slot, (a, b) in enumerate(zip(bounds[:-1], bounds[1:]))]
        done = run_pieces(piece, pieces, threads)
        if after_block is not None:
            after_block(lo, hi, done)
        results.extend(done)
        if bar is not None:
            bar.update(float(np.sum(bar_per_item[lo:hi])) if np.ndim(bar_per_item) else (hi - lo) * bar_per_item)
    return results


#: Tunables once defined here, now in :mod:`pokerlut.config` (read there at call time): old name -> config name.
_FROM_CONFIG = {"PARALLEL_MIN_WORK": "PARALLEL_MIN_WORK", "BLOCK_SECONDS": "BLOCK_SECONDS", "BLOCK_WORK": "BLOCK_WORK", "MAX_THREADS": "MAX_THREADS"}


def __getattr__(name: str):
    """The old names of the tunables now in :mod:`pokerlut.config`, read there."""
    if name in _FROM_CONFIG:
        return getattr(config, _FROM_CONFIG[name])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
