"""The reference ceiling kernel: the yardstick every ranking benchmark reports its ratio to.

As the kernel design defines it: per hand, sum ``k`` uint32 loads from a 52-entry table indexed
by the card bytes, take the sum modulo 49,999, load one uint16 from a 49,999-entry table, store
it.  Serial, ``cache=True``, ``(N, k)`` uint8 input.  It is what any one-lookup table evaluator
must at least do per hand, on this machine, in this run: a ratio to it is comparable across noisy
shared machines where absolute rates are not.
"""

from __future__ import annotations

import numba as nb
import numpy as np

MODULUS = 49_999


def ceiling_tables(seed: int = 20261201) -> tuple[np.ndarray, np.ndarray]:
    """The 52-entry uint32 card table and the 49,999-entry uint16 table the ceiling reads."""
    rng = np.random.default_rng(seed)
    return (rng.integers(0, 1 << 24, size=52).astype(np.uint32),
            rng.integers(1, 7_463, size=MODULUS).astype(np.uint16))


@nb.njit(nogil=True, cache=True)
def ceiling5(hands, out, per_card, table):
    for i in range(hands.shape[0]):
        s = (per_card[hands[i, 0]] + per_card[hands[i, 1]] + per_card[hands[i, 2]] + per_card[hands[i, 3]]
             + per_card[hands[i, 4]])
        out[i] = table[s % MODULUS]


@nb.njit(nogil=True, cache=True)
def ceiling6(hands, out, per_card, table):
    for i in range(hands.shape[0]):
        s = (per_card[hands[i, 0]] + per_card[hands[i, 1]] + per_card[hands[i, 2]] + per_card[hands[i, 3]]
             + per_card[hands[i, 4]] + per_card[hands[i, 5]])
        out[i] = table[s % MODULUS]


@nb.njit(nogil=True, cache=True)
def ceiling7(hands, out, per_card, table):
    for i in range(hands.shape[0]):
        s = (per_card[hands[i, 0]] + per_card[hands[i, 1]] + per_card[hands[i, 2]] + per_card[hands[i, 3]]
             + per_card[hands[i, 4]] + per_card[hands[i, 5]] + per_card[hands[i, 6]])
        out[i] = table[s % MODULUS]


CEILINGS = {5: ceiling5, 6: ceiling6, 7: ceiling7}
