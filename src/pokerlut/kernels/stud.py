"""Seven-card stud equity kernels (stud high, stud hi-lo, razz): every way the unknown cards can
fall, or Monte Carlo.

A deal is one row of seven cards per player, ``rows[7 * p : 7 * p + 7]``: the cards the caller
knows first, then the player's unknown cards, which the kernels fill.  Each player ends with the
best five of those seven by the game's tables (the high game's, or ace-to-five low for razz), and
in hi-lo also an eight-or-better low (its own tables).  The pot is shared as
:func:`pokerlut.kernels.omaha_equity.settle_pot` shares it: accumulators ``out[player, k]``, ``k = 0``
deals the player takes the whole pot, ``1`` deals it takes part of it, ``2`` its pot units, ``3``
(Monte Carlo) squared units.

Exact enumeration: the players with unknown cards are *levels*; level ``k`` takes ``u_k`` of the
cards the levels above it left, in every combination (lexicographic, by index into those cards).
Every combination of level 0 is one item of work (all cost the same: the levels below enumerate
the same number of ways), so a piece of items ``lo..hi`` starts from combination ``lo``, unranked.
"""

from __future__ import annotations

from typing import NamedTuple

import numba as nb
import numpy as np

from .. import layout
from .compile import compile_kernel, jitted
from .intrinsics import unlikely
from .omaha_equity import draw_card, settle_pot
from .primitives import hand_key, lookup, rare_value

U64 = np.uint64
_SLOW = U64(layout.SLOW_FIELDS)
_SEVEN = 7


@nb.njit(inline="always", nogil=True)
def seven_value(row, b, cards, bases, values, flush, bases5, values5, subset_rare):
    """The value of the seven cards at ``row[b:]`` by one game's tables."""
    key = hand_key(row, b, _SEVEN, cards)
    if unlikely((key & _SLOW) != 0):
        return rare_value(row, b, _SEVEN, key, cards, bases, values, flush, bases5, values5, subset_rare)
    return lookup(key, bases, values)


@jitted()
def settle_deal(rows, n_players, high, low, hilo, out, squares, tables):
    """Every player's value(s) on the filled rows by ``tables`` (a
    :class:`~pokerlut.table_records.HiLoTables`), and the pot shared into ``out``.  (The flags are
    arguments, not literals, so the rare path is the one the ranking kernels compiled.)"""
    cards, bases, values, flush, bases5, values5, subset_rare = tables.high
    low_cards, low_bases, low_values, low_flush, low_bases5, low_values5, low_subset_rare = tables.low
    for p in range(n_players):
        b = U64(_SEVEN * p)
        high[p] = seven_value(rows, b, cards, bases, values, flush, bases5, values5, subset_rare)
        if hilo:
            low[p] = seven_value(rows, b, low_cards, low_bases, low_values, low_flush, low_bases5, low_values5,
                                 low_subset_rare)
    settle_pot(high, low, n_players, hilo, 1, out, squares)


@jitted()
def binomial(n, k):
    """C(n, k) for small arguments (exact: each step divides evenly)."""
    if k < 0 or k > n:
        return np.int64(0)
    r = np.int64(1)
    for i in range(k):
        r = r * (n - i) // (i + 1)
    return r


@jitted()
def unrank(rank, n, k, comb):
    """``comb[:k]``: the ``rank``-th (lexicographic, from 0) combination of ``k`` of ``0..n-1``."""
    x = 0
    for j in range(k):
        while True:
            count = binomial(n - x - 1, k - j - 1)
            if rank < count:
                break
            rank -= count
            x += 1
        comb[j] = x
        x += 1


@jitted()
def next_combination(comb, k, n):
    """Step ``comb[:k]`` to the next combination of ``0..n-1``; False after the last one."""
    i = k - 1
    while i >= 0 and comb[i] == n - k + i:
        i -= 1
    if i < 0:
        return False
    comb[i] += 1
    for j in range(i + 1, k):
        comb[j] = comb[j - 1] + 1
    return True


@jitted()
def fill_level(rows, level, players, known, unknown, avail, comb):
    """Write level ``level``'s chosen cards into its player's row, after the known cards."""
    p = players[level]
    for j in range(unknown[level]):
        rows[_SEVEN * p + known[p] + j] = avail[level, comb[level, j]]


@jitted()
def open_level(level, unknown, n_avail, avail, comb):
    """Level ``level``'s cards: those of the level above less its chosen ones; its first combination."""
    up = level - 1
    n = 0
    j = 0
    for i in range(n_avail[up]):
        if j < unknown[up] and comb[up, j] == i:
            j += 1
            continue
        avail[level, n] = avail[up, i]
        n += 1
    n_avail[level] = n
    for j in range(unknown[level]):
        comb[level, j] = j


def stud_exact(rows, n_players, players, known, unknown, deck, lo, hi, out, scratch, hilo, squares, tables):
    """Every deal whose level-0 combination has rank ``lo .. hi - 1``, counted into ``out`` (P, 3).
    ``players``/``unknown`` (m,): the levels' players and unknown counts (m may be 0: one deal);
    ``known`` (P,): each player's known cards; ``deck``: the cards no one holds; ``scratch``: a
    :func:`stud_exact_scratch`; ``squares`` False (the pot units alone; an argument, see
    :func:`stud_monte_carlo`); ``tables``: a :class:`~pokerlut.table_records.HiLoTables`."""
    avail, comb, n_avail, high, low = scratch
    m = players.shape[0]
    if m == 0:
        if lo == 0 and hi > 0:
            settle_deal(rows, n_players, high, low, hilo, out, squares, tables)
        return
    for i in range(deck.shape[0]):
        avail[0, i] = deck[i]
    n_avail[0] = deck.shape[0]
    unrank(lo, n_avail[0], unknown[0], comb[0])
    fill_level(rows, np.int64(0), players, known, unknown, avail, comb)  # typed: not compiled again for a literal 0
    for level in range(1, m):
        open_level(level, unknown, n_avail, avail, comb)
        fill_level(rows, level, players, known, unknown, avail, comb)
    item = lo
    while True:
        settle_deal(rows, n_players, high, low, hilo, out, squares, tables)
        level = m - 1
        while level >= 0 and not next_combination(comb[level], unknown[level], n_avail[level]):
            level -= 1
        if level < 0:
            return
        if level == 0:
            item += 1
            if item >= hi:
                return
        fill_level(rows, level, players, known, unknown, avail, comb)
        for below in range(level + 1, m):
            open_level(below, unknown, n_avail, avail, comb)
            fill_level(rows, below, players, known, unknown, avail, comb)


class StudExactScratch(NamedTuple):
    """:func:`stud_exact`'s working memory (one per thread)."""

    avail: np.ndarray  #: (m, len(deck)) uint8: each level's cards to choose from
    comb: np.ndarray  #: (m, 7) int64: each level's combination
    n_avail: np.ndarray  #: (m,) int64: how many cards each level chooses from
    high: np.ndarray  #: (P,) uint16: each player's high value
    low: np.ndarray  #: (P,) uint16: each player's low value


def stud_exact_scratch(n_players: int, n_levels: int, n_deck: int) -> StudExactScratch:
    """One thread's :class:`StudExactScratch`: ``n_players``, ``n_levels`` of them with unknown cards,
    a deck of ``n_deck``.

    >>> stud_exact_scratch(3, 2, 40).avail.shape
    (2, 40)
    """
    levels = max(1, n_levels)
    return StudExactScratch(np.zeros((levels, n_deck), np.uint8), np.zeros((levels, _SEVEN), np.int64),
                            np.zeros(levels, np.int64), np.zeros(n_players, np.uint16), np.zeros(n_players, np.uint16))


def make_stud_exact_kernel():
    """Compile :func:`stud_exact`."""
    return compile_kernel(stud_exact, "stud_exact")


def stud_monte_carlo(chunk_trials, chunk_seeds, rows0, n_players, known, unknown, deck, used0, out, rows, high, low,
                     hilo, squares, tables):
    """Chunk ``i`` runs ``chunk_trials[i]`` deals from seed ``chunk_seeds[i]`` into ``out[i]`` (P, 4):
    each player's ``unknown[p]`` cards drawn uniformly from ``deck`` less ``used0`` (the known and
    dead cards) and the cards already drawn.  ``rows0`` holds the known cards, ``rows`` is scratch;
    ``squares`` (True) also counts squared pot units, as an argument so that :func:`settle_deal`
    compiles once for both kernels."""
    n_deck = deck.shape[0]
    for j in range(rows0.shape[0]):
        rows[j] = rows0[j]
    for i in range(chunk_trials.shape[0]):
        state = chunk_seeds[i]
        for _ in range(chunk_trials[i]):
            used = used0
            for p in range(n_players):
                for j in range(unknown[p]):
                    state, c = draw_card(state, deck, n_deck, used)
                    used |= U64(1) << U64(c)
                    rows[_SEVEN * p + known[p] + j] = c
            settle_deal(rows, n_players, high, low, hilo, out[i], squares, tables)


def make_stud_mc_kernel():
    """Compile :func:`stud_monte_carlo`."""
    return compile_kernel(stud_monte_carlo, "stud_monte_carlo")
