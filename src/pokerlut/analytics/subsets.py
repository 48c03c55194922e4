"""Flop subsets: a few canonical flops, each with a weight, that stand for all 22,100.

:func:`flop_subset` chooses ``size`` flops by stratified sampling over the flop textures of
:func:`pokerlut.boards.board_texture`: the 1,755 canonical flops fall into strata by suits
(rainbow, two-tone, monotone), pairing (unpaired, paired, trips) and high card (ace, king, queen,
jack, ten or nine, eight or lower); the size is shared among the strata in proportion to the flops
each stands for (largest remainders; a stratum left with no flop drops out, and the others' weights
are scaled to make up 22,100 again); inside a stratum, ordered by the flop's three ranks, the flops
at evenly spaced points of its cumulative multiplicity are taken, each weighted by an equal part
of the stratum's flops.  Then, when the subset has at least twice as many flops as there are
features below, the weights are fit to the full set (calibrated: the least change, in the
chi-square sense, that makes the subset's weighted totals equal the full set's) on 21 features
of a flop: how many of its cards have each of the 13 ranks, its connectedness (1, 2 or 3 ranks in
one straight's window), its suits (rainbow, two-tone, monotone) and pairing (unpaired, paired); a
weight is kept at 5% of its stratified value at least.  The choice is deterministic.

Pass a subset to :func:`pokerlut.analytics.all_flops` as ``flops=``; each of its flops stands for its
whole suit class, so it stays right with suit-dependent ranges and dead cards.

>>> s = flop_subset(25)
>>> len(s), float(s.weights.sum())
(25, 22100.0)
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from .._records import same_fields
from ..boards import board_texture
from ..cards import format_cards
from ..constants import MONOTONE, N_SUITS, PAIRED, RAINBOW, TWO_TONE, UNPAIRED
from .flops import ALL_PERMUTATIONS, FLOP_CARDS, flop_classes

__all__ = ["FlopSubset", "flop_subset", "canonical_flops", "texture_strata", "HIGH_CARD_GROUPS"]

#: High-card groups of the strata: the lowest rank (0 = deuce .. 12 = ace) of each group.
HIGH_CARD_GROUPS = (12, 11, 10, 9, 7, 0)


@lru_cache(maxsize=1)
def canonical_flops() -> tuple[np.ndarray, np.ndarray]:
    """The 1,755 canonical flops (:mod:`pokerlut.iso` order) and their multiplicities (22,100 in all).

    >>> f, w = canonical_flops()
    >>> f.shape, int(w.sum()), format_cards(f[-1]), int(w[-1])
    ((1755, 3), 22100, 'Ah Ad Ac', 4)
    """
    every = np.array(list(itertools.combinations(range(4 * 13 - 1, -1, -1), FLOP_CARDS)), dtype=np.int64)
    flops, weights = flop_classes(every, np.ones(len(every)), ALL_PERMUTATIONS)
    flops.setflags(write=False)
    weights.setflags(write=False)
    return flops, weights


def texture_strata(flops: np.ndarray) -> np.ndarray:
    """The stratum of each flop: ``(suits, pairing, high-card group)`` as one integer
    (``9 * group + 3 * pairing + suits``: pairing 0 unpaired, 1 paired, 2 trips; suits 0 rainbow,
    1 two-tone, 2 monotone; group the index in :data:`HIGH_CARD_GROUPS`).

    >>> texture_strata(np.array([[51, 47, 43], [3, 2, 1]])).tolist()  # As Ks Qs; 2s 2h 2d
    [2, 51]
    """
    t = board_texture(np.asarray(flops, dtype=np.uint8))
    group = np.searchsorted(-np.array(HIGH_CARD_GROUPS), -t.high.astype(np.int64), side="right") - 1
    group = np.minimum(np.maximum(group, 0), len(HIGH_CARD_GROUPS) - 1)
    pairing = np.select([t.pairing == UNPAIRED, t.pairing == PAIRED], [0, 1], 2)  # a flop: trips the third
    suits = np.select([t.suits == RAINBOW, t.suits == TWO_TONE], [0, 1], 2)  # a flop: monotone the third
    return 9 * group + 3 * pairing + suits


@dataclass(frozen=True, eq=False)
class FlopSubset:
    """``flops`` (k, 3) canonical flops and ``weights`` (k,): the flops each stands for (22,100 in all)."""

    flops: np.ndarray
    weights: np.ndarray

    __eq__ = same_fields

    def __len__(self) -> int:
        return len(self.flops)

    @property
    def text(self) -> list[str]:
        """The flops as text."""
        return [format_cards(f) for f in self.flops]


#: The features the weights are fit on (see the module doc).
N_FEATURES = 13 + 3 + 3 + 2
#: A calibrated weight is at least this share of its stratified weight.
MIN_WEIGHT_SHARE = 0.05


def _features(flops: np.ndarray) -> np.ndarray:
    """(N_FEATURES, n): per flop, its cards of each rank, connectedness 1..3, suits, pairing."""
    ranks = flops // N_SUITS
    t = board_texture(flops.astype(np.uint8))
    rows = [np.sum(ranks == r, axis=1) for r in range(13)]
    rows += [t.connected == c for c in (1, 2, 3)]
    rows += [t.suits == RAINBOW, t.suits == TWO_TONE, t.suits == MONOTONE, t.pairing == UNPAIRED, t.pairing == PAIRED]
    return np.array(rows, dtype=np.float64)


def _calibrated(flops: np.ndarray, w0: np.ndarray, targets: np.ndarray) -> np.ndarray:
    """``w0`` changed least (chi-square distance) so that the features' weighted totals are ``targets``."""
    A = _features(flops)
    lam = np.linalg.lstsq((A * w0) @ A.T, targets - A @ w0, rcond=None)[0]
    return np.maximum(w0 * (1 + A.T @ lam), MIN_WEIGHT_SHARE * w0)


def _shares(total: int, weights: np.ndarray) -> np.ndarray:
    """``total`` split in proportion to ``weights``, by largest remainders."""
    exact = total * weights / weights.sum()
    out = np.floor(exact).astype(np.int64)
    order = np.argsort(-(exact - out), kind="stable")
    out[order[:total - int(out.sum())]] += 1
    return out


@lru_cache(maxsize=16)
def _subset(size: int) -> FlopSubset:
    flops, mult = canonical_flops()
    strata = texture_strata(flops)
    names = np.unique(strata)
    stratum_weight = np.array([mult[strata == s].sum() for s in names])
    counts = _shares(size, stratum_weight)
    chosen, weights = [], []
    ranks = flops // N_SUITS
    for s, n in zip(names, counts):
        if n == 0:
            continue
        members = np.flatnonzero(strata == s)
        order = members[np.lexsort((-ranks[members, 2], -ranks[members, 1], -ranks[members, 0]))]
        cum = np.cumsum(mult[order])
        points = (np.arange(n) + 0.5) * cum[-1] / n
        picks = order[np.minimum(np.searchsorted(cum, points), len(order) - 1)]
        picks, repeats = np.unique(picks, return_counts=True)  # a heavy flop may be hit twice
        chosen.extend(picks.tolist())
        weights.extend((repeats * cum[-1] / n).tolist())
    w = np.array(weights)
    picked = flops[np.array(chosen)]
    if len(picked) >= 2 * N_FEATURES:
        w = _calibrated(picked, w, _features(flops) @ mult)
    w *= mult.sum() / w.sum()
    out = FlopSubset(picked.copy(), w)
    out.flops.setflags(write=False)
    out.weights.setflags(write=False)
    return out


def flop_subset(size: int) -> FlopSubset:
    """``size`` canonical flops with weights chosen to stand for all 22,100 (see the module doc).

    Parameters
    ----------
    size : int
        1 to 1,755 (1,755: every canonical flop with its multiplicity).

    Returns
    -------
    FlopSubset

    Examples
    --------
    >>> s = flop_subset(49)
    >>> len(s) <= 49, s.text[0]
    (True, 'Ac 6d 5h')
    """
    if isinstance(size, bool) or not isinstance(size, (int, np.integer)):
        raise TypeError(f"size is an integer, got {size!r}")
    n = len(canonical_flops()[0])
    if not 1 <= size <= n:
        raise ValueError(f"size must be 1 to {n}, got {size}")
    if size == n:
        f, w = canonical_flops()
        return FlopSubset(f, w)
    return _subset(int(size))
