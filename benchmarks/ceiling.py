"""Ceiling kernels: the least work a table evaluator can do per hand, timed beside the real ones.

``ceiling5`` reads the hand's 5 bytes, makes one table load and writes the result, which is
what a perfect single-lookup evaluator would cost on this machine; the ratio of pokerlut's rate
to it says how close to the machine's limit the real kernel runs.
"""

from __future__ import annotations

import numba as nb
import numpy as np

CEILING5_TABLE = np.arange(5 * 52 + 5, dtype=np.uint16)


@nb.njit(nogil=True, cache=True)
def ceiling5(hands, out, table):
    for i in range(hands.shape[0]):
        out[i] = table[np.intp(hands[i, 0]) + hands[i, 1] + hands[i, 2] + hands[i, 3] + hands[i, 4]]


@nb.njit(nogil=True, cache=True, parallel=True)
def ceiling5_parallel(hands, out, table):
    for i in nb.prange(hands.shape[0]):
        out[i] = table[np.intp(hands[i, 0]) + hands[i, 1] + hands[i, 2] + hands[i, 3] + hands[i, 4]]
