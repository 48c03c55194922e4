"""Equity kernels for games of two hole cards and a five-card board: exact and Monte Carlo.

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

**Monte Carlo**: chunks of trials, each from its own splitmix64 stream; hole combos drawn by weight
(Walker's alias method; a deal holding a card twice redrawn whole), board cards uniformly from the
rest.  A call advances each chunk by a budget of work, not of deals (a deal of ranges that rarely
fit takes many draws), and the next call goes on where it stopped, with the same counts as one run.

Pot shares are counted as integers in units of ``1 / SHARE_UNIT`` (2520 is divisible by every
number of winners 1..9).  Accumulators ``out[item, player, k]``: ``k = 0`` boards won alone, ``1``
boards tied for the best hand, ``2`` pot share in units, ``3`` (Monte Carlo) squared share units.
Kernels do not allocate: the caller passes per-chunk scratch rows.
"""

from __future__ import annotations

from typing import NamedTuple

import numba as nb
import numpy as np

from ..constants import N_NATURAL
from .compile import compile_kernel, jitted
from .intrinsics import popcount, trailing_zeros
from .primitives import add_card, first_card, hand_value_of_bits, lookup, suit_rank_bit

SHARE_UNIT = 2520  # lcm(1..9)
MAX_ATTEMPTS = 1_000_000  # rejected combo draws in a row before a Monte Carlo chunk gives up
#: Rank multisets of five board cards (C(17, 5)): the size of the exact kernel's scratch row.
N_RANK_MULTISETS = 6188
#: Monte Carlo deals drawn, then ranked, per batch: the rows of the kernel's ``keys``/``bits`` scratch.
MC_BATCH = 64

U64 = np.uint64
_GOLDEN = U64(0x9E3779B97F4A7C15)
_MIX1 = U64(0xBF58476D1CE4E5B9)
_MIX2 = U64(0x94D049BB133111EB)
_LOW32 = U64(0xFFFFFFFF)
_ONE = U64(1)


@nb.njit(inline="always", nogil=True)
def settle(values, n_players, weight, out, squares):
    """Add one board (counted ``weight`` times) to ``out`` (P, 3 or 4): who wins alone, who ties,
    the pot shares in units and, with ``squares``, the squared shares."""
    best = values[0]
    for p in range(1, n_players):
        best = max(best, values[p])
    n_best = 0
    for p in range(n_players):
        n_best += values[p] == best
    unit = SHARE_UNIT // n_best
    solo = weight * np.int64(n_best == 1)
    for p in range(n_players):  # branch-free: the winner is a coin flip
        w = np.int64(values[p] == best)
        out[p, 0] += w * solo
        out[p, 1] += w * (weight - solo)
        out[p, 2] += w * weight * unit
        if squares:
            out[p, 3] += w * weight * unit * unit


@nb.njit(inline="always", nogil=True)
def splitmix(state):
    """The next state and output of a splitmix64 stream."""
    state += _GOLDEN
    z = state
    z = (z ^ (z >> U64(30))) * _MIX1
    z = (z ^ (z >> U64(27))) * _MIX2
    return state, z ^ (z >> U64(31))


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
                if j == 5:
                    board_value(ks, bs, n_players, pkeys, pbits, pvals, cards, bases, values, flush, bases5, values5,
                                subset_rare)
                    settle(pvals, n_players, np.int64(1), out, False)
                    flushy[multiset_index(ranks0, ranks1, ranks2, ranks3, ranks4, binom)] += 1
                elif j == 4:  # one card of another suit: only its rank matters, counted with its suits
                    for r in range(13):
                        avail = other_suits(used, r, s)
                        n_r = np.int64(popcount(avail))
                        if n_r == 0:
                            continue
                        ca = 4 * r + np.int64(trailing_zeros(avail))
                        board_value(ks + cards[U64(ca)], bs | suit_rank_bit(ca), n_players, pkeys, pbits, pvals,
                                    cards, bases, values, flush, bases5, values5, subset_rare)
                        settle(pvals, n_players, n_r, out, False)
                        t0, t1, t2, t3, t4 = sort5(ranks0, ranks1, ranks2, ranks3, np.int64(r))
                        flushy[multiset_index(t0, t1, t2, t3, t4, binom)] += n_r
                else:  # two cards of other suits: their ranks, counted with their suit choices
                    for r1 in range(13):
                        avail1 = other_suits(used, r1, s)
                        n1 = np.int64(popcount(avail1))
                        if n1 == 0:
                            continue
                        ca = 4 * r1 + np.int64(trailing_zeros(avail1))
                        ka = ks + cards[U64(ca)]
                        ba = bs | suit_rank_bit(ca)
                        if n1 >= 2:  # a pair of them
                            cb = 4 * r1 + np.int64(trailing_zeros(avail1 & (avail1 - _ONE)))
                            board_value(ka + cards[U64(cb)], ba | suit_rank_bit(cb), n_players, pkeys, pbits, pvals,
                                        cards, bases, values, flush, bases5, values5, subset_rare)
                            settle(pvals, n_players, n1 * (n1 - 1) // 2, out, False)
                            t0, t1, t2, t3, t4 = sort5(ranks0, ranks1, ranks2, np.int64(r1), np.int64(r1))
                            flushy[multiset_index(t0, t1, t2, t3, t4, binom)] += n1 * (n1 - 1) // 2
                        for r2 in range(r1 + 1, 13):
                            avail2 = other_suits(used, r2, s)
                            n2 = np.int64(popcount(avail2))
                            if n2 == 0:
                                continue
                            cb = 4 * r2 + np.int64(trailing_zeros(avail2))
                            board_value(ka + cards[U64(cb)], ba | suit_rank_bit(cb), n_players, pkeys, pbits, pvals,
                                        cards, bases, values, flush, bases5, values5, subset_rare)
                            settle(pvals, n_players, n1 * n2, out, False)
                            t0, t1, t2, t3, t4 = sort5(ranks0, ranks1, ranks2, np.int64(r1), np.int64(r2))
                            flushy[multiset_index(t0, t1, t2, t3, t4, binom)] += n1 * n2
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


@nb.njit(inline="always", nogil=True)
def shuffle_front(state, deck, n_deck, n_draw):
    """Move a uniform draw of ``n_draw`` cards without replacement to ``deck[:n_draw]`` (a partial
    Fisher-Yates shuffle of ``deck[:n_deck]``, which may start in any order), two cards per random
    number; returns the stream's state."""
    i = 0
    while i < n_draw:
        state, z = splitmix(state)
        j = i + np.int64(((z & _LOW32) * U64(n_deck - i)) >> U64(32))
        c = deck[j]
        deck[j] = deck[i]
        deck[i] = c
        i += 1
        if i < n_draw:
            j = i + np.int64(((z >> U64(32)) * U64(n_deck - i)) >> U64(32))
            c = deck[j]
            deck[j] = deck[i]
            deck[i] = c
            i += 1
    return state


@nb.njit(inline="always", nogil=True)
def settle_batch(m, n_players, keys, bits, pvals, out, cards, bases, values, flush, bases5, values5, subset_rare):
    """Rank and settle the first ``m`` deals of a batch: ``keys[t, p]``/``bits[t, p]`` is player
    ``p``'s whole hand in deal ``t``.  Ranking apart from drawing lets the loads of independent deals
    overlap."""
    for t in range(m):
        for p in range(n_players):
            pvals[p] = hand_value_of_bits(keys[t, p], bits[t, p], bases, values, flush, bases5, values5, cards,
                                          subset_rare)
        settle(pvals, n_players, np.int64(1), out, True)


@nb.njit(inline="always", nogil=True)
def dealt_trials(n_trials, state, n_players, n_dealt, dealt, n_known, kb0, bb0, deck, n_deck, out, pkeys, pbits,
                 keys, bits, pvals, cards, bases, values, flush, bases5, values5, subset_rare):
    """Monte Carlo deals where each player with ``dealt[p]`` holds any two cards of the deck and the
    others their fixed hand (``pkeys``/``pbits``): the ``n_dealt`` players' cards and the missing
    board cards are one uniform draw without replacement (:func:`shuffle_front`), no redraw and no
    collision test; drawn and ranked in batches of ``keys.shape[0]``.  Returns the stream's state."""
    n_draw = 2 * n_dealt + 5 - n_known
    batch = keys.shape[0]
    done = 0
    while done < n_trials:
        m = min(batch, n_trials - done)
        for t in range(m):
            state = shuffle_front(state, deck, n_deck, n_draw)
            kb = kb0
            bb = bb0
            for j in range(2 * n_dealt, n_draw):
                c = deck[j]
                kb += cards[U64(c)]
                bb |= suit_rank_bit(c)
            i = 0
            for p in range(n_players):
                if dealt[p]:
                    a = deck[i]
                    b = deck[i + 1]
                    i += 2
                    keys[t, p] = add_card(first_card(cards, a), cards, b) + kb
                    bits[t, p] = suit_rank_bit(a) | suit_rank_bit(b) | bb
                else:
                    keys[t, p] = pkeys[p] + kb
                    bits[t, p] = pbits[p] | bb
        settle_batch(m, n_players, keys, bits, pvals, out, cards, bases, values, flush, bases5, values5, subset_rare)
        done += m
    return state


@nb.njit(inline="always", nogil=True)
def ranged_trials(n_trials, budget, state, n_players, combos, prob, alias, offsets, fixed, n_known, kb0, bb0, deck,
                  n_deck, out, h0, h1, pkeys, pbits, keys, bits, pvals, cards, bases, values, flush, bases5, values5,
                  subset_rare):
    """Monte Carlo deals drawing each ranged player's combo by weight from its segment
    ``offsets[p]..offsets[p+1]`` of ``combos`` with the alias tables ``prob``/``alias`` (a deal
    holding a card twice is redrawn whole), then the missing board cards uniformly from the rest
    (``deck[:n_deck]``: every card outside ``fixed``); drawn and ranked in batches.

    Runs until ``n_trials`` deals are counted or, after a deal, ``budget`` units of work are spent
    (a combo drawn is one unit, a deal counted ``2 * n_players``: about lookups), whichever comes
    first; the stream goes on where it stopped when called again with the state returned, so a chunk
    run in several calls counts exactly what one call counts.  Returns (state, deals counted,
    draws of a whole deal, failed): failed is 1 when ``MAX_ATTEMPTS`` draws in a row conflicted."""
    n_deck64 = U64(n_deck)
    batch = keys.shape[0]
    done = 0
    work = 0
    draws = 0
    while done < n_trials and work < budget:
        m = min(batch, n_trials - done)
        t = 0
        while t < m:
            attempts = 0
            while True:
                used = fixed
                ok = True
                draws += 1
                for p in range(n_players):
                    lo = offsets[p]
                    hi = offsets[p + 1]
                    if hi - lo == 1:
                        continue
                    work += 1
                    state, z = splitmix(state)
                    # Walker's alias method: a uniform slot, kept with probability prob[slot]
                    a = lo + np.int64(((z & _LOW32) * U64(hi - lo)) >> U64(32))
                    if np.float64(z >> U64(32)) * (1.0 / 4294967296.0) >= prob[a]:
                        a = alias[a]
                    x = combos[a, 0]
                    y = combos[a, 1]
                    mask = (_ONE << U64(x)) | (_ONE << U64(y))
                    if used & mask:
                        ok = False
                        break
                    used |= mask
                    h0[p] = x
                    h1[p] = y
                if ok:
                    break
                attempts += 1
                if attempts >= MAX_ATTEMPTS:
                    return state, done, draws, 1
            kb = kb0
            bb = bb0
            j = n_known
            while j < 5:  # two board cards per draw: the low and the high half of one output
                state, z = splitmix(state)
                c = deck[((z & _LOW32) * n_deck64) >> U64(32)]
                bit = _ONE << U64(c)
                if used & bit:
                    continue
                used |= bit
                kb += cards[U64(c)]
                bb |= suit_rank_bit(c)
                j += 1
                if j < 5:
                    c = deck[((z >> U64(32)) * n_deck64) >> U64(32)]
                    bit = _ONE << U64(c)
                    if used & bit:
                        continue
                    used |= bit
                    kb += cards[U64(c)]
                    bb |= suit_rank_bit(c)
                    j += 1
            for p in range(n_players):
                if offsets[p + 1] - offsets[p] > 1:
                    keys[t, p] = add_card(first_card(cards, h0[p]), cards, h1[p]) + kb
                    bits[t, p] = suit_rank_bit(h0[p]) | suit_rank_bit(h1[p]) | bb
                else:
                    keys[t, p] = pkeys[p] + kb
                    bits[t, p] = pbits[p] | bb
            work += 2 * n_players
            t += 1
            if work >= budget:
                break
        settle_batch(t, n_players, keys, bits, pvals, out, cards, bases, values, flush, bases5, values5, subset_rare)
        done += t
    return state, done, draws, 0


@jitted()
def mc_chunk(n_trials, state, budget, combos, prob, alias, offsets, dealt, board, dead, out, deck, h0, h1, pkeys,
             pbits, keys, bits, pvals, cards, bases, values, flush, bases5, values5, subset_rare):
    """Up to ``n_trials`` Monte Carlo deals from a splitmix64 stream in state ``state``: each
    player's combo drawn by weight from its segment ``offsets[p]..offsets[p+1]`` of ``combos``
    (:func:`ranged_trials`, which stops early once ``budget`` units of work are spent), or, when
    every player without a fixed hand holds any two cards of the deck (``dealt[p]``: its segment is
    every combo left, equally weighted), their cards dealt with the board's (:func:`dealt_trials`:
    every deal fits, all ``n_trials`` run).  Counts into ``out`` (P, 4); returns (state, deals
    counted, deals drawn, failed): failed is 1 when the combos almost never fit together
    (``MAX_ATTEMPTS`` redraws in a row).  Heads-up deals run through copies of the loops compiled
    for two players."""
    n_players = offsets.shape[0] - 1
    n_known = board.shape[0]
    # cards never drawn for the board: dead, known board, and the holes of players with one combo
    fixed = dead
    kb0 = U64(0)
    bb0 = U64(0)
    for j in range(n_known):
        c = board[j]
        fixed |= _ONE << U64(c)
        kb0 += cards[U64(c)]
        bb0 |= suit_rank_bit(c)
    n_ranged = 0
    n_dealt = 0
    for p in range(n_players):
        i = offsets[p]
        h0[p] = combos[i, 0]
        h1[p] = combos[i, 1]
        if offsets[p + 1] - offsets[p] == 1:
            fixed |= (_ONE << U64(h0[p])) | (_ONE << U64(h1[p]))
        else:
            n_ranged += 1
            n_dealt += dealt[p] != 0
        pkeys[p] = add_card(first_card(cards, h0[p]), cards, h1[p])
        pbits[p] = suit_rank_bit(h0[p]) | suit_rank_bit(h1[p])
    n_deck = 0
    for c in range(N_NATURAL):
        if not (fixed >> U64(c)) & _ONE:
            deck[n_deck] = c
            n_deck += 1
    if n_ranged > 0 and n_dealt == n_ranged:
        # the deck's order carries from deal to deal (a partial shuffle each): the chunk runs whole
        if n_players == 2 and n_dealt == 1 and n_known == 0:  # a hand against any two cards, preflop
            state = dealt_trials(n_trials, state, 2, 1, dealt, 0, kb0, bb0, deck, n_deck, out, pkeys, pbits, keys,
                                 bits, pvals, cards, bases, values, flush, bases5, values5, subset_rare)
        elif n_players == 2:
            state = dealt_trials(n_trials, state, 2, n_dealt, dealt, n_known, kb0, bb0, deck, n_deck, out, pkeys,
                                 pbits, keys, bits, pvals, cards, bases, values, flush, bases5, values5, subset_rare)
        else:
            state = dealt_trials(n_trials, state, n_players, n_dealt, dealt, n_known, kb0, bb0, deck, n_deck, out,
                                 pkeys, pbits, keys, bits, pvals, cards, bases, values, flush, bases5, values5,
                                 subset_rare)
        return state, n_trials, n_trials, 0
    if n_players == 2:
        return ranged_trials(n_trials, budget, state, 2, combos, prob, alias, offsets, fixed, n_known, kb0, bb0, deck,
                             n_deck, out, h0, h1, pkeys, pbits, keys, bits, pvals, cards, bases, values, flush,
                             bases5, values5, subset_rare)
    return ranged_trials(n_trials, budget, state, n_players, combos, prob, alias, offsets, fixed, n_known, kb0, bb0,
                         deck, n_deck, out, h0, h1, pkeys, pbits, keys, bits, pvals, cards, bases, values, flush,
                         bases5, values5, subset_rare)


def monte_carlo(chunks, budget, chunk_scenario, chunk_left, chunk_states, chunk_draws, combos, prob, alias, offsets,
                dealt, boards, dead_masks, out, failed, deck, h0, h1, pkeys, pbits, keys, bits, pvals, cards, bases,
                values, flush, bases5, values5, subset_rare):
    """Advance each Monte Carlo chunk ``i`` of ``chunks``: up to ``chunk_left[i]`` deals of scenario
    ``s = chunk_scenario[i]`` (player segments ``offsets[s]`` and which are dealt from the deck
    ``dealt[s]``, known board ``boards[s]``, dead mask ``dead_masks[s]``) from its stream's state
    ``chunk_states[i]`` (first its seed), counted into ``out[i]`` (P, 4), stopping after about
    ``budget`` units of work (:func:`ranged_trials`).  ``chunk_left``, ``chunk_states`` and
    ``chunk_draws`` (the deals drawn, conflicting ones included) are updated, so calling again
    continues every chunk exactly where it stopped; ``failed[i]`` is 1 when its combos never fit
    together.  Scratch rows (``deck`` (52,), ``h0``/``h1``/``pkeys``/``pbits``/``pvals`` (P,),
    ``keys``/``bits`` (``MC_BATCH``, P)) are the caller's."""
    for k in range(chunks.shape[0]):
        i = chunks[k]
        s = chunk_scenario[i]
        state, done, drawn, fail = mc_chunk(chunk_left[i], chunk_states[i], budget, combos, prob, alias, offsets[s],
                                            dealt[s], boards[s], dead_masks[s], out[i], deck, h0, h1, pkeys, pbits,
                                            keys, bits, pvals, cards, bases, values, flush, bases5, values5,
                                            subset_rare)
        chunk_states[i] = state
        chunk_left[i] -= done
        chunk_draws[i] += drawn
        failed[i] = fail


def make_mc_kernel():
    """Compile :func:`monte_carlo`."""
    return compile_kernel(monte_carlo, "monte_carlo")
