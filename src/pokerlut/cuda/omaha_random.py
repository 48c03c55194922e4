"""Exact Omaha equity of a 4-card hand (or a range of them) against a random hand, preflop, on the device.

The CPU's counting (:mod:`pokerlut.kernels.omaha_random`), not a brute force: every board rank
multiset with every flush pattern (a suit holding three or more of the board's distinct ranks,
and which ranks), every random hand by rank multiset and by which of its ranks it holds in the
flush suit, each counted by products of binomials.  On the device a block takes one (hand class,
board rank multiset) item at a time (a grid-stride loop over items): each of its threads works
out the board's row, its plain and flush boards and the hero's value on each pattern (a few
hundred operations, repeated per thread rather than shared), then takes every ``blockDim``-th
random-hand rank multiset, and adds its wins, ties and losses to the item's counts.  The host
drops beforehand what can hold no deal (a board multiset or a random hand's multiset needing more
cards of a rank than the dead cards leave), merges a range's hands into suit classes and weighs
the counts exactly as the CPU engine does (:func:`pokerlut.equities.omaha_random.equity_of_counts`),
so the answer is the CPU's to the last bit.

>>> import pokerlut
>>> from pokerlut.equities.deal import parse_deal
>>> dead = [c for c in range(52) if c // 4 < 9]                     # ranks 2..T out: J, Q, K, A left
>>> r = omaha_random_exact_equity(parse_deal(["AdAcKdKc", "random"], dead=dead, variant="omaha"))
>>> r.method, r.n == comb(12, 5) * comb(7, 4), round(float(r.equity[0]), 4)
('exact', True, 0.6628)
>>> r.equity.tolist() == pokerlut.equity(["AdAcKdKc", "random"], dead=dead, variant="omaha", exact=True).equity.tolist()
True
"""

from __future__ import annotations

import threading
import time
from math import comb

import numpy as np

from .. import layout
from ..constants import BOARD_CARDS, N_RANKS, N_SUITS
from ..equities.deal import Deal
from ..equities.results import EquityResult
from ..equities.omaha_random import (HERO_CARDS, count_shapes, equity_of_counts, hero_classes, hero_inputs,
                                     supports_omaha_random)
from ..kernels import omaha as cpu_omaha
from ..omaha import omaha_tables
from ._support import simulated
from .batch import check_launch
from .device import U64, cuda, from_cpu
from .devices import current_index

__all__ = ["omaha_random_exact_equity", "omaha_random_board_counts", "live_shapes", "supports_omaha_random",
           "MAX_PATTERNS"]

#: The most flush patterns of one board rank multiset: 4 suits x the subsets of three or more of
#: (at most) five distinct ranks.
MAX_PATTERNS = N_SUITS * sum(comb(BOARD_CARDS, k) for k in range(3, BOARD_CARDS + 1))
_ONE = U64(1)
_TWO = U64(2)
_THREE = U64(3)

pair_column = from_cpu(cpu_omaha.pair_column)
board_row = from_cpu(cpu_omaha.board_row)
suited_pairs_value = from_cpu(cpu_omaha.suited_pairs_value)


@cuda.jit
def _omaha_random_kernel(board_ranks, multisets, m_cols, m_ranks, m_mult, m_distinct, hero_cols, hero_masks, avail,
                         binom, board_start, cards, rows, values, out):
    """Item ``(h, i)`` (hero class ``h``, board rank multiset ``board_ranks[i]``), a block per item
    in turn: into ``out[h, i]`` the counts of (board, random hand) deals the hero's hand
    (``hero_cols[h]`` its pair columns, ``hero_masks[h]`` its rank mask per suit, ``avail[h]``
    (13, 4) the cards left) wins, ties and loses, as the CPU kernel's ``out[i]``
    (:func:`pokerlut.kernels.omaha_random.omaha_random`, whose arguments these are, one row per
    class); the block's threads share the random hand's multisets."""
    board_count = cuda.local.array(N_RANKS, np.int64)
    tot = cuda.local.array(N_RANKS, np.int64)
    p_sub = cuda.local.array(MAX_PATTERNS, np.uint64)
    p_suit = cuda.local.array(MAX_PATTERNS, np.int64)
    p_ways = cuda.local.array(MAX_PATTERNS, np.int64)
    p_hero = cuda.local.array(MAX_PATTERNS, np.uint16)
    n_b = board_ranks.shape[0]
    n_m = multisets.shape[0]
    n_items = hero_cols.shape[0] * n_b
    item = cuda.blockIdx.x
    while item < n_items:
        h = item // n_b
        i = item - h * n_b
        for r in range(N_RANKS):
            board_count[r] = 0
            tot[r] = avail[h, r, 0] + avail[h, r, 1] + avail[h, r, 2] + avail[h, r, 3]
        key = U64(board_start)
        for j in range(BOARD_CARDS):
            r = board_ranks[i, j]
            board_count[r] += 1
            key += cards[U64(N_SUITS * r + (j % N_SUITS))]
        boards = np.int64(1)
        for r in range(N_RANKS):
            boards *= binom[tot[r], board_count[r]]
        if boards > 0:
            row = board_row(key, rows)
            hero_nf = np.uint16(0)
            for k in range(6):
                hero_nf = max(hero_nf, values[row + hero_cols[h, k]])
            distinct_mask = U64(0)
            for r in range(N_RANKS):
                if board_count[r] > 0:
                    distinct_mask |= _ONE << U64(r)
            # the flush patterns: suit s holding the distinct ranks sub (three or more) of the board
            n_pat = 0
            flush_boards = np.int64(0)
            for s in range(N_SUITS):
                sub = distinct_mask
                while True:
                    if U64(cuda.popc(sub)) >= _THREE:
                        ways = np.int64(1)
                        for r in range(N_RANKS):
                            in_sub = np.int64((sub >> U64(r)) & _ONE)
                            if in_sub != 0 and avail[h, r, s] == 0:
                                ways = 0
                                break
                            ways *= binom[tot[r] - avail[h, r, s], board_count[r] - in_sub]
                        if ways > 0:
                            flush_boards += ways
                            hero = hero_nf
                            hero_mask = U64(hero_masks[h, s])
                            if U64(cuda.popc(hero_mask)) >= _TWO:
                                hero = max(hero, suited_pairs_value(hero_mask, sub, rows, values))
                            p_sub[n_pat] = sub
                            p_suit[n_pat] = s
                            p_ways[n_pat] = ways
                            p_hero[n_pat] = hero
                            n_pat += 1
                    if sub == U64(0):
                        break
                    sub = (sub - _ONE) & distinct_mask
            plain = boards - flush_boards
            wins = np.int64(0)
            ties = np.int64(0)
            losses = np.int64(0)
            m = cuda.threadIdx.x
            while m < n_m:
                nf = np.uint16(0)
                for k in range(6):
                    nf = max(nf, values[row + m_cols[m, k]])
                d = m_distinct[m]
                if plain > 0:
                    w = np.int64(1)
                    for x in range(d):
                        r = m_ranks[m, x]
                        w *= binom[tot[r] - board_count[r], m_mult[m, x]]
                    if nf < hero_nf:
                        wins += plain * w
                    elif nf == hero_nf:
                        ties += plain * w
                    else:
                        losses += plain * w
                for p in range(n_pat):
                    s = p_suit[p]
                    sub = p_sub[p]
                    less = np.int64(0)
                    tie = np.int64(0)
                    more = np.int64(0)
                    for t in range(1 << d):
                        w = np.int64(1)
                        suited = U64(0)
                        for x in range(d):
                            r = m_ranks[m, x]
                            in_sub = np.int64((sub >> U64(r)) & _ONE)
                            left = tot[r] - avail[h, r, s] - (board_count[r] - in_sub)  # off-suit cards left
                            if (t >> x) & 1:
                                if in_sub != 0 or avail[h, r, s] == 0:  # its card of suit s is on the board or gone
                                    w = 0
                                    break
                                suited |= _ONE << U64(r)
                                w *= binom[left, m_mult[m, x] - 1]
                            else:
                                w *= binom[left, m_mult[m, x]]
                        if w == 0:
                            continue
                        v = nf
                        if U64(cuda.popc(suited)) >= _TWO:
                            v = max(v, suited_pairs_value(suited, sub, rows, values))
                        if v < p_hero[p]:
                            less += w
                        elif v == p_hero[p]:
                            tie += w
                        else:
                            more += w
                    wins += p_ways[p] * less
                    ties += p_ways[p] * tie
                    losses += p_ways[p] * more
                m += cuda.blockDim.x
            if wins != 0:
                cuda.atomic.add(out, (h, i, 0), wins)
            if ties != 0:
                cuda.atomic.add(out, (h, i, 1), ties)
            if losses != 0:
                cuda.atomic.add(out, (h, i, 2), losses)
        item += cuda.gridDim.x


def live_shapes(dead: np.ndarray) -> tuple[np.ndarray, ...]:
    """:func:`~pokerlut.equities.omaha_random.count_shapes`' arrays, less the board rank multisets
    and random hands' rank multisets that need more cards of a rank than ``dead`` leaves (they hold
    no deal, whatever the hero holds): ``(boards, multisets, cols, ranks, mult, distinct, binom)``.

    >>> boards, multisets, *_ = live_shapes(np.array([c for c in range(52) if c // 4 < 9], np.uint8))
    >>> len(boards), len(multisets)                # five and four of the ranks J, Q, K, A, at most four alike
    (52, 35)
    """
    boards, multisets, cols, ranks, mult, distinct, _, binom = count_shapes()
    left = np.full(N_RANKS, N_SUITS, np.int64)
    for c in np.asarray(dead, np.int64):
        left[c // N_SUITS] -= 1
    board_ok = np.all(np.stack([(boards == r).sum(axis=1) <= left[r] for r in range(N_RANKS)]), axis=0)
    hand_ok = np.all(np.stack([(multisets == r).sum(axis=1) <= left[r] for r in range(N_RANKS)]), axis=0)
    return (np.ascontiguousarray(boards[board_ok]), *(np.ascontiguousarray(a[hand_ok])
                                                      for a in (multisets, cols, ranks, mult, distinct)), binom)


def _launch(n_items: int, n_multisets: int) -> tuple[int, int]:
    """``(blocks, threads)``: on a device a warp or more per block (up to 128 threads, as many as
    there are random hands' multisets to share), blocks enough to fill it; in the simulator one
    thread per block (its threads are Python threads, which contend for its locks)."""
    if simulated():
        return max(1, min(n_items, 64)), 1
    threads = max(32, min(128, -(-n_multisets // 32) * 32))
    return max(1, min(n_items, cuda.get_current_device().MULTIPROCESSOR_COUNT * 16)), threads


def omaha_random_board_counts(heroes: np.ndarray, dead: np.ndarray, boards: np.ndarray | None = None, *,
                              launch: tuple[int, int] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """``(boards, counts)``: the board rank multisets counted (B, 5) and, for each 4-card hand of
    ``heroes`` (R, 4) with ``dead`` cards out, the ``[wins, ties, losses]`` of each (R, B, 3, int64),
    as :func:`pokerlut.equities.omaha_random.omaha_random_board_counts` counts them on the CPU.
    ``boards`` defaults to every board rank multiset ``dead`` leaves possible (:func:`live_shapes`).

    >>> b, c = omaha_random_board_counts(np.array([[51, 47, 43, 39]]), np.arange(36), np.array([[12, 11, 10, 9, 9]]))
    >>> c.shape, int(c.sum()) == 3 * 3 * 3 * comb(3, 2) * comb(7, 4)   # boards A K Q J J, then 4 of 7 cards
    ((1, 1, 3), True)
    """
    heroes = np.asarray(heroes, np.int64).reshape(-1, HERO_CARDS)
    dead = np.asarray(dead, np.int64)
    live_boards, multisets, cols, ranks, mult, distinct, binom = live_shapes(dead)
    boards = live_boards if boards is None else np.ascontiguousarray(boards, np.int64).reshape(-1, BOARD_CARDS)
    inputs = [hero_inputs(h, dead) for h in heroes]
    avail = np.ascontiguousarray(np.stack([x[0] for x in inputs]))
    hero_cols = np.ascontiguousarray(np.stack([x[1] for x in inputs]))
    hero_masks = np.ascontiguousarray(np.stack([x[2] for x in inputs]))
    t = omaha_tables()
    out = cuda.to_device(np.zeros((len(heroes), len(boards), 3), np.int64))
    if len(heroes) and len(boards):
        blocks, threads = check_launch(launch) or _launch(len(heroes) * len(boards), len(multisets))
        _omaha_random_kernel[blocks, threads](
            cuda.to_device(boards), cuda.to_device(multisets), cuda.to_device(cols), cuda.to_device(ranks),
            cuda.to_device(mult), cuda.to_device(distinct), cuda.to_device(hero_cols), cuda.to_device(hero_masks),
            cuda.to_device(avail), cuda.to_device(binom), U64(layout.OMAHA_BOARD_COUNTERS_START),
            *_device_omaha_tables(t), out)
    return boards, out.copy_to_host()


_UPLOADED: dict = {}
_LOCK = threading.Lock()


def _device_omaha_tables(t) -> tuple:
    """``(cards, rows, values)`` of the Omaha tables on the current device, uploaded once per device."""
    key = current_index()
    with _LOCK:
        found = _UPLOADED.get(key)
        if found is None:
            found = _UPLOADED[key] = tuple(cuda.to_device(np.ascontiguousarray(a)) for a in (t.cards, t.rows, t.values))
    return found


def omaha_random_exact_equity(deal: Deal, *, launch: tuple[int, int] | None = None) -> EquityResult:
    """Exact equity of a deal :func:`supports_omaha_random` accepts (Omaha high, no board, a 4-card
    hand or a range of them against ``"random"``, dead cards allowed), counted on the device: the
    CPU's :class:`~pokerlut.equities.results.EquityResult` of ``pokerlut.equity(..., exact=True,
    variant="omaha")``, the same to the last bit (its ``elapsed`` the device's)."""
    start = time.perf_counter()
    hero_at, reps, weights = hero_classes(deal)
    _, counts = omaha_random_board_counts(reps, deal.dead, launch=launch)
    return equity_of_counts(deal, hero_at, counts.sum(axis=1), weights, start)
