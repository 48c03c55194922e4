"""The reference ceiling kernel: the yardstick every speed figure is given as a ratio to.

Per hand, sum ``k`` uint32 loads from a 52-entry table indexed by the card bytes, take the sum
modulo 49,999, load one uint16 from a 49,999-entry table, store it.  Serial, ``(N, k)`` uint8
input, compiled and cached as pokerlut's own kernels are (:mod:`pokerlut.kernels.compile`;
:mod:`pokerlut.kernels.cache`: a cache folder only this user can write, and where there is none,
compiled in memory with a warning).  It is what any one-lookup table evaluator must at least do per
hand, on this machine, in this run: a ratio to it is comparable across noisy shared machines where absolute
rates are not.  :func:`run` also times it on the thread pool (pieces of rows, as pokerlut's own
calls are cut), for the several-thread rows of a comparison.

>>> hands = np.array([[0, 1, 2, 3, 4, 5, 6]], np.uint8)
>>> per_card, table = ceiling_tables()
>>> out = np.zeros(1, np.uint16)
>>> CEILINGS[7](hands, out, per_card, table)
>>> bool(out[0] == table[int(per_card[:7].sum()) % MODULUS])
True
"""

from __future__ import annotations

import numpy as np

from ..constants import N_NATURAL
from .. import _threads
from ..kernels.compile import jitted

__all__ = ["MODULUS", "ceiling_tables", "ceiling5", "ceiling6", "ceiling7", "CEILINGS", "run"]

MODULUS = 49_999


def ceiling_tables(seed: int = 20261201) -> tuple[np.ndarray, np.ndarray]:
    """The 52-entry uint32 card table and the 49,999-entry uint16 table the ceiling reads."""
    rng = np.random.default_rng(seed)
    return (rng.integers(0, 1 << 24, size=N_NATURAL).astype(np.uint32),
            rng.integers(1, 7_463, size=MODULUS).astype(np.uint16))


@jitted()
def ceiling5(hands, out, per_card, table):  # pragma: no cover - compiled
    for i in range(hands.shape[0]):
        s = (per_card[hands[i, 0]] + per_card[hands[i, 1]] + per_card[hands[i, 2]] + per_card[hands[i, 3]]
             + per_card[hands[i, 4]])
        out[i] = table[s % MODULUS]


@jitted()
def ceiling6(hands, out, per_card, table):  # pragma: no cover - compiled
    for i in range(hands.shape[0]):
        s = (per_card[hands[i, 0]] + per_card[hands[i, 1]] + per_card[hands[i, 2]] + per_card[hands[i, 3]]
             + per_card[hands[i, 4]] + per_card[hands[i, 5]])
        out[i] = table[s % MODULUS]


@jitted()
def ceiling7(hands, out, per_card, table):  # pragma: no cover - compiled
    for i in range(hands.shape[0]):
        s = (per_card[hands[i, 0]] + per_card[hands[i, 1]] + per_card[hands[i, 2]] + per_card[hands[i, 3]]
             + per_card[hands[i, 4]] + per_card[hands[i, 5]] + per_card[hands[i, 6]])
        out[i] = table[s % MODULUS]


CEILINGS = {5: ceiling5, 6: ceiling6, 7: ceiling7}


def run(hands: np.ndarray, out: np.ndarray, tables: tuple[np.ndarray, np.ndarray], parallel: bool = False) -> None:
    """The ceiling kernel over ``hands`` (N, k) into ``out``, on one thread or cut into pieces for
    the pool (``parallel``).

    >>> hands, out = np.zeros((4, 5), np.uint8), np.zeros(4, np.uint16)
    >>> run(hands, out, ceiling_tables(), parallel=True); bool((out == out[0]).all())
    True
    """
    kernel = CEILINGS[hands.shape[1]]
    if not parallel:
        kernel(hands, out, *tables)
        return
    _threads.run_blocks(lambda lo, hi, slot: kernel(hands[lo:hi], out[lo:hi], *tables), len(hands),
                        parallel=True)
