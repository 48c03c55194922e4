"""numba kernels that rank 6- and 7-card hands directly from the 6/7-card tables.

No loop over the 21 five-card subsets: per hand, three ``card_pairs7`` loads (and one
``card_info7`` load for the seventh card) give the prime-product key of the rank multiset and
four suit counters (naturals of the suit + wilds).  The key goes through the perfect hash to the
best non-flush value.  Only when some counter reaches 5 (about 3% of random natural hands) are
the suits' rank masks built and ``flush7[wilds, mask]`` consulted; the larger value wins.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from ._kernels5 import WILD, cards_are_valid, compile_variant, pair_index

NO_CARD = 255  # stands for the missing seventh card of a 6-card hand
PAIR_PRIME_BITS = 0xFFF
PRIME_BITS = 0xFF
COUNTER_SHIFT = 16
FLUSH_TEST_ADD = 0x3333  # adding 3 to a 4-bit counter sets its top bit exactly when it is >= 5
FLUSH_TEST_MASK = 0x8888


@nb.njit(inline="always", nogil=True, cache=True)
def has_flush_suit(counters):
    return ((counters + FLUSH_TEST_ADD) & FLUSH_TEST_MASK) != 0


@nb.njit(nogil=True, cache=True)
def flush_value(cards, counters, flush7):
    """Best flush-or-better value over the suits whose naturals + wilds reach five.

    Rank masks are kept in four scalars rather than an array: this runs for one hand in about
    thirty, and an allocation here would cost more than the rest of the evaluation."""
    m0 = m1 = m2 = m3 = 0
    wilds = 0
    for card in cards:
        if card == WILD:
            wilds += 1
        elif card != NO_CARD:
            bit = 1 << (np.intp(card) >> 2)
            suit = card & 3
            if suit == 0:
                m0 |= bit
            elif suit == 1:
                m1 |= bit
            elif suit == 2:
                m2 |= bit
            else:
                m3 |= bit
    best = np.uint16(0)
    if counters & 0xF >= 5:
        best = max(best, flush7[wilds, m0])
    if (counters >> 4) & 0xF >= 5:
        best = max(best, flush7[wilds, m1])
    if (counters >> 8) & 0xF >= 5:
        best = max(best, flush7[wilds, m2])
    if (counters >> 12) & 0xF >= 5:
        best = max(best, flush7[wilds, m3])
    return best


def make_eval67(parallel: bool, checked: bool):
    """Build ``eval67_{serial|parallel}[_checked](hands, out, tables...)`` for (N, 6) or (N, 7) uint8
    hands; ``values``/``displacement``/``params`` are the hash6 or hash7 tables matching the width.

    Variants as in :func:`pokerlut._kernels5.make_eval5` (checked ones write 0 for a bad row and
    return how many there were); the per-hand work is inline for the same reasons, and only the
    rare flush case calls out."""

    def kernel(hands, out, card_info7, card_pairs7, flush7, values, displacement, params):
        multiplier = params[0]
        bucket_shift = params[1]
        slot_shift = params[2]
        slot_mask = params[3]
        seven = hands.shape[1] == 7
        bad = 0
        for i in nb.prange(hands.shape[0]):
            c0, c1, c2, c3, c4, c5 = hands[i, 0], hands[i, 1], hands[i, 2], hands[i, 3], hands[i, 4], hands[i, 5]
            c6 = hands[i, 6] if seven else np.uint8(WILD)  # a 6-card hand: a stand-in the check accepts
            if checked and not cards_are_valid((c0, c1, c2, c3, c4, c5, c6)):
                out[i] = 0
                bad += 1
                continue
            p = card_pairs7[pair_index(c0, c1)]
            q = card_pairs7[pair_index(c2, c3)]
            r = card_pairs7[pair_index(c4, c5)]
            e = card_info7[c6] if seven else np.uint32(1)  # 1: no prime, no suit counted
            key = (np.uint64((p & PAIR_PRIME_BITS) * (q & PAIR_PRIME_BITS))
                   * np.uint64((r & PAIR_PRIME_BITS) * (e & PRIME_BITS)))
            h = key * multiplier
            value = values[((h >> slot_shift) & slot_mask) ^ np.uint64(displacement[h >> bucket_shift])]
            counters = (p + q + r + e) >> COUNTER_SHIFT
            if has_flush_suit(counters):
                last = c6 if seven else np.uint8(NO_CARD)
                value = max(value, flush_value((c0, c1, c2, c3, c4, c5, last), counters, flush7))
            out[i] = value
        return bad

    return compile_variant(kernel, "eval67", parallel, checked, "(N, 6) or (N, 7)")


eval67_serial = make_eval67(parallel=False, checked=False)
eval67_parallel = make_eval67(parallel=True, checked=False)
eval67_serial_checked = make_eval67(parallel=False, checked=True)
eval67_parallel_checked = make_eval67(parallel=True, checked=True)


@nb.njit(nogil=True, cache=True)
def count_tails(c0, c1, c2, row, card_info7, flush7, values, displacement, params):
    """Add to ``row`` (counts by strength) every natural hand that starts with the prefix
    c0 < c1 < c2 and goes on with four more cards above it; ``c2 = NO_CARD`` makes the prefix
    two cards long (6-card hands), a real c2 three (7-card hands).

    The loops carry the partial prime product and suit counters from level to level, so each
    hand costs one multiply and one add before the hash lookup."""
    multiplier = params[0]
    bucket_shift = params[1]
    slot_shift = params[2]
    slot_mask = params[3]
    k2 = np.uint64(card_info7[c0] & PRIME_BITS) * np.uint64(card_info7[c1] & PRIME_BITS)
    s2 = (card_info7[c0] >> COUNTER_SHIFT) + (card_info7[c1] >> COUNTER_SHIFT)
    start = c1 + 1
    if c2 != NO_CARD:
        k2 = k2 * np.uint64(card_info7[c2] & PRIME_BITS)
        s2 = s2 + (card_info7[c2] >> COUNTER_SHIFT)
        start = c2 + 1
    for c3 in range(start, 49):
        k3 = k2 * np.uint64(card_info7[c3] & PRIME_BITS)
        s3 = s2 + (card_info7[c3] >> COUNTER_SHIFT)
        for c4 in range(c3 + 1, 50):
            k4 = k3 * np.uint64(card_info7[c4] & PRIME_BITS)
            s4 = s3 + (card_info7[c4] >> COUNTER_SHIFT)
            for c5 in range(c4 + 1, 51):
                k5 = k4 * np.uint64(card_info7[c5] & PRIME_BITS)
                s5 = s4 + (card_info7[c5] >> COUNTER_SHIFT)
                for c6 in range(c5 + 1, 52):
                    h = k5 * np.uint64(card_info7[c6] & PRIME_BITS) * multiplier
                    value = values[((h >> slot_shift) & slot_mask) ^ np.uint64(displacement[h >> bucket_shift])]
                    counters = s5 + (card_info7[c6] >> COUNTER_SHIFT)
                    if has_flush_suit(counters):
                        value = max(value, flush_value((c0, c1, c2, c3, c4, c5, c6), counters, flush7))
                    row[value] += 1


@nb.njit(nogil=True, cache=True, parallel=True)
def histogram(prefixes, n_chunks, card_info7, flush7, values, displacement, params, n_strengths):
    """Count natural hands by strength: every hand that is a prefix row (c0, c1, c2; c2 may be
    ``NO_CARD``) followed by four higher cards.  With all pairs as prefixes that is every 6-card
    hand, with all triples every 7-card hand (pass the matching hash tables).

    Chunk ``t`` takes prefixes ``t, t + n_chunks, ...`` (they are sorted by work, so the chunks
    get about equal shares) and counts into its own row of the result: sum the rows."""
    counts = np.zeros((n_chunks, n_strengths), dtype=np.int64)
    for chunk in nb.prange(n_chunks):
        for p in range(chunk, prefixes.shape[0], n_chunks):
            count_tails(prefixes[p, 0], prefixes[p, 1], prefixes[p, 2], counts[chunk], card_info7, flush7,
                        values, displacement, params)
    return counts
