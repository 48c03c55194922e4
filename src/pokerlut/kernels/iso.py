"""Suit-isomorphism indexing of hands dealt in rounds: the kernels behind :mod:`pokerlut.iso`.

A hand is dealt in ``R`` rounds (Hold'em by street: the hole cards, the flop, the turn, the
river).  Its class under the 24 permutations of the suits is the multiset of its four *suit
patterns*; a suit's pattern is which of its ranks came in which round.  Per suit:

* ``cfg``: how many cards of the suit each round dealt, four bits a round, round 0 highest;
* ``idx``: the pattern's number among the patterns of that ``cfg``, a mixed radix with round 0
  most significant, digit ``r`` the colex rank of round ``r``'s ranks among the ranks the earlier
  rounds left (so ``idx`` orders patterns as the rank masks of the rounds, compared in turn).

The kernel sorts the four keys ``cfg << 40 | idx`` descending (a sorting network); the sorted
``cfg`` codes are the hand's *configuration*, found through a perfect multiply-shift hash;
within a configuration, the suits of equal ``cfg`` form a multiset of ``idx`` (ranked as
combinations with repetition), and the groups are digits of a mixed radix.  The index is the
configuration's offset plus that number: dense in ``0 .. count - 1`` (the construction of the
hand-isomorphism indexer of Waugh, 2013).

Hold'em streets are numbered **board first** (:func:`street_rows`): the board's class by the
construction above (its rounds alone), then the hole cards' class on that board (:func:`hole_part`:
which blocks of identical board suits they land in, and their ranks among the ranks the board left
free), so that the classes of one board class are consecutive.

The tables (built in :mod:`pokerlut.iso`, passed in as arguments) are small: colex ranks of the
8,192 rank masks, binomials, the hash and, per configuration, its offset, the stride and
"members left in the group" of each sorted position; for streets the hole classes' segments per
board shape and the board classes' offsets.  Four kernels (:func:`index_rows`,
:func:`street_rows`, :func:`unindex_rows`, :func:`street_unindex_rows`) serve every indexer: a
``spec`` array says how many columns and rounds a call has.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from ..constants import N_NATURAL
from .compile import compile_kernel, jitted
from .intrinsics import opaque, popcount, trailing_zeros

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
_TOP = U64(1 << 63)
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


# --------------------------------------------------------------------------- streets: board first

#: For each of the 8 "equal neighbours" words ``e`` (bit p: sorted positions p and p + 1 hold
#: identical board patterns), the first position of each position's block, 2 bits each.
def _start_word() -> int:
    word = 0
    for e in range(8):
        start = [0, 0, 0, 0]
        for p in range(1, 4):
            start[p] = start[p - 1] if e >> (p - 1) & 1 else p
        word |= sum(s << (2 * p) for p, s in enumerate(start)) << (8 * e)
    return word


#: The number of a pair of sorted positions ``t <= t'``: ``(t, t')`` in lexicographic order.
PAIRS = [(t, u) for t in range(4) for u in range(t, 4)]
PAIRS_FIRST = tuple(t for t, _ in PAIRS)
PAIRS_SECOND = tuple(u for _, u in PAIRS)
N_PAIRS = len(PAIRS)


def _pair_word() -> int:
    return sum(PAIRS.index((t, u)) << (4 * (4 * t + u)) for t, u in PAIRS)


START_WORD = _start_word()
PAIR_WORD = _pair_word()
_START_WORD = U64(START_WORD)
_PAIR_WORD = U64(PAIR_WORD)
#: A row of the ``segments`` table (uint16), one per board configuration and equality word: the
#: offset of each of the 10 position pairs' segment of hole-card classes, then the free ranks (13
#: less the board cards) of each sorted position.
SEGMENT_ROW = 16
FREE_AT = len(PAIRS)
_SEGMENT_ROW = U64(SEGMENT_ROW)
_FREE_AT = U64(FREE_AT)


@nb.njit(inline="always", nogil=True)
def nonzero(x):
    """1 if ``x`` (below 2**63) is not 0, else 0, without a branch."""
    return (x | (U64(0) - x)) >> U64(63)


@nb.njit(inline="always", nogil=True)
def equal_word(k0, k1, k2, k3):
    """Bit p: sorted positions p and p + 1 hold identical patterns (keys tagged ``key << 2 | suit``)."""
    return (_ONE - nonzero((k0 ^ k1) >> _TWO)) | ((_ONE - nonzero((k1 ^ k2) >> _TWO)) << _ONE) | \
        ((_ONE - nonzero((k2 ^ k3) >> _TWO)) << _TWO)


@nb.njit(inline="always", nogil=True)
def board_frame(k0, k1, k2, k3):
    """From a board's sorted suit keys tagged with their suits (``key << 2 | suit``): its equality
    word ``e``, the sorted position of each suit (2 bits a suit) and the first position of each
    position's block (2 bits a position)."""
    e = equal_word(k0, k1, k2, k3)
    pos_word = (_ONE << ((k1 & _THREE) << _ONE)) | (_TWO << ((k2 & _THREE) << _ONE)) | \
        (_THREE << ((k3 & _THREE) << _ONE))  # position 0 adds nothing
    return e, pos_word, (_START_WORD >> (e << U64(3))) & U64(255)


@nb.njit(inline="always", nogil=True)
def hole_part(h, board_bits, pos_word, starts, segments, seg_row):
    """The hole cards' number among the hole classes of their board: the offset of their segment
    plus their place in it.  ``h``: the hole's suit-rank bits; ``board_bits`` the board's;
    ``pos_word``/``starts`` as :func:`board_frame` gives them; ``seg_row`` the start of the
    board's row of ``segments`` (its configuration and equality word)."""
    # the two hole cards: suit, rank renumbered among the free ranks of the suit, position, block
    x1 = trailing_zeros(h)
    x2 = trailing_zeros((h & (h - _ONE)) | _TOP)  # 63 (no card) if garbage held one card
    s1 = x1 >> _FOUR
    s2 = x2 >> _FOUR
    free1 = ~(board_bits >> (s1 << _FOUR))
    free2 = ~(board_bits >> (s2 << _FOUR))
    q1 = popcount(free1 & ((_ONE << (x1 & U64(15))) - _ONE))
    q2 = popcount(free2 & ((_ONE << (x2 & U64(15))) - _ONE))
    p1 = (pos_word >> (s1 << _ONE)) & _THREE
    p2 = (pos_word >> (s2 << _ONE)) & _THREE
    t1 = (starts >> (p1 << _ONE)) & _THREE
    t2 = (starts >> (p2 << _ONE)) & _THREE
    diff_suit = opaque(nonzero(s1 ^ s2))  # opaque: arithmetic, not a branch (a coin flip)
    diff_block = opaque(nonzero(t1 ^ t2))
    qhi, qlo = ordered(q1, q2)
    tri = (qhi * (qhi - _ONE)) >> _ONE  # C(qhi, 2); qhi >= 1 whenever it is used
    # same suit: C(qhi, 2) + qlo at (t, t); same block, two suits: C(qhi + 1, 2) + qlo at (t, t + 1)
    same = tri + qlo + (diff_suit * qhi)
    # two blocks: the card of the earlier block first
    swap = opaque(U64(0) - ((t2 - t1) >> U64(63)))  # t2 < t1
    ta = t1 ^ ((t1 ^ t2) & swap)
    tb = t2 ^ ((t1 ^ t2) & swap)
    qa = q1 ^ ((q1 ^ q2) & swap)
    qb = q2 ^ ((q1 ^ q2) & swap)
    free_b = U64(segments[seg_row + _FREE_AT + tb])
    cross = qa * free_b + qb
    first = t1 + diff_block * (ta - t1)
    second = t1 + diff_suit * (_ONE + diff_block * (tb - t1 - _ONE))
    pair = (_PAIR_WORD >> (((first << _TWO) + second) << _TWO)) & U64(15)
    within = same + diff_block * (cross - same)
    return U64(segments[seg_row + pair]) + within


@nb.njit(inline="always", nogil=True)
def board_keys(m0, m1, m2, m3, n_rounds, small):
    """The board's four suit keys tagged with their suits (``key << 2 | suit``), sorted descending;
    with no board (preflop) four empty patterns, suits 3 .. 0."""
    if n_rounds == 0:
        return U64(3), U64(2), _ONE, U64(0)
    return sort4((suit_key(m0, m1, m2, m3, U64(0), n_rounds, small) << _TWO),
                 (suit_key(m0, m1, m2, m3, _SIXTEEN, n_rounds, small) << _TWO) | _ONE,
                 (suit_key(m0, m1, m2, m3, U64(32), n_rounds, small) << _TWO) | _TWO,
                 (suit_key(m0, m1, m2, m3, U64(48), n_rounds, small) << _TWO) | _THREE)


@jitted()
def board_keys_call(m0, m1, m2, m3, n_rounds, small):
    """:func:`board_keys` as a call (for the kernels where speed matters less than compile time)."""
    return board_keys(m0, m1, m2, m3, n_rounds, small)


#: Board classes per entry of ``board_base``: a board class's offset is ``board_base[b >> 5] +
#: board_rel[b]`` (int64 and uint16: a quarter of the bytes of one int64 per class, so the river's
#: 2,554,656 offsets stay in cache).
OFFSET_BLOCK_BITS = 5


@nb.njit(inline="always", nogil=True)
def street_loop(holes, boards, spec, small, config, hmult, hshift, board_base, board_rel, segments, out):
    """The loop of :func:`street_rows` for every street and mode, its numbers read from ``spec``."""
    n_hole = spec[SPEC_FIRST]
    n_board = spec[SPEC_SECOND]
    n_rounds = spec[SPEC_ROUNDS]
    top_group = spec[SPEC_TOP_GROUP]
    checked = spec[SPEC_CHECKED] == 1
    frames = spec[SPEC_CHECKED] == 2
    round_of = spec[SPEC_ROUND_OF:]
    n_cols = n_hole + n_board
    bad = 0
    for i in range(out.shape[0]):
        h = U64(0)
        big = U64(0)
        for j in range(n_hole):
            c = U64(holes[i, j])
            big = max(big, c)
            h |= config[c & U64(63)]
        m0, m1, m2, m3, bb = deal_masks(holes, boards, i, 0, n_board, round_of, config)
        big = max(big, bb)
        if checked and (bad_masks(h, m0 | m1 | m2 | m3, U64(0), U64(0), big, n_cols) or
                        bad_masks(m0, m1, m2, m3, U64(0), n_board)):
            out[i] = -1
            bad += 1
            continue
        k0, k1, k2, k3 = board_keys(m0, m1, m2, m3, n_rounds, small)
        b = U64(0)
        row = U64(0)
        if n_rounds > 0:
            u0 = k0 >> _TWO
            u1 = k1 >> _TWO
            u2 = k2 >> _TWO
            u3 = k3 >> _TWO
            crow = config_row(u0, u1, u2, u3, small, hmult, hshift)
            row = (crow - _CARD_BITS) // _CONFIG_ROW
            if not frames:
                b = sorted_index(u0, u1, u2, u3, crow, top_group, config)
        e, pos_word, starts = board_frame(k0, k1, k2, k3)
        if frames:
            out[i] = np.int64(((row << U64(3)) | e) | (pos_word << _SIXTEEN) | (starts << U64(24)))
            continue
        if n_hole == 0:
            out[i] = np.int64(b)
            continue
        seg_row = ((row << U64(3)) | e) * _SEGMENT_ROW
        offset = U64(board_base[b >> U64(OFFSET_BLOCK_BITS)]) + U64(board_rel[b])
        out[i] = np.int64(offset + hole_part(h, m0 | m1 | m2 | m3, pos_word, starts, segments, seg_row))
    return bad


#: The flop table (``flop_boards``) of the flop's street indexer: per flop (three distinct card
#: ids, at its colex number :func:`flop_number`), one word: its board class's offset in bits 0-31,
#: its row of ``segments`` (configuration and equality word) in bits 32-39, its suits' sorted
#: positions in bits 40-47 and its blocks' first positions in bits 48-55 (:func:`board_frame`).
FLOP_BOARDS = 22_100
FLOP_SEGMENT_SHIFT = 32
FLOP_POSITIONS_SHIFT = 40
FLOP_STARTS_SHIFT = 48
_LAST_FLOP = U64(FLOP_BOARDS - 1)
_BYTE = U64(255)
_LOW32 = U64(0xFFFFFFFF)


@nb.njit(inline="always", nogil=True)
def flop_number(a, b, c):
    """The colex number of three distinct card ids (``lo + C(mid, 2) + C(hi, 3)``), 0 .. 22,099;
    for garbage (ids above 51, repeats) a number inside 0 .. 22,099 all the same."""
    lo = min(a, min(b, c))
    hi = max(a, max(b, c))
    mid = (a + b + c) - lo - hi
    return min(lo + ((mid * (mid - _ONE)) >> _ONE) + hi * (hi - _ONE) * (hi - _TWO) // U64(6), _LAST_FLOP)


@nb.njit(inline="always", nogil=True)
def flop_loop(holes, boards, config, flop_boards, segments, out, checked):
    """The flop's street index of each row, its board's part read from the flop table in one load
    (what :func:`street_loop` computes from the board's suit keys), then :func:`hole_part`."""
    bad = 0
    for i in range(out.shape[0]):
        x = U64(holes[i, 0])
        y = U64(holes[i, 1])
        a = U64(boards[i, 0])
        b = U64(boards[i, 1])
        c = U64(boards[i, 2])
        h = config[x & U64(63)] | config[y & U64(63)]
        board_bits = (config[a & U64(63)] | config[b & U64(63)]) | config[c & U64(63)]
        # five distinct natural ids exactly when the five suit-rank bits are distinct
        if checked and (max(max(x, y), max(a, max(b, c))) >= U64(N_NATURAL) or popcount(h | board_bits) != U64(5)):
            out[i] = -1
            bad += 1
            continue
        w = U64(flop_boards[flop_number(a, b, c)])
        seg_row = ((w >> U64(FLOP_SEGMENT_SHIFT)) & _BYTE) * _SEGMENT_ROW
        pos_word = (w >> U64(FLOP_POSITIONS_SHIFT)) & _BYTE
        starts = (w >> U64(FLOP_STARTS_SHIFT)) & _BYTE
        out[i] = np.int64((w & _LOW32) + hole_part(h, board_bits, pos_word, starts, segments, seg_row))
    return bad


def street_rows(holes, boards, spec, small, config, hmult, hshift, board_base, board_rel, segments, flop_boards, out):
    """The street index of each hand, board first: the board class's offset (the hole classes of
    every board class before it: ``board_base[b >> 5] + board_rel[b]``) plus the hole cards' number
    on board class ``b`` (:func:`hole_part`).

    The board class is the index of the board alone (``small``/``config``/``hmult``/``hshift`` are
    the board's indexer; ``spec``'s rounds are the board's); with no hole columns (``spec``) the
    board's index itself, and with ``spec[SPEC_CHECKED] == 2`` each board's frame instead: its row
    of ``segments`` in bits 0-15, its suits' sorted positions in bits 16-23, its blocks' first
    positions in bits 24-31 (boards must then be valid).  Checking, a bad row gets -1.

    Hole cards on a flop, the most common question, read each board's part from the flop table
    ``flop_boards`` (:data:`FLOP_BOARDS` words, :func:`flop_loop`) when one is passed (an empty
    array otherwise: then every street runs the one loop, :func:`street_loop`, compiled once)."""
    n_hole = spec[SPEC_FIRST]
    n_board = spec[SPEC_SECOND]
    n_rounds = spec[SPEC_ROUNDS]
    mode = spec[SPEC_CHECKED]
    if n_hole == 2 and n_board == 3 and n_rounds == 1 and mode != 2 and flop_boards.shape[0] == FLOP_BOARDS:
        if mode == 1:
            return flop_loop(holes, boards, config, flop_boards, segments, out, True)
        return flop_loop(holes, boards, config, flop_boards, segments, out, False)
    return street_loop(holes, boards, spec, small, config, hmult, hshift, board_base, board_rel, segments, out)


@nb.njit(inline="always", nogil=True)
def unrank_multiset(rank, k, m, a_out, start):
    """The descending ``k`` values (each < m) of multiset number ``rank``, into ``a_out[start:]``."""
    for i in range(k):
        d = U64(k - 1 - i)
        if d == 0:
            a_out[start + i] = rank
            continue
        lo = U64(0)
        hi = U64(m)  # the value is in [lo, hi)
        while hi - lo > _ONE:
            mid = (lo + hi) >> _ONE
            if multiset_term(mid, d) <= rank:
                lo = mid
            else:
                hi = mid
        a_out[start + i] = lo
        rank -= multiset_term(lo, d)


@nb.njit(inline="always", nogil=True)
def colex_unrank(a, k, binom):
    """The mask (over positions 0..12) of the ``k``-subset of colex rank ``a``."""
    mask = U64(0)
    top = 13
    for j in range(k, 0, -1):
        p = top - 1
        while U64(binom[p, j]) > a:
            p -= 1
        mask |= _ONE << U64(p)
        a -= U64(binom[p, j])
        top = p
    return mask


@nb.njit(inline="always", nogil=True)
def spread(positions, used):
    """Rank mask of ``positions`` numbered among the ranks not in ``used``."""
    out = U64(0)
    p = 0
    for r in range(13):
        if (used >> U64(r)) & _ONE:
            continue
        if (positions >> U64(p)) & _ONE:
            out |= _ONE << U64(r)
        p += 1
    return out


#: The uint64 table ``unconfig`` of an indexer: per configuration, for each sorted position, its
#: cfg code, the first position of its group, its group's number of multisets, the group's stride
#: and the number of patterns of its cfg (5 x 4 values).
UNCONFIG_ROW = 20


@jitted()
def waugh_masks(x, n_rounds, binom, offsets, unconfig, a):
    """Each round's suit-rank bits of the canonical hand of index ``x`` (0 <= x < count): suit
    ``p`` holds the pattern of sorted position ``p``.  ``a`` is (4,) uint64 scratch."""
    n_configs = offsets.shape[0] - 1
    lo = 0
    hi = n_configs  # offsets[lo] <= x < offsets[hi]
    while hi - lo > 1:
        mid = (lo + hi) >> 1
        if offsets[mid] <= x:
            lo = mid
        else:
            hi = mid
    row = lo * UNCONFIG_ROW
    rem = U64(x - offsets[lo])
    p = 0
    while p < 4:
        k = 1
        while p + k < 4 and unconfig[row + 4 + p + k] == U64(p):
            k += 1
        g = (rem // unconfig[row + 12 + p]) % unconfig[row + 8 + p]
        unrank_multiset(g, k, unconfig[row + 16 + p], a, p)
        p += k
    m0 = U64(0)
    m1 = U64(0)
    m2 = U64(0)
    m3 = U64(0)
    for s in range(4):
        cfg = unconfig[row + s]
        idx = U64(a[s])
        # the digits of the mixed radix, round 0 most significant: peel them from the last round
        d0 = U64(0)
        d1 = U64(0)
        d2 = U64(0)
        d3 = U64(0)
        for r in range(n_rounds - 1, -1, -1):
            n = (cfg >> (_FOUR * U64(n_rounds - 1 - r))) & U64(15)
            u = U64(0)
            for q in range(r):
                u += (cfg >> (_FOUR * U64(n_rounds - 1 - q))) & U64(15)
            radix = U64(binom[U64(13) - u, n])
            digit = idx % radix
            idx //= radix
            if r == 0:
                d0 = digit
            elif r == 1:
                d1 = digit
            elif r == 2:
                d2 = digit
            else:
                d3 = digit
        used = U64(0)
        for r in range(n_rounds):
            n = (cfg >> (_FOUR * U64(n_rounds - 1 - r))) & U64(15)
            digit = d0 if r == 0 else d1 if r == 1 else d2 if r == 2 else d3
            m = spread(colex_unrank(digit, n, binom), used)
            used |= m
            bits = m << (_SIXTEEN * U64(s))
            if r == 0:
                m0 |= bits
            elif r == 1:
                m1 |= bits
            elif r == 2:
                m2 |= bits
            else:
                m3 |= bits
    return m0, m1, m2, m3


@nb.njit(inline="always", nogil=True)
def write_cards(mm, holes, boards, i, j, n_hole):
    """Write the cards of suit-rank bits ``mm`` by descending id from column ``j`` of row ``i``
    (columns below ``n_hole`` are ``holes``, the rest ``boards``); the next free column."""
    for card in range(51, -1, -1):
        if (mm >> (((U64(card) & _THREE) << _FOUR) + (U64(card) >> _TWO))) & _ONE:
            if j < n_hole:
                holes[i, j] = card
            else:
                boards[i, j - n_hole] = card
            j += 1
    return j


def unindex_rows(index, spec, binom, offsets, unconfig, holes, boards, a):
    """The canonical hand of each index of an :class:`pokerlut.iso.Indexer` (suit ``p`` holds the
    pattern of sorted position ``p``, each round's cards by descending id), into the columns of
    ``holes`` then ``boards`` (``spec``); ``a`` is (4,) uint64 scratch.  Indices outside
    ``0 .. count - 1`` get rows of 255 and are counted."""
    n_hole = spec[SPEC_FIRST]
    n_board = spec[SPEC_SECOND]
    n_rounds = spec[SPEC_ROUNDS]
    bad = 0
    total = offsets[offsets.shape[0] - 1]
    for i in range(index.shape[0]):
        x = index[i]
        if x < 0 or x >= total:
            for j in range(n_hole):
                holes[i, j] = 255
            for j in range(n_board):
                boards[i, j] = 255
            bad += 1
            continue
        m0, m1, m2, m3 = waugh_masks(x, n_rounds, binom, offsets, unconfig, a)
        j = 0
        for r in range(n_rounds):
            j = write_cards(m0 if r == 0 else m1 if r == 1 else m2 if r == 2 else m3, holes, boards, i, j, n_hole)
    return bad


@nb.njit(inline="always", nogil=True)
def _tri_root(w, plus):
    """The largest q with ``C(q + plus, 2) <= w`` (plus 0 or 1; q <= 13)."""
    q = U64(0)
    while q < U64(13) and ((q + _ONE + plus) * (q + plus)) >> _ONE <= w:
        q += _ONE
    return q


@nb.njit(inline="always", nogil=True)
def nth_free(q, used):
    """The rank of the ``q``-th (from 0) rank not in ``used``."""
    for r in range(13):
        if (used >> U64(r)) & _ONE == 0:
            if q == 0:
                return U64(r)
            q -= 1
    return U64(0)


def street_unindex_rows(index, spec, binom, offsets, unconfig, small, config, hmult, hshift, board_offsets, segments,
                        holes, boards, a):
    """The canonical hand of each street index (hole cards and a board; ``spec``'s rounds are the
    board's): the board class is the last ``b`` with ``board_offsets[b] <= x``, its canonical board
    the board indexer's; the hole cards go to the first suits of their blocks (the higher rank
    first where two suits of one block hold one each).  Bad indices: rows of 255, counted."""
    n_board = spec[SPEC_SECOND]
    n_rounds = spec[SPEC_ROUNDS]
    bad = 0
    n_classes = board_offsets.shape[0] - 1
    total = board_offsets[n_classes]
    for i in range(index.shape[0]):
        x = index[i]
        if x < 0 or x >= total:
            holes[i, 0] = 255
            holes[i, 1] = 255
            for j in range(n_board):
                boards[i, j] = 255
            bad += 1
            continue
        lo = 0
        hi = n_classes
        while hi - lo > 1:
            mid = (lo + hi) >> 1
            if board_offsets[mid] <= x:
                lo = mid
            else:
                hi = mid
        b = lo
        rem = U64(x - board_offsets[b])
        if n_rounds == 0:
            m0 = U64(0)
            m1 = U64(0)
            m2 = U64(0)
            m3 = U64(0)
            e = U64(7)
            row = U64(0)
        else:
            m0, m1, m2, m3 = waugh_masks(b, n_rounds, binom, offsets, unconfig, a)
            k0, k1, k2, k3 = board_keys(m0, m1, m2, m3, n_rounds, small)
            crow = config_row(k0 >> _TWO, k1 >> _TWO, k2 >> _TWO, k3 >> _TWO, small, hmult, hshift)
            row = (crow - _CARD_BITS) // _CONFIG_ROW
            e = equal_word(k0, k1, k2, k3)
        seg_row = ((row << U64(3)) | e) * _SEGMENT_ROW
        starts = (_START_WORD >> (e << U64(3))) & U64(255)
        pair = 0
        for c in range(N_PAIRS):
            if U64(segments[seg_row + c]) <= rem:
                pair = c
        within = rem - U64(segments[seg_row + pair])
        t = U64(PAIRS_FIRST[pair])
        u = U64(PAIRS_SECOND[pair])
        board_bits = m0 | m1 | m2 | m3
        used_t = (board_bits >> (t << _FOUR)) & _RANKS13
        used_u = (board_bits >> (u << _FOUR)) & _RANKS13
        if t == u:  # one suit: C(qhi, 2) + qlo
            qhi = _tri_root(within, U64(0))
            qlo = within - ((qhi * (qhi - _ONE)) >> _ONE)
        elif ((starts >> (u << _ONE)) & _THREE) == t:  # one block, two suits: C(qhi + 1, 2) + qlo
            qhi = _tri_root(within, _ONE)
            qlo = within - (((qhi + _ONE) * qhi) >> _ONE)
        else:  # two blocks
            free_u = U64(segments[seg_row + _FREE_AT + u])
            qhi = within // free_u
            qlo = within % free_u
        c1 = (nth_free(qhi, used_t) << _TWO) | t
        c2 = (nth_free(qlo, used_u) << _TWO) | u
        holes[i, 0] = max(c1, c2)
        holes[i, 1] = min(c1, c2)
        j = 0
        for r in range(n_rounds):
            j = write_cards(m0 if r == 0 else m1 if r == 1 else m2 if r == 2 else m3, holes, boards, i, j, 0)
    return bad


def make_iso_kernel(name: str):
    """Compile one of the kernels above by name (``index_rows``, ``street_rows``, ``unindex_rows``,
    ``street_unindex_rows``): one compiled kernel serves every street and indexer."""
    return compile_kernel(globals()[name], f"iso_{name}")
