"""Omaha equity kernels (high, and hi-lo with the eight-or-better low): every board enumerated for
fixed hands, Monte Carlo for random hands and ranges.

Each player's hand is read once per deal into its pair columns (one per two hole cards), its
rank mask per suit and its low bits; each board then costs its key (one add per card, carried
across the enumeration's loops), its row in the Omaha tables, and per player one load per pair
(:mod:`.omaha`), a flush lookup when the board holds three of a suit and the hand two, and one
load for the low.  Pot units: a pot is ``2 * SHARE_UNIT`` in hi-lo (half to the best high
hands, half to the best qualifying lows, the whole to the high side when no low qualifies) and
``SHARE_UNIT`` otherwise, each part split evenly.  Accumulators ``out[item, player, k]``:
``k = 0`` boards the player takes the whole pot alone, ``1`` boards it takes part of the pot,
``2`` its pot units, ``3`` (Monte Carlo) squared units; in hi-lo also the sides apart
(:data:`HIGH_HALF`, :data:`LOW_HALF`, :data:`HIGH_NO_LOW`), so every accumulator row is
:data:`COUNT_COLUMNS` wide.  Kernels do not allocate: the caller passes scratch rows.
"""

from __future__ import annotations

from math import comb
from typing import NamedTuple

import numba as nb
import numpy as np

from .. import layout
from ..constants import BOARD_CARDS, N_NATURAL, N_SUITS, OMAHA_HOLE_SIZES
from .compile import compile_kernel, jitted
from .equity import MAX_ATTEMPTS, SHARE_UNIT, settle, splitmix
from .intrinsics import popcount
from .omaha import PREFETCH_AHEAD, board_row, prefetch_row, suited_pairs_value
from .primitives import flush_suit

U64 = np.uint64
_ONE = U64(1)
_TWO = U64(2)
_THREE = U64(3)
_LOW32 = U64(0xFFFFFFFF)
_BOARD_START = U64(layout.OMAHA_BOARD_COUNTERS_START)
_FLUSH_BITS = U64(layout.FLUSH_BITS)
_LOW_RANKS = U64(layout.OMAHA_LOW_RANKS)
_RANK_MASK = U64(layout.RANK_MASK)
_SUIT_FIELD_SHIFT = U64(4)  # suit-rank bits: 16 per suit
_ACE = U64(12)
_LOW_MIDDLE = U64(0xFE)  # low bits of deuce .. eight
_ACE_LOW_SHIFT = U64(13)  # the ace's bit, 1 << 13, moved to bit 0

#: Hi-lo accumulators: units of the high half won (``SHARE_UNIT`` split among the best high hands,
#: on every board), of the low half won (split among the best qualifying lows; nothing on a board
#: without one), and of the high half won on the boards without a qualifying low (where the high
#: hands take the low half too): pot units = high half + low half + high half without a low.
HIGH_HALF, LOW_HALF, HIGH_NO_LOW = 4, 5, 6
#: The width of every accumulator row of the equity kernels that settle with :func:`settle_pot`.
COUNT_COLUMNS = 7
#: Two-card pairs of the largest Omaha hand (six hole cards).
MAX_PAIRS = comb(max(OMAHA_HOLE_SIZES), 2)


@nb.njit(inline="always", nogil=True)
def settle_pot(high, low, n_players, hilo, weight, out, squares):
    """Share one pot among the players by their high (and low) values, into ``out``: a high-only pot
    as :func:`pokerlut.kernels.equity.settle` shares it (columns 0-3); in hi-lo, half to the best
    high hands and half to the best qualifying lows (the whole pot to the high hands on a board
    without one), with the halves in :data:`HIGH_HALF`, :data:`LOW_HALF`, :data:`HIGH_NO_LOW`."""
    if not hilo:
        settle(high, n_players, weight, out, squares)
        return
    best = high[0]
    for p in range(1, n_players):
        best = max(best, high[p])
    n_high = 0
    for p in range(n_players):
        n_high += high[p] == best
    best_low = np.uint16(1)
    for p in range(n_players):
        best_low = max(best_low, low[p])
    n_low = 0
    if best_low > 1:
        for p in range(n_players):
            n_low += low[p] == best_low
    pot = 2 * SHARE_UNIT
    high_part = (pot if n_low == 0 else SHARE_UNIT) // n_high
    low_part = SHARE_UNIT // n_low if n_low else 0
    for p in range(n_players):
        units = np.int64(0)
        if high[p] == best:
            units += high_part
        if n_low and low[p] == best_low:
            units += low_part
        whole = np.int64(units == pot)
        some = np.int64(units > 0)
        out[p, 0] += weight * whole
        out[p, 1] += weight * (some - whole)
        out[p, 2] += weight * units
        if squares:
            out[p, 3] += weight * units * units
        high_half = np.int64(SHARE_UNIT // n_high) if high[p] == best else np.int64(0)
        out[p, HIGH_HALF] += weight * high_half
        out[p, LOW_HALF] += weight * (low_part if n_low and low[p] == best_low else 0)
        if n_low == 0:
            out[p, HIGH_NO_LOW] += weight * high_half


@nb.njit(inline="always", nogil=True)
def read_hand(hole, start, n_hole, p, cols, masks, lows):
    """Player ``p``'s hand ``hole[start:start + n_hole]`` into its pair columns ``cols[p]``, its rank
    mask per suit ``masks[p]`` and its low bits ``lows[p]`` (written out without helpers: every
    call inlined by numba costs compile time)."""
    k = 0
    for s in range(4):
        masks[p, s] = 0
    low = U64(0)
    for a in range(n_hole):
        ca = U64(hole[start + a])
        ra = min(ca >> _TWO, _ACE)
        masks[p, ca & _THREE] |= _ONE << ra
        v = _ONE << (ra + _ONE)
        low |= (v & _LOW_MIDDLE) | (v >> _ACE_LOW_SHIFT)
        for b in range(a + 1, n_hole):
            rb = min(U64(hole[start + b]) >> _TWO, _ACE)
            lo = min(ra, rb)
            hi = max(ra, rb)
            cols[p, k] = ((hi * (hi + _ONE)) >> _ONE) + lo
            k += 1
    lows[p] = low


@nb.njit(inline="always", nogil=True)
def add_card(state, card, cards):
    """A board's ``(key, suit-rank bits, low bits)`` with ``card`` added."""
    key, bits, low = state
    c = U64(card)
    r = min(c >> _TWO, _ACE)
    v = _ONE << (r + _ONE)
    return (key + cards[c], bits | (_ONE << (((c & _THREE) << _SUIT_FIELD_SHIFT) + r)),
            low | (v & _LOW_MIDDLE) | (v >> _ACE_LOW_SHIFT))


@jitted()
def board_state(board, cards):
    """The ``(key, suit-rank bits, low bits)`` of the cards ``board`` (a real call: once per run)."""
    state = (_BOARD_START, U64(0), U64(0))
    for j in range(board.shape[0]):
        state = add_card(state, board[j], cards)
    return state


@nb.njit(inline="always", nogil=True)
def settle_board(state, n_players, n_pairs, cols, masks, lows, high, low, hilo, weight, out, squares, rows, values,
                 low_table):
    """Every player's high (and low) value on the board ``state`` (:func:`add_card`), and the pot
    shared into ``out``: per player the best of its pairs' entries in the board's row, and of its
    suited pairs' flushes when the board holds three of a suit."""
    key, bits, blow = state
    row = board_row(key, rows)
    flush = (key & _FLUSH_BITS) != U64(0)
    suit = U64(0)
    board_mask = U64(0)
    if flush:
        suit = flush_suit(key)
        board_mask = (bits >> (suit << _SUIT_FIELD_SHIFT)) & _RANK_MASK
    for p in range(n_players):
        best = np.uint16(0)
        for k in range(n_pairs):
            v = values[row + U64(cols[p, k])]
            if v > best:
                best = v
        if flush:
            hole_mask = U64(masks[p, suit])
            if popcount(hole_mask) >= _TWO:
                best = max(best, suited_pairs_value(hole_mask, board_mask, rows, values))
        high[p] = best
        if hilo:
            low[p] = low_table[(blow << _LOW_RANKS) | U64(lows[p])]
    settle_pot(high, low, n_players, hilo, weight, out, squares)


def omaha_exact(holes, deal_of, piece_of, n_pieces, n_players, n_hole, known, deck, out, scratch, hilo, tables):
    """Item ``i`` enumerates, for deal ``t = deal_of[i]`` (its hands ``holes[t]``, P x h cards), the
    completions of the known board (``known``, 0..4 cards: a complete board comes as four known
    cards and a deck of its fifth) by cards of ``deck`` the deal's hands do not hold, whose first
    new card has index ``piece_of[i], piece_of[i] + n_pieces, ...`` among them, counted into
    ``out[i]`` (P, 3).  The boards are visited in lexicographic order of their
    new cards' indices, each board's key carried over from its first cards' (``prefix``): one add
    per board.  ``scratch``: an :func:`omaha_exact_scratch`; ``tables``: the
    :class:`~pokerlut.table_records.OmahaTables`."""
    others, index, prefix, (cols, masks, lows, high, low) = scratch
    cards, rows, values, low_table = tables
    m = 5 - known.shape[0]
    n_pairs = n_hole * (n_hole - 1) // 2
    base = board_state(known, cards)
    one = np.int64(1)
    for i in range(deal_of.shape[0]):
        t = deal_of[i]
        piece = piece_of[i]
        used = U64(0)
        for p in range(n_players):
            read_hand(holes[t], p * n_hole, n_hole, p, cols, masks, lows)
            for j in range(n_hole):
                used |= _ONE << U64(holes[t, p * n_hole + j])
        n_others = 0
        for j in range(deck.shape[0]):
            if not (used >> U64(deck[j])) & _ONE:
                others[n_others] = deck[j]
                n_others += 1
        o = out[i]
        if piece > n_others - m:
            continue
        # the first m - 1 new cards: index[0..m-2], their boards' states in prefix[1..m-1]
        prefix[0, 0], prefix[0, 1], prefix[0, 2] = base
        j = 0
        index[0] = piece
        while True:
            # position j has moved: its state, then the smallest indices after it
            while j < m - 1:
                k, b, lw = add_card((prefix[j, 0], prefix[j, 1], prefix[j, 2]), others[index[j]], cards)
                prefix[j + 1, 0], prefix[j + 1, 1], prefix[j + 1, 2] = k, b, lw
                if j == m - 2:
                    break
                j += 1
                index[j] = index[j - 1] + 1
            # the last new card runs over the rest (the first one, alone, over its piece)
            first, step = (index[m - 2] + 1, 1) if m > 1 else (piece, n_pieces)
            state = (prefix[m - 1, 0], prefix[m - 1, 1], prefix[m - 1, 2])
            ahead = PREFETCH_AHEAD * step
            for x in range(first, n_others, step):
                if x + ahead < n_others:  # the row of a board a few on, fetched while these are settled
                    prefetch_row(values, board_row(state[0] + cards[U64(others[x + ahead])], rows))
                settle_board(add_card(state, others[x], cards), n_players, n_pairs, cols, masks, lows, high, low,
                             hilo, one, o, False, rows, values, low_table)
            if m == 1:
                break
            # the next prefix: the deepest position that can still move
            j = m - 2
            while j > 0 and index[j] + 1 > n_others - m + j:
                j -= 1
            index[j] += n_pieces if j == 0 else 1
            if index[0] > n_others - m:
                break


class OmahaHands(NamedTuple):
    """The Omaha kernels' working memory for the players' hands (one per thread)."""

    cols: np.ndarray  #: (P, MAX_PAIRS) uint32: each hand's pair columns
    masks: np.ndarray  #: (P, N_SUITS) uint64: each hand's rank mask per suit
    lows: np.ndarray  #: (P,) uint64: each hand's low bits
    high: np.ndarray  #: (P,) uint16: each hand's high value on the board
    low: np.ndarray  #: (P,) uint16: each hand's low value on the board


class OmahaExactScratch(NamedTuple):
    """:func:`omaha_exact`'s working memory (one per thread)."""

    others: np.ndarray  #: (N_NATURAL,) uint8: the cards left
    index: np.ndarray  #: (BOARD_CARDS,) int64: the new cards' indices among them
    prefix: np.ndarray  #: (BOARD_CARDS + 1, 3) uint64: the states of the board's first cards
    hands: OmahaHands


def omaha_hands(n_players: int) -> OmahaHands:
    """One thread's :class:`OmahaHands` for ``n_players``.

    >>> omaha_hands(2).cols.shape
    (2, 15)
    """
    return OmahaHands(np.zeros((n_players, MAX_PAIRS), np.uint32), np.zeros((n_players, N_SUITS), np.uint64),
                      np.zeros(n_players, np.uint64), np.zeros(n_players, np.uint16), np.zeros(n_players, np.uint16))


def omaha_exact_scratch(n_players: int) -> OmahaExactScratch:
    """One thread's :class:`OmahaExactScratch` for ``n_players``."""
    return OmahaExactScratch(np.zeros(N_NATURAL, np.uint8), np.zeros(BOARD_CARDS, np.int64),
                             np.zeros((BOARD_CARDS + 1, 3), np.uint64), omaha_hands(n_players))


def make_omaha_exact_kernel():
    """Compile :func:`omaha_exact`."""
    return compile_kernel(omaha_exact, "omaha_exact")


@jitted()
def draw_card(state, deck, n_deck, used):
    """A uniformly drawn card of ``deck[:n_deck]`` not in ``used`` (rejection), and the new state."""
    while True:
        state, z = splitmix(state)
        c = deck[((z & _LOW32) * U64(n_deck)) >> U64(32)]
        if not (used >> U64(c)) & _ONE:
            return state, c


@jitted()
def draw_combo(state, lo, hi, prob, alias):
    """A combo index of the segment ``lo..hi`` drawn by weight (Walker's alias method: a uniform
    slot, kept with probability ``prob[slot]``, else its alias), and the new state."""
    state, z = splitmix(state)
    a = lo + np.int64(((z & _LOW32) * U64(hi - lo)) >> U64(32))
    if np.float64(z >> U64(32)) * (1.0 / 4294967296.0) >= prob[a]:
        a = alias[a]
    return state, a


class OmahaDeals(NamedTuple):
    """What the Omaha Monte Carlo kernel deals from."""

    combos: np.ndarray  #: (N, n_hole) uint8: every player's combos, one segment per player
    combo_masks: np.ndarray  #: (N,) uint64: each combo's card bits
    prob: np.ndarray  #: (N,) float64: Walker's alias tables over each segment, kept-probability...
    alias: np.ndarray  #: (N,) int64: ... and the alias slot
    offsets: np.ndarray  #: (P + 1,) int64: player ``p``'s segment (empty: a random hand)
    known: np.ndarray  #: (k,) uint8: the known board cards
    deck: np.ndarray  #: uint8: the cards neither known nor dead nor in a fixed hand


class OmahaMonteCarloScratch(NamedTuple):
    """:func:`omaha_monte_carlo`'s working memory (one per thread)."""

    hole_row: np.ndarray  #: (P * n_hole,) uint8: the players' hole cards of one deal
    hands: OmahaHands


def omaha_mc_scratch(n_players: int, n_hole: int) -> OmahaMonteCarloScratch:
    """One thread's :class:`OmahaMonteCarloScratch` for ``n_players`` of ``n_hole`` cards.

    >>> omaha_mc_scratch(3, 4).hole_row.shape
    (12,)
    """
    return OmahaMonteCarloScratch(np.zeros(n_players * n_hole, np.uint8), omaha_hands(n_players))


def omaha_monte_carlo(chunks, budget, run, n_hole, deals, scratch, hilo, tables):
    """Advance each chunk ``i`` of ``chunks`` (``run``: a :class:`~.equity.MonteCarloChunks`): up to
    ``run.left[i]`` deals from its stream's state ``run.states[i]`` (first its seed) into
    ``run.out[i]`` (P, 4), stopping after a deal once about ``budget`` units of work are spent (a
    hand drawn is one, a deal counted ``n_pairs`` per player); ``left``, ``states`` and ``draws``
    (the deals drawn, conflicting ones included) are updated, so calling again continues every
    chunk exactly where it stopped.  Player ``p`` holds a combo of its segment
    ``offsets[p]..offsets[p + 1]`` of ``deals.combos`` (a :class:`OmahaDeals`: rows of ``n_hole``
    cards, bit masks ``combo_masks``) drawn by weight (``prob``/``alias``; a segment of one combo is
    a fixed hand, an empty one a random hand, drawn uniformly from ``deck`` after the ranged
    players); a deal whose combos share a card is redrawn whole (``run.failed[i] = 1`` after
    ``MAX_ATTEMPTS`` in a row).  The missing board cards are drawn uniformly from ``deck`` (the
    cards neither known nor dead nor in a fixed hand), less the cards already dealt.  ``scratch``:
    :func:`omaha_mc_scratch`; ``tables``: a :class:`~pokerlut.table_records.OmahaTables`."""
    chunk_left, chunk_states, chunk_draws, out, failed = run
    combos, combo_masks, prob, alias, offsets, known, deck = deals
    hole_row, (cols, masks, lows, high, low) = scratch
    cards, rows, values, low_table = tables
    n_players = offsets.shape[0] - 1
    n_known = known.shape[0]
    n_deck = deck.shape[0]
    n_pairs = n_hole * (n_hole - 1) // 2
    ranged = False
    for p in range(n_players):
        ranged |= offsets[p + 1] - offsets[p] > 1
        if offsets[p + 1] - offsets[p] == 1:
            for j in range(n_hole):
                hole_row[p * n_hole + j] = combos[offsets[p], j]
    base = board_state(known, cards)
    fresh = True  # the fixed hands are read once, with the first deal
    for k in range(chunks.shape[0]):
        i = chunks[k]
        state = chunk_states[i]
        o = out[i]
        work = 0
        done = 0
        draws = 0
        while done < chunk_left[i] and work < budget:
            used = U64(0)
            if ranged:
                attempts = 0
                while True:
                    used = U64(0)
                    ok = True
                    draws += 1
                    for p in range(n_players):
                        lo = offsets[p]
                        hi = offsets[p + 1]
                        if hi - lo < 2:
                            continue
                        work += 1
                        state, a = draw_combo(state, lo, hi, prob, alias)
                        m = combo_masks[a]
                        if used & m:
                            ok = False
                            break
                        used |= m
                        for j in range(n_hole):
                            hole_row[p * n_hole + j] = combos[a, j]
                    if ok:
                        break
                    attempts += 1
                    if attempts >= MAX_ATTEMPTS:
                        failed[i] = 1
                        return
            else:
                draws += 1
            for p in range(n_players):
                if offsets[p + 1] == offsets[p]:
                    for j in range(n_hole):
                        state, c = draw_card(state, deck, n_deck, used)
                        used |= _ONE << U64(c)
                        hole_row[p * n_hole + j] = c
                if fresh or offsets[p + 1] - offsets[p] != 1:
                    read_hand(hole_row, p * n_hole, n_hole, p, cols, masks, lows)
            fresh = False
            s = base
            for j in range(n_known, 5):
                state, c = draw_card(state, deck, n_deck, used)
                used |= _ONE << U64(c)
                s = add_card(s, c, cards)
            settle_board(s, n_players, n_pairs, cols, masks, lows, high, low, hilo, np.int64(1), o, True, rows, values,
                         low_table)
            work += n_players * n_pairs
            done += 1
        chunk_states[i] = state
        chunk_left[i] -= done
        chunk_draws[i] += draws


def make_omaha_mc_kernel():
    """Compile :func:`omaha_monte_carlo`."""
    return compile_kernel(omaha_monte_carlo, "omaha_monte_carlo")
