"""Equity kernels for games of two hole cards and a five-card board: Monte Carlo, and what the exact
kernels (:mod:`.equity_exact`) share with it.

A player's hand is its hole key plus the board's key (both sums of card constants), and its
suit-rank bits the OR of both, so every board costs one add and one lookup per player
(:func:`.primitives.value_of_bits`).

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
from .primitives import add_card, first_card, hand_value_of_bits, suit_rank_bit

SHARE_UNIT = 2520  # lcm(1..9)
MAX_ATTEMPTS = 1_000_000  # rejected combo draws in a row before a Monte Carlo chunk gives up
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
def settle_heads_up(out, won0, won1, tied):
    """Add to ``out`` (2, 4) deals counted by outcome, as :func:`settle` adds them one at a time:
    ``won0``/``won1`` won alone by player 0/1 (the whole pot, ``SHARE_UNIT``), ``tied`` split (half each)."""
    half = np.int64(SHARE_UNIT // 2)
    whole = np.int64(SHARE_UNIT)
    out[0, 0] += won0
    out[1, 0] += won1
    out[0, 1] += tied
    out[1, 1] += tied
    out[0, 2] += won0 * whole + tied * half
    out[1, 2] += won1 * whole + tied * half
    out[0, 3] += won0 * whole * whole + tied * half * half
    out[1, 3] += won1 * whole * whole + tied * half * half


@nb.njit(inline="always", nogil=True)
def settle_batch(m, n_players, keys, bits, pvals, out, cards, bases, values, flush, bases5, values5, subset_rare):
    """Rank and settle the first ``m`` deals of a batch: ``keys[t, p]``/``bits[t, p]`` is player
    ``p``'s whole hand in deal ``t``.  Ranking apart from drawing lets the loads of independent deals
    overlap.  Heads-up, the batch's outcomes are counted in registers and added to ``out`` once
    (:func:`settle_heads_up`: the same sums; settling deal by deal, eight additions to memory a
    deal took as long as ranking both hands)."""
    if n_players == 2:
        won0 = np.int64(0)
        won1 = np.int64(0)
        tied = np.int64(0)
        for t in range(m):
            v0 = hand_value_of_bits(keys[t, 0], bits[t, 0], bases, values, flush, bases5, values5, cards, subset_rare)
            v1 = hand_value_of_bits(keys[t, 1], bits[t, 1], bases, values, flush, bases5, values5, cards, subset_rare)
            won0 += np.int64(v0 > v1)
            won1 += np.int64(v1 > v0)
            tied += np.int64(v0 == v1)
        settle_heads_up(out, won0, won1, tied)
        return
    for t in range(m):
        for p in range(n_players):
            pvals[p] = hand_value_of_bits(keys[t, p], bits[t, p], bases, values, flush, bases5, values5, cards,
                                          subset_rare)
        settle(pvals, n_players, np.int64(1), out, True)


@nb.njit(inline="always", nogil=True)
def dealt_trials(n_trials, state, n_players, n_dealt, dealt, n_known, kb0, bb0, n_deck, out, scratch, tables):
    """Monte Carlo deals where each player with ``dealt[p]`` holds any two cards of the deck and the
    others their fixed hand (``pkeys``/``pbits``): the ``n_dealt`` players' cards and the missing
    board cards are one uniform draw without replacement (:func:`shuffle_front`), no redraw and no
    collision test; drawn and ranked in batches of ``MC_BATCH`` (the rows of ``scratch.keys``).
    Returns the stream's state."""
    deck, pkeys, pbits, keys, bits, pvals = (scratch.deck, scratch.pkeys, scratch.pbits, scratch.keys, scratch.bits,
                                             scratch.pvals)
    cards, bases, values, flush, bases5, values5, subset_rare = tables
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
def ranged_trials(n_trials, budget, state, n_players, combos, prob, alias, offsets, fixed, n_known, kb0, bb0,
                  n_deck, out, scratch, tables):
    """Monte Carlo deals drawing each ranged player's combo by weight from its segment
    ``offsets[p]..offsets[p+1]`` of ``combos`` with the alias tables ``prob``/``alias`` (a deal
    holding a card twice is redrawn whole), then the missing board cards uniformly from the rest
    (``deck[:n_deck]``: every card outside ``fixed``); drawn and ranked in batches.

    Runs until ``n_trials`` deals are counted or, after a deal, ``budget`` units of work are spent
    (a combo drawn is one unit, a deal counted ``2 * n_players``: about lookups), whichever comes
    first; the stream goes on where it stopped when called again with the state returned, so a chunk
    run in several calls counts exactly what one call counts.  Returns (state, deals counted,
    draws of a whole deal, failed): failed is 1 when ``MAX_ATTEMPTS`` draws in a row conflicted."""
    deck, h0, h1, pkeys, pbits, keys, bits, pvals = scratch
    cards, bases, values, flush, bases5, values5, subset_rare = tables
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


class MonteCarloDeals(NamedTuple):
    """What the Monte Carlo kernel deals from, per scenario ``s`` (a question: players, board, dead)."""

    combos: np.ndarray  #: (N, 2) uint8: every player's combos, one segment per player
    prob: np.ndarray  #: (N,) float64: Walker's alias tables over each segment, kept-probability...
    alias: np.ndarray  #: (N,) int64: ... and the alias slot
    offsets: np.ndarray  #: (S, P + 1) int64: player ``p``'s segment of scenario ``s``
    dealt: np.ndarray  #: (S, P) uint8: 1 where the player holds any two cards of the deck
    boards: np.ndarray  #: (S, k) uint8: the known board cards
    dead_masks: np.ndarray  #: (S,) uint64: the dead cards' bits


class MonteCarloChunks(NamedTuple):
    """The chunks of a Monte Carlo run as they advance (one row each), updated by the kernel."""

    left: np.ndarray  #: (C,) int64: the deals still to count
    states: np.ndarray  #: (C,) uint64: the stream's state (first its seed)
    draws: np.ndarray  #: (C,) int64: the deals drawn, conflicting ones included
    out: np.ndarray  #: (C, P, 4) int64: the counts
    failed: np.ndarray  #: (C,) int64: 1 when the chunk's combos never fit together


class MonteCarloScratch(NamedTuple):
    """The Monte Carlo kernel's working memory (one per thread)."""

    deck: np.ndarray  #: (N_NATURAL,) uint8: the cards a board is drawn from
    h0: np.ndarray  #: (P,) uint8: each player's first hole card
    h1: np.ndarray  #: (P,) uint8: and second
    pkeys: np.ndarray  #: (P,) uint64: each fixed hand's hole key
    pbits: np.ndarray  #: (P,) uint64: and suit-rank bits
    keys: np.ndarray  #: (MC_BATCH, P) uint64: each deal's whole-hand keys
    bits: np.ndarray  #: (MC_BATCH, P) uint64: and suit-rank bits
    pvals: np.ndarray  #: (P,) uint16: the players' values on one board


def mc_scratch(n_players: int) -> MonteCarloScratch:
    """One thread's :class:`MonteCarloScratch` for deals of ``n_players``.

    >>> mc_scratch(3).keys.shape
    (64, 3)
    """
    return MonteCarloScratch(np.zeros(N_NATURAL, np.uint8), np.zeros(n_players, np.uint8),
                             np.zeros(n_players, np.uint8), np.zeros(n_players, np.uint64),
                             np.zeros(n_players, np.uint64), np.zeros((MC_BATCH, n_players), np.uint64),
                             np.zeros((MC_BATCH, n_players), np.uint64), np.zeros(n_players, np.uint16))


@jitted()
def mc_chunk(n_trials, state, budget, deals, s, out, scratch, tables):
    """Up to ``n_trials`` Monte Carlo deals of scenario ``s`` of ``deals`` (a
    :class:`MonteCarloDeals`) from a splitmix64 stream in state ``state``: each player's combo
    drawn by weight from its segment ``offsets[s, p]..offsets[s, p+1]`` of ``combos``
    (:func:`ranged_trials`, which stops early once ``budget`` units of work are spent), or, when
    every player without a fixed hand holds any two cards of the deck (``dealt[s, p]``: its segment
    is every combo left, equally weighted), their cards dealt with the board's
    (:func:`dealt_trials`: every deal fits, all ``n_trials`` run).  Counts into ``out`` (P, 4);
    returns (state, deals counted, deals drawn, failed): failed is 1 when the combos almost never
    fit together (``MAX_ATTEMPTS`` redraws in a row).  Heads-up deals run through copies of the
    loops compiled for two players."""
    combos, prob, alias = deals.combos, deals.prob, deals.alias
    offsets = deals.offsets[s]
    dealt = deals.dealt[s]
    board = deals.boards[s]
    deck, h0, h1, pkeys, pbits = scratch.deck, scratch.h0, scratch.h1, scratch.pkeys, scratch.pbits
    cards = tables.cards
    n_players = offsets.shape[0] - 1
    n_known = board.shape[0]
    # cards never drawn for the board: dead, known board, and the holes of players with one combo
    fixed = deals.dead_masks[s]
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
            state = dealt_trials(n_trials, state, 2, 1, dealt, 0, kb0, bb0, n_deck, out, scratch, tables)
        elif n_players == 2:
            state = dealt_trials(n_trials, state, 2, n_dealt, dealt, n_known, kb0, bb0, n_deck, out, scratch, tables)
        else:
            state = dealt_trials(n_trials, state, n_players, n_dealt, dealt, n_known, kb0, bb0, n_deck, out, scratch,
                                 tables)
        return state, n_trials, n_trials, 0
    if n_players == 2:
        return ranged_trials(n_trials, budget, state, 2, combos, prob, alias, offsets, fixed, n_known, kb0, bb0,
                             n_deck, out, scratch, tables)
    return ranged_trials(n_trials, budget, state, n_players, combos, prob, alias, offsets, fixed, n_known, kb0, bb0,
                         n_deck, out, scratch, tables)


def monte_carlo(chunks, budget, chunk_scenario, run, deals, scratch, tables):
    """Advance each Monte Carlo chunk ``i`` of ``chunks`` (``run``: a :class:`MonteCarloChunks`): up
    to ``run.left[i]`` deals of scenario ``s = chunk_scenario[i]`` of ``deals`` (a
    :class:`MonteCarloDeals`) from its stream's state ``run.states[i]`` (first its seed), counted
    into ``run.out[i]`` (P, 4), stopping after about ``budget`` units of work
    (:func:`ranged_trials`).  ``left``, ``states`` and ``draws`` (the deals drawn, conflicting ones
    included) are updated, so calling again continues every chunk exactly where it stopped;
    ``run.failed[i]`` is 1 when its combos never fit together.  ``scratch`` is the caller's
    (:func:`mc_scratch`), ``tables`` a :class:`~pokerlut.table_records.RankTables` of 7 cards."""
    left, states, draws, out, failed = run
    for k in range(chunks.shape[0]):
        i = chunks[k]
        state, done, drawn, fail = mc_chunk(left[i], states[i], budget, deals, chunk_scenario[i], out[i], scratch,
                                            tables)
        states[i] = state
        left[i] -= done
        draws[i] += drawn
        failed[i] = fail


def make_mc_kernel():
    """Compile :func:`monte_carlo`."""
    return compile_kernel(monte_carlo, "monte_carlo")
