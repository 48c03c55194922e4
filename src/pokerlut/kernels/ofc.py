"""Scoring open-face Chinese poker: the kernel behind :func:`pokerlut.ofc.score`.

A deal is ``P`` arranged hands of 13 cards in a row of ``13 * P`` bytes: per player the top row (3
cards), the middle (5) and the bottom (5).  Per player: the three rows' strengths on the one
open-face scale (the ``ofc`` tables: a 3-card row through the 3-card hash, a 5-card row as the
ranking kernels rank it), the foul test (``top <= middle <= bottom``), each row's royalty from a
table indexed by strength (0 for a fouled hand), Fantasyland entry and stay by strength thresholds.
Then every pair of players settles: a point a row, the scoop bonus for winning all three, and the
difference of their royalties; a fouled hand loses every row (and the scoop) to a hand that did not
foul, and two fouled hands settle nothing.

A checked kernel flags a deal holding an id the game does not deal or a card twice (one popcount
over the deal's card bits) and writes zeros for it; the caller names the problem.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from .. import layout
from .compile import compile_kernel
from .intrinsics import popcount, unlikely
from .primitives import card_bits, hand_key, has_poison, lookup, rare_value

U64 = np.uint64
_SLOW = U64(layout.SLOW_FIELDS)
_ROWS = 3
_TOP, _MIDDLE, _BOTTOM = 0, 1, 2
_ROW_START = (0, 3, 8)
_CARDS = 13


def ofc_score(flat, n_players, checked, out, tables, bad):
    """Score every deal of ``flat`` (deals of ``13 * n_players`` cards) into the per-player outputs
    of ``out`` (an :class:`OFCOut`; ``strengths``/``royalties`` three per player) by ``tables`` (the
    :class:`~pokerlut.table_records.OFCTables`; the 5-card tables' ``subset_rare`` is a field, not a
    literal, so that the rare path is the one the ranking kernels compiled); ``bad[0]`` counts the
    bad deals."""
    strengths, fouls, royalties, points, scoops, fantasyland, stay = out
    cards, bases3, values3 = tables.three.cards, tables.three.bases, tables.three.values
    bases5, values5, flush, subset_rare = (tables.five.bases, tables.five.values, tables.five.flush,
                                           tables.five.subset_rare)
    royalty_top, royalty_middle, royalty_bottom = tables.royalty_top, tables.royalty_middle, tables.royalty_bottom
    scoop_bonus, thresholds = tables.scoop_bonus, tables.thresholds
    n_deals = strengths.shape[0] // (_ROWS * n_players)
    width = U64(_CARDS * n_players)
    n_bad = 0
    for d in range(n_deals):
        base = width * U64(d)
        if checked:
            bits = U64(0)
            poison = False
            for p in range(n_players):
                bits += card_bits(flat, base + U64(_CARDS * p), 7)
                bits += card_bits(flat, base + U64(_CARDS * p + 7), 6)
            ok = popcount(bits) == width
        else:
            ok = True
            poison = False
        for p in range(n_players):
            b = base + U64(_CARDS * p)
            out = (d * n_players + p) * _ROWS
            key = hand_key(flat, b, 3, cards)
            poison |= has_poison(key)
            strengths[out + _TOP] = lookup(key, bases3, values3)
            for row in (_MIDDLE, _BOTTOM):
                rb = b + U64(_ROW_START[row])
                key = hand_key(flat, rb, 5, cards)
                if unlikely((key & _SLOW) != 0):
                    poison |= has_poison(key)
                    strengths[out + row] = rare_value(flat, rb, 5, key, cards, bases5, values5, flush, bases5,
                                                      values5, subset_rare)
                else:
                    strengths[out + row] = lookup(key, bases5, values5)
        if unlikely(poison or not ok):
            n_bad += 1
            for p in range(n_players):
                q = d * n_players + p
                fouls[q] = 0
                points[q] = 0
                scoops[q] = 0
                fantasyland[q] = 0
                stay[q] = 0
                for row in range(_ROWS):
                    strengths[q * _ROWS + row] = 0
                    royalties[q * _ROWS + row] = 0
            continue
        for p in range(n_players):
            q = d * n_players + p
            top, middle, bottom = strengths[q * _ROWS], strengths[q * _ROWS + 1], strengths[q * _ROWS + 2]
            foul = top > middle or middle > bottom
            fouls[q] = foul
            points[q] = 0
            scoops[q] = 0
            if foul:
                for row in range(_ROWS):
                    royalties[q * _ROWS + row] = 0
                fantasyland[q] = 0
                stay[q] = 0
            else:
                royalties[q * _ROWS] = royalty_top[top]
                royalties[q * _ROWS + 1] = royalty_middle[middle]
                royalties[q * _ROWS + 2] = royalty_bottom[bottom]
                fantasyland[q] = top >= thresholds[0]
                stay[q] = top >= thresholds[1] or middle >= thresholds[2] or bottom >= thresholds[3]
        for a in range(n_players):
            qa = d * n_players + a
            roy_a = royalties[qa * _ROWS] + royalties[qa * _ROWS + 1] + royalties[qa * _ROWS + 2]
            for c in range(a + 1, n_players):
                qc = d * n_players + c
                if fouls[qa] and fouls[qc]:
                    continue
                roy_c = royalties[qc * _ROWS] + royalties[qc * _ROWS + 1] + royalties[qc * _ROWS + 2]
                if fouls[qc]:
                    wins, losses = _ROWS, 0
                elif fouls[qa]:
                    wins, losses = 0, _ROWS
                else:
                    wins, losses = 0, 0
                    for row in range(_ROWS):
                        sa, sc = strengths[qa * _ROWS + row], strengths[qc * _ROWS + row]
                        wins += sa > sc
                        losses += sa < sc
                net = np.int64(wins - losses) + np.int64(roy_a) - np.int64(roy_c)
                if wins == _ROWS:
                    net += scoop_bonus
                    scoops[qa] += 1
                elif losses == _ROWS:
                    net -= scoop_bonus
                    scoops[qc] += 1
                points[qa] += net
                points[qc] -= net
    bad[0] = n_bad


class OFCOut(NamedTuple):
    """The outputs of :func:`ofc_score`: per player (per player and row for ``strengths`` and ``royalties``)."""

    strengths: np.ndarray  #: uint16
    fouls: np.ndarray  #: uint8
    royalties: np.ndarray  #: int32
    points: np.ndarray  #: int64
    scoops: np.ndarray  #: int8
    fantasyland: np.ndarray  #: uint8
    stay: np.ndarray  #: uint8


def make_ofc_kernel():
    """Compile :func:`ofc_score`."""
    return compile_kernel(ofc_score, "ofc_score")
