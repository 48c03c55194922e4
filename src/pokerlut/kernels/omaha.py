"""Omaha: exactly two of the hole cards and exactly three of the board.

The board's three-card partial keys (and suit-rank bits) are summed once per board into a scratch
row; each pair of hole cards adds its own partial key to each of them, so a hand of 4 hole cards
and 5 board cards costs 6 x 10 adds and lookups in the 5-card tables, and no key is computed twice.
The low side of hi-lo is the same sum looked up in the eight-or-better tables (which ignore suits,
so the same key serves both).
"""

from __future__ import annotations

import numpy as np

from .compile import compile_kernel, jitted
from .primitives import add_card, first_card, lookup, suit_rank_bit, value_of_bits

U64 = np.uint64


@jitted()
def board_triples(board, start, n_board, cards, tri_keys, tri_bits):
    """The key (no suit-counter start) and suit-rank bits of every three of the ``n_board`` cards at
    ``board[start:]``, into the scratch rows; returns how many."""
    t = 0
    for x in range(n_board):
        cx = board[start + x]
        for y in range(x + 1, n_board):
            cy = board[start + y]
            kxy = cards[U64(cx)] + cards[U64(cy)]
            bxy = suit_rank_bit(cx) | suit_rank_bit(cy)
            for z in range(y + 1, n_board):
                cz = board[start + z]
                tri_keys[t] = kxy + cards[U64(cz)]
                tri_bits[t] = bxy | suit_rank_bit(cz)
                t += 1
    return t


@jitted()
def omaha_value(hole, start, n_hole, n_tri, tri_keys, tri_bits, cards, bases5, values5, flush):
    """Best high value of two of the ``n_hole`` cards at ``hole[start:]`` with one of the triples."""
    best = np.uint16(0)
    for a in range(n_hole):
        ca = hole[start + a]
        ka = first_card(cards, ca)
        ba = suit_rank_bit(ca)
        for c in range(a + 1, n_hole):
            cc = hole[start + c]
            kp = add_card(ka, cards, cc)
            bp = ba | suit_rank_bit(cc)
            for t in range(n_tri):
                best = max(best, value_of_bits(kp + tri_keys[t], bp | tri_bits[t], bases5, values5, flush))
    return best


@jitted()
def omaha_low(hole, start, n_hole, n_tri, tri_keys, cards, low_bases5, low_values5):
    """Best eight-or-better low value (1: no low) of two hole cards with one of the triples."""
    best = np.uint16(0)
    for a in range(n_hole):
        ka = first_card(cards, hole[start + a])
        for c in range(a + 1, n_hole):
            kp = add_card(ka, cards, hole[start + c])
            for t in range(n_tri):
                best = max(best, lookup(kp + tri_keys[t], low_bases5, low_values5))
    return best


def make_omaha_kernel(hilo: bool):
    """Compile ``omaha[_hilo](holes, boards, n_hole, n_board, high, low, tri_keys, tri_bits, tables...)``:
    row ``i`` of the flat ``holes`` (``n_hole`` cards) with row ``i`` of the flat ``boards``
    (``n_board`` cards) into ``high[i]`` (and ``low[i]``); ``tri_keys``/``tri_bits`` (10,) are scratch."""

    def kernel(holes, boards, n_hole, n_board, high, low, tri_keys, tri_bits, cards, bases5, values5, flush,
               low_bases5, low_values5):
        for i in range(high.shape[0]):
            n_tri = board_triples(boards, n_board * i, n_board, cards, tri_keys, tri_bits)
            high[i] = omaha_value(holes, n_hole * i, n_hole, n_tri, tri_keys, tri_bits, cards, bases5, values5, flush)
            if hilo:
                low[i] = omaha_low(holes, n_hole * i, n_hole, n_tri, tri_keys, cards, low_bases5, low_values5)

    return compile_kernel(kernel, f"omaha{'_hilo' if hilo else ''}")
