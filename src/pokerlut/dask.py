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

import os
import time
from typing import TYPE_CHECKING, Any

import numpy as np

from . import config
from .constants import HAND_SIZES
from .typing import CardsLike, SeedLike

if TYPE_CHECKING:  # pragma: no cover
    from .abstraction import StreetTable
    from .equities import EquityResult
    from .equities.deal import PlayersLike

__all__ = ["evaluate", "equity", "street_table"]

_INSTALL = "pokerlut.dask needs dask and distributed: pip install pokerlut[dask]"


def _import_dask():
    try:
        import dask
        import dask.array
    except ImportError as e:
        raise ImportError(_INSTALL) from e
    return dask


def _evaluate_block(block: np.ndarray, check: bool, variant: str, block_info=None) -> np.ndarray:
    """One block's strengths; a bad card is named by its row in the whole array, not the block."""
    from ._input import hand_rows, raise_for_rows
    from .constants import HAND_SIZES
    from .evaluate import rank_rows
    from .variants import best_five_variant

    v = best_five_variant(variant, "pokerlut.dask.evaluate")
    origin = ()
    if block_info is not None and 0 in block_info:
        origin = tuple(int(lo) for lo, _ in block_info[0]["array-location"][:-1])
    rows, lead_shape = hand_rows(block, HAND_SIZES, origin=origin)
    try:
        out = rank_rows(rows, v.tables, check=check, lead_shape=lead_shape, variant=v)
    except ValueError:
        raise_for_rows(rows, v.tables.cards, lead_shape, v.name, 0, v.describe_deck(), origin=origin)
        raise
    return out.reshape(lead_shape)


def evaluate(hands: Any, *, check: bool = True) -> Any:
    """Strengths (uint16) of a ``dask.array`` of hands shaped ``(..., k)``, lazily, block by block.

    Parameters
    ----------
    hands
        A ``dask.array`` of integer card ids shaped ``(..., k)``, k = 5, 6 or 7 (the card axis is
        merged into one chunk first), or anything :func:`pokerlut.evaluate` takes (card ids,
        nested lists, card strings), wrapped with :func:`dask.array.from_array`.  At least one
        hand axis: a single hand is ``pokerlut.evaluate``'s job.
    check
        As for :func:`pokerlut.evaluate`.  A bad card is a ``ValueError`` when computed, naming the
        hand by its index in the whole array (not in its block).
    Returns
    -------
    dask.array.Array
        uint16 strengths with the leading shape of ``hands``.

    Examples
    --------
    >>> import pokerlut.dask
    >>> pokerlut.dask.evaluate(["As Ks Qs Js Ts", "2c 2d W 9h 9s"]).compute().tolist()
    [7462, 7225]
    """
    dask = _import_dask()
    da = dask.array
    from ._input import card_array

    if not isinstance(check, (bool, np.bool_)):
        raise TypeError(f"check must be True or False, got {check!r}")
    if not isinstance(hands, da.Array):
        hands = da.from_array(card_array(hands))
    if hands.ndim < 2:
        raise ValueError(f"pokerlut.dask.evaluate takes hands shaped (..., k) with at least one hand axis, "
                         f"got shape {hands.shape}")
    if hands.dtype.kind not in "iu":
        raise TypeError(f"hands must hold integer card ids, got a dask array of dtype {hands.dtype}")
    if hands.shape[-1] not in HAND_SIZES:
        sizes = " or ".join(map(str, HAND_SIZES))
        raise ValueError(f"hands must have shape (..., {sizes}): the last axis holds the cards of one hand; "
                         f"got shape {hands.shape}")
    last = hands.ndim - 1
    hands = hands.rechunk({last: -1})
    return hands.map_blocks(_evaluate_block, bool(check), "high", drop_axis=last, dtype=np.uint16)


def _run_task(mc, scenario, trials, seeds, max_draws) -> np.ndarray:
    from .equities.holdem import run_chunks

    return run_chunks(mc, scenario, trials, seeds, max_draws=max_draws).sum(axis=0)


def _reduce(parts) -> np.ndarray:
    return np.sum(np.stack(parts), axis=0)


def equity(players: PlayersLike, board: CardsLike = "", dead: CardsLike = "", *, samples: int = 10_000_000,
           seed: SeedLike = None, client: Any = None, tasks: int | None = None,
           max_draws: int | None = None) -> EquityResult:
    """Monte Carlo Hold'em equity (as :func:`pokerlut.equity` with ``exact=False``) split into
    ``tasks`` independent tasks (default: four per worker of ``client``, at least one per 2**16-trial
    chunk is never exceeded).  ``client`` is a ``dask.distributed.Client``; without one the default
    Dask scheduler runs the tasks (a default distributed client if one exists).  The same ``seed``
    gives the same result as the local run, whatever ``tasks`` and the number of workers.  ``seed``
    takes what :func:`pokerlut.equity` takes (an integer >= 0, a ``SeedSequence``, a ``Generator``);
    ``max_draws`` as there: a run that would need more draws is refused here, before any task, and
    a task whose draws pass its share of them stops with the same error."""
    dask = _import_dask()
    from . import _seeds
    from .equities import plan
    from .equities.deal import parse_deal
    from .equities.holdem import MonteCarloRun, check_draws, default_max_draws, mc_input, mc_result

    start = time.perf_counter()
    samples = plan.check_samples(samples, 10_000_000)
    limit = plan.check_max_draws(max_draws)
    _seeds.check_seed(seed)
    if tasks is not None and (isinstance(tasks, (bool, np.bool_)) or not isinstance(tasks, (int, np.integer))):
        raise TypeError(f"tasks must be an integer >= 1 or None, got {tasks!r}")
    if tasks is not None and tasks < 1:
        raise ValueError(f"tasks must be at least 1, got {tasks}")
    deal = parse_deal(players, board, dead)
    entropy = plan.entropy(seed)
    trials, seeds = plan.chunk_plan(samples, entropy)
    mc = mc_input(deal)
    limit = default_max_draws(samples) if max_draws is None else limit
    check_draws(MonteCarloRun(mc, np.zeros(1, np.int64), trials[:1], seeds[:1]), int(samples), limit,
                config.MAX_DRAWS if max_draws is None else limit)
    n_chunks = len(trials)
    if tasks is None:
        workers = len(client.scheduler_info()["workers"]) if client is not None else 2
        tasks = 4 * max(1, workers)
    tasks = max(1, min(int(tasks), n_chunks))
    bounds = np.linspace(0, n_chunks, tasks + 1).astype(np.int64)
    parts = []
    for lo, hi in zip(bounds[:-1], bounds[1:]):
        share = max(1, -(-limit * int(trials[lo:hi].sum()) // int(samples)))  # the task's part of max_draws
        parts.append(dask.delayed(_run_task, pure=True)(mc, np.zeros(hi - lo, np.int64), trials[lo:hi],
                                                         seeds[lo:hi], share))
    total = dask.delayed(_reduce, pure=True)(parts)
    if client is not None:
        counts = client.compute(total).result()
    else:
        counts = total.compute()
    return mc_result(deal, np.asarray(counts), int(samples), entropy, time.perf_counter() - start)


def _street_task(street: str, bins: int, by_round: bool, dtype: str, lo: int, hi: int) -> tuple:
    from .abstraction.streets import block_entries

    return lo, hi, block_entries(street, bins, by_round, dtype, lo, hi)


def street_table(street: str, folder: str | os.PathLike[str], *, bins: int = 50, by_round: bool = True,
                 dtype: str = "float32", board_classes: tuple[int, int] | None = None, restart: bool = False,
                 client: Any = None, tasks: int | None = None, progress: bool | None = None,
                 checkpoint_seconds: float = 10.0) -> StreetTable:
    """:func:`pokerlut.street_table` with every block of board classes a Dask task.

    The pending board classes (those no checkpoint in ``folder`` holds) are cut into ``tasks``
    contiguous blocks (default: 16 per worker of ``client``, two workers without one); each task computes its block's entries on a worker (from the
    parameters alone) and returns them; here they are written into the memory-mapped files as they
    arrive and checkpointed, so an interrupted run resumes (locally or on Dask) and gives the same
    bytes as an uninterrupted one.  The folder is this call's alone (locked here, in the calling
    process, for the whole run), its disk space reserved before the first task, its files opened
    and replaced as by :func:`pokerlut.street_table`.  ``client`` is a ``dask.distributed.Client``;
    without one the default Dask scheduler runs the tasks.  Returns the
    :class:`pokerlut.abstraction.StreetTable`.

    Examples
    --------
    >>> import tempfile, numpy as np, pokerlut.dask
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     t = pokerlut.dask.street_table("river", folder, dtype="uint16", board_classes=(0, 3), progress=False)
    ...     int(np.load(t.files["hs"], mmap_mode="r")[pokerlut.iso.index("8c 7c", "4c 3c 2c 5c 6c")])
    1980
    """
    dask = _import_dask()
    from .abstraction.streets import fill_street_table

    if tasks is not None and (isinstance(tasks, (bool, np.bool_)) or not isinstance(tasks, (int, np.integer))
                              or tasks < 1):
        raise ValueError(f"tasks must be an integer >= 1 or None, got {tasks!r}")
    if tasks is None:
        workers = len(client.scheduler_info()["workers"]) if client is not None else 2
        tasks = 16 * max(1, workers)

    def fill(plan: dict, out: Any, pending: list[tuple[int, int]], bar: Any) -> None:
        """Cut the pending board classes into about ``tasks`` blocks, run them as Dask tasks, and
        write and checkpoint each block's entries as it arrives."""
        todo = sum(b - a for a, b in pending)
        blocks = []
        for a, b in pending:
            share = max(1, round(tasks * (b - a) / max(todo, 1)))
            edges = np.linspace(a, b, min(share, b - a) + 1).astype(np.int64)
            blocks += [(int(x), int(y)) for x, y in zip(edges[:-1], edges[1:]) if y > x]
        params = (street, plan["bins"] or 1, bool(by_round), dtype)
        if client is not None:
            from distributed import as_completed

            futures = [client.submit(_street_task, *params, a, b, pure=False) for a, b in blocks]
            for future in as_completed(futures):
                a, b, entries = future.result()
                out.write(a, b, entries)
                out.record(a, b)
                out.save()
                if bar is not None:
                    bar.update(b - a)
        else:  # the default scheduler: a batch of tasks at a time, checkpointed after each
            step = max(1, len(blocks) // 8)
            for k in range(0, len(blocks), step):
                batch = [dask.delayed(_street_task)(*params, a, b) for a, b in blocks[k:k + step]]
                for a, b, entries in dask.compute(*batch):
                    out.write(a, b, entries)
                    out.record(a, b)
                    if bar is not None:
                        bar.update(b - a)
                out.save()

    return fill_street_table(street, folder, fill, bins=bins, by_round=by_round, dtype=dtype,
                             board_classes=board_classes, restart=restart, progress=progress,
                             checkpoint_seconds=checkpoint_seconds)
