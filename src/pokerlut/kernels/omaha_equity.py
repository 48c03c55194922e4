"""Omaha equity kernels (high, and hi-lo with the eight-or-better low): exact board enumeration for
fixed hands, Monte Carlo with random hands.

Each board's three-card partial keys are summed once and every player's hole pairs added to them
(:mod:`.omaha`).  Pot units: a pot is ``2 * SHARE_UNIT`` in hi-lo (half to the best high hands,
half to the best qualifying lows, the whole to the high side when no low qualifies) and
``SHARE_UNIT`` otherwise, each part split evenly.  Accumulators ``out[item, player, k]``: ``k = 0``
boards the player takes the whole pot alone, ``1`` boards it takes part of the pot, ``2`` its pot
units, ``3`` (Monte Carlo) squared units.
"""

from __future__ import annotations

import numpy as np

from .compile import compile_kernel, jitted
from .equity import SHARE_UNIT, splitmix
from .omaha import board_triples, omaha_low, omaha_value

U64 = np.uint64
_ONE = U64(1)
_LOW32 = U64(0xFFFFFFFF)


@jitted()
def settle_pot(high, low, n_players, hilo, weight, out, squares):
    """Share one pot among the players by their high (and low) values, into ``out``."""
    best = high[0]
    for p in range(1, n_players):
        best = max(best, high[p])
    n_high = 0
    for p in range(n_players):
        n_high += high[p] == best
    best_low = np.uint16(1)
    n_low = 0
    if hilo:
        for p in range(n_players):
            best_low = max(best_low, low[p])
        if best_low > 1:
            for p in range(n_players):
                n_low += low[p] == best_low
    pot = 2 * SHARE_UNIT if hilo else SHARE_UNIT
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


@jitted()
def settle_board(holes, n_players, n_hole, board, tri_keys, tri_bits, high, low, hilo, out, squares, cards, bases5,
                 values5, flush, low_bases5, low_values5):
    """Every player's high (and low) value on the five cards of ``board``, and the pot shared into
    ``out``.  A compiled function of its own, called once per board: the enumeration below calls it
    from several loop depths without growing."""
    n_tri = board_triples(board, 0, 5, cards, tri_keys, tri_bits)
    for p in range(n_players):
        high[p] = omaha_value(holes, p * n_hole, n_hole, n_tri, tri_keys, tri_bits, cards, bases5, values5, flush)
        if hilo:
            low[p] = omaha_low(holes, p * n_hole, n_hole, n_tri, tri_keys, cards, low_bases5, low_values5)
    settle_pot(high, low, n_players, hilo, 1, out, squares)


def omaha_exact(holes, n_players, known, others, n_others, piece, n_pieces, out, board, tri_keys, tri_bits, high,
                low, hilo, cards, bases5, values5, flush, low_bases5, low_values5):
    """Every completion of the known board (``known``, 0..5 cards) by ``5 - len(known)`` of the
    ``others`` cards whose first new card has index ``piece, piece + n_pieces, ...``, counted into
    ``out`` (P, 3); ``board`` (5,), ``tri_keys``/``tri_bits`` (10,), ``high``/``low`` (P,) are scratch."""
    n_hole = holes.shape[0] // n_players
    n_known = known.shape[0]
    missing = 5 - n_known
    for j in range(n_known):
        board[j] = known[j]
    args = (cards, bases5, values5, flush, low_bases5, low_values5)
    if missing == 0:
        if piece == 0:
            settle_board(holes, n_players, n_hole, board, tri_keys, tri_bits, high, low, hilo, out, False, *args)
        return
    # indices i0 < i1 < ... into others; i0 decides the piece
    for i0 in range(piece, n_others - missing + 1, n_pieces):
        board[n_known] = others[i0]
        if missing == 1:
            settle_board(holes, n_players, n_hole, board, tri_keys, tri_bits, high, low, hilo, out, False, *args)
            continue
        for i1 in range(i0 + 1, n_others - missing + 2):
            board[n_known + 1] = others[i1]
            if missing == 2:
                settle_board(holes, n_players, n_hole, board, tri_keys, tri_bits, high, low, hilo, out, False, *args)
                continue
            for i2 in range(i1 + 1, n_others - missing + 3):
                board[n_known + 2] = others[i2]
                if missing == 3:
                    settle_board(holes, n_players, n_hole, board, tri_keys, tri_bits, high, low, hilo, out, False,
                                 *args)
                    continue
                for i3 in range(i2 + 1, n_others - missing + 4):
                    board[n_known + 3] = others[i3]
                    if missing == 4:
                        settle_board(holes, n_players, n_hole, board, tri_keys, tri_bits, high, low, hilo, out,
                                     False, *args)
                        continue
                    for i4 in range(i3 + 1, n_others):
                        board[4] = others[i4]
                        settle_board(holes, n_players, n_hole, board, tri_keys, tri_bits, high, low, hilo, out,
                                     False, *args)


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


def omaha_monte_carlo(chunk_trials, chunk_seeds, holes, random_player, known, deck, used0, out, hole_row, board,
                      tri_keys, tri_bits, high, low, hilo, cards, bases5, values5, flush, low_bases5, low_values5):
    """Chunk ``i`` runs ``chunk_trials[i]`` deals from seed ``chunk_seeds[i]`` into ``out[i]`` (P, 4):
    players with ``random_player[p]`` get hole cards drawn uniformly from ``deck`` (less ``used0``
    and the cards already drawn), the rest keep ``holes``; the missing board cards are drawn the
    same way.  ``hole_row`` (P * h,), ``board`` (5,), ``tri_keys``/``tri_bits`` (10,),
    ``high``/``low`` (P,) are scratch."""
    n_players = random_player.shape[0]
    n_hole = holes.shape[0] // n_players
    n_known = known.shape[0]
    n_deck = deck.shape[0]
    for j in range(holes.shape[0]):
        hole_row[j] = holes[j]
    for j in range(n_known):
        board[j] = known[j]
    for i in range(chunk_trials.shape[0]):
        state = chunk_seeds[i]
        for _ in range(chunk_trials[i]):
            used = used0
            for p in range(n_players):
                if random_player[p]:
                    for j in range(n_hole):
                        state, c = draw_card(state, deck, n_deck, used)
                        used |= _ONE << U64(c)
                        hole_row[p * n_hole + j] = c
            for j in range(n_known, 5):
                state, c = draw_card(state, deck, n_deck, used)
                used |= _ONE << U64(c)
                board[j] = c
            settle_board(hole_row, n_players, n_hole, board, tri_keys, tri_bits, high, low, hilo, out[i], True,
                         cards, bases5, values5, flush, low_bases5, low_values5)


def make_omaha_mc_kernel():
    """Compile :func:`omaha_monte_carlo`."""
    return compile_kernel(omaha_monte_carlo, "omaha_monte_carlo")
