"""Subsets by index on the device: the binomial table and colex unranking the device engines share."""

from __future__ import annotations

import warnings
from math import comb

import numpy as np

from ._support import simulated
from .device import cuda

__all__ = ["MAX_SUBSET", "binomials", "unrank"]

#: The largest subset unranked (a hand of seven cards).
MAX_SUBSET = 7

if simulated():  # the simulator computes with numpy scalars, which warn on the wrap-around a device does silently
    warnings.filterwarnings("ignore", "overflow encountered in scalar", RuntimeWarning)


def binomials(n: int) -> np.ndarray:
    """``C(a, b)`` for ``a`` in ``0..n``, ``b`` in ``0..MAX_SUBSET`` (int64)."""
    return np.array([[comb(a, b) for b in range(MAX_SUBSET + 1)] for a in range(n + 1)], np.int64)


@cuda.jit(device=True)
def unrank(index, k, binom, n, out):
    """The ``index``-th ``k``-subset of ``0..n-1`` in colex order, ascending, into ``out[:k]``."""
    x = index
    top = n
    for i in range(k, 0, -1):
        c = top - 1
        while c > 0 and binom[c, i] > x:  # bounded: C(i - 1, i) = 0 stops it for any valid index
            c -= 1
        out[i - 1] = c
        x -= binom[c, i]
        top = c
