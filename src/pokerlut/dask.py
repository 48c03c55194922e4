"""Scale-out on Dask (optional: ``pip install pokerlut[dask]``).

* :func:`evaluate` ranks a ``dask.array`` of hands block by block (the same strengths as
  :func:`pokerlut.evaluate` on the numpy array).
* :func:`equity` runs a Monte Carlo equity as independent tasks on a ``dask.distributed`` client
  (or any Dask scheduler) and reduces them to one :class:`pokerlut.EquityResult`.  The
  trials are cut into the same seeded chunks as :func:`pokerlut.equity` (chunk ``i`` seeded from
  ``SeedSequence(seed, spawn_key=(i,))``) and their integer counts summed, so a seed gives exactly
  the local answer whatever the number of workers or tasks.

dask is imported only inside the functions; without it they raise an ``ImportError`` that says
``pip install pokerlut[dask]``.
"""

from __future__ import annotations

import time

import numpy as np

__all__ = ["evaluate", "equity"]

_INSTALL = "pokerlut.dask needs dask and distributed: pip install pokerlut[dask]"


def _import_dask():
    try:
        import dask
        import dask.array
    except ImportError as e:
        raise ImportError(_INSTALL) from e
    return dask


def _evaluate_block(block: np.ndarray, check: bool) -> np.ndarray:
    from .evaluate import evaluate as evaluate_np

    return evaluate_np(block, check=check)


def evaluate(hands, *, check: bool = True):
    """Strengths (uint16) of a ``dask.array`` of hands shaped ``(..., k)``, k = 5, 6 or 7 card ids,
    lazily, block by block (the card axis is merged into one chunk first).  A numpy array is
    wrapped with :func:`dask.array.from_array`.  Validation errors surface when computed."""
    dask = _import_dask()
    da = dask.array
    if not isinstance(hands, da.Array):
        hands = da.from_array(np.asarray(hands))
    if hands.ndim < 2:
        raise ValueError(f"pokerlut.dask.evaluate takes hands shaped (..., k) with at least one hand axis, "
                         f"got shape {hands.shape}")
    if hands.dtype.kind not in "iu":
        raise TypeError(f"card ids must be integers, got {hands.dtype}")
    last = hands.ndim - 1
    hands = hands.rechunk({last: -1})
    return hands.map_blocks(_evaluate_block, check, drop_axis=last, dtype=np.uint16)


def _run_task(mc, scenario, trials, seeds) -> np.ndarray:
    from .holdem_equity import run_chunks

    return run_chunks(mc, scenario, trials, seeds).sum(axis=0)


def _reduce(parts) -> np.ndarray:
    return np.sum(np.stack(parts), axis=0)


def equity(players, board="", dead="", *, samples: int = 10_000_000, seed=None, client=None,
           tasks: int | None = None):
    """Monte Carlo Hold'em equity (as :func:`pokerlut.equity` with ``exact=False``) split into
    ``tasks`` independent tasks (default: four per worker of ``client``, at least one per 2**16-trial
    chunk is never exceeded).  ``client`` is a ``dask.distributed.Client``; without one the default
    Dask scheduler runs the tasks (a default distributed client if one exists).  The same ``seed``
    gives the same result as the local run, whatever ``tasks`` and the number of workers."""
    dask = _import_dask()
    from .holdem_equity import _entropy, _mc_input, _mc_result, _prepare, chunk_plan

    start = time.perf_counter()
    problem = _prepare(players, board, dead)
    entropy = _entropy(seed)
    trials, seeds = chunk_plan(samples, entropy)
    mc = _mc_input(problem)
    n_chunks = len(trials)
    if tasks is None:
        workers = len(client.scheduler_info()["workers"]) if client is not None else 2
        tasks = 4 * max(1, workers)
    tasks = max(1, min(int(tasks), n_chunks))
    bounds = np.linspace(0, n_chunks, tasks + 1).astype(np.int64)
    parts = []
    for lo, hi in zip(bounds[:-1], bounds[1:]):
        parts.append(dask.delayed(_run_task, pure=True)(mc, np.zeros(hi - lo, np.int64), trials[lo:hi],
                                                         seeds[lo:hi]))
    total = dask.delayed(_reduce, pure=True)(parts)
    if client is not None:
        counts = client.compute(total).result()
    else:
        counts = total.compute()
    return _mc_result(problem, np.asarray(counts), int(samples), entropy, time.perf_counter() - start)
