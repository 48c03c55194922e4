"""Exact equity kernels for games of two hole cards and a five-card board (pot shares and
accumulators as :mod:`.equity` says).

A player's hand is its hole key plus the board's key (both sums of card constants), and its
suit-rank bits the OR of both, so every board costs one add and one lookup per player
(:func:`.primitives.value_of_bits`).

**Exact, preflop** (no board card known): the boards are split by suits.  A board is *flushy* when
some suit reaches, among its five cards, five minus the most hole cards any player holds in that
suit (three or more: so at most one suit per board).  Flushy boards are enumerated suit by suit:
each set of its cards of that suit, then the ranks of its one or two cards of other suits (which
cannot flush: at most two of a suit beside the players' two), each counted with its suit choices;
every other board's value depends on its ranks alone, so each rank multiset of five
board cards is ranked once and counted with its number of suit choices (the product of
``C(available of rank r, count of r)``) less the flushy boards of that multiset.  About a tenth of
the work of visiting every board, and exact to the last board.

**Exact, with board cards known**: at most two board cards are missing; plain nested loops.

Kernels do not allocate: the caller passes per-thread scratch (:func:`exact_scratch`).
"""

from __future__ import annotations

from typing import NamedTuple

import numba as nb
import numpy as np

from ..constants import N_NATURAL
from .compile import compile_kernel, jitted
from .equity import settle
from .intrinsics import popcount, trailing_zeros
from .primitives import add_card, first_card, hand_value_of_bits, lookup, suit_rank_bit

__all__ = ["N_RANK_MULTISETS", "ExactScratch", "exact_scratch", "exact_preflop_rows", "exact_board_rows",
           "make_exact_kernel"]

#: Rank multisets of five board cards (C(17, 5)): the size of the exact kernel's scratch row.
N_RANK_MULTISETS = 6188

U64 = np.uint64
_ONE = U64(1)


@jitted()
def multiset_index(r0, r1, r2, r3, r4, binom):
    """Index 0..6187 of a sorted rank multiset of five (``r0 <= .. <= r4``): the colex rank of the
    strictly increasing ``r_i + i``."""
    return binom[r0, 1] + binom[r1 + 1, 2] + binom[r2 + 2, 3] + binom[r3 + 3, 4] + binom[r4 + 4, 5]


@jitted()
def sort5(a, b, c, d, e):
    """Five values in ascending order (a sorting network)."""
    if a > b:
        a, b = b, a
    if d > e:
        d, e = e, d
    if c > e:
        c, e = e, c
    if c > d:
        c, d = d, c
    if a > d:
        a, d = d, a
    if a > c:
        a, c = c, a
    if b > e:
        b, e = e, b
    if b > d:
        b, d = d, b
    if b > c:
        b, c = c, b
    return a, b, c, d, e


@jitted()
def hole_keys(hole, n_players, cards, pkeys, pbits):
    """Every player's hole key (suit counters started) and suit-rank bits; returns their card mask."""
    used = U64(0)
    for p in range(n_players):
        a = hole[p, 0]
        b = hole[p, 1]
        pkeys[p] = add_card(first_card(cards, a), cards, b)
        pbits[p] = suit_rank_bit(a) | suit_rank_bit(b)
        used |= (_ONE << U64(a)) | (_ONE << U64(b))
    return used


@nb.njit(inline="always", nogil=True)
def other_suits(used, rank, suit):
    """The available cards of ``rank`` outside ``suit``, as a 4-bit mask of their suits."""
    return (~used >> U64(4 * rank)) & U64(0xF) & ~(_ONE << U64(suit))


@jitted()
def rank_available(used, rank):
    """How many cards of ``rank`` are not in the mask ``used``."""
    return np.int64(4) - np.int64(popcount((used >> U64(4 * rank)) & U64(0xF)))


@jitted()
def exact_preflop(hole, dead, out, scratch, tables):
    """Every board of one deal with no board card known (see the module doc), counted into ``out``."""
    flushy, pkeys, pbits, pvals, others = scratch
    binom, rank_keys = tables.binom, tables.rank_keys
    cards, bases, values, flush, bases5, values5, subset_rare = tables.rank
    n_players = hole.shape[0]
    used = dead | hole_keys(hole, n_players, cards, pkeys, pbits)
    for i in range(flushy.shape[0]):
        flushy[i] = 0
    # 1. flushy boards, suit by suit, one by one
    for s in range(4):
        most = U64(0)
        for p in range(n_players):
            most = max(most, popcount((pbits[p] >> U64(16 * s)) & U64(0x1FFF)))
        need = np.int64(5) - np.int64(most)
        suited = U64(0)  # available ranks of suit s
        n_others = 0  # available cards of the other suits
        for c in range(N_NATURAL):
            if (used >> U64(c)) & _ONE:
                continue
            if c % 4 == s:
                suited |= _ONE << U64(c // 4)
            else:
                others[n_others] = c
                n_others += 1
        sub = suited
        while True:  # every subset of the suit's available ranks
            j = np.int64(popcount(sub))
            if need <= j <= 5 and j >= 5 - n_others:
                ks = U64(0)
                ranks0 = ranks1 = ranks2 = ranks3 = ranks4 = np.int64(13)
                rest = sub
                q = 0
                while rest:
                    rank = np.int64(trailing_zeros(rest))
                    rest &= rest - _ONE
                    ks += cards[U64(4 * rank + s)]
                    if q == 0:
                        ranks0 = rank
                    elif q == 1:
                        ranks1 = rank
                    elif q == 2:
                        ranks2 = rank
                    elif q == 3:
                        ranks3 = rank
                    else:
                        ranks4 = rank
                    q += 1
                bs = sub << U64(16 * s)
                # the board valuation and the settle step are inlined twice, not four times: one site for
                # j == 5 (one case) and j == 4, one for the pairs and the two ranks of j == 3
                if j >= 4:  # no card of another suit, or one: only its rank matters, counted with its suits
                    for r in range(13 if j == 4 else 1):
                        kb, bb = ks, bs
                        weight = np.int64(1)
                        t0, t1, t2, t3, t4 = ranks0, ranks1, ranks2, ranks3, ranks4
                        if j == 4:
                            avail = other_suits(used, r, s)
                            weight = np.int64(popcount(avail))
                            if weight == 0:
                                continue
                            ca = 4 * r + np.int64(trailing_zeros(avail))
                            kb += cards[U64(ca)]
                            bb |= suit_rank_bit(ca)
                            t0, t1, t2, t3, t4 = sort5(ranks0, ranks1, ranks2, ranks3, np.int64(r))
                        board_value(kb, bb, n_players, pkeys, pbits, pvals, cards, bases, values, flush, bases5,
                                    values5, subset_rare)
                        settle(pvals, n_players, weight, out, False)
                        flushy[multiset_index(t0, t1, t2, t3, t4, binom)] += weight
                else:  # two cards of other suits: a pair (r2 == r1) or two ranks, counted with their suit choices
                    for r1 in range(13):
                        avail1 = other_suits(used, r1, s)
                        n1 = np.int64(popcount(avail1))
                        if n1 == 0:
                            continue
                        ca = 4 * r1 + np.int64(trailing_zeros(avail1))
                        ka = ks + cards[U64(ca)]
                        ba = bs | suit_rank_bit(ca)
                        for r2 in range(r1, 13):
                            if r2 == r1:
                                if n1 < 2:
                                    continue
                                weight = n1 * (n1 - 1) // 2
                                cb = 4 * r1 + np.int64(trailing_zeros(avail1 & (avail1 - _ONE)))
                            else:
                                avail2 = other_suits(used, r2, s)
                                n2 = np.int64(popcount(avail2))
                                if n2 == 0:
                                    continue
                                weight = n1 * n2
                                cb = 4 * r2 + np.int64(trailing_zeros(avail2))
                            board_value(ka + cards[U64(cb)], ba | suit_rank_bit(cb), n_players, pkeys, pbits, pvals,
                                        cards, bases, values, flush, bases5, values5, subset_rare)
                            settle(pvals, n_players, weight, out, False)
                            t0, t1, t2, t3, t4 = sort5(ranks0, ranks1, ranks2, np.int64(r1), np.int64(r2))
                            flushy[multiset_index(t0, t1, t2, t3, t4, binom)] += weight
            if sub == 0:
                break
            sub = (sub - _ONE) & suited
    # 2. every other board, by its rank multiset, counted with its suit choices less the flushy ones
    for r0 in range(13):
        a0 = rank_available(used, r0)
        if a0 == 0:
            continue
        k0 = rank_keys[r0]
        w0 = a0
        for r1 in range(r0, 13):
            c1 = 1 if r1 == r0 else 0
            a1 = rank_available(used, r1)
            if a1 <= c1:
                continue
            w1 = w0 * (a1 - c1) // (c1 + 1) if c1 else w0 * a1
            k1 = k0 + rank_keys[r1]
            for r2 in range(r1, 13):
                c2 = (c1 + 1) if r2 == r1 else 0
                a2 = rank_available(used, r2)
                if a2 <= c2:
                    continue
                w2 = w1 * (a2 - c2) // (c2 + 1)
                k2 = k1 + rank_keys[r2]
                for r3 in range(r2, 13):
                    c3 = (c2 + 1) if r3 == r2 else 0
                    a3 = rank_available(used, r3)
                    if a3 <= c3:
                        continue
                    w3 = w2 * (a3 - c3) // (c3 + 1)
                    k3 = k2 + rank_keys[r3]
                    for r4 in range(r3, 13):
                        c4 = (c3 + 1) if r4 == r3 else 0
                        a4 = rank_available(used, r4)
                        if a4 <= c4:
                            continue
                        w = w3 * (a4 - c4) // (c4 + 1) - flushy[multiset_index(r0, r1, r2, r3, r4, binom)]
                        if w <= 0:
                            continue
                        kb = k3 + rank_keys[r4]
                        for p in range(n_players):
                            pvals[p] = lookup(pkeys[p] + kb, bases, values)
                        settle(pvals, n_players, w, out, False)


@nb.njit(inline="always", nogil=True)
def board_value(kb, bb, n_players, pkeys, pbits, pvals, cards, bases, values, flush, bases5, values5, subset_rare):
    """Every player's value on a board of key ``kb`` and suit-rank bits ``bb``."""
    for p in range(n_players):
        pvals[p] = hand_value_of_bits(pkeys[p] + kb, pbits[p] | bb, bases, values, flush, bases5, values5, cards,
                                      subset_rare)


@jitted()
def exact_known_board(hole, board, dead, out, scratch, tables):
    """Every completion of a board of 3 to 5 known cards (at most two missing), counted into ``out``."""
    pkeys, pbits, pvals, others = scratch.pkeys, scratch.pbits, scratch.pvals, scratch.others
    cards, bases, values, flush, bases5, values5, subset_rare = tables
    n_players = hole.shape[0]
    used = dead | hole_keys(hole, n_players, cards, pkeys, pbits)
    kb = U64(0)
    bb = U64(0)
    for j in range(board.shape[0]):
        c = board[j]
        kb += cards[U64(c)]
        bb |= suit_rank_bit(c)
        used |= _ONE << U64(c)
    n_others = 0
    for c in range(N_NATURAL):
        if not (used >> U64(c)) & _ONE:
            others[n_others] = c
            n_others += 1
    missing = 5 - board.shape[0]
    if missing == 0:
        board_value(kb, bb, n_players, pkeys, pbits, pvals, cards, bases, values, flush, bases5, values5, subset_rare)
        settle(pvals, n_players, np.int64(1), out, False)
    elif missing == 1:
        for a in range(n_others):
            ca = others[a]
            board_value(kb + cards[U64(ca)], bb | suit_rank_bit(ca), n_players, pkeys, pbits, pvals, cards,
                        bases, values, flush, bases5, values5, subset_rare)
            settle(pvals, n_players, np.int64(1), out, False)
    else:
        for a in range(n_others):
            ca = others[a]
            ka = kb + cards[U64(ca)]
            ba = bb | suit_rank_bit(ca)
            for b in range(a + 1, n_others):
                cb = others[b]
                board_value(ka + cards[U64(cb)], ba | suit_rank_bit(cb), n_players, pkeys, pbits, pvals, cards,
                            bases, values, flush, bases5, values5, subset_rare)
                settle(pvals, n_players, np.int64(1), out, False)


def exact_preflop_rows(holes, boards, board_of, dead_masks, out, scratch, tables):
    """Every board of every deal ``t`` with no known board: holes ``holes[t]`` (P, 2), dead cards
    ``dead_masks[board_of[t]]``, counted into ``out[t]`` (P, 3); ``scratch`` is the caller's
    (:func:`exact_scratch`), ``tables`` an :class:`~pokerlut.table_records.EquityTables`.  ``boards``
    (S, 0) is taken for the arguments to match :func:`exact_board_rows`."""
    for t in range(holes.shape[0]):
        exact_preflop(holes[t], dead_masks[board_of[t]], out[t], scratch, tables)


def exact_board_rows(holes, boards, board_of, dead_masks, out, scratch, tables):
    """As :func:`exact_preflop_rows`, with the known board ``boards[board_of[t]]`` (3 to 5 cards)."""
    rank = tables.rank
    for t in range(holes.shape[0]):
        s = board_of[t]
        exact_known_board(holes[t], boards[s], dead_masks[s], out[t], scratch, rank)


class ExactScratch(NamedTuple):
    """The exact kernels' working memory (one per thread)."""

    flushy: np.ndarray  #: (N_RANK_MULTISETS,) int64: flushy boards counted per rank multiset
    pkeys: np.ndarray  #: (P,) uint64: each player's hole key
    pbits: np.ndarray  #: (P,) uint64: each player's hole suit-rank bits
    pvals: np.ndarray  #: (P,) uint16: each player's value on the board
    others: np.ndarray  #: (N_NATURAL,) uint8: the cards left


def exact_scratch(n_players: int) -> ExactScratch:
    """One thread's :class:`ExactScratch` for deals of ``n_players``.

    >>> exact_scratch(3).flushy.shape
    (6188,)
    """
    return ExactScratch(np.zeros(N_RANK_MULTISETS, np.int64), np.zeros(n_players, np.uint64),
                        np.zeros(n_players, np.uint64), np.zeros(n_players, np.uint16), np.zeros(N_NATURAL, np.uint8))


def make_exact_kernel(preflop: bool):
    """Compile :func:`exact_preflop_rows` (``preflop``) or :func:`exact_board_rows`: two kernels, so
    that a call compiles only the one it runs."""
    return compile_kernel(exact_preflop_rows if preflop else exact_board_rows,
                          "exact_preflop_rows" if preflop else "exact_board_rows")
