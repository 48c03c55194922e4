"""Which compiled kernel serves a call: each variant is built (and compiled, or loaded from numba's
cache) the first time a call needs it, and only then.

>>> rank_kernel(5, checked=True, parallel=False).__name__
'rank5_serial_checked'
"""

from __future__ import annotations

from functools import lru_cache

from .rank import make_rank_kernel


@lru_cache(maxsize=None)
def rank_kernel(n_cards: int, checked: bool, parallel: bool):
    """The kernel ranking rows of ``n_cards`` cards (see :func:`pokerlut.kernels.rank.make_rank_kernel`)."""
    return make_rank_kernel(n_cards, checked, parallel)


@lru_cache(maxsize=None)
def select_kernel(n_cards: int):
    """The kernel picking the best five of rows of ``n_cards`` cards (:mod:`pokerlut.kernels.select`)."""
    from .select import make_select_kernel

    return make_select_kernel(n_cards)


@lru_cache(maxsize=None)
def histogram_kernel(parallel: bool):
    """The kernel counting every hand of a deck by strength (:mod:`pokerlut.kernels.enumerate`)."""
    from .enumerate import make_histogram_kernel

    return make_histogram_kernel(parallel)


@lru_cache(maxsize=None)
def exact_kernel(parallel: bool):
    """The exact Hold'em equity kernel (:mod:`pokerlut.kernels.equity`)."""
    from .equity import make_exact_kernel

    return make_exact_kernel(parallel)


@lru_cache(maxsize=None)
def mc_kernel(parallel: bool):
    """The Monte Carlo Hold'em equity kernel (:mod:`pokerlut.kernels.equity`)."""
    from .equity import make_mc_kernel

    return make_mc_kernel(parallel)
