"""Suit-isomorphism indexing, the index itself: each suit's key (its pattern's ``cfg`` and ``idx``),
the sort of the four keys, the configuration's perfect hash and the mixed radix of the groups, the
layout of an indexer's tables (``small``, ``config``), the ``spec`` every kernel takes, and
:func:`index_rows`, the kernel of :class:`pokerlut.iso.Indexer`.  :mod:`pokerlut.kernels.iso`
describes the construction.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from ..constants import N_NATURAL
from .intrinsics import opaque, popcount

U64 = np.uint64
_RANKS13 = U64(0x1FFF)
_IDX_BITS = U64(40)
_IDX_MASK = U64((1 << 40) - 1)
_ONE = U64(1)
_TWO = U64(2)
_THREE = U64(3)
_FOUR = U64(4)
_SIXTEEN = U64(16)
_SEVEN = U64(7)
_INVERSE3 = U64(0xAAAAAAAAAAAAAAAB)  # 3 * _INVERSE3 = 1 mod 2**64: exact division by 3
_LOW7 = U64(127)
MAX_ROUNDS = 4

#: The uint16 table ``small`` of an indexer: colex ranks of the 8,192 rank masks, the 7-bit
#: extract table ``[keep << 7 | bits]``, the binomials ``C(n, k)`` at ``n * 14 + k`` (n, k <= 13),
#: then the configuration hash.
COLEX_AT = 0
PEXT_AT = 1 << 13
BINOM_AT = PEXT_AT + (1 << 14)
BINOM_ROW = 14
HASH_AT = BINOM_AT + BINOM_ROW * BINOM_ROW
#: The uint64 table ``config``: the suit-rank bit (:func:`suit_bit`) of every id 0..63, then per
#: configuration a row of 8: its offset, the stride of each sorted position, and the "group members
#: after it" of positions 0..2 (2 + 2 + 1 bits).
CARD_BITS = 64
CONFIG_ROW = 8
_COLEX_AT = U64(COLEX_AT)
_PEXT_AT = U64(PEXT_AT)
_BINOM_AT = U64(BINOM_AT)
_BINOM_ROW = U64(BINOM_ROW)
_HASH_AT = U64(HASH_AT)
_CONFIG_ROW = U64(CONFIG_ROW)
_CARD_BITS = U64(CARD_BITS)


@nb.njit(inline="always", nogil=True)
def suit_bit(card):
    """Bit ``16 * suit + rank`` of a natural card id."""
    c = U64(card)
    return _ONE << (((c & _THREE) << _FOUR) + (c >> _TWO))


@nb.njit(inline="always", nogil=True)
def compressed(m, used, small):
    """The ranks of ``m`` renumbered among the ranks not in ``used`` (a bit extract, from the 7-bit
    extract table: the low seven ranks, then the high six)."""
    keep = ~used & _RANKS13
    lo = U64(small[_PEXT_AT + (((keep & _LOW7) << _SEVEN) | (m & _LOW7))])
    hi = U64(small[_PEXT_AT + (((keep >> _SEVEN) << _SEVEN) | (m >> _SEVEN))])
    return lo | (hi << popcount(keep & _LOW7))


@nb.njit(inline="always", nogil=True)
def suit_key(m0, m1, m2, m3, shift, n_rounds, small):
    """``cfg << 40 | idx`` of one suit, the rounds' masks at bit ``shift`` of ``m0..m3``."""
    used = U64(0)
    idx = U64(0)
    cfg = U64(0)
    for r in range(n_rounds):
        if r == 0:
            m = (m0 >> shift) & _RANKS13
        elif r == 1:
            m = (m1 >> shift) & _RANKS13
        elif r == 2:
            m = (m2 >> shift) & _RANKS13
        else:
            m = (m3 >> shift) & _RANKS13
        n = popcount(m)
        if r == 0:
            idx = U64(small[_COLEX_AT + m])
            used = m
        else:
            a = U64(small[_COLEX_AT + compressed(m, used, small)])
            idx = idx * U64(small[_BINOM_AT + (U64(13) - popcount(used)) * _BINOM_ROW + n]) + a
            used |= m
        cfg = (cfg << _FOUR) | n
    return (cfg << _IDX_BITS) | idx


@nb.njit(inline="always", nogil=True)
def ordered(a, b):
    """``(max, min)`` of two keys below 2**63, by arithmetic alone: the suits' order is a coin
    flip, and LLVM turns a comparison here into a branch that mispredicts (it recognizes the blend
    as a select unless the mask is :func:`.intrinsics.opaque`)."""
    swap = opaque(U64(0) - ((a - b) >> U64(63)))
    x = (a ^ b) & swap
    return a ^ x, b ^ x


@nb.njit(inline="always", nogil=True)
def multiset_term(a, d):
    """``C(a + d, d + 1)`` (d = 0..3): the share of a sorted position with ``d`` members of its
    group after it (the combinations-with-repetition rank), branch-free: ``a`` plus the steps up
    to ``C(a + d, d + 1)`` that ``d`` enables (masks from its bits; the group structure varies from
    hand to hand)."""
    t2 = (a * (a + _ONE)) >> _ONE
    t3 = t2 * (a + _TWO) * _INVERSE3
    t4 = (t3 * (a + _THREE)) >> _TWO
    on1 = U64(0) - ((d + _THREE) >> _TWO)  # d >= 1
    on2 = U64(0) - (d >> _ONE)  # d >= 2
    on3 = U64(0) - ((d + _ONE) >> _TWO)  # d >= 3
    return a + (on1 & (t2 - a)) + (on2 & (t3 - t2)) + (on3 & (t4 - t3))


@nb.njit(inline="always", nogil=True)
def _term2(a, d):
    """:func:`multiset_term` for ``d`` 0..2."""
    t2 = (a * (a + _ONE)) >> _ONE
    t3 = t2 * (a + _TWO) * _INVERSE3
    on1 = U64(0) - ((d + _ONE) >> _ONE)  # d >= 1
    on2 = U64(0) - (d >> _ONE)  # d >= 2
    return a + (on1 & (t2 - a)) + (on2 & (t3 - t2))


@nb.njit(inline="always", nogil=True)
def _term1(a, d):
    """:func:`multiset_term` for ``d`` 0 or 1."""
    return a + ((U64(0) - d) & (((a * (a + _ONE)) >> _ONE) - a))


@nb.njit(inline="always", nogil=True)
def sort4(k0, k1, k2, k3):
    """Four keys in descending order (a sorting network)."""
    k0, k1 = ordered(k0, k1)
    k2, k3 = ordered(k2, k3)
    k0, k2 = ordered(k0, k2)
    k1, k3 = ordered(k1, k3)
    k1, k2 = ordered(k1, k2)
    return k0, k1, k2, k3


@nb.njit(inline="always", nogil=True)
def config_row(k0, k1, k2, k3, small, hmult, hshift):
    """The ``config`` row of the sorted keys' configuration (the perfect hash of their cfg codes)."""
    hkey = ((k0 >> _IDX_BITS) << U64(48)) | ((k1 >> _IDX_BITS) << U64(32)) | ((k2 >> _IDX_BITS) << _SIXTEEN) | \
        (k3 >> _IDX_BITS)
    return _CARD_BITS + U64(small[_HASH_AT + ((hkey * hmult) >> hshift)]) * _CONFIG_ROW


@nb.njit(inline="always", nogil=True)
def sorted_index(k0, k1, k2, k3, row, top_group, config):
    """The index of a hand from its sorted suit keys and its configuration's row.  ``top_group``
    (a constant) is the most members a group may have after sorted position 0 in the indexer's
    configurations (at most 1 when two hole cards are dealt)."""
    d = config[row + U64(5)]
    out = config[row]
    if top_group <= 1:
        out += config[row + _ONE] * _term1(k0 & _IDX_MASK, d & _THREE)
    elif top_group == 2:
        out += config[row + _ONE] * _term2(k0 & _IDX_MASK, d & _THREE)
    else:
        out += config[row + _ONE] * multiset_term(k0 & _IDX_MASK, d & _THREE)
    out += config[row + _TWO] * _term2(k1 & _IDX_MASK, (d >> _TWO) & _THREE)
    out += config[row + _THREE] * _term1(k2 & _IDX_MASK, (d >> _FOUR) & _ONE)
    out += config[row + _FOUR] * (k3 & _IDX_MASK)
    return out


@nb.njit(inline="always", nogil=True)
def index_of_masks(m0, m1, m2, m3, n_rounds, top_group, small, config, hmult, hshift):
    """The index of a hand given each round's suit-rank bits (16 bits a suit)."""
    k0, k1, k2, k3 = sort4(suit_key(m0, m1, m2, m3, U64(0), n_rounds, small),
                           suit_key(m0, m1, m2, m3, _SIXTEEN, n_rounds, small),
                           suit_key(m0, m1, m2, m3, U64(32), n_rounds, small),
                           suit_key(m0, m1, m2, m3, U64(48), n_rounds, small))
    return sorted_index(k0, k1, k2, k3, config_row(k0, k1, k2, k3, small, hmult, hshift), top_group, config)


@nb.njit(inline="always", nogil=True)
def deal_masks(holes, boards, i, n_hole, n_cols, round_of, config):
    """Each round's suit-rank bits of row ``i`` (``round_of``: the round of each column) and the
    largest id seen (ids above 63 alias)."""
    m0 = U64(0)
    m1 = U64(0)
    m2 = U64(0)
    m3 = U64(0)
    big = U64(0)
    for j in range(n_cols):
        if j < n_hole:
            c = U64(holes[i, j])
        else:
            c = U64(boards[i, j - n_hole])
        big = max(big, c)
        bit = config[c & U64(63)]
        r = round_of[j]
        if r == 0:
            m0 |= bit
        elif r == 1:
            m1 |= bit
        elif r == 2:
            m2 |= bit
        else:
            m3 |= bit
    return m0, m1, m2, m3, big


@nb.njit(inline="always", nogil=True)
def bad_masks(m0, m1, m2, m3, big, n_cols):
    """Whether a row held an id above 51 or a card twice (its masks then overlap or lose bits)."""
    return big >= U64(N_NATURAL) or popcount(m0 | m1 | m2 | m3) != U64(n_cols) or \
        ((m0 & m1) | (m0 & m2) | (m0 & m3) | (m1 & m2) | (m1 & m3) | (m2 & m3)) != 0


#: The ``spec`` array every kernel here takes (int64): the columns of ``holes`` (the first part of
#: a row) and of ``boards``, the number of rounds, the most group members after sorted position 0,
#: whether to check the cards, then the round of each column (of the whole row for an
#: :class:`Indexer`, of the board for a street).
SPEC_FIRST, SPEC_SECOND, SPEC_ROUNDS, SPEC_TOP_GROUP, SPEC_CHECKED, SPEC_ROUND_OF = range(6)
SPEC_SIZE = SPEC_ROUND_OF + 8


def index_rows(holes, boards, spec, small, config, hmult, hshift, out):
    """The index of each row of an :class:`pokerlut.iso.Indexer` (any rounds): ``holes`` (N, a) and
    ``boards`` (N, b) uint8 are the columns of a row, round by round (``spec`` says how); ``small``
    / ``config`` the indexer's tables (above), ``hmult``/``hshift`` its hash; ``out`` (N,) int64.
    Checking, a row holding an id above 51 or a card twice gets -1 and is counted (the return
    value); unchecked, the tables are read inside their bounds whatever the bytes (ids modulo 64)."""
    n_hole = spec[SPEC_FIRST]
    n_cols = n_hole + spec[SPEC_SECOND]
    n_rounds = spec[SPEC_ROUNDS]
    top_group = spec[SPEC_TOP_GROUP]
    checked = spec[SPEC_CHECKED] != 0
    bad = 0
    for i in range(out.shape[0]):
        m0, m1, m2, m3, big = deal_masks(holes, boards, i, n_hole, n_cols, spec[SPEC_ROUND_OF:], config)
        if checked and bad_masks(m0, m1, m2, m3, big, n_cols):
            out[i] = -1
            bad += 1
            continue
        out[i] = np.int64(index_of_masks(m0, m1, m2, m3, n_rounds, top_group, small, config, hmult, hshift))
    return bad

