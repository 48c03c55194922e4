"""Which compiled kernel serves a call: each variant is built (and compiled, or loaded from numba's
cache) the first time a call needs it, and only then.

>>> rank_kernel(5, checked=True).__name__
'rank5_checked'
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from .. import layout
from ..table_records import RankTables
from .rank import make_rank_kernel


@lru_cache(maxsize=1)
def probe_tables() -> RankTables:
    """Empty read-only tables of the ranking kernels' argument types (as a loaded table set has
    them), for compiling a kernel by a call on no rows."""
    def empty(dtype) -> np.ndarray:
        array = np.zeros(1, dtype)
        array.setflags(write=False)
        return array

    card, bases, value = empty(layout.CARD_DTYPE), empty(layout.BASES_DTYPE), empty(layout.VALUE_DTYPE)
    return RankTables(card, bases, value, value, bases, value, False)


@lru_cache(maxsize=None)
def rank_kernel(n_cards: int, checked: bool):
    """The kernel ranking rows of ``n_cards`` cards (see :func:`pokerlut.kernels.rank.make_rank_kernel`)."""
    return make_rank_kernel(n_cards, checked)


@lru_cache(maxsize=None)
def badugi_kernel(checked: bool):
    """The kernel ranking badugi rows (:mod:`pokerlut.kernels.badugi`)."""
    from .badugi import make_badugi_kernel

    return make_badugi_kernel(checked)


@lru_cache(maxsize=None)
def ofc_kernel():
    """The open-face Chinese poker scoring kernel (:mod:`pokerlut.kernels.ofc`)."""
    from .ofc import make_ofc_kernel

    return make_ofc_kernel()


@lru_cache(maxsize=None)
def select_kernel(n_cards: int):
    """The kernel picking the best five of rows of ``n_cards`` cards (:mod:`pokerlut.kernels.select`)."""
    from .select import make_select_kernel

    return make_select_kernel(n_cards)


@lru_cache(maxsize=None)
def histogram_kernel():
    """The kernel counting every hand of a deck by strength (:mod:`pokerlut.kernels.enumerate`)."""
    from .enumerate import make_histogram_kernel

    return make_histogram_kernel()


@lru_cache(maxsize=None)
def exact_kernel(preflop: bool):
    """The exact Hold'em equity kernel of deals with no known board (``preflop``) or with one
    (:mod:`pokerlut.kernels.equity_exact`)."""
    from .equity_exact import make_exact_kernel

    return make_exact_kernel(preflop)


@lru_cache(maxsize=None)
def mc_kernel():
    """The Monte Carlo Hold'em equity kernel (:mod:`pokerlut.kernels.equity`)."""
    from .equity import make_mc_kernel

    return make_mc_kernel()


@lru_cache(maxsize=None)
def sweep_kernel():
    """The heads-up range-against-range kernel (:mod:`pokerlut.kernels.sweep`)."""
    from .sweep import make_sweep_kernel

    return make_sweep_kernel()


@lru_cache(maxsize=None)
def runouts_kernel(name: str = "runouts"):
    """The heads-up kernel of small ranges on a board, runout by runout, or one of its helpers
    (``"class_sums"``, ``"prepare_side"``; :mod:`pokerlut.kernels.runouts`)."""
    from .runouts import make_runouts_kernel

    return make_runouts_kernel(name)


@lru_cache(maxsize=None)
def omaha_kernel(n_hole: int, hilo: bool):
    """The Omaha table kernel for hands of ``n_hole`` hole cards, high only or with the
    eight-or-better low (:func:`pokerlut.kernels.omaha.make_omaha_table_kernel`)."""
    from .omaha import make_omaha_table_kernel

    return make_omaha_table_kernel(n_hole, hilo)


@lru_cache(maxsize=None)
def omaha_brute_force_kernel(hilo: bool):
    """The 60-combination Omaha kernel, every two hole cards with every three of the board through
    the 5-card tables, high only or with the eight-or-better low (:mod:`pokerlut.kernels.omaha`);
    the tests hold the table kernels to it."""
    from .omaha import make_omaha_kernel

    return make_omaha_kernel(hilo)


@lru_cache(maxsize=None)
def omaha_exact_kernel():
    """The exact Omaha equity kernel (:mod:`pokerlut.kernels.omaha_equity`)."""
    from .omaha_equity import make_omaha_exact_kernel

    return make_omaha_exact_kernel()


@lru_cache(maxsize=None)
def omaha_random_kernel():
    """The exact Omaha kernel of a hand against a random hand, preflop (:mod:`pokerlut.kernels.omaha_random`)."""
    from .omaha_random import make_omaha_random_kernel

    return make_omaha_random_kernel()


@lru_cache(maxsize=None)
def omaha_mc_kernel():
    """The Monte Carlo Omaha equity kernel (:mod:`pokerlut.kernels.omaha_equity`)."""
    from .omaha_equity import make_omaha_mc_kernel

    return make_omaha_mc_kernel()


@lru_cache(maxsize=None)
def board_class_kernel(omaha: bool):
    """The made-hand and draw kernel of Hold'em or Omaha hands on a board (:mod:`pokerlut.kernels.boards`)."""
    from .boards import make_class_kernel

    return make_class_kernel(omaha)


@lru_cache(maxsize=None)
def board_outs_kernel(omaha: bool):
    """The outs kernel of one hand against known hands, Hold'em or Omaha (:mod:`pokerlut.kernels.boards`)."""
    from .boards import make_outs_kernel

    return make_outs_kernel(omaha)


@lru_cache(maxsize=None)
def board_range_outs_kernel():
    """The outs kernel of one Hold'em hand against a range (:mod:`pokerlut.kernels.boards`)."""
    from .boards import make_range_outs_kernel

    return make_range_outs_kernel()


@lru_cache(maxsize=None)
def stud_exact_kernel():
    """The exact seven-card stud equity kernel (:mod:`pokerlut.kernels.stud`)."""
    from .stud import make_stud_exact_kernel

    return make_stud_exact_kernel()


@lru_cache(maxsize=None)
def stud_mc_kernel():
    """The Monte Carlo seven-card stud equity kernel (:mod:`pokerlut.kernels.stud`)."""
    from .stud import make_stud_mc_kernel

    return make_stud_mc_kernel()


@lru_cache(maxsize=None)
def simd_kernel(n_cards: int, checked: bool):
    """The AVX2 kernel ranking rows of ``n_cards`` cards (:mod:`pokerlut.kernels.simd`); it compiles
    on its first call, which may fail on a numba whose internals moved (see :mod:`.backend`)."""
    from .simd import make_simd_kernel

    return make_simd_kernel(n_cards, checked)


def ranking_kernel(n_cards: int, checked: bool, simd_fits: bool, tables: tuple | None = None):
    """The kernel :func:`pokerlut.evaluate` runs for rows of ``n_cards`` cards: the AVX2 one when
    the machine and the game's card table allow it and it compiles, else the scalar one; unchecked,
    the one of the two measured faster on this CPU (:mod:`.calibrate`: the first unchecked call of
    each size times both on ``tables``, the game's rank tables; the two give the same strengths, so
    only the speed depends on the choice).  Without ``tables`` an unchecked call not yet measured
    takes the AVX2 key."""
    from . import backend, calibrate

    if simd_fits and backend.simd_enabled():
        kernel = _compiled_simd(n_cards, checked)
        if kernel is not None:
            if checked:
                return kernel
            choice = calibrate.chosen().get(n_cards)
            if choice is None and tables is not None:
                choice = calibrate.unchecked_choice(n_cards, kernel, rank_kernel(n_cards, False), tables)
            if choice is None or choice.kernel == "avx2":
                return kernel
    return rank_kernel(n_cards, checked)


@lru_cache(maxsize=None)
def _compiled_simd(n_cards: int, checked: bool):
    """The SIMD kernel, compiled (or loaded) now by a call on no rows; None if that fails."""
    from . import backend

    kernel = simd_kernel(n_cards, checked)
    empty = np.zeros(0, np.uint8)
    try:
        kernel(empty, empty, np.zeros(0, np.uint16), probe_tables(), np.zeros(1, np.int64))
    except Exception as error:  # a compile error of numba or LLVM: the kernels never raise otherwise
        backend.simd_failed(error)
        return None
    return kernel


@lru_cache(maxsize=None)
def one_hand_entry():
    """The entry point ranking one hand (:mod:`pokerlut.kernels.one_hand`), compiled or loaded now:
    ``make(tables, subset_rare) -> rank(ids: bytes) -> int``, a Python builtin where the
    interpreter's layout allows, else a ctypes call; either holds the tables it reads."""
    from . import one_hand

    if one_hand.python_layout_ok():
        one_hand.python_entry()  # compiled (or loaded) now, the notice around it
        return one_hand.python_callable
    one_hand.ctypes_entry()
    return one_hand.ctypes_callable


# --------------------------------------------------------------------------- suit classes, hand strength


@lru_cache(maxsize=None)
def iso_kernel(name: str):
    """A suit-class kernel of :mod:`pokerlut.kernels.iso` by name (``index_rows``, ``street_rows``,
    ``unindex_rows``, ``street_unindex_rows``); each serves every street and indexer."""
    from .iso import make_iso_kernel

    return make_iso_kernel(name)


@lru_cache(maxsize=None)
def hs_kernel(name: str):
    """A hand-strength kernel of :mod:`pokerlut.kernels.handstrength` by name (``strength``,
    ``rollout``, ``street_features``, ``preflop_counts``)."""
    from .handstrength import make_kernel

    return make_kernel(name)
