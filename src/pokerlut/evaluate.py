"""The public batch evaluator: numpy hands in, uint16 strengths out."""

from __future__ import annotations

import numpy as np

from . import _threads
from ._input import hand_rows, raise_for_rows
from ._threads import PARALLEL_MIN_HANDS
from .kernels.registry import rank_kernel
from .layout import HAND_SIZES
from .tables import TableSet, load_table_set

__all__ = ["evaluate", "rank_rows", "PARALLEL_MIN_HANDS", "HAND_SIZES"]

#: Rows ranked per kernel call: about 10 ms, so a long call answers Ctrl-C between blocks.
BLOCK_ROWS = 1 << 22


def rank_rows(rows: np.ndarray, table_set: TableSet, *, check: bool = True, parallel: bool | None = None,
              lead_shape: tuple[int, ...] | None = None) -> np.ndarray:
    """Strengths of C-contiguous uint8 rows ``(N, k)`` under one game's tables; with ``check`` a bad
    row is a ``ValueError`` naming it (in ``lead_shape`` terms when given)."""
    n_rows, n_cards = rows.shape
    out = np.empty(n_rows, dtype=np.uint16)
    threads = _threads.use_threads(n_rows, parallel)
    kernel = rank_kernel(n_cards, bool(check), threads)
    tables = table_set.rank_tables(n_cards)
    flat = rows.reshape(-1)
    bad = np.zeros(_threads.n_chunks() if threads else 1, dtype=np.int64)
    for lo, hi in _threads.blocks(n_rows, BLOCK_ROWS):
        block = flat[n_cards * lo:n_cards * hi]
        if threads:
            with _threads.parallel_launch():
                kernel(block, block, out[lo:hi], *tables, bad)
        else:
            kernel(block, block, out[lo:hi], *tables, bad)
        if bad.any():
            raise_for_rows(rows, table_set["cards"], lead_shape if lead_shape is not None else (n_rows,),
                           table_set.name, lo)
    return out


def evaluate(hands, *, check: bool = True, parallel: bool | None = None) -> np.ndarray:
    """Strength of every hand: ``uint16``, higher is stronger, equal means a split pot.

    Parameters
    ----------
    hands
        Anything of shape ``(..., k)`` with ``k`` 5, 6 or 7: an integer array of card ids
        (``4 * rank + suit``, 52 for a wild card, any number of wilds per hand), nested lists, or
        card strings.  A hand of 6 or 7 cards is worth its best 5-card subset (ranked directly
        from the 6- and 7-card tables, with no loop over subsets).  C-contiguous ``uint8`` input
        is used as it is; other integer dtypes are range-checked and narrowed.
    check
        ``True`` (the default) rejects ids outside 0..52 and a natural card held twice with a
        ``ValueError`` naming the hand, position and value; the check is fused into the ranking
        kernel and costs little.  ``False`` skips it: bad input then gives meaningless strengths
        (an id above 52 gives 0), but never reads outside the tables.
    parallel
        ``None`` runs batches of ``PARALLEL_MIN_HANDS`` or more on numba's threads;
        ``True``/``False`` force either way.

    Returns
    -------
    numpy.ndarray
        uint16 strengths with the leading shape of ``hands`` (a 0-d array for one hand).  Natural
        hands are 1..7462 (``7463 - s`` is the Cactus Kev/treys rank), five of a kind 7463..7475;
        see :func:`pokerlut.category` and :func:`pokerlut.describe`.

    Examples
    --------
    >>> import pokerlut
    >>> int(pokerlut.evaluate("As Ks Qs Js Ts"))
    7462
    >>> pokerlut.evaluate(["Ah Ad 7c 7d 2s", "W 7h 7s 2c 2d"]).tolist()
    [4919, 7201]
    >>> int(pokerlut.evaluate("Ah Kh 7c 7d 2s Qh Jh")) == int(pokerlut.evaluate("Ah Ad 7c 7d Ks"))
    False
    """
    rows, lead_shape = hand_rows(hands, HAND_SIZES)
    out = rank_rows(rows, load_table_set("high"), check=check, parallel=parallel, lead_shape=lead_shape)
    return out.reshape(lead_shape)
