"""Ranking badugi hands (four cards): the kernel behind ``pokerlut.evaluate(..., variant="badugi")``.

Per row (:mod:`pokerlut.layout`, the suit-set key)::

    key   = sum of the four card constants       (one load and one add per card: the suits' rank masks)
    slow  = key & (bits above the masks)         (| popcount(key) != 4 when checked: a card held twice carries)
    total = sum over the four suits of suit_keys[mask]   (the same for every relabelling of the suits)
    value = values[min(total, len(values) - 1)]  (one load: the sums are small, the last entry is 0)

A checked kernel gives a bad row strength 0 and counts it; the caller names the problem.  An
unchecked kernel gives 0 to a row holding an id the game does not deal, and reads nothing outside
the tables whatever the bytes (each mask is cut to 13 bits, each sum clamped to the table).
"""

from __future__ import annotations

import numba as nb
import numpy as np

from .. import layout
from .compile import compile_kernel
from .intrinsics import popcount, unlikely

U64 = np.uint64
_MASK = U64(layout.SUIT_SET_MASK)
_SHIFT1, _SHIFT2, _SHIFT3 = (U64(layout.SUIT_SET_BITS * s) for s in (1, 2, 3))
_OVERFLOW = U64(layout.SUIT_SET_OVERFLOW)
_POISON = U64(layout.POISON_FIELD)
_FOUR = U64(4)


@nb.njit(inline="always", nogil=True)
def badugi_key(flat, b, cards):
    """The suit-set key of the four cards at ``flat[b:]``."""
    return (cards[U64(flat[b])] + cards[U64(flat[b + U64(1)])]) + (cards[U64(flat[b + U64(2)])]
                                                                   + cards[U64(flat[b + U64(3)])])


@nb.njit(inline="always", nogil=True)
def badugi_value(key, suit_keys, values, last):
    """The strength of a suit-set key: its masks' suit keys summed, clamped to ``last``, looked up."""
    total = ((U64(suit_keys[key & _MASK]) + U64(suit_keys[(key >> _SHIFT1) & _MASK]))
             + (U64(suit_keys[(key >> _SHIFT2) & _MASK]) + U64(suit_keys[(key >> _SHIFT3) & _MASK])))
    return values[min(total, last)]


def make_badugi_kernel(checked: bool):
    """Compile ``badugi[_checked](flat, out, cards, suit_keys, values, bad)``: strengths of the
    C-contiguous uint8 rows of four cards in ``flat`` into ``out``; ``bad[0]`` receives the number
    of bad rows (checked kernels only)."""

    def kernel(flat, out, cards, suit_keys, values, bad):
        last = U64(values.shape[0] - 1)
        n_bad = 0
        for i in range(out.shape[0]):
            key = badugi_key(flat, _FOUR * U64(i), cards)
            if checked:
                slow = (key & _OVERFLOW) | (popcount(key) ^ _FOUR)
            else:
                slow = key & _POISON
            if unlikely(slow != 0):
                out[i] = 0
                n_bad += 1
            else:
                out[i] = badugi_value(key, suit_keys, values, last)
        bad[0] = n_bad if checked else 0

    return compile_kernel(kernel, f"badugi{'_checked' if checked else ''}")
