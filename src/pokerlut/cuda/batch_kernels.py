"""The kernels of device batches: ranking rows, categories of strengths, the showdowns of the best-five games
(stud hi-lo included) and of Omaha,
each validating as the CPU's kernels do (a bad row gets strength 0, the first bad row's index kept by an
atomic minimum).  :mod:`pokerlut.cuda.batch` launches them."""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from ..constants import WILD
from .device import U64, cuda, has_poison, omaha_values, strength_of

__all__ = ["rank_kernel", "category_kernel", "split_pot", "showdown_kernel", "omaha_showdown_kernel"]


@lru_cache(maxsize=None)
def rank_kernel(n: int, checked: bool):
    """Rank ``(N, n)`` rows (any integer dtype) into uint16; ``first_bad[0]``: min of the bad rows."""

    @cuda.jit
    def kernel(hands, out, t, first_bad):
        i = cuda.grid(1)
        stride = cuda.gridsize(1)
        while i < out.shape[0]:
            s, bad = strength_of(t, hands[i], n, checked)
            out[i] = s
            if bad:
                cuda.atomic.min(first_bad, 0, i)
            i += stride

    return kernel


@cuda.jit
def category_kernel(strengths, out, categories, top, first_bad):
    i = cuda.grid(1)
    stride = cuda.gridsize(1)
    while i < out.shape[0]:
        s = strengths[i]
        if s < 1 or s > top:
            out[i] = 0
            cuda.atomic.min(first_bad, 0, i)
        else:
            out[i] = categories[s]
        i += stride


@cuda.jit(device=True)
def split_pot(d, high, low, high_winners, low_winners, shares, scoops, hilo):
    """Deal ``d``'s pot among its players by their ``high`` (and ``low``: 1 for no low) strengths,
    as :func:`pokerlut.showdown` splits it: among the best high hands, or in hi-lo half to them and
    half to the best qualifying lows (all to the high when no low qualifies), and who scoops."""
    players = high.shape[1]
    best = np.uint16(0)
    best_low = np.uint16(1)
    for p in range(players):
        best = max(best, high[d, p])
        if hilo:
            best_low = max(best_low, low[d, p])
    n_high = 0
    n_low = 0
    for p in range(players):
        high_winners[d, p] = high[d, p] == best
        if high[d, p] == best:
            n_high += 1
        if hilo:
            low_winners[d, p] = best_low > 1 and low[d, p] == best_low
            if low_winners[d, p]:
                n_low += 1
    for p in range(players):
        if n_low:
            share = (np.float64(high_winners[d, p] * n_low + low_winners[d, p] * n_high)
                     / np.float64(2 * n_high * n_low))
        else:
            share = 1.0 / n_high if high_winners[d, p] else 0.0
        shares[d, p] = share
        if hilo:
            scoops[d, p] = share == 1.0


@lru_cache(maxsize=None)
def showdown_kernel(n_hole: int, n_board: int, checked: bool, hilo: bool = False):
    """Per deal: validate the whole deal, rank every player (in hi-lo, stud's, the low too with the
    low game's tables ``tl``: 1 for no low), split the pot (:func:`split_pot`)."""
    n = n_hole + n_board

    @cuda.jit
    def kernel(holes, boards, strengths, low, winners, low_winners, shares, scoops, t, tl, first_bad):
        d = cuda.grid(1)
        stride = cuda.gridsize(1)
        hand = cuda.local.array(7, np.int64)
        while d < strengths.shape[0]:
            players = strengths.shape[1]
            bad = False
            if checked:
                seen = np.uint64(0)
                for p in range(players + 1):
                    width = n_board if p == players else n_hole
                    for j in range(width):
                        c = np.int64(boards[d, j]) if p == players else np.int64(holes[d, p, j])
                        if c < 0 or c > 255 or has_poison(t.cards[c]):
                            bad = True
                        elif c != WILD:
                            bit = np.uint64(1) << np.uint64(c)
                            if seen & bit:
                                bad = True
                            seen |= bit
            for p in range(players):
                for j in range(n_hole):
                    hand[j] = holes[d, p, j]
                for j in range(n_board):
                    hand[n_hole + j] = boards[d, j]
                s, unused = strength_of(t, hand, n, False)
                if bad:
                    s = np.uint16(0)
                strengths[d, p] = s
                if hilo:
                    lo, unused = strength_of(tl, hand, n, False)
                    low[d, p] = max(lo, np.uint16(1)) if not bad else np.uint16(1)
            split_pot(d, strengths, low, winners, low_winners, shares, scoops, hilo)
            if bad:
                cuda.atomic.min(first_bad, 0, d)
            d += stride

    return kernel


@lru_cache(maxsize=None)
def omaha_showdown_kernel(n_hole: int, n_board: int, hilo: bool, checked: bool):
    """Per deal: validate it whole, rank every player's Omaha hand, share the pot (hi-lo: half to
    each side, as :func:`pokerlut.showdown` shares it)."""

    @cuda.jit
    def kernel(holes, boards, high, low, high_winners, low_winners, shares, scoops, th, tl, first_bad):
        d = cuda.grid(1)
        stride = cuda.gridsize(1)
        board = cuda.local.array(5, np.uint64)
        while d < high.shape[0]:
            players = high.shape[1]
            bad = False  # a card outside the deck: strength 0
            repeated = False  # a card dealt twice: ranked as given unless checked
            seen = U64(0)
            for p in range(players + 1):
                width = n_board if p == players else n_hole
                for j in range(width):
                    v = np.int64(boards[d, j]) if p == players else np.int64(holes[d, p, j])
                    if v < 0 or v > 51 or has_poison(th.cards[U64(v)]):
                        bad = True
                    else:
                        bit = U64(1) << U64(v)
                        if seen & bit:
                            repeated = True
                        seen |= bit
            for j in range(n_board):
                board[j] = U64(boards[d, j]) if not bad else U64(0)
            for p in range(players):
                h = np.uint16(0)
                lo = np.uint16(1)
                if not bad:
                    h, lo = omaha_values(holes[d, p], 0, n_hole, board, n_board, th, tl, hilo)
                    lo = max(lo, np.uint16(1))
                high[d, p] = h
                if hilo:
                    low[d, p] = lo
            split_pot(d, high, low, high_winners, low_winners, shares, scoops, hilo)
            if (bad or repeated) and checked:
                cuda.atomic.min(first_bad, 0, d)
            d += stride

    return kernel
