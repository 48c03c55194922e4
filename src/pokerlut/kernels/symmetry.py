"""Boards up to suit symmetry: one board per class of a group of suit permutations, with its size.

A board is four 13-bit rank masks, one per suit.  A permutation of the suits permutes the masks; a
board is its class's representative when no permutation of the group gives a smaller tuple of
masks (compared clubs first, as integers).  The class of a representative holds
``|group| / |stabilizer|`` boards.
"""

from __future__ import annotations

import numpy as np

from .compile import jitted
from .primitives import suit_rank_bit

U64 = np.uint64
_MASK = U64((1 << 13) - 1)


@jitted()
def class_size(m0, m1, m2, m3, perms):
    """Boards in the class of masks ``(m0, m1, m2, m3)``, or 0 when a permutation of ``perms`` (G, 4)
    gives a smaller tuple (the board is not its class's representative)."""
    masks = (m0, m1, m2, m3)
    stab = 0
    for g in range(perms.shape[0]):
        # the board relabelled: its suit t holds what suit perms[g, t] held
        p0 = masks[perms[g, 0]]
        p1 = masks[perms[g, 1]]
        p2 = masks[perms[g, 2]]
        p3 = masks[perms[g, 3]]
        if p0 != m0:
            if p0 < m0:
                return 0
            continue
        if p1 != m1:
            if p1 < m1:
                return 0
            continue
        if p2 != m2:
            if p2 < m2:
                return 0
            continue
        if p3 != m3:
            if p3 < m3:
                return 0
            continue
        stab += 1
    return perms.shape[0] // stab


@jitted()
def canonical_boards(deck, perms, out, weights):
    """Every 5-card board of the cards ``deck`` (ascending ids) that represents its class under
    ``perms`` (a group of suit permutations that maps ``deck`` onto itself), into ``out`` (rows) and ``weights`` (class sizes); returns how many."""
    n = deck.shape[0]
    count = 0
    for e in range(4, n):
        be = suit_rank_bit(deck[e])
        for d in range(3, e):
            bd = be | suit_rank_bit(deck[d])
            for c in range(2, d):
                bc = bd | suit_rank_bit(deck[c])
                for b in range(1, c):
                    bb = bc | suit_rank_bit(deck[b])
                    for a in range(b):
                        bits = bb | suit_rank_bit(deck[a])
                        size = class_size(bits & _MASK, (bits >> U64(16)) & _MASK, (bits >> U64(32)) & _MASK,
                                          (bits >> U64(48)) & _MASK, perms)
                        if size == 0:
                            continue
                        out[count, 0] = deck[a]
                        out[count, 1] = deck[b]
                        out[count, 2] = deck[c]
                        out[count, 3] = deck[d]
                        out[count, 4] = deck[e]
                        weights[count] = size
                        count += 1
    return count
